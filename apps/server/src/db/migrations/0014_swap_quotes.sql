-- The local swap desk's quotes (GET /api/swap/quote on a local chain), shared by every server instance:
-- any instance serves the swap instructions and the co-signature of a quote another one issued. A quote
-- is spent once (used, with the message the desk signed for it); spent and expired quotes stay a while so
-- that a replay is told why it is refused, then their rows are deleted as new quotes are issued.
CREATE TABLE swap_quotes (
  id text PRIMARY KEY,
  direction text NOT NULL CHECK (direction IN ('solToToken', 'tokenToSol')),
  -- The stablecoin side of the pair and its decimals.
  token_mint text NOT NULL,
  decimals smallint NOT NULL,
  in_amount numeric(20,0) NOT NULL,
  out_amount numeric(20,0) NOT NULL,
  -- The quote as it was answered; a swap-instructions request must send it back unaltered.
  document jsonb NOT NULL,
  -- The users whose swap instructions were asked for (at most 100): their transactions spend it first.
  issued_to text[] NOT NULL DEFAULT '{}',
  used boolean NOT NULL DEFAULT false,
  -- The base64 transaction message the desk signed for it: one message is never signed off two quotes.
  signed_message text,
  expires_at timestamptz NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX swap_quotes_expires_at_idx ON swap_quotes (expires_at);
-- A co-signing request names no quote: it is found by the amounts its transfers carry.
CREATE INDEX swap_quotes_amounts_idx ON swap_quotes (out_amount, in_amount);
CREATE UNIQUE INDEX swap_quotes_signed_message_idx ON swap_quotes (signed_message)
  WHERE signed_message IS NOT NULL;
