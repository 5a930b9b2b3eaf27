-- Drives klineage-lsp with Neovim's built-in LSP client, headless
-- (test/integration/lsp-neovim.test): open a .cu file, wait for the skill
-- hints, request the code actions on a site's line, apply the one whose
-- title starts with $KL_APPLY (unset: none), and write the buffer to
-- $KL_RESULT. $KL_ASSUME: facts the server assumes.
-- Observations go to $KL_OUT, one per line, for FileCheck.
--   KL_LSP=... KL_FILE=... KL_SKILLS=... KL_LINE=N KL_APPLY=TITLE KL_RESULT=F KL_OUT=F \
--     nvim --headless --clean -c 'luafile nvim-lsp.lua'
local function env(k)
  local v = os.getenv(k)
  assert(v, k .. ' is not set')
  return v
end
local out = assert(io.open(env('KL_OUT'), 'w'))
local function say(s) out:write(s, '\n'); out:flush() end
local function finish(code)
  out:close()
  vim.cmd((code == 0) and 'qa!' or ('cquit ' .. code))
end
local ok, err = pcall(function()
  vim.cmd('edit ' .. vim.fn.fnameescape(env('KL_FILE')))
  local buf = vim.api.nvim_get_current_buf()
  local cmd = { env('KL_LSP'), '--skills', env('KL_SKILLS') }
  for fact in string.gmatch(os.getenv('KL_ASSUME') or '', '%S+') do
    table.insert(cmd, '--assume'); table.insert(cmd, fact)
  end
  -- Count the server's publications (a file without a skill site gets an empty one).
  local published = 0
  local publish = vim.lsp.handlers['textDocument/publishDiagnostics']
  vim.lsp.handlers['textDocument/publishDiagnostics'] = function(...)
    published = published + 1
    return publish(...)
  end
  local id = vim.lsp.start_client({ name = 'klineage', cmd = cmd, root_dir = vim.fn.getcwd() })
  assert(id, 'the server did not start')
  vim.lsp.buf_attach_client(buf, id)
  local client = vim.lsp.get_client_by_id(id)
  assert(vim.wait(120000, function() return published > 0 end, 50), 'no diagnostics published')
  say(string.format('diagnostics: %d', #vim.diagnostic.get(buf)))
  for _, d in ipairs(vim.diagnostic.get(buf)) do
    say(string.format('diagnostic %d:%d severity=%d source=%s %s', d.lnum + 1, d.col + 1, d.severity, d.source, d.message))
  end

  if not os.getenv('KL_APPLY') then
    vim.lsp.stop_client(id)
    return
  end
  local line = tonumber(env('KL_LINE')) - 1
  local params = {
    textDocument = { uri = vim.uri_from_bufnr(buf) },
    range = { start = { line = line, character = 0 }, ['end'] = { line = line, character = 0 } },
    context = { diagnostics = {} },
  }
  local replies = vim.lsp.buf_request_sync(buf, 'textDocument/codeAction', params, 120000)
  assert(replies and replies[id], 'no reply to textDocument/codeAction')
  assert(not replies[id].err, vim.inspect(replies[id].err))
  local chosen
  for _, a in ipairs(replies[id].result or {}) do
    if a.disabled then
      say('action (disabled): ' .. a.title .. ' -- ' .. a.disabled.reason)
    else
      say('action: ' .. a.title)
      if not chosen and a.title:sub(1, #env('KL_APPLY')) == env('KL_APPLY') then chosen = a end
    end
  end
  assert(chosen, 'no enabled action titled ' .. env('KL_APPLY'))
  vim.lsp.util.apply_workspace_edit(chosen.edit, client.offset_encoding)
  say('applied: ' .. chosen.title)
  local text = table.concat(vim.api.nvim_buf_get_lines(buf, 0, -1, false), '\n')
  say('buffer modified: ' .. tostring(vim.bo[buf].modified))
  for l in string.gmatch(text, '[^\n]+') do
    if l:find('__shfl') or l:find('<<<') or l:find('#pragma unroll') then say('result: ' .. vim.trim(l)) end
  end
  vim.cmd('write! ' .. vim.fn.fnameescape(env('KL_RESULT')))

  -- The edit reached the server as didChange: its hints are republished for
  -- the new text (the site the action consumed no longer has one).
  local before = #vim.diagnostic.get(buf)
  assert(vim.wait(120000, function() return published > 1 end, 50), 'no diagnostics after the edit')
  say(string.format('diagnostics after the edit: %d (were %d)', #vim.diagnostic.get(buf), before))
  vim.lsp.stop_client(id)
  vim.wait(10000, function() return vim.lsp.client_is_stopped(id) end, 50)
  say('stopped: ' .. tostring(vim.lsp.client_is_stopped(id)))
end)
if not ok then say('error: ' .. tostring(err)); finish(1) else finish(0) end
