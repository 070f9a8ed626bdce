-- Bets made with create_bet and settled by reveal_bet (docs/trust.md, "Rolls nobody chooses"), the seed
-- chains the settler commits on chain, its lost-seed recoveries, and referral vaults (pull-based shares).

-- A bet made with create_bet: its place in the settler's seed chain and the player's 32-byte seed (hex).
-- Both NULL for the spec's off-chain bets (create_bet_offchain). `slot` (already there) is the slot the bet
-- landed in, whose hash is part of its roll.
ALTER TABLE bets ADD COLUMN sequence int8;
ALTER TABLE bets ADD COLUMN player_seed text;
-- Its reveal_bet, as the transaction's log line says: the seed it revealed (hex, from the instruction's
-- data: public once on chain), the hash of the bet's slot (hex) and what it did: 'settled' (rolled:
-- random_value is the roll the program computed), 'expired' (still open, but its slot had left SlotHashes:
-- the reveal refunded it) or 'earlier' (refunded by refund_bet before its slot hash could be captured; the
-- reveal only moved the chain on). `after_refund`: a settled bet that refund_bet had refunded earlier
-- (stake and fee back), rolled with the slot hash the refund captured; a win was then paid the rest of its
-- prize (listing_price - bet_amount - fee) by the reveal (state Claimed) or, when the wallet could not take
-- it, owed to claim_bet (state Settled); a loss stays Refunded. Written by the indexer and by the settler
-- from the same transaction, so either may come first.
ALTER TABLE bets ADD COLUMN reveal_signature text;
ALTER TABLE bets ADD COLUMN reveal_seed text;
ALTER TABLE bets ADD COLUMN slot_hash text;
ALTER TABLE bets ADD COLUMN reveal_outcome text CHECK (reveal_outcome IN ('settled', 'expired', 'earlier'));
ALTER TABLE bets ADD COLUMN after_refund boolean NOT NULL DEFAULT false;
-- Not unique: a House re-created on a fresh chain with the same database starts its sequences again.
CREATE INDEX bets_sequence_idx ON bets (sequence) WHERE sequence IS NOT NULL;

-- Seed chains follow the House: `start_sequence` is the bet sequence whose bet takes s_1 (the House's
-- seed_chain_end when the chain was committed as the next one, or its bet_sequence at a reset), NULL until
-- the chain is seen committed on chain. A `next` row with no start is written but not committed yet (the
-- settler writes the row before it sends commit_seed_chain, so a crash in between commits no second chain).
-- `on_chain`: a chain of this scheme, committed (or to be committed) on chain; false for the rows of the
-- spec's off-chain scheme below.
ALTER TABLE fairness_chains ADD COLUMN on_chain boolean NOT NULL DEFAULT false;
ALTER TABLE fairness_chains ADD COLUMN start_sequence int8;
ALTER TABLE fairness_chains ADD COLUMN commit_signature text;
ALTER TABLE fairness_chains ADD COLUMN committed_at timestamptz;
-- The off-chain scheme's chains (seeds assigned by the settler, bet_seeds) are never committed on chain:
-- they are retired, and only their past bets' records still use them.
UPDATE fairness_chains SET status = 'exhausted', exhausted_at = COALESCE(exhausted_at, now())
 WHERE status IN ('current', 'next');

-- The settler's recoveries from lost seeds (docs/workers.md): the House's commitment matched no chain the
-- database holds. At most one is open (finished_at NULL). `house_was_paused` is read when it starts, so the
-- recovery unpauses only a house it paused itself; `reset_chain_id` is written before reset_seed_chain is
-- sent, so a crash in between resets with the same chain.
CREATE TABLE fairness_recoveries (
  id serial PRIMARY KEY,
  reason text NOT NULL,
  house_was_paused boolean NOT NULL,
  pause_signature text,
  reset_chain_id int REFERENCES fairness_chains (id),
  reset_signature text,
  unpause_signature text,
  started_at timestamptz NOT NULL,
  finished_at timestamptz
);
CREATE UNIQUE INDEX fairness_recoveries_open_key ON fairness_recoveries ((true)) WHERE finished_at IS NULL;

-- Referral vaults (PDA ["referral", referrer]) as the indexer last saw them: their lamports after the last
-- indexed transaction that touched them (init_referral, a credit, claim_referral). What the referrer can
-- claim is what is above the vault's rent-exempt minimum.
CREATE TABLE referral_vaults (
  referrer text PRIMARY KEY,
  vault text NOT NULL UNIQUE,
  lamports numeric(20, 0) NOT NULL,
  last_signature text NOT NULL,
  updated_at timestamptz NOT NULL DEFAULT now()
);

-- Every claim_referral (event ReferralClaimed), once per instruction.
CREATE TABLE referral_claims (
  source text PRIMARY KEY,
  signature text NOT NULL,
  referrer text NOT NULL,
  amount numeric(20, 0) NOT NULL,
  claimed_at timestamptz NOT NULL
);
CREATE INDEX referral_claims_referrer_idx ON referral_claims (referrer);
