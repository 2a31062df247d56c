-- wrk script for the emulator load benchmark: one of the three benchmarked operations, with
-- varying variables, and a JSON summary written when the run ends.
--   BENCH_OP=lookup|list|insert BENCH_CONNECTOR=bench BENCH_DATA=<dir with ids.txt, genres.txt>
--   BENCH_OUT=<summary.json> wrk -t2 -c16 -d5s --latency -s operation.lua http://127.0.0.1:PORT
-- lookup: GET .../getMovie;id=<id> cycling through every movie id
-- list:   GET .../listMovies;genre=<genre> cycling through the genres (percent-encoded)
-- insert: POST .../createMovie {"variables": {...}} with a new title each time

local op = os.getenv("BENCH_OP") or "lookup"
local prefix = "/graphql/execute.json/" .. (os.getenv("BENCH_CONNECTOR") or "bench") .. "/"
local data = os.getenv("BENCH_DATA") or "."
local out = os.getenv("BENCH_OUT")

local function lines(path)
  local items = {}
  local file = assert(io.open(path, "r"))
  for line in file:lines() do
    if #line > 0 then items[#items + 1] = line end
  end
  file:close()
  return items
end

local function encode(text)
  return (text:gsub("[^%w%-%._~]", function(c) return string.format("%%%02X", string.byte(c)) end))
end

-- Each thread starts at a different place in the lists.
local thread_count = 0
function setup(thread)
  thread:set("thread_index", thread_count)
  thread_count = thread_count + 1
end

local paths = {}
local counter = 0

function init(args)
  local index = thread_index or 0
  if op == "lookup" then
    for _, id in ipairs(lines(data .. "/ids.txt")) do paths[#paths + 1] = prefix .. "getMovie;id=" .. id end
  elseif op == "list" then
    for _, genre in ipairs(lines(data .. "/genres.txt")) do paths[#paths + 1] = prefix .. "listMovies;genre=" .. encode(genre) end
  end
  counter = index * 7919
end

function request()
  counter = counter + 1
  if op == "insert" then
    local body = string.format('{"variables":{"title":"Load test %d-%d","genre":"drama","rating":%d.5,"releaseYear":%d}}',
      thread_index or 0, counter, counter % 10, 1950 + counter % 75)
    return wrk.format("POST", prefix .. "createMovie", { ["Content-Type"] = "application/json" }, body)
  end
  return wrk.format("GET", paths[(counter % #paths) + 1])
end

function done(summary, latency, requests)
  if not out then return end
  local e = summary.errors
  local file = assert(io.open(out, "w"))
  file:write(string.format(
    '{"requests":%d,"duration_us":%d,"bytes":%d,"connect_errors":%d,"read_errors":%d,"write_errors":%d,' ..
    '"status_errors":%d,"timeouts":%d,"p50_us":%d,"p90_us":%d,"p99_us":%d,"max_us":%d,"mean_us":%.1f}\n',
    summary.requests, summary.duration, summary.bytes, e.connect, e.read, e.write, e.status, e.timeout,
    latency:percentile(50), latency:percentile(90), latency:percentile(99), latency.max, latency.mean))
  file:close()
end
