-- One transaction may open several players' bets (or Prophecy predictions): a row is one bet in one
-- transaction, not one transaction.
ALTER TABLE bets DROP CONSTRAINT bets_signature_key;
ALTER TABLE bets ADD CONSTRAINT bets_signature_bet_key UNIQUE (signature, bet_address);
ALTER TABLE market_bets DROP CONSTRAINT market_bets_signature_key;
ALTER TABLE market_bets ADD CONSTRAINT market_bets_signature_prediction_key UNIQUE (signature, prediction);
