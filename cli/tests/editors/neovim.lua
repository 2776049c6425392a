-- Drives a real Neovim against `heatwise server`, configured as the README
-- says, and writes what it saw as JSON for cli/tests/editors.rs:
--   HEATWISE=<binary> HEATWISE_TEMPLATE=<file> HEATWISE_NVIM_OUT=<json> nvim --headless --clean -l neovim.lua
local heatwise = assert(os.getenv('HEATWISE'))
local template = assert(os.getenv('HEATWISE_TEMPLATE'))
local out = assert(os.getenv('HEATWISE_NVIM_OUT'))

-- The README's configuration.
vim.lsp.config('heatwise', {
  cmd = { heatwise, 'server' },
  filetypes = { 'yaml' },
  root_markers = { '.git' },
  init_options = { target = '2024.1' },
})
vim.lsp.enable('heatwise')

vim.cmd('filetype on')
vim.cmd.edit(template)
local result = { diagnostics = {} }
vim.wait(20000, function() return #vim.diagnostic.get(0) > 0 end, 50)
local client = vim.lsp.get_clients({ bufnr = 0, name = 'heatwise' })[1]
result.attached = client ~= nil
result.encoding = client and client.offset_encoding
for _, d in ipairs(vim.diagnostic.get(0)) do
  table.insert(result.diagnostics, {
    code = d.code,
    lnum = d.lnum,
    col = d.col,
    end_col = d.end_col,
    severity = d.severity,
    message = d.message,
    deprecated = (d._tags or {}).deprecated == true,
  })
end

if client and result.diagnostics[1] then
  local first = result.diagnostics[1]
  local uri = vim.uri_from_bufnr(0)
  local hover = client:request_sync('textDocument/hover', {
    textDocument = { uri = uri },
    position = { line = first.lnum, character = first.col + 1 },
  }, 10000, 0)
  result.hover = hover and hover.result and hover.result.contents.value
  local actions = client:request_sync('textDocument/codeAction', {
    textDocument = { uri = uri },
    range = { start = { line = 0, character = 0 }, ['end'] = { line = 0, character = 0 } },
    context = { diagnostics = {}, only = { 'source.fixAll.heatwise' } },
  }, 10000, 0)
  local action = actions and actions.result and actions.result[1]
  if action then
    vim.lsp.util.apply_workspace_edit(action.edit, client.offset_encoding)
  end
  result.fixed = table.concat(vim.api.nvim_buf_get_lines(0, 0, -1, false), '\n')
  vim.wait(20000, function() return #vim.diagnostic.get(0) == 0 end, 50)
  result.after = #vim.diagnostic.get(0)
end

vim.fn.writefile({ vim.json.encode(result) }, out)
vim.cmd('qa!')
