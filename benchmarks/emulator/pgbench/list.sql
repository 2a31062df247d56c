-- listMovies as the emulator runs it: 100 movies of a genre in insertion order, then the reviews
-- of those movies in one statement (the emulator binds the 100 keys; here they come as one array).
\set g random(1, 20)
BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY;
SELECT array_agg(m."id" ORDER BY m."__sqlgen_row") AS ids FROM (SELECT t1."id", t1."title", t1."rating", t1."__sqlgen_row" FROM "movie" AS t1 WHERE t1."genre" = (SELECT "genre" FROM "bench_genre" WHERE "n" = :g) ORDER BY t1."__sqlgen_row" LIMIT 100) AS m \gset
SELECT t2."rating", t2."text", t2."movie_id" FROM "review" AS t2 WHERE t2."movie_id" = ANY(CAST(:ids AS uuid[])) ORDER BY t2."movie_id", t2."__sqlgen_row";
COMMIT;
