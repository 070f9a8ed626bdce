-- What a resolved Prophecy market actually paid its referrer, in lamports, as the indexer saw it arrive in
-- the referrer's balance in the resolve_market transaction (like bets.referral_fee for settle_bet_offchain).
-- resolve_market skips a referrer it cannot credit (an empty wallet the share would leave below its rent
-- minimum, a program or sysvar account, the market's own pool): the share then stays with the house, and
-- this is 0. NULL: not known, either not resolved yet, resolved before this column existed, or resolved and
-- not indexed yet. (There is no 0008: migrations apply in name order and each is recorded by name.)
ALTER TABLE markets ADD COLUMN referrer_fee numeric(20, 0);
