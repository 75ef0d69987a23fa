// topology.js — how the page draws and steers each grid, as data. The library's
// registry (web_topology_*) says which topologies exist, their directions and size
// syntax; this table adds what a screen needs: where a cell sits, its outline, which
// outline edge each direction crosses, the screen angle of each direction (swipes and
// the touch pad) and the keys. A new topology is one entry here (its cells' outlines),
// or none at all for a library grid the page cannot draw yet (it then says so).
//
// Units: square cells are 1 x 1 with the JS1K block view on top (a cell and a wall
// are one block each, see view.js); hex cells are flat-topped hexagons of corner
// radius 1 in odd-q columns (odd columns half a cell lower), as the library numbers
// them (include/amaze/maze.h) and amaze render draws them (include/amaze/image.h).
const SQRT3 = Math.sqrt(3);

const square = Object.freeze({
  blocks: true,
  // Screen angle of each direction, degrees clockwise from east (y grows down).
  angles: [270, 0, 90, 180],
  arrows: ['↑', '→', '↓', '←'],
  keys: Object.freeze({
    ArrowUp: 0, KeyW: 0, KeyK: 0, ArrowRight: 1, KeyD: 1, KeyL: 1,
    ArrowDown: 2, KeyS: 2, KeyJ: 2, ArrowLeft: 3, KeyA: 3, KeyH: 3,
  }),
  keyHelp: 'arrows, WASD or hjkl',
  extent: (w, h) => [w, h],
  center: (x, y) => [x + 0.5, y + 0.5],
  corners: (x, y) => [[x, y], [x + 1, y], [x + 1, y + 1], [x, y + 1]],
  // Direction d crosses the outline edge from corner edges[d][0] to edges[d][1].
  edges: [[0, 1], [1, 2], [2, 3], [3, 0]],
  // The cells whose outlines meet the unit rectangle [x0, x1) x [y0, y1).
  range: (w, h, x0, y0, x1, y1) => ({
    x0: Math.max(0, Math.floor(x0)), y0: Math.max(0, Math.floor(y0)),
    x1: Math.min(w, Math.ceil(x1)), y1: Math.min(h, Math.ceil(y1)),
  }),
  cellAt: (w, h, ux, uy) => {
    const x = Math.floor(ux), y = Math.floor(uy);
    return x >= 0 && y >= 0 && x < w && y < h ? [x, y] : null;
  },
});

const HEX_CORNERS = Array.from({ length: 6 }, (_, k) => [Math.cos((Math.PI / 3) * k), Math.sin((Math.PI / 3) * k)]);

function hexCenter(x, y) {
  return [1 + 1.5 * x, SQRT3 * (y + 0.5 + 0.5 * (x & 1))];
}

const hex = Object.freeze({
  blocks: false,
  angles: [270, 330, 30, 90, 150, 210],
  arrows: ['↑', '↗', '↘', '↓', '↙', '↖'],
  keys: Object.freeze({ ArrowUp: 0, KeyW: 0, KeyE: 1, KeyD: 2, ArrowDown: 3, KeyS: 3, KeyA: 4, KeyQ: 5 }),
  keyHelp: 'W/S or ↑/↓ north and south, Q/E north-west and north-east, A/D south-west and south-east',
  extent: (w, h) => [1.5 * w + 0.5, SQRT3 * (h + (w > 1 ? 0.5 : 0))],
  center: hexCenter,
  corners: (x, y) => {
    const [cx, cy] = hexCenter(x, y);
    return HEX_CORNERS.map(([dx, dy]) => [cx + dx, cy + dy]);
  },
  // Corner k is at 60k degrees (y down): the edge towards direction d (N = 0, then
  // clockwise) runs from corner d+4 to corner d+5.
  edges: [[4, 5], [5, 0], [0, 1], [1, 2], [2, 3], [3, 4]],
  range: (w, h, x0, y0, x1, y1) => ({
    x0: Math.max(0, Math.floor((x0 - 2) / 1.5)), x1: Math.min(w, Math.ceil(x1 / 1.5) + 1),
    y0: Math.max(0, Math.floor(y0 / SQRT3) - 1), y1: Math.min(h, Math.ceil(y1 / SQRT3) + 1),
  }),
  cellAt: (w, h, ux, uy) => {
    // The nearest centre among the candidates around the point is the hexagon it is in.
    const gx = Math.round((ux - 1) / 1.5);
    let best = null, bd = Infinity;
    for (let x = gx - 1; x <= gx + 1; x++) {
      if (x < 0 || x >= w) continue;
      const gy = Math.round(uy / SQRT3 - 0.5 - 0.5 * (x & 1));
      for (let y = gy - 1; y <= gy + 1; y++) {
        if (y < 0 || y >= h) continue;
        const [cx, cy] = hexCenter(x, y), d = (cx - ux) ** 2 + (cy - uy) ** 2;
        if (d < bd) { bd = d; best = [x, y]; }
      }
    }
    return best && bd <= 1 ? best : null;
  },
});

export const GEOMETRY = Object.freeze({ square, hex });

// The outline data of a maze the page draws from the library's geometry (any grid
// but a flat square or hex one): Maze.geometry() plus what the drawing and the keys
// need that the outlines do not say (the direction names, the weave's neighbours).
export function outlineData(m) {
  const g = m.geometry(), dirs = Array.from({ length: m.ndirs }, (_, d) => m.amaze.str(m.amaze.x.web_dir_name(m.amaze.topologyId(m.topology), d)));
  // A weave cell's under-passage (N2 ...) jumps over a cell: its far end and the cell
  // it passes under (the crossing, its neighbour the plain way), for the bridge.
  const under = [];
  if (m.weave) for (let c = 0; c < m.ncells; c++) for (let d = 0; d < m.ndirs; d++)
    if (/2$/.test(dirs[d]) && m.open(c, d)) under.push(c, d, m.neighbor(c, d), m.neighbor(c, dirs.indexOf(dirs[d].slice(0, -1))));
  // The way back of every edge (an animation opens both sides of a carved wall).
  const back = new Int8Array(m.ncells * m.ndirs);
  for (let c = 0; c < m.ncells; c++) for (let d = 0; d < m.ndirs; d++) back[c * m.ndirs + d] = m.amaze.x.web_maze_back(m.ptr, c, d);
  // Cells per level (0 on a flat grid): level z holds cells z*plane .. (z+1)*plane - 1.
  return { ...g, dirs, back, under: Int32Array.from(under), plane: m.levels > 1 ? m.ncells / m.levels : 0 };
}

// Does the page draw this maze from the library's outlines (else the tables above)?
export function usesOutlines(m) {
  return !GEOMETRY[m.topology] || m.levels > 1 || m.weave;
}

// Arcs (polar) become this many segments a radian of turn: smooth at any zoom the
// view allows, cheap to fill.
const ARC_STEPS = 8;

// A geometry for one maze from its outline data (outlineData): every cell's polygon
// (arcs as polylines) shifted so the extent starts at a quarter unit, each polygon
// edge tagged with its direction. Keys and the pad steer by screen angle: the
// direction of the player's cell whose side faces the key's way (resolve).
function outlineGeometry(o, w) {
  const n = o.first.length - 1, dx = 0.25 - o.extent[0], dy = 0.25 - o.extent[1];
  const polys = new Array(n), centers = new Float64Array(2 * n);
  for (let c = 0; c < n; c++) {
    centers[2 * c] = o.centers[2 * c] + dx;
    centers[2 * c + 1] = o.centers[2 * c + 1] + dy;
    const pts = [], dirOf = [];
    for (let i = o.first[c]; i < o.first[c + 1]; i++) {
      const ax = o.sides[6 * i], ay = o.sides[6 * i + 1], bx = o.sides[6 * i + 2], by = o.sides[6 * i + 3];
      const dir = o.sides[6 * i + 4];
      if (o.sides[6 * i + 5]) {
        // Clockwise on screen (y down) about the origin, from a to b.
        const r = Math.hypot(ax, ay), t0 = Math.atan2(ay, ax);
        let t1 = Math.atan2(by, bx);
        while (t1 <= t0) t1 += 2 * Math.PI;
        const k = Math.max(1, Math.ceil((t1 - t0) * ARC_STEPS));
        for (let j = 0; j < k; j++) {
          const t = t0 + ((t1 - t0) * j) / k;
          pts.push([r * Math.cos(t) + dx, r * Math.sin(t) + dy]);
          dirOf.push(dir);
        }
      } else {
        pts.push([ax + dx, ay + dy]);
        dirOf.push(dir);
      }
    }
    polys[c] = { pts, dirOf };
  }
  const U = o.dirs.indexOf('U'), D = o.dirs.indexOf('D');
  const base = (d) => (/2$/.test(o.dirs[d]) ? o.dirs.indexOf(o.dirs[d].slice(0, -1)) : d);
  // Screen angle (degrees clockwise from east) from c's centre to the middle of its side d.
  const sideAngle = (c, d) => {
    const p = polys[c], cx = centers[2 * c], cy = centers[2 * c + 1];
    let sx = 0, sy = 0, k = 0;
    p.pts.forEach((pt, i) => {
      if (p.dirOf[i] !== d) return;
      const q = p.pts[(i + 1) % p.pts.length];
      sx += pt[0] + q[0];
      sy += pt[1] + q[1];
      k += 2;
    });
    return k ? (Math.atan2(sy / k - cy, sx / k - cx) * 180) / Math.PI : null;
  };
  const at = (c) => [c % w, (c - (c % w)) / w];
  const inside = (c, ux, uy) => {
    const pts = polys[c].pts;
    let inn = false;
    for (let i = 0, j = pts.length - 1; i < pts.length; j = i++) {
      const [xi, yi] = pts[i], [xj, yj] = pts[j];
      if ((yi > uy) !== (yj > uy) && ux < ((xj - xi) * (uy - yi)) / (yj - yi) + xi) inn = !inn;
    }
    return inn;
  };
  // Eight screen ways (an octagon's sides; a polar cell's in, out and round), then
  // the stairs.
  const names = ['up', 'up and right', 'right', 'down and right', 'down', 'down and left', 'left', 'up and left'];
  const angles = [270, 315, 0, 45, 90, 135, 180, 225], arrows = ['↑', '↗', '→', '↘', '↓', '↙', '←', '↖'];
  if (U >= 0) { angles.push(null, null); arrows.push('⇞', '⇟'); names.push('a level up', 'a level down'); }
  return Object.freeze({
    blocks: false, outlines: true, polys, centers, under: o.under, dirs: o.dirs, U, D, base, plane: o.plane, back: o.back,
    angles, arrows, padNames: names,
    keys: Object.freeze({
      ArrowUp: 0, KeyW: 0, KeyK: 0, Numpad8: 0, KeyE: 1, Numpad9: 1, ArrowRight: 2, KeyD: 2, KeyL: 2, Numpad6: 2,
      KeyC: 3, Numpad3: 3, ArrowDown: 4, KeyS: 4, KeyJ: 4, Numpad2: 4, KeyZ: 5, Numpad1: 5,
      ArrowLeft: 6, KeyA: 6, KeyH: 6, Numpad4: 6, KeyQ: 7, Numpad7: 7,
      ...(U >= 0 ? { PageUp: 8, PageDown: 9, Comma: 8, Period: 9 } : {}),
    }),
    keyHelp: `arrows, WASD or hjkl, Q E Z C (or the keypad) for the diagonals: the side facing that way; a click on the next cell${U >= 0 ? '; Page Up / Page Down (or , and .) take the stairs' : ''}`,
    extent: () => [o.extent[2] - o.extent[0], o.extent[3] - o.extent[1]], // the view adds the margin
    center: (x, y) => [centers[2 * (y * w + x)], centers[2 * (y * w + x) + 1]],
    corners: (x, y) => polys[y * w + x].pts,
    cellAt: (_w, _h, ux, uy) => {
      let best = -1, bd = Infinity;
      for (let c = 0; c < n; c++) {
        if (!polys[c].pts.length) continue;
        const d = (centers[2 * c] - ux) ** 2 + (centers[2 * c + 1] - uy) ** 2;
        if (d < bd && inside(c, ux, uy)) { bd = d; best = c; }
      }
      return best < 0 ? null : at(best);
    },
    // The direction of cell c a pad or key index v means: the stairs, or the side
    // facing the screen angle, an open passage first (within 60 degrees), else the
    // nearest side (the game then says it is a wall).
    resolve: (c, v, open) => {
      if (v === 8) return U;
      if (v === 9) return D;
      const want = angles[v];
      let best, bd = Infinity, bestOpen, bo = Infinity;
      for (let d = 0; d < o.dirs.length; d++) {
        const a = sideAngle(c, base(d));
        if (a === null) continue;
        const diff = Math.abs(((want - a + 540) % 360) - 180);
        if (diff < bd && base(d) === d) { bd = diff; best = d; }
        if (open(c, d) && diff <= 60 && diff < bo) { bo = diff; bestOpen = d; }
      }
      return bestOpen ?? best;
    },
  });
}

// The geometry the page draws a maze with: the tables above for flat square and hex
// grids, else the library's outlines (maze.outline, from outlineData).
export function geometry(maze) {
  if (maze.outline) return outlineGeometry(maze.outline, maze.width);
  const g = GEOMETRY[maze.topology];
  if (!g) throw new Error(`the page cannot draw this ${maze.topology} maze: its outlines are missing`);
  return g;
}

// The direction nearest a screen angle (a swipe), for a geometry.
export function nearestDirection(g, angleDeg) {
  let best = 0, bd = Infinity;
  g.angles.forEach((a, d) => {
    if (a === null) return; // the stairs: no screen angle
    const diff = Math.abs(((angleDeg - a + 540) % 360) - 180);
    if (diff < bd) { bd = diff; best = d; }
  });
  return best;
}
