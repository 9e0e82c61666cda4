-- Background jobs run once across servers (issue 30 item 3, decision 037). Each job has one
-- lease row: the server named in holder runs it until expires_at. The holder renews the lease
-- before every run and while a run lasts; a holder that dies (kill -9, a lost machine) stops
-- renewing, so its lease lapses and the next server to try takes the job. A server that stops
-- cleanly deletes its rows, so another takes over at its next tick instead of waiting.
-- A small table shared by the whole deployment (no tenant_id): it names jobs, not shop data.
CREATE TABLE job_lease (
	job_name text PRIMARY KEY,
	-- host:pid:random of the server process holding it (jobs/leases.ts holderName).
	holder text NOT NULL,
	-- On the database's clock, never a server's: servers' clocks may disagree.
	expires_at timestamptz NOT NULL
);
