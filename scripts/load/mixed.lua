-- Mixed cheap queries on cached games: positions, every move of small
-- positions, short ranges of values, specs, period verdicts, plots.
local games = {"kayles", "0.07", "grundy", "sub:1,2,3", "nim", "0.16"}
local periodic = {"kayles", "0.07", "sub:1,2,3", "0.16"}

local function heaps(count, most)
  local h = {}
  for i = 1, count do h[i] = math.random(0, most) end
  return table.concat(h, ",")
end

request = function()
  local r = math.random(100)
  local g = games[math.random(#games)]
  local path
  if r <= 50 then
    path = "/api/position?game=" .. g .. "&heaps=" .. heaps(math.random(1, 4), 5000)
  elseif r <= 65 then
    path = "/api/moves?game=" .. g .. "&heaps=" .. heaps(math.random(1, 3), 30)
  elseif r <= 70 then
    path = "/api/moves?game=wythoff&heaps=" .. heaps(2, 200)
  elseif r <= 80 then
    local from = math.random(0, 4900)
    path = "/api/values?game=" .. g .. "&from=" .. from .. "&to=" .. (from + 100)
  elseif r <= 90 then
    path = "/api/game?spec=" .. g
  elseif r <= 97 then
    path = "/api/period?game=" .. periodic[math.random(#periodic)]
  else
    path = "/api/plot.svg?game=" .. g .. "&to=2000"
  end
  return wrk.format("GET", path)
end
