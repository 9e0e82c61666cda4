-- A points reward was collected by showing its sequential number, which anyone could guess
-- (issue 27). Every redemption now carries a random pickup code: ten characters from the
-- alphabet without look-alikes (no 0/O, 1/I/L), unique in its tenant, shown to the member with
-- a QR code and scanned or typed by the staff to hand the reward over. The server draws new
-- codes from a cryptographic source; rows made before this migration get one drawn here from
-- gen_random_uuid (random bytes too), each character from its own byte.
ALTER TABLE points_redemption ADD COLUMN pickup_code text;

UPDATE points_redemption AS r
SET pickup_code = (
	SELECT string_agg(
		substr('23456789ABCDEFGHJKMNPQRSTUVWXYZ', 1 + get_byte(uuid_send(gen_random_uuid()), 0) % 31, 1),
		''
	)
	FROM generate_series(1, 10) AS position
	-- Names the outer row so the subquery is drawn again for every redemption.
	WHERE r.id IS NOT NULL AND position > 0
);

ALTER TABLE points_redemption ALTER COLUMN pickup_code SET NOT NULL;
CREATE UNIQUE INDEX points_redemption_pickup_code_idx ON points_redemption (tenant_id, pickup_code);
