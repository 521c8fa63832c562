-- luacheck's settings for the pandoc Lua filters in build/.
std = "lua53"
globals = {"CodeBlock", "Meta", "Pandoc"}
read_globals = {"pandoc", "PANDOC_SCRIPT_FILE", "PANDOC_VERSION", "FORMAT"}
max_line_length = 120
