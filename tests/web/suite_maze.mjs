// suite_maze.mjs — the maze tab's making: every option through the form against
// `amaze generate` (the page's .amz, JSON and text downloads byte for byte), the
// canvas against the CLI's maze, Solve and the path joining start and goal, Animate,
// PNG pixels and SVG pictures against `amaze render`.
import { readFileSync } from 'node:fs';

const FLOOR = [0xee, 0xff, 0xff], WALL = [0x11, 0x22, 0x22], RED = [0xdd, 0x22, 0x11];

// Compares the canvas with the CLI's maze (JSON): square mazes block by block (cell,
// east and south passage, corner; removed cells transparent), hex mazes at cell
// centres and edge midpoints. Returns the mismatches.
// `want` is the maze (the CLI's JSON as an object, or its text: big mazes travel to
// the page as text, which is much quicker than an array of a million numbers).
export function canvasMismatches(t, want, { skip = [], anyFloor = false } = {}) {
  return t.page.evaluate(({ want, skip, anyFloor, FLOOR, WALL }) => {
    if (typeof want === 'string') want = { topology: 'square', ...JSON.parse(want) };
    const v = window.amazeApp.maze.view, cv = document.getElementById('maze');
    v.drawNow();
    const px = cv.getContext('2d').getImageData(0, 0, cv.width, cv.height).data;
    const at = (x, y) => { const i = 4 * (Math.floor(y) * cv.width + Math.floor(x)); return [px[i], px[i + 1], px[i + 2], px[i + 3]]; };
    const near = (p, q) => p[3] > 200 && Math.abs(p[0] - q[0]) + Math.abs(p[1] - q[1]) + Math.abs(p[2] - q[2]) < 40;
    const bad = [], w = want.width, h = want.height, ends = new Set([want.start, want.goal, ...skip]);
    const cell = (x, y) => (x >= 0 && y >= 0 && x < w && y < h ? want.cells[y * w + x] : -1);
    const expect = (ux, uy, color, what) => {
      const [x, y] = v.toCanvas(ux, uy);
      if (x < 0 || y < 0 || x >= cv.width || y >= cv.height) return;
      const p = at(x, y);
      // anyFloor: a replay's colours (path, retreat) may cover floors; walls stay walls.
      const ok = color === null ? p[3] === 0 : anyFloor && color === FLOOR ? p[3] > 200 && !near(p, WALL) : near(p, color);
      if (!ok) bad.push(`${what}: ${p} at ${Math.floor(x)},${Math.floor(y)}`);
    };
    // Only the cells in sight (a big maze is panned, not shrunk).
    const u0 = [-v.ox / v.scale, -v.oy / v.scale], u1 = [(cv.width - v.ox) / v.scale, (cv.height - v.oy) / v.scale];
    if (want.topology === 'square') {
      const xs = [Math.max(0, Math.floor((u0[0] - 1) / 2)), Math.min(w, Math.ceil(u1[0] / 2))];
      const ys = [Math.max(0, Math.floor((u0[1] - 1) / 2)), Math.min(h, Math.ceil(u1[1] / 2))];
      for (let y = ys[0]; y < ys[1]; y++) for (let x = xs[0]; x < xs[1]; x++) {
        const c = y * w + x, m = want.cells[c];
        if (m < 0) { expect(2 * x + 1.5, 2 * y + 1.5, null, `removed cell ${c}`); continue; }
        if (!ends.has(c)) expect(2 * x + 1.5, 2 * y + 1.5, FLOOR, `cell ${c}`);
        if (cell(x + 1, y) >= 0 || x + 1 === w) expect(2 * x + 2.5, 2 * y + 1.5, m & 2 ? FLOOR : WALL, `east of ${c}`);
        if (cell(x, y + 1) >= 0 || y + 1 === h) expect(2 * x + 1.5, 2 * y + 2.5, m & 4 ? FLOOR : WALL, `south of ${c}`);
        expect(2 * x + 2.5, 2 * y + 2.5, WALL, `corner ${c}`);
      }
    } else {
      const g = v.geo, r = g.range(w, h, u0[0], u0[1], u1[0], u1[1]);
      for (let y = r.y0; y < r.y1; y++) for (let x = r.x0; x < r.x1; x++) {
        const c = y * w + x, m = want.cells[c];
        if (m < 0) continue;
        if (!ends.has(c)) expect(...g.center(x, y), FLOOR, `cell ${c}`);
        const pts = g.corners(x, y);
        g.edges.forEach(([a, b], d) => {
          expect((pts[a][0] + pts[b][0]) / 2, (pts[a][1] + pts[b][1]) / 2, m & (1 << d) ? FLOOR : WALL, `edge ${d} of ${c}`);
        });
      }
    }
    return bad;
  }, { want, skip, anyFloor, FLOOR, WALL });
}

// Boxes around the start and goal hexagons of the maze shown, by image.h's geometry
// at the default cell (written here: 2048 px on the longer side, 4..20 px), so that a
// picture missing an opening there, or drawing one elsewhere, is told apart from
// anti-aliasing.
async function endBoxes(t) {
  const m = await t.shown();
  const units = Math.max(0.75 * (m.width - 1) + 1, (Math.sqrt(3) / 4) * (2 * m.height + (m.width > 1 ? 1 : 0)));
  const cell = Math.min(20, Math.max(4, Math.floor(2048 / units)));
  const s = cell / 2, hh = (s * Math.sqrt(3)) / 2, wall = Math.max(1, Math.floor(cell / 8));
  const o = Math.floor(cell / 2) + wall / 2, r = s + wall + 1;
  return [m.start, m.goal].map((c) => {
    const x = c % m.width, y = Math.floor(c / m.width);
    const cx = o + s + 1.5 * s * x, cy = o + hh * (2 * y + 1 + (x & 1));
    return [Math.floor(cx - r), Math.floor(cy - r), Math.ceil(cx + r), Math.ceil(cy + r)];
  });
}

// The CLI's arguments for a form setting (written here, apart from the page's own
// command line, which is checked against it).
function cliArgs(o) {
  const a = ['generate', '-t', o.t, '-s', `${o.w}x${o.h}`, '-a', o.a, '--seed', String(o.seed)];
  if (o.shape) a.push('--shape', o.shape);
  if (o.braid) a.push('--braid', String(o.braid));
  if (o.ends === 'farthest') a.push('--goal', 'farthest');
  if (o.ends === 'longest') a.push('--longest');
  if (o.bias) a.push('--bias', `${o.bias[0]}:${o.bias[1]}`);
  if (o.choice) a.push('--choice', o.choice);
  if (o.branching) a.push('--branching', String(o.branching));
  if (o.nearStart) a.push('--near-start');
  if (o.start) a.push('--start', String(o.start), '--goal', String(o.goal));
  return a;
}

export async function suiteMaze(t) {
  const { page } = t;
  await t.open('');
  t.check(await page.evaluate(() => !!window.amazeApp.maze.data), 'the page loads and draws a maze');

  // ---- registries: the controls list what the library has ----
  const listed = t.cli(['generate', '--list-algorithms']).toString().trim().split('\n').map((l) => l.split(/\s+/));
  for (const topo of ['square', 'hex']) {
    await page.selectOption('#topology', topo);
    const opts = await page.$$eval('#algorithm option', (os) => os.map((o) => o.value));
    const want = listed.filter((f) => f[1].split(',').includes(topo)).map((f) => f[0]);
    t.check(opts.join() === want.join(), `${topo}: the algorithm list is the CLI's (${opts.length} generators)`);
  }
  const solvers = t.cli(['solve', '--list-algorithms']).toString().trim().split('\n').map((l) => l.split(/\s+/)[0]);
  t.check((await page.$$eval('#solver option', (os) => os.map((o) => o.value))).join() === solvers.join(), 'the solver list is the CLI\'s');

  // ---- every maze option: downloads equal `amaze generate` byte for byte ----
  const configs = [
    { t: 'square', w: 15, h: 9, a: 'backtracker', seed: 12345 },
    { t: 'hex', w: 12, h: 8, a: 'wilson', seed: 99, shape: 'circle', braid: 0.25 },
    { t: 'square', w: 23, h: 17, a: 'growing-tree', seed: 7, choice: 'newest:75,random:25', ends: 'farthest' },
    { t: 'square', w: 16, h: 10, a: 'binary-tree', seed: 3, bias: ['sw', 0.7] },
    { t: 'hex', w: 13, h: 11, a: 'hunt-and-kill', seed: 5, shape: 'hexagon', branching: 0.5, nearStart: true, ends: 'longest' },
    { t: 'square', w: 30, h: 20, a: 'kruskal', seed: '18446744073709551615', shape: 'diamond' },
    { t: 'hex', w: 10, h: 9, a: 'prim', seed: 31, shape: 'triangle' },
  ];
  for (const o of configs) {
    const tag = `${o.t} ${o.w}x${o.h} ${o.a}${o.shape ? ` ${o.shape}` : ''}${o.braid ? ' braid' : ''}${o.ends ? ` ${o.ends}` : ''}`;
    await t.form(o);
    const args = cliArgs(o);
    const amz = await t.download('[data-download="amz"]');
    t.check(amz.bytes.equals(t.cli([...args, '--format', 'amz'])), `${tag}: .amz download equals amaze generate's bytes (${amz.name})`);
    const json = await t.download('[data-download="json"]');
    t.check(json.bytes.equals(t.cli([...args, '--format', 'json'])), `${tag}: JSON download equals amaze generate's bytes`);
    for (const style of ['ascii', 'unicode', 'blocks']) {
      await page.selectOption('#text-style', style);
      const refused = t.cliError([...args, '--format', 'text', '--style', style]);
      if (refused.status) {
        // Styles a grid cannot take: the page says what the CLI says.
        await t.click('[data-download="text"]');
        t.check(await t.message() === refused.line, `${tag}: ${style} text is refused with the CLI's words (${refused.line})`);
        continue;
      }
      const txt = await t.download('[data-download="text"]');
      t.check(txt.bytes.equals(t.cli([...args, '--format', 'text', '--style', style, '--color', 'never'])),
        `${tag}: ${style} text download equals amaze generate's bytes`);
    }
    const want = JSON.parse(json.bytes.toString());
    const bad = await canvasMismatches(t, { ...want, width: want.width, height: want.height });
    t.check(bad.length === 0, `${tag}: the canvas shows the CLI's maze${bad.length ? ` (${bad.length} wrong, first: ${bad[0]})` : ''}`);
    // The command line the page shows makes the same maze.
    const shown = (await t.text('#cli')).replace(/^amaze /, '').split(' ').map((s) => s.replace(/^'|'$/g, ''));
    t.check(t.cli([...shown, '--format', 'amz']).equals(amz.bytes), `${tag}: the page's command line (${await t.text('#cli')}) makes the same bytes`);
    const url = await page.evaluate(() => location.search);
    t.check(url.includes(`seed=${o.seed}`) && url.includes(`a=${o.a}`), `${tag}: the settings are in the address`);
  }

  // A shared link reproduces the maze, options included.
  const link = configs[1];
  await t.open(`t=hex&w=12&h=8&a=wilson&seed=99&shape=circle&braid=0.25`);
  t.check(JSON.stringify((await t.shown()).cells) === JSON.stringify(JSON.parse(t.cli([...cliArgs(link), '--format', 'json'])).cells),
    'a link with its options reproduces the maze');

  // ---- start and goal by clicking ----
  await t.open('w=9&h=7&seed=21');
  await page.evaluate(() => { document.getElementById('more').open = true; });
  for (const [which, x, y] of [['start', 6, 2], ['goal', 1, 5], ['root', 3, 3]]) {
    await page.click(`#pick-${which}`);
    const [cx, cy] = await page.evaluate(([x, y]) => {
      const v = window.amazeApp.maze.view;
      v.canvas.scrollIntoView({ block: 'nearest' }); // below the fold with More options open
      const r = v.canvas.getBoundingClientRect(), [px, py] = v.toCanvas(2 * x + 1.5, 2 * y + 1.5);
      return [r.left + px / (v.canvas.width / r.width), r.top + py / (v.canvas.height / r.height)];
    }, [x, y]);
    await page.mouse.click(cx, cy);
    await t.idle();
  }
  const picked = await t.download('[data-download="amz"]');
  t.check(picked.bytes.equals(t.cli(['generate', '-s', '9x7', '--seed', '21', '--start', '6,2', '--goal', '1,5', '--root', '3,3', '--format', 'amz'])),
    'start, goal and root clicked on the maze: the .amz equals amaze generate --start 6,2 --goal 1,5 --root 3,3');

  // ---- solve: the path joins start and goal (issue 15 item 1) ----
  for (const o of [{ t: 'square', w: 30, h: 20, a: 'backtracker', seed: 5 }, { t: 'hex', w: 14, h: 10, a: 'kruskal', seed: 8 }]) {
    await t.form(o);
    await page.selectOption('#solver', 'bfs');
    await t.click('#solve');
    const path = await page.evaluate(() => window.amazeApp.maze.solution);
    const cliPath = JSON.parse(t.sh(`amaze ${cliArgs(o).join(' ')} | amaze solve - -a bfs --format json`).toString()).solution;
    t.check(JSON.stringify(path) === JSON.stringify(cliPath), `${o.t} bfs: the path is the CLI's (${path.length - 1} moves)`);
    const gaps = await page.evaluate(({ path, RED }) => {
      const v = window.amazeApp.maze.view, cv = document.getElementById('maze');
      v.drawNow();
      const px = cv.getContext('2d').getImageData(0, 0, cv.width, cv.height).data;
      const red = (ux, uy) => {
        const [x, y] = v.toCanvas(ux, uy), i = 4 * (Math.floor(y) * cv.width + Math.floor(x));
        return Math.abs(px[i] - RED[0]) < 30 && Math.abs(px[i + 1] - RED[1]) < 30 && Math.abs(px[i + 2] - RED[2]) < 30;
      };
      const bad = [];
      for (let i = 1; i < path.length; i++) {
        const [ax, ay] = v.xy(path[i - 1]), [bx, by] = v.xy(path[i]);
        // The passage between two path cells, the first and last included.
        const mid = v.geo.blocks ? [ax + bx + 1.5, ay + by + 1.5]
          : [(v.geo.center(ax, ay)[0] + v.geo.center(bx, by)[0]) / 2, (v.geo.center(ax, ay)[1] + v.geo.center(bx, by)[1]) / 2];
        if (!red(...mid)) bad.push(`${path[i - 1]}-${path[i]}`);
        if (i < path.length - 1 && !red(...(v.geo.blocks ? [2 * bx + 1.5, 2 * by + 1.5] : v.geo.center(bx, by)))) bad.push(`cell ${path[i]}`);
      }
      return bad;
    }, { path, RED });
    t.check(gaps.length === 0, `${o.t} bfs: the path is drawn from the start to the goal, the passages at both ends included${gaps.length ? ` (not red: ${gaps.slice(0, 4)})` : ''}`);
    // With the solution: the bytes of `amaze generate ... | amaze solve -`.
    await page.setChecked('#with-solution', true);
    const solvedAmz = await t.download('[data-download="amz"]');
    t.check(solvedAmz.bytes.equals(t.sh(`amaze ${cliArgs(o).join(' ')} | amaze solve - -a bfs --format amz`)),
      `${o.t}: .amz with the solution equals amaze generate | amaze solve's bytes`);
    await page.setChecked('#with-solution', false);
  }

  // ---- animate: replays to the end, the retreat shown, the path joined ----
  await t.form({ t: 'square', w: 12, h: 8, a: 'backtracker', seed: 1 });
  await page.selectOption('#solver', 'dfs');
  await page.fill('#speed', '100');
  await page.click('#animate');
  await page.waitForFunction(() => !window.amazeApp.maze.anim && /steps replayed/.test(document.getElementById('status').textContent),
    null, { timeout: 30000 });
  const anim = await page.evaluate(() => {
    const tab = window.amazeApp.maze, v = tab.view, path = tab.solution;
    const shown = [];
    for (let c = 0; c < v.color.length; c++) if (v.colorName(c) === 'backtracked') shown.push(c);
    return { shown, path, start: tab.data.start, goal: tab.data.goal };
  });
  const events = t.sh('amaze generate -s 12x8 --seed 1 | amaze solve - -a dfs --format json');
  const dfsPath = JSON.parse(events.toString()).solution;
  t.check(JSON.stringify(anim.path) === JSON.stringify(dfsPath), 'animate: dfs ends on the CLI\'s path');
  const onPath = new Set(dfsPath);
  t.check(anim.shown.length > 0 && anim.shown.every((c) => !onPath.has(c)), `animate: dfs's retreat is shown rose off the path (${anim.shown.length} cells)`);
  const bad = await canvasMismatches(t, { ...JSON.parse(t.cli(['generate', '-s', '12x8', '--seed', '1', '--format', 'json']).toString()), topology: 'square' },
    { anyFloor: true });
  t.check(bad.length === 0, `animate: the walls and passages at the end are the maze's${bad.length ? ` (${bad.slice(0, 3)})` : ''}`);

  // ---- pictures: PNG pixels and SVG against amaze render ----
  const pics = [
    { o: { t: 'square', w: 20, h: 10, a: 'backtracker', seed: 5 }, solve: false },
    { o: { t: 'square', w: 31, h: 17, a: 'kruskal', seed: 7, shape: 'circle' }, solve: true },
    { o: { t: 'hex', w: 16, h: 10, a: 'backtracker', seed: 5 }, solve: true },
    // Start and goal on a circle's rim, beside removed cells (square: W of (4,6), E of
    // (16,5); hex: NW of (1,2), SE of (11,8)), not on the grid's border: their openings
    // face the background.
    { o: { t: 'square', w: 21, h: 13, a: 'kruskal', seed: 7, shape: 'circle', start: [4, 6], goal: [16, 5] }, solve: true },
    { o: { t: 'hex', w: 13, h: 11, a: 'prim', seed: 3, shape: 'circle', start: [1, 2], goal: [11, 8] }, solve: false },
  ];
  for (const { o, solve } of pics) {
    const tag = `${o.t} ${o.w}x${o.h}${o.shape ? ` ${o.shape}` : ''}${o.start ? ' rim ends' : ''}${solve ? ' solved' : ''}`;
    if (o.start) await t.open(`t=${o.t}&w=${o.w}&h=${o.h}&a=${o.a}&seed=${o.seed}&shape=${o.shape}&start=${o.start}&goal=${o.goal}`);
    else await t.form(o);
    await page.setChecked('#with-solution', solve);
    const pipe = `amaze ${cliArgs(o).join(' ')}${solve ? ' | amaze solve - -a bfs' : ''} | amaze render -`;
    t.sh(`${pipe} -o cli.png && ${pipe} -o cli.svg`);
    const png = await t.download('[data-download="png"]');
    // Around start and goal (their openings), the pictures agree but for edge shades.
    const boxes = o.t === 'hex' ? await endBoxes(t) : [];
    const cmp = await t.comparePictures(png.bytes, readFileSync(t.file('cli.png')), { tol: 96, boxes });
    const svg = await t.download('[data-download="svg"]');
    const cliSvg = readFileSync(t.file('cli.svg'));
    const scmp = await t.comparePictures(svg.bytes.toString(), cliSvg.toString(), { tol: 96 });
    if (o.t === 'square') {
      t.check(cmp.a.join() === cmp.b.join() && cmp.differ === 0, `${tag}: PNG pixels equal amaze render's (${cmp.a.join('x')}, ${cmp.differ} differ)`);
      t.check(scmp.a.join() === scmp.b.join() && scmp.differ === 0, `${tag}: SVG renders to amaze render's SVG pixels (${scmp.differ} differ)`);
    } else {
      // Hex edges are anti-aliased by two different rasterisers: same size, and no
      // pixel far off apart from edge pixels (under 2% of the picture).
      t.check(cmp.a.join() === cmp.b.join() && cmp.far < cmp.total * 0.002,
        `${tag}: PNG the size of amaze render's with the same drawing (${cmp.differ} of ${cmp.total} pixels differ, ${cmp.far} by more than an edge's shade)`);
      t.check(cmp.farIn <= 2, `${tag}: start and goal have amaze render's openings (${cmp.farIn} pixels far off around them)`);
      t.check(scmp.a.join() === scmp.b.join() && scmp.far < scmp.total * 0.002, `${tag}: SVG draws amaze render's SVG (${scmp.differ} pixels differ, ${scmp.far} by more than an edge's shade)`);
    }
    const head = svg.bytes.toString().slice(0, 300), cliHead = cliSvg.toString().slice(0, 300);
    const size = (s) => /width="([\d.]+)pt" height="([\d.]+)pt"/.exec(s)?.slice(1).join('x');
    t.check(size(head) === size(cliHead), `${tag}: the SVG is amaze render's size (${size(head)} pt)`);
  }
  await page.setChecked('#with-solution', false);
}
