-- The chain indexer's own state: a cursor per program, every transaction it has applied, the bet records'
-- referrals, and each Foresight placement (the feed's history of Foresight bets).

-- Where each program's history has been indexed up to. The cursor moves in the same database transaction
-- as the effects of the transaction it names, so a crash resumes exactly after the last one applied.
CREATE TABLE indexer_cursors (
  program text PRIMARY KEY,
  last_signature text NOT NULL,
  last_slot int8 NOT NULL,
  -- Position of last_signature among this program's transactions in its slot (see indexed_signatures).
  last_tx_index int NOT NULL,
  updated_at timestamptz NOT NULL DEFAULT now()
);

-- Every transaction applied, failed ones included (they have no effects). Inserting here first, with
-- ON CONFLICT DO NOTHING, is what makes applying a transaction idempotent.
CREATE TABLE indexed_signatures (
  signature text PRIMARY KEY,
  -- Global indexing order: chain order across both programs.
  seq bigserial NOT NULL UNIQUE,
  slot int8 NOT NULL,
  -- The transaction's position among the indexed program's transactions in its slot, in block order
  -- ("confirmation order" for fairness: bets take seeds in (slot, tx_index) order).
  tx_index int NOT NULL,
  failed boolean NOT NULL,
  events int NOT NULL DEFAULT 0,
  block_time int8,
  indexed_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX indexed_signatures_slot_idx ON indexed_signatures (slot, tx_index);

-- Wager bet records (one per user, created once by init_bet_offchain) and their immutable referral:
-- create_bet_offchain names neither, so the indexer remembers it from the record's creation.
CREATE TABLE indexed_bet_accounts (
  bet_address text PRIMARY KEY,
  user_address text NOT NULL,
  referral text,
  init_signature text NOT NULL
);

-- One row per place_bet (a bet can be topped up on the same side): what the feed shows.
CREATE TABLE foresight_placements (
  id bigserial PRIMARY KEY,
  signature text NOT NULL,
  instruction_index int NOT NULL,
  slot int8 NOT NULL,
  tx_index int NOT NULL,
  bet text NOT NULL,
  config text NOT NULL,
  event text NOT NULL,
  user_address text NOT NULL,
  prediction text NOT NULL CHECK (prediction IN ('Up', 'Down')),
  amount numeric(20, 0) NOT NULL,
  placed_at timestamptz NOT NULL,
  UNIQUE (signature, instruction_index)
);
CREATE INDEX foresight_placements_bet_idx ON foresight_placements (bet);
