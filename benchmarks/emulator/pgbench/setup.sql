-- Lookup tables for the scripts: movie number -> id, genre number -> genre.
DROP TABLE IF EXISTS "bench_id", "bench_genre";
CREATE TABLE "bench_id" ("n" integer PRIMARY KEY, "id" uuid NOT NULL);
INSERT INTO "bench_id" SELECT row_number() OVER (ORDER BY "__sqlgen_row"), "id" FROM "movie";
CREATE TABLE "bench_genre" ("n" integer PRIMARY KEY, "genre" text NOT NULL);
INSERT INTO "bench_genre" SELECT row_number() OVER (ORDER BY "genre"), "genre" FROM (SELECT DISTINCT "genre" FROM "movie") AS g;
ANALYZE;
