// suite_play.mjs — the games: the maze runner (keys, swipes and the touch pad, the
// CLI's solution as key presses, the trail joined to the start, Shift runs to the next
// junction, undo, pause stopping the clock, the hint costing the best time, fog that
// keeps the goal in sight, best times kept), and the sliding puzzle (the CLI's boards,
// moves by the library's rules, hints saying which solver answered, auto-solve).
const TRAIL = [0x33, 0xcc, 0x44], GOAL = [0x55, 0xaa, 0xff], FOG = [0x5a, 0x6b, 0x6b];

// The colour the canvas shows at a block (square) of the maze view.
function blockColor(t, bx, by) {
  return t.page.evaluate(([bx, by]) => {
    const v = window.amazeApp.maze.view, cv = document.getElementById('maze');
    v.drawNow();
    const [x, y] = v.toCanvas(bx + 0.5, by + 0.5);
    return Array.from(cv.getContext('2d').getImageData(Math.floor(x), Math.floor(y), 1, 1).data);
  }, [bx, by]);
}
const near = (p, q) => Math.abs(p[0] - q[0]) + Math.abs(p[1] - q[1]) + Math.abs(p[2] - q[2]) < 40;
const state = (t) => t.page.evaluate(() => window.amazeApp.maze.play.game.state(window.amazeApp.maze.play.now()));

// Key names for square moves by cell difference.
function squareKeys(path, w, alt = false) {
  const keys = [];
  for (let i = 1; i < path.length; i++) {
    const d = path[i] - path[i - 1];
    keys.push(d === 1 ? (alt ? 'KeyD' : 'ArrowRight') : d === -1 ? (alt ? 'KeyA' : 'ArrowLeft') : d === w ? (alt ? 'KeyS' : 'ArrowDown') : (alt ? 'KeyW' : 'ArrowUp'));
  }
  return keys;
}

export async function suitePlay(t) {
  const { page } = t;
  // ---- square: swipe, keys, the joined trail, a win and its best time ----
  const cfg = ['generate', '-s', '10x6', '--seed', '77'];
  const maze = JSON.parse(t.cli([...cfg, '--format', 'json']).toString());
  const sol = JSON.parse(t.sh(`amaze ${cfg.join(' ')} | amaze solve - --format json`).toString()).solution;
  await t.open('w=10&h=6&seed=77');
  await page.evaluate(() => localStorage.clear());
  await t.click('#play');
  const keys = squareKeys(sol, 10);
  await page.evaluate(() => document.getElementById('maze').scrollIntoView({ block: 'center' }));
  const box = await page.locator('#maze').boundingBox();
  const [sx, sy] = [box.x + box.width / 2, box.y + box.height / 2];
  const [dx, dy] = { ArrowRight: [80, 5], ArrowLeft: [-80, 5], ArrowDown: [5, 80], ArrowUp: [5, -80] }[keys[0]];
  await page.mouse.move(sx, sy);
  await page.mouse.down();
  await page.mouse.move(sx + dx, sy + dy, { steps: 4 });
  await page.mouse.up();
  t.check((await state(t)).pos === sol[1], 'play: a swipe makes the first move');
  // The trail reaches the start: the passage between the start and the first cell.
  const [ax, ay] = [sol[0] % 10, Math.floor(sol[0] / 10)], [bx, by] = [sol[1] % 10, Math.floor(sol[1] / 10)];
  t.check(near(await blockColor(t, ax + bx + 1, ay + by + 1), TRAIL), 'play: the trail joins the start cell (issue 15 item 1)');
  for (const k of squareKeys(sol.slice(1, -1), 10, true)) await page.keyboard.press(k);
  t.check(!/escaped/.test(await t.message()), 'play: no win message before the goal');
  await page.keyboard.press(keys[keys.length - 1]);
  let win = await t.message();
  t.check(/You escaped in \d+ moves/.test(win) && win.includes(`${keys.length} moves`) && /new best time/i.test(win),
    `play: the CLI's path as keys wins, with a best time ("${win}")`);
  const key = await page.evaluate(() => Object.keys(localStorage).find((k) => k.startsWith('amaze-best:')));
  t.check(!!key && key.includes('--seed 77'), `play: the best time is kept per maze (${key})`);

  // ---- Shift runs to the next junction; undo; the touch pad ----
  await t.click('#restart');
  const d0 = [0, 1, 2, 3].find((d) => maze.cells[maze.start] & (1 << d));
  // Where a run goes, from the CLI's cells: on while a cell has exactly two passages.
  const step = [-10, 1, 10, -1];
  let at = maze.start + step[d0], dir = d0;
  for (;;) {
    const m = maze.cells[at], ways = [0, 1, 2, 3].filter((d) => m & (1 << d) && d !== (dir + 2) % 4);
    if (at === maze.goal || ways.length !== 1) break;
    dir = ways[0];
    at += step[dir];
  }
  await page.keyboard.press(`Shift+${['ArrowUp', 'ArrowRight', 'ArrowDown', 'ArrowLeft'][d0]}`);
  let s = await state(t);
  t.check(s.pos === at && s.moves > 0, `play: Shift+arrow runs to the next junction (${s.moves} moves to cell ${s.pos})`);
  await page.keyboard.press('KeyU');
  t.check((await state(t)).moves === s.moves - 1, 'play: U takes back a move');
  const padMoves = (await state(t)).moves;
  const open = await page.evaluate(() => { const p = window.amazeApp.maze.play; return [0, 1, 2, 3].filter((d) => p.maze.neighbor(p.game.state(0).pos, d) >= 0 && (p.view.maze.cells[p.game.state(0).pos] & (1 << d))); });
  await page.click(`#pad button:nth-child(${open[0] + 1})`);
  t.check((await state(t)).moves === padMoves + 1, 'play: the touch pad moves');

  // The buttons do what the keys do.
  const before = (await state(t)).moves;
  await page.click('#undo');
  t.check((await state(t)).moves === before - 1, 'play: the Undo button takes back a move');
  await page.click('#hint');
  t.check(await page.evaluate(() => !!window.amazeApp.maze.play.hint), 'play: the Hint button shows the way');
  await page.click('#hint');
  await page.click('#pause');
  t.check(await page.evaluate(() => window.amazeApp.maze.play.paused), 'play: the Pause button pauses');
  await page.click('#pause');
  await page.click('#restart');
  t.check((await state(t)).moves === 0, 'play: the Restart button starts the round again');
  await page.keyboard.press(keys[0]); // the clock starts with the first move

  // ---- pause stops the clock and the keys ----
  await page.keyboard.press('KeyP');
  const t1 = (await state(t)).ms, m1 = (await state(t)).moves;
  await page.waitForTimeout(400);
  await page.keyboard.press(keys[0]);
  const paused = await state(t);
  t.check(paused.ms === t1 && paused.moves === m1 && /paused/.test(await t.text('#play-status')), `play: P pauses (clock stays at ${(t1 / 1000).toFixed(1)} s, keys ignored)`);
  t.check(await page.evaluate(() => document.getElementById('stage').classList.contains('paused')), 'play: the maze is hidden while paused');
  await page.keyboard.press('KeyP');
  await page.waitForTimeout(250);
  t.check((await state(t)).ms > t1, 'play: P again resumes the clock');

  // ---- the hint costs the best time (issue 15 item 23) ----
  await t.open('w=10&h=6&seed=78');
  await t.click('#play');
  await page.keyboard.press('Shift+Slash');
  const hinted = await page.evaluate(() => window.amazeApp.maze.play.hint?.length ?? 0);
  t.check(hinted > 1 && /hint used/.test(await t.text('#play-status')), `play: ? shows the way (${hinted} cells) and says no best time`);
  const sol78 = JSON.parse(t.sh('amaze generate -s 10x6 --seed 78 | amaze solve - --format json').toString()).solution;
  for (const k of squareKeys(sol78, 10)) await page.keyboard.press(k);
  win = await t.message();
  const kept = await page.evaluate(() => Object.keys(localStorage).filter((k) => k.includes('--seed 78')));
  t.check(/escaped/.test(win) && /no best time/.test(win) && kept.length === 0, `play: a round won with the hint records no best time ("${win}")`);

  // ---- fog keeps the goal in sight (issue 15 item 23) ----
  await t.open('w=16&h=10&seed=5');
  await page.setChecked('#fog', true);
  await t.click('#play');
  const g = await page.evaluate(() => { const d = window.amazeApp.maze.data; return [d.goal % d.width, Math.floor(d.goal / d.width), d.width]; });
  t.check(near(await blockColor(t, 2 * g[0] + 1, 2 * g[1] + 1), GOAL), 'fog: the goal stays in sight');
  t.check(near(await blockColor(t, 2 * 8 + 1, 2 * 5 + 1), FOG), 'fog: an unseen cell is hidden');
  t.check(/fog: the goal stays in sight/.test(await t.text('#play-status')), 'fog: the status line says the goal stays shown');
  await page.setChecked('#fog', false);
  const seed0 = await page.inputValue('#seed');
  await page.click('#newmaze');
  await page.waitForFunction(() => window.amazeApp.maze.play && window.amazeApp.maze.play.game.state(0).moves === 0, null, { timeout: 20000 });
  t.check(await page.inputValue('#seed') !== seed0, 'play: New maze deals another maze and plays it');
  await page.click('#stop-play');
  t.check(await page.evaluate(() => !window.amazeApp.maze.play && document.getElementById('playbar').hidden), 'play: Stop ends the round');

  // ---- hex: Q W E A S D ----
  const hex = ['generate', '-t', 'hex', '-s', '9x7', '--seed', '31'];
  const hsol = JSON.parse(t.sh(`amaze ${hex.join(' ')} | amaze solve - --format json`).toString()).solution;
  await t.open('t=hex&w=9&h=7&seed=31');
  await t.click('#play');
  const dirs = await page.evaluate((cells) => cells.slice(1).map((next, i) => {
    const m = window.amazeApp.maze.play.maze;
    for (let d = 0; d < 6; d++) if (m.neighbor(cells[i], d) === next) return d;
    return -1;
  }), hsol);
  for (const d of dirs) await page.keyboard.press(['KeyW', 'KeyE', 'KeyD', 'KeyS', 'KeyA', 'KeyQ'][d] ?? 'KeyX');
  const hexWin = await t.message();
  t.check(/You escaped/.test(hexWin) && hexWin.includes(`${dirs.length} moves`), `play hex: the CLI's path as Q W E A S D wins ("${hexWin}")`);

  // ---- sliding puzzle ----
  const board = () => page.$$eval('#board button', (bs) => bs.map((b) => Number(b.textContent || 0)));
  await t.open('tab=slide&rows=3&cols=4&sseed=2024');
  const first = await board();
  t.check(first.join(' ') === t.cli(['slide', 'shuffle', '3x4', '--seed', '2024']).toString().trim().replace(/^\d+x\d+: /, ''), 'slide: the board is amaze slide shuffle 3x4 --seed 2024');
  // ArrowUp slides the tile below the gap up (the blank goes down).
  const blank = first.indexOf(0), below = blank + 4;
  await page.locator('#board').focus();
  await page.keyboard.press('ArrowUp');
  const after = await board();
  const want = [...first];
  if (below < 12) { want[blank] = first[below]; want[below] = 0; }
  t.check(after.join() === want.join(), 'slide: an arrow key slides the tile the way it points');
  const clickable = await page.$$eval('#board button', (bs) => bs.findIndex((b, i) => b.tabIndex === 0 && b.textContent));
  await page.click(`#board button:nth-child(${clickable + 1})`);
  t.check((await board()).indexOf(0) === clickable, 'slide: a click slides a tile next to the gap');
  for (const [r, c, how, rx] of [[3, 3, 'ida', /optimal \(IDA\*\)/], [6, 6, 'fast', /fast solver/]]) {
    await t.open(`tab=slide&rows=${r}&cols=${c}&sseed=7`);
    await page.click('#slide-hint');
    await page.waitForFunction(() => /hint:/.test(document.getElementById('slide-status').textContent), null, { timeout: 30000 });
    const st = await t.text('#slide-status');
    const cliMoves = t.cli(['slide', 'solve', (await board()).join(','), '--size', `${r}x${c}`, '-a', how]).toString().trim().replace(/\s/g, '');
    t.check(rx.test(st) && st.includes(`${cliMoves.length} moves to go`), `slide ${r}x${c}: the hint says ${how} answered (${st.replace(/^.*hint: /, '')})`);
    t.check(await page.$$eval('#board button.hinted', (b) => b.length) === 1, `slide ${r}x${c}: the hint marks one tile`);
  }
  await t.open('tab=slide&rows=3&cols=4&sseed=2024');
  await page.click('#autosolve');
  await page.waitForFunction(() => /solved by auto-solve/.test(document.getElementById('slide-status').textContent), null, { timeout: 60000 });
  t.check((await board()).join(',') === '1,2,3,4,5,6,7,8,9,10,11,0', 'slide: auto-solve ends on the solved board');
  for (const [r, c, ok] of [[2, 2, true], [10, 10, true], [11, 4, false]]) {
    await page.fill('#rows', String(r));
    await page.fill('#cols', String(c));
    await page.click('#shuffle');
    const n = (await board()).length;
    const msg = await t.message();
    t.check(ok ? n === r * c && !msg : /rows 11 is outside 2..10/.test(msg), `slide: a ${r}x${c} board is ${ok ? 'dealt' : `refused (${msg})`}`);
  }
}
