-- Position queries on games whose values are already computed: 1 to 4
-- heaps of 0..5000, and now and then a heap past 10^15 (answered by a
-- proved period).
local games = {"kayles", "0.07", "grundy", "sub:1,2,3", "nim", "0.16"}
local periodic = {"kayles", "0.07", "sub:1,2,3", "0.16"}
local n = 0

init = function(args)
  math.randomseed(os.time() + n)
end

request = function()
  n = n + 1
  local heaps = {}
  for i = 1, math.random(1, 4) do
    heaps[i] = math.random(0, 5000)
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
