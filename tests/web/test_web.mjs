// test_web.mjs — the amaze web page in headless chromium. Every expected value comes
// from somewhere other than the page's own drawing: mazes and path lengths from the
// amaze CLI (a separate native build), pixels checked against the maze the wasm API
// returns, the slide board read back from the DOM.
// Run by test_web.sh; env AMAZE, AMZ_WEB_DIST, AMZ_NODE_MODULES, AMZ_CHROMIUM.
import { execFileSync } from 'node:child_process';
import { serve, launch } from './browser.mjs';

const AMAZE = process.env.AMAZE;
let failures = 0;
function check(ok, what) {
  if (ok) { console.log(`ok   ${what}`); return; }
  failures++;
  console.log(`FAIL ${what}`);
}

function cli(args, input) {
  return execFileSync(AMAZE, args, { input, maxBuffer: 1 << 26 }).toString();
}
function cliMaze({ t, w, h, a, seed }) {
  return cli(['generate', '-t', t, '-s', `${w}x${h}`, '-a', a, '--seed', String(seed), '--format', 'json']);
}

const server = await serve(process.env.AMZ_WEB_DIST);
const browser = await launch();
const page = await browser.newPage({ viewport: { width: 1100, height: 900 } });
const consoleErrors = [];
page.on('console', (m) => { if (m.type() === 'error') consoleErrors.push(m.text()); });
page.on('pageerror', (e) => consoleErrors.push(`page error: ${e.message}`));

async function open(query) {
  await page.goto(`${server.url}?${query}`);
  await page.waitForFunction(() => window.amazeApp && window.amazeApp.ready, null, { timeout: 20000 });
}
const message = () => page.evaluate(() => {
  const m = document.getElementById('message');
  return m.hidden ? '' : m.textContent;
});

// Compares the canvas with a maze generated independently through the API in the
// page: square mazes as blocks (cell, east and south passage, corner), hex mazes at
// cell centres and edge midpoints. Returns a list of mismatches.
async function pixelMismatches(cfg) {
  return page.evaluate(async ({ t, w, h, a, seed }) => {
    const { load } = await import('./amaze.js');
    const api = await load();
    const m = api.generate({ topology: t, width: w, height: h, algorithm: a, seed });
    const canvas = document.getElementById('maze');
    const px = canvas.getContext('2d').getImageData(0, 0, canvas.width, canvas.height).data;
    const at = (x, y) => { const i = 4 * (Math.floor(y) * canvas.width + Math.floor(x)); return [px[i], px[i + 1], px[i + 2]]; };
    const near = (p, q) => Math.abs(p[0] - q[0]) + Math.abs(p[1] - q[1]) + Math.abs(p[2] - q[2]) < 40;
    const WALL = [0x11, 0x22, 0x22], FLOOR = [0xee, 0xff, 0xff];
    const bad = [];
    const expect = (x, y, want, what) => { if (!near(at(x, y), want)) bad.push(`${what}: ${at(x, y)} at ${x},${y}`); };
    const ends = new Set([m.start, m.goal]);
    if (t === 'square') {
      const b = canvas.width / (2 * w + 1);
      if (!Number.isInteger(b) || canvas.height !== (2 * h + 1) * b) bad.push(`canvas ${canvas.width}x${canvas.height}`);
      const mid = (k) => (k + 0.5) * b;
      for (let y = 0; y < h; y++) for (let x = 0; x < w; x++) {
        const c = y * w + x;
        if (!ends.has(c)) expect(mid(2 * x + 1), mid(2 * y + 1), FLOOR, `cell ${c}`);
        if (x + 1 < w) expect(mid(2 * x + 2), mid(2 * y + 1), m.open(c, 1) ? FLOOR : WALL, `east of ${c}`);
        if (y + 1 < h) expect(mid(2 * x + 1), mid(2 * y + 2), m.open(c, 2) ? FLOOR : WALL, `south of ${c}`);
        expect(mid(2 * x + 2), mid(2 * y + 2), WALL, `corner ${c}`);
      }
      for (let k = 0; k < 2 * w + 1; k++) expect(mid(k), mid(0), WALL, 'top border');
    } else {
      const v = window.amazeApp.view;
      for (let c = 0; c < w * h; c++) {
        const [cx, cy] = v.center(c);
        if (!ends.has(c)) expect(cx, cy, FLOOR, `cell ${c}`);
        for (let d = 0; d < 6; d++) {
          const [ex, ey] = v.edgeCenter(c, d);
          const o = m.neighbor(c, d);
          expect(ex, ey, o >= 0 && m.open(c, d) ? FLOOR : WALL, `edge ${d} of ${c}`);
        }
      }
    }
    m.free();
    return bad;
  }, cfg);
}

async function generateInPage({ t, w, h, a, seed }) {
  await page.selectOption('#topology', t);
  await page.fill('#width', String(w));
  await page.fill('#height', String(h));
  await page.selectOption('#algorithm', a);
  await page.fill('#seed', String(seed));
  await page.click('#generate');
  return page.evaluate(() => ({
    cells: Array.from(window.amazeApp.maze.cells, (v) => (v === 255 ? -1 : v)),
    start: window.amazeApp.maze.start, goal: window.amazeApp.maze.goal,
    url: location.search,
  }));
}

try {
  // ---- load ----
  await open('');
  check(await page.evaluate(() => !!window.amazeApp.maze), 'the page loads and draws a maze');

  // ---- generate: pixels and the CLI ----
  const configs = [
    { t: 'square', w: 15, h: 9, a: 'backtracker', seed: 12345 },
    { t: 'square', w: 23, h: 17, a: 'kruskal', seed: 7 },
    { t: 'square', w: 8, h: 30, a: 'recursive-division', seed: 18446744073709551615n },
    { t: 'hex', w: 12, h: 8, a: 'wilson', seed: 99 },
    { t: 'hex', w: 9, h: 11, a: 'prim', seed: 3 },
  ];
  for (const cfg of configs) {
    const tag = `${cfg.t} ${cfg.w}x${cfg.h} ${cfg.a} seed ${cfg.seed}`;
    const got = await generateInPage(cfg);
    const want = JSON.parse(cliMaze(cfg));
    check(JSON.stringify(got.cells) === JSON.stringify(want.cells) && got.start === want.start && got.goal === want.goal,
      `${tag}: the page's maze equals amaze generate --format json`);
    const bad = await pixelMismatches(cfg);
    check(bad.length === 0, `${tag}: canvas pixels match the API's maze${bad.length ? ` (${bad.length} wrong, first: ${bad[0]})` : ''}`);
    check(got.url.includes(`seed=${cfg.seed}`) && got.url.includes(`a=${cfg.a}`), `${tag}: settings are in the URL`);
  }

  // A shared link reproduces the maze.
  const link = { t: 'hex', w: 10, h: 7, a: 'hunt-and-kill', seed: 4242 };
  await open(`t=${link.t}&w=${link.w}&h=${link.h}&a=${link.a}&seed=${link.seed}`);
  const fromLink = await page.evaluate(() => Array.from(window.amazeApp.maze.cells, (v) => (v === 255 ? -1 : v)));
  check(JSON.stringify(fromLink) === JSON.stringify(JSON.parse(cliMaze(link)).cells), 'a link with settings reproduces the maze');

  // ---- solve ----
  for (const cfg of [{ t: 'square', w: 30, h: 20, a: 'backtracker', seed: 5 }, { t: 'hex', w: 14, h: 10, a: 'kruskal', seed: 8 }]) {
    await generateInPage(cfg);
    await page.selectOption('#solver', 'bfs');
    await page.click('#solve');
    const r = await page.evaluate(() => ({ len: window.amazeApp.solution.length, path: window.amazeApp.solution.path }));
    const solved = JSON.parse(cli(['solve', '-', '-a', 'bfs', '--format', 'json'], cliMaze(cfg)));
    check(r.len === solved.solution.length - 1, `${cfg.t} bfs: path length ${r.len} equals the CLI's ${solved.solution.length - 1}`);
    // The path is drawn: red at every path cell but the start and goal markers.
    const notRed = await page.evaluate((path) => {
      const v = window.amazeApp.view, c = document.getElementById('maze');
      const px = c.getContext('2d').getImageData(0, 0, c.width, c.height).data;
      return path.slice(1, -1).filter((cell) => {
        const [x, y] = v.center(cell);
        const i = 4 * (Math.floor(y) * c.width + Math.floor(x));
        return !(Math.abs(px[i] - 0xdd) < 20 && Math.abs(px[i + 1] - 0x22) < 20 && Math.abs(px[i + 2] - 0x11) < 20);
      }).length;
    }, r.path);
    check(notRed === 0, `${cfg.t} bfs: the path is drawn in red on the canvas (${notRed} cells not red)`);
  }

  // ---- animate: replays to the end and leaves the solved maze ----
  await generateInPage({ t: 'square', w: 12, h: 8, a: 'backtracker', seed: 1 });
  await page.selectOption('#solver', 'dfs');
  await page.fill('#speed', '100');
  await page.click('#animate');
  await page.waitForFunction(() => !window.amazeApp.anim && /steps replayed/.test(document.getElementById('status').textContent),
    null, { timeout: 20000 });
  // The breadcrumb retreat stays visible: every cell dfs backed out of is rose.
  const retreat = await page.evaluate(async () => {
    const { load } = await import('./amaze.js');
    const api = await load();
    const m = api.generate({ width: 12, height: 8, algorithm: 'backtracker', seed: 1 });
    const ev = api.solve(m, { solver: 'dfs', events: 1e6 }).events;
    const backed = new Set();
    for (let i = 0; i < ev.length; i += 4) if (ev[i] === 4 && ev[i + 1] !== m.start && ev[i + 1] !== m.goal) backed.add(ev[i + 1]);
    m.free();
    const shown = window.amazeApp.view.color.flatMap((c, i) => (c === '#c8a0a0' ? [i] : []));
    return { want: [...backed].sort((a, b) => a - b).join(','), got: shown.join(',') };
  });
  check(retreat.want.length > 0 && retreat.got === retreat.want,
    `animate: dfs's retreat is shown (${retreat.got.split(',').length} cells)`);

  // ---- play: the CLI's path as key presses reaches the win message ----
  const playCfg = { t: 'square', w: 10, h: 6, a: 'backtracker', seed: 77 };
  await generateInPage(playCfg);
  await page.click('#play');
  const sol = JSON.parse(cli(['solve', '-', '--format', 'json'], cliMaze(playCfg))).solution;
  const keys = [];
  for (let i = 1; i < sol.length; i++) {
    const d = sol[i] - sol[i - 1];
    keys.push(d === 1 ? 'ArrowRight' : d === -1 ? 'KeyA' : d === playCfg.w ? 'ArrowDown' : 'KeyW');
  }
  // The first move is a swipe (pointer down, drag, up) in its direction.
  const box = await page.locator('#maze').boundingBox();
  const [sx, sy] = [box.x + box.width / 2, box.y + box.height / 2];
  const [dx, dy] = { ArrowRight: [80, 5], KeyA: [-80, 5], ArrowDown: [5, 80], KeyW: [5, -80] }[keys[0]];
  await page.mouse.move(sx, sy);
  await page.mouse.down();
  await page.mouse.move(sx + dx, sy + dy, { steps: 4 });
  await page.mouse.up();
  check(/moves 1,/.test(await page.textContent('#status')), 'play: a swipe makes the first move');
  for (const k of keys.slice(1, -1)) await page.keyboard.press(k);
  check(!/escaped/.test(await message()), 'play: no win message before the goal');
  await page.keyboard.press(keys[keys.length - 1]);
  const win = await message();
  check(/You escaped in \d+ moves/.test(win) && win.includes(`${keys.length} moves`), `play: the scripted keys win ("${win}")`);

  // Hex play: Q W E / A S D are the six directions.
  const hexCfg = { t: 'hex', w: 9, h: 7, a: 'backtracker', seed: 31 };
  await generateInPage(hexCfg);
  await page.click('#play');
  const hexSol = JSON.parse(cli(['solve', '-', '--format', 'json'], cliMaze(hexCfg))).solution;
  const dirs = await page.evaluate((cells) => cells.slice(1).map((next, i) => {
    const m = window.amazeApp.maze;
    for (let d = 0; d < 6; d++) if (m.neighbor(cells[i], d) === next) return d;
    return -1;
  }), hexSol);
  for (const d of dirs) await page.keyboard.press(['KeyW', 'KeyE', 'KeyD', 'KeyS', 'KeyA', 'KeyQ'][d] ?? 'KeyX');
  const hexWin = await message();
  check(/You escaped/.test(hexWin) && hexWin.includes(`${dirs.length} moves`), `play hex: the scripted keys win ("${hexWin}")`);

  // ---- sliding puzzle: auto-solve ends solved ----
  await open('tab=slide&rows=3&cols=4&sseed=2024');
  const board = () => page.$$eval('#board button', (bs) => bs.map((b) => Number(b.textContent || 0)));
  const before = await board();
  check(before.length === 12 && [...before].sort((x, y) => x - y).every((v, i) => v === i), 'slide: a 3x4 board of tiles 0..11');
  await page.click('#hint');
  check(await page.$$eval('#board button.hinted', (b) => b.length) === 1, 'slide: hint marks one tile');
  await page.click('#autosolve');
  await page.waitForFunction(() => /Solved/.test(document.getElementById('slide-status').textContent), null, { timeout: 30000 });
  const after = await board();
  check(after.join(',') === '1,2,3,4,5,6,7,8,9,10,11,0', `slide: auto-solve ends solved (${after.join(',')})`);
  // Clicking a tile next to the gap moves it.
  await page.click('#shuffle');
  const b0 = await board();
  const gap = b0.indexOf(0), nb = gap % 4 > 0 ? gap - 1 : gap + 1;
  await page.click(`#board button[data-cell="${nb}"]`);
  const b1 = await board();
  check(b1[gap] === b0[nb] && b1[nb] === 0, 'slide: a click slides the tile into the gap');

  // ---- terrain ----
  await open('tab=terrain&tw=64&th=40&tseed=3&rough=0.6');
  const colours = await page.evaluate(() => {
    const c = document.getElementById('terrain');
    const px = c.getContext('2d').getImageData(0, 0, c.width, c.height).data;
    const s = new Set();
    for (let i = 0; i < px.length; i += 4 * 97) s.add((px[i] << 16) | (px[i + 1] << 8) | px[i + 2]);
    return s.size;
  });
  check(colours > 20, `terrain: a map of many colours is drawn (${colours})`);

  // ---- bad links: a clear message, no breakage ----
  const bad = [
    ['tab=slide&rows=1', /rows 1 is outside 2\.\.8/],
    ['w=0', /width 0 is outside 1\.\.1000/],
    ['h=100000', /height 100000 is outside 1\.\.1000/],
    ['w=abc', /width 'abc' is not a whole number/],
    ['a=no-such-maze', /unknown algorithm 'no-such-maze'/],
    ['t=hex&a=binary-tree', /unknown algorithm 'binary-tree' for hex/],
    ['seed=-4', /seed '-4' is not a whole number/],
    ['seed=99999999999999999999', /larger than 18446744073709551615/],
    ['t=triangle', /unknown grid 'triangle'/],
    ['solver=teleport', /unknown solver 'teleport'/],
  ];
  for (const [q, re] of bad) {
    await open(q);
    const msg = await message();
    check(re.test(msg), `bad link ?${q}: "${msg}"`);
  }
  // After a bad link the page still works.
  await page.click('#generate');
  check((await message()) === '' && await page.evaluate(() => !!window.amazeApp.maze), 'after a bad link, Generate works');

  // ---- speed (reported, never asserted) ----
  await open('t=square&w=100&h=100&a=backtracker&seed=1');
  const ms = [];
  for (let i = 0; i < 5; i++) {
    await page.click('#generate');
    ms.push(await page.evaluate(() => window.amazeApp.lastDrawMs));
  }
  ms.sort((x, y) => x - y);
  console.log(`info 100x100 backtracker generate+draw in the page: median ${ms[2].toFixed(1)} ms`);

  check(consoleErrors.length === 0, `no console errors${consoleErrors.length ? `: ${consoleErrors.join(' | ')}` : ''}`);
} catch (e) {
  failures++;
  console.log(`FAIL ${e.stack}`);
} finally {
  await browser.close();
  await server.close();
}
console.log(failures ? `${failures} web check(s) failed` : 'all web checks passed');
process.exit(failures ? 1 : 0);
