-- The TailSpin/ReTail settler's provably fair hash chains and the seed each bet took.
-- Seeds and heads are lowercase hex. A chain's `secret` is its last seed s_N; every other seed is derived
-- from it, so the secret column is the only thing to keep private (the API never reads it).

CREATE TABLE fairness_chains (
  id serial PRIMARY KEY,
  -- s_0, published from the moment the row exists.
  head text NOT NULL UNIQUE,
  secret text NOT NULL,
  -- Usable seeds: s_1 … s_length.
  length int NOT NULL CHECK (length > 0),
  -- The index the next bet takes.
  next_index int NOT NULL DEFAULT 1 CHECK (next_index >= 1),
  -- `next`: published, waiting; `current`: bets take its seeds; `exhausted`: every seed used.
  status text NOT NULL CHECK (status IN ('next', 'current', 'exhausted')),
  published_at timestamptz NOT NULL,
  activated_at timestamptz,
  exhausted_at timestamptz
);
-- At most one current and one next chain.
CREATE UNIQUE INDEX fairness_chains_status_key ON fairness_chains (status) WHERE status IN ('next', 'current');

-- One seed per bet, recorded before any settle transaction is sent, so a restart reuses it.
CREATE TABLE bet_seeds (
  bet_id int8 PRIMARY KEY,
  chain_id int NOT NULL REFERENCES fairness_chains (id),
  seed_index int NOT NULL,
  seed text NOT NULL,
  random_value smallint NOT NULL CHECK (random_value BETWEEN 0 AND 99),
  assigned_at timestamptz NOT NULL,
  -- Settle or refund transactions tried (each is preceded by a check of the bet's history on chain).
  attempts int NOT NULL DEFAULT 0,
  last_attempt_at timestamptz,
  last_error text,
  UNIQUE (chain_id, seed_index)
);
