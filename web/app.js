// app.js — the amaze web page: maze, sliding-puzzle and terrain tabs over amaze.js.
// Every setting lives in the address (?tab=maze&t=square&w=20&h=12&a=backtracker&seed=..),
// so a link reproduces the exact maze; bad values are reported on the page.
import { load, AmazeError, EV } from './amaze.js';
import { MazeView, COLORS } from './render.js';

const $ = (id) => document.getElementById(id);
const MAX_PAGE_SIDE = 1000;
const ANIMATE_EVENTS = 4000000; // most observer events kept for a replay

const app = { api: null, maze: null, view: null, anim: null, play: null, errors: [] };
window.amazeApp = app; // for the browser tests and the curious

// ---- messages ----
function showMessage(text, kind = 'error') {
  const m = $('message');
  m.textContent = text;
  m.className = kind;
  m.hidden = false;
}
function clearMessage() { $('message').hidden = true; $('message').textContent = ''; }
function status(text) { $('status').textContent = text; }

function randomSeed() {
  // The page picks a seed and shows it; the library itself never uses time or Math.random.
  return String(Math.floor(Math.random() * 2 ** 32));
}

// ---- URL state ----
const params = new URLSearchParams(location.search);
function saveUrl(extra) {
  const p = new URLSearchParams(location.search);
  for (const [k, v] of Object.entries(extra)) p.set(k, v);
  history.replaceState(null, '', `${location.pathname}?${p}`);
}

// Reads an integer URL parameter; a problem is collected into `problems`.
function intParam(name, label, def, min, max, problems) {
  const raw = params.get(name);
  if (raw === null || raw === '') return def;
  const v = Number(raw);
  if (!/^\s*-?\d+\s*$/.test(raw) || !Number.isSafeInteger(v)) {
    problems.push(`${label} '${raw}' is not a whole number`);
    return def;
  }
  if (v < min || v > max) {
    problems.push(`${label} ${raw} is outside ${min}..${max}`);
    return def;
  }
  return v;
}

// ---- tabs ----
function selectTab(name) {
  for (const b of document.querySelectorAll('nav button')) b.setAttribute('aria-selected', String(b.dataset.tab === name));
  for (const s of document.querySelectorAll('.panel')) s.hidden = s.id !== `panel-${name}`;
  saveUrl({ tab: name });
  if (name === 'slide' && !slide.tiles) newBoard();
  if (name === 'terrain' && !terrainDrawn) drawTerrain();
}

// ---- maze tab ----
function fillAlgorithms() {
  const topo = $('topology').value, sel = $('algorithm'), keep = sel.value;
  sel.textContent = '';
  for (const g of app.api.generators()) {
    if (!g.topologies.includes(topo)) continue;
    sel.add(new Option(g.name, g.name));
  }
  if ([...sel.options].some((o) => o.value === keep)) sel.value = keep;
}

function readMazeForm() {
  return {
    topology: $('topology').value,
    width: Number($('width').value),
    height: Number($('height').value),
    algorithm: $('algorithm').value,
    seed: $('seed').value.trim() || '0',
  };
}

function checkMazeForm(o) {
  for (const [k, v] of [['width', o.width], ['height', o.height]])
    if (!Number.isInteger(v) || v < 1 || v > MAX_PAGE_SIDE) throw new AmazeError(`${k} ${v} is outside 1..${MAX_PAGE_SIDE}`);
}

function stopAll() {
  if (app.anim) { cancelAnimationFrame(app.anim.raf); app.anim = null; }
  stopPlay();
}

// Generates the maze in the form and draws it. Returns the time taken in ms.
function generate({ events = 0 } = {}) {
  stopAll();
  const o = readMazeForm();
  const t0 = performance.now();
  try {
    checkMazeForm(o);
    const maze = app.api.generate({ ...o, events });
    if (app.maze) app.maze.free();
    app.maze = maze;
  } catch (e) {
    if (!(e instanceof AmazeError)) throw e;
    showMessage(e.message);
    return -1;
  }
  clearMessage();
  app.view = new MazeView($('maze'), app.maze);
  app.view.drawAll();
  app.view.drawEnds();
  const ms = performance.now() - t0;
  app.lastDrawMs = ms;
  saveUrl({ tab: 'maze', t: o.topology, w: o.width, h: o.height, a: o.algorithm, seed: o.seed, solver: $('solver').value });
  const s = app.api.stats(app.maze);
  status(`${o.width}x${o.height} ${o.topology}, ${o.algorithm}, seed ${o.seed}: ${s.deadEnds} dead ends, ` +
    `solution ${s.solutionLength} moves, difficulty ${s.difficulty.toFixed(1)} — made and drawn in ${ms.toFixed(1)} ms`);
  return ms;
}

function solve() {
  if (!app.maze && generate() < 0) return;
  stopAll();
  const solver = $('solver').value;
  let r;
  try {
    r = app.api.solve(app.maze, { solver });
  } catch (e) {
    if (!(e instanceof AmazeError)) throw e;
    showMessage(e.message);
    return;
  }
  app.view.reset(COLORS.floor, false);
  app.view.drawPath(r.path);
  app.view.drawEnds();
  app.solution = r;
  saveUrl({ solver });
  status(`${solver}: a path of ${r.length} moves (${r.path.length} cells)`);
}

// Speed slider 0..100 -> events per frame, 1 .. ~20000 on a log scale.
function eventsPerFrame() {
  return Math.max(1, Math.round(Math.exp((Number($('speed').value) / 100) * Math.log(20000))));
}

// Replays generation, then solving, from the library's observer events.
function animate() {
  const o = readMazeForm();
  if (generate({ events: ANIMATE_EVENTS }) < 0) return;
  const gen = app.maze.events;
  const solver = $('solver').value;
  let sol;
  try {
    sol = app.api.solve(app.maze, { solver, events: ANIMATE_EVENTS });
  } catch (e) {
    if (!(e instanceof AmazeError)) throw e;
    showMessage(e.message);
    return;
  }
  const v = app.view;
  const wallAdder = gen.length && gen[0 * 4] === EV.CARVE; // recursive division opens the field first
  v.reset(wallAdder ? COLORS.floor : COLORS.unvisited, true);
  const a = { phase: 'gen', ev: gen, i: 0, head: -1, raf: 0 };
  app.anim = a;
  status(`animating ${o.algorithm} (${gen.length / 4} steps), then ${solver} (${sol.events.length / 4} steps)`);
  const step = () => {
    let n = eventsPerFrame();
    while (n-- > 0) {
      if (a.i >= a.ev.length) {
        if (a.phase === 'gen') {
          // The maze is complete: show it as drawn by Generate, then replay the solver.
          v.reset(COLORS.floor, false);
          v.drawEnds();
          Object.assign(a, { phase: 'solve', ev: sol.events, i: 0, head: -1, walker: WALKERS.includes(solver) });
          continue;
        }
        v.drawPath(sol.path);
        v.drawEnds();
        status(`${solver}: a path of ${sol.length} moves, ${sol.events.length / 4} steps replayed`);
        app.anim = null;
        return;
      }
      replay(v, a);
    }
    a.raf = requestAnimationFrame(step);
  };
  a.raf = requestAnimationFrame(step);
}

// Solvers that walk one trail (their breadcrumbs shown green, the retreat rose); the
// others explore a region (pale).
const WALKERS = ['dfs', 'tremaux', 'wall-follower'];

// Applies one event. Generation: the head is yellow, cells on the walk green, cells
// finished (backed out of) floor. Solving: explored cells pale, the breadcrumb retreat
// (BACKTRACK) in rose, the final path red.
function replay(v, a) {
  const e = a.ev, i = a.i;
  const type = e[i], cell = e[i + 1], other = e[i + 2], dir = e[i + 3];
  a.i += 4;
  const gen = a.phase === 'gen';
  const m = v.maze;
  // Start and goal keep their markers while a solver runs over them.
  const paint = (c, color) => { if (gen || (c !== m.start && c !== m.goal)) v.paint(c, color); };
  const moveHead = (c) => {
    if (a.head >= 0 && v.color[a.head] === COLORS.head) paint(a.head, gen || a.walker ? COLORS.trail : COLORS.explored);
    a.head = c;
    if (c >= 0) paint(c, COLORS.head);
  };
  switch (type) {
    case EV.VISIT: moveHead(cell); break;
    case EV.ENTER: moveHead(cell); break;
    case EV.CARVE: v.setEdge(cell, dir, true); break;
    case EV.WALL: v.setEdge(cell, dir, false); break;
    case EV.FRONTIER: if (v.color[cell] !== COLORS.head) paint(cell, COLORS.frontier); break;
    case EV.BACKTRACK:
      paint(cell, gen ? COLORS.floor : COLORS.backtracked);
      if (a.head === cell) a.head = -1;
      if (other >= 0) moveHead(other);
      break;
    case EV.PATH: paint(cell, COLORS.path); break;
    default: break;
  }
}

// ---- play ----
const KEYS_SQUARE = { ArrowUp: 0, KeyW: 0, ArrowRight: 1, KeyD: 1, ArrowDown: 2, KeyS: 2, ArrowLeft: 3, KeyA: 3 };
const KEYS_HEX = { ArrowUp: 0, KeyW: 0, KeyE: 1, KeyD: 2, ArrowDown: 3, KeyS: 3, KeyA: 4, KeyQ: 5 };

function startPlay() {
  if (!app.maze && generate() < 0) return;
  stopAll();
  const v = app.view;
  v.reset(COLORS.floor, false);
  v.drawEnds();
  app.play = { at: app.maze.start, moves: 0, t0: 0, timer: 0, won: false };
  v.paint(app.play.at, COLORS.head);
  clearMessage();
  $('newmaze').hidden = false;
  status('Play: reach the blue goal. Moves 0, time 0.0 s');
  $('maze').focus();
}

function stopPlay() {
  if (app.play && app.play.timer) clearInterval(app.play.timer);
  app.play = null;
}

function playStatus() {
  const p = app.play;
  const t = p.t0 ? (performance.now() - p.t0) / 1000 : 0;
  status(`Play: moves ${p.moves}, time ${t.toFixed(1)} s`);
  return t;
}

function playMove(d) {
  const p = app.play, m = app.maze, v = app.view;
  if (!p || p.won || d === undefined) return;
  if (!m.open(p.at, d)) return;
  const next = m.neighbor(p.at, d);
  if (!p.t0) {
    p.t0 = performance.now();
    p.timer = setInterval(playStatus, 100);
  }
  v.paint(p.at, p.at === m.start ? COLORS.start : COLORS.trail);
  p.at = next;
  p.moves++;
  v.paint(next, COLORS.head);
  const t = playStatus();
  if (next === m.goal) {
    p.won = true;
    clearInterval(p.timer);
    showMessage(`You escaped in ${p.moves} moves and ${t.toFixed(1)} s! Press "New maze" for another.`, 'win');
  }
}

function onKey(ev) {
  if (!app.play || $('panel-maze').hidden) return;
  if (ev.target instanceof HTMLInputElement || ev.target instanceof HTMLSelectElement) return;
  const d = (app.maze.topology === 'hex' ? KEYS_HEX : KEYS_SQUARE)[ev.code];
  if (d === undefined) return;
  ev.preventDefault();
  playMove(d);
}

// Swipes: the direction whose angle is nearest the finger's movement.
function setupSwipe(canvas) {
  let from = null;
  canvas.addEventListener('pointerdown', (e) => { from = [e.clientX, e.clientY]; });
  canvas.addEventListener('pointerup', (e) => {
    if (!from || !app.play) return;
    const dx = e.clientX - from[0], dy = e.clientY - from[1];
    from = null;
    if (Math.hypot(dx, dy) < 12) return;
    const ang = (Math.atan2(dy, dx) * 180) / Math.PI; // 0 = east, 90 = south
    const dirs = app.maze.topology === 'hex' ? [270, 330, 30, 90, 150, 210] : [270, 0, 90, 180];
    let best = 0, bd = 1e9;
    dirs.forEach((a, d) => { const diff = Math.abs(((ang - a + 540) % 360) - 180); if (diff < bd) { bd = diff; best = d; } });
    playMove(best);
  });
}

// ---- sliding puzzle ----
const slide = { rows: 4, cols: 4, tiles: null, moves: 0, timer: 0, hint: -1 };

function slideMsg(text) { $('slide-status').textContent = text; }

function newBoard() {
  clearInterval(slide.timer);
  slide.auto = false;
  const rows = Number($('rows').value), cols = Number($('cols').value);
  const seed = $('slide-seed').value.trim() || '0';
  try {
    for (const [k, v] of [['rows', rows], ['columns', cols]])
      if (!Number.isInteger(v) || v < 2 || v > 8) throw new AmazeError(`${k} ${v} is outside 2..8`);
    slide.tiles = app.api.slideShuffle(rows, cols, seed);
  } catch (e) {
    if (!(e instanceof AmazeError)) throw e;
    showMessage(e.message);
    return;
  }
  clearMessage();
  Object.assign(slide, { rows, cols, moves: 0, hint: -1 });
  saveUrl({ tab: 'slide', rows, cols, sseed: seed });
  drawBoard();
  slideMsg(`${rows}x${cols}, seed ${seed}: ${slide.moves} moves`);
}

function drawBoard() {
  const b = $('board');
  b.style.gridTemplateColumns = `repeat(${slide.cols}, auto)`;
  b.textContent = '';
  const solved = app.api.slideSolved(slide.rows, slide.cols, slide.tiles);
  b.classList.toggle('solved', solved);
  slide.tiles.forEach((t, cell) => {
    const btn = document.createElement('button');
    btn.type = 'button';
    btn.dataset.cell = String(cell);
    if (t === 0) { btn.className = 'blank'; btn.setAttribute('aria-label', 'gap'); } else {
      btn.textContent = String(t);
      if (t === cell + 1) btn.classList.add('home');
      if (cell === slide.hint) btn.classList.add('hinted');
    }
    btn.addEventListener('click', () => slideCell(cell));
    b.append(btn);
  });
  return solved;
}

// Slides the tile at `cell` into the gap if they are neighbours.
function slideCell(cell, byAuto = false) {
  const blank = slide.tiles.indexOf(0), c = slide.cols;
  const near = Math.abs(cell - blank) === c || (Math.abs(cell - blank) === 1 && Math.floor(cell / c) === Math.floor(blank / c));
  if (!near || (slide.auto && !byAuto)) return false;
  slide.tiles[blank] = slide.tiles[cell];
  slide.tiles[cell] = 0;
  slide.moves++;
  slide.hint = -1;
  const solved = drawBoard();
  slideMsg(solved ? `Solved in ${slide.moves} moves!` : `${slide.moves} moves`);
  return true;
}

// The blank's move letter -> the cell whose tile slides into the gap.
function blankTarget(letter) {
  const blank = slide.tiles.indexOf(0), c = slide.cols;
  return { U: blank - c, D: blank + c, L: blank - 1, R: blank + 1 }[letter];
}

function slideSolution() {
  const { rows, cols, tiles } = slide;
  // Optimal (IDA*) when it finishes quickly, else near-optimal (weighted A*, at most
  // 1.5 times the optimum), else the fast reduction solver, which always answers.
  // The node budgets keep each try to a fraction of a second.
  const n = rows * cols;
  return (n <= 16 ? app.api.slideSolve(rows, cols, tiles, { solver: 'ida', nodeLimit: 300000 }) : null) ??
    (n <= 25 ? app.api.slideSolve(rows, cols, tiles, { solver: 'wastar', nodeLimit: 1000000 }) : null) ??
    app.api.slideSolve(rows, cols, tiles, { solver: 'fast' });
}

function hint() {
  if (app.api.slideSolved(slide.rows, slide.cols, slide.tiles)) { slideMsg('Already solved.'); return; }
  const moves = slideSolution();
  slide.hint = blankTarget(moves[0]);
  drawBoard();
  slideMsg(`Hint: slide tile ${slide.tiles[slide.hint]} (${moves.length} moves to go)`);
}

function autoSolve() {
  if (slide.auto) return;
  const moves = slideSolution();
  slideMsg(`Auto-solving: ${moves.length} moves`);
  let i = 0;
  slide.auto = true;
  clearInterval(slide.timer);
  slide.timer = setInterval(() => {
    if (i >= moves.length) {
      clearInterval(slide.timer);
      slide.auto = false;
      const solved = drawBoard();
      slideMsg(solved ? `Solved (auto-solve, ${moves.length} moves)` : 'Auto-solve did not finish');
      return;
    }
    slideCell(blankTarget(moves[i++]), true);
  }, Math.max(20, Math.min(200, 6000 / Math.max(1, moves.length))));
}

function onSlideKey(ev) {
  if ($('panel-slide').hidden || !slide.tiles) return;
  if (ev.target instanceof HTMLInputElement) return;
  // The arrow is the way the tile moves, so the blank moves the opposite way.
  const letter = { ArrowUp: 'D', ArrowDown: 'U', ArrowLeft: 'R', ArrowRight: 'L' }[ev.code];
  if (!letter) return;
  ev.preventDefault();
  const target = blankTarget(letter), blank = slide.tiles.indexOf(0);
  if (target < 0 || target >= slide.tiles.length) return;
  if ((letter === 'L' || letter === 'R') && Math.floor(target / slide.cols) !== Math.floor(blank / slide.cols)) return;
  slideCell(target);
}

// ---- terrain ----
let terrainDrawn = false;
function drawTerrain() {
  const w = Number($('t-width').value), h = Number($('t-height').value);
  const seed = $('t-seed').value.trim() || '0', rough = Number($('roughness').value);
  let map;
  const t0 = performance.now();
  try {
    for (const [k, v] of [['width', w], ['height', h]])
      if (!Number.isInteger(v) || v < 1 || v > 1024) throw new AmazeError(`terrain ${k} ${v} is outside 1..1024`);
    map = app.api.terrain({ width: w, height: h, seed, roughness: rough });
  } catch (e) {
    if (!(e instanceof AmazeError)) throw e;
    showMessage(e.message);
    return;
  }
  clearMessage();
  const c = $('terrain'), scale = Math.max(1, Math.floor(Math.min(960 / w, 640 / h)));
  c.width = w * scale;
  c.height = h * scale;
  const off = new OffscreenCanvas(w, h);
  off.getContext('2d').putImageData(new ImageData(map.rgba, w, h), 0, 0);
  const ctx = c.getContext('2d');
  ctx.imageSmoothingEnabled = false;
  ctx.drawImage(off, 0, 0, w * scale, h * scale);
  terrainDrawn = true;
  const n = w * h, pct = (k) => ((100 * map.counts[k]) / n).toFixed(0);
  $('terrain-status').textContent = `${w}x${h}, seed ${seed}, roughness ${rough}: water ${pct('water')}%, ` +
    `sand ${pct('sand')}%, earth ${pct('earth')}%, rock ${pct('rock')}% (${(performance.now() - t0).toFixed(0)} ms)`;
  saveUrl({ tab: 'terrain', tw: w, th: h, tseed: seed, rough });
}

// ---- start-up: URL -> controls ----
function applyUrl() {
  const problems = [];
  const topo = params.get('t') ?? 'square';
  if (!['square', 'hex'].includes(topo)) problems.push(`unknown grid '${topo}' (square or hex)`);
  else $('topology').value = topo;
  fillAlgorithms();
  $('width').value = intParam('w', 'width', 20, 1, MAX_PAGE_SIDE, problems);
  $('height').value = intParam('h', 'height', 12, 1, MAX_PAGE_SIDE, problems);
  const algo = params.get('a');
  if (algo !== null) {
    if ([...$('algorithm').options].some((o) => o.value === algo)) $('algorithm').value = algo;
    else problems.push(`unknown algorithm '${algo}' for ${$('topology').value} mazes (choose one of: ` +
      `${[...$('algorithm').options].map((o) => o.value).join(', ')})`);
  }
  const seed = params.get('seed');
  if (seed !== null && !/^\d{1,20}$/.test(seed.trim())) problems.push(`seed '${seed}' is not a whole number 0..18446744073709551615`);
  else if (seed !== null && BigInt(seed.trim()) >= 1n << 64n) problems.push(`seed ${seed} is larger than 18446744073709551615`);
  $('seed').value = problems.some((p) => p.startsWith('seed')) || seed === null ? randomSeed() : seed.trim();
  const solver = params.get('solver');
  if (solver !== null) {
    if (app.api.solvers().includes(solver)) $('solver').value = solver;
    else problems.push(`unknown solver '${solver}' (choose one of: ${app.api.solvers().join(', ')})`);
  }
  $('rows').value = intParam('rows', 'rows', 4, 2, 8, problems);
  $('cols').value = intParam('cols', 'columns', 4, 2, 8, problems);
  $('slide-seed').value = params.get('sseed') && /^\d{1,19}$/.test(params.get('sseed')) ? params.get('sseed') : randomSeed();
  $('t-width').value = intParam('tw', 'terrain width', 320, 1, 1024, problems);
  $('t-height').value = intParam('th', 'terrain height', 200, 1, 1024, problems);
  $('t-seed').value = params.get('tseed') && /^\d{1,19}$/.test(params.get('tseed')) ? params.get('tseed') : randomSeed();
  const rough = params.get('rough');
  if (rough !== null) {
    const r = Number(rough);
    if (!(r > 0 && r <= 1)) problems.push(`roughness '${rough}' is outside (0, 1]`);
    else $('roughness').value = String(r);
  }
  $('roughness-out').textContent = $('roughness').value;
  return problems;
}

async function main() {
  try {
    app.api = await load();
  } catch (e) {
    showMessage(`Cannot start amaze.wasm: ${e.message}`);
    return;
  }
  for (const s of app.api.solvers()) $('solver').add(new Option(s, s));
  const problems = applyUrl();
  const tab = ['maze', 'slide', 'terrain'].includes(params.get('tab')) ? params.get('tab') : 'maze';

  $('maze-form').addEventListener('submit', (e) => { e.preventDefault(); generate(); });
  $('topology').addEventListener('change', fillAlgorithms);
  $('reseed').addEventListener('click', () => { $('seed').value = randomSeed(); generate(); });
  $('solve').addEventListener('click', solve);
  $('animate').addEventListener('click', animate);
  $('play').addEventListener('click', startPlay);
  $('newmaze').addEventListener('click', () => { $('seed').value = randomSeed(); generate(); startPlay(); });
  $('maze').tabIndex = 0;
  document.addEventListener('keydown', onKey);
  document.addEventListener('keydown', onSlideKey);
  setupSwipe($('maze'));
  for (const b of document.querySelectorAll('nav button')) b.addEventListener('click', () => selectTab(b.dataset.tab));
  $('slide-form').addEventListener('submit', (e) => { e.preventDefault(); newBoard(); });
  $('hint').addEventListener('click', hint);
  $('autosolve').addEventListener('click', autoSolve);
  $('terrain-form').addEventListener('submit', (e) => { e.preventDefault(); drawTerrain(); });
  $('roughness').addEventListener('input', () => { $('roughness-out').textContent = $('roughness').value; });

  selectTab(tab);
  if (problems.length) {
    // Say what was wrong with the link; the controls hold usable values instead.
    showMessage(`This link's settings cannot be used: ${problems.join('; ')}.`);
    app.ready = true;
    return;
  }
  if (tab === 'maze') generate();
  app.ready = true;
}

main();
