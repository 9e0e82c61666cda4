-- The business's administrators (issue 27): the members who define what is the same in every
-- shop of a tenant and touches money: recharge packages and the stored-value agreement, VIP
-- card types, coupon templates, the points rule and the points mall's items, and the second
-- display currency's rate. A shop's owner runs one shop; only a business administrator changes
-- these for all of them. Granted only to someone who owns one of the tenant's shops.
CREATE TABLE tenant_admin (
	tenant_id bigint NOT NULL REFERENCES tenant (id),
	member_id bigint NOT NULL REFERENCES member (id),
	-- Who granted it (null for those this migration or the demo seed made administrators).
	granted_by bigint REFERENCES member (id),
	created_at timestamptz NOT NULL DEFAULT now(),
	PRIMARY KEY (tenant_id, member_id)
);

-- Nobody loses a power they had: the owners of each tenant's first shop (lowest id), who set
-- the tenant up, become its administrators. Owners of later branches keep their shop's powers.
INSERT INTO tenant_admin (tenant_id, member_id)
SELECT s.tenant_id, st.member_id
FROM shop s
JOIN shop_staff st ON st.shop_id = s.id AND st.role = 'owner'
WHERE s.id = (SELECT min(first.id) FROM shop first WHERE first.tenant_id = s.tenant_id)
ON CONFLICT DO NOTHING;
