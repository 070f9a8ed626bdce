-- Signed-out session tokens (POST /api/user/signout): each token carries a random `jti`; a revoked one is
-- refused until it would have expired anyway, then its row is deleted.
CREATE TABLE token_revocations (
  jti text PRIMARY KEY,
  address text NOT NULL,
  -- The token's own expiry: after it the row says nothing a token check needs.
  expires_at timestamptz NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX token_revocations_expires_at_idx ON token_revocations (expires_at);

-- Sign-in nonces are looked up by nonce (the request names it), never by address, and expired ones are
-- deleted globally as new ones are issued: the expiry is what those deletions search.
DROP INDEX auth_nonces_address_idx;
CREATE INDEX auth_nonces_expires_at_idx ON auth_nonces (expires_at);
