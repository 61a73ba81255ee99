-- Position queries on games whose values are already computed. With the
-- argument `play`: positions the size of a game played on the page (1 to 5
-- heaps of 0..100); otherwise 1 to 4 heaps of 0..5000 (whose answers list
-- up to a few hundred winning moves). One query in ten has a heap past
-- 10^15, answered by a proved period.
local games = {"kayles", "0.07", "grundy", "sub:1,2,3", "nim", "0.16"}
local periodic = {"kayles", "0.07", "sub:1,2,3", "0.16"}
local most, count = 5000, 4

init = function(args)
  if args[1] == "play" then
    most, count = 100, 5
  end
end

request = function()
  local heaps = {}
  for i = 1, math.random(1, count) do
    heaps[i] = math.random(0, most)
  end
  local game
  if math.random(10) == 1 then
    game = periodic[math.random(#periodic)]
    heaps[1] = "1000000000" .. string.format("%06d", math.random(0, 999999))
  else
    game = games[math.random(#games)]
  end
  return wrk.format("GET", "/api/position?game=" .. game .. "&heaps=" .. table.concat(heaps, ","))
end
