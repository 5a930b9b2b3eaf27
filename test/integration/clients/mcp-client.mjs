// Drives klineage-mcp with the official MCP TypeScript SDK client over stdio
// (test/integration/mcp-client.test): list the tools, call each one, send
// malformed arguments. Prints one line per observation for FileCheck; an
// assertion failure exits non-zero.
//   node mcp-client.mjs CLIENTS_DIR SERVER KERNEL.cu WORKLOAD.yaml SKILL.yaml OUT_DIR
import { createRequire } from 'node:module';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';

const [, , clientsDir, server, kernel, workload, skill, outDir] = process.argv;
const require = createRequire(path.join(clientsDir, 'package.json'));
const { Client } = require('@modelcontextprotocol/sdk/client/index.js');
const { StdioClientTransport } = require('@modelcontextprotocol/sdk/client/stdio.js');
const { McpError } = require('@modelcontextprotocol/sdk/types.js');

const client = new Client({ name: 'klineage-lit', version: '1.0.0' });
await client.connect(new StdioClientTransport({ command: server, args: [], stderr: 'inherit' }));
console.log(`server: ${client.getServerVersion().name}`);

const { tools } = await client.listTools();
console.log(`tools: ${tools.map((t) => t.name).sort().join(' ')}`);
for (const t of tools.sort((a, b) => a.name.localeCompare(b.name)))
  console.log(`schema ${t.name}: required=${t.inputSchema.required.join(',')}`);

const before = fs.readFileSync(kernel, 'utf8');
const call = async (name, args) => {
  const r = await client.callTool({ name, arguments: args });
  if (r.isError) return { error: r.content[0].text };
  assert.equal(r.content[0].type, 'text');
  assert.deepEqual(JSON.parse(r.content[0].text), r.structuredContent);
  return r.structuredContent;
};

// list_sites: the row kernel's row-parallelize site is unknown until
// reassociation is assumed.
let r = await call('list_sites', { file: kernel, rewrite: 'row-parallelize', direction: 'forward' });
for (const s of r.sites)
  console.log(`list_sites: ${s.rewrite} ${s.direction} line ${s.line} applicable=${s.applicable} blocked_by=${s.blocked_by}`);
r = await call('list_sites', { file: kernel, assume: ['reassociate'], applicable_only: true });
console.log(`list_sites assuming reassociate: ${r.sites.map((s) => `${s.rewrite}:${s.direction}`).sort().join(' ')}`);

// check_skill.
r = await call('check_skill', { skill, file: kernel });
for (const v of r.verdicts) console.log(`check_skill: ${r.skill} line ${v.line} ${v.status} assume=${v.assume}`);
r = await call('check_skill', { skill, file: kernel, assume: ['reassociate'] });
console.log(`check_skill assuming reassociate: holds_somewhere=${r.holds_somewhere}`);

// apply_rewrite: refused without the fact, applied (and written elsewhere) with it.
r = await call('apply_rewrite', { file: kernel, rewrite: 'row-parallelize', direction: 'forward' });
console.log(`apply_rewrite: ${r.outcome} refused=${r.refused.map((x) => `${x.blocked_by}/${x.diagnostic}/${x.assume}`).join(' ')}`);
const out = path.join(outDir, 'row-parallel.cu');
r = await call('apply_rewrite', {
  file: kernel, rewrite: 'row-parallelize', direction: 'forward', assume: ['reassociate'], output: out,
});
console.log(`apply_rewrite assuming reassociate: ${r.outcome} edits=${r.edits.length} written=${path.basename(r.written)}`);
assert.equal(fs.readFileSync(out, 'utf8'), r.text);
// An unsaved buffer: the content argument is what is rewritten.
r = await call('apply_rewrite', {
  file: kernel, content: before.replace('int block = 256;', 'int block = 128;'), rewrite: 'loop-unroll',
  direction: 'forward', options: { 'unroll-factor': '4' },
});
console.log(`apply_rewrite on content: ${r.outcome} block128=${r.outcome !== 'applied' || r.text.includes('int block = 128;')}`);
r = await call('apply_rewrite', { file: kernel, rewrite: 'row-parallelize', direction: 'forward', output: kernel });
console.log(`apply_rewrite in place: ${r.error}`);

// run_gate (compile stage: CI has no GPU) and optimize.
r = await call('run_gate', { candidates: [kernel], workload, stages: 'compile' });
console.log(`run_gate: exit=${r.exit_code} verdict=${r.verdict} compile=${r.report.candidates[0].stages.compile.status}`);
r = await call('optimize', {
  kernel, workload, output_dir: path.join(outDir, 'opt'), budget: 2, method: 'catalogue', stages: 'compile', max_steps: 1,
});
console.log(`optimize: exit=${r.exit_code} method=${r.method} steps=${r.steps.length} best=${path.basename(r.best_kernel)}`);

// Malformed arguments: a tool error naming the argument; an unknown tool is a protocol error.
for (const [name, args] of [
  ['apply_rewrite', { file: kernel, rewrite: 'row-parallelize' }],
  ['apply_rewrite', { file: kernel, rewrite: 'no-such-rewrite', direction: 'forward' }],
  ['list_sites', { fil: kernel }],
  ['list_sites', { file: 42 }],
  ['run_gate', { candidates: [], workload }],
  ['apply_rewrite', { file: kernel, rewrite: 'loop-unroll', direction: 'forward', options: { 'unroll-factor': 'many' } }],
  ['check_skill', { skill: kernel, file: kernel }],
  ['list_sites', { file: path.join(outDir, 'missing.cu') }],
]) {
  r = await call(name, args);
  assert.ok(r.error, `${name} ${JSON.stringify(args)} should fail`);
  console.log(`malformed ${name}: ${r.error.split('\n')[0]}`);
}
try {
  await client.callTool({ name: 'no_such_tool', arguments: {} });
  assert.fail('unknown tool accepted');
} catch (e) {
  assert.ok(e instanceof McpError);
  console.log(`unknown tool: McpError ${e.code}: ${e.message}`);
}

assert.equal(fs.readFileSync(kernel, 'utf8'), before, 'the input file was changed');
console.log('input unchanged');
await client.close();
