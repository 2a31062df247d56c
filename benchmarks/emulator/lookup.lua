-- A lookup by key: GET with the id in AEM's ;k=v form.
dofile("ids.lua")
request = function()
  return wrk.format("GET", "/graphql/execute.json/bench/getMovie;id=" .. ids[math.random(#ids)])
end
