// web.mjs — `make bench-web`: libamaze as WebAssembly beside the native build, and the
// page's own numbers. Prints Markdown tables:
//  1. backtracker generation of a 1000x1000 square maze natively (amaze-bench, the
//     generator alone), as wasm in Node's V8 and in headless chromium (the maze's
//     allocation and the generator);
//  2. the page: Generate pressed for 100x100, 1000x1000 and 2000x2000 mazes until the
//     maze is drawn (the worker generates; the page draws), with the longest task on the
//     page's main thread meanwhile (PerformanceObserver 'longtask', which reports tasks
//     over 50 ms); the first load's bytes and time to ready.
// Medians of several runs, seeds 1000.. as amaze-bench uses. Never part of pass/fail.
// Usage: node bench/web.mjs BUILD_DIR WEB_DIST
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import os from 'node:os';
import { serve, launch } from '../tests/web/browser.mjs';

const [build = 'build', dist = 'web/dist'] = process.argv.slice(2);
const RUNS = 7;
const median = (v) => { const s = [...v].sort((a, b) => a - b); return s[s.length >> 1]; };
const load0 = os.loadavg().map((x) => x.toFixed(1)).join(' ');
const rows = [], page = [];

// Native: the generator alone, CPU and wall time, from amaze-bench.
const nativeOut = execFileSync(`${build}/amaze-bench`, ['--quick', '--no-compare', '--runs', String(RUNS), 'backtracker']).toString();
const line = nativeOut.split('\n').find((l) => /^gen\s+backtracker\s+square\s+1000x1000/.test(l));
if (line) {
  const f = line.trim().split(/\s+/); // kind algorithm grid size n cpu wall wall-s B/cell
  rows.push(['1000x1000 native (gcc -O2, amaze-bench)', 'generator only', `${(Number(f[7]) * 1000).toFixed(0)} ms`, `${f[6]} (cpu ${f[5]})`]);
}

// Wasm in Node's V8.
const { load } = await import(new URL(`file://${process.cwd()}/${dist}/amaze.js`).href);
const api = await load(readFileSync(`${dist}/amaze.wasm`));
// Warm-up: grows the wasm memory once and lets V8 tier the code up.
for (let i = 0; i < 3; i++) api.generate({ width: 1000, height: 1000, seed: 997 + i }).free();
const t = [], cpu = [];
for (let i = 0; i < RUNS; i++) {
  const c0 = process.cpuUsage(), t0 = performance.now();
  const m = api.generate({ width: 1000, height: 1000, seed: 1000 + i });
  t.push(performance.now() - t0);
  const c = process.cpuUsage(c0); // the process's CPU time, like amaze-bench's cpu column
  cpu.push((c.user + c.system) / 1000);
  m.free();
}
const wasmNode = median(t);
rows.push([`1000x1000 wasm in Node ${process.version} (V8)`, 'allocate + generate', `${wasmNode.toFixed(0)} ms`,
  `${(1000 / wasmNode).toFixed(1)} (cpu ${(1000 / median(cpu)).toFixed(1)})`]);

const server = await serve(dist);
const browser = await launch();
let version = '';
try {
  // First load: bytes over the wire and time until the first maze is drawn.
  const ctx = await browser.newContext();
  const p0 = await ctx.newPage();
  let bytes = 0;
  p0.on('response', async (r) => { try { bytes += (await r.body()).length; } catch { /* none */ } });
  const l0 = Date.now();
  await p0.goto(`${server.url}?w=20&h=12&seed=1`);
  await p0.waitForFunction(() => window.amazeApp && window.amazeApp.ready);
  page.push(['first load (no cache)', 'index.html to the first maze drawn', `${Date.now() - l0} ms`, `${Math.round(bytes / 1024)} KB transferred`]);
  await ctx.close();

  const p = await browser.newPage({ viewport: { width: 1100, height: 900 } });
  await p.goto(`${server.url}?w=100&h=100&seed=1000`);
  await p.waitForFunction(() => window.amazeApp && window.amazeApp.ready);
  version = browser.version();
  const inPage = await p.evaluate((runs) => {
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
  rows.push([`1000x1000 wasm in chromium ${version}`, 'allocate + generate', `${wasmChrome.toFixed(0)} ms`, (1000 / wasmChrome).toFixed(1)]);

  // The page: Generate until drawn, and the longest main-thread task meanwhile.
  for (const [side, runs] of [[100, 2 * RUNS], [1000, RUNS], [2000, 3]]) {
    const r = await p.evaluate(async ([side, runs]) => {
      const tab = window.amazeApp.maze, ms = [];
      let longest = 0;
      const po = new PerformanceObserver((l) => { for (const e of l.getEntries()) longest = Math.max(longest, e.duration); });
      po.observe({ type: 'longtask' });
      document.getElementById('width').value = side;
      document.getElementById('height').value = side;
      for (let i = 0; i < runs; i++) {
        document.getElementById('seed').value = String(1000 + i);
        const t0 = performance.now();
        await tab.generate();
        await new Promise((res) => requestAnimationFrame(() => res())); // the frame that shows it
        ms.push(performance.now() - t0);
        await new Promise((res) => setTimeout(res, side > 1000 ? 1500 : 200)); // statistics, off the clock
      }
      po.disconnect();
      ms.sort((a, b) => a - b);
      return { ms: ms[ms.length >> 1], longest };
    }, [side, runs]);
    page.push([`${side}x${side} Generate in the page`, 'worker generates, page draws', `${r.ms.toFixed(0)} ms`,
      r.longest ? `${r.longest.toFixed(0)} ms` : 'none over 50 ms']);
  }
} finally {
  await browser.close();
  await server.close();
}

console.log(`amaze web bench, ${new Date().toISOString().slice(0, 16)}Z, ${os.cpus()[0].model}, ${os.cpus().length} cores, ` +
  `load ${load0} at the start, ${os.loadavg().map((x) => x.toFixed(1)).join(' ')} at the end; medians of ${RUNS} runs\n`);
console.log('| backtracker, square maze | what is timed | median wall time | M cells/s: wall (cpu) |');
console.log('|---|---|---|---|');
for (const r of rows) console.log(`| ${r.join(' | ')} |`);
console.log('\n| the page in chromium | what is timed | median wall time | longest main-thread task / size |');
console.log('|---|---|---|---|');
for (const r of page) console.log(`| ${r.join(' | ')} |`);
