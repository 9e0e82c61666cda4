-- Migration 0021 added a shop's available and in-withdrawal accounts, but 0004's rule that only a
-- shop_revenue account names a shop (constraint ledger_account_check2) still refused creating them.
-- A shop's three accounts name their shop; every other account names none.
ALTER TABLE ledger_account
	DROP CONSTRAINT ledger_account_check2,
	ADD CONSTRAINT ledger_account_shop_check
		CHECK ((kind IN ('shop_revenue', 'shop_available', 'shop_withdrawing')) = (shop_id IS NOT NULL));
