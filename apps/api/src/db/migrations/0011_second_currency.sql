-- A second display currency per tenant (decision 011): prices read "$2.50 · 10,300៛" the way
-- Phnom Penh shops price. Display only: the ledger keeps every amount in the one currency
-- above. The rate is whole units of the second currency per one major unit of the ledger's
-- (riel per dollar), so conversion stays in integers; shown amounts are rounded to round_to.
ALTER TABLE tenant
	ADD COLUMN second_currency_code text,
	ADD COLUMN second_currency_symbol text,
	ADD COLUMN second_currency_rate integer CHECK (second_currency_rate > 0),
	ADD COLUMN second_currency_round_to integer CHECK (second_currency_round_to > 0),
	ADD COLUMN second_currency_symbol_position text CHECK (second_currency_symbol_position IN ('before', 'after')),
	-- All five set, or none.
	ADD CONSTRAINT tenant_second_currency_complete CHECK (
		num_nulls(second_currency_code, second_currency_symbol, second_currency_rate, second_currency_round_to,
			second_currency_symbol_position) IN (0, 5)
	);

-- The sandbox gateway's checkout page speaks the payer's language: the language of the
-- request that started the payment, handed over like a real gateway's locale parameter.
ALTER TABLE sandbox_gateway_txn ADD COLUMN language text;
