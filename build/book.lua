-- book.lua: a pandoc Lua filter that turns a chapter (or a quiz answer)
-- into a page of the HTML book.  It reads the same blocks as extract.lua
-- (see build/README.md) and shows them to a reader:
--   * Promela listings get line numbers and a caption naming their model;
--   * a pan report gets a caption with the commands that produce it;
--   * a trail excerpt is followed by a per-process timeline of the whole
--     trail (build/trail-timeline), when the run has been made;
--   * a sweep becomes a table of measured figures beside the quoted ones
--     (build/sweep-table), and with plot=CAPTION also a log-scale plot
--     of its states (build/sweep-plot, gnuplot);
--   * [code]{.ln} becomes a line number of the listing above it (a model
--     fragment is numbered as in its model file, as Spin's trails are);
--   * quiz questions and answers link to each other;
--   * [KEY]{.bench} becomes the range of benchmark figure KEY over the
--     recorded runs (out/kernel/bench/recorded.tsv, written by
--     kernel/bin/bench-runs.sh), so that the prose quotes the runs that
--     are kept in kernel/bench-runs/ and nothing else.
-- Metadata in: out (the OUT directory), tag (the page's file stem), back
-- (for an answer: the page that asks the question).

local OUT, TAG, BACK, BOOK = 'out', '', '', 'out/book'
local errors = {}

local function attr(el, key)
  local v = el.attributes[key]
  if v == nil or v == '' then return nil end
  return v
end

local function caption(text, class)
  return pandoc.Div({pandoc.Plain({pandoc.Str(text)})}, {class = class or 'caption'})
end

local function caption_inlines(inlines)
  return pandoc.Div({pandoc.Plain(inlines)}, {class = 'caption'})
end

local function exists(path)
  local f = io.open(path, 'r')
  if f then f:close() return true end
  return false
end

local function command_line(el)
  local model = attr(el, 'model') or '?'
  local defs = attr(el, 'defs')
  local cflags = attr(el, 'cflags') or '-DSAFETY'
  local runflags = attr(el, 'runflags')
  return 'spin ' .. (defs and (defs .. ' ') or '') .. '-a ' .. model
    .. '; cc ' .. cflags .. ' -o pan pan.c; ./pan' .. (runflags and (' ' .. runflags) or '')
end

-- Line references ------------------------------------------------------

local function resolve_lines(blocks)
  local listing = nil
  local function span(s)
    if not s.classes:includes('ln') then return nil end
    local want = pandoc.utils.stringify(s.content)
    if not listing then
      table.insert(errors, 'line reference "' .. want .. '" comes before any listing')
      return pandoc.Str('?')
    end
    local found = {}
    local n = tonumber(listing.attributes['startFrom'] or '1') - 1
    for line in (listing.text .. '\n'):gmatch('(.-)\n') do
      n = n + 1
      if line:find(want, 1, true) then table.insert(found, n) end
    end
    if #found ~= 1 then
      table.insert(errors, 'line reference "' .. want .. '" matches ' .. #found
        .. ' lines of the listing above it; quote more of the line')
      return pandoc.Str('?')
    end
    return pandoc.Str(tostring(found[1]))
  end
  local next_line = {}  -- model file -> where its next fragment starts
  local function walk(list)
    for i, b in ipairs(list) do
      if b.t == 'CodeBlock' then
        if b.classes:includes('promela') or b.classes:includes('c')
          or b.classes:includes('derive') then
          listing = b
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
  if not s.classes:includes('bench') then return nil end
  local key = pandoc.utils.stringify(s.content)
  local file = OUT .. '/kernel/bench/recorded.tsv'
  if not bench_figures then
    bench_figures = {}
    local f = io.open(file, 'r')
    if not f then
      table.insert(errors, 'benchmark figure "' .. key .. '": no ' .. file
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
    table.insert(errors, 'benchmark figure "' .. key .. '" is not in ' .. file
      .. '; see the keys there')
    return pandoc.Str('?')
  end
  return pandoc.Str(v)
end

-- Blocks ---------------------------------------------------------------

local function run_tool(args)
  local ok, out = pcall(pandoc.pipe, args[1], {table.unpack(args, 2)}, '')
  if not ok then
    table.insert(errors, args[1] .. ' failed: ' .. tostring(out))
    return nil
  end
  return out
end

local function code_block(el)
  local c = el.classes
  if c:includes('promela') and attr(el, 'file') then
    el.classes:insert('numberLines')
    return {caption('models/' .. attr(el, 'file')), el}
  elseif c:includes('promela') or (c:includes('c') and attr(el, 'check-in')) then
    el.classes:insert('numberLines')
    if attr(el, 'check-in') then
      return {caption('from ' .. attr(el, 'check-in') .. ' (checked: the book shows the code that is built)'), el}
    end
    return el
  elseif c:includes('derive') then
    local cb = pandoc.CodeBlock(el.text, {class = 'diff'})
    return {caption('models/' .. attr(el, 'file') .. ' is models/' .. attr(el, 'from')
      .. ' with this change'), cb}
  elseif c:includes('pan') then
    local cb = pandoc.CodeBlock(el.text, {class = 'pan-report'})
    cb.identifier = el.identifier
    return {caption_inlines({pandoc.Code(command_line(el))}), cb,
            caption('Spin 6.5.2 report, compared with a fresh run by make check', 'note')}
  elseif c:includes('trail') then
    local run = attr(el, 'run')
    local cb = pandoc.CodeBlock(el.text, {class = 'trail'})
    local out = {caption('spin -t -p (excerpt of run ' .. run .. ')'), cb}
    local trail = OUT .. '/runs/' .. run .. '.trail'
    if exists(trail) then
      local html = run_tool({'build/trail-timeline', trail})
      if html then
        table.insert(out, pandoc.RawBlock('html', html))
      end
    end
    return out
  elseif c:includes('sweep') then
    local file = OUT .. '/extract/' .. TAG .. '/sweep.' .. el.identifier
    local md = run_tool({'build/sweep-table', file})
    if not md then return caption('(table unavailable)') end
    local blocks = pandoc.read(md, 'markdown').blocks
    if attr(el, 'plot') then
      local svg = el.identifier .. '.svg'
      if run_tool({'build/sweep-plot', file, BOOK .. '/' .. svg}) then
        blocks:insert(pandoc.Para({pandoc.Image({pandoc.Str(attr(el, 'plot'))}, svg)}))
      end
    end
    return blocks
  elseif c:includes('generated') then
    local src = attr(el, 'src')
    local f = src and io.open(src, 'r')
    if f then
      local text = f:read('a')
      f:close()
      -- A Markdown file (a table of figures) is shown as a table; any
      -- other file as the text it is.
      if src:match('%.md$') then
        local blocks = pandoc.read(text, 'markdown').blocks
        table.insert(blocks, 1, caption('generated: ' .. src))
        return blocks
      end
      return {caption('generated: ' .. src), pandoc.CodeBlock(text, {class = 'generated'})}
    end
    return caption('(not yet generated: run make ' .. (attr(el, 'make') or '?')
      .. ' to produce ' .. (src or '?') .. ')', 'note')
  end
  return nil
end

local function div(el)
  if el.classes:includes('quiz') then
    local answer = attr(el, 'answer')
    el.content:insert(pandoc.Para({pandoc.Link({pandoc.Str('Answer')}, answer .. '.html')}))
    return el
  elseif el.classes:includes('question') and BACK ~= '' then
    el.content:insert(pandoc.Para({pandoc.Link({pandoc.Str('Back to the question')}, BACK)}))
    return el
  end
  return nil
end

return {
  {Meta = function(m)
    OUT = pandoc.utils.stringify(m.out or 'out')
    TAG = pandoc.utils.stringify(m.tag or '')
    BACK = pandoc.utils.stringify(m.back or '')
    BOOK = pandoc.utils.stringify(m.book or (OUT .. '/book'))
  end},
  {Pandoc = function(doc)
    resolve_lines(doc.blocks)
    return doc
  end},
  {CodeBlock = code_block, Div = div, Span = bench_span},
  {Pandoc = function(doc)
    if #errors > 0 then
      for _, e in ipairs(errors) do
        io.stderr:write(pandoc.utils.stringify(doc.meta.source or TAG) .. ': ' .. e .. '\n')
      end
      os.exit(1)
    end
    return doc
  end},
}
