-- Money nobody paid must never become money a shop can withdraw (issue 27, decision 027).
-- A member's balance is money they paid plus bonus given with recharges. The bonus part is
-- kept beside the balance, on the member's wallet account itself, so that every spend knows
-- how much of it was bonus: that part goes back to the tenant's stored_value_bonus account
-- (where it came from), never to a shop or to the membership revenue. Only the paid part
-- becomes a shop's earning.
ALTER TABLE ledger_account
	ADD COLUMN bonus bigint NOT NULL DEFAULT 0,
	ADD CONSTRAINT ledger_account_bonus_check CHECK (bonus >= 0 AND (bonus = 0 OR (kind = 'member_wallet' AND bonus <= balance)));

-- The bonus part of an entry's amount (same sign, never larger); non-zero only on a member's wallet.
ALTER TABLE ledger_entry
	ADD COLUMN bonus bigint NOT NULL DEFAULT 0,
	ADD CONSTRAINT ledger_entry_bonus_check CHECK (bonus = 0 OR (sign(bonus) = sign(amount) AND abs(bonus) <= abs(amount)));

-- Balances held before this migration: what is left of the bonus each member was given,
-- counted as bonus first (the platform never pays out a bonus by mistake). Bonus already spent
-- before it was credited to shops in full; the opening entries below do not undo that.
WITH given AS (
	SELECT e.account_id, sum(e.amount) AS bonus
	FROM ledger_entry e JOIN ledger_txn t ON t.id = e.txn_id
	WHERE t.kind = 'recharge_bonus' AND e.amount > 0
	GROUP BY e.account_id
)
UPDATE ledger_account a SET bonus = least(a.balance, given.bonus)
FROM given WHERE a.id = given.account_id AND a.kind = 'member_wallet';

-- The same part on the wallets' bonus entries, so that the entries' bonus adds up to the
-- account's: the latest bonus entries of each wallet carry it.
WITH bonus_entries AS (
	SELECT e.id, e.account_id, e.amount, a.bonus AS account_bonus,
		sum(e.amount) OVER (PARTITION BY e.account_id ORDER BY e.id DESC) AS newer_and_this
	FROM ledger_entry e JOIN ledger_txn t ON t.id = e.txn_id JOIN ledger_account a ON a.id = e.account_id
	WHERE t.kind = 'recharge_bonus' AND e.amount > 0 AND a.kind = 'member_wallet' AND a.bonus > 0
)
UPDATE ledger_entry e SET bonus = greatest(0, least(b.amount, b.account_bonus - (b.newer_and_this - b.amount)))
FROM bonus_entries b WHERE e.id = b.id AND b.account_bonus - (b.newer_and_this - b.amount) > 0;
