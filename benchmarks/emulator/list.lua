-- A filtered list of 100 movies with their reviews (one relation).
request = function()
  return wrk.format("GET", "/graphql/execute.json/bench/listByGenre;genre=genre" .. math.random(0, 19))
end
