-- Issue 10: owners and managers edit the menu, staff mark things sold out during service.
--
-- Each category, item and option group carries a `version`: a save names the version it was
-- made from and is refused when the row has moved on since (no lost update between two
-- people editing the same item). Sold-out toggles and reordering do not touch it: they never
-- overwrite what an editor changes.
ALTER TABLE menu_category
	ADD COLUMN visible boolean NOT NULL DEFAULT true,
	ADD COLUMN version integer NOT NULL DEFAULT 1;
ALTER TABLE menu_item ADD COLUMN version integer NOT NULL DEFAULT 1;
ALTER TABLE menu_option_group ADD COLUMN version integer NOT NULL DEFAULT 1;

-- A shop's menu as a whole: bumped (first, before any menu row is touched) in every
-- transaction that changes what customers see. Servers compare it with the version their
-- cached menu was built from, and checkout holds it FOR SHARE while it takes stock, so an
-- order priced before a change commits after it only if it is priced again.
CREATE TABLE shop_menu_version (
	shop_id bigint PRIMARY KEY REFERENCES shop (id),
	version bigint NOT NULL DEFAULT 1
);
INSERT INTO shop_menu_version (shop_id) SELECT id FROM shop;

-- Every shop has its row from the start (seeds, new branches), so checkout always has one to lock.
CREATE FUNCTION shop_menu_version_for_new_shop() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	INSERT INTO shop_menu_version (shop_id) VALUES (NEW.id);
	RETURN NEW;
END;
$$;
CREATE TRIGGER shop_menu_version_for_new_shop AFTER INSERT ON shop
	FOR EACH ROW EXECUTE FUNCTION shop_menu_version_for_new_shop();
