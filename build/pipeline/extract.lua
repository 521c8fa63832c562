-- extract.lua: a pandoc Lua filter that reads one chapter and writes out
-- what the chapter defines, for build/pipeline/sync-models.py and build/pipeline/mkrules.py.
--
--   pandoc -f markdown -t plain --preserve-tabs -o /dev/null \
--          --lua-filter build/pipeline/extract.lua \
--          -M outdir=DIR -M chapter=chapters/chNN-name.md \
--          -M kept="$(build/lib/runstore.py path kept ID)" chapters/chNN-name.md
--
-- The blocks it knows, their attributes and the attributes' defaults are
-- defined once, in build/pipeline/format.tsv (build/README.md shows them).  Every
-- code block is checked against that definition: an unknown class that
-- carries attributes, an unknown attribute, a missing or malformed value,
-- two runs of one name, a trail of no run.  The errors are not fatal
-- here: they are written to DIR/errors, one line each naming the file and
-- line, and build/pipeline/mkrules.py turns them into a failed check, so that
-- make check counts them.  The block in error is left out.
--
-- Everything else is written as files in DIR, one per definition:
--   model.NAME, derive.NAME, run.ID.flags, run.ID.expect, trail.ID,
--   check.ID.flags, check.ID.expect (a run of another checker),
--   sweep.ID, sim.ID (a simulation), checkin.N, grade.N.K (demand K of exercise N), graded.NAME
--   (a solution graded by make check) -- and "index", one line per
--   definition.

local outdir, chapter, kept
local fragments, order = {}, {}
local index = {}
local checkins = 0
local errors = {}
local blocks = 0
local runs, trails = {}, {}

-- The format: build/pipeline/format.tsv, read by build/lib/blocks.lua, the
-- one reader of the block format (build/book/book.lua reads it too).

local here = (PANDOC_SCRIPT_FILE or 'build/pipeline/extract.lua'):match('^(.*)/') or '.'
package.path = here .. '/../lib/?.lua;' .. package.path
local blocks_format = require('blocks')
local attr_order = blocks_format.order

-- Where a block is in the source: the first fence line not yet used that
-- contains the given text (pandoc 2.17 does not give source positions).
local source_lines, used = nil, {}

local function line_of(snippet)
  if not source_lines then
    source_lines = {}
    local f = io.open(chapter, 'r')
    if f then
      for l in f:lines() do table.insert(source_lines, l) end
      f:close()
    end
  end
  for i, l in ipairs(source_lines) do
    if not used[i] and l:match('^%s*[`~][`~][`~]') and l:find(snippet, 1, true) then
      used[i] = true
      return i
    end
  end
  return nil
end

local function where(el)
  local snippet
  if el.identifier ~= '' then
    snippet = '#' .. el.identifier
  else
    for _, k in ipairs({'file', 'run', 'src', 'check-in', 'model'}) do
      local v = el.attributes[k]
      if v and not snippet then snippet = k .. '=' .. (v:match('^%S*') or '') end
    end
    if not snippet then
      for k, v in pairs(el.attributes) do
        snippet = snippet or (k .. '=' .. (v:match('^%S*') or ''))
      end
      snippet = snippet or (el.classes[1] and ('.' .. el.classes[1])) or '{'
    end
  end
  local n = line_of(snippet)
  return chapter .. (n and (':' .. n) or '')
end

local function err(loc, msg)
  table.insert(errors, loc .. ': ' .. msg)
end

local attr = blocks_format.attr

-- Checks one block against the format (build/lib/blocks.lua), each error
-- kept with the block's place; returns its class (nil when the block is
-- not one the format knows) and whether it is valid.
local function validate(el, loc)
  return blocks_format.validate(el, function(msg) err(loc, msg) end)
end

-- Output ----------------------------------------------------------------

local function write(name, text)
  local f = assert(io.open(outdir .. '/' .. name, 'w'))
  f:write(text)
  f:close()
end

local function body(el)
  local t = el.text
  if t:sub(-1) ~= '\n' then t = t .. '\n' end
  return t
end

local function new_run(id, loc)
  if runs[id] then
    err(loc, 'a second run named ' .. id .. ' (the first is ' .. runs[id]
      .. '); give each run its own #id')
    return false
  end
  runs[id] = loc
  return true
end

local handlers = {}

-- A fragment of a model file: Promela, and the languages of the other
-- checkers (a Murphi model, a litmus test), joined alike.
local function fragment(el)
  local file = attr(el, 'file')
  if not file then return end -- an illustration, not part of a model
  if not fragments[file] then
    fragments[file] = {}
    table.insert(order, file)
  end
  table.insert(fragments[file], body(el))
end
handlers.promela = fragment
handlers.murphi = fragment
handlers.litmus = fragment

function handlers.derive(el)
  local file, from = attr(el, 'file'), attr(el, 'from')
  write('derive.' .. file, 'from=' .. from .. '\n---\n' .. body(el))
  table.insert(index, 'derive ' .. file .. ' ' .. from)
end

-- The flags as the block gives them: what a search adds to them (its kind,
-- from ltl=, fair= and np=) is build/lib/searchflags.py's to decide.
local RUN_KEYS = {'model', 'defs', 'cflags', 'runflags', 'ltl', 'fair', 'np',
  'timeout', 'memlim'}

local function flags(el, id, cls, loc)
  -- The line is kept apart from the flags, which a run depends on: moving
  -- a block does not re-run it.
  write('where.' .. id, loc .. '\n')
  local lines = {'chapter=' .. chapter, 'id=' .. id}
  for _, k in ipairs(RUN_KEYS) do
    local v = attr(el, k, cls)
    table.insert(lines, k .. '=' .. (v or ''))
  end
  return table.concat(lines, '\n') .. '\n'
end

function handlers.pan(el, loc)
  local id = el.identifier
  if not new_run(id, loc) then return end
  write('run.' .. id .. '.flags', flags(el, id, 'pan', loc))
  write('run.' .. id .. '.expect', body(el))
  -- The verdict is kept apart from the flags too: it is the chapter's
  -- judgement of the report, not an input of the run.
  local v = attr(el, 'verdict', 'pan')
  if v then write('verdict.' .. id, v .. '\n') end
  table.insert(index, 'run ' .. id .. ' ' .. attr(el, 'model'))
end

-- A run of another checker (build/checkers/TOOL.py): its attributes as
-- format.tsv lists them, and the report the chapter shows.
function handlers.check(el, loc)
  local id = el.identifier
  if not new_run(id, loc) then return end
  write('where.' .. id, loc .. '\n')
  local lines = {'chapter=' .. chapter, 'id=' .. id}
  for _, k in ipairs(attr_order.check) do
    if k ~= '#id' then
      local v = (attr(el, k, 'check') or ''):gsub('\n', ' ')
      table.insert(lines, k .. '=' .. v)
    end
  end
  -- A long run's report is kept in the repository alone (kept: its path,
  -- as build/lib/runstore.py gives it, with ID for the run): its block holds
  -- only the summary (KEY: VALUE lines) that make check compares with it.
  if attr(el, 'target', 'check') == 'full' then
    local n = 0
    for line in (el.text .. '\n'):gmatch('(.-)\n') do
      n = n + 1
      if line:match('%S') and not line:match('^[%l_]+: %S') then
        local file, fence = loc:match('^(.*):(%d+)$')
        err(fence and (file .. ':' .. (tonumber(fence) + n)) or loc, 'run ' .. id
          .. ' is kept in ' .. kept:gsub('ID', function() return id end)
          .. ' (target=full), and its block holds a report line: '
          .. 'keep only its summary, KEY: VALUE lines (empty the body and run make bless to write them)')
        return
      end
    end
  end
  write('check.' .. id .. '.flags', table.concat(lines, '\n') .. '\n')
  write('check.' .. id .. '.expect', el.text ~= '' and body(el) or '')
  table.insert(index, 'check ' .. id .. ' ' .. attr(el, 'model') .. ' ' .. attr(el, 'tool'))
end

function handlers.trail(el, loc)
  local run = attr(el, 'run')
  table.insert(trails, {run = run, loc = loc})
  write('trail.' .. run, body(el))
  table.insert(index, 'trail ' .. run)
end

function handlers.sweep(el, loc)
  local id = el.identifier
  if not new_run(id, loc) then return end
  write('sweep.' .. id, flags(el, id, 'sweep', loc) .. 'params=' .. attr(el, 'params')
        .. '\n---\n' .. body(el))
  table.insert(index, 'sweep ' .. id .. ' ' .. attr(el, 'model'))
end

-- An exercise's demands, one block each, in the order the grader checks
-- them (build/workbench/grade.py); the body, when there is one, is a sed script that
-- makes the variant of the student's file the demand runs.
local grades = {}


-- A block's attributes, as format.tsv lists them for its class.
local function spec(el, cls, loc)
  local lines = {'chapter=' .. chapter, 'where=' .. loc}
  for _, k in ipairs(attr_order[cls]) do
    local v = attr(el, k, cls)
    if v then table.insert(lines, k .. '=' .. v:gsub('\n', ' ')) end
  end
  return table.concat(lines, '\n') .. '\n---\n' .. (el.text ~= '' and body(el) or '')
end

-- A simulation ({.sim}): its attributes and the output the chapter shows
-- (build/workbench/simulate.py block runs it, as make simulate would).
local sims = {}
function handlers.sim(el, loc)
  local id = el.identifier
  local mode = attr(el, 'mode', 'sim')
  local need = ({random = 'seed', interactive = 'choices', replay = 'run'})[mode]
  if need and not attr(el, need, 'sim') then
    err(loc, 'a .sim block of mode=' .. mode .. ' needs ' .. need .. '=')
    return
  end
  local choices = attr(el, 'choices', 'sim')
  if choices and not choices:match('^%s*%d+[%d%s]*$') then
    err(loc, 'choices=' .. choices .. ' must be numbers separated by spaces, as typed at the prompts')
    return
  end
  if not new_run(id, loc) then return end
  if mode == 'replay' then table.insert(sims, {run = attr(el, 'run', 'sim'), loc = loc}) end
  write('where.' .. id, loc .. '\n')
  write('sim.' .. id, 'id=' .. id .. '\n' .. spec(el, 'sim', loc))
  table.insert(index, 'sim ' .. id .. ' ' .. attr(el, 'model', 'sim'))
end

function handlers.grade(el, loc)
  local n = attr(el, 'exercise')
  grades[n] = (grades[n] or 0) + 1
  local name = 'grade.' .. n .. '.' .. string.format('%02d', grades[n])
  write(name, spec(el, 'grade', loc))
  table.insert(index, 'grade ' .. n .. ' ' .. attr(el, 'model'))
end

function handlers.graded(el, loc)
  local model = attr(el, 'model')
  write('graded.' .. model, spec(el, 'graded', loc))
  table.insert(index, 'graded ' .. model .. ' ' .. attr(el, 'exercise'))
end

function handlers.generated(el)
  table.insert(index, 'generated ' .. attr(el, 'src'))
end

function CodeBlock(el)
  local loc = chapter
  if el.identifier ~= '' or #el.attributes > 0 then loc = where(el) end
  local cls, ok = validate(el, loc)
  if not ok then return end
  blocks = blocks + 1
  local path = el.attributes['check-in']
  if path and path ~= '' then
    checkins = checkins + 1
    write('checkin.' .. checkins, 'path=' .. path .. '\n---\n' .. body(el))
    table.insert(index, 'checkin ' .. checkins .. ' ' .. path)
  end
  if cls and handlers[cls] then handlers[cls](el, loc) end
end

function Meta(meta)
  outdir = pandoc.utils.stringify(meta.outdir or '')
  chapter = pandoc.utils.stringify(meta.chapter or '')
  kept = pandoc.utils.stringify(meta.kept or '')
  if outdir == '' or chapter == '' or kept == '' then
    io.stderr:write('extract.lua: run with -M outdir=DIR -M chapter=FILE -M kept=PATH'
      .. ' (build/pipeline/extract.sh gives them)\n')
    os.exit(2)
  end
end

function Pandoc(doc)
  for _, t in ipairs(trails) do
    if not runs[t.run] then
      err(t.loc, '.trail run=' .. t.run .. ' names no .pan run of ' .. chapter
        .. '; give the #id of a run in this file')
    end
  end
  for _, t in ipairs(sims) do
    if not runs[t.run] then
      err(t.loc, '.sim run=' .. t.run .. ' names no .pan run of ' .. chapter
        .. '; give the #id of a run in this file')
    end
  end
  for _, file in ipairs(order) do
    write('model.' .. file, table.concat(fragments[file], '\n'))
    table.insert(index, 'model ' .. file)
  end
  write('chapter', chapter .. '\n')
  write('blocks', blocks .. '\n')
  write('index', table.concat(index, '\n') .. (#index > 0 and '\n' or ''))
  if #errors > 0 then write('errors', table.concat(errors, '\n') .. '\n') end
  return doc
end

-- Meta must be read before the blocks are walked.
return {{Meta = Meta}, {CodeBlock = CodeBlock}, {Pandoc = Pandoc}}
