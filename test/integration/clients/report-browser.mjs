// Opens a lineage report (klineage report --html) in headless Chromium
// through playwright-core (test/integration/report-browser.test): no page
// error, no console error, no request beyond the file itself (the page is
// self-contained); the graph's nodes and edges are in the DOM, one node per
// kernel of the record; a screenshot is written and is not blank.
//   node report-browser.mjs CLIENTS_DIR REPORT.html LINEAGE.json SCREENSHOT.png
import { createRequire } from 'node:module';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

const [, , clientsDir, report, record, screenshot] = process.argv;
const require = createRequire(path.join(clientsDir, 'package.json'));
const { chromium } = require('playwright-core');

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM || '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking',
         '--disable-component-update', '--disable-sync'],
});
const page = await browser.newPage({ viewport: { width: 1000, height: 800 } });
const problems = [];
page.on('pageerror', (e) => problems.push(`page error: ${e.message}`));
page.on('console', (m) => { if (m.type() === 'error') problems.push(`console error: ${m.text()}`); });
const url = pathToFileURL(report).href;
page.on('request', (r) => { if (r.url() !== url) problems.push(`request: ${r.url()}`); });
const response = await page.goto(url, { waitUntil: 'load' });
assert.ok(response.ok(), 'the report did not load');

const steps = JSON.parse(fs.readFileSync(record, 'utf8')).steps.length;
const nodes = await page.locator('#lineage-graph g.node').count();
const edges = await page.locator('#lineage-graph g.edge').count();
console.log(`title: ${await page.title()}`);
console.log(`graph: ${nodes} nodes, ${edges} edges; record: ${steps} steps`);
assert.equal(nodes, steps + 1);
assert.equal(edges, steps);
const first = await page.locator('#node-0 text').first().textContent();
console.log(`node-0: ${first}`);
const box = await page.locator('#lineage-graph').boundingBox();
assert.ok(box && box.width > 100 && box.height > 100, 'the graph is not drawn');
console.log(`diffs: ${await page.locator('pre.diff').count()}`);

await page.screenshot({ path: screenshot, fullPage: true });
// Not blank: the screenshot, drawn back into the page, has many colours.
const png = fs.readFileSync(screenshot).toString('base64');
const colours = await page.evaluate(async (data) => {
  const img = new Image();
  img.src = `data:image/png;base64,${data}`;
  await img.decode();
  const c = document.createElement('canvas');
  c.width = img.width; c.height = img.height;
  const g = c.getContext('2d');
  g.drawImage(img, 0, 0);
  const px = g.getImageData(0, 0, c.width, c.height).data;
  const seen = new Set();
  for (let i = 0; i < px.length; i += 4 * 7) seen.add((px[i] << 16) | (px[i + 1] << 8) | px[i + 2]);
  return { width: img.width, height: img.height, colours: seen.size };
}, png);
console.log(`screenshot: ${colours.width}x${colours.height}, ${colours.colours > 16 ? 'not blank' : 'BLANK'}`);
assert.ok(colours.colours > 16, `screenshot has ${colours.colours} colours`);
assert.deepEqual(problems, []);
console.log('no page errors, no console errors, no outside requests');
await browser.close();
