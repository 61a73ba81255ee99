-- Computations past the limits, all at once: every value up to 10^8 of
-- games whose period is not proved early (stopped by the heavy cap or the
-- time limit), and requests past the per-request limits. Counts statuses.
-- The games differ from those of the cheap queries (position.lua): a
-- plain query on a game being computed waits 100 ms and gets 503, which
-- HEAVY_GAMES=overlap (grundy here too) shows.
local paths = {
  "/api/count?game=allbut:1,2,4&to=100000000",
  "/api/count?game=sub:squares&to=100000000",
  "/api/count?game=sub:primes&to=100000000",
  "/api/count?game=allbut:1,3&to=100000000",
  "/api/count?game=sub:powers2&to=100000000",
  "/api/analyze?game=0.8f",
  "/api/values?game=kayles&to=1000000000",
  "/api/ppositions?game=stone&to=1000000",
  "/api/count?game=kayles&heaps=4&to=100000000",
}
local threads = {}

setup = function(thread)
  table.insert(threads, thread)
end

init = function(args)
  counts = {}
  if args[1] == "overlap" then
    table.insert(paths, "/api/count?game=grundy&to=100000000")
  end
end

request = function()
  return wrk.format("GET", paths[math.random(#paths)])
end

response = function(status, headers, body)
  counts[status] = (counts[status] or 0) + 1
end

done = function(summary, latency, requests)
  local total = {}
  for _, t in ipairs(threads) do
    for status, c in pairs(t:get("counts")) do
      total[status] = (total[status] or 0) + c
    end
  end
  for status, c in pairs(total) do
    io.write(string.format("heavy status %d: %d\n", status, c))
  end
end
