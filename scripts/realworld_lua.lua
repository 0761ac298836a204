-- scripts/realworld's check of the Lua interpreter (Debian's lua5.4 source
-- has no test suite): exact answers asserted, plus a checksum line that every
-- build must print identically. Its run time is the package's benchmark.
local function check(cond, what) if not cond then error("check failed: " .. what, 2) end end

-- integers, floats, conversions
check(math.maxinteger + 1 == math.mininteger, "integer wrap")
check(7 // 2 == 3 and -7 // 2 == -4 and 7 % -3 == -2, "floor division")
check(3 / 2 == 1.5 and 2^10 == 1024.0, "float ops")
check(math.tointeger(3.0) == 3 and math.type(1) == "integer" and math.type(1.0) == "float", "types")
check(string.format("%.3f %d %x %5s|%-3s|", math.pi, 42, 255, "ab", "c") == "3.142 42 ff    ab|c  |", "format")
check(tostring(1e100) == "1e+100" and tonumber("0x1p4") == 16.0 and tonumber("  12  ") == 12, "numbers")
check(1 << 63 == math.mininteger and (5 & 3) == 1 and (5 | 3) == 7 and (5 ~ 3) == 6 and ~0 == -1, "bit ops")

-- strings and patterns
local s = string.rep("abc", 1000, ",")
check(#s == 3999, "rep")
local n; s, n = s:gsub("b", "BB")
check(n == 1000 and #s == 4999, "gsub count")
check(("hello world from lua"):gsub("(%w+)", "<%1>") == "<hello> <world> <from> <lua>", "gsub captures")
check(("key = value"):match("^(%w+)%s*=%s*(%w+)$") == "key", "match")
local words = {}
for w in ("the quick brown fox jumps over the lazy dog"):gmatch("%a+") do words[#words + 1] = w end
check(#words == 9 and words[9] == "dog", "gmatch")
check(("%d"):rep(3) == "%d%d%d" and ("abc"):upper() == "ABC" and ("xyz"):byte(2) == 121, "string library")
check(string.pack("<i4", 258) == "\2\1\0\0" and string.unpack("<i4", "\2\1\0\0") == 258, "pack")
check(utf8.len("héllo") == 5 and utf8.char(233) == "é", "utf8")

-- tables, sorting
local t = {}
for i = 1, 10000 do t[i] = (i * 7919) % 10007 end
table.sort(t)
for i = 2, #t do check(t[i - 1] <= t[i], "sorted") end
table.sort(t, function(a, b) return a > b end)
check(t[1] == 10006 or t[1] > t[#t], "reverse sort")
check(table.concat({1, 2, 3}, "-") == "1-2-3" and select("#", table.unpack({1, 2, 3})) == 3, "concat/unpack")
local m = table.move({1, 2, 3, 4, 5}, 2, 4, 1)
check(m[1] == 2 and m[3] == 4 and m[5] == 5, "move")

-- closures, varargs, metatables, coroutines, errors
local function counter() local c = 0 return function() c = c + 1 return c end end
local c1, c2 = counter(), counter()
c1(); c1()
check(c1() == 3 and c2() == 1, "closures")
local V = {}
V.__index = V
V.__add = function(a, b) return setmetatable({x = a.x + b.x, y = a.y + b.y}, V) end
V.__eq = function(a, b) return a.x == b.x and a.y == b.y end
local v = setmetatable({x = 1, y = 2}, V) + setmetatable({x = 3, y = 4}, V)
check(v == setmetatable({x = 4, y = 6}, V), "metamethods")
local co = coroutine.wrap(function(a) local b = coroutine.yield(a + 1) return b * 2 end)
check(co(1) == 2 and co(10) == 20, "coroutines")
local ok, err = pcall(function() error({code = 7}) end)
check(not ok and err.code == 7, "pcall")
check(select(2, pcall(error, "x", 0)) == "x", "error level")
local weak = setmetatable({}, {__mode = "k"})
weak[{}] = 1
collectgarbage(); collectgarbage()
check(next(weak) == nil, "weak table collected")

-- heavier work (the benchmark): spectral norm, n-queens, a hash of strings
local function A(i, j) local ij = i + j - 1 return 1.0 / (ij * (ij - 1) * 0.5 + i) end
local function Av(x, y, N) for i = 1, N do local a = 0 for j = 1, N do a = a + x[j] * A(i, j) end y[i] = a end end
local function Atv(x, y, N) for i = 1, N do local a = 0 for j = 1, N do a = a + x[j] * A(j, i) end y[i] = a end end
local N = 300
local u, vv, tmp = {}, {}, {}
for i = 1, N do u[i] = 1 end
for _ = 1, 10 do Av(u, tmp, N) Atv(tmp, vv, N) Av(vv, tmp, N) Atv(tmp, u, N) end
local vBv, vv2 = 0, 0
for i = 1, N do vBv = vBv + u[i] * vv[i] vv2 = vv2 + vv[i] * vv[i] end
local norm = math.sqrt(vBv / vv2)
check(string.format("%.9f", norm) == "1.274223986", "spectral norm")

local function queens(n)
  local count, cols, d1, d2 = 0, {}, {}, {}
  local function place(r)
    if r > n then count = count + 1 return end
    for c = 1, n do
      if not cols[c] and not d1[r + c] and not d2[r - c + n] then
        cols[c], d1[r + c], d2[r - c + n] = true, true, true
        place(r + 1)
        cols[c], d1[r + c], d2[r - c + n] = nil, nil, nil
      end
    end
  end
  place(1)
  return count
end
check(queens(8) == 92 and queens(9) == 352, "queens")

local h = 0
local seen = {}
for i = 1, 200000 do
  local k = "k" .. (i * 31 % 9973)
  seen[k] = (seen[k] or 0) + 1
  h = (h * 33 + #k + seen[k]) % 4294967296
end
print(string.format("lua check: ok %.12f %d %d", norm, h, queens(7)))
