-- Binds each authorization request to the browser that started it: the sha256 (hex) of a random cookie set
-- on that browser when it leaves for the provider. The callback links only when the browser that comes back
-- carries the same cookie, so a provider URL handed to someone else cannot link their account to the
-- starter's wallet. Null on link codes, and on requests started before this column existed: those are refused
-- at the callback (they expire within ten minutes anyway).
ALTER TABLE oauth_states ADD COLUMN browser_hash text;
