// slide_tab.js — the sliding puzzle tab: boards dealt and moved by the library's game
// rules on the page's wasm instance (src/play/slide_game.c: the deal of `amaze slide
// play`, amz_slide_can_move / amz_slide_tile_move for moves), hints and auto-solve
// from the worker (IDA* within a node budget, else the fast solver; the page says
// which answered), a timer, and best times per board size.
import { LIMITS } from './limits.js';
import { $, showMessage, clearMessage, saveUrl, params, intParam, seedParam, seedOf, best, seconds } from './ui.js';

// An arrow key names the way the tile goes, which is the opposite of the blank's.
const ARROWS = { ArrowUp: 'U', ArrowDown: 'D', ArrowLeft: 'L', ArrowRight: 'R', KeyW: 'U', KeyS: 'D', KeyA: 'L', KeyD: 'R' };

export class SlideTab {
  constructor({ api, worker }) {
    this.api = api;
    this.worker = worker;
    this.game = null;
    this.hint = -1;
    this.auto = 0;
    this.timer = setInterval(() => { if (this.game && !$('panel-slide').hidden) this.showStatus(); }, 200);
    for (const id of ['rows', 'cols']) { $(id).min = String(LIMITS.slide.minSide); $(id).max = String(LIMITS.slide.maxSide); }
    $('slide-form').addEventListener('submit', (e) => { e.preventDefault(); this.newBoard(); });
    $('slide-hint').addEventListener('click', () => this.showHint());
    $('autosolve').addEventListener('click', () => this.autoSolve());
    $('slide-restart').addEventListener('click', () => { this.stopAuto(); this.game?.restart(); this.hint = -1; this.draw(); });
  }
  applyUrl(problems) {
    const { minSide, maxSide } = LIMITS.slide;
    $('rows').value = intParam('rows', 'rows', 4, minSide, maxSide, problems);
    $('cols').value = intParam('cols', 'columns', 4, minSide, maxSide, problems);
    $('slide-seed').value = seedParam('sseed', problems) ?? '';
  }
  show() { if (!this.game) this.newBoard(); }
  now() { return performance.now(); }
  key() { return `slide ${this.game.rows}x${this.game.cols}`; }

  newBoard() {
    this.stopAuto();
    const rows = Number($('rows').value), cols = Number($('cols').value);
    const { minSide, maxSide } = LIMITS.slide;
    for (const [k, v] of [['rows', rows], ['columns', cols]])
      if (!Number.isInteger(v) || v < minSide || v > maxSide) { showMessage(`${k} ${v} is outside ${minSide}..${maxSide}`); return; }
    const seed = seedOf($('slide-seed'));
    let g;
    try { g = this.api.slideGame(rows, cols, seed); } catch (e) { showMessage(e.message); return; }
    this.game?.free();
    this.game = g;
    this.seed = seed;
    this.hint = -1;
    clearMessage();
    saveUrl({ tab: 'slide', rows, cols, sseed: seed });
    $('slide-cli').textContent = `amaze slide play ${rows}x${cols} --seed ${seed}`;
    this.draw();
  }
  draw() {
    const g = this.game, tiles = g.tiles(), b = $('board'), s = g.state(this.now());
    const room = Math.min(b.parentElement.clientWidth || 480, 560) - 16;
    b.style.setProperty('--tile', `${Math.max(26, Math.min(64, Math.floor(room / g.cols) - 4))}px`);
    b.style.gridTemplateColumns = `repeat(${g.cols}, auto)`;
    b.textContent = '';
    b.classList.toggle('solved', s.won);
    tiles.forEach((t, cell) => {
      const btn = document.createElement('button');
      btn.type = 'button';
      btn.dataset.cell = String(cell);
      if (t === 0) { btn.className = 'blank'; btn.setAttribute('aria-label', 'gap'); btn.tabIndex = -1; } else {
        btn.textContent = String(t);
        if (t === cell + 1) btn.classList.add('home');
        if (cell === this.hint) btn.classList.add('hinted');
        if (g.tileMove(cell) === null) btn.tabIndex = -1;
      }
      btn.addEventListener('click', () => this.click(cell));
      b.append(btn);
    });
    this.showStatus();
  }
  showStatus(extra = '') {
    const g = this.game, s = g.state(this.now()), b = best.get(this.key());
    const text = `${g.rows}x${g.cols}, seed ${this.seed}: ${s.moves} moves, ${seconds(s.ms)}${b ? `, best ${seconds(b.ms)}` : ''}`;
    if (extra) this.note = extra;
    $('slide-status').textContent = this.note ? `${text} — ${this.note}` : text;
  }
  moved() {
    this.hint = -1;
    this.note = '';
    this.draw();
    const s = this.game.state(this.now());
    if (s.won && !this.auto && !this.wonShown) {
      this.wonShown = true;
      const rec = !this.assisted && best.record(this.key(), s.ms, s.moves);
      this.showStatus(`solved in ${s.moves} moves!${rec ? ' A new best time.' : ''}`);
    }
  }
  click(cell) {
    if (this.auto || !this.game.click(cell, this.now())) return;
    this.moved();
  }
  onKey(e) {
    const dir = ARROWS[e.code];
    if (!dir || !this.game || this.auto) return;
    e.preventDefault();
    if (this.game.push(dir, this.now())) this.moved();
  }

  async solution() {
    const g = this.game;
    this.showStatus('thinking…');
    const r = await this.worker.call('slideHint', { rows: g.rows, cols: g.cols, tiles: g.tiles() }).catch((e) => { showMessage(e.message); return null; });
    return r;
  }
  async showHint() {
    if (this.game.state(0).won) { this.showStatus('already solved'); return; }
    const r = await this.solution();
    if (!r) return;
    // The blank's first move says which tile slides: the library names the move of
    // each tile next to the blank (amz_slide_tile_move).
    const tiles = this.game.tiles();
    this.hint = tiles.findIndex((_, cell) => this.game.tileMove(cell) === r.moves[0]);
    this.assisted = true;
    this.draw();
    this.showStatus(`hint: slide tile ${tiles[this.hint]}; ${r.moves.length} moves to go, ` +
      (r.optimal ? 'optimal (IDA*)' : 'from the fast solver (not the shortest: IDA* would take too long)'));
  }
  async autoSolve() {
    if (this.auto) return;
    const r = await this.solution();
    if (!r) return;
    this.assisted = true;
    let i = 0;
    const moves = r.moves, how = r.optimal ? 'optimal, IDA*' : 'fast solver';
    this.auto = setInterval(() => {
      if (i >= moves.length) {
        this.stopAuto();
        this.draw();
        this.showStatus(`solved by auto-solve: ${moves.length} moves (${how})`);
        return;
      }
      this.game.blank(moves[i++], this.now());
      this.draw();
      this.showStatus(`auto-solving: ${moves.length} moves (${how})`);
    }, Math.max(20, Math.min(200, 6000 / Math.max(1, moves.length))));
  }
  stopAuto() {
    clearInterval(this.auto);
    this.auto = 0;
    this.wonShown = false;
    this.assisted = false;
    this.note = '';
  }
}
