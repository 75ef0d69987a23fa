// mask.js — drawing a mask on the maze's grid with a mouse or a finger: the first
// cell touched decides whether the stroke removes or restores cells; every cell the
// pointer crosses follows (the segment between two pointer samples is walked, so a
// quick stroke leaves no gaps). The result is the text mask `--mask FILE.txt` reads.
import { maskText } from './png_in.js';
import { REMOVED } from './amaze.js';

export class MaskEditor {
  // view: the MazeView to draw on; onChange(cells present) after each stroke step.
  constructor(view, topology, width, height, text = null) {
    this.view = view;
    this.width = width;
    this.height = height;
    this.cells = new Uint8Array(width * height).fill(1);
    if (text) {
      text.split('\n').slice(0, height).forEach((row, y) => {
        for (let x = 0; x < width; x++) this.cells[y * width + x] = row[x] === '.' ? 1 : 0;
      });
    }
    this.topology = topology;
    this.erase = true;
    this.last = -1;
    this.show();
  }
  // The grid as the view draws it: present cells closed in, removed ones background.
  show() {
    const open = Uint16Array.from(this.cells, (v) => (v ? 0 : REMOVED));
    this.view.setMaze({ topology: this.topology, width: this.width, height: this.height, cells: open, start: -1, goal: -1 });
    this.view.mode = 'paint';
  }
  // A pointer sample over cell c (first = a new stroke).
  stroke(c, first) {
    if (c < 0) { if (first) this.last = -1; return; }
    if (first) {
      this.erase = this.cells[c] === 1;
      this.last = c;
      this.set(c);
      return;
    }
    // Every cell on the straight line from the previous sample's cell to this one.
    const w = this.width, [x0, y0] = this.last >= 0 ? [this.last % w, Math.floor(this.last / w)] : [c % w, Math.floor(c / w)];
    const x1 = c % w, y1 = Math.floor(c / w), n = Math.max(Math.abs(x1 - x0), Math.abs(y1 - y0));
    for (let i = 1; i <= n; i++) this.set(Math.round(y0 + ((y1 - y0) * i) / n) * w + Math.round(x0 + ((x1 - x0) * i) / n));
    if (n === 0) this.set(c);
    this.last = c;
  }
  set(c) {
    const v = this.erase ? 0 : 1;
    if (this.cells[c] === v) return;
    this.cells[c] = v;
    const open = this.view.open;
    open[c] = v ? 0 : REMOVED;
    if (this.view.geo.blocks) this.view.rebuild();
    this.view.invalidate();
  }
  count() { return this.cells.reduce((n, v) => n + v, 0); }
  text() { return maskText(this.cells, this.width, this.height); }
}
