-- getMovie as the emulator runs it on PostgreSQL: the lookup by key alone (a plan of one
-- statement reads outside a transaction, a snapshot by itself).
-- The key comes from bench_id (movie number -> id): pgbench cannot pick from a list of UUIDs.
\set n random(1, 10000)
SELECT t1."id", t1."title", t1."genre", t1."rating" FROM "movie" AS t1 WHERE t1."id" = (SELECT "id" FROM "bench_id" WHERE "n" = :n) ORDER BY t1."__sqlgen_row" LIMIT 1;
