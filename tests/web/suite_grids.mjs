// suite_grids.mjs — every grid of the library in the page: triangle, octagon and polar
// mazes, square mazes that wrap, weave or have levels, hex and triangle levels. For each:
// the picker shows the topology's size syntax as `amaze generate --help` names it, the
// .amz download is `amaze generate`'s bytes, Solve's path stored in the .amz is
// `amaze generate | amaze solve`'s bytes (and the CLI reads it back, which checks every
// move against the walls), the drawing shows every cell, a few moves by keys or clicks
// follow the CLI's solution, and Animate ends on the CLI's passages. Bad sizes and grid options give the library's words.

const CASES = [
  { t: 'triangle', size: '9x7', a: 'backtracker', seed: 4 },
  { t: 'octagon', size: '6x5', a: 'wilson', seed: 8 },
  { t: 'polar', size: '6', a: 'backtracker', seed: 2 },
  { t: 'polar', size: '5x8', a: 'prim', seed: 3 },
  { t: 'square', w: 8, h: 6, wrap: 'xy', a: 'kruskal', seed: 5 },
  { t: 'square', w: 10, h: 8, weave: 0.6, a: 'backtracker', seed: 4 },
  { t: 'square', w: 5, h: 4, levels: 3, a: 'backtracker', seed: 6 },
  { t: 'hex', w: 6, h: 4, levels: 2, a: 'growing-tree', seed: 1 },
  { t: 'triangle', size: '8x6', wrap: 'x', a: 'hunt-and-kill', seed: 9 },
];

function cliArgs(o) {
  const a = ['generate', '-t', o.t, '-s', o.size ?? `${o.w}x${o.h}`, '-a', o.a, '--seed', String(o.seed)];
  if (o.levels) a.push('--levels', String(o.levels));
  if (o.wrap) a.push('--wrap', o.wrap);
  if (o.weave) a.push('--weave', String(o.weave));
  return a;
}

async function gridForm(t, o) {
  const p = t.page;
  await p.evaluate(() => { document.getElementById('more').open = true; });
  await p.selectOption('#topology', o.t);
  if (o.size !== undefined) await p.fill('#size', o.size);
  if (o.w !== undefined) { await p.fill('#width', String(o.w)); await p.fill('#height', String(o.h)); }
  await p.fill('#levels', String(o.levels ?? 1));
  await p.selectOption('#wrap-grid', o.wrap ?? '');
  await p.fill('#weave', String(o.weave ?? 0));
  await p.selectOption('#algorithm', o.a);
  await p.fill('#seed', String(o.seed));
  await t.click('#generate');
}

export async function suiteGrids(t) {
  const { page } = t;
  await t.open('');
  // The picker: every topology, each with the size syntax the CLI's help gives it.
  const help = t.cli(['generate', '--help']).toString();
  const picker = await page.$$eval('#topology option', (os) => os.map((o) => [o.value, o.textContent]));
  const names = /square \(default\), ([a-z, ]+) or ([a-z]+);/.exec(help);
  const cliNames = names ? ['square', ...names[1].split(', '), names[2]] : [];
  t.check(picker.map((x) => x[0]).join() === cliNames.join(), `the grid picker lists the CLI's topologies (${picker.map((x) => x[0]).join(', ')})`);
  const syntax = Object.fromEntries(picker.map(([v, text]) => [v, /\((.*)\)$/.exec(text)?.[1]]));
  t.check(syntax.polar === 'R[xC]' && /-s R \(rings\) or RxC/.test(help) && syntax.square === 'WxH[xL]' && /-s WxHxL/.test(help),
    `the picker shows each size syntax (${picker.map((x) => x[1]).join('; ')})`);

  for (const o of CASES) {
    const tag = `${o.t} ${o.size ?? `${o.w}x${o.h}`}${o.levels ? ` x${o.levels} levels` : ''}${o.wrap ? ` wrap ${o.wrap}` : ''}${o.weave ? ` weave ${o.weave}` : ''} ${o.a}`;
    await gridForm(t, o);
    const msg = await t.message();
    if (!t.check(!msg, `${tag}: made (${msg || 'no message'})`)) continue;
    const args = cliArgs(o);
    const amz = await t.download('[data-download="amz"]');
    t.check(amz.bytes.equals(t.cli([...args, '--format', 'amz'])), `${tag}: the .amz download is amaze generate's bytes`);
    // Every existing cell is drawn from the library's outline, and the canvas shows it.
    const drawn = await page.evaluate(() => {
      const v = window.amazeApp.maze.view, g = v.geo, d = window.amazeApp.maze.data;
      let cells = 0, missing = 0;
      for (let c = 0; c < d.cells.length; c++) if (d.cells[c] !== 0xffff) { cells++; if (g.outlines && !g.polys[c].pts.length) missing++; }
      const px = v.ctx.getImageData(0, 0, v.canvas.width, v.canvas.height).data;
      let ink = 0;
      for (let i = 3; i < px.length; i += 4) if (px[i]) ink++;
      return { outlines: !!g.outlines, blocks: !!g.blocks, cells, missing, ink, area: px.length / 4 };
    });
    // A square maze that only wraps keeps the block picture (its wrapped passages open
    // the border); the rest are drawn from the library's outlines.
    const how = o.t === 'square' && o.wrap ? drawn.blocks : drawn.outlines;
    t.check(how && drawn.cells > 0 && drawn.missing === 0 && drawn.ink > drawn.area / 4,
      `${tag}: drawn ${drawn.outlines ? 'from the library\'s outlines' : 'as blocks'} (${drawn.cells} cells, ${Math.round((100 * drawn.ink) / drawn.area)}% of the canvas inked)`);
    // Weave crossings as the pictures draw them: each crossing's four corners show what
    // is behind the maze, its tunnel's two gaps are open floor, the bridge's walls ink.
    if (o.weave) {
      const x = await page.evaluate(() => {
        const v = window.amazeApp.maze.view, g = v.geo, s = v.scale;
        const px = v.ctx.getImageData(0, 0, v.canvas.width, v.canvas.height).data;
        const at = (mx, my) => { // alpha and darkness of the model point's pixel, or null off the canvas
          const X = Math.round(v.ox + s * mx), Y = Math.round(v.oy + s * my);
          if (X < 0 || Y < 0 || X >= v.canvas.width || Y >= v.canvas.height) return null;
          const i = 4 * (Y * v.canvas.width + X);
          return { a: px[i + 3], dark: px[i] + px[i + 1] + px[i + 2] < 200 };
        };
        let crossings = 0, bad = 0, why = '';
        for (let i = 0; i < g.under.length; i += 4) {
          const mid = g.under[i + 3], d = g.base(g.under[i + 1]), cx = g.centers[2 * mid], cy = g.centers[2 * mid + 1];
          const along = d % 2 ? [1, 0] : [0, 1]; // the tunnel's way
          const pt = (u, w) => at(cx + along[1] * u + along[0] * w, cy + along[0] * u + along[1] * w); // u across, w along
          const corners = [pt(-0.4, -0.4), pt(0.4, -0.4), pt(-0.4, 0.4), pt(0.4, 0.4)];
          const gaps = [pt(0, -0.47), pt(0, 0.47)], bridgeWalls = [pt(0.1, -0.25), pt(0.1, 0.25)];
          if ([...corners, ...gaps, ...bridgeWalls].some((q) => q === null)) continue;
          crossings++;
          const ok = corners.every((q) => q.a === 0) && gaps.every((q) => q.a > 0 && !q.dark) && bridgeWalls.every((q) => q.dark);
          if (!ok && !bad++) why = ` (cell ${mid}: corners ${corners.map((q) => q.a)}, gaps ${gaps.map((q) => q.dark)}, bridge ${bridgeWalls.map((q) => q.dark)})`;
        }
        return { crossings, bad, why };
      });
      t.check(x.crossings > 0 && x.bad === 0, `${tag}: ${x.crossings} weave crossings drawn as bridges over gaps${x.why}`);
    }
    // Solve, with the path kept: the .amz with the solution equals generate | solve.
    await t.click('#solve');
    const path = await page.evaluate(() => window.amazeApp.maze.solution);
    await page.setChecked('#with-solution', true);
    const solved = await t.download('[data-download="amz"]');
    await page.setChecked('#with-solution', false);
    const want = t.sh(`amaze ${args.join(' ')} | amaze solve - -a bfs --format amz`);
    t.check(solved.bytes.equals(want), `${tag}: Solve's path (${path ? path.length - 1 : '?'} moves) is amaze solve's, in the .amz bytes`);
    const back = t.cliError(['solve', t.file(`grid-${CASES.indexOf(o)}.amz`, solved.bytes), '--format', 'json']);
    t.check(back.status === 0, `${tag}: amaze reads the solved file back (every move through an open passage)${back.line ? `: ${back.line}` : ''}`);
    // Play: the first moves of the solution by the key facing each step's way (eight
    // ways and the stairs), or by a click on the next cell on polar grids (a centre
    // may have twelve ways out) and wrapped ones (the next cell may be across the maze).
    await page.click('#play');
    await page.waitForFunction(() => window.amazeApp.maze.play, null, { timeout: 10000 });
    const steps = Math.min(6, path.length - 1);
    let ok = 0, why = '';
    for (let i = 0; i < steps; i++) {
      const key = await page.evaluate(({ a, b, click }) => {
        const v = window.amazeApp.maze.view, g = v.geo;
        if (click || g.blocks) {
          v.canvas.scrollIntoView({ block: 'nearest' });
          const [px, py] = v.cellCenter(b), r = v.canvas.getBoundingClientRect(), dpr = v.canvas.width / r.width;
          return [r.left + px / dpr, r.top + py / dpr];
        }
        if (g.plane && Math.floor(a / g.plane) !== Math.floor(b / g.plane)) return b > a ? 'PageUp' : 'PageDown';
        const ang = (Math.atan2(g.centers[2 * b + 1] - g.centers[2 * a + 1], g.centers[2 * b] - g.centers[2 * a]) * 180) / Math.PI;
        const keys = [['ArrowUp', 270], ['KeyE', 315], ['ArrowRight', 0], ['KeyC', 45], ['ArrowDown', 90], ['KeyZ', 135],
          ['ArrowLeft', 180], ['KeyQ', 225]];
        let best = null, bd = Infinity;
        for (const [k, w] of keys) { const d = Math.abs(((ang - w + 540) % 360) - 180); if (d < bd) { bd = d; best = k; } }
        return best;
      }, { a: path[i], b: path[i + 1], click: o.t === 'polar' || !!o.wrap });
      if (Array.isArray(key)) await page.mouse.click(key[0], key[1]); else await page.keyboard.press(key);
      const pos = await page.evaluate(() => window.amazeApp.maze.play.game.state(0).pos);
      if (pos !== path[i + 1]) { why = ` (step ${i + 1}: ${Array.isArray(key) ? 'a click' : key} went to ${pos}, not ${path[i + 1]})`; break; }
      ok++;
    }
    t.check(steps > 0 && ok === steps, `${tag}: ${ok} of ${steps} moves by ${o.t === 'polar' || o.wrap ? 'clicks' : 'keys'} follow the CLI's solution${why}`);
    await page.keyboard.press('Escape');
    // Animate: generation replayed from the library's events, then the solve. When the
    // generation's replay ends (before the view shows the finished maze again), every
    // wall and passage drawn is the CLI's: each carve opened on both of its sides.
    await page.fill('#speed', '100');
    await page.evaluate(() => {
      const v = window.amazeApp.maze.view, reset = v.reset;
      window.genEnd = null;
      v.reset = function (color, closed, hidden) {
        if (window.amazeApp.maze.anim?.phase === 'gen' && color === 'floor' && !closed) window.genEnd = Array.from(this.open);
        return reset.call(this, color, closed, hidden);
      };
    });
    await page.click('#animate');
    await page.waitForFunction(() => !window.amazeApp.maze.anim && /steps replayed/.test(document.getElementById('status').textContent),
      null, { timeout: 30000 });
    const shownCells = await page.evaluate(() => {
      delete window.amazeApp.maze.view.reset; // the prototype's again
      return (window.genEnd || []).map((v) => (v === 0xffff ? -1 : v));
    });
    const cliCells = JSON.parse(t.cli([...args, '--format', 'json']).toString()).cells;
    const off = shownCells.map((v, c) => (v === cliCells[c] ? -1 : c)).filter((c) => c >= 0);
    t.check(shownCells.length === cliCells.length && off.length === 0,
      `${tag}: Animate's generation ends with the CLI's passages in every cell${off.length ? ` (not in ${off.length}: ${off.slice(0, 4)})` : ''}`);
  }

  // Bad sizes and grid options: the library's words, as the CLI prints them.
  for (const o of [
    { t: 'polar', size: '10x10x3', a: 'backtracker', seed: 1 },
    { t: 'polar', size: '0', a: 'backtracker', seed: 1 },
    { t: 'triangle', size: 'ten', a: 'backtracker', seed: 1 },
    { t: 'hex', w: 5, h: 4, wrap: 'x', a: 'backtracker', seed: 1 },
    { t: 'hex', w: 6, h: 5, weave: 0.3, a: 'backtracker', seed: 1 },
  ]) {
    await gridForm(t, o);
    const msg = await t.message();
    const cli = t.cliError(cliArgs(o));
    const lib = cli.line.replace(/^amaze: [^:]+: /, '');
    t.check(cli.status !== 0 && lib.length > 10 && msg.includes(lib), `bad grid ${cliArgs(o).slice(1).join(' ')}: "${msg}" (the CLI: "${cli.line}")`);
  }
}
