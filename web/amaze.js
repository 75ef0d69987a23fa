// amaze.js — libamaze compiled to WebAssembly (amaze.wasm, built by `make web`) behind
// a small JavaScript API. No dependencies; works in browsers and in Node (pass the wasm
// bytes to load()). The C side is web/glue.c; every call is synchronous.

// Observer event types, as in include/amaze/observer.h.
export const EV = Object.freeze({
  VISIT: 0, CARVE: 1, WALL: 2, ENTER: 3, BACKTRACK: 4, FRONTIER: 5, PATH: 6, PROGRESS: 7,
});
export const TOPOLOGIES = Object.freeze(['square', 'hex']);
// Largest side and cell count the page's API accepts (wasm32 memory is 4 GiB at most).
export const MAX_SIDE = 4000;
export const MAX_CELLS = 4000000;

export class AmazeError extends Error {}

const ERRNO_BADF = 8;
const ERRNO_NOSYS = 52;

// WASI imports: the library only needs a clock (slide solvers time themselves). The
// page has no files; every other call fails cleanly and fd_prestat_get says "no
// preopened folders" (EBADF ends wasi-libc's scan).
function wasiImports(module, getMemory) {
  const imp = {};
  for (const d of WebAssembly.Module.imports(module)) {
    if (d.module !== 'wasi_snapshot_preview1') continue;
    imp[d.name] = () => ERRNO_NOSYS;
  }
  imp.fd_prestat_get = () => ERRNO_BADF;
  imp.environ_sizes_get = (countPtr, sizePtr) => {
    const v = new DataView(getMemory().buffer);
    v.setUint32(countPtr, 0, true);
    v.setUint32(sizePtr, 0, true);
    return 0;
  };
  imp.environ_get = () => 0;
  imp.clock_time_get = (id, precision, outPtr) => {
    const ns = BigInt(Math.round((globalThis.performance ? performance.now() : Date.now()) * 1e6));
    new DataView(getMemory().buffer).setBigUint64(outPtr, ns, true);
    return 0;
  };
  imp.proc_exit = (code) => { throw new AmazeError(`amaze.wasm exited (${code})`); };
  return { wasi_snapshot_preview1: imp };
}

// Loads amaze.wasm: `source` is its bytes (ArrayBuffer or typed array), a URL, or
// nothing (amaze.wasm next to this module).
export async function load(source) {
  let bytes = source;
  if (bytes === undefined || typeof bytes === 'string' || bytes instanceof URL) {
    const url = bytes === undefined ? new URL('amaze.wasm', import.meta.url) : bytes;
    const res = await fetch(url);
    if (!res.ok) throw new AmazeError(`cannot load ${url}: HTTP ${res.status}`);
    bytes = await res.arrayBuffer();
  }
  const module = await WebAssembly.compile(bytes);
  let memory = null;
  const instance = await WebAssembly.instantiate(module, wasiImports(module, () => memory));
  memory = instance.exports.memory;
  instance.exports._initialize();
  return new Amaze(instance.exports);
}

function parseSeed(seed) {
  let s;
  try {
    s = BigInt(typeof seed === 'number' ? Math.trunc(seed) : String(seed ?? 0).trim() || '0');
  } catch {
    throw new AmazeError(`seed '${seed}' is not a whole number`);
  }
  if (s < 0n || s >= 1n << 64n) throw new AmazeError(`seed ${seed} is outside 0..18446744073709551615`);
  return s;
}

function checkSide(name, v, max) {
  if (!Number.isInteger(v) || v < 1 || v > max)
    throw new AmazeError(`${name} ${v} is outside 1..${max}`);
}

export class Amaze {
  constructor(exports) {
    this.x = exports;
    this.enc = new TextEncoder();
    this.dec = new TextDecoder();
  }

  // ---- memory helpers ----
  u8() { return new Uint8Array(this.x.memory.buffer); }
  str(ptr) {
    if (!ptr) return null;
    const m = this.u8();
    let end = ptr;
    while (m[end]) end++;
    return this.dec.decode(m.subarray(ptr, end));
  }
  cstr(s) {
    const b = this.enc.encode(s);
    const p = this.x.web_alloc(b.length + 1);
    const m = this.u8();
    m.set(b, p);
    m[p + b.length] = 0;
    return p;
  }
  // Calls fn with `bytes` of scratch memory, freed afterwards.
  scratch(bytes, fn) {
    const p = this.x.web_alloc(bytes);
    if (!p) throw new AmazeError('out of memory');
    try { return fn(p); } finally { this.x.web_free(p); }
  }
  fail(what) { return new AmazeError(`${what}: ${this.str(this.x.web_error()) || 'failed'}`); }
  takeEvents() {
    const n = this.x.web_event_count();
    if (!n) return new Int32Array(0);
    return new Int32Array(this.x.memory.buffer, this.x.web_events(), n * 4).slice();
  }

  // ---- registries ----
  // [{name, topologies: ['square', 'hex']}] in catalog order.
  generators() {
    const out = [];
    for (let i = 0; i < this.x.web_gen_count(); i++) {
      const bits = this.x.web_gen_topologies(i);
      out.push({ name: this.str(this.x.web_gen_name(i)), topologies: TOPOLOGIES.filter((_, t) => bits & (1 << t)) });
    }
    return out;
  }
  solvers() {
    const out = [];
    for (let i = 0; i < this.x.web_solve_count(); i++) out.push(this.str(this.x.web_solve_name(i)));
    return out;
  }

  // ---- mazes ----
  // Generates a maze. Options: topology ('square'|'hex'), width, height, algorithm
  // (a generator name), seed (number, string or BigInt; 0..2^64-1), events (keep up to
  // that many observer events for animation; 0 = none). Returns a Maze; call free()
  // when done with it. Throws AmazeError with the library's message on bad input.
  generate({ topology = 'square', width = 20, height = 10, algorithm = 'backtracker', seed = 0, events = 0 } = {}) {
    const t = TOPOLOGIES.indexOf(topology);
    if (t < 0) throw new AmazeError(`unknown topology '${topology}' (square or hex)`);
    checkSide('width', width, MAX_SIDE);
    checkSide('height', height, MAX_SIDE);
    if (width * height > MAX_CELLS) throw new AmazeError(`${width}x${height} is more than ${MAX_CELLS} cells`);
    const s = parseSeed(seed);
    const name = this.cstr(String(algorithm));
    let ptr;
    try {
      ptr = this.x.web_maze_generate(t, width, height, name, s, events | 0);
    } finally {
      this.x.web_free(name);
    }
    if (!ptr) throw this.fail(`generate ${algorithm}`);
    const info = this.scratch(24, (p) => {
      this.x.web_maze_info(ptr, p);
      return Array.from(new Int32Array(this.x.memory.buffer, p, 6));
    });
    const maze = new Maze(this, ptr, {
      topology, width: info[0], height: info[1], ndirs: info[2], start: info[3], goal: info[4],
      algorithm: String(algorithm), seed: s.toString(),
    });
    const n = maze.width * maze.height;
    maze.cells = this.scratch(n, (p) => {
      this.x.web_maze_masks(ptr, p);
      return new Uint8Array(this.x.memory.buffer, p, n).slice();
    });
    maze.events = this.takeEvents();
    return maze;
  }

  // Solves maze from its start to its goal. Options: solver (name), events (as for
  // generate). Returns {path: [cells], length: moves, events}.
  solve(maze, { solver = 'bfs', events = 0 } = {}) {
    maze.check();
    const cap = maze.width * maze.height;
    const name = this.cstr(String(solver));
    try {
      return this.scratch(cap * 4, (p) => {
        const n = this.x.web_maze_solve(maze.ptr, name, events | 0, p, cap);
        if (n < 0) throw this.fail(`solve ${solver}`);
        const path = Array.from(new Int32Array(this.x.memory.buffer, p, n));
        return { path, length: n - 1, events: this.takeEvents() };
      });
    } finally {
      this.x.web_free(name);
    }
  }

  // Statistics of a maze (see docs/STATS.md).
  stats(maze) {
    maze.check();
    return this.scratch(16 * 8, (p) => {
      if (this.x.web_maze_stats(maze.ptr, p) < 0) throw this.fail('stats');
      const v = new Float64Array(this.x.memory.buffer, p, 16);
      const k = ['cells', 'passages', 'deadEnds', 'junctions', 'parts', 'perfect', 'solvable', 'solutionLength',
        'deadEndPercent', 'straight', 'turns', 'corridors', 'river', 'solutionFraction', 'decisions', 'difficulty'];
      const o = {};
      k.forEach((name, i) => { o[name] = v[i]; });
      o.perfect = !!o.perfect;
      o.solvable = !!o.solvable;
      return o;
    });
  }

  // ---- sliding puzzles (blank last; 0 = the blank) ----
  // A uniformly random solvable rows x cols board from seed: an array of tiles.
  slideShuffle(rows, cols, seed = 0) {
    checkSide('rows', rows, 32);
    checkSide('columns', cols, 32);
    const n = rows * cols;
    return this.scratch(n * 4, (p) => {
      if (this.x.web_slide_shuffle(rows, cols, parseSeed(seed), p) < 0) throw this.fail('shuffle');
      return Array.from(new Int32Array(this.x.memory.buffer, p, n));
    });
  }
  withBoard(tiles, fn) {
    return this.scratch(tiles.length * 4, (p) => {
      new Int32Array(this.x.memory.buffer, p, tiles.length).set(tiles);
      return fn(p);
    });
  }
  // True when the board is solved.
  slideSolved(rows, cols, tiles) {
    const r = this.withBoard(tiles, (p) => this.x.web_slide_solved(rows, cols, p));
    if (r < 0) throw this.fail('board');
    return r === 1;
  }
  // Moves of the blank ("UDLR" letters) solving the board with solver `solver`
  // ('ida', 'wastar', 'fast', 'pdb'), giving up after nodeLimit nodes (0 = never).
  // Returns null when the limit was reached.
  slideSolve(rows, cols, tiles, { solver = 'fast', nodeLimit = 0 } = {}) {
    const name = this.cstr(solver);
    const cap = 1 << 20;
    try {
      return this.withBoard(tiles, (b) => this.scratch(cap, (out) => {
        const n = this.x.web_slide_solve(rows, cols, b, name, BigInt(nodeLimit), out, cap);
        if (n === -9) return null; // AMZ_ECANCELED: node limit
        if (n < 0) throw this.fail(`slide ${solver}`);
        return this.str(out);
      }));
    } finally {
      this.x.web_free(name);
    }
  }

  // ---- terrain ----
  // A diamond-square terrain map: {width, height, rgba (Uint8ClampedArray, one pixel a
  // tile, hill-shaded), counts: {water, earth, sand, rock}}.
  terrain({ width = 256, height = 256, seed = 0, roughness = 0.55 } = {}) {
    checkSide('width', width, 2048);
    checkSide('height', height, 2048);
    const r = Number(roughness);
    if (!(r > 0 && r <= 1)) throw new AmazeError(`roughness ${roughness} is outside (0, 1]`);
    const n = width * height;
    return this.scratch(n * 4 + 16, (p) => {
      const st = this.x.web_terrain(width, height, parseSeed(seed), r, p + 16, p);
      if (st < 0) throw this.fail('terrain');
      const c = new Uint32Array(this.x.memory.buffer, p, 4);
      return {
        width, height,
        rgba: new Uint8ClampedArray(this.x.memory.buffer, p + 16, n * 4).slice(),
        counts: { water: c[0], earth: c[1], sand: c[2], rock: c[3] },
      };
    });
  }
}

// A generated maze: plain fields for drawing, plus the wasm handle that solve() and
// stats() use. cells[c] is the direction mask of cell c (bit 1 << d open; 255 removed);
// square N=0 E=1 S=2 W=3, hex N NE SE S SW NW = 0..5, odd columns shifted down.
export class Maze {
  constructor(amaze, ptr, fields) {
    this.amaze = amaze;
    this.ptr = ptr;
    Object.assign(this, fields);
  }
  check() { if (!this.ptr) throw new AmazeError('maze already freed'); }
  free() {
    if (this.ptr) this.amaze.x.web_maze_free(this.ptr);
    this.ptr = 0;
  }
  // The neighbour of cell c in direction d, or -1 (same rules as the library).
  neighbor(c, d) {
    const w = this.width, h = this.height, x = c % w, y = (c - x) / w;
    let nx = x, ny = y;
    if (this.topology === 'square') {
      nx += [0, 1, 0, -1][d]; ny += [-1, 0, 1, 0][d];
    } else {
      const odd = x & 1;
      nx += [0, 1, 1, 0, -1, -1][d];
      ny += [-1, odd - 1, odd, 1, odd, odd - 1][d];
    }
    if (nx < 0 || ny < 0 || nx >= w || ny >= h) return -1;
    return ny * w + nx;
  }
  open(c, d) { return this.cells[c] !== 255 && (this.cells[c] & (1 << d)) !== 0; }
}
