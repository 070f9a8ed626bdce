-- The local OpenID provider (the embedded default's stand-in for Discord and X) keeps its state here, so a
-- sign-in started on one server instance can finish on another.

-- Its artifacts: interactions, sessions, grants, authorization codes, tokens. `payload` is what the provider
-- stores; the other columns are what it looks artifacts up by. Every row expires within minutes, and
-- expired rows are never read and are deleted a batch at a time as new ones are written.
CREATE TABLE local_idp_artifacts (
  -- The provider's model name: 'Interaction', 'Session', 'Grant', 'AuthorizationCode', 'AccessToken', ...
  model text NOT NULL,
  id text NOT NULL,
  payload jsonb NOT NULL,
  grant_id text,
  -- Sessions are also found by their uid.
  uid text,
  user_code text,
  expires_at timestamptz NOT NULL,
  -- Set once, when a code is traded: a second trade of the same code is refused.
  consumed_at timestamptz,
  PRIMARY KEY (model, id)
);
CREATE INDEX local_idp_artifacts_uid_idx ON local_idp_artifacts (model, uid) WHERE uid IS NOT NULL;
CREATE INDEX local_idp_artifacts_user_code_idx ON local_idp_artifacts (model, user_code)
  WHERE user_code IS NOT NULL;
CREATE INDEX local_idp_artifacts_grant_id_idx ON local_idp_artifacts (grant_id) WHERE grant_id IS NOT NULL;
CREATE INDEX local_idp_artifacts_expires_at_idx ON local_idp_artifacts (expires_at);

-- The display name typed on the login page behind each local account id, read by the userinfo endpoint.
-- Kept an hour after the last sign-in (longer than any artifact naming the account), then deleted.
CREATE TABLE local_idp_accounts (
  account_id text PRIMARY KEY,
  name text NOT NULL,
  expires_at timestamptz NOT NULL
);
CREATE INDEX local_idp_accounts_expires_at_idx ON local_idp_accounts (expires_at);
