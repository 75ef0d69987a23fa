// maze_tab.js — the maze tab: generate (in the worker), show (view.js), solve,
// animate from the library's observer events, play (play.js), masks (mask.js), and
// the files and prints (maze_files.js). Its state is its own: the settings, the maze
// shown and where it came from, the solution, the animation, the round being played.
import { AmazeError, EV, REMOVED } from './amaze.js';
import { Canceled } from './client.js';
import { MazeView } from './view.js';
import { MazeSettings } from './maze_settings.js';
import { MaskEditor } from './mask.js';
import { Play } from './play.js';
import { MazeFiles } from './maze_files.js';
import { LIMITS } from './limits.js';
import { $, showMessage, clearMessage, saveUrl, busy, progress, randomSeed } from './ui.js';

// Solvers that walk one trail (breadcrumbs green, the retreat rose); the others
// explore a region (pale).
const WALKERS = ['dfs', 'tremaux', 'wall-follower'];

export class MazeTab {
  constructor({ api, worker }) {
    this.api = api;
    this.worker = worker;
    this.settings = new MazeSettings(api);
    this.settings.onEnds = () => this.showEnds();
    this.view = new MazeView($('maze'), $('panel-maze'));
    this.files = new MazeFiles(this);
    this.data = null;       // the maze shown: {topology, width, height, cells, start, goal, ...}
    this.source = null;     // {kind: 'generate', settings, command} or {kind: 'open', name, bytes}
    this.solution = null;   // path cells of the last solve (the worker's maze carries it)
    this.anim = null;
    this.play = null;
    this.editor = null;     // the mask being drawn
    this.pick = null;       // 'start' | 'goal' while picking an end
    this.local = null;      // the shown maze on the page's own wasm instance (for play)
    this.seq = 0;           // drops answers to requests that were overtaken
    this.wire();
  }

  wire() {
    $('maze-form').addEventListener('submit', (e) => { e.preventDefault(); this.generate(); });
    $('reseed').addEventListener('click', () => { $('seed').value = randomSeed(); this.generate(); });
    $('solve').addEventListener('click', () => this.solve());
    $('animate').addEventListener('click', () => this.animate());
    $('play').addEventListener('click', () => this.startPlay());
    $('newmaze').addEventListener('click', async () => {
      $('seed').value = randomSeed();
      if (await this.generate()) this.startPlay();
    });
    $('stop-play').addEventListener('click', () => this.stopAll(true));
    $('pause').addEventListener('click', () => this.play?.togglePause());
    $('hint').addEventListener('click', () => this.play?.toggleHint());
    $('undo').addEventListener('click', () => this.play?.undo());
    $('restart').addEventListener('click', () => this.play?.restart());
    $('fog').addEventListener('change', () => { if (this.play) this.startPlay(); });
    $('ends').addEventListener('change', () => this.showEnds());
    $('pick-start').addEventListener('click', () => this.startPick('start'));
    $('pick-goal').addEventListener('click', () => this.startPick('goal'));
    $('pick-root').addEventListener('click', () => this.startPick('root'));
    $('clear-ends').addEventListener('click', () => { this.settings.ends = { start: null, goal: null, root: null }; this.showEnds(); this.generate(); });
    $('draw-mask').addEventListener('click', () => this.toggleMaskEditor());
    $('clear-mask').addEventListener('click', () => { this.setMask(null); this.generate(); });
    $('zoom-in').addEventListener('click', () => this.view.zoom(2));
    $('zoom-out').addEventListener('click', () => this.view.zoom(0.5));
    $('zoom-fit').addEventListener('click', () => this.view.fit());
    this.view.on('tap', (c) => { if (!this.play?.tap(c)) this.onTap(c); });
    this.view.on('swipe', (a) => this.play?.swipe(a));
    this.view.on('paint', (c, first) => this.editor?.stroke(c, first));
    this.view.on('draw', () => { $('zoom-text').textContent = this.view.describe(); });
    window.addEventListener('resize', () => { if (this.data || this.view.picture) this.view.fit(); });
  }

  status(text) { $('status').textContent = text; }
  applyUrl(problems) {
    this.settings.applyUrl(problems);
    this.showEnds();
    this.showMask();
  }
  show() { if (!this.data && !this.source) this.pending = this.generate(); }

  // Stops the animation and the round (and leaves the drawing tools).
  stopAll(redraw = false) {
    if (this.anim) { cancelAnimationFrame(this.anim.raf); this.anim = null; }
    if (this.play) {
      this.play.stop();
      this.play = null;
      $('playbar').hidden = true;
      this.view.mode = 'pan';
      if (redraw) this.redraw();
    }
  }
  // The maze as Generate drew it (the solution on it if one was found).
  redraw() {
    if (!this.data) return;
    this.view.reset('floor', false);
    if (this.solution) this.view.path(this.solution);
  }

  // A worker call with the busy bar and its progress; null if it was stopped or
  // overtaken, else the result. Errors show their message; with `cli`, the library's
  // message as that amaze command prints it ("amaze: generate: ...").
  async run(label, op, args, { quiet = false, cli = null } = {}) {
    const seq = ++this.seq;
    this.lastError = null;
    busy(label, true);
    try {
      const r = await this.worker.call(op, args, { onProgress: progress });
      return seq === this.seq ? r : null;
    } catch (e) {
      this.lastError = e.message;
      if (e instanceof Canceled) { this.status(`${label} stopped`); this.source = this.source && { ...this.source, lost: true }; return null; }
      if (!quiet) showMessage(cli ? `amaze: ${cli}: ${e.message}` : e.message);
      return null;
    } finally {
      busy(label, false);
    }
  }
  // The amaze command that the shown maze's files come from.
  command() { return this.source && this.source.kind === 'open' ? 'solve' : 'generate'; }
  // The worker holds the shown maze again (after a Stop ended it, or a refresh).
  async restore() {
    const s = this.source;
    if (!s || !s.lost) return true;
    const r = s.kind === 'open' ? await this.run('reopening', 'open', { bytes: s.bytes, name: s.name })
      : await this.run('regenerating', 'generate', { settings: s.settings });
    if (!r) return false;
    s.lost = false;
    if (this.solution) await this.run('solving', 'solve', { solver: $('solver').value });
    return true;
  }

  // ---- generate ----
  // Generates the maze of the form; with `events`, keeps that many observer events for
  // an animation. Returns the worker's answer (null on failure).
  async generate({ events = 0 } = {}) {
    this.stopAll();
    if (this.editor) this.finishMask(false);
    let s;
    try {
      s = this.settings.read();
    } catch (e) {
      if (!(e instanceof AmazeError)) throw e;
      showMessage(e.message);
      return null;
    }
    const t0 = performance.now(), size = s.size || `${s.width}x${s.height}`;
    const r = await this.run(`generating ${size}`, 'generate', { settings: s, events }, { cli: 'generate' });
    if (!r) return null;
    clearMessage();
    // The library's recipe: the `amaze generate` options that make this maze again.
    const command = `amaze generate ${r.maze.recipe}`;
    this.showMaze(r.maze, r.bitmap, { kind: 'generate', settings: s, command });
    const ms = performance.now() - t0;
    this.lastDrawMs = ms;
    saveUrl(this.settings.url(s));
    $('cli').textContent = command;
    this.status(`${size} ${s.topology}, ${s.algorithm}, seed ${s.seed}: made and drawn in ${ms.toFixed(0)} ms`);
    this.events = r.events;
    this.loadStats();
    return r;
  }
  showMaze(data, bitmap, source) {
    this.data = data;
    this.source = source;
    this.solution = null;
    if (this.local) { this.local.free(); this.local = null; }
    this.view.mode = 'pan';
    this.view.setMaze(data, bitmap);
    $('with-solution').checked = false;
    $('stats').textContent = '';
    this.showEnds();
  }
  async loadStats() {
    const seq = this.seq, st = await this.worker.call('stats').catch(() => null);
    if (!st || seq !== this.seq) return;
    this.stats = st;
    const rows = [
      ['cells', st.cells], ['passages', st.passages], ['dead ends', `${st.deadEnds} (${st.deadEndPercent.toFixed(1)}%)`],
      ['junctions', st.junctions], ['parts', st.parts], ['perfect', st.perfect ? 'yes' : 'no'],
      ['solution', st.solvable ? `${st.solutionLength} moves` : 'none'], ['decisions', st.decisions],
      ['difficulty', st.difficulty.toFixed(1)], ['straight / turns', `${st.straight} / ${st.turns}`],
      ['corridor length', st.river.toFixed(2)], ['diameter', `${st.diameter}${st.diameterExact ? '' : '+'} moves`],
    ];
    const dl = $('stats');
    dl.textContent = '';
    for (const [k, v] of rows) {
      const div = document.createElement('div'), dt = document.createElement('dt'), dd = document.createElement('dd');
      dt.textContent = k;
      dd.textContent = String(v);
      div.append(dt, dd);
      dl.append(div);
    }
  }

  // ---- solve and animate ----
  async solve() {
    if (!this.data && !(await this.generate())) return null;
    this.stopAll();
    if (!(await this.restore())) return null;
    const solver = $('solver').value;
    const r = await this.run(`solving with ${solver}`, 'solve', { solver }, { cli: 'solve' });
    if (!r) return null;
    clearMessage();
    this.solution = r.path;
    this.view.reset('floor', false);
    this.view.path(r.path);
    saveUrl({ solver });
    this.status(`${solver}: a path of ${r.length} moves (${r.path.length} cells)`);
    return r;
  }
  // Speed slider 0..100 -> events per frame, 1 .. ~20000 on a log scale.
  eventsPerFrame() {
    return Math.max(1, Math.round(Math.exp((Number($('speed').value) / 100) * Math.log(20000))));
  }
  // Replays generation, then solving, from the library's observer events.
  async animate() {
    const gen = await this.generate({ events: LIMITS.maze.animateEvents });
    if (!gen) return;
    const solver = $('solver').value;
    const sol = await this.run(`solving with ${solver}`, 'solve', { solver, events: LIMITS.maze.animateEvents }, { cli: 'solve' });
    if (!sol) return;
    this.solution = sol.path;
    const v = this.view, ev = gen.events;
    // Wall adders (recursive division) open the whole field first.
    const wallAdder = ev.length && ev[0] === EV.CARVE;
    v.reset(wallAdder ? 'floor' : 'unvisited', true);
    const a = { phase: 'gen', ev, i: 0, head: -1, raf: 0 };
    this.anim = a;
    this.status(`animating ${this.source.settings.algorithm} (${ev.length / 4} steps), then ${solver} (${sol.events.length / 4} steps)`);
    const step = () => {
      let n = this.eventsPerFrame();
      while (n-- > 0) {
        if (a.i >= a.ev.length) {
          if (a.phase === 'gen') {
            // The maze is complete: show it as Generate drew it, then replay the solver.
            v.reset('floor', false);
            Object.assign(a, { phase: 'solve', ev: sol.events, i: 0, head: -1, walker: WALKERS.includes(solver) });
            continue;
          }
          v.path(sol.path);
          this.status(`${solver}: a path of ${sol.length} moves, ${sol.events.length / 4} steps replayed`);
          this.anim = null;
          return;
        }
        this.replay(a);
      }
      a.raf = requestAnimationFrame(step);
    };
    a.raf = requestAnimationFrame(step);
  }
  // Applies one event. Generation: the head yellow, cells on the walk green, cells
  // finished (backed out of) floor. Solving: explored cells pale, the breadcrumb retreat
  // (BACKTRACK) rose, the final path red.
  replay(a) {
    const e = a.ev, i = a.i, v = this.view, m = this.data;
    const type = e[i], cell = e[i + 1], other = e[i + 2], dir = e[i + 3];
    a.i += 4;
    const gen = a.phase === 'gen';
    // Start and goal keep their markers while a solver runs over them.
    const paint = (c, color) => { if (gen || (c !== m.start && c !== m.goal)) v.paint(c, color); };
    const moveHead = (c) => {
      if (a.head >= 0 && v.colorName(a.head) === 'head') paint(a.head, gen || a.walker ? 'trail' : 'explored');
      a.head = c;
      if (c >= 0) paint(c, 'head');
    };
    const half = m.ndirs / 2;
    switch (type) {
      case EV.VISIT: case EV.ENTER: moveHead(cell); break;
      // The way back: the library's on outline grids, the opposite on flat square and hex.
      case EV.CARVE: v.setEdge(cell, dir, other, v.geo.back ? v.geo.back[cell * m.ndirs + dir] : (dir + half) % m.ndirs, true); break;
      case EV.WALL: v.setEdge(cell, dir, other, v.geo.back ? v.geo.back[cell * m.ndirs + dir] : (dir + half) % m.ndirs, false); break;
      case EV.FRONTIER: if (v.colorName(cell) !== 'head') paint(cell, 'frontier'); break;
      case EV.BACKTRACK:
        paint(cell, gen ? 'floor' : 'backtracked');
        if (a.head === cell) a.head = -1;
        if (other >= 0) moveHead(other);
        break;
      case EV.PATH: paint(cell, 'path'); break;
      default: break;
    }
    if (gen && (cell === m.start || cell === m.goal)) v.drawEnds();
  }

  // ---- play ----
  // The shown maze on the page's own wasm instance: the game's rules run there, a
  // key press at a time, without a round trip to the worker.
  async localMaze() {
    if (this.local) return this.local;
    if (!(await this.restore())) return null;
    const bytes = await this.run('loading the maze', 'write', { format: 'amz', solution: false });
    if (!bytes) return null;
    this.local = this.api.read(bytes, 'maze.amz', LIMITS.files.readMaxBytes);
    return this.local;
  }
  async startPlay() {
    if (!this.data && !(await this.generate())) return;
    this.stopAll();
    const m = await this.localMaze();
    if (!m) return;
    try {
      const key = this.source.kind === 'generate' ? this.source.command : `file ${this.source.name}`;
      this.play = new Play(this.api, m, this.view, `${key}${$('fog').checked ? ' --fog' : ''}`);
    } catch (e) {
      showMessage(e.message);
      return;
    }
    $('playbar').hidden = false;
    $('keys-help').textContent = this.view.geo.keyHelp;
    $('maze').focus({ preventScroll: true });
    this.status('Play: reach the blue goal.');
  }

  // ---- start and goal by clicking ----
  startPick(which) {
    this.stopAll(true);
    this.pick = this.pick === which ? null : which;
    for (const k of ['start', 'goal', 'root']) $(`pick-${k}`).setAttribute('aria-pressed', String(this.pick === k));
    this.view.mode = this.pick ? 'pick' : 'pan';
    if (this.pick) this.status(`Click the cell for the ${this.pick}${this.pick === 'root' ? ' (where the generator grows from)' : ''}.`);
  }
  onTap(c) {
    if (!this.pick || c < 0 || !this.data || this.data.cells[c] === REMOVED) return;
    this.settings.ends[this.pick] = [c % this.data.width, Math.floor(c / this.data.width)];
    if (this.pick === 'goal' && $('ends').value === 'farthest') $('ends').value = 'keep';
    if ($('ends').value === 'longest') $('ends').value = 'keep';
    this.startPick(this.pick);
    this.showEnds();
    this.generate();
  }
  showEnds() {
    const e = this.settings.ends, xy = (p) => `(${p[0]},${p[1]})`;
    const mode = $('ends').value, parts = [];
    if (mode !== 'longest') {
      if (e.start) parts.push(`start ${xy(e.start)}`);
      if (mode === 'farthest') parts.push('goal farthest from the start');
      else if (e.goal) parts.push(`goal ${xy(e.goal)}`);
    }
    if (e.root) parts.push(`grown from ${xy(e.root)}`);
    $('pick-start').disabled = mode === 'longest';
    $('pick-goal').disabled = mode !== 'keep';
    $('ends-text').textContent = parts.join(', ');
  }

  // ---- masks ----
  setMask(mask) {
    this.settings.mask = mask;
    this.settings.ends = { start: null, goal: null, root: null };
    this.showMask();
    this.showEnds();
  }
  showMask() {
    const m = this.settings.mask;
    this.settings.markRectOnly();
    $('mask-text').textContent = m ? `mask ${m.width}x${m.height}${m.name ? ` (${m.name})` : ''}: it sets the size and shape` : '';
    for (const id of ['width', 'height', 'shape']) $(id).disabled = !!m;
    $('clear-mask').disabled = !m;
    $('save-mask').disabled = !m;
  }
  toggleMaskEditor() {
    if (this.editor) { this.finishMask(true); return; }
    this.stopAll();
    const m = this.settings.mask, t = $('topology').value;
    const w = m ? m.width : Number($('width').value), h = m ? m.height : Number($('height').value);
    if (!(w >= 1 && h >= 1 && w <= LIMITS.maze.maxMaskSide && h <= LIMITS.maze.maxMaskSide)) {
      showMessage(`masks are drawn on grids of at most ${LIMITS.maze.maxMaskSide} cells a side (this one is ${w}x${h}); upload a mask picture instead`);
      return;
    }
    this.editor = new MaskEditor(this.view, t, w, h, m ? m.text : null);
    $('draw-mask').setAttribute('aria-pressed', 'true');
    $('draw-mask').textContent = 'Done drawing';
    this.status('Draw on the grid: a stroke from a cell removes cells, from a hole puts them back. "Done drawing" makes the maze.');
  }
  // Leaves the editor; with `apply`, its mask becomes the maze's and a maze is made.
  finishMask(apply) {
    const ed = this.editor;
    this.editor = null;
    $('draw-mask').setAttribute('aria-pressed', 'false');
    $('draw-mask').textContent = 'Draw mask';
    this.view.mode = 'pan';
    if (!apply) return;
    if (ed.count() === 0) { showMessage('the mask has no cell: draw at least one'); return; }
    this.setMask({ text: ed.text(), width: ed.width, height: ed.height, name: 'mask.txt' });
    this.generate();
  }

  // ---- keys ----
  onKey(e) {
    if (this.play && !e.ctrlKey && !e.metaKey && !e.altKey) {
      if (e.code === 'Escape') { this.stopAll(true); e.preventDefault(); return; }
      if (e.code === 'KeyN') { $('newmaze').click(); e.preventDefault(); return; }
      if (this.play.onKey(e)) { e.preventDefault(); return; }
    }
    if (e.key === '+' || e.key === '=') { this.view.zoom(2); e.preventDefault(); }
    else if (e.key === '-') { this.view.zoom(0.5); e.preventDefault(); }
    else if (e.key === '0') { this.view.fit(); e.preventDefault(); }
  }
}
