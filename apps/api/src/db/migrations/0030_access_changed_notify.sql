-- Open websockets follow a member's rights (issue 27). A member disabled, a platform operator
-- added or removed, a shop's staff added, given another role or removed: however the change is
-- made (the app, or a person with SQL: operators and disabling have no route), its commit
-- publishes `access.changed` on the event bus's channel, and every server re-reads that member's
-- rights for the sockets it holds (realtime/websocket-rights.ts). pg_notify is sent at commit,
-- never for a rolled-back change, and identical payloads of one transaction are sent once.
CREATE FUNCTION announce_access_changed(p_tenant_id bigint, p_member_id bigint) RETURNS void
LANGUAGE sql AS $$
	SELECT pg_notify(
		'bayon_events',
		json_build_object('type', 'access.changed', 'tenantId', p_tenant_id, 'memberId', p_member_id)::text
	)
$$;

CREATE FUNCTION member_access_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	IF NEW.status IS DISTINCT FROM OLD.status THEN
		PERFORM announce_access_changed(NEW.tenant_id, NEW.id);
	END IF;
	RETURN NULL;
END
$$;

CREATE TRIGGER member_access_changed AFTER UPDATE OF status ON member
FOR EACH ROW EXECUTE FUNCTION member_access_changed();

CREATE FUNCTION platform_operator_access_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	IF TG_OP = 'DELETE' THEN
		PERFORM announce_access_changed(OLD.tenant_id, OLD.member_id);
	ELSE
		PERFORM announce_access_changed(NEW.tenant_id, NEW.member_id);
	END IF;
	RETURN NULL;
END
$$;

CREATE TRIGGER platform_operator_access_changed AFTER INSERT OR DELETE ON platform_operator
FOR EACH ROW EXECUTE FUNCTION platform_operator_access_changed();

CREATE FUNCTION shop_staff_access_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	IF TG_OP IN ('DELETE', 'UPDATE') THEN
		PERFORM announce_access_changed(s.tenant_id, OLD.member_id) FROM shop s WHERE s.id = OLD.shop_id;
	END IF;
	IF TG_OP IN ('INSERT', 'UPDATE') THEN
		PERFORM announce_access_changed(s.tenant_id, NEW.member_id) FROM shop s WHERE s.id = NEW.shop_id;
	END IF;
	RETURN NULL;
END
$$;

CREATE TRIGGER shop_staff_access_changed AFTER INSERT OR UPDATE OR DELETE ON shop_staff
FOR EACH ROW EXECUTE FUNCTION shop_staff_access_changed();
