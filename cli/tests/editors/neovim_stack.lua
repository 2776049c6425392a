-- Drives a real Neovim against `heatwise server` over a project of two
-- templates (heatwise.toml at its root), configured as the README says,
-- and writes what it saw as JSON for cli/tests/editors.rs:
--   HEATWISE=<binary> HEATWISE_NVIM_OUT=<json> nvim --headless --clean -l neovim_stack.lua
-- run in the project's directory.
local heatwise = assert(os.getenv('HEATWISE'))
local out = assert(os.getenv('HEATWISE_NVIM_OUT'))

vim.lsp.config('heatwise', {
  cmd = { heatwise, 'server' },
  filetypes = { 'yaml' },
  root_markers = { 'heatwise.toml', '.git' },
  init_options = { target = '2024.1' },
})
vim.lsp.enable('heatwise')
vim.cmd('filetype on')

local result = {}
-- The nested template: a finding with the caller that reaches it.
vim.cmd.edit('nested/app.yaml')
local app = vim.api.nvim_get_current_buf()
vim.wait(20000, function() return #vim.diagnostic.get(app) > 0 end, 50)
local client = vim.lsp.get_clients({ bufnr = app, name = 'heatwise' })[1]
result.attached = client ~= nil
result.root_dir = client and client.root_dir
result.nested = {}
for _, d in ipairs(vim.diagnostic.get(app)) do
  local related = (d.user_data and d.user_data.lsp and d.user_data.lsp.relatedInformation) or {}
  table.insert(result.nested, {
    code = d.code,
    related = related[1] and vim.uri_to_fname(related[1].location.uri),
  })
end

-- From the property the root passes to its parameter in the nested file.
vim.cmd.edit('root.yaml')
local root = vim.api.nvim_get_current_buf()
vim.wait(1000, function() return false end, 50)
local definition = client:request_sync('textDocument/definition', {
  textDocument = { uri = vim.uri_from_bufnr(root) },
  position = { line = 7, character = 7 },
}, 10000, root)
local location = definition and definition.result
if location and location[1] then location = location[1] end
result.definition = location and {
  file = vim.uri_to_fname(location.uri),
  line = location.range.start.line,
}

-- Rename the nested parameter everywhere, and save every file.
local renamed = client:request_sync('textDocument/rename', {
  textDocument = { uri = vim.uri_from_bufnr(app) },
  position = { line = 2, character = 3 },
  newName = 'flavor_size',
}, 10000, app)
if renamed and renamed.result then
  vim.lsp.util.apply_workspace_edit(renamed.result, client.offset_encoding)
  vim.cmd('silent! wall')
  result.renamed = true
end

vim.fn.writefile({ vim.json.encode(result) }, out)
vim.cmd('qa!')
