// amaze.js — libamaze compiled to WebAssembly (amaze.wasm, built by `make web`) behind
// a small JavaScript API. No dependencies; works in pages, workers and Node (pass the
// wasm bytes or a compiled WebAssembly.Module to load()). The C side is web/glue*.c;
// every call is synchronous: run long ones in a worker (web/worker.js does).

// Observer event types, as in include/amaze/observer.h.
export const EV = Object.freeze({
  VISIT: 0, CARVE: 1, WALL: 2, ENTER: 3, BACKTRACK: 4, FRONTIER: 5, PATH: 6, PROGRESS: 7,
});
// amz_status codes (include/amaze/status.h) the page tells apart.
export const STATUS = Object.freeze({ OK: 0, ENOMEM: -3, ENOTFOUND: -6, ENOPATH: -8, ECANCELED: -9 });
export const FORMATS = Object.freeze(['amz', 'json', 'text']);
// A removed cell's entry in Maze.cells (no cell has 16 directions: AMZ_MAX_DIRS).
export const REMOVED = 0xffff;
// Picture formats (amz_image_format) the page draws.
export const PICTURE_FORMATS = Object.freeze(['png', 'svg']);
// Where start and goal go after generation (amz_gen_ends), and the binary-tree corners.
export const ENDS = Object.freeze(['keep', 'farthest', 'longest']);
export const CORNERS = Object.freeze(['ne', 'nw', 'se', 'sw']);

export class AmazeError extends Error {
  constructor(message, code = -1) {
    super(message);
    this.code = code;
  }
}

const ERRNO = Object.freeze({ BADF: 8, INVAL: 28, NOENT: 44, NOSYS: 52, ROFS: 69 });

// A read-only folder "/" of files the page hands to the library for one call
// (Amaze.withFile), so that its readers open them by name as the CLI does: the same
// code path, fstat and all, and so the same messages. Nothing is ever written.
class MemoryFolder {
  constructor() {
    this.files = new Map(); // name -> bytes
    this.fds = new Map();   // fd -> {data, pos}
    this.next = 4;          // 0-2 are the standard streams, 3 the folder
  }
}

// WASI imports: a clock (slide solvers time themselves), an empty environment, and
// the memory folder as the one preopened directory (fd 3). Every other call fails
// cleanly. env.web_progress receives the observer's PROGRESS events (web/glue.c).
function imports(module, getMemory, onProgress, folder) {
  const imp = {};
  for (const d of WebAssembly.Module.imports(module)) {
    if (d.module !== 'wasi_snapshot_preview1') continue;
    imp[d.name] = () => ERRNO.NOSYS;
  }
  const view = () => new DataView(getMemory().buffer);
  const u8 = () => new Uint8Array(getMemory().buffer);
  imp.fd_prestat_get = (fd, buf) => {
    if (fd !== 3) return ERRNO.BADF;
    view().setUint8(buf, 0);      // a directory
    view().setUint32(buf + 4, 1, true); // its name "/" has 1 byte
    return 0;
  };
  imp.fd_prestat_dir_name = (fd, path) => {
    if (fd !== 3) return ERRNO.BADF;
    u8()[path] = 0x2f;
    return 0;
  };
  imp.path_open = (dirfd, dirflags, pathPtr, pathLen, oflags, rightsBase, rightsInh, fdflags, fdOut) => {
    if (dirfd !== 3) return ERRNO.BADF;
    if (oflags & 0xd) return ERRNO.ROFS; // create, exclusive, truncate: nothing is written
    const name = new TextDecoder().decode(u8().subarray(pathPtr, pathPtr + pathLen));
    const data = folder.files.get(name);
    if (!data) return ERRNO.NOENT;
    const fd = folder.next++;
    folder.fds.set(fd, { data, pos: 0 });
    view().setUint32(fdOut, fd, true);
    return 0;
  };
  imp.fd_read = (fd, iovs, count, nread) => {
    const f = folder.fds.get(fd);
    if (!f) return ERRNO.BADF;
    let total = 0;
    for (let i = 0; i < count; i++) {
      const v = view(), ptr = v.getUint32(iovs + 8 * i, true), len = v.getUint32(iovs + 8 * i + 4, true);
      const n = Math.max(0, Math.min(len, f.data.length - f.pos));
      u8().set(f.data.subarray(f.pos, f.pos + n), ptr);
      f.pos += n;
      total += n;
      if (n < len) break;
    }
    view().setUint32(nread, total, true);
    return 0;
  };
  imp.fd_seek = (fd, offset, whence, out) => {
    const f = folder.fds.get(fd);
    if (!f) return ERRNO.BADF;
    const pos = [0, f.pos, f.data.length][whence] + Number(offset);
    if (!(pos >= 0)) return ERRNO.INVAL;
    f.pos = pos;
    view().setBigUint64(out, BigInt(pos), true);
    return 0;
  };
  imp.fd_close = (fd) => (folder.fds.delete(fd) ? 0 : ERRNO.BADF);
  // filestat: dev, ino, filetype (offset 16: 3 directory, 4 regular file), nlink,
  // size (offset 32), three times.
  imp.fd_filestat_get = (fd, buf) => {
    const f = folder.fds.get(fd);
    if (!f && fd !== 3) return ERRNO.BADF;
    u8().fill(0, buf, buf + 64);
    view().setUint8(buf + 16, f ? 4 : 3);
    view().setBigUint64(buf + 32, BigInt(f ? f.data.length : 0), true);
    return 0;
  };
  // fdstat: filetype, flags, rights (all).
  imp.fd_fdstat_get = (fd, buf) => {
    const f = folder.fds.get(fd);
    if (!f && fd !== 3) return ERRNO.BADF;
    u8().fill(0, buf, buf + 24);
    view().setUint8(buf, f ? 4 : 3);
    view().setBigUint64(buf + 8, 0xffffffffffffffffn, true);
    view().setBigUint64(buf + 16, 0xffffffffffffffffn, true);
    return 0;
  };
  imp.environ_sizes_get = (countPtr, sizePtr) => {
    view().setUint32(countPtr, 0, true);
    view().setUint32(sizePtr, 0, true);
    return 0;
  };
  imp.environ_get = () => 0;
  imp.clock_time_get = (id, precision, outPtr) => {
    const ns = BigInt(Math.round((globalThis.performance ? performance.now() : Date.now()) * 1e6));
    view().setBigUint64(outPtr, ns, true);
    return 0;
  };
  imp.proc_exit = (code) => { throw new AmazeError(`amaze.wasm exited (${code})`); };
  return { wasi_snapshot_preview1: imp, env: { web_progress: (done, total) => onProgress.fn(done, total) } };
}

// Compiles amaze.wasm: `source` is its bytes (ArrayBuffer or typed array), a URL, or
// nothing (amaze.wasm next to this module). A Module can be posted to a worker.
export async function compile(source) {
  let bytes = source;
  if (bytes === undefined || typeof bytes === 'string' || bytes instanceof URL) {
    const url = bytes === undefined ? new URL('amaze.wasm', import.meta.url) : bytes;
    const res = await fetch(url);
    if (!res.ok) throw new AmazeError(`cannot load ${url}: HTTP ${res.status}`);
    bytes = await res.arrayBuffer();
  }
  return WebAssembly.compile(bytes);
}

// Loads amaze.wasm (bytes, URL, a compiled Module, or nothing) into a new instance.
export async function load(source) {
  const module = source instanceof WebAssembly.Module ? source : await compile(source);
  let memory = null;
  const progress = { fn: () => {} }, folder = new MemoryFolder();
  const instance = await WebAssembly.instantiate(module, imports(module, () => memory, progress, folder));
  memory = instance.exports.memory;
  instance.exports._initialize();
  return new Amaze(instance.exports, progress, folder);
}

// A seed as the CLI reads it: a whole number 0..2^64-1 (BigInt).
export function parseSeed(seed) {
  const text = typeof seed === 'bigint' ? String(seed) : String(seed ?? '').trim();
  if (!/^\d{1,20}$/.test(text)) throw new AmazeError(`seed '${seed}' is not a whole number 0..18446744073709551615`);
  const s = BigInt(text);
  if (s >= 1n << 64n) throw new AmazeError(`seed ${seed} is larger than 18446744073709551615`);
  return s;
}

export class Amaze {
  constructor(exports, progress, folder) {
    this.x = exports;
    this.progress = progress;
    this.folder = folder;
    this.enc = new TextEncoder();
    this.dec = new TextDecoder();
  }

  // ---- memory helpers ----
  buf() { return this.x.memory.buffer; }
  u8() { return new Uint8Array(this.buf()); }
  str(ptr) {
    if (!ptr) return null;
    const m = this.u8();
    let end = ptr;
    while (m[end]) end++;
    return this.dec.decode(m.subarray(ptr, end));
  }
  // Copies bytes (or a string, NUL-terminated) into wasm memory; web_free the result.
  put(data) {
    const b = typeof data === 'string' ? this.enc.encode(`${data}\0`) : data;
    const p = this.x.web_alloc(b.length);
    if (!p) throw new AmazeError('out of memory', STATUS.ENOMEM);
    this.u8().set(b, p);
    return p;
  }
  // Calls fn with `bytes` of scratch memory, freed afterwards.
  scratch(bytes, fn) {
    const p = this.x.web_alloc(bytes);
    if (!p) throw new AmazeError('out of memory', STATUS.ENOMEM);
    try { return fn(p); } finally { this.x.web_free(p); }
  }
  // Runs fn with every argument string or byte array copied in (freed afterwards).
  withData(items, fn) {
    const ptrs = [];
    try {
      for (const it of items) ptrs.push(it === null || it === undefined ? 0 : this.put(it));
      return fn(...ptrs);
    } finally {
      for (const p of ptrs) if (p) this.x.web_free(p);
    }
  }
  f64s(values, fn) {
    return this.scratch(values.length * 8, (p) => {
      new Float64Array(this.buf(), p, values.length).set(values);
      return fn(p);
    });
  }
  readF64(n, fill) {
    return this.scratch(n * 8, (p) => { fill(p); return Array.from(new Float64Array(this.buf(), p, n)); });
  }
  lastError() { return this.str(this.x.web_error()) || 'failed'; }
  fail(code, what) {
    const msg = this.lastError();
    return new AmazeError(what ? `${what}: ${msg}` : msg, code);
  }
  // The bytes a web_*_write call returned (copied out, then freed).
  takeBytes(ptr) {
    if (!ptr) throw this.fail(-1);
    const n = this.x.web_out_len();
    const out = new Uint8Array(this.buf(), ptr, n).slice();
    this.x.web_free(ptr);
    return out;
  }
  takeEvents() {
    const n = this.x.web_event_count();
    if (!n) return new Int32Array(0);
    return new Int32Array(this.buf(), this.x.web_events(), n * 4).slice();
  }
  // Runs fn(name) with `bytes` readable by the library as the file `name` (a plain
  // file name: no folders).
  withFile(name, bytes, fn) {
    if (!name || /[/\\]/.test(name) || name === '.' || name === '..') throw new AmazeError(`'${name}' is not a plain file name`);
    this.folder.files.set(name, bytes);
    try { return fn(name); } finally { this.folder.files.delete(name); }
  }
  // Receives the observer's PROGRESS reports (done, total) of the following calls.
  onProgress(fn) { this.progress.fn = fn || (() => {}); }

  // ---- registries (the page's controls are built from these) ----
  version() { return this.str(this.x.web_version()); }
  topologies() {
    const out = [];
    for (let t = 0; t < this.x.web_topology_count(); t++) {
      const ndirs = this.x.web_topology_ndirs(t);
      out.push({
        id: t, name: this.str(this.x.web_topology_name(t)), ndirs,
        sizeSyntax: this.str(this.x.web_topology_size_syntax(t)),
        dirs: Array.from({ length: ndirs }, (_, d) => this.str(this.x.web_dir_name(t, d))),
      });
    }
    return out;
  }
  topologyId(name) {
    const t = this.topologies().find((x) => x.name === name);
    if (!t) throw new AmazeError(`unknown grid '${name}' (${this.topologies().map((x) => x.name).join(' or ')})`);
    return t.id;
  }
  topologyName(id) { return this.str(this.x.web_topology_name(id)); }
  shapes() {
    const topo = this.topologies();
    const out = [];
    for (let s = 0; s < this.x.web_shape_count(); s++)
      out.push({ id: s, name: this.str(this.x.web_shape_name(s)),
        topologies: topo.filter((t) => this.x.web_shape_supports(s, t.id)).map((t) => t.name) });
    return out;
  }
  generators() {
    const topo = this.topologies();
    const names = [];
    for (let b = 0; this.x.web_gen_option_name(b); b++) names.push(this.str(this.x.web_gen_option_name(b)));
    const out = [];
    for (let i = 0; i < this.x.web_gen_count(); i++) {
      const bits = this.x.web_gen_topologies(i), f = this.x.web_gen_flags(i);
      out.push({
        name: this.str(this.x.web_gen_name(i)), summary: this.str(this.x.web_gen_summary(i)),
        topologies: topo.filter((t) => bits & (1 << t.id)).map((t) => t.name),
        perfect: !!(f & 1), masks: !!(f & 2), rows: !!(f & 4),
        // The options of this generator alone ('bias', 'choice', 'branching', ...).
        options: names.filter((_, b) => f & (1 << (8 + b))),
      });
    }
    return out;
  }
  solvers() {
    const topo = this.topologies();
    const out = [];
    for (let i = 0; i < this.x.web_solve_count(); i++) {
      const f = this.x.web_solve_flags(i);
      out.push({
        name: this.str(this.x.web_solve_name(i)), summary: this.str(this.x.web_solve_summary(i)),
        topologies: topo.filter((t) => f & (1 << t.id)).map((t) => t.name),
        shortest: !!(f & (1 << 16)), complete: !!(f & (1 << 17)),
      });
    }
    return out;
  }
  textStyles() {
    const out = [];
    for (let i = 0; this.x.web_text_style_name(i); i++) out.push(this.str(this.x.web_text_style_name(i)));
    return out;
  }
  slideSolvers() {
    const out = [];
    for (let i = 0; i < this.x.web_slide_solver_count(); i++)
      out.push({ name: this.str(this.x.web_slide_solver_name(i)), optimal: !!this.x.web_slide_solver_optimal(i),
        maxCells: this.x.web_slide_solver_max_cells(i) });
    return out;
  }

  // ---- mazes ----
  wrap(ptr, what) {
    if (!ptr) throw this.fail(-1, what);
    return new Maze(this, ptr);
  }
  // An empty maze (every wall closed): a grid cut to a shape, or the cells of a text
  // mask ('.' cell, '#' or ' ' none), as `--shape` and `--mask FILE.txt` make them.
  // maskName is the mask file's name in the maze's recipe (--mask NAME).
  // A maze with every wall closed: width x height (or size, in the topology's syntax,
  // with levels, wrap 'x' | 'y' | 'xy' and weave: the share of weave chances, > 0 for a
  // weave grid), cut to shape, or a text mask.
  blank({ topology = 'square', width = 20, height = 10, size = null, levels = 0, wrap = '', weave = 0, shape = 'rect',
    mask = null, maskName = 'mask.txt' } = {}) {
    const t = this.topologyId(topology);
    if (mask !== null) {
      const bytes = this.enc.encode(mask);
      return this.withData([bytes, maskName], (p, n) => this.wrap(this.x.web_maze_from_mask(p, bytes.length, t, n)));
    }
    const s = this.shapes().find((x) => x.name === shape);
    if (!s) throw new AmazeError(`unknown shape '${shape}'`);
    if (size === null && !levels && !wrap && !weave) return this.wrap(this.x.web_maze_new(t, width, height, s.id));
    // The size in the topology's syntax ("WxH", "WxHxL", polar "R" or "RxC") and the
    // grid's options, checked by the library (its message names what does not fit).
    const wrapBits = { '': 0, x: 1, y: 2, xy: 3 }[wrap || ''];
    if (wrapBits === undefined) throw new AmazeError(`--wrap: '${wrap}' is not x, y or xy`);
    const text = size ?? `${width}x${height}`;
    return this.withData([text], (z) => this.wrap(this.x.web_grid_maze(t, z, levels | 0, wrapBits, weave ? 1 : 0, s.id)));
  }
  // Generates a maze the way `amaze generate` does, same settings, same bytes:
  // topology, width, height, shape or mask (text, and maskName), start, goal and root
  // (cells; -1 = default),
  // algorithm, seed (0..2^64-1), braid (0..1), ends ('keep', 'farthest', 'longest'),
  // bias ('ne'..'sw'), biasWeight, choice, branching, nearStart, allowIslands, events
  // (keep up to that many observer events for animation). Returns a Maze (free() it).
  // Throws AmazeError with the library's message.
  generate(o = {}) {
    const maze = this.blank(o);
    try {
      const ends = Math.max(0, ENDS.indexOf(o.ends ?? 'keep'));
      const st0 = this.x.web_maze_set_ends(maze.ptr, o.start ?? -1, o.goal ?? -1, o.allowIslands && o.mask ? 1 : 0, ends);
      if (st0 < 0) throw this.fail(st0);
      const knobs = [o.braid ?? 0, ends, Math.max(0, CORNERS.indexOf(o.bias ?? 'ne')),
        o.biasWeight ?? 0.5, o.branching ?? 0, o.nearStart ? 1 : 0, o.allowIslands ? 1 : 0, o.root ?? -1, o.weave ?? 0];
      const algo = String(o.algorithm ?? 'backtracker');
      const st = this.f64s(knobs, (k) => this.withData([algo, o.choice || null],
        (a, c) => this.x.web_maze_generate(maze.ptr, a, parseSeed(o.seed ?? 0), k, c, o.events | 0)));
      maze.events = this.takeEvents();
      if (st < 0) throw this.fail(st);
    } catch (e) {
      maze.free();
      throw e;
    }
    maze.refresh();
    return maze;
  }
  // Reads a maze from file bytes (.amz, JSON or text art), as `amaze solve NAME` does:
  // the library's message, starting with `name`, on failure. maxBytes: memory limit.
  read(bytes, name = 'input', maxBytes = 0) {
    return this.withFile(name, bytes, () => this.withData([name], (n) => this.wrap(this.x.web_maze_load(n, maxBytes))));
  }
  // Solves maze from its start to its goal. Options: solver (name), events (as for
  // generate), attach (keep the path as the maze's solution, for writing). Returns
  // {path: [cells], length: moves, events}.
  solve(maze, { solver = 'bfs', events = 0, attach = false } = {}) {
    maze.check();
    const cap = maze.ncells;
    return this.withData([String(solver)], (name) => this.scratch(cap * 4, (p) => {
      const n = this.x.web_maze_solve(maze.ptr, name, attach ? 1 : 0, events | 0, p, cap);
      const ev = this.takeEvents();
      if (n < 0) throw this.fail(n);
      maze.refresh(false);
      return { path: Array.from(new Int32Array(this.buf(), p, n)), length: n - 1, events: ev };
    }));
  }
  // Statistics of a maze (docs/STATS.md).
  stats(maze) {
    maze.check();
    const k = ['cells', 'passages', 'deadEnds', 'junctions', 'parts', 'perfect', 'solvable', 'solutionLength',
      'deadEndPercent', 'straight', 'turns', 'corridors', 'river', 'solutionFraction', 'decisions', 'difficulty',
      'diameter', 'diameterExact', 'diameterStart', 'diameterEnd'];
    let st = 0;
    const v = this.readF64(k.length, (p) => { st = this.x.web_maze_stats(maze.ptr, p); });
    if (st < 0) throw this.fail(st, 'stats');
    const o = {};
    k.forEach((name, i) => { o[name] = v[i]; });
    for (const b of ['perfect', 'solvable', 'diameterExact']) o[b] = !!o[b];
    return o;
  }
  // The file bytes of maze in format 'amz', 'json' or 'text' (style: 'ascii',
  // 'unicode', 'blocks'), with its solution if it has one and `solution` is set.
  write(maze, format, { style = 'ascii', solution = true } = {}) {
    maze.check();
    const f = FORMATS.indexOf(format), s = this.textStyles().indexOf(style);
    if (f < 0) throw new AmazeError(`unknown format '${format}' (amz, json or text)`);
    if (s < 0) throw new AmazeError(`unknown text style '${style}'`);
    return this.takeBytes(this.x.web_maze_write(maze.ptr, f, s, solution ? 1 : 0));
  }

  // ---- pictures (include/amaze/image.h: the parts without cairo and libpng) ----
  // The picture `amaze render` makes of maze in `format` ('png' or 'svg') at `cell` px
  // (0 = the default rule): {cell, wall, margin, width, height, open: [the sides of
  // start and goal whose walls are opened, -1 = none]}. Throws the library's refusals.
  pictureLayout(maze, { cell = 0, format = 'png' } = {}) {
    maze.check();
    const f = PICTURE_FORMATS.indexOf(format);
    if (f < 0) throw new AmazeError(`unknown picture format '${format}' (png or svg)`);
    let st = 0;
    const v = this.readF64(7, (p) => { st = this.x.web_picture_layout(maze.ptr, cell, f, p); });
    if (st < 0) throw this.fail(st);
    return { cell: v[0], wall: v[1], margin: v[2], width: v[3], height: v[4], open: [v[5], v[6]] };
  }
  // The bytes reading the PNG file `bytes` needs (amz_image_read_memory on its header
  // and length); throws the library's message for a bad signature or header, or a
  // header claiming more than the file can hold. -1: too many to count.
  pictureMemory(bytes) {
    const head = bytes.subarray(0, 64);
    let st = 0;
    const [need] = this.withData([head], (h) => this.readF64(1, (p) => {
      st = this.x.web_picture_check(h, head.length, bytes.length, p);
    }));
    if (st < 0) throw this.fail(st);
    return need;
  }
  // `amaze solve FILE.png -a solver`, on a picture the caller decoded ({width, height,
  // data: RGBA}): the maze of its pixels solved from entrance to exit, the path painted
  // as amaze solve paints it. maxBytes (0 = none) limits the reading. Returns {data
  // (the painted RGBA), mazeWidth, mazeHeight, length (moves), corridor, inset}.
  solvePicture(img, { solver = 'bfs', maxBytes = 0 } = {}) {
    return this.withData([img.data, String(solver)], (px, name) => {
      const v = this.readF64(5, (p) => {
        const st = this.x.web_picture_solve(px, img.width, img.height, name, maxBytes, p);
        if (st < 0) throw this.fail(st);
      });
      const data = new Uint8ClampedArray(this.buf(), px, img.data.length).slice();
      return { data, mazeWidth: v[0], mazeHeight: v[1], length: v[2], corridor: v[3], inset: v[4] };
    });
  }
  // `--mask FILE.png` on a decoded picture: a Maze whose cells are its light pixels.
  maskFromPicture(img, { topology = 'square', maxBytes = 0 } = {}) {
    const t = this.topologyId(topology);
    return this.withData([img.data], (px) => this.wrap(this.x.web_picture_mask(px, img.width, img.height, t, maxBytes)));
  }

  // ---- games ----
  game(maze) {
    maze.check();
    const g = this.x.web_game_new(maze.ptr);
    if (!g) throw this.fail(-1, 'play');
    return new MazeGame(this, g, maze);
  }
  slideGame(rows, cols, seed) {
    const g = this.x.web_slide_new(rows, cols, parseSeed(seed));
    if (!g) throw this.fail(-1);
    return new SlideGame(this, g);
  }
  // Moves of the blank ("UDLR") solving a blank-last board with solver `solver`, giving
  // up after nodeLimit nodes (0 = never): null when the limit was reached.
  slideSolve(rows, cols, tiles, { solver = 'fast', nodeLimit = 0 } = {}) {
    const cap = 1 << 20;
    return this.withData([solver], (name) => this.scratch(tiles.length * 4, (b) => this.scratch(cap, (out) => {
      new Int32Array(this.buf(), b, tiles.length).set(tiles);
      const n = this.x.web_slide_solve(rows, cols, b, name, BigInt(nodeLimit), out, cap);
      if (n === STATUS.ECANCELED) return null;
      if (n < 0) throw this.fail(n, `slide ${solver}`);
      return this.str(out);
    })));
  }

  // ---- terrain ----
  // A diamond-square map, as `amaze terrain generate`: width, height, seed, roughness,
  // wrap, sand, earth, rock (lowest heights of each), vegetation. Returns a Terrain.
  terrain(o = {}) {
    const knobs = [o.roughness ?? 0.55, o.wrap ? 1 : 0, o.sand ?? 40, o.earth ?? 45, o.rock ?? 75, o.vegetation ?? 0.6];
    const t = this.f64s(knobs, (k) => this.x.web_terrain_new(o.width ?? 256, o.height ?? 256, parseSeed(o.seed ?? 0), k));
    if (!t) throw this.fail(-1, 'terrain');
    return new Terrain(this, t, o.width ?? 256, o.height ?? 256);
  }
}

// A maze in wasm memory: plain fields for drawing (cells[c] = open directions of cell
// c as bits 1 << d, REMOVED = removed), the grid (levels, wrap, weave), the library's
// neighbour rule and outlines (geometry()), and free().
export class Maze {
  constructor(amaze, ptr) {
    this.amaze = amaze;
    this.ptr = ptr;
    this.events = new Int32Array(0);
    this.refresh();
  }
  // Re-reads the fields (after generation or a solve).
  refresh(cells = true) {
    const a = this.amaze;
    const v = a.readF64(9, (p) => a.x.web_maze_info(this.ptr, p));
    Object.assign(this, { width: v[0], height: v[1], ndirs: v[2], start: v[3], goal: v[4], ncells: v[5],
      topology: a.topologyName(v[6]), hasSolution: !!v[7], cellCount: v[8],
      // How to make it again: `amaze generate` and these options ('' = not known).
      recipe: a.str(a.x.web_maze_recipe(this.ptr)) });
    const g = a.scratch(16, (p) => { a.x.web_maze_grid(this.ptr, p); return Array.from(new Int32Array(a.buf(), p, 4)); });
    Object.assign(this, { levels: g[0], wrap: g[1], weave: !!g[2], plain: !!g[3] });
    if (cells) this.cells = a.scratch(this.ncells * 2, (p) => {
      a.x.web_maze_masks(this.ptr, p);
      return new Uint16Array(a.buf(), p, this.ncells).slice();
    });
  }
  check() { if (!this.ptr) throw new AmazeError('maze already freed'); }
  free() {
    if (this.ptr) this.amaze.x.web_maze_free(this.ptr);
    this.ptr = 0;
  }
  neighbor(c, d) { return this.amaze.x.web_maze_neighbor(this.ptr, c, d); }
  // The library's outlines (amz_maze_cell_sides, model units, y down): sides[6 i ..]
  // = a.x, a.y, b.x, b.y, direction, arc (polar: clockwise about the origin) for the
  // sides first[c] .. first[c + 1] of cell c; centers[2 c ..] its centre; extent
  // [min x, min y, max x, max y] of every cell, levels side by side.
  geometry() {
    this.check();
    const a = this.amaze, n = this.ncells, total = a.x.web_maze_sides(this.ptr, 0, 0, 0);
    const sides = a.scratch(total * 24 + 4, (p) => a.scratch((n + 1) * 4, (f) => {
      if (a.x.web_maze_sides(this.ptr, p, f, total) !== total) throw new AmazeError('the outlines changed');
      return [new Float32Array(a.buf(), p, total * 6).slice(), new Int32Array(a.buf(), f, n + 1).slice()];
    }));
    const centers = a.scratch(n * 8 + 16, (p) => {
      a.x.web_maze_centers(this.ptr, p);
      return new Float32Array(a.buf(), p, 2 * n + 4).slice();
    });
    return { sides: sides[0], first: sides[1], centers: centers.subarray(0, 2 * n), extent: Array.from(centers.subarray(2 * n)) };
  }
  open(c, d) { return this.cells[c] !== REMOVED && (this.cells[c] & (1 << d)) !== 0; }
  // The cells of the solution the maze carries ([] when none).
  solution() {
    const a = this.amaze;
    return a.scratch(this.ncells * 4, (p) => {
      const n = a.x.web_maze_solution(this.ptr, p, this.ncells);
      if (n < 0) throw a.fail(n);
      return Array.from(new Int32Array(a.buf(), p, n));
    });
  }
}

// A round of the maze runner (the rules of `amaze play`, src/play/maze_game.c). Times
// are the caller's clock in ms (paused time left out).
export class MazeGame {
  constructor(amaze, ptr, maze) {
    this.amaze = amaze;
    this.ptr = ptr;
    this.maze = maze;
  }
  free() { if (this.ptr) this.amaze.x.web_game_free(this.ptr); this.ptr = 0; }
  // 'moved', 'wall', 'finished' or 'paused'.
  move(d, now) { return ['moved', 'wall', 'finished', 'paused'][this.amaze.x.web_game_move(this.ptr, d, now)]; }
  // Pauses or resumes (the clock stands, moves are refused); true when now paused.
  pause(now) { return this.amaze.x.web_game_pause(this.ptr, now) === 1; }
  // Moves d and on along the corridor to the next junction; the cells entered.
  run(d, now) {
    const a = this.amaze, cap = this.maze.ncells;
    return a.scratch(cap * 4, (p) => Array.from(new Int32Array(a.buf(), p, a.x.web_game_run(this.ptr, d, now, p, cap))));
  }
  undo() { return this.amaze.x.web_game_undo(this.ptr) === 1; }
  restart() { this.amaze.x.web_game_restart(this.ptr); }
  state(now) {
    const v = this.amaze.readF64(10, (p) => this.amaze.x.web_game_state(this.ptr, now, p));
    return { pos: v[0], moves: v[1], undos: v[2], visited: v[3], optimal: v[4], won: !!v[5], ms: v[6], efficiency: v[7],
      paused: !!v[8], hinted: !!v[9] };
  }
  seen(c) { return this.amaze.x.web_game_seen(this.ptr, c) === 1; }
  // A shortest way from the player to the goal (its cells); from then on this maze's
  // time is no record (the game's rule).
  hint() {
    const a = this.amaze, cap = this.maze.ncells;
    return a.scratch(cap * 4, (p) => {
      const n = a.x.web_game_hint(this.ptr, p, cap);
      if (n < 0) throw a.fail(n, 'hint');
      return Array.from(new Int32Array(a.buf(), p, n));
    });
  }
}

// Slide moves name the way the BLANK goes (include/amaze/slide.h): U D L R = 0 1 2 3.
export const SLIDE_MOVES = 'UDLR';

// A round of the sliding puzzle (the rules of `amaze play slide`, src/play/slide_game.c).
export class SlideGame {
  constructor(amaze, ptr) {
    this.amaze = amaze;
    this.ptr = ptr;
    const s = this.state(0);
    this.rows = s.rows;
    this.cols = s.cols;
  }
  free() { if (this.ptr) this.amaze.x.web_slide_free(this.ptr); this.ptr = 0; }
  tiles() {
    const a = this.amaze, n = this.rows * this.cols;
    return a.scratch(n * 4, (p) => { a.x.web_slide_tiles(this.ptr, p); return Array.from(new Int32Array(a.buf(), p, n)); });
  }
  click(cell, now) { return this.amaze.x.web_slide_click(this.ptr, cell, now) === 1; }
  // Slides the tile that can go `dir` ('U' 'D' 'L' 'R': the way the tile moves).
  push(dir, now) { return this.amaze.x.web_slide_push(this.ptr, SLIDE_MOVES.indexOf(dir), now) === 1; }
  // Moves the blank by a solver's letter.
  blank(letter, now) { return this.amaze.x.web_slide_blank(this.ptr, SLIDE_MOVES.indexOf(letter), now) === 1; }
  canMove(letter) { return this.amaze.x.web_slide_can_move(this.ptr, SLIDE_MOVES.indexOf(letter)) === 1; }
  // The blank's letter that slides the tile at `cell`, or null.
  tileMove(cell) { const m = this.amaze.x.web_slide_tile_move(this.ptr, cell); return m < 0 ? null : SLIDE_MOVES[m]; }
  restart() { this.amaze.x.web_slide_restart(this.ptr); }
  state(now) {
    const v = this.amaze.readF64(5, (p) => this.amaze.x.web_slide_state(this.ptr, now, p));
    return { moves: v[0], won: !!v[1], ms: v[2], rows: v[3], cols: v[4] };
  }
}

// A terrain map in wasm memory.
export class Terrain {
  constructor(amaze, ptr, width, height) {
    Object.assign(this, { amaze, ptr, width, height });
  }
  free() { if (this.ptr) this.amaze.x.web_terrain_free(this.ptr); this.ptr = 0; }
  // One RGBA pixel a tile (Uint8ClampedArray), as `amaze terrain render` colours it.
  rgba(hillshade = true) {
    const a = this.amaze, n = this.width * this.height * 4;
    return a.scratch(n, (p) => { a.x.web_terrain_rgba(this.ptr, hillshade ? 1 : 0, p); return new Uint8ClampedArray(a.buf(), p, n).slice(); });
  }
  counts() {
    const v = this.amaze.readF64(5, (p) => this.amaze.x.web_terrain_counts(this.ptr, p));
    return { water: v[0], earth: v[1], sand: v[2], rock: v[3], vegetation: v[4] };
  }
  // The .amt file bytes.
  amt() { return this.amaze.takeBytes(this.amaze.x.web_terrain_write(this.ptr)); }
}
