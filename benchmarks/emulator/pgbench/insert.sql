-- createMovie as the emulator runs it: one insert in a transaction of its own.
\set n random(1, 1000000000)
BEGIN ISOLATION LEVEL READ COMMITTED;
INSERT INTO "movie" ("title", "genre", "rating", "release_year", "id") VALUES ('Load test ' || :n, 'drama', 1.5, 2000, gen_random_uuid());
COMMIT;
