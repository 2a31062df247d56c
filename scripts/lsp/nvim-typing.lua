-- Types an operation into a new file of the movies connector in Neovim (its own LSP client,
-- headless), asking for completion at a few places and printing what the editor then holds:
-- the completion labels and the diagnostics. Run by scripts/lsp/nvim-typing.sh.
local root = os.getenv("DEMO_ROOT")
local file = root .. "/connector/top.gql"
vim.cmd("edit " .. file)
local buf = vim.api.nvim_get_current_buf()
local id = vim.lsp.start_client({ name = "sqlgen", cmd = { os.getenv("SQLGEN"), "lsp" }, root_dir = root })
vim.lsp.buf_attach_client(buf, id)
vim.wait(10000, function() local c = vim.lsp.get_client_by_id(id); return c ~= nil and c.initialized end)

local row, col = 0, 0
local function type_char(char)
  if char == "\n" then
    vim.api.nvim_buf_set_text(buf, row, col, row, col, { "", "" })
    row, col = row + 1, 0
  else
    vim.api.nvim_buf_set_text(buf, row, col, row, col, { char })
    col = col + #char
  end
end

local function show(label)
  -- Where the cursor stands in insert mode, after the last character typed (the text is ASCII:
  -- bytes are UTF-16 units).
  local params = { textDocument = vim.lsp.util.make_text_document_params(), position = { line = row, character = col } }
  local answers = vim.lsp.buf_request_sync(buf, "textDocument/completion", params, 5000) or {}
  local items = {}
  for _, answer in pairs(answers) do
    for i, item in ipairs((answer.result or {}).items or {}) do
      if i <= 8 then table.insert(items, item.label) end
    end
  end
  -- Diagnostics arrive once the server has checked the text: wait until they describe this line.
  vim.wait(1500, function() return false end)
  local problems = {}
  for _, d in ipairs(vim.diagnostic.get(buf)) do
    table.insert(problems, string.format("%d:%d %s", d.lnum + 1, d.col + 1, d.message))
  end
  io.write(string.format("typed %-40s completions: %s\n    diagnostics: %s\n", vim.inspect(label),
    table.concat(items, ", "), #problems == 0 and "(none)" or table.concat(problems, " | ")))
end

local steps = {
  "query topRated($genre: ", "String) @", "auth(level: PUBLIC) {\n  m", "ovies(", "where: { genre: { ",
  "eq: $", "genre } }, limit: 5) {\n    ti", "tle\n    rating\n  }\n}\n",
}
for _, step in ipairs(steps) do
  for char in step:gmatch(".") do type_char(char) end
  show(step)
end
vim.lsp.stop_client(id)
vim.cmd("qa!")
