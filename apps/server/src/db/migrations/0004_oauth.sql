-- Linking social accounts (Discord, X): the single-use `state` of each authorization request, with the
-- wallet that started it and its PKCE verifier. Rows live ten minutes; a consumed state is deleted.
CREATE TABLE oauth_states (
  -- sha256 of the state, hex: the state itself only ever travels in the browser's redirects.
  state_hash text PRIMARY KEY,
  address text NOT NULL,
  provider text NOT NULL CHECK (provider IN ('discord', 'twitter')),
  code_verifier text NOT NULL,
  expires_at timestamptz NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX oauth_states_expires_at_idx ON oauth_states (expires_at);
