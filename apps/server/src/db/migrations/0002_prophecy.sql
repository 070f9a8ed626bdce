-- Prophecy: market comments and the queue of market requests.
-- Times the server decides with its clock (app.now(), which tests move) are written by the server, never
-- defaulted from the database's now(), so rate limits and ordering follow the same clock.

-- Comments on a market: plain text, shown newest first, paged by id.
CREATE TABLE market_comments (
  id bigserial PRIMARY KEY,
  market text NOT NULL REFERENCES markets (address) ON DELETE CASCADE,
  user_address text NOT NULL,
  comment text NOT NULL,
  created_at timestamptz NOT NULL
);
CREATE INDEX market_comments_market_idx ON market_comments (market, id DESC);
-- The per-user rate limit reads a user's latest comments.
CREATE INDEX market_comments_user_idx ON market_comments (user_address, created_at DESC);

-- Markets users propose; an admin approves (the server creates the market) or rejects them.
-- 'approving' is transient: it claims a request while its market is being created on chain, so two admins
-- approving at once cannot create two markets.
CREATE TABLE market_requests (
  id bigserial PRIMARY KEY,
  requester text NOT NULL,
  name text NOT NULL,
  short_name text NOT NULL,
  yes_option text NOT NULL,
  no_option text NOT NULL,
  invalid_option text NOT NULL,
  category text NOT NULL,
  image text NOT NULL DEFAULT '',
  rules text NOT NULL,
  end_time int8 NOT NULL,
  cutoff_time int8 NOT NULL,
  referrer text,
  status text NOT NULL DEFAULT 'pending'
    CHECK (status IN ('pending', 'approving', 'approved', 'rejected')),
  reason text,
  market text REFERENCES markets (address),
  reviewed_by text,
  reviewed_at timestamptz,
  created_at timestamptz NOT NULL
);
CREATE INDEX market_requests_status_idx ON market_requests (status, id DESC);
CREATE INDEX market_requests_requester_idx ON market_requests (requester, id DESC);
