-- A statement that writes all or nothing on its own, without a transaction around it (an
-- order placed, a balance payment: decision 025), checks what it found on the way with this
-- and aborts itself, every write of it undone, when a condition does not hold. The reason
-- comes back in the error's message after "refused: " (SQLSTATE BY001).
CREATE FUNCTION refuse_unless(ok boolean, reason text) RETURNS boolean
LANGUAGE plpgsql VOLATILE AS $$
BEGIN
	IF ok IS NOT TRUE THEN
		RAISE EXCEPTION 'refused: %', reason USING ERRCODE = 'BY001';
	END IF;
	RETURN true;
END
$$;
