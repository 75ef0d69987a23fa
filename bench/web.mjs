// web.mjs — `make bench-web`: libamaze as WebAssembly beside the native build.
// Prints a Markdown table: backtracker generation of a 1000x1000 square maze natively
// (amaze-bench, the generator alone), as wasm in Node's V8 and in headless chromium
// (web_maze_generate: the maze's allocation and the generator), and the page's
// Generate of a 100x100 maze (generation plus drawing, as app.js times it).
// Medians of several runs, seeds 1000.. as amaze-bench uses. Never part of pass/fail.
// Usage: node bench/web.mjs BUILD_DIR WEB_DIST
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import os from 'node:os';
import { serve, launch } from '../tests/web/browser.mjs';

const [build = 'build', dist = 'web/dist'] = process.argv.slice(2);
const RUNS = 7;
const median = (v) => { const s = [...v].sort((a, b) => a - b); return s[s.length >> 1]; };
const rows = [];

// Native: the generator alone, CPU and wall time, from amaze-bench.
const nativeOut = execFileSync(`${build}/amaze-bench`, ['--quick', '--no-compare', '--runs', String(RUNS), 'backtracker'])
  .toString();
const line = nativeOut.split('\n').find((l) => /^gen\s+backtracker\s+square\s+1000x1000/.test(l));
if (line) {
  const f = line.trim().split(/\s+/); // kind algorithm grid size n cpu wall wall-s B/cell
  rows.push(['1000x1000 native (gcc -O2, amaze-bench)', 'generator only', `${(Number(f[7]) * 1000).toFixed(0)} ms`, `${f[6]} (cpu ${f[5]})`]);
}

// Wasm in Node's V8.
const { load } = await import(new URL(`file://${process.cwd()}/${dist}/amaze.js`).href);
const api = await load(readFileSync(`${dist}/amaze.wasm`));
// Warm-up: grows the wasm memory once and lets V8 tier the code up from its baseline
// compiler to the optimising one.
for (let i = 0; i < 3; i++) api.generate({ width: 1000, height: 1000, seed: 997 + i }).free();
const t = [], cpu = [];
for (let i = 0; i < RUNS; i++) {
  const c0 = process.cpuUsage();
  const t0 = performance.now();
  const m = api.generate({ width: 1000, height: 1000, seed: 1000 + i });
  t.push(performance.now() - t0);
  const c = process.cpuUsage(c0); // the process's CPU time, like amaze-bench's cpu column
  cpu.push((c.user + c.system) / 1000);
  m.free();
}
const wasmNode = median(t);
rows.push([`1000x1000 wasm in Node ${process.version} (V8)`, 'allocate + generate', `${wasmNode.toFixed(0)} ms`,
  `${(1000 / wasmNode).toFixed(1)} (cpu ${(1000 / median(cpu)).toFixed(1)})`]);

// Wasm and the page in chromium.
const server = await serve(dist);
const browser = await launch();
try {
  const page = await browser.newPage({ viewport: { width: 1100, height: 900 } });
  await page.goto(`${server.url}?t=square&w=100&h=100&a=backtracker&seed=1000`);
  await page.waitForFunction(() => window.amazeApp && window.amazeApp.ready);
  const inPage = await page.evaluate((runs) => {
    const api2 = window.amazeApp.api;
    for (let i = 0; i < 3; i++) api2.generate({ width: 1000, height: 1000, seed: 997 + i }).free();
    const v = [];
    for (let i = 0; i < runs; i++) {
      const t0 = performance.now();
      const m = api2.generate({ width: 1000, height: 1000, seed: 1000 + i });
      v.push(performance.now() - t0);
      m.free();
    }
    return v;
  }, RUNS);
  const wasmChrome = median(inPage);
  const version = browser.version();
  rows.push([`1000x1000 wasm in chromium ${version}`, 'allocate + generate', `${wasmChrome.toFixed(0)} ms`, (1000 / wasmChrome).toFixed(1)]);
  const draw = [];
  for (let i = 0; i < 2 * RUNS; i++) {
    await page.click('#generate');
    draw.push(await page.evaluate(() => window.amazeApp.lastDrawMs));
  }
  rows.push(['100x100 page Generate button, chromium', 'generate + draw', `${median(draw).toFixed(1)} ms`, '']);
} finally {
  await browser.close();
  await server.close();
}

console.log(`amaze web bench, ${new Date().toISOString().slice(0, 16)}Z, ${os.cpus()[0].model}, ${os.cpus().length} cores, ` +
  `load ${os.loadavg().map((x) => x.toFixed(1)).join(' ')}; medians of ${RUNS} runs (page: ${2 * RUNS})\n`);
console.log('| backtracker, square maze | what is timed | median wall time | M cells/s: wall (cpu) |');
console.log('|---|---|---|---|');
for (const r of rows) console.log(`| ${r.join(' | ')} |`);
