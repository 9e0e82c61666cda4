-- Payouts that can be paid (issue 28, decision 023 "Paying out"): the day of the bank transfer
-- on a paid withdrawal, and every reading of a withdrawal's full account number by the platform.

-- The day the operator made the transfer (the shop's local date). Withdrawals paid before this
-- migration take the shop's local day they were marked paid on.
ALTER TABLE shop_withdrawal ADD COLUMN transfer_date date;
UPDATE shop_withdrawal w SET transfer_date = (w.updated_at AT TIME ZONE s.timezone)::date
	FROM shop s WHERE s.id = w.shop_id AND w.status = 3;
ALTER TABLE shop_withdrawal ADD CONSTRAINT shop_withdrawal_transfer_date_check
	CHECK ((status = 3) = (transfer_date IS NOT NULL));

-- Every time an operator read a withdrawal's full account number: one withdrawal's reveal, or a
-- row of a bulk-transfer file. Who, when, which withdrawal, from which request (the server's
-- request id, the caller's address and browser). Rows are only ever inserted.
CREATE TABLE shop_withdrawal_reveal (
	id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
	tenant_id bigint NOT NULL REFERENCES tenant (id),
	withdrawal_id bigint NOT NULL REFERENCES shop_withdrawal (id),
	member_id bigint NOT NULL REFERENCES member (id),
	via text NOT NULL CHECK (via IN ('reveal', 'export')),
	request_id text NOT NULL,
	ip text NOT NULL,
	user_agent text,
	at timestamptz NOT NULL
);
CREATE INDEX shop_withdrawal_reveal_idx ON shop_withdrawal_reveal (withdrawal_id, id);
