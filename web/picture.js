// picture.js — a maze as `amaze render` draws it (PNG and SVG), from the geometry that
// include/amaze/image.h documents: cell pitch, wall thickness, margin, picture size and
// the opened sides as the library lays them out (amz_image_layout_get and
// amz_image_openings, through amaze.wasm), walls on grid lines with posts at corners,
// openings where a start or goal faces the outside, the solution band, the start and
// goal markers. The drawing is restated here because cairo is not in the wasm build.
// Square pictures have whole-pixel shapes only, so the pixels are exactly the CLI's
// (the PNG bytes differ: the browser's encoder is not libpng); hex pictures are drawn
// by the browser's rasteriser, whose anti-aliasing differs from cairo's at the edges.
// Works in the page and in the worker (no DOM: OffscreenCanvas).
import { COLORS } from './view.js';
import { REMOVED } from './amaze.js';

const SQRT3 = Math.sqrt(3);
const BACKGROUND = '#ffffff';

export class PictureError extends Error {}

// Square N E S W, hex N NE SE S SW NW: direction bits of the cell masks.
const HEX_DX = [0, 1, 1, 0, -1, -1];

function hexStep(w, h, x, y, d) {
  const odd = x & 1, nx = x + HEX_DX[d];
  const ny = y + [-1, odd - 1, odd, 1, odd, odd - 1][d];
  return nx < 0 || ny < 0 || nx >= w || ny >= h ? null : [nx, ny];
}

// The geometry of a picture from the library's layout (`lib`: amz_image_layout_get's
// cell, wall, margin and size, and the sides amz_image_openings opens; worker.js asks
// amaze.wasm for it), with the sizes of the solution band and markers derived as
// img_geo_init derives them.
export function layout(maze, lib) {
  const { cell, wall, margin, width, height, open } = lib;
  const interior = cell - wall, bandOff = Math.floor((interior * 3) / 10), markOff = Math.floor(interior / 5);
  return {
    hex: maze.topology === 'hex', cell, wall, margin, width, height, open, interior, bandOff,
    band: interior - 2 * bandOff, markOff, mark: interior - 2 * markOff, s: cell / 2, hh: (cell / 2) * SQRT3 / 2,
    o: margin + wall / 2,
  };
}

// Everything a picture shows, as whole shapes: rectangles by colour (square) or
// polygons, lines and discs (hex). Both writers below draw this list. lib: the
// library's layout (see layout()); path: the cells of the solution shown, or null.
export function scene(maze, path, lib) {
  const L = layout(maze, lib);
  const w = maze.width, h = maze.height, cells = maze.cells;
  const exists = (x, y) => x >= 0 && y >= 0 && x < w && y < h && cells[y * w + x] !== REMOVED;
  const showPath = path && path.length ? path : null;
  const onPath = new Set(showPath || []);
  const pathEdge = new Set();
  if (showPath) for (let i = 1; i < showPath.length; i++) {
    const a = Math.min(showPath[i - 1], showPath[i]), b = Math.max(showPath[i - 1], showPath[i]);
    pathEdge.add(`${a},${b}`);
  }
  const markers = maze.start >= 0 && maze.goal >= 0 && cells[maze.start] !== REMOVED && cells[maze.goal] !== REMOVED;
  const [startOpen, goalOpen] = L.open;
  const isOpening = (x, y, d) => { const c = y * w + x; return (c === maze.start && d === startOpen) || (c === maze.goal && d === goalOpen); };
  const sc = { layout: L, layers: [] };
  const layer = (color, kind, extra = {}) => { const l = { color, kind, items: [], ...extra }; sc.layers.push(l); return l; };

  if (!L.hex) {
    const gx = (i) => L.margin + i * L.cell;
    const fills = layer(COLORS.floor, 'rect');
    for (let y = 0; y < h; y++) for (let x = 0; x < w; x++)
      if (exists(x, y)) fills.items.push([gx(x), gx(y), gx(x + 1), gx(y + 1)]);
    const band = layer(COLORS.path, 'rect');
    const a = L.wall + L.bandOff, p = L.band;
    for (const c of onPath) {
      const x = c % w, y = (c - x) / w, px = gx(x) + a, py = gx(y) + a;
      const ex = x + 1 < w && pathEdge.has(`${c},${c + 1}`) ? gx(x + 1) + a + p : px + p;
      const ey = y + 1 < h && pathEdge.has(`${c},${c + w}`) ? gx(y + 1) + a + p : py + p;
      band.items.push([px, py, ex, py + p], [px, py, px + p, ey]);
    }
    if (markers) for (const [c, color] of [[maze.start, COLORS.start], [maze.goal, COLORS.goal]]) {
      const x = c % w, y = (c - x) / w, px = gx(x) + L.wall + L.markOff, py = gx(y) + L.wall + L.markOff;
      layer(color, 'rect').items.push([px, py, px + L.mark, py + L.mark]);
    }
    // Walls on grid lines (img_vwall / img_hwall): an opening faces the grid's border
    // or a removed cell. Then posts no wall touches.
    const vwall = (i, r) => {
      const A = exists(i - 1, r), B = exists(i, r);
      if (A && B) return !(cells[r * w + i - 1] & 2);
      if (A && isOpening(i - 1, r, 1)) return false;
      if (B && isOpening(i, r, 3)) return false;
      return A !== B;
    };
    const hwall = (i, r) => {
      const A = exists(i, r - 1), B = exists(i, r);
      if (A && B) return !(cells[(r - 1) * w + i] & 4);
      if (A && isOpening(i, r - 1, 2)) return false;
      if (B && isOpening(i, r, 0)) return false;
      return A !== B;
    };
    const walls = layer(COLORS.wall, 'rect'), wl = L.wall;
    for (let i = 0; i <= w; i++) for (let y = 0; y < h;) {
      if (!vwall(i, y)) { y++; continue; }
      let e = y + 1;
      while (e < h && vwall(i, e)) e++;
      walls.items.push([gx(i), gx(y), gx(i) + wl, gx(e) + wl]);
      y = e;
    }
    for (let j = 0; j <= h; j++) for (let x = 0; x < w;) {
      if (!hwall(x, j)) { x++; continue; }
      let e = x + 1;
      while (e < w && hwall(e, j)) e++;
      walls.items.push([gx(x), gx(j), gx(e) + wl, gx(j) + wl]);
      x = e;
    }
    for (let j = 0; j <= h; j++) for (let i = 0; i <= w; i++) {
      const touched = (j > 0 && vwall(i, j - 1)) || (j < h && vwall(i, j)) || (i > 0 && hwall(i - 1, j)) || (i < w && hwall(i, j));
      const needed = exists(i - 1, j - 1) || exists(i, j - 1) || exists(i - 1, j) || exists(i, j);
      if (!touched && needed) walls.items.push([gx(i), gx(j), gx(i) + wl, gx(j) + wl]);
    }
    return sc;
  }

  // Hex: corner k of a cell at (cx + CS[k][0] s, cy + CS[k][1] hh).
  const CS = [[1, 0], [0.5, 1], [-0.5, 1], [-1, 0], [-0.5, -1], [0.5, -1]];
  const center = (x, y) => [L.o + L.s + 1.5 * L.s * x, L.o + L.hh * (2 * y + 1 + (x & 1))];
  const corner = (cx, cy, k) => [cx + CS[k][0] * L.s, cy + CS[k][1] * L.hh];
  const fills = layer(COLORS.floor, 'polygon');
  for (let y = 0; y < h; y++) for (let x = 0; x < w; x++) {
    if (!exists(x, y)) continue;
    const [cx, cy] = center(x, y);
    fills.items.push(CS.map((_, k) => corner(cx, cy, k)));
  }
  const band = layer(COLORS.path, 'line', { width: L.s * 0.4 > 1 ? L.s * 0.4 : 1 });
  for (const c of onPath) {
    const x = c % w, y = (c - x) / w, [cx, cy] = center(x, y);
    band.items.push([cx, cy, cx, cy]); // a dot: single-cell paths show
    for (let d = 1; d <= 3; d++) {
      const n = hexStep(w, h, x, y, d);
      if (!n) continue;
      const o = n[1] * w + n[0];
      if (!pathEdge.has(`${Math.min(c, o)},${Math.max(c, o)}`)) continue;
      band.items.push([cx, cy, ...center(n[0], n[1])]);
    }
  }
  if (markers) for (const [c, color] of [[maze.start, COLORS.start], [maze.goal, COLORS.goal]]) {
    const x = c % w, y = (c - x) / w;
    layer(color, 'disc').items.push([...center(x, y), L.s * 0.45]);
  }
  // An edge between two cells is drawn by its owner (NE, SE, S); a border edge by its
  // cell; openings (on the border, or towards a removed cell from either side) are not
  // (hex_draws_wall in src/render/img_draw.c).
  const walls = layer(COLORS.wall, 'line', { width: L.wall });
  for (let y = 0; y < h; y++) for (let x = 0; x < w; x++) {
    const ce = exists(x, y), [cx, cy] = center(x, y), c = y * w + x;
    for (let d = 0; d < 6; d++) {
      const n = hexStep(w, h, x, y, d);
      let draw;
      if (!n) draw = ce && !isOpening(x, y, d);
      else if (d < 1 || d > 3) draw = false;
      else {
        const ne = exists(n[0], n[1]);
        if (ce && ne) draw = !(cells[c] & (1 << d));
        else draw = ce !== ne && !(ce ? isOpening(x, y, d) : isOpening(n[0], n[1], (d + 3) % 6));
      }
      if (draw) walls.items.push([...corner(cx, cy, (d + 4) % 6), ...corner(cx, cy, (d + 5) % 6)]);
    }
  }
  return sc;
}

// The picture's pixels (RGBA). Square: filled span by span into the buffer, exact.
// Hex: drawn on a 2D canvas (anti-aliased), as PNG needs.
export function raster(maze, path, lib, maxPixels = Infinity) {
  const sc = scene(maze, path, lib), L = sc.layout;
  if (L.width * L.height > maxPixels)
    throw new PictureError(`a ${L.width}x${L.height} px picture is larger than the page's ${Math.round(maxPixels / 1048576)} Mpx canvas`);
  if (L.hex) {
    const cv = new OffscreenCanvas(L.width, L.height), ctx = cv.getContext('2d');
    drawCanvas(ctx, sc);
    return { width: L.width, height: L.height, data: ctx.getImageData(0, 0, L.width, L.height).data };
  }
  const data = new Uint8ClampedArray(L.width * L.height * 4), px = new Uint32Array(data.buffer);
  const pack = (hex) => { const v = parseInt(hex.slice(1), 16); return ((255 << 24) | ((v & 255) << 16) | (v & 0xff00) | (v >> 16)) >>> 0; };
  px.fill(pack(BACKGROUND));
  for (const l of sc.layers) {
    const v = pack(l.color);
    for (const [x0, y0, x1, y1] of l.items)
      for (let y = Math.max(0, y0); y < Math.min(L.height, y1); y++) px.fill(v, y * L.width + Math.max(0, x0), y * L.width + Math.min(L.width, x1));
  }
  return { width: L.width, height: L.height, data };
}

function drawCanvas(ctx, sc) {
  const L = sc.layout;
  ctx.fillStyle = BACKGROUND;
  ctx.fillRect(0, 0, L.width, L.height);
  for (const l of sc.layers) {
    ctx.fillStyle = ctx.strokeStyle = l.color;
    const p = new Path2D();
    if (l.kind === 'rect') for (const [x0, y0, x1, y1] of l.items) p.rect(x0, y0, x1 - x0, y1 - y0);
    // Fills close their subpaths themselves (Path2D.closePath is slow on long paths).
    if (l.kind === 'polygon') for (const pts of l.items) { p.moveTo(...pts[0]); for (const q of pts.slice(1)) p.lineTo(...q); }
    if (l.kind === 'disc') for (const [x, y, r] of l.items) { p.moveTo(x + r, y); p.arc(x, y, r, 0, 2 * Math.PI); }
    if (l.kind === 'line') {
      for (const [x0, y0, x1, y1] of l.items) { p.moveTo(x0, y0); p.lineTo(x1, y1); }
      ctx.lineWidth = l.width;
      ctx.lineCap = ctx.lineJoin = 'round';
      ctx.stroke(p);
    } else {
      ctx.fill(p);
    }
  }
}

// A PNG Blob of the picture (the browser's encoder).
export async function png(maze, path, lib, maxPixels = Infinity) {
  const r = raster(maze, path, lib, maxPixels);
  const cv = new OffscreenCanvas(r.width, r.height);
  cv.getContext('2d').putImageData(new ImageData(r.data, r.width, r.height), 0, 0);
  return cv.convertToBlob({ type: 'image/png' });
}

const num = (v) => (Number.isInteger(v) ? String(v) : v.toFixed(3).replace(/0+$/, ''));

// The picture as SVG text: the same shapes, sized in points with a pixel viewBox as
// amaze render's (cairo's) SVG is, so both show at the same size.
export function svg(maze, path, lib) {
  const sc = scene(maze, path, lib), L = sc.layout;
  const out = [`<?xml version="1.0" encoding="UTF-8"?>\n<svg xmlns="http://www.w3.org/2000/svg" width="${L.width}pt" height="${L.height}pt" viewBox="0 0 ${L.width} ${L.height}" version="1.1">\n`,
    `<rect x="0" y="0" width="${L.width}" height="${L.height}" fill="${BACKGROUND}"/>\n`];
  for (const l of sc.layers) {
    if (!l.items.length) continue;
    let d = '';
    if (l.kind === 'rect') for (const [x0, y0, x1, y1] of l.items) d += `M${x0} ${y0}H${x1}V${y1}H${x0}Z`;
    if (l.kind === 'polygon') for (const pts of l.items) d += `M${pts.map(([x, y]) => `${num(x)} ${num(y)}`).join('L')}Z`;
    if (l.kind === 'line') for (const [x0, y0, x1, y1] of l.items) d += `M${num(x0)} ${num(y0)}L${num(x1)} ${num(y1)}`;
    if (l.kind === 'disc') {
      for (const [x, y, r] of l.items) out.push(`<circle cx="${num(x)}" cy="${num(y)}" r="${num(r)}" fill="${l.color}"/>\n`);
      continue;
    }
    out.push(l.kind === 'line'
      ? `<path d="${d}" fill="none" stroke="${l.color}" stroke-width="${num(l.width)}" stroke-linecap="round" stroke-linejoin="round"/>\n`
      : `<path d="${d}" fill="${l.color}"/>\n`);
  }
  out.push('</svg>\n');
  return out.join('');
}
