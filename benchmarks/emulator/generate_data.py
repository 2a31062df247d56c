#!/usr/bin/env python3
"""Writes the load benchmark's seed data, the same for both servers, deterministically.

    python3 benchmarks/emulator/generate_data.py OUT_DIR [--movies 10000] [--reviews 30000]

OUT_DIR/data.json   rows in `sqlgen emulator --import`'s format:
                    {"version": 1, "tables": {"Movie": [...], "Review": [...]}}
                    (the baseline server loads the same file)
OUT_DIR/ids.txt     every movie id, one a line (the lookup benchmark picks from these)
OUT_DIR/genres.txt  every genre, one a line (each has at least 100 movies)

Ids are UUIDs in Data Connect's wire form (32 lowercase hex digits) from a seeded generator:
the same arguments always give the same files.
"""
import argparse
import json
import pathlib
import random

GENRES = ["action", "adventure", "animation", "biography", "comedy", "crime", "documentary", "drama",
          "family", "fantasy", "history", "horror", "music", "mystery", "romance", "science fiction",
          "sport", "thriller", "war", "western"]
WORDS = ["night", "river", "silent", "city", "last", "golden", "storm", "winter", "empire", "shadow",
         "garden", "ocean", "iron", "paper", "fire", "glass", "north", "broken", "summer", "stranger"]


def uuid_hex(rng: random.Random) -> str:
    """A version 4 UUID's 32 hex digits, from `rng`."""
    value = rng.getrandbits(128)
    value = (value & ~(0xF << 76)) | (0x4 << 76)      # version 4
    value = (value & ~(0x3 << 62)) | (0x2 << 62)      # RFC 4122 variant
    return f"{value:032x}"


def generate(movies: int, reviews: int, seed: int = 20261129) -> dict:
    rng = random.Random(seed)
    movie_rows = []
    for index in range(movies):
        movie_rows.append({
            "id": uuid_hex(rng),
            "title": f"{rng.choice(WORDS).title()} {rng.choice(WORDS).title()} {index}",
            "genre": GENRES[index % len(GENRES)],
            "rating": round(rng.uniform(1.0, 10.0), 1),
            "releaseYear": rng.randint(1950, 2025),
        })
    review_rows = []
    for index in range(reviews):
        review_rows.append({
            "id": uuid_hex(rng),
            "movieId": movie_rows[rng.randrange(movies)]["id"],
            "rating": rng.randint(1, 5),
            "text": " ".join(rng.choice(WORDS) for _ in range(rng.randint(4, 12))),
        })
    return {"version": 1, "tables": {"Movie": movie_rows, "Review": review_rows}}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("out", type=pathlib.Path)
    parser.add_argument("--movies", type=int, default=10_000)
    parser.add_argument("--reviews", type=int, default=30_000)
    args = parser.parse_args()
    if args.movies < 100 * len(GENRES):
        parser.error(f"--movies must be at least {100 * len(GENRES)} so every genre lists 100 movies")
    data = generate(args.movies, args.reviews)
    args.out.mkdir(parents=True, exist_ok=True)
    (args.out / "data.json").write_text(json.dumps(data, separators=(",", ":")))
    (args.out / "ids.txt").write_text("".join(row["id"] + "\n" for row in data["tables"]["Movie"]))
    (args.out / "genres.txt").write_text("".join(genre + "\n" for genre in GENRES))


if __name__ == "__main__":
    main()
