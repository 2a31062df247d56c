/* The SQLite floor of the benchmark's list: only the two statements the emulator runs for
 * `listMovies` (100 movies of a genre, then the reviews of those movies through the movie_id
 * index), in one read transaction, reading every column, with no HTTP, GraphQL or JSON around
 * them. Prints the CPU time per request of each statement.
 *
 *   cc -O2 benchmarks/emulator/sqlite-floor.c -lsqlite3 -o /tmp/sqlite-floor
 *   /tmp/sqlite-floor DATA_DIR/emulator.sqlite DATA/genres.txt [iterations]
 *
 * DATA_DIR is an emulator data directory loaded with the benchmark data (`run.sh --keep`, or
 * `sqlgen emulator --config benchmarks/emulator/connector.yaml --data-dir DIR --reset --import
 * DATA/data.json`, stopped once it listens); genres.txt comes from generate_data.py. */
#include <sqlite3.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

static double cpu_seconds(void) {
    struct timespec now;
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &now);
    return now.tv_sec + now.tv_nsec * 1e-9;
}

int main(int argc, char **argv) {
    if (argc < 3) {
        fprintf(stderr, "usage: %s DATABASE GENRES [iterations]\n", argv[0]);
        return 2;
    }
    int iterations = argc > 3 ? atoi(argv[3]) : 2000;
    sqlite3 *db;
    if (sqlite3_open_v2(argv[1], &db, SQLITE_OPEN_READONLY, NULL) != SQLITE_OK) {
        fprintf(stderr, "cannot open %s\n", argv[1]);
        return 1;
    }
    /* The emulator's read connections: 32 MiB page cache, memory-mapped. */
    sqlite3_exec(db, "PRAGMA mmap_size=268435456; PRAGMA cache_size=-32768;", NULL, NULL, NULL);
    FILE *file = fopen(argv[2], "r");
    if (!file) {
        fprintf(stderr, "cannot open %s\n", argv[2]);
        return 1;
    }
    /* One genre per line (names may contain spaces). */
    static char genres[64][64];
    int genreCount = 0;
    while (genreCount < 64 && fgets(genres[genreCount], sizeof genres[genreCount], file)) {
        genres[genreCount][strcspn(genres[genreCount], "\r\n")] = 0;
        if (genres[genreCount][0]) genreCount++;
    }
    fclose(file);
    if (genreCount == 0) return 1;

    sqlite3_stmt *movies, *reviews;
    sqlite3_prepare_v2(db, "SELECT \"id\", \"title\", \"rating\" FROM \"movie\" WHERE \"genre\" = ? ORDER BY rowid LIMIT 100", -1, &movies, NULL);
    char sql[2048] = "SELECT \"movie_id\", \"rating\", \"text\" FROM \"review\" WHERE \"movie_id\" IN (";
    for (int i = 0; i < 100; i++) strcat(sql, i ? ",?" : "?");
    strcat(sql, ") ORDER BY \"movie_id\", rowid");
    if (sqlite3_prepare_v2(db, sql, -1, &reviews, NULL) != SQLITE_OK || !movies) {
        fprintf(stderr, "%s\n", sqlite3_errmsg(db));
        return 1;
    }
    static char ids[100][64];
    double movieSeconds = 0, reviewSeconds = 0;
    long reviewRows = 0;
    for (int iteration = 0; iteration < iterations; iteration++) {
        double start = cpu_seconds();
        sqlite3_exec(db, "BEGIN", NULL, NULL, NULL);
        sqlite3_bind_text(movies, 1, genres[iteration % genreCount], -1, SQLITE_STATIC);
        int count = 0;
        while (sqlite3_step(movies) == SQLITE_ROW && count < 100) {
            const unsigned char *id = sqlite3_column_text(movies, 0);
            snprintf(ids[count], sizeof ids[count], "%s", id ? (const char *)id : "");
            sqlite3_column_text(movies, 1);
            sqlite3_column_double(movies, 2);
            count++;
        }
        sqlite3_reset(movies);
        double middle = cpu_seconds();
        for (int i = 0; i < 100; i++) sqlite3_bind_text(reviews, i + 1, i < count ? ids[i] : "", -1, SQLITE_STATIC);
        while (sqlite3_step(reviews) == SQLITE_ROW) {
            sqlite3_column_text(reviews, 0);
            sqlite3_column_int(reviews, 1);
            sqlite3_column_text(reviews, 2);
            reviewRows++;
        }
        sqlite3_reset(reviews);
        sqlite3_exec(db, "COMMIT", NULL, NULL, NULL);
        double end = cpu_seconds();
        movieSeconds += middle - start;
        reviewSeconds += end - middle;
    }
    printf("movies %.1f us, reviews %.1f us, total %.1f us per request; %.0f review rows per request\n",
           movieSeconds / iterations * 1e6, reviewSeconds / iterations * 1e6,
           (movieSeconds + reviewSeconds) / iterations * 1e6, (double)reviewRows / iterations);
    sqlite3_finalize(movies);
    sqlite3_finalize(reviews);
    sqlite3_close(db);
    return 0;
}
