"""Writes data.json (the emulator's --import format) and ids.lua for the load benchmark:
2,000 movies in 20 genres (100 per genre), 3 reviews each. Deterministic."""
import json, random, uuid

random.seed(7)
movies, reviews = [], []
for index in range(2000):
    movie_id = uuid.UUID(int=random.getrandbits(128), version=4).hex
    movies.append({"id": movie_id, "title": f"Movie {index:04d}", "genre": f"genre{index % 20}",
                   "releaseYear": 1950 + index % 70, "rating": round(random.uniform(1, 5), 1)})
    for r in range(3):
        reviews.append({"id": uuid.UUID(int=random.getrandbits(128), version=4).hex, "movieId": movie_id,
                        "rating": random.randint(1, 5), "text": f"Review {r} of movie {index}"})
with open("data.json", "w") as out:
    json.dump({"version": 1, "tables": {"Movie": movies, "Review": reviews}}, out)
with open("ids.lua", "w") as out:
    out.write("ids = {" + ",".join(f'"{m["id"]}"' for m in movies[:500]) + "}\n")
