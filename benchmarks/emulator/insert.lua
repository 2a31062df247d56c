-- An insert: POST with a JSON body.
counter = 0
request = function()
  counter = counter + 1
  local body = '{"variables": {"title": "Inserted ' .. counter .. '", "genre": "new", "releaseYear": 2024}}'
  return wrk.format("POST", "/graphql/execute.json/bench/addMovie", {["Content-Type"] = "application/json"}, body)
end
