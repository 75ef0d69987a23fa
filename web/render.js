// render.js — drawing mazes on a canvas. Square mazes use the JS1K block view: a
// (2W+1) x (2H+1) grid of wall and floor blocks, `block` pixels each, cell (x, y) at
// block (2x+1, 2y+1) and the passage east of it at (2x+2, 2y+1). Hex mazes are
// flat-topped hexagons in odd-q columns (as amaze render draws them) with walls as lines.

// The palette of amaze render (src/render/img_options.c).
export const COLORS = Object.freeze({
  wall: '#112222', floor: '#eeffff', path: '#dd2211', start: '#44cc66', goal: '#55aaff',
  unvisited: '#2c4a4a', head: '#ffdd22', trail: '#33cc44', frontier: '#88bbff',
  backtracked: '#c8a0a0', explored: '#cce4ee',
});

function rgb(hex) {
  const v = parseInt(hex.slice(1), 16);
  return [v >> 16, (v >> 8) & 255, v & 255];
}

const SQ_DX = [0, 1, 0, -1];
const SQ_DY = [-1, 0, 1, 0];
const SQRT3 = Math.sqrt(3);

// A view of one maze on one canvas: geometry plus a per-cell colour and a per-cell
// open-direction mask that animations change one event at a time.
export class MazeView {
  constructor(canvas, maze, { maxWidth = 960, maxHeight = 720 } = {}) {
    this.canvas = canvas;
    this.ctx = canvas.getContext('2d');
    this.maze = maze;
    this.hex = maze.topology === 'hex';
    const w = maze.width, h = maze.height;
    if (this.hex) {
      // Hexagon radius r: the grid is (1.5 w + 0.5) r wide and sqrt3 (h + 0.5) r tall.
      const r = Math.max(2, Math.min(maxWidth / (1.5 * w + 0.5), maxHeight / (SQRT3 * (h + 0.5))));
      this.r = r;
      this.pad = Math.max(2, Math.round(r / 4));
      canvas.width = Math.ceil((1.5 * w + 0.5) * r) + 2 * this.pad;
      canvas.height = Math.ceil(SQRT3 * (h + 0.5) * r) + 2 * this.pad;
    } else {
      this.block = Math.max(1, Math.floor(Math.min(maxWidth / (2 * w + 1), maxHeight / (2 * h + 1))));
      canvas.width = (2 * w + 1) * this.block;
      canvas.height = (2 * h + 1) * this.block;
    }
    this.open = new Uint8Array(maze.cells);
    this.color = new Array(w * h).fill(COLORS.floor);
  }

  // ---- geometry ----
  cellXY(c) { const x = c % this.maze.width; return [x, (c - x) / this.maze.width]; }
  // Centre of cell c in canvas pixels.
  center(c) {
    const [x, y] = this.cellXY(c);
    if (this.hex) {
      const r = this.r;
      return [this.pad + r + 1.5 * r * x, this.pad + SQRT3 * r * (y + 0.5 + 0.5 * (x & 1))];
    }
    return [(2 * x + 1.5) * this.block, (2 * y + 1.5) * this.block];
  }
  // Centre of the wall (or passage) between c and its neighbour in direction d.
  edgeCenter(c, d) {
    const [cx, cy] = this.center(c);
    if (this.hex) {
      const a = (Math.PI / 180) * (270 + 60 * d);
      const k = (SQRT3 / 2) * this.r;
      return [cx + k * Math.cos(a), cy + k * Math.sin(a)];
    }
    return [cx + SQ_DX[d] * this.block, cy + SQ_DY[d] * this.block];
  }
  corner(cx, cy, k) {
    const a = (Math.PI / 3) * k;
    return [cx + this.r * Math.cos(a), cy + this.r * Math.sin(a)];
  }
  // The cell under canvas pixel (px, py), or -1.
  cellAt(px, py) {
    let best = -1, bd = Infinity;
    const n = this.maze.width * this.maze.height;
    if (!this.hex) {
      const x = Math.floor((px / this.block - 1) / 2), y = Math.floor((py / this.block - 1) / 2);
      return x >= 0 && y >= 0 && x < this.maze.width && y < this.maze.height ? y * this.maze.width + x : -1;
    }
    for (let c = 0; c < n; c++) {
      const [x, y] = this.center(c);
      const dd = (x - px) ** 2 + (y - py) ** 2;
      if (dd < bd) { bd = dd; best = c; }
    }
    return best;
  }

  // ---- drawing ----
  // The whole maze: walls, floor (or each cell's colour), passages.
  drawAll() {
    const m = this.maze, w = m.width, h = m.height, ctx = this.ctx;
    if (!this.hex) {
      // One pixel per block into an ImageData, scaled up without smoothing: fast
      // (a 100x100 maze is 40 000 blocks) and exact to the pixel.
      const bw = 2 * w + 1, bh = 2 * h + 1;
      const img = new ImageData(bw, bh);
      const px = new Uint32Array(img.data.buffer);
      const pack = (hex) => { const [r, g, b] = rgb(hex); return (255 << 24 | b << 16 | g << 8 | r) >>> 0; };
      px.fill(pack(COLORS.wall));
      const cache = new Map();
      const col = (hex) => { let v = cache.get(hex); if (v === undefined) { v = pack(hex); cache.set(hex, v); } return v; };
      for (let y = 0; y < h; y++) {
        for (let x = 0; x < w; x++) {
          const c = y * w + x;
          if (this.open[c] === 255) continue;
          const v = col(this.color[c]);
          const i = (2 * y + 1) * bw + 2 * x + 1;
          px[i] = v;
          if (this.open[c] & 2) px[i + 1] = this.passageColor(c, c + 1, col);
          if (this.open[c] & 4) px[i + bw] = this.passageColor(c, c + w, col);
        }
      }
      const off = new OffscreenCanvas(bw, bh);
      off.getContext('2d').putImageData(img, 0, 0);
      ctx.imageSmoothingEnabled = false;
      ctx.drawImage(off, 0, 0, bw * this.block, bh * this.block);
      return;
    }
    ctx.fillStyle = COLORS.wall;
    ctx.fillRect(0, 0, this.canvas.width, this.canvas.height);
    for (let c = 0; c < w * h; c++) this.fillHex(c, this.color[c]);
    for (let c = 0; c < w * h; c++) this.hexWalls(c);
  }
  // A passage takes its cells' colour when both agree, else the floor's.
  passageColor(a, b, col) {
    return col(this.color[a] === this.color[b] ? this.color[a] : COLORS.floor);
  }
  fillHex(c, color) {
    if (this.open[c] === 255) return;
    const ctx = this.ctx, [cx, cy] = this.center(c);
    ctx.beginPath();
    for (let k = 0; k < 6; k++) {
      const [x, y] = this.corner(cx, cy, k);
      if (k) ctx.lineTo(x, y); else ctx.moveTo(x, y);
    }
    ctx.closePath();
    ctx.fillStyle = color;
    ctx.fill();
    // Outline in the same colour: neighbouring anti-aliased fills would otherwise let
    // the wall background show through as a faint seam across open passages.
    ctx.strokeStyle = color;
    ctx.lineWidth = 1.5;
    ctx.stroke();
  }
  hexWalls(c) {
    if (this.open[c] === 255) return;
    const ctx = this.ctx, [cx, cy] = this.center(c);
    ctx.strokeStyle = COLORS.wall;
    ctx.lineWidth = Math.max(1, this.r / 4);
    ctx.lineCap = 'round';
    ctx.beginPath();
    for (let d = 0; d < 6; d++) {
      if (this.open[c] & (1 << d)) continue;
      // Edge d lies between corners at 240 + 60d and 300 + 60d degrees (y down).
      const [x0, y0] = this.corner(cx, cy, 4 + d);
      const [x1, y1] = this.corner(cx, cy, 5 + d);
      ctx.moveTo(x0, y0);
      ctx.lineTo(x1, y1);
    }
    ctx.stroke();
  }
  // Recolours one cell (and, on square grids, its open passages).
  paint(c, color) {
    this.color[c] = color;
    if (this.hex) {
      this.fillHex(c, color);
      this.hexWalls(c);
      return;
    }
    const [x, y] = this.cellXY(c), b = this.block, ctx = this.ctx;
    ctx.fillStyle = color;
    ctx.fillRect((2 * x + 1) * b, (2 * y + 1) * b, b, b);
    for (let d = 0; d < 4; d++) if (this.open[c] & (1 << d)) this.paintPassage(c, d);
  }
  paintPassage(c, d) {
    const o = this.maze.neighbor(c, d);
    if (o < 0) return;
    const [x, y] = this.cellXY(c), b = this.block;
    this.ctx.fillStyle = this.color[c] === this.color[o] ? this.color[c] : COLORS.floor;
    this.ctx.fillRect((2 * x + 1 + SQ_DX[d]) * b, (2 * y + 1 + SQ_DY[d]) * b, b, b);
  }
  // Opens or closes the edge of c in direction d (an animation's CARVE or WALL).
  setEdge(c, d, open) {
    const o = this.maze.neighbor(c, d);
    if (o < 0) return;
    const od = (d + this.maze.ndirs / 2) % this.maze.ndirs;
    if (open) { this.open[c] |= 1 << d; this.open[o] |= 1 << od; } else { this.open[c] &= ~(1 << d); this.open[o] &= ~(1 << od); }
    if (this.hex) {
      this.paint(c, this.color[c]);
      this.paint(o, this.color[o]);
    } else if (open) {
      this.paintPassage(c, d);
    } else {
      const [x, y] = this.cellXY(c), b = this.block;
      this.ctx.fillStyle = COLORS.wall;
      this.ctx.fillRect((2 * x + 1 + SQ_DX[d]) * b, (2 * y + 1 + SQ_DY[d]) * b, b, b);
    }
  }
  // Every cell one colour, every wall closed or as the maze has it.
  reset(color, closed) {
    this.color.fill(color);
    if (closed) this.open = this.maze.cells.map((v) => (v === 255 ? 255 : 0));
    else this.open = new Uint8Array(this.maze.cells);
    this.drawAll();
  }
  // Start and goal markers (small squares or dots inside the cells).
  drawEnds() {
    this.mark(this.maze.start, COLORS.start);
    this.mark(this.maze.goal, COLORS.goal);
  }
  mark(c, color) {
    if (this.hex) {
      const [cx, cy] = this.center(c);
      this.ctx.fillStyle = color;
      this.ctx.beginPath();
      this.ctx.arc(cx, cy, this.r * 0.45, 0, 2 * Math.PI);
      this.ctx.fill();
    } else {
      this.paint(c, color);
    }
  }
  // A path (list of cells): red blocks on square grids, a red line through the
  // centres on hex grids.
  drawPath(path, color = COLORS.path) {
    if (!this.hex) {
      for (const c of path) this.color[c] = color;
      for (const c of path) this.paint(c, color);
      return;
    }
    const ctx = this.ctx;
    ctx.strokeStyle = color;
    ctx.lineWidth = Math.max(1.5, this.r / 3);
    ctx.lineJoin = 'round';
    ctx.lineCap = 'round';
    ctx.beginPath();
    path.forEach((c, i) => { const [x, y] = this.center(c); if (i) ctx.lineTo(x, y); else ctx.moveTo(x, y); });
    ctx.stroke();
  }
}
