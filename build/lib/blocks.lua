-- blocks.lua: the one reader of the chapters' block format.  The format
-- itself (every class, attribute, need, kind of value and default) is
-- build/pipeline/format.tsv; this module reads it and answers, for one
-- code block of pandoc's, what both pandoc filters ask:
--
--   blocks.class(el)            the block's class of the format, or nil
--   blocks.attr(el, key, cls)   an attribute's value, else its default
--                               (nil when it has neither)
--   blocks.validate(el, bad)    the block checked against the format:
--                               returns its class (nil for a block the
--                               format does not know) and whether it is
--                               valid; bad(message) is called per error
--   blocks.classes, blocks.order[cls], blocks.format[cls][key]
--
-- build/pipeline/extract.lua (which writes what the chapters define) and
-- build/book/book.lua (which shows the blocks to a reader) put this
-- folder on package.path (from PANDOC_SCRIPT_FILE) and require('blocks').

local M = {}

M.format = {}   -- class -> attribute -> {need, value, default}
M.any = {}      -- attributes every class may carry
M.classes = {}  -- the known classes, in format.tsv's order
M.order = {}    -- class -> its attributes, in format.tsv's order

-- This file's folder (build/lib): format.tsv is beside it, in build/pipeline.
local HERE = (debug.getinfo(1, 'S').source:match('^@(.*)/') or 'build/lib')
M.FORMAT_FILE = HERE .. '/../pipeline/format.tsv'

local function load(path)
  local f = io.open(path, 'r')
  if not f then
    io.stderr:write('blocks.lua: cannot read ' .. path .. '\n')
    os.exit(2)
  end
  for line in f:lines() do
    if not line:match('^#') and line:match('%S') then
      local cls, name, need, value, default = line:match('^([^\t]*)\t([^\t]*)\t([^\t]*)\t([^\t]*)\t([^\t]*)')
      if not cls then
        io.stderr:write(path .. ': a line needs 6 tab-separated fields: ' .. line .. '\n')
        os.exit(2)
      end
      local def = {need = need, value = value, default = default}
      if cls == '*' then
        M.any[name] = def
      else
        if not M.format[cls] then
          M.format[cls] = {}
          M.order[cls] = {}
          table.insert(M.classes, cls)
        end
        M.format[cls][name] = def
        table.insert(M.order[cls], name)
      end
    end
  end
  f:close()
end
load(M.FORMAT_FILE)

-- The value of attribute KEY of block EL (of class CLS of the format),
-- or the format's default for it; nil when it has neither.
function M.attr(el, key, cls)
  local v = el.attributes[key]
  local def = (M.format[cls or ''] or {})[key] or M.any[key]
  if v == nil or v == '' then return def and def.default ~= '' and def.default or nil end
  return v
end

local NAME = '^[%w][%w._+-]*$'

-- Whether VALUE is of KIND (format.tsv's value column), and if not, why.
function M.valid(value, kind)
  if kind == 'name' then return value:match(NAME) ~= nil, 'may hold only letters, digits and ._+-' end
  if kind == 'int' then return value:match('^[1-9]%d*$') ~= nil, 'must be a whole number (no unit)' end
  if kind == 'list' then
    for item in (value .. ','):gmatch('([^,]*),') do
      if not item:match(NAME) then return false, 'must be names separated by commas' end
    end
    return true
  end
  if kind == '1' then return value == '1', 'is a switch: give 1 or leave it out' end
  if kind:find('|', 1, true) then
    for word in (kind .. '|'):gmatch('([^|]*)|') do
      if value == word then return true end
    end
    return false, 'must be ' .. kind:gsub('|', ' or ')
  end
  return true
end

-- The classes of EL that the format knows.
local function known(el)
  local found = {}
  for _, c in ipairs(el.classes) do
    if M.format[c] then table.insert(found, c) end
  end
  return found
end

-- The class of the format block EL has (the first, when it has several:
-- validate() calls that an error), or nil.
function M.class(el)
  return known(el)[1]
end

-- Checks block EL against the format, calling BAD(message) for each
-- error; returns its class (nil when the block is not one the format
-- knows) and whether it is valid.
function M.validate(el, bad)
  local cls_list = known(el)
  local has_attrs = el.identifier ~= ''
  for k, _ in pairs(el.attributes) do
    if not M.any[k] then has_attrs = true end
  end
  if #cls_list == 0 then
    if has_attrs then
      local shown = #el.classes > 0 and ('.' .. table.concat(el.classes, ' .')) or '(none)'
      bad('unknown block class ' .. shown .. ' with attributes; the classes with '
        .. 'attributes are .' .. table.concat(M.classes, ' .') .. ' (see build/README.md)')
      return nil, false
    end
    for k, v in pairs(el.attributes) do
      local ok, why = M.valid(v, M.any[k].value)
      if not ok then bad(k .. '=' .. v .. ': ' .. why) return nil, false end
    end
    return nil, true
  end
  if #cls_list > 1 then
    bad('a block has one of the classes .' .. table.concat(cls_list, ', .'))
    return nil, false
  end
  local cls = cls_list[1]
  local def = M.format[cls]
  local good = true
  local function fail(msg)
    good = false
    bad(msg)
  end
  if el.identifier ~= '' and not def['#id'] then
    fail('a .' .. cls .. ' block takes no #id (#' .. el.identifier .. ')')
  end
  for k, v in pairs(el.attributes) do
    local d = def[k] or M.any[k]
    if not d then
      local names = {}
      for n, _ in pairs(def) do if n ~= '#id' then table.insert(names, n) end end
      for n, _ in pairs(M.any) do table.insert(names, n) end
      table.sort(names)
      fail('unknown attribute ' .. k .. '= on a .' .. cls .. ' block; it takes '
        .. table.concat(names, '=, ') .. '= (see build/README.md)')
    else
      local ok, why = M.valid(v, d.value)
      if not ok then fail(k .. '=' .. v .. ' ' .. why) end
    end
  end
  for n, d in pairs(def) do
    if d.need == 'required' then
      if n == '#id' then
        if el.identifier == '' then
          fail('a .' .. cls .. ' block needs an id: {.' .. cls .. ' #some-name ...}')
        else
          local ok, why = M.valid(el.identifier, d.value)
          if not ok then fail('#' .. el.identifier .. ' ' .. why) end
        end
      elseif (el.attributes[n] or '') == '' then
        fail('a .' .. cls .. ' block needs ' .. n .. '=')
      end
    end
  end
  return cls, good
end

return M
