-- book.lua: a pandoc Lua filter that turns a chapter (or a quiz answer)
-- into a page of the HTML book.  It reads the same blocks as extract.lua
-- (see build/README.md) and shows them to a reader:
--   * Promela listings get line numbers and a caption naming their model;
--   * a pan report gets a caption with the commands that produce it, and
--     a long one is folded to its verdict and state lines (the full text,
--     which make check compares, is one click away); another checker's
--     report ({.check}) folds to its own verdict lines (its adapter's
--     headline()), and a long run's (target=full) is the one kept in
--     chapters/runs/, its block holding only the summary make check compares;
--   * a simulation ({.sim}) is shown whole, under the make command that
--     runs it and the spin command that runs, each line numbered;
--   * a trail excerpt is followed by a per-process timeline of the whole
--     trail (build/book/trail-timeline.py), when the run has been made;
--   * a sweep becomes a table of measured figures beside the quoted ones
--     (build/book/sweep-table.py), and with plot=CAPTION also a log-scale plot
--     of its states (build/book/sweep-plot.py, gnuplot);
--   * [text]{.callout run=ID} becomes the number of the line of report
--     ID that holds text, linked to it; that report is then shown whole,
--     numbered, the named lines marked;
--   * [code]{.ln} becomes a line number of the listing above it, linked
--     to that line (a model fragment is numbered as in its model file, as
--     Spin's trails are);
--   * [ID.FIELD]{.run} becomes a figure of run ID's report (stored,
--     depth, memory, time, ...; build/book/run-figures.py lists them), and
--     [A.f/B.f]{.run} the ratio of two, [A.f/B.f, C.f/D.f]{.run} the range
--     of several ratios: prose quotes the runs, never typed figures;
--   * [chapter 5]{.ref}, [run ID]{.ref}, [quiz 3]{.ref}, [table ID]{.ref}
--     become links to what they name (build/book/book-targets.py);
--   * quiz questions and answers link to each other, and so do exercises
--     and their reference solutions;
--   * an exercise's demand ({.grade}) is shown as what make exercise-N
--     checks, and a graded solution ({.graded}) as what the grader prints;
--   * [KEY]{.bench} becomes the range of benchmark figure KEY over the
--     recorded runs (out/kernel/bench/recorded.tsv, written by
--     kernel/bin/bench-runs.sh);
--   * headings are numbered after the chapter (chNN), carry a permalink,
--     and a chapter opens with a list of its sections.
-- Any reference that names nothing stops the page with one line naming
-- the source file and the reference.
-- Metadata in: out (the OUT directory), tag (the page's file stem), back
-- (for an answer: the page that asks the question), runs and targets
-- (files written by build/book/run-figures.py and build/book/book-targets.py; made here
-- when not given), print (one page of the whole book: every id is
-- prefixed with the page's tag and links to pages become links within).

local OUT, TAG, BACK, BOOK = nil, '', '', nil  -- set from the page's metadata
local LAYOUT, DEFAULTS, COMMANDS = {}, {}, {}
local LAYOUT_FILE, COMMANDS_FILE
local RUNS, TARGETS, PRINT, CHAPTER = nil, nil, false, nil
local errors = {}

local function err(msg) table.insert(errors, msg) end

-- The chapters' block format (build/pipeline/format.tsv) has one reader,
-- build/lib/blocks.lua, which build/pipeline/extract.lua uses too.
local here = (PANDOC_SCRIPT_FILE or 'build/book/book.lua'):match('^(.*)/') or '.'
package.path = here .. '/../lib/?.lua;' .. package.path
local blocks_format = require('blocks')

-- An attribute of a span or a div: its value, or nil.
local function attr(el, key)
  local v = el.attributes[key]
  if v == nil or v == '' then return nil end
  return v
end

-- An attribute of a code block, as the format defines it: its value, or
-- the format's default for its class, or nil.
local function block_attr(el, key)
  return blocks_format.attr(el, key, blocks_format.class(el))
end

-- A block that breaks the format stops the page, as it fails the
-- extraction (make check names its line): the book never shows a block
-- whose attributes it would misread.
local function check_block(el)
  blocks_format.validate(el, function(msg)
    local name = el.identifier ~= '' and ('#' .. el.identifier) or ('.' .. (el.classes[1] or '?'))
    err('the block ' .. name .. ' breaks the block format (build/pipeline/format.tsv): ' .. msg)
  end)
  return nil
end

local function caption(text, class)
  return pandoc.Div({pandoc.Plain({pandoc.Str(text)})}, {class = class or 'caption'})
end

local function caption_inlines(inlines)
  return pandoc.Div({pandoc.Plain(inlines)}, {class = 'caption'})
end

-- A model's caption links to its file, which the book ships in models/
-- beside its pages (book.sh copies them); a file models/ lacks is named
-- without a link.  REST follows the name.
local function model_caption(name, rest)
  local label = {pandoc.Str('models/' .. name)}
  local f = io.open('models/' .. name, 'r')
  if f then
    f:close()
    label = {pandoc.Link(label, 'models/' .. name, '', {class = 'model-file'})}
  end
  if rest then table.insert(label, pandoc.Str(rest)) end
  return caption_inlines(label)
end

local function exists(path)
  local f = io.open(path, 'r')
  if f then f:close() return true end
  return false
end

local function html_escape(s)
  return (s:gsub('&', '&amp;'):gsub('<', '&lt;'):gsub('>', '&gt;'):gsub('"', '&quot;'))
end

-- The run's commands, as build/book/search-command.py --all made them
-- (build/lib/searchflags.py decides the flags, defaults included).
local function command_line(el)
  local c = COMMANDS[el.identifier]
  if not c then
    err('run ' .. el.identifier .. ': no command line in ' .. tostring(COMMANDS_FILE)
      .. '; make book writes it from the extracted chapters')
    return '?'
  end
  return c
end

-- A path of the run store, from the templates of build/lib/runstore.py.
local function store_path(name, id, tag)
  local t = LAYOUT[name]
  if not t then err('no path ' .. name .. ' in ' .. tostring(LAYOUT_FILE)) return '' end
  return (t:gsub('{id}', function() return id or '' end):gsub('{tag}', function() return tag or TAG end))
end

local function run_tool(args)
  local ok, out = pcall(pandoc.pipe, args[1], {table.unpack(args, 2)}, '')
  if not ok then
    err(args[1] .. ' failed: ' .. tostring(out))
    return nil
  end
  return out
end

-- Tab-separated tables read once: the run figures and the link targets.
local function read_tsv(path, tool_args, into)
  local text
  if path then
    local f = io.open(path, 'r')
    if not f then err('no ' .. path .. '; build/book/book.sh writes it') return end
    text = f:read('a')
    f:close()
  else
    text = run_tool(tool_args) or ''
  end
  for line in text:gmatch('[^\n]+') do
    local fields = {}
    for cell in (line .. '\t'):gmatch('([^\t]*)\t') do table.insert(fields, cell) end
    into(fields)
  end
end

-- Line references ------------------------------------------------------

local listing_count = 0
-- Report lines the prose names ([text]{.callout run=ID}): run id -> the
-- set of its line numbers.  Such a report is shown whole, numbered, the
-- named lines marked (build/book/folded-lines.py checks the page).
local CALLOUTS = {}

-- [text]{.callout run=ID}: the number of the one line of report ID (a
-- .pan or .check block above it on the page; without run=, the nearest
-- one above) that contains text, linked to that line.
local function callout(s, reports, report)
  local want = pandoc.utils.stringify(s.content)
  local id = attr(s, 'run')
  local r = report
  if id then r = reports[id] end
  if not r then
    err('report line "' .. want .. '": ' .. (id and ('no report ' .. id .. ' above it on this page')
      or 'no report above it on this page') .. '; name a .pan or .check block shown before it (run=ID)')
    return pandoc.Str('?')
  end
  -- Prose has no tabs and keeps no runs of spaces: they are compared
  -- as one space.
  local function flat(x) return (x:gsub('%s+', ' ')) end
  local found = {}
  local n = 0
  for line in (r.text .. '\n'):gmatch('(.-)\n') do
    n = n + 1
    if flat(line):find(flat(want), 1, true) then table.insert(found, n) end
  end
  if #found ~= 1 then
    err('report line "' .. want .. '" matches ' .. #found .. ' lines of report ' .. r.identifier
      .. '; quote more of the line')
    return pandoc.Str('?')
  end
  CALLOUTS[r.identifier] = CALLOUTS[r.identifier] or {}
  CALLOUTS[r.identifier][found[1]] = true
  return pandoc.Link({pandoc.Str(tostring(found[1]))},
    '#' .. r.identifier .. '-' .. found[1], '', {class = 'callout'})
end

local function resolve_lines(blocks)
  local listing = nil
  local report, reports = nil, {}
  local function span(s)
    if s.classes:includes('callout') then return callout(s, reports, report) end
    if not s.classes:includes('ln') then return nil end
    local want = pandoc.utils.stringify(s.content)
    if not listing then
      err('line reference "' .. want .. '" comes before any listing')
      return pandoc.Str('?')
    end
    local found = {}
    local n = tonumber(listing.attributes['startFrom'] or '1') - 1
    for line in (listing.text .. '\n'):gmatch('(.-)\n') do
      n = n + 1
      if line:find(want, 1, true) then table.insert(found, n) end
    end
    if #found ~= 1 then
      err('line reference "' .. want .. '" matches ' .. #found
        .. ' lines of the listing above it; quote more of the line')
      return pandoc.Str('?')
    end
    return pandoc.Link({pandoc.Str(tostring(found[1]))},
      '#' .. listing.identifier .. '-' .. found[1], '', {class = 'lineref'})
  end
  local next_line = {}  -- model file -> where its next fragment starts
  local function walk(list)
    for i, b in ipairs(list) do
      if b.t == 'CodeBlock' then
        if (b.classes:includes('pan') or b.classes:includes('check') or b.classes:includes('sim'))
          and b.identifier ~= '' then
          report = b
          reports[b.identifier] = b
        end
        if b.classes:includes('promela') or b.classes:includes('c')
          or b.classes:includes('derive') then
          listing = b
          if b.identifier == '' then
            listing_count = listing_count + 1
            b.identifier = 'listing-' .. listing_count
          end
        end
        -- A fragment is numbered as its lines are numbered in the model
        -- file (fragments are joined with one blank line), so the book's
        -- numbers are the ones Spin prints in reports and trails.
        local file = b.classes:includes('promela') and attr(b, 'file')
        if file then
          local start = next_line[file] or 1
          local _, count = (b.text .. '\n'):gsub('\n', '')
          b.attributes['startFrom'] = tostring(start)
          next_line[file] = start + count + 1
        end
      elseif b.t == 'Div' or b.t == 'BlockQuote' then
        walk(b.content)
      else
        list[i] = pandoc.walk_block(b, {Span = span})
      end
    end
  end
  walk(blocks)
end

-- Benchmark figures ----------------------------------------------------

local bench_figures = nil

local function bench_span(s)
  local key = pandoc.utils.stringify(s.content)
  local file = OUT .. '/kernel/bench/recorded.tsv'
  if not bench_figures then
    bench_figures = {}
    local f = io.open(file, 'r')
    if not f then
      err('benchmark figure "' .. key .. '": no ' .. file
        .. '; make ' .. file .. ' writes it from kernel/bench-runs/')
      return pandoc.Str('?')
    end
    for line in f:lines() do
      local k, v = line:match('^([^\t]+)\t(.*)$')
      if k then bench_figures[k] = v end
    end
    f:close()
  end
  local v = bench_figures[key]
  if not v then
    err('benchmark figure "' .. key .. '" is not in ' .. file .. '; see the keys there')
    return pandoc.Str('?')
  end
  return pandoc.Str(v)
end

-- Run figures ----------------------------------------------------------

local run_figures = nil
-- Counts are printed whole, with thousands separators, however pan wrote
-- them (1.8620286e+08); the other figures (MB, seconds) as pan printed
-- them unless digits= asks for rounding.
local COUNTS = {stored = true, matched = true, transitions = true, atomic = true,
  conflicts = true, depth = true, errors = true, state_vector = true, bits_set = true,
  error_depth = true}

local function grouped(n)
  local s = string.format('%d', n)
  local neg, digits = s:match('^(-?)(%d+)$')
  digits = digits:reverse():gsub('(%d%d%d)', '%1,'):reverse():gsub('^,', '')
  return neg .. digits
end

local run_reports = {}  -- run id -> the report file its figures are read from

local function load_run_figures()
  if not run_figures then
    run_figures = {}
    read_tsv(RUNS, {'build/book/run-figures.py', OUT}, function(f)
      run_figures[f[1]] = run_figures[f[1]] or {}
      run_figures[f[1]][f[2]] = f[3]
      run_reports[f[1]] = f[4]
    end)
  end
  return run_figures
end

local function run_value(ref)
  load_run_figures()
  local id, field = ref:match('^%s*([%w_-]+)%.([%w_]+)%s*$')
  if not id then
    err('run figure "' .. ref .. '": write ID.FIELD, e.g. qrcu-2x2.stored')
    return nil
  end
  local run = run_figures[id]
  if not run then
    err('run figure "' .. ref .. '": no report of run ' .. id .. ' (in ' .. store_path('runs')
      .. '/ or ' .. store_path('kept-runs') .. '/); check the id, or make book to run it')
    return nil
  end
  local v = run[field]
  if not v then
    local names = {}
    for k in pairs(run) do table.insert(names, k) end
    table.sort(names)
    err('run figure "' .. ref .. '": run ' .. id .. ' has no field ' .. field
      .. '; it has ' .. table.concat(names, ', '))
    return nil
  end
  if v:sub(1, 1) == '!' then  -- refused by run-figures.py, which says why
    err('run figure "' .. ref .. '": ' .. v:sub(2))
    return nil
  end
  return tonumber(v), v, COUNTS[field]
end

-- A figure may be arithmetic on run figures: + - * / and parentheses
-- over ID.FIELD references and numbers (an id may hold "-", so a minus
-- between two references needs spaces around it).  Returns the value,
-- or nil after recording an error.
local function evaluate(text)
  local pos, failed = 1, false
  local function fail(msg)
    if not failed then err('run figure "' .. text .. '": ' .. msg) end
    failed = true
    return 0
  end
  local function skip() pos = text:find('[^%s]', pos) or (#text + 1) end
  local expr
  local function factor()
    skip()
    local c = text:sub(pos, pos)
    if c == '(' then
      pos = pos + 1
      local v = expr()
      skip()
      if text:sub(pos, pos) ~= ')' then return fail('a "(" is not closed') end
      pos = pos + 1
      return v
    end
    local num = text:match('^%d+%.?%d*', pos)
    if num then pos = pos + #num return tonumber(num) end
    local ref = text:match('^[%a][%w_-]*%.[%a_]+', pos)
    if ref then
      pos = pos + #ref
      local v = run_value(ref)
      if not v then failed = true return 0 end
      return v
    end
    return fail('expected ID.FIELD, a number or "(" at "' .. text:sub(pos) .. '"')
  end
  local function term()
    local v = factor()
    while true do
      skip()
      local op = text:sub(pos, pos)
      if op ~= '*' and op ~= '/' then return v end
      pos = pos + 1
      local w = factor()
      if op == '*' then v = v * w
      elseif w == 0 then return fail('divides by zero')
      else v = v / w end
    end
  end
  expr = function()
    local v = term()
    while true do
      skip()
      local op = text:sub(pos, pos)
      if op ~= '+' and op ~= '-' then return v end
      pos = pos + 1
      local w = term()
      v = op == '+' and v + w or v - w
    end
  end
  local v = expr()
  skip()
  if pos <= #text then fail('unexpected "' .. text:sub(pos) .. '"') end
  if failed then return nil end
  return v
end

-- A figure's tooltip says in words where it comes from: "states stored
-- in run qrcu-2x2", not the key "qrcu-2x2.stored".
local FIELD_WORDS = {stored = 'states stored', matched = 'states matched',
  transitions = 'transitions', time = 'seconds of search', depth = 'depth reached',
  memory = 'MB of memory', errors = 'errors', atomic = 'atomic steps',
  conflicts = 'hash conflicts', equivalent = 'MB equivalent memory for states',
  states_memory = 'MB of memory for states', hashtable = 'MB of hash table'}
local function figure_title(text)
  local words = text:gsub('([%a][%w_-]*)%.([%a_]+)', function(id, field)
    return (FIELD_WORDS[field] or field:gsub('_', ' ')) .. ' in run ' .. id
  end)
  local single = text:match('^%s*[%a][%w_-]*%.[%a_]+%s*$')
  return (single and 'from a Spin report: ' or 'computed from Spin reports: ') .. words
end

local function run_span(s)
  local text = pandoc.utils.stringify(s.content)
  local digits = attr(s, 'digits') and tonumber(attr(s, 'digits'))
  local scale = tonumber(attr(s, 'div') or '1')
  local values = {}
  for term in (text .. ','):gmatch('([^,]+),') do
    if term:match('^%s*[%a][%w_-]*%.[%a_]+%s*$') then
      local x, raw, count = run_value(term)
      if not x then return pandoc.Str('?') end
      table.insert(values, {x / scale, scale == 1 and raw or nil, count and scale == 1})
    else
      local r = evaluate(term)
      if not r then return pandoc.Str('?') end
      if s.classes:includes('more') then r = (r - 1) * 100 end
      table.insert(values, {r / scale, nil, false})
    end
  end
  local function show(v)
    local x, raw, count = v[1], v[2], v[3]
    if count then return grouped(math.floor(x + 0.5)) end
    if digits then
      local str = string.format('%.' .. digits .. 'f', x)
      if digits == 0 then return grouped(tonumber(str)) end
      return str
    end
    if raw then return raw end
    return string.format('%.1f', x)
  end
  local shown
  if #values == 1 then
    shown = show(values[1])
  else
    table.sort(values, function(p, q) return p[1] < q[1] end)
    shown = show(values[1]) .. ' to ' .. show(values[#values])
  end
  if s.classes:includes('more') then shown = shown .. '%' end
  return pandoc.Span({pandoc.Str(shown)}, {class = 'fig', title = figure_title(text)})
end

-- Cross-references -----------------------------------------------------

local targets = nil

local function ref_span(s)
  if not targets then
    targets = {}
    read_tsv(TARGETS, {'build/book/book-targets.py'}, function(f) targets[f[1]] = f[2] end)
  end
  local text = pandoc.utils.stringify(s.content)
  local key = attr(s, 'to') or text
  key = key:gsub('^[Cc]hapters? ', 'chapter '):gsub('^[Tt]able ', 'sweep ')
           :gsub('^[Qq]uick [Qq]uiz ', 'quiz '):gsub('^[Qq]uiz ', 'quiz ')
           :gsub('^[Rr]uns? ', 'run '):gsub('^[Ee]xercises? ', 'exercise ')
           :gsub('^[Ss]olution ', 'solution '):gsub('^[Aa]ppendix ', 'appendix ')
           :gsub('^[Pp]art ', 'part '):gsub('`', '')
  local href = targets[key]
  if not href then
    err('cross-reference "' .. text .. '" names nothing ("' .. key .. '"); write'
      .. ' [chapter N]{.ref}, [appendix A]{.ref}, [part I]{.ref}, [run ID]{.ref}, [quiz K]{.ref},'
      .. ' [exercise K]{.ref} or [table ID]{.ref}, or'
      .. ' give to="..."')
    return pandoc.Str(text)
  end
  if href:match('^' .. TAG:gsub('%-', '%%-') .. '%.html#') then href = href:gsub('^[^#]*', '') end
  return pandoc.Link(s.content, href, '', {class = 'xref'})
end

-- A short piece of inline code (a flag, a name) is not broken at its
-- hyphens: -DCOLLAPSE stays one word.
local function inline_code(c)
  if not c.text:find('%s') and #c.text <= 40 then
    c.classes:insert('nobr')
    return c
  end
  return nil
end

-- [text]{.repo}: how to get the book's files: a clone of the repository
-- at its address (REPO_URL, build/lib/defaults.mk), or, in a book built
-- without one, the files shipped beside the pages.
local function repo_span()
  local url = DEFAULTS.REPO_URL or ''
  if url ~= '' then
    return {pandoc.Code('git clone ' .. url)}
  end
  return {pandoc.Str('this copy of the book was built without its address; its models are in '),
    pandoc.Link({pandoc.Code('models/')}, 'models/README.md'),
    pandoc.Str(' beside these pages, each listing\'s caption linking to its file')}
end

-- Terms: [term]{.dfn} marks where a term is defined (the glossary,
-- build/book/glossary.py, links to it); [term]{.fwd} uses a term before
-- its definition and says where that is.
local function term_of(s)
  local t = attr(s, 'term') or pandoc.utils.stringify(s.content)
  return (t:gsub('`', ''):gsub('%*', ''):gsub('%s+', ' '):lower())
end
local function slug(t) return (t:gsub('[^%w]+', '-'):gsub('^%-+', ''):gsub('%-+$', '')) end

local function dfn_span(s)
  return pandoc.Span(s.content, {id = 'dfn-' .. slug(term_of(s)), class = 'dfn'})
end

local function fwd_span(s)
  if not targets then
    targets = {}
    read_tsv(TARGETS, {'build/book/book-targets.py'}, function(f) targets[f[1]] = f[2] end)
  end
  local key = 'term ' .. term_of(s)
  local href = targets[key]
  if not href then
    err('forward link "' .. pandoc.utils.stringify(s.content) .. '" names no defined term;'
      .. ' mark its definition [term]{.dfn}, or give term="..."')
    return s.content
  end
  local where = targets[key .. ' where'] or 'later'
  return pandoc.Span({pandoc.Link(s.content, href, '', {class = 'fwd'}),
    pandoc.Span({pandoc.Str(' (defined in ' .. where .. ')')}, {class = 'fwd-note'})})
end

local function span(s)
  if s.classes:includes('repo') then return repo_span() end
  if s.classes:includes('dfn') then return dfn_span(s) end
  if s.classes:includes('fwd') then return fwd_span(s) end
  if s.classes:includes('bench') then return bench_span(s) end
  if s.classes:includes('run') then return run_span(s) end
  if s.classes:includes('ref') then return ref_span(s) end
  return nil
end

-- Blocks ---------------------------------------------------------------

-- Wide things (tables) scroll inside the page instead of widening it.
local function table_block(t)
  return pandoc.Div({t}, {class = 'wide'})
end


-- The lines of a pan report a reader needs first: the verdict and the
-- size of the search.
local function report_summary(text)
  local keep = {}
  for line in (text .. '\n'):gmatch('(.-)\n') do
    if line:match('^pan:%d*:? ') and not line:match('^pan: elapsed') and not line:match('^pan: wrote')
      and not line:match('^pan: rate') or line:match('Search not completed')
      or line:match('^State%-vector') or line:match('states, stored') then
      table.insert(keep, line)
    end
  end
  return table.concat(keep, '\n')
end

-- An exercise's demand ({.grade} block): what make exercise-N checks,
-- in words, then how (the run's flags, the bound, the variant).
local function grade_block(el)
  local how = {}
  if block_attr(el, 'require') then
    local comment = block_attr(el, 'require'):match('^%s*/%*')
    table.insert(how, 'the file still holds `' .. block_attr(el, 'require') .. '`'
      .. (comment and '' or ' as code, not in a comment'))
  end
  if block_attr(el, 'forbid') then
    table.insert(how, 'no line' .. (block_attr(el, 'within') and (' of `' .. block_attr(el, 'within') .. '`') or '')
      .. ' matches `' .. block_attr(el, 'forbid') .. '`')
  end
  if block_attr(el, 'as-given') then
    table.insert(how, (block_attr(el, 'within') and ('`' .. block_attr(el, 'within') .. '`') or 'the file')
      .. ' is its starting version, comments and spacing aside'
      .. (block_attr(el, 'except') and (', but for the lines matching `' .. block_attr(el, 'except') .. '`') or ''))
  end
  local verdict = block_attr(el, 'verdict')
  if verdict then
    local what = el.text ~= '' and 'the variant below' or 'the file'
    -- The grader's own reading (build/workbench/grade.py): with ltl=, a
    -- search for acceptance cycles of the formula; else a safety search.
    local ltl = block_attr(el, 'ltl')
    local on = what .. (block_attr(el, 'defs') and (' with `' .. block_attr(el, 'defs') .. '`') or '')
    if block_attr(el, 'seed') then
      table.insert(how, 'one random simulation of ' .. on .. ', seeded with the number on its `#define '
        .. block_attr(el, 'seed') .. '` line (as `make simulate SEED=N` runs it),'
        .. (verdict == 'pass' and ' violates no assertion' or ' violates an assertion'))
    elseif ltl then
      table.insert(how, "Spin's search for acceptance cycles of `" .. ltl .. '`'
        .. (block_attr(el, 'fair') and ' under weak fairness' or '') .. ', on ' .. on
        .. (verdict == 'pass' and ', finds none' or ', finds one'))
    else
      table.insert(how, 'Spin on ' .. on
        .. (verdict == 'pass' and ' finds no error' or ' finds an assertion violated'))
    end
  end
  if block_attr(el, 'max-stored') then
    table.insert(how, 'in at most ' .. block_attr(el, 'max-stored') .. ' stored states')
  end
  local md = '**`make exercise-' .. (block_attr(el, 'exercise') or '?') .. '` checks:** '
    .. (block_attr(el, 'what') or '?') .. ' (' .. table.concat(how, '; ') .. ').'
  local blocks = pandoc.read(md, 'markdown').blocks
  if el.text ~= '' then
    blocks:insert(caption('the variant: your file changed by this sed script'))
    blocks:insert(pandoc.CodeBlock(el.text, {class = 'sed'}))
  end
  return pandoc.Div(blocks, {class = 'grade'})
end

-- A report (or a simulation's output) the prose names lines of: shown
-- whole, each line numbered, the named ones marked.
local function numbered(el, class)
  local marked = CALLOUTS[el.identifier] or {}
  local rows, n = {}, 0
  for line in (el.text .. '\n'):gmatch('(.-)\n') do
    n = n + 1
    table.insert(rows, '<span class="rl' .. (marked[n] and ' marked' or '') .. '" id="'
      .. el.identifier .. '-' .. n .. '"><span class="rn" aria-hidden="true">' .. n .. '</span>'
      .. html_escape(line) .. '</span>')
  end
  return pandoc.RawBlock('html', '<pre class="' .. class .. ' numbered" id="' .. el.identifier
    .. '"><code>' .. table.concat(rows, '\n') .. '</code></pre>')
end

local function code_block(el)
  local c = el.classes
  if (c:includes('promela') or c:includes('murphi') or c:includes('litmus')) and block_attr(el, 'file') then
    el.classes:insert('numberLines')
    return {model_caption(block_attr(el, 'file')), el}
  elseif c:includes('promela') or (c:includes('c') and block_attr(el, 'check-in')) then
    el.classes:insert('numberLines')
    if block_attr(el, 'check-in') then
      return {caption('from ' .. block_attr(el, 'check-in') .. ' (checked: the book shows the code that is built)'), el}
    end
    return el
  elseif c:includes('derive') then
    -- A sed script is shown as the diff it makes (a diff, as itself).
    local text = el.text
    if not text:match('^%-%-%- ') then
      local ok, out = pcall(pandoc.pipe, 'build/book/derive-diff.py',
        {'models', block_attr(el, 'from') or '?', block_attr(el, 'file') or '?'}, el.text)
      if ok then
        text = out
      else
        err('the derive block of models/' .. (block_attr(el, 'file') or '?') .. ': ' .. tostring(out))
      end
    end
    local cb = pandoc.CodeBlock(text, {class = 'diff'})
    cb.identifier = el.identifier
    return {model_caption(block_attr(el, 'file'), ' is models/' .. block_attr(el, 'from')
      .. ' with this change'), cb}
  elseif c:includes('pan') or c:includes('check') then
    local text, summary = el.text, nil
    if c:includes('check') then
      -- The verdict lines of another checker's report, as its adapter
      -- reads them (build/book/run-figures.py's headline_N); a long run's
      -- block holds only a summary, and the page shows the kept report.
      local figs = load_run_figures()[el.identifier] or {}
      local lines = {}
      while figs['headline_' .. (#lines + 1)] do table.insert(lines, figs['headline_' .. (#lines + 1)]) end
      summary = table.concat(lines, '\n')
      if block_attr(el, 'target') == 'full' then
        local path = run_reports[el.identifier]
        local f = path and io.open(path, 'r')
        if not f then
          err('run ' .. el.identifier .. ' (target=full) has no report kept in ' .. store_path('kept-runs')
            .. '/; make keep-'
            .. el.identifier .. ' keeps one')
          text = ''
        else
          text = f:read('a'):gsub('^\n+', ''):gsub('\n+$', '')
          f:close()
        end
      end
      if summary == '' then
        err('run ' .. el.identifier .. ': its ' .. (block_attr(el, 'tool') or '?')
          .. ' report has no verdict line (build/checkers/' .. (block_attr(el, 'tool') or '?')
          .. '.py, headline()); the fold would be empty')
      end
    end
    local cb = pandoc.CodeBlock(text, {class = 'pan-report'})
    local head = caption_inlines({pandoc.Code(command_line(el))})
    local note = caption('Spin ' .. (DEFAULTS.SPIN_PINNED or '?')
      .. ' report, compared with a fresh run by make check', 'note')
    if c:includes('check') then
      -- Another checker's report: its adapter names the compared fields.
      local kept = block_attr(el, 'target') == 'full'
      note = caption((block_attr(el, 'tool') or '?') .. ' report; make check compares its fields'
        .. ' (build/checkers/' .. (block_attr(el, 'tool') or '?') .. '.py) with '
        .. (kept and ('the run kept in ' .. store_path('kept-runs') .. '/') or 'a fresh run')
        .. ', which must ' .. (block_attr(el, 'verdict') == 'fail' and 'find the error' or 'find no error'), 'note')
    end
    local _, lines = text:gsub('\n', '')
    if CALLOUTS[el.identifier] then return {head, numbered(el, 'pan-report'), note} end
    if PRINT and block_attr(el, 'target') == 'full' then
      -- On paper a kept long report is its verdict lines; the file is named.
      return {head, pandoc.CodeBlock(summary, {class = 'pan-report'}),
        caption('the full report: ' .. store_path('kept', el.identifier), 'note'), note}
    end
    if PRINT or lines < 16 then
      cb.identifier = el.identifier
      return {head, cb, note}
    end
    -- A long report folds to its verdict and state lines; the full text
    -- is the same block, unfolded, so what a reader sees is what make
    -- check compares.
    -- The summary lines stand before the fold (a <summary> is read out
    -- as the name of a button: it holds a few words, not a listing).
    local id = el.identifier ~= '' and (' id="' .. el.identifier .. '"') or ''
    return {head,
      pandoc.RawBlock('html', '<div class="pan-fold"' .. id .. '><pre class="pan-summary"><code>'
        .. html_escape(summary or report_summary(text)) .. '</code></pre><details class="pan-report fold">'
        .. '<summary>the full report (' .. (lines + 1) .. ' lines)</summary>'),
      cb, pandoc.RawBlock('html', '</details></div>'), note}
  elseif c:includes('sim') then
    -- A simulation, shown whole: the make command a reader types, the
    -- spin command it runs (build/workbench/simulate.py), the output.
    local mode = block_attr(el, 'mode')
    local model = block_attr(el, 'model') or '?'
    local defs, flags = block_attr(el, 'defs'), block_attr(el, 'flags')
    local make, spin
    if mode == 'replay' then
      make = 'make replay RUN=' .. (block_attr(el, 'run') or '?') .. (flags and (' TRAILFLAGS="' .. flags .. '"') or '')
      spin = 'spin -t -p -g -l -s -r ' .. (flags and (flags .. ' ') or '') .. model
    elseif mode == 'interactive' then
      make = 'make interactive MODEL=models/' .. model .. (defs and (' DEFS="' .. defs .. '"') or '')
        .. (flags and (' SIMFLAGS="' .. flags .. '"') or '')
      spin = 'spin -i -p -g ' .. (defs and (defs .. ' ') or '') .. (flags and (flags .. ' ') or '') .. model
    else
      local steps = block_attr(el, 'steps')
      make = 'make simulate MODEL=models/' .. model .. ' SEED=' .. (block_attr(el, 'seed') or '?')
        .. (steps ~= blocks_format.format.sim.steps.default and (' STEPS=' .. steps) or '')
        .. (defs and (' DEFS="' .. defs .. '"') or '')
        .. (flags and (' SIMFLAGS="' .. flags .. '"') or '')
      spin = 'spin -p -u' .. steps .. ' -n' .. (block_attr(el, 'seed') or '?') .. ' '
        .. (defs and (defs .. ' ') or '') .. (flags and (flags .. ' ') or '') .. model
    end
    local cb = numbered(el, 'pan-report sim')
    local typed = mode == 'interactive' and ('; the choices typed at its prompts: '
      .. (block_attr(el, 'choices') or '?') .. ', then q') or ''
    return {caption_inlines({pandoc.Code(make), pandoc.Str(' runs '), pandoc.Code(spin)}), cb,
      caption('Spin ' .. (DEFAULTS.SPIN_PINNED or '?') .. ' output' .. typed
        .. ', compared with two fresh runs by make check', 'note')}
  elseif c:includes('trail') then
    local run = block_attr(el, 'run')
    local cb = pandoc.CodeBlock(el.text, {class = 'trail'})
    local out = {caption('spin -t -p (excerpt of run ' .. run .. ')'), cb}
    local trail = store_path('trail', run)
    if exists(trail) then
      -- A long trail is folded to the steps around its cycle (or its
      -- error); the whole of it is a page of its own (book.sh wraps it).
      local html = run_tool({'build/book/trail-timeline.py', trail, '--fold', '60',
        '--whole', BOOK .. '/trail-' .. run .. '.html'})
      if html then
        table.insert(out, pandoc.RawBlock('html', '<div class="wide">' .. html .. '</div>'))
      end
    end
    return out
  elseif c:includes('sweep') then
    local file = store_path('sweep', el.identifier)
    local md = run_tool({'build/book/sweep-table.py', file})
    if not md then return caption('(table unavailable)') end
    local blocks = pandoc.walk_block(pandoc.Div(pandoc.read(md, 'markdown').blocks),
      {Table = table_block}).content
    if block_attr(el, 'plot') then
      local svg = el.identifier .. '.svg'
      if run_tool({'build/book/sweep-plot.py', file, BOOK .. '/' .. svg}) then
        blocks:insert(pandoc.Para({pandoc.Image({pandoc.Str(block_attr(el, 'plot'))}, svg,
          block_attr(el, 'plot'))}))
      end
    end
    return pandoc.Div(blocks, {id = el.identifier, class = 'sweep'})
  elseif c:includes('grade') then
    return grade_block(el)
  elseif c:includes('graded') then
    local want = block_attr(el, 'grade') == 'pass' and 'must pass' or 'must be rejected'
    return {caption_inlines({pandoc.Code('make check'), pandoc.Str(' grades '),
      pandoc.Code('models/' .. (block_attr(el, 'model') or '?')), pandoc.Str(' against exercise '
      .. (block_attr(el, 'exercise') or '?') .. ': it ' .. want .. ', and the grader prints these lines')}),
      pandoc.CodeBlock(el.text, {class = 'grade-output'})}
  elseif c:includes('generated') then
    local src = block_attr(el, 'src')
    local f = src and io.open(src, 'r')
    if f then
      local text = f:read('a')
      f:close()
      -- A Markdown file (a table of figures) is shown as a table; any
      -- other file as the text it is.
      if src:match('%.md$') then
        local blocks = pandoc.walk_block(pandoc.Div(pandoc.read(text, 'markdown').blocks),
          {Table = table_block}).content
        table.insert(blocks, 1, caption('generated: ' .. src))
        return blocks
      end
      return {caption('generated: ' .. src), pandoc.CodeBlock(text, {class = 'generated'})}
    end
    return caption('(not yet generated: run make ' .. (block_attr(el, 'make') or '?')
      .. ' to produce ' .. (src or '?') .. ')', 'note')
  end
  return nil
end

local function div(el)
  if el.classes:includes('quiz') then
    local answer = attr(el, 'answer')
    el.content:insert(pandoc.Para({pandoc.Link({pandoc.Str('Answer')}, answer .. '.html')}))
    return el
  elseif el.classes:includes('exercise') then
    local answer = attr(el, 'answer')
    el.content:insert(pandoc.Para({pandoc.Link({pandoc.Str('Reference solution')}, answer .. '.html')}))
    return el
  elseif el.classes:includes('question') and BACK ~= '' then
    local back = BACK:match('#exercise%-') and 'Back to the exercise' or 'Back to the question'
    el.content:insert(pandoc.Para({pandoc.Link({pandoc.Str(back)}, BACK)}))
    return el
  end
  return nil
end

-- Headings: numbers, permalinks, the chapter's contents ---------------

local function headings(doc)
  local h2, h3 = 0, 0
  local contents = {}
  local first_h1 = nil
  for i, b in ipairs(doc.blocks) do
    if b.t == 'Header' and b.level <= 3 then
      local num = nil
      if CHAPTER then
        if b.level == 1 then num = tostring(CHAPTER)
        elseif b.level == 2 then h2, h3 = h2 + 1, 0 num = CHAPTER .. '.' .. h2
        else h3 = h3 + 1 num = CHAPTER .. '.' .. h2 .. '.' .. h3 end
      end
      if num then
        b.content:insert(1, pandoc.Span({pandoc.Str(num)}, {class = 'secno'}))
        b.content:insert(2, pandoc.Space())
      end
      if b.level == 1 and not first_h1 then first_h1 = i end
      if b.level == 2 and b.identifier ~= '' then
        local label = pandoc.List({})
        for _, x in ipairs(b.content) do label:insert(x) end
        table.insert(contents, pandoc.Plain({pandoc.Link(label, '#' .. b.identifier)}))
      end
      if b.identifier ~= '' then
        b.content:insert(pandoc.Link({pandoc.Str('#')}, '#' .. b.identifier,
          'Link to this section', {class = 'permalink'}))
      end
    end
  end
  if first_h1 and #contents >= 2 then
    local items = {}
    for _, p in ipairs(contents) do table.insert(items, {p}) end
    table.insert(doc.blocks, first_h1 + 1, pandoc.Div({pandoc.BulletList(items)},
      {class = 'contents', ['aria-label'] = 'In this chapter'}))
  end
end

-- One page of the whole book: ids are made unique by the page's tag, and
-- links to another page become links to that page's part of this one.
local function printable(doc)
  local function id(x) return TAG .. '--' .. x end
  local function fix(el)
    if el.identifier and el.identifier ~= '' then el.identifier = id(el.identifier) end
    return el
  end
  local function link(l)
    local page, frag = l.target:match('^([%w_-]+)%.html#?(.*)$')
    if page == 'print' then page = 'index' end
    if page then
      l.target = '#' .. (frag ~= '' and (page .. '--' .. frag) or page)
    elseif l.target:match('^#') then
      l.target = '#' .. id(l.target:sub(2))
    end
    return l
  end
  local function raw(r)
    r.text = r.text:gsub(' id="([^"]+)"', function(x) return ' id="' .. id(x) .. '"' end)
    return r
  end
  doc = doc:walk({Header = fix, Div = fix, CodeBlock = fix, Span = fix, Link = link,
    RawBlock = raw})
  doc.blocks = pandoc.List({pandoc.Div(doc.blocks, {id = TAG, class = 'page'})})
  return doc
end

return {
  {Meta = function(m)
    TAG = pandoc.utils.stringify(m.tag or '')
    BACK = pandoc.utils.stringify(m.back or '')
    RUNS = m.runs and pandoc.utils.stringify(m.runs)
    TARGETS = m.targets and pandoc.utils.stringify(m.targets)
    PRINT = m.print and pandoc.utils.stringify(m.print) ~= '' or false
    LAYOUT_FILE = m.layout and pandoc.utils.stringify(m.layout)
    COMMANDS_FILE = m.commands and pandoc.utils.stringify(m.commands)
    local defaults_file = m.defaults and pandoc.utils.stringify(m.defaults)
    for file, into in pairs({[LAYOUT_FILE or ''] = LAYOUT, [defaults_file or ''] = DEFAULTS,
        [COMMANDS_FILE or ''] = COMMANDS}) do
      if file ~= '' then read_tsv(file, nil, function(f) into[f[1]] = f[2] end) end
    end
    -- OUT: book.sh's, else the one default (build/lib/defaults.mk).
    OUT = m.out and pandoc.utils.stringify(m.out) or DEFAULTS.OUT
    if not OUT then
      err('no out directory: build/book/book.sh passes -M out= and -M defaults=')
      OUT = '.'
    end
    BOOK = pandoc.utils.stringify(m.book or (OUT .. '/book'))
    local n = TAG:match('^ch(%d%d)%-') and not TAG:match('quiz')
    CHAPTER = n and tonumber(TAG:match('^ch(%d%d)')) or nil
    -- A page of chapters/book.tsv is numbered by its label there (a
    -- chapter's number, an appendix's letter; - for none).
    if m.label then
      local label = pandoc.utils.stringify(m.label)
      CHAPTER = label ~= '-' and label or nil
    end
  end},
  {CodeBlock = check_block},
  {Pandoc = function(doc)
    resolve_lines(doc.blocks)
    return doc
  end},
  {CodeBlock = code_block, Div = div, Span = span, Table = table_block, Code = inline_code},
  {Pandoc = function(doc)
    headings(doc)
    if #errors > 0 then
      for _, e in ipairs(errors) do
        io.stderr:write(pandoc.utils.stringify(doc.meta.source or TAG) .. ': ' .. e .. '\n')
      end
      os.exit(1)
    end
    if PRINT then return printable(doc) end
    return doc
  end},
}
