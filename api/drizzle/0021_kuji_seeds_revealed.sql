-- Record when each revealed kuji's own seed (round 1) became public, so a later sell-out after a
-- restock cannot hide it: a box restocked from that seed and drawn after it fails verify-draws.
INSERT INTO "kuji_seeds" ("kuji_id", "round", "from_box", "seed", "seed_hash", "committed_at", "revealed_at")
SELECT "id", 1, 1, "seed", "seed_hash", "created_at", "revealed_at" FROM "kujis" WHERE "revealed_at" IS NOT NULL
ON CONFLICT DO NOTHING;
