// view.js — a maze on a canvas that zooms and pans. Square mazes are the JS1K block
// view: a (2W+1) x (2H+1) picture of wall and floor blocks, one pixel per block in an
// offscreen canvas, drawn scaled by a whole number of device pixels per block without
// smoothing, so walls stay crisp and at least one device pixel wide at every size (a
// 2000x2000 maze is panned, never shrunk into a pale field). Other grids are drawn
// from their cells' outlines (topology.js): only the cells in sight, one path per
// colour. Cells carry a palette colour each; paths, trails and markers are painted on
// top, and a path joins its cells through the passages between them.
import { geometry } from './topology.js';
import { LIMITS } from './limits.js';
import { REMOVED } from './amaze.js';

// The palette of amaze render (src/render/img_options.c), plus the page's own play
// colours (visited, hint, fog).
export const COLORS = Object.freeze({
  floor: '#eeffff', wall: '#112222', path: '#dd2211', start: '#44cc66', goal: '#55aaff',
  unvisited: '#2c4a4a', head: '#ffdd22', trail: '#33cc44', frontier: '#88bbff',
  backtracked: '#c8a0a0', explored: '#cce4ee', visited: '#b8e0c0', hint: '#ff9922', fog: '#5a6b6b',
});
export const PALETTE = Object.freeze(Object.keys(COLORS));
const INDEX = Object.freeze(Object.fromEntries(PALETTE.map((k, i) => [k, i])));

function rgba32(hex) {
  const v = parseInt(hex.slice(1), 16);
  return ((255 << 24) | ((v & 255) << 16) | (v & 0xff00) | (v >> 16)) >>> 0; // little-endian RGBA
}
const PIXEL = PALETTE.map((k) => rgba32(COLORS[k]));

// The block picture of a square maze, one pixel a block: cell (x, y) at block
// (2x+1, 2y+1), its passages beside it, walls and posts around every existing cell,
// removed cells transparent. colorOf(c) is a palette index; hidden(c) hides a cell
// (fog) and its walls. Used by the worker (big mazes) and the page alike.
export function blockImage(w, h, open, colorOf = () => 0, hidden = null) {
  const bw = 2 * w + 1, bh = 2 * h + 1;
  const data = new Uint8ClampedArray(bw * bh * 4);
  const px = new Uint32Array(data.buffer);
  const wall = PIXEL[INDEX.wall], floor = PIXEL[INDEX.floor], fog = PIXEL[INDEX.fog];
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      const c = y * w + x, m = open[c];
      if (m === REMOVED) continue;
      const i = (2 * y + 1) * bw + 2 * x + 1;
      if (hidden && hidden[c]) {
        for (const k of [i - bw - 1, i - bw, i - bw + 1, i - 1, i, i + 1, i + bw - 1, i + bw, i + bw + 1])
          if (px[k] === 0) px[k] = fog;
        continue;
      }
      px[i] = PIXEL[colorOf(c)];
      // Edge blocks: open passages floor, closed ones wall (shared edges agree).
      px[i - bw] = m & 1 ? floor : wall;
      px[i + 1] = m & 2 ? floor : wall;
      px[i + bw] = m & 4 ? floor : wall;
      px[i - 1] = m & 8 ? floor : wall;
      px[i - bw - 1] = px[i - bw + 1] = px[i + bw - 1] = px[i + bw + 1] = wall;
    }
  }
  return { data, width: bw, height: bh };
}

// The walls of a weave crossing (a square cell with corners pts, centre cx, cy; its
// tunnel N-S when axis is 0, W-E when 1) into walls, its four corners into corners:
// each side's two end pieces (a quarter of the side each), the bridge's two walls
// across the cell a quarter in, and the tunnel's walls from its gaps to the bridge.
export const CROSS_INSET = 0.25;
function bridge(walls, corners, pts, cx, cy, axis) {
  const f = CROSS_INSET, h = Math.abs(pts[0][0] - cx), at = (u, v) => (axis ? [cx + v, cy + u] : [cx + u, cy + v]);
  const seg = (p, q) => { walls.moveTo(p[0], p[1]); walls.lineTo(q[0], q[1]); };
  for (let i = 0; i < pts.length; i++) {
    const p = pts[i], q = pts[(i + 1) % pts.length], dx = q[0] - p[0], dy = q[1] - p[1];
    seg(p, [p[0] + f * dx, p[1] + f * dy]);
    seg([q[0] - f * dx, q[1] - f * dy], q);
  }
  const k = h - f * 2 * h; // a quarter of the cell in from its sides
  for (const side of [-1, 1]) {
    seg(at(-h, side * k), at(h, side * k)); // the bridge
    for (const across of [-1, 1]) seg(at(across * k, side * h), at(across * k, side * k)); // the tunnel
  }
  for (const [u, v] of [[-h, -h], [k, -h], [-h, k], [k, k]]) {
    const [x, y] = at(u, v);
    corners.rect(x, y, h - k, h - k);
  }
}

export class MazeView {
  // canvas: the on-screen canvas; box: its container (sets the largest size).
  constructor(canvas, box) {
    this.canvas = canvas;
    this.box = box;
    this.ctx = canvas.getContext('2d');
    this.maze = null;
    this.picture = null;
    this.scale = 1;
    this.ox = 0;
    this.oy = 0;
    this.raf = 0;
    this.overlays = []; // [{cells, color}]: paths drawn as lines (outline grids)
    this.mode = 'pan';  // pan | swipe | paint | pick: what a one-finger drag does
    this.handlers = {};
    this.setupPointer();
  }

  // ---- content ----
  // Shows a maze ({topology, width, height, cells, start, goal}); `bitmap` is its block
  // picture made elsewhere (the worker) for square mazes, else it is built here.
  setMaze(maze, bitmap = null) {
    this.maze = maze;
    this.picture = null;
    this.pristine = bitmap;
    this.geo = geometry(maze);
    const n = maze.cells.length;
    this.color = new Uint8Array(n);
    this.open = new Uint16Array(maze.cells);
    this.hidden = null;
    this.overlays = [];
    this.base = null;
    if (this.geo.blocks) {
      // The worker's picture is shown as it is; it is copied into a canvas of our own
      // only when something is painted (a copy of a 2000x2000 maze's 16 Mpx costs
      // tens of milliseconds, not worth it for a maze that is only looked at).
      this.image = bitmap;
      if (!bitmap) this.rebuild();
    }
    if (!bitmap) this.drawEnds(); // the worker's picture has its markers
    this.fit();
  }
  // Shows a picture (an ImageBitmap: a solved maze picture) instead of a maze.
  setPicture(bitmap) {
    this.maze = null;
    this.pristine = null;
    this.picture = bitmap;
    this.fit();
  }
  // Every cell one colour and the walls closed (animations start so) or as the maze
  // has them; hidden (fog) cells from `hidden` (a byte per cell, or null).
  reset(color = 'floor', closed = false, hidden = null) {
    const m = this.maze;
    this.color.fill(INDEX[color]);
    this.open = closed ? m.cells.map((v) => (v === REMOVED ? REMOVED : 0)) : new Uint16Array(m.cells);
    this.hidden = hidden;
    this.overlays = [];
    if (this.geo.blocks) {
      // The maze as first drawn (the worker's picture) is copied rather than rebuilt.
      if (this.pristine && !closed && color === 'floor' && !hidden) {
        this.image = this.pristine; // markers included
        this.base = null;
        this.invalidate();
        return;
      }
      this.rebuild();
    }
    this.drawEnds();
    this.invalidate();
  }
  rebuild() {
    const m = this.maze, img = blockImage(m.width, m.height, this.open, (c) => this.color[c], this.hidden);
    this.canvasBase(false).putImageData(new ImageData(img.data, img.width, img.height), 0, 0);
  }
  // The block picture as a canvas to paint on (made from the shown image on first use).
  canvasBase(copy = true) {
    if (!this.base) {
      const m = this.maze;
      this.base = new OffscreenCanvas(2 * m.width + 1, 2 * m.height + 1);
      this.bctx = this.base.getContext('2d');
      if (copy && this.image) this.bctx.drawImage(this.image, 0, 0);
      this.image = this.base;
    }
    return this.bctx;
  }
  colorName(c) { return PALETTE[this.color[c]]; }

  // ---- painting (each schedules a redraw) ----
  xy(c) { const x = c % this.maze.width; return [x, (c - x) / this.maze.width]; }
  block(bx, by, color) {
    const ctx = this.canvasBase();
    ctx.fillStyle = COLORS[color];
    ctx.fillRect(bx, by, 1, 1);
  }
  // Recolours cell c. On square grids its open passages follow (JS1K's look: a
  // passage takes its cells' colour when both have it, else the floor's), unless
  // `passages` is false: paths and markers set their passages themselves.
  paint(c, color, passages = true) {
    this.color[c] = INDEX[color];
    if (this.geo.blocks && !(this.hidden && this.hidden[c])) {
      const [x, y] = this.xy(c), w = this.maze.width, m = this.open[c];
      this.block(2 * x + 1, 2 * y + 1, color);
      if (passages && m !== REMOVED) {
        for (const [bit, o, dx, dy] of [[1, c - w, 0, -1], [2, c + 1, 1, 0], [4, c + w, 0, 1], [8, c - 1, -1, 0]])
          if (m & bit) this.block(2 * x + 1 + dx, 2 * y + 1 + dy, this.color[o] === this.color[c] ? color : 'floor');
      }
    }
    this.invalidate();
  }
  // The passage between neighbouring cells a and b in `color` (square grids: its
  // block; outline grids show paths as lines, see path()).
  link(a, b, color) {
    if (!this.geo.blocks) return;
    const [ax, ay] = this.xy(a), [bx, by] = this.xy(b);
    if (Math.abs(ax - bx) + Math.abs(ay - by) !== 1) return;
    this.block(ax + bx + 1, ay + by + 1, color);
    this.invalidate();
  }
  // A path through `cells` (start to goal): every cell and every passage between two
  // consecutive cells in `color`, the ends included, so the path reaches the start
  // and the goal markers. Outline grids get a line through the centres too.
  path(cells, color = 'path') {
    if (!cells.length) return;
    if (!this.geo.blocks) {
      this.overlays.push({ cells, color }); // a line through the centres, as amaze render draws it
    } else {
      for (const c of cells) this.paint(c, color, false);
      for (let i = 1; i < cells.length; i++) this.link(cells[i - 1], cells[i], color);
    }
    this.drawEnds();
    this.invalidate();
  }
  clearOverlays() { this.overlays = []; this.invalidate(); }
  // Opens or closes the edge of c in direction d towards cell o (an animation's CARVE
  // or WALL); od is the opposite direction.
  setEdge(c, d, o, od, open) {
    if (o < 0) return;
    if (open) { this.open[c] |= 1 << d; this.open[o] |= 1 << od; } else { this.open[c] &= ~(1 << d); this.open[o] &= ~(1 << od); }
    if (this.geo.blocks) {
      const [ax, ay] = this.xy(c), [bx, by] = this.xy(o);
      const same = this.color[c] === this.color[o];
      this.block(ax + bx + 1, ay + by + 1, open ? (same ? PALETTE[this.color[c]] : 'floor') : 'wall');
    }
    this.invalidate();
  }
  // Uncovers cell c under fog: the cell and the walls around it.
  reveal(c) {
    if (!this.hidden || !this.hidden[c]) return;
    this.hidden[c] = 0;
    if (this.geo.blocks) {
      const [x, y] = this.xy(c), m = this.open[c], bx = 2 * x + 1, by = 2 * y + 1;
      this.block(bx, by, PALETTE[this.color[c]]);
      const edge = [[0, -1, 1], [1, 0, 2], [0, 1, 4], [-1, 0, 8]];
      for (const [dx, dy, bit] of edge) this.block(bx + dx, by + dy, m & bit ? 'floor' : 'wall');
      for (const [dx, dy] of [[-1, -1], [1, -1], [-1, 1], [1, 1]]) this.block(bx + dx, by + dy, 'wall');
    }
    this.invalidate();
  }
  drawEnds() {
    const m = this.maze;
    if (!m) return;
    for (const [c, color] of [[m.start, 'start'], [m.goal, 'goal']]) {
      if (c < 0) continue;
      if (this.hidden) this.reveal(c);
      if (this.geo.blocks) {
        const [x, y] = this.xy(c);
        this.block(2 * x + 1, 2 * y + 1, color);
      }
    }
    this.invalidate();
  }

  // ---- geometry of the view ----
  // The maze's size in view units (square: blocks; outline grids: geometry units).
  extent() {
    if (this.picture) return [this.picture.width, this.picture.height];
    const m = this.maze;
    if (this.geo.blocks) return [2 * m.width + 1, 2 * m.height + 1];
    const [w, h] = this.geo.extent(m.width, m.height);
    return [w + 0.5, h + 0.5]; // half a unit of margin for the walls' line width
  }
  limits() {
    const dpr = globalThis.devicePixelRatio || 1;
    if (this.picture) return [1 / 16, 32];
    return this.geo.blocks ? [LIMITS.view.minBlock, LIMITS.view.maxBlock]
      : [LIMITS.view.minHexRadius * dpr, LIMITS.view.maxHexRadius * dpr];
  }
  // Largest canvas (CSS px) the page gives the maze.
  room() {
    const w = Math.min(LIMITS.view.maxWidth, this.box.clientWidth || LIMITS.view.maxWidth);
    const vh = globalThis.innerHeight || LIMITS.view.maxHeight;
    return [Math.max(120, w), Math.max(160, Math.min(LIMITS.view.maxHeight, Math.round(vh * 0.72)))];
  }
  // Zoom that shows the whole maze (whole device pixels per block on square grids),
  // never below the smallest zoom that keeps walls visible.
  fitScale() {
    const dpr = globalThis.devicePixelRatio || 1, [rw, rh] = this.room(), [ew, eh] = this.extent();
    let s = Math.min((rw * dpr) / ew, (rh * dpr) / eh);
    if (this.maze && this.geo.blocks) s = Math.floor(s);
    const [lo, hi] = this.limits();
    return Math.min(hi, Math.max(lo, s));
  }
  // Sizes the canvas (the room, or less for a small maze) and shows the whole maze if
  // it fits, else its top-left corner.
  fit() {
    this.scale = this.fitScale();
    this.resize();
    this.ox = Math.max(0, Math.round((this.canvas.width - this.extent()[0] * this.scale) / 2));
    this.oy = Math.max(0, Math.round((this.canvas.height - this.extent()[1] * this.scale) / 2));
    this.clamp();
    this.drawNow();
  }
  resize() {
    const dpr = globalThis.devicePixelRatio || 1, [rw, rh] = this.room(), [ew, eh] = this.extent();
    const cw = Math.min(Math.round(rw * dpr), Math.ceil(ew * this.scale));
    const ch = Math.min(Math.round(rh * dpr), Math.ceil(eh * this.scale));
    if (this.canvas.width !== cw || this.canvas.height !== ch) {
      this.canvas.width = cw;
      this.canvas.height = ch;
      this.canvas.style.width = `${cw / dpr}px`;
      this.canvas.style.height = `${ch / dpr}px`;
    }
  }
  // Keeps the maze on screen: no panning past its edges.
  clamp() {
    const [ew, eh] = this.extent(), W = ew * this.scale, H = eh * this.scale;
    const cw = this.canvas.width, ch = this.canvas.height;
    this.ox = W <= cw ? Math.round((cw - W) / 2) : Math.min(0, Math.max(cw - W, this.ox));
    this.oy = H <= ch ? Math.round((ch - H) / 2) : Math.min(0, Math.max(ch - H, this.oy));
    if (this.maze && this.geo.blocks) { this.ox = Math.round(this.ox); this.oy = Math.round(this.oy); }
  }
  // Zooms by `factor` keeping canvas point (cx, cy) still; square grids step through
  // whole device pixels per block.
  zoom(factor, cx = this.canvas.width / 2, cy = this.canvas.height / 2) {
    const [lo, hi] = this.limits();
    let s = this.scale * factor;
    if (this.maze && this.geo.blocks) s = factor > 1 ? Math.max(this.scale + 1, Math.round(s)) : Math.min(this.scale - 1, Math.round(s));
    s = Math.min(hi, Math.max(lo, s));
    if (s === this.scale) return;
    const ux = (cx - this.ox) / this.scale, uy = (cy - this.oy) / this.scale;
    this.scale = s;
    this.resize();
    this.ox = cx - ux * s;
    this.oy = cy - uy * s;
    this.clamp();
    this.invalidate();
  }
  pan(dx, dy) {
    this.ox += dx;
    this.oy += dy;
    this.clamp();
    this.invalidate();
  }
  // Can the maze move under the canvas (is it larger than the canvas)?
  pannable() {
    const [ew, eh] = this.extent();
    return ew * this.scale > this.canvas.width + 1 || eh * this.scale > this.canvas.height + 1;
  }
  // Canvas pixel of view unit (ux, uy), and of a cell's centre.
  toCanvas(ux, uy) { return [this.ox + ux * this.scale, this.oy + uy * this.scale]; }
  cellCenter(c) {
    const [x, y] = this.xy(c);
    return this.geo.blocks ? this.toCanvas(2 * x + 1.5, 2 * y + 1.5) : this.toCanvas(...this.geo.center(x, y));
  }
  // Pans so that cell c is in sight with a margin (the player on a big maze).
  follow(c) {
    const [px, py] = this.cellCenter(c), mx = this.canvas.width / 5, my = this.canvas.height / 5;
    let dx = 0, dy = 0;
    if (px < mx) dx = mx * 2 - px; else if (px > this.canvas.width - mx) dx = this.canvas.width - 2 * mx - px;
    if (py < my) dy = my * 2 - py; else if (py > this.canvas.height - my) dy = this.canvas.height - 2 * my - py;
    if (dx || dy) this.pan(dx, dy);
  }
  // The cell under a client (CSS) point, or -1.
  cellAtClient(clientX, clientY) {
    if (!this.maze) return -1;
    const r = this.canvas.getBoundingClientRect(), dpr = this.canvas.width / r.width;
    const ux = ((clientX - r.left) * dpr - this.ox) / this.scale, uy = ((clientY - r.top) * dpr - this.oy) / this.scale;
    const m = this.maze;
    const at = this.geo.blocks ? this.geo.cellAt(m.width, m.height, (ux - 0.5) / 2, (uy - 0.5) / 2)
      : this.geo.cellAt(m.width, m.height, ux, uy);
    return at ? at[1] * m.width + at[0] : -1;
  }

  // ---- drawing ----
  invalidate() {
    if (this.raf) return;
    this.raf = requestAnimationFrame(() => { this.raf = 0; this.drawNow(); });
  }
  drawNow() {
    if (this.raf) { cancelAnimationFrame(this.raf); this.raf = 0; }
    const ctx = this.ctx, cw = this.canvas.width, ch = this.canvas.height;
    ctx.setTransform(1, 0, 0, 1, 0, 0);
    ctx.clearRect(0, 0, cw, ch);
    if (this.picture) {
      ctx.imageSmoothingEnabled = this.scale < 1;
      ctx.drawImage(this.picture, this.ox, this.oy, this.picture.width * this.scale, this.picture.height * this.scale);
      return;
    }
    if (this.maze) { if (this.geo.blocks) this.drawBlocks(); else if (this.geo.outlines) this.drawLibrary(); else this.drawOutlines(); }
    this.emit('draw');
  }
  // The zoom in words, for the page.
  describe() {
    const dpr = globalThis.devicePixelRatio || 1;
    const z = this.picture ? `${Math.round(this.scale * 100)}%` : this.geo.blocks ? `${this.scale / dpr} px a block`
      : `${(this.scale / dpr).toFixed(1)} px a cell`;
    return this.pannable() ? `${z}; drag (or scroll) to see the rest` : z;
  }
  drawBlocks() {
    // Only the blocks in sight, each `scale` device pixels, no smoothing.
    const ctx = this.ctx, s = this.scale, bw = this.image.width, bh = this.image.height;
    const x0 = Math.max(0, Math.floor(-this.ox / s)), y0 = Math.max(0, Math.floor(-this.oy / s));
    const x1 = Math.min(bw, Math.ceil((this.canvas.width - this.ox) / s)), y1 = Math.min(bh, Math.ceil((this.canvas.height - this.oy) / s));
    if (x1 <= x0 || y1 <= y0) return;
    ctx.imageSmoothingEnabled = false;
    ctx.drawImage(this.image, x0, y0, x1 - x0, y1 - y0, this.ox + x0 * s, this.oy + y0 * s, (x1 - x0) * s, (y1 - y0) * s);
  }
  drawOutlines() {
    const ctx = this.ctx, s = this.scale, m = this.maze, g = this.geo;
    const r = g.range(m.width, m.height, -this.ox / s, -this.oy / s, (this.canvas.width - this.ox) / s, (this.canvas.height - this.oy) / s);
    ctx.setTransform(s, 0, 0, s, this.ox, this.oy);
    // Fills, one path per colour. Each outline is grown by half a device pixel about
    // its centre, so that neighbours overlap and their anti-aliased edges leave no
    // seam across open passages (stroking every outline instead costs ten times more).
    const byColor = new Map(), grow = 1 + 0.5 / s;
    for (let y = r.y0; y < r.y1; y++) for (let x = r.x0; x < r.x1; x++) {
      const c = y * m.width + x;
      if (this.open[c] === REMOVED) continue;
      const k = this.hidden && this.hidden[c] ? INDEX.fog : this.color[c];
      if (!byColor.has(k)) byColor.set(k, new Path2D());
      const p = byColor.get(k), pts = g.corners(x, y), [cx, cy] = g.center(x, y);
      p.moveTo(cx + (pts[0][0] - cx) * grow, cy + (pts[0][1] - cy) * grow);
      // No closePath: a fill closes every subpath anyway, and Chrome's Path2D.closePath
      // costs time in proportion to the path so far (quadratic over a view of cells).
      for (let i = 1; i < pts.length; i++) p.lineTo(cx + (pts[i][0] - cx) * grow, cy + (pts[i][1] - cy) * grow);
    }
    for (const [k, p] of byColor) {
      ctx.fillStyle = COLORS[PALETTE[k]];
      ctx.fill(p);
    }
    ctx.lineJoin = 'round';
    ctx.lineCap = 'round';
    // Walls: every closed edge of every cell in sight (shared edges twice, alike).
    const walls = new Path2D();
    for (let y = r.y0; y < r.y1; y++) for (let x = r.x0; x < r.x1; x++) {
      const c = y * m.width + x, o = this.open[c];
      if (o === REMOVED || (this.hidden && this.hidden[c])) continue;
      const pts = g.corners(x, y);
      g.edges.forEach(([a, b], d) => {
        if (o & (1 << d)) return;
        walls.moveTo(pts[a][0], pts[a][1]);
        walls.lineTo(pts[b][0], pts[b][1]);
      });
    }
    ctx.strokeStyle = COLORS.wall;
    ctx.lineWidth = Math.max(1 / s, 0.25);
    ctx.stroke(walls);
    for (const o of this.overlays) {
      const p = new Path2D();
      o.cells.forEach((c, i) => {
        const [x, y] = g.center(...this.xy(c));
        if (i) p.lineTo(x, y); else p.moveTo(x, y);
      });
      if (o.cells.length === 1) p.lineTo(...g.center(...this.xy(o.cells[0])));
      ctx.strokeStyle = COLORS[o.color];
      ctx.lineWidth = Math.max(1.5 / s, 1 / 3);
      ctx.stroke(p);
    }
    for (const [c, color] of [[m.start, 'start'], [m.goal, 'goal']]) {
      if (c < 0) continue;
      const [x, y] = g.center(...this.xy(c));
      ctx.fillStyle = COLORS[color];
      ctx.beginPath();
      ctx.arc(x, y, 0.45, 0, 2 * Math.PI);
      ctx.fill();
    }
    ctx.setTransform(1, 0, 0, 1, 0, 0);
  }

  // Any grid from the library's outlines (topology.js, outlineGeometry): the cells in
  // sight filled by colour, every closed side a wall, weave crossings as bridges over
  // their tunnels, stairs as up and down marks, then the overlays and the ends as
  // drawOutlines draws them.
  drawLibrary() {
    const ctx = this.ctx, s = this.scale, m = this.maze, g = this.geo, n = m.cells.length;
    const x0 = -this.ox / s - 1, y0 = -this.oy / s - 1, x1 = (this.canvas.width - this.ox) / s + 1, y1 = (this.canvas.height - this.oy) / s + 1;
    const seen = (c) => g.polys[c].pts.length && this.open[c] !== REMOVED && g.centers[2 * c] > x0 && g.centers[2 * c] < x1
      && g.centers[2 * c + 1] > y0 && g.centers[2 * c + 1] < y1;
    ctx.setTransform(s, 0, 0, s, this.ox, this.oy);
    const byColor = new Map(), grow = 1 + 0.5 / s;
    for (let c = 0; c < n; c++) {
      if (!seen(c)) continue;
      const k = this.hidden && this.hidden[c] ? INDEX.fog : this.color[c];
      if (!byColor.has(k)) byColor.set(k, new Path2D());
      const p = byColor.get(k), pts = g.polys[c].pts, cx = g.centers[2 * c], cy = g.centers[2 * c + 1];
      p.moveTo(cx + (pts[0][0] - cx) * grow, cy + (pts[0][1] - cy) * grow);
      for (let i = 1; i < pts.length; i++) p.lineTo(cx + (pts[i][0] - cx) * grow, cy + (pts[i][1] - cy) * grow);
    }
    for (const [k, p] of byColor) {
      ctx.fillStyle = COLORS[PALETTE[k]];
      ctx.fill(p);
    }
    // Weave crossings, drawn as the pictures draw them (src/render/img_any.c): the cell
    // an under-passage runs beneath is a bridge between walls a quarter cell in, the
    // tunnel comes in through gaps in its other two sides, between walls that stop at
    // the bridge's, and the four corners are background. A crossing draws its own sides
    // (their end pieces); the cells the tunnel joins leave the sides they share with it.
    const cross = new Map(), tunnel = new Set();
    for (let i = 0; i < g.under.length; i += 4) {
      const a = g.under[i], d2 = g.under[i + 1], b = g.under[i + 2], mid = g.under[i + 3], d = g.base(d2);
      if (!(this.open[a] & (1 << d2))) continue; // not carved yet (an animation)
      cross.set(mid, d % 2); // 0: the tunnel runs N-S, 1: W-E
      tunnel.add(`${a},${d}`);
      tunnel.add(`${b},${(d + 2) % 4}`); // weave grids are square: N-S, E-W
    }
    const walls = new Path2D(), corners = new Path2D(), stairs = [];
    for (let c = 0; c < n; c++) {
      if (!seen(c) || (this.hidden && this.hidden[c])) continue;
      const o = this.open[c], { pts, dirOf } = g.polys[c];
      const axis = cross.get(c);
      if (axis !== undefined) {
        bridge(walls, corners, pts, g.centers[2 * c], g.centers[2 * c + 1], axis);
        continue;
      }
      for (let i = 0; i < pts.length; i++) {
        if (o & (1 << dirOf[i]) || tunnel.has(`${c},${dirOf[i]}`)) continue;
        const q = pts[(i + 1) % pts.length];
        walls.moveTo(pts[i][0], pts[i][1]);
        walls.lineTo(q[0], q[1]);
      }
      if (g.U >= 0 && o & (1 << g.U)) stairs.push([c, -1]);
      if (g.D >= 0 && o & (1 << g.D)) stairs.push([c, 1]);
    }
    if (cross.size) { // the corners show what is behind the maze, as removed cells do
      ctx.save();
      ctx.globalCompositeOperation = 'destination-out';
      ctx.fill(corners);
      ctx.restore();
    }
    ctx.lineJoin = 'round';
    ctx.lineCap = 'round';
    ctx.strokeStyle = COLORS.wall;
    ctx.lineWidth = Math.max(1 / s, 0.12);
    ctx.stroke(walls);
    // Stairs: a small triangle pointing up (to the level before) or down.
    ctx.fillStyle = COLORS.wall;
    for (const [c, dir] of stairs) {
      const cx = g.centers[2 * c] + 0.22 * dir, cy = g.centers[2 * c + 1];
      ctx.beginPath();
      ctx.moveTo(cx - 0.12, cy - 0.08 * dir);
      ctx.lineTo(cx + 0.12, cy - 0.08 * dir);
      ctx.lineTo(cx, cy + 0.12 * dir);
      ctx.fill();
    }
    for (const ov of this.overlays) {
      const p = new Path2D();
      // A stair step leaves the line: the next level is drawn beside this one.
      ov.cells.forEach((c, i) => {
        const stair = i && g.plane && Math.floor(c / g.plane) !== Math.floor(ov.cells[i - 1] / g.plane);
        if (i && !stair) p.lineTo(g.centers[2 * c], g.centers[2 * c + 1]); else p.moveTo(g.centers[2 * c], g.centers[2 * c + 1]);
      });
      if (ov.cells.length === 1) p.lineTo(g.centers[2 * ov.cells[0]], g.centers[2 * ov.cells[0] + 1]);
      ctx.strokeStyle = COLORS[ov.color];
      ctx.lineWidth = Math.max(1.5 / s, 0.2);
      ctx.stroke(p);
    }
    for (const [c, color] of [[m.start, 'start'], [m.goal, 'goal']]) {
      if (c < 0) continue;
      ctx.fillStyle = COLORS[color];
      ctx.beginPath();
      ctx.arc(g.centers[2 * c], g.centers[2 * c + 1], 0.3, 0, 2 * Math.PI);
      ctx.fill();
    }
    ctx.setTransform(1, 0, 0, 1, 0, 0);
  }

  // ---- pointer and wheel ----
  // on(name, fn): 'tap' (cell), 'swipe' (angle in degrees), 'paint' (cell, first).
  on(name, fn) { this.handlers[name] = fn; }
  emit(name, ...args) { if (this.handlers[name]) this.handlers[name](...args); }
  setupPointer() {
    const cv = this.canvas, pts = new Map();
    let start = null, moved = false, pinch = 0;
    cv.addEventListener('pointerdown', (e) => {
      cv.setPointerCapture?.(e.pointerId);
      pts.set(e.pointerId, [e.clientX, e.clientY]);
      if (pts.size === 1) {
        start = [e.clientX, e.clientY];
        moved = false;
        if (this.mode === 'paint') this.emit('paint', this.cellAtClient(e.clientX, e.clientY), true);
      } else if (pts.size === 2) {
        const [a, b] = [...pts.values()];
        pinch = Math.hypot(a[0] - b[0], a[1] - b[1]);
      }
    });
    cv.addEventListener('pointermove', (e) => {
      if (!pts.has(e.pointerId)) return;
      const prev = pts.get(e.pointerId);
      pts.set(e.pointerId, [e.clientX, e.clientY]);
      const dpr = cv.width / cv.getBoundingClientRect().width;
      if (pts.size === 2) {
        // Two fingers: pinch zooms, moving both pans.
        const [a, b] = [...pts.values()], d = Math.hypot(a[0] - b[0], a[1] - b[1]);
        if (pinch && Math.abs(d / pinch - 1) > 0.15) {
          const r = cv.getBoundingClientRect();
          this.zoom(d / pinch, ((a[0] + b[0]) / 2 - r.left) * dpr, ((a[1] + b[1]) / 2 - r.top) * dpr);
          pinch = d;
        }
        this.pan(((e.clientX - prev[0]) * dpr) / 2, ((e.clientY - prev[1]) * dpr) / 2);
        moved = true;
        return;
      }
      if (start && Math.hypot(e.clientX - start[0], e.clientY - start[1]) > 6) moved = true;
      if (this.mode === 'paint') this.emit('paint', this.cellAtClient(e.clientX, e.clientY), false);
      else if (this.mode === 'pan' || this.mode === 'pick') this.pan((e.clientX - prev[0]) * dpr, (e.clientY - prev[1]) * dpr);
    });
    const up = (e) => {
      if (!pts.has(e.pointerId)) return;
      const was = pts.size;
      pts.delete(e.pointerId);
      if (was !== 1 || !start) { if (!pts.size) start = null; return; }
      const dx = e.clientX - start[0], dy = e.clientY - start[1];
      if (this.mode === 'swipe' && Math.hypot(dx, dy) >= 12) this.emit('swipe', (Math.atan2(dy, dx) * 180) / Math.PI);
      else if (!moved) this.emit('tap', this.cellAtClient(e.clientX, e.clientY));
      start = null;
    };
    cv.addEventListener('pointerup', up);
    cv.addEventListener('pointercancel', (e) => { pts.delete(e.pointerId); start = null; });
    cv.addEventListener('wheel', (e) => {
      const r = cv.getBoundingClientRect(), dpr = cv.width / r.width;
      if (e.ctrlKey || e.metaKey) {
        // Pinch on a touchpad, or Ctrl+wheel: zoom at the pointer.
        e.preventDefault();
        this.zoom(e.deltaY < 0 ? 1.25 : 0.8, (e.clientX - r.left) * dpr, (e.clientY - r.top) * dpr);
      } else if (this.pannable()) {
        e.preventDefault();
        this.pan(-e.deltaX * dpr, -e.deltaY * dpr);
      }
    }, { passive: false });
  }
}
