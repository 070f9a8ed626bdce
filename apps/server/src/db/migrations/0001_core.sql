-- Identity, sign-in and the chain's records as the indexer writes them.
-- Amounts are lamports (or token base units) in numeric(20,0): a u64 does not fit int8.
-- Times the programs keep (i64 unix seconds) stay int8 seconds; times the server keeps are timestamptz.

CREATE TABLE users (
  address text PRIMARY KEY,
  username text,
  pfp text,
  pfp_image text,
  discord_id text,
  discord_username text,
  twitter_id text,
  twitter_username text,
  -- The user's own referral code (createReferral).
  referral_code text UNIQUE,
  -- Who referred this user: the referral on the user's bet record, as the indexer saw it.
  referred_by text,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
-- Usernames are unique ignoring case.
CREATE UNIQUE INDEX users_username_key ON users (lower(username)) WHERE username IS NOT NULL;
-- A social account links to one wallet.
CREATE UNIQUE INDEX users_discord_id_key ON users (discord_id) WHERE discord_id IS NOT NULL;
CREATE UNIQUE INDEX users_twitter_id_key ON users (twitter_id) WHERE twitter_id IS NOT NULL;
CREATE INDEX users_referred_by_idx ON users (referred_by) WHERE referred_by IS NOT NULL;

CREATE TABLE auth_nonces (
  nonce text PRIMARY KEY,
  address text NOT NULL,
  message text NOT NULL,
  expires_at timestamptz NOT NULL,
  used_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX auth_nonces_address_idx ON auth_nonces (address, expires_at);

CREATE TABLE blocked_wallets (
  address text PRIMARY KEY,
  reason text NOT NULL DEFAULT '',
  blocked_by text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);

-- TailSpin and ReTail bets: one row per create_bet_offchain transaction.
CREATE TABLE bets (
  id bigserial PRIMARY KEY,
  signature text NOT NULL UNIQUE,
  slot int8 NOT NULL,
  tx_index int NOT NULL,
  bet_address text NOT NULL,
  user_address text NOT NULL,
  bet_type text NOT NULL CHECK (bet_type IN ('sol', 'token', 'nft')),
  mint text NOT NULL,
  odds smallint NOT NULL,
  bet_amount numeric(20, 0) NOT NULL,
  fee numeric(20, 0) NOT NULL,
  listing_price numeric(20, 0) NOT NULL,
  referral text,
  state text NOT NULL DEFAULT 'Open' CHECK (state IN ('Open', 'Settled', 'Claimed', 'Refunded')),
  result text NOT NULL DEFAULT 'None' CHECK (result IN ('None', 'Win', 'Loss', 'Invalid')),
  random_value smallint,
  referral_fee numeric(20, 0) NOT NULL DEFAULT 0,
  settle_signature text,
  claim_signature text,
  refund_signature text,
  placed_at timestamptz NOT NULL,
  settled_at timestamptz
);
CREATE INDEX bets_user_idx ON bets (user_address, id DESC);
CREATE INDEX bets_referral_idx ON bets (referral) WHERE referral IS NOT NULL;
CREATE INDEX bets_open_idx ON bets (slot, tx_index) WHERE state = 'Open';

-- Prophecy markets: the chain's state plus the metadata the server keeps.
CREATE TABLE markets (
  address text PRIMARY KEY,
  name text NOT NULL,
  short_name text NOT NULL,
  yes_option text NOT NULL,
  no_option text NOT NULL,
  invalid_option text NOT NULL,
  category text NOT NULL,
  image text NOT NULL DEFAULT '',
  rules text NOT NULL,
  start_time int8 NOT NULL,
  end_time int8 NOT NULL,
  cutoff_time int8 NOT NULL,
  yes_count int NOT NULL DEFAULT 0,
  no_count int NOT NULL DEFAULT 0,
  yes_pool numeric(20, 0) NOT NULL DEFAULT 0,
  no_pool numeric(20, 0) NOT NULL DEFAULT 0,
  is_settled boolean NOT NULL DEFAULT false,
  settled_count int NOT NULL DEFAULT 0,
  result text CHECK (result IN ('Yes', 'No', 'Invalid')),
  referrer text,
  create_signature text,
  resolve_signature text,
  created_by text,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX markets_end_time_idx ON markets (end_time);
CREATE INDEX markets_cutoff_time_idx ON markets (cutoff_time);
CREATE INDEX markets_category_idx ON markets (category);

-- Prophecy predictions: one record per user per market, as on chain.
CREATE TABLE predictions (
  address text PRIMARY KEY,
  market text NOT NULL,
  user_address text NOT NULL,
  result text NOT NULL CHECK (result IN ('Yes', 'No')),
  amount numeric(20, 0) NOT NULL,
  is_claimed boolean NOT NULL DEFAULT false,
  payout numeric(20, 0),
  settle_signature text,
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX predictions_market_idx ON predictions (market);
CREATE INDEX predictions_user_idx ON predictions (user_address);

-- Every create_prediction / update_prediction transaction: the feed's market bets and the user's history.
CREATE TABLE market_bets (
  id bigserial PRIMARY KEY,
  signature text NOT NULL UNIQUE,
  slot int8 NOT NULL,
  tx_index int NOT NULL,
  market text NOT NULL,
  prediction text NOT NULL,
  user_address text NOT NULL,
  result text NOT NULL CHECK (result IN ('Yes', 'No')),
  amount numeric(20, 0) NOT NULL,
  placed_at timestamptz NOT NULL
);
CREATE INDEX market_bets_user_idx ON market_bets (user_address, id DESC);
CREATE INDEX market_bets_market_idx ON market_bets (market, id DESC);

-- Foresight rounds.
CREATE TABLE foresight_rounds (
  address text PRIMARY KEY,
  config text NOT NULL,
  round_id int NOT NULL,
  start_time int8 NOT NULL,
  lock_time int8 NOT NULL,
  settle_time int8 NOT NULL,
  lock_price int8,
  final_price int8,
  up_count int NOT NULL DEFAULT 0,
  down_count int NOT NULL DEFAULT 0,
  up_pool numeric(20, 0) NOT NULL DEFAULT 0,
  down_pool numeric(20, 0) NOT NULL DEFAULT 0,
  is_settled boolean NOT NULL DEFAULT false,
  result text NOT NULL DEFAULT 'None' CHECK (result IN ('None', 'Up', 'Down', 'Invalid')),
  settled_count int NOT NULL DEFAULT 0,
  lock_signature text,
  settle_signature text,
  updated_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (config, round_id)
);

-- Foresight bets: one record per user per round, as on chain.
CREATE TABLE foresight_bets (
  id bigserial PRIMARY KEY,
  address text NOT NULL UNIQUE,
  config text NOT NULL,
  event text NOT NULL,
  user_address text NOT NULL,
  prediction text NOT NULL CHECK (prediction IN ('Up', 'Down')),
  amount numeric(20, 0) NOT NULL,
  win_amount numeric(20, 0) NOT NULL DEFAULT 0,
  is_settled boolean NOT NULL DEFAULT false,
  won boolean,
  first_signature text NOT NULL,
  last_signature text NOT NULL,
  placed_at timestamptz NOT NULL,
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX foresight_bets_user_idx ON foresight_bets (user_address, id DESC);
CREATE INDEX foresight_bets_event_idx ON foresight_bets (event);
