// play.js — the maze runner in the page, by the rules of `amaze play` (the library's
// src/play/maze_game.c through the wasm: walls, undo, seen cells, hints, the pause and
// its clock, no record once the way was shown): keys, Shift to run to the next
// junction, swipes and a touch pad, moves and time, fog that never hides the goal, and
// best times per maze kept in the browser.
import { nearestDirection } from './topology.js';
import { $, best, seconds, clearMessage, showMessage } from './ui.js';

export class Play {
  // maze: the wasm Maze on the page's instance; view: the MazeView showing it;
  // key: the settings the best time belongs to.
  constructor(api, maze, view, key) {
    this.api = api;
    this.maze = maze;
    this.view = view;
    this.key = key;
    this.geo = view.geo;
    this.game = api.game(maze);
    this.fog = $('fog').checked;
    this.timer = setInterval(() => this.status(), 100);
    this.buildPad();
    this.restart();
  }
  // The page's clock; the game keeps its pauses off it.
  now() { return Math.round(performance.now()); }
  get paused() { return this.game.state(0).paused; }
  // The way was shown in this maze (a restart keeps it so: the game's rule).
  get hintUsed() { return this.game.state(0).hinted; }

  restart() {
    if (this.paused) this.togglePause();
    this.game.restart();
    this.hintOn = false;
    this.won = false;
    $('hint').setAttribute('aria-pressed', 'false');
    const v = this.view, m = this.maze;
    v.reset('floor', false, this.fog ? new Uint8Array(m.ncells).fill(1) : null);
    v.mode = 'swipe';
    this.route = [m.start];
    if (this.fog) this.uncover(m.start);
    v.paint(m.start, 'head', false);
    v.drawEnds();
    v.paint(m.start, 'head', false);
    v.follow(m.start);
    clearMessage();
    this.status();
  }
  stop() {
    clearInterval(this.timer);
    this.game.free();
    $('pad').hidden = true;
    $('pad').textContent = '';
    $('stage').classList.remove('paused');
  }

  // Cells seen from c (fog): c and its neighbours through open passages.
  uncover(c) {
    this.view.reveal(c);
    for (let d = 0; d < this.maze.ndirs; d++) {
      const n = this.maze.neighbor(c, d);
      if (n >= 0 && this.game.seen(n)) this.view.reveal(n);
    }
  }

  // One step (or, with run, a run to the next junction) in direction d.
  move(d, run = false) {
    if (this.paused || this.won || d === undefined) return;
    // On outline grids keys and the pad name a screen way; the cell says which side.
    if (this.geo.resolve) d = this.geo.resolve(this.game.state(0).pos, d, (c, k) => this.maze.open(c, k));
    if (d === undefined || d < 0) return;
    const cells = run ? this.game.run(d, this.now()) : this.game.move(d, this.now()) === 'moved' ? [this.game.state(0).pos] : [];
    for (const c of cells) this.step(c);
    if (!cells.length) return;
    this.afterMove();
  }
  // The trail follows the way from the start to the player: a step back onto the
  // previous cell takes the last step off it (the cell stays marked as visited).
  step(c) {
    const v = this.view, r = this.route, m = this.maze, prev = r[r.length - 1];
    if (r.length > 1 && r[r.length - 2] === c) {
      r.pop();
      v.paint(prev, 'visited', false);
      v.link(prev, c, 'floor');
    } else {
      r.push(c);
      v.paint(prev, 'trail', false);
      v.link(prev, c, 'trail');
    }
    v.paint(c, 'head', false);
    if (this.fog) this.uncover(c);
    if (prev === m.start || c === m.start || prev === m.goal) v.drawEnds();
    if (c === m.start) v.paint(c, 'head', false);
  }
  afterMove() {
    const s = this.game.state(this.now()), v = this.view;
    v.follow(s.pos);
    if (this.hintOn) this.showHint();
    if (s.won) this.win(s);
    this.status();
  }
  undo() {
    if (this.paused || this.won) return;
    const before = this.game.state(0).pos;
    if (!this.game.undo()) return;
    const after = this.game.state(0).pos;
    if (after !== before) this.step(after);
    this.afterMove();
  }
  // Shows (or hides) the way from the player to the goal; once used, this round
  // records no best time.
  toggleHint() {
    if (this.paused || this.won) return;
    this.hintOn = !this.hintOn;
    $('hint').setAttribute('aria-pressed', String(this.hintOn));
    if (this.hintOn) this.showHint(); else this.clearHint();
    this.status();
  }
  showHint() {
    this.clearHint();
    const way = this.game.hint(), v = this.view;
    this.hint = way;
    if (v.geo.blocks) {
      // The cells ahead (not the player's, not the goal) and the passages between;
      // their colours come back when the hint goes.
      this.hintPrev = way.slice(1, -1).map((c) => [c, v.colorName(c)]);
      for (const [c] of this.hintPrev) v.paint(c, 'hint', false);
      for (let i = 1; i < way.length; i++) v.link(way[i - 1], way[i], 'hint');
    } else {
      v.overlays.push({ cells: way, color: 'hint' });
    }
    v.drawEnds();
    v.paint(way[0], 'head', false);
  }
  clearHint() {
    if (!this.hint) return;
    const v = this.view, r = this.route;
    if (v.geo.blocks) {
      for (const [c, color] of this.hintPrev) v.paint(c, color, false);
      // A hint passage on the trail is trail again, else floor.
      const onTrail = new Set(r.slice(1).map((c, i) => `${Math.min(c, r[i])},${Math.max(c, r[i])}`));
      for (let i = 1; i < this.hint.length; i++) {
        const a = this.hint[i - 1], b = this.hint[i];
        v.link(a, b, onTrail.has(`${Math.min(a, b)},${Math.max(a, b)}`) ? 'trail' : 'floor');
      }
    } else {
      v.overlays = v.overlays.filter((o) => o.color !== 'hint');
    }
    this.hint = null;
    v.drawEnds();
    v.paint(r[r.length - 1], 'head', false);
  }
  togglePause() {
    if (this.won) return;
    this.game.pause(this.now());
    $('pause').setAttribute('aria-pressed', String(this.paused));
    $('pause').textContent = this.paused ? 'Resume' : 'Pause';
    // The maze hides while paused: a pause is not time to study it.
    $('stage').classList.toggle('paused', this.paused);
    this.status();
  }
  win(s) {
    this.won = true;
    const newBest = !this.hintUsed && best.record(this.key, s.ms, s.moves);
    const old = best.get(this.key);
    const tail = this.hintUsed ? ' The hint was used, so no best time is kept.'
      : newBest ? ' A new best time!' : old ? ` Best: ${seconds(old.ms)}.` : '';
    showMessage(`You escaped in ${s.moves} moves and ${seconds(s.ms)} (${s.efficiency}% efficient).${tail} Press "New maze" for another.`, 'win');
  }
  status() {
    const s = this.game.state(this.now()), b = best.get(this.key);
    const parts = [`moves ${s.moves}`, `time ${seconds(s.ms)}`, `visited ${s.visited}`, `shortest ${s.optimal}`];
    if (b) parts.push(`best ${seconds(b.ms)}`);
    let text = `Play: ${parts.join(', ')}`;
    if (this.paused) text += ' — paused (P resumes)';
    if (this.hintUsed) text += ' — hint used: no best time';
    if (this.fog) text += ' — fog: the goal stays in sight';
    $('play-status').textContent = text;
  }

  // The on-screen pad: one button per direction of the grid, placed by its angle.
  buildPad() {
    const pad = $('pad');
    pad.textContent = '';
    const names = this.api.topologies().find((t) => t.name === this.maze.topology).dirs;
    this.geo.angles.forEach((a, d) => {
      const b = document.createElement('button');
      b.type = 'button';
      b.textContent = this.geo.arrows[d];
      b.setAttribute('aria-label', `move ${this.geo.padNames ? this.geo.padNames[d] : names[d]}`);
      // The stairs (no angle) sit in the right-hand corners.
      const col = a === null ? 4 : Math.round(Math.cos((a * Math.PI) / 180) * 1.2) + 2;
      const row = a === null ? (d % 2 ? 3 : 1) : Math.round(Math.sin((a * Math.PI) / 180) * 1.2) + 2;
      b.style.gridColumn = String(Math.min(3, Math.max(1, col)));
      b.style.gridRow = String(Math.min(3, Math.max(1, row)));
      b.addEventListener('click', (e) => this.move(d, e.shiftKey));
      pad.append(b);
    });
    pad.hidden = false;
  }
  swipe(angle) { this.move(nearestDirection(this.geo, angle)); }
  // A click or tap on a cell next to the player moves there (any grid: the way to a
  // cell no key points at, such as one of a polar centre's twelve).
  tap(c) {
    if (this.paused || this.won || c < 0) return false;
    const pos = this.game.state(0).pos;
    for (let d = 0; d < this.maze.ndirs; d++)
      if (this.maze.neighbor(pos, d) === c) {
        if (this.game.move(d, this.now()) === 'moved') { this.step(c); this.afterMove(); }
        return true;
      }
    return false;
  }

  // Keys of the maze tab while playing; true when the key was the game's.
  onKey(e) {
    const k = e.code;
    if (k === 'KeyP') { this.togglePause(); return true; }
    if (this.paused) return false;
    if (k === 'KeyU' || k === 'Backspace') { this.undo(); return true; }
    // ? shows the way (H too where it is not a move key: hjkl on square grids).
    if (e.key === '?' || (k === 'KeyH' && this.geo.keys.KeyH === undefined)) { this.toggleHint(); return true; }
    if (k === 'KeyR') { this.restart(); return true; }
    const d = this.geo.keys[k];
    if (d === undefined) return false;
    this.move(d, e.shiftKey);
    return true;
  }
}
