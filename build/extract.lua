-- extract.lua: a pandoc Lua filter that reads one chapter and writes out
-- what the chapter defines, for build/sync-models and build/mkrules.
--
--   pandoc -f markdown -t plain --preserve-tabs -o /dev/null \
--          --lua-filter build/extract.lua \
--          -M outdir=DIR -M chapter=chapters/chNN-name.md chapters/chNN-name.md
--
-- Code blocks the filter knows (every other block is left alone):
--
--   {.promela file=NAME}           a fragment of models/NAME; fragments of
--                                  one file are joined in document order
--   {.derive file=NAME from=BASE}  models/NAME is models/BASE edited by the
--                                  sed script in the block (a mutant or a
--                                  variant: a recorded transformation)
--   {.pan #ID model=NAME defs=.. cflags=.. runflags=.. timeout=SECS memlim=MB}
--                                  a Spin run and the output it must give
--   {.trail run=ID}                lines the readable trail of run ID must
--                                  contain, in this order
--   {.sweep #ID model=NAME params=A,B cflags=.. runflags=..}
--                                  a table of runs: one row per run, the
--                                  first columns give the parameters, the
--                                  column "expect" the stored states Spin
--                                  6.5.2 must report, others are quoted
--   any block with check-in=PATH   its lines must appear, contiguously, in
--                                  PATH (added lines of a patch included)
--
-- Everything is written as files in DIR, one per definition:
--   model.NAME, derive.NAME, run.ID.flags, run.ID.expect, trail.ID,
--   sweep.ID, checkin.N  -- and "index", one line per definition.

local outdir, chapter
local fragments, order = {}, {}
local index = {}
local checkins = 0

local function attr(el, key, default)
  local v = el.attributes[key]
  if v == nil or v == '' then return default end
  return v
end

local function fail(msg)
  io.stderr:write(chapter .. ': ' .. msg .. '\n')
  os.exit(1)
end

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

local function check_name(kind, name)
  if not name:match('^[%w][%w._+-]*$') then
    fail(kind .. ' name "' .. name .. '" may hold only letters, digits and ._+-')
  end
end

local handlers = {}

function handlers.promela(el)
  local file = attr(el, 'file')
  if not file then return end -- an illustration, not part of a model
  check_name('file', file)
  if not fragments[file] then
    fragments[file] = {}
    table.insert(order, file)
  end
  table.insert(fragments[file], body(el))
end

function handlers.derive(el)
  local file, from = attr(el, 'file'), attr(el, 'from')
  if not file or not from then fail('a .derive block needs file= and from=') end
  check_name('file', file)
  write('derive.' .. file, 'from=' .. from .. '\n---\n' .. body(el))
  table.insert(index, 'derive ' .. file .. ' ' .. from)
end

local function flags(el, id)
  local model = attr(el, 'model')
  if not model then fail('run "' .. id .. '" needs model=') end
  return table.concat({
    'chapter=' .. chapter,
    'id=' .. id,
    'model=' .. model,
    'defs=' .. attr(el, 'defs', ''),
    'cflags=' .. attr(el, 'cflags', '-DSAFETY'),
    'runflags=' .. attr(el, 'runflags', ''),
    'timeout=' .. attr(el, 'timeout', ''),
    'memlim=' .. attr(el, 'memlim', ''),
  }, '\n') .. '\n'
end

function handlers.pan(el)
  local id = el.identifier
  if id == '' then fail('a .pan block needs an id: {.pan #some-name model=...}') end
  check_name('run', id)
  write('run.' .. id .. '.flags', flags(el, id))
  write('run.' .. id .. '.expect', body(el))
  table.insert(index, 'run ' .. id .. ' ' .. attr(el, 'model'))
end

function handlers.trail(el)
  local run = attr(el, 'run')
  if not run then fail('a .trail block needs run=ID') end
  write('trail.' .. run, body(el))
  table.insert(index, 'trail ' .. run)
end

function handlers.sweep(el)
  local id = el.identifier
  if id == '' then fail('a .sweep block needs an id') end
  check_name('sweep', id)
  local params = attr(el, 'params')
  if not params then fail('sweep "' .. id .. '" needs params=A,B') end
  write('sweep.' .. id, flags(el, id) .. 'params=' .. params .. '\n'
        .. 'target=' .. attr(el, 'target', 'check') .. '\n---\n' .. body(el))
  table.insert(index, 'sweep ' .. id .. ' ' .. attr(el, 'model'))
end

function handlers.generated(el)
  local src = attr(el, 'src')
  if src then table.insert(index, 'generated ' .. src) end
end

function CodeBlock(el)
  local path = attr(el, 'check-in')
  if path then
    checkins = checkins + 1
    write('checkin.' .. checkins, 'path=' .. path .. '\n---\n' .. body(el))
    table.insert(index, 'checkin ' .. checkins .. ' ' .. path)
  end
  for _, class in ipairs(el.classes) do
    if handlers[class] then handlers[class](el) end
  end
end

function Meta(meta)
  outdir = pandoc.utils.stringify(meta.outdir or '')
  chapter = pandoc.utils.stringify(meta.chapter or '')
  if outdir == '' or chapter == '' then
    io.stderr:write('extract.lua: run with -M outdir=DIR -M chapter=FILE\n')
    os.exit(2)
  end
end

function Pandoc(doc)
  for _, file in ipairs(order) do
    write('model.' .. file, table.concat(fragments[file], '\n'))
    table.insert(index, 'model ' .. file)
  end
  write('chapter', chapter .. '\n')
  write('index', table.concat(index, '\n') .. (#index > 0 and '\n' or ''))
  return doc
end

-- Meta must be read before the blocks are walked.
return {{Meta = Meta}, {CodeBlock = CodeBlock}, {Pandoc = Pandoc}}
