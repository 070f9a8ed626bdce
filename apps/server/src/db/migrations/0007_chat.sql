-- The live chat's messages (spec §3 "Chat message"): plain text as posted, trimmed, 1 to 100 characters.
-- The username is kept as it was when the message was posted.

CREATE TABLE chat_messages (
  id bigserial PRIMARY KEY,
  address text NOT NULL,
  username text NOT NULL,
  message text NOT NULL CHECK (char_length(message) BETWEEN 1 AND 100),
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX chat_messages_address_idx ON chat_messages (address, id);
