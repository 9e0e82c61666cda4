-- Issue 27: whether a booking's tables are in the seating area the guest preferred (null: no
-- preference). A guest online is told before booking when the area has no free table then;
-- the booking records what they were given.
ALTER TABLE reservation ADD COLUMN area_preference_met boolean;
