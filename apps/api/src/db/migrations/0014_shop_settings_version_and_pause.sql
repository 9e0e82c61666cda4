-- Issue 10, shop settings: the owner edits the shop from the merchant area.
-- `version` goes up with every saved change of the settings; a save made on an older
-- version is refused (ChangedBySomeoneElse), so two editors never silently undo each other.
-- `paused_until`: new orders paused until then (a busy kitchen). The open state is still
-- computed from the hours, the closures and this instant on every read, never stored.
ALTER TABLE shop
	ADD COLUMN version integer NOT NULL DEFAULT 1 CHECK (version >= 1),
	ADD COLUMN paused_until timestamptz;
