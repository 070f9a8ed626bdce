-- Juice: what each wallet earned (accruals, written by the indexer), what it claimed, and every claim
-- transaction handed out, so a claim that never lands can be returned.
-- Amounts are Juice base units (6 decimals). Totals are unbounded numeric: a u64 of lamports × 2.4 does
-- not fit numeric(20,0) forever; one claim is capped at a u64 because MintTo takes a u64.

CREATE TABLE juice_accounts (
  address text PRIMARY KEY,
  accrued numeric NOT NULL DEFAULT 0 CHECK (accrued >= 0),
  -- Minted or being minted: pending claims count as claimed until they expire unlanded.
  claimed numeric NOT NULL DEFAULT 0 CHECK (claimed >= 0),
  -- Unix seconds of the last claim; 0 when never.
  last_claim int8 NOT NULL DEFAULT 0,
  updated_at timestamptz NOT NULL DEFAULT now()
);

-- One row per wagering action, keyed by its source (e.g. '<signature>:<kind>'), so re-indexing never
-- pays twice.
CREATE TABLE juice_accruals (
  source text PRIMARY KEY,
  address text NOT NULL,
  wagered numeric(20, 0) NOT NULL,
  amount numeric(20, 0) NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX juice_accruals_address_idx ON juice_accruals (address);

CREATE TABLE juice_claims (
  id bigserial PRIMARY KEY,
  address text NOT NULL,
  amount numeric(20, 0) NOT NULL CHECK (amount > 0),
  status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'landed', 'expired')),
  blockhash text NOT NULL,
  -- Past this block height the transaction can no longer land.
  last_valid_block_height int8 NOT NULL,
  -- The slot the blockhash was read at: the transaction cannot land before it.
  min_slot int8 NOT NULL,
  -- The Juice authority's signature over the (fixed) message: it identifies the transaction once landed.
  authority_signature text NOT NULL UNIQUE,
  -- The partly signed wire transaction (base64) as handed to the user.
  wire_transaction text NOT NULL,
  -- last_claim before this claim, restored when the claim expires unlanded.
  claimed_at int8 NOT NULL,
  previous_last_claim int8 NOT NULL,
  -- The landed transaction's id (the user's fee-payer signature).
  landed_signature text,
  created_at timestamptz NOT NULL DEFAULT now(),
  resolved_at timestamptz
);
CREATE INDEX juice_claims_address_idx ON juice_claims (address, id DESC);
CREATE INDEX juice_claims_pending_idx ON juice_claims (address) WHERE status = 'pending';
