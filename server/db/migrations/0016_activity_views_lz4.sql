-- The stored views are read whole on every activity page (the track is ~100 KB of JSON for a long ride): LZ4 reads
-- back in about half pglz's time (bench:activity, P10: 0.85 -> 0.50 ms for a 20,000-point ride), for ~30 % more disk.
-- PGlite is built without LZ4 (feature_not_supported): there the views stay pglz-compressed. The update rewrites the
-- views already stored, which would otherwise keep pglz until they are next made.
DO $$
BEGIN
  ALTER TABLE "activity_views" ALTER COLUMN "track" SET COMPRESSION lz4;
  ALTER TABLE "activity_views" ALTER COLUMN "detail" SET COMPRESSION lz4;
  UPDATE "activity_views" SET "track" = "track" || '', "detail" = "detail" || '';
EXCEPTION WHEN feature_not_supported THEN
  NULL;
END
$$;
