// worker.js — the page's Web Worker: a second amaze.wasm instance that does every
// long job (generating, solving, statistics, files, pictures, terrain, slide hints)
// off the page's thread, so a 2000x2000 maze never freezes the page. It keeps the
// current maze and terrain; the page talks to it through client.js. Progress reports
// of the library's observer are passed on as they come (a postMessage from inside a
// wasm call reaches the page at once).
import { load, parseSeed, REMOVED } from './amaze.js';
import { blockImage } from './view.js';
import * as picture from './picture.js';
import { LIMITS } from './limits.js';
import { readPng, maskText } from './png_in.js';
import { usesOutlines, outlineData } from './topology.js';

let api = null;
let maze = null;     // the current maze (wasm handle)
let terrain = null;  // the current terrain map
let reqId = 0;

function mazeData(m, transfer) {
  const cells = m.cells.slice();
  transfer.push(cells.buffer);
  const outline = usesOutlines(m) ? outlineData(m) : null;
  if (outline) transfer.push(outline.sides.buffer, outline.first.buffer, outline.under.buffer, outline.back.buffer);
  return { topology: m.topology, width: m.width, height: m.height, ndirs: m.ndirs, start: m.start, goal: m.goal,
    cells, cellCount: m.cellCount, hasSolution: m.hasSolution, recipe: m.recipe, levels: m.levels, wrap: m.wrap,
    weave: m.weave, outline };
}

// The square block picture, made here so the page only copies it.
async function blocks(m) {
  if (m.topology !== 'square' || usesOutlines(m)) return null;
  const img = blockImage(m.width, m.height, m.cells, (c) => (c === m.start ? 3 : c === m.goal ? 4 : 0));
  return createImageBitmap(new ImageData(img.data, img.width, img.height));
}

function setMaze(m) {
  if (maze) maze.free();
  maze = m;
}

function need() {
  if (!maze) throw new Error('no maze yet');
  return maze;
}

function solutionCells() {
  const m = need();
  return m.hasSolution ? m.solution() : null;
}

const ops = {
  async init({ module }) {
    api = await load(module);
    api.onProgress((done, total) => postMessage({ id: reqId, progress: [done, total] }));
    return { version: api.version() };
  },
  async generate({ settings, events = 0 }, transfer) {
    const m = api.generate({ ...settings, events });
    if (usesOutlines(m) && m.ncells > LIMITS.maze.maxOutlineCells) {
      const n = m.ncells;
      m.free();
      throw new Error(`a ${m.topology} maze of ${n} cells is more than the page draws (${LIMITS.maze.maxOutlineCells} cells on grids drawn from outlines)`);
    }
    setMaze(m);
    const ev = m.events;
    transfer.push(ev.buffer);
    const bitmap = await blocks(m);
    if (bitmap) transfer.push(bitmap);
    return { maze: mazeData(m, transfer), events: ev, bitmap };
  },
  async open({ bytes, name }, transfer) {
    const m = api.read(bytes, name, LIMITS.files.readMaxBytes);
    if (m.cellCount > LIMITS.maze.maxCells || m.width > LIMITS.maze.maxSide || m.height > LIMITS.maze.maxSide) {
      const size = `${m.width}x${m.height}`;
      m.free();
      throw new Error(`${name}: a ${size} maze is more than the page shows (${LIMITS.maze.maxCells} cells, ${LIMITS.maze.maxSide} a side); use the amaze command`);
    }
    setMaze(m);
    const bitmap = await blocks(m);
    if (bitmap) transfer.push(bitmap);
    return { maze: mazeData(m, transfer), solution: m.hasSolution ? m.solution() : null, bitmap };
  },
  solve({ solver, events = 0 }, transfer) {
    const r = api.solve(need(), { solver, events, attach: true });
    transfer.push(r.events.buffer);
    return r;
  },
  clearSolution() {
    need().amaze.x.web_maze_clear_solution(need().ptr);
    need().refresh(false);
    return true;
  },
  stats() { return api.stats(need()); },
  write({ format, style, solution }, transfer) {
    const b = api.write(need(), format, { style, solution });
    transfer.push(b.buffer);
    return b;
  },
  // The picture amaze render draws, laid out by the library (sizes, openings).
  async picture({ format, solution }) {
    const m = need();
    // picture.js restates amaze render's drawing of flat square and hex mazes only.
    if (usesOutlines(m))
      throw new Error(`the page draws ${format.toUpperCase()} pictures of flat square and hex mazes only: for this ${m.topology} maze use amaze render (the command line above, piped to amaze render - -o maze.${format})`);
    const path = solution ? solutionCells() : null, layout = api.pictureLayout(m, { format });
    if (format === 'svg') return picture.svg(m, path, layout);
    return picture.png(m, path, layout, LIMITS.picture.maxPixels);
  },
  // A mask file: a PNG thresholded as --mask FILE.png does, or text as --mask FILE.txt.
  async mask({ bytes, name, topology }) {
    let text;
    if (bytes.length >= 8 && bytes[0] === 0x89 && bytes[1] === 0x50) {
      const img = await readPng(bytes, name, api);
      if (img.width * img.height > LIMITS.maze.maxCells || img.width > LIMITS.maze.maxSide || img.height > LIMITS.maze.maxSide)
        throw new Error(`${name}: a ${img.width}x${img.height} mask is more than the page's ${LIMITS.maze.maxCells} cells`);
      let pm;
      try {
        pm = api.maskFromPicture(img, { topology, maxBytes: LIMITS.files.readMaxBytes });
      } catch (e) {
        throw new Error(`${name}: ${e.message}`);
      }
      text = maskText(pm.cells.map((v) => (v === REMOVED ? 0 : 1)), pm.width, pm.height);
      pm.free();
    } else {
      text = new TextDecoder().decode(bytes);
    }
    let m;
    try {
      m = api.blank({ topology, mask: text, maskName: name });
    } catch (e) {
      throw new Error(`${name}: ${e.message}`);
    }
    const r = { text, width: m.width, height: m.height, cells: m.cellCount };
    m.free();
    if (r.width > LIMITS.maze.maxSide || r.height > LIMITS.maze.maxSide || r.width * r.height > LIMITS.maze.maxCells)
      throw new Error(`${name}: a ${r.width}x${r.height} mask is more than the page's ${LIMITS.maze.maxCells} cells`);
    return r;
  },
  // A maze picture solved as `amaze solve FILE.png -o solved.png` does, by the
  // library's reader and painter on the pixels the browser decoded.
  async solvePicture({ bytes, name, solver }, transfer) {
    const img = await readPng(bytes, name, api);
    let r;
    try {
      // The reading's budget is what the limit leaves beside the file (as amaze solve).
      r = api.solvePicture(img, { solver, maxBytes: Math.max(1, LIMITS.files.readMaxBytes - bytes.length) });
    } catch (e) {
      throw new Error(`${name}: ${e.message}`);
    }
    const cv = new OffscreenCanvas(img.width, img.height);
    cv.getContext('2d').putImageData(new ImageData(r.data, img.width, img.height), 0, 0);
    const blob = await cv.convertToBlob({ type: 'image/png' });
    const bitmap = cv.transferToImageBitmap();
    transfer.push(bitmap);
    return { blob, bitmap, length: r.length, width: img.width, height: img.height, mazeWidth: r.mazeWidth,
      mazeHeight: r.mazeHeight, corridor: r.corridor, inset: r.inset };
  },
  terrain(opts, transfer) {
    const t = api.terrain({ ...opts, seed: parseSeed(opts.seed) });
    if (terrain) terrain.free();
    terrain = t;
    const rgba = t.rgba(opts.hillshade);
    transfer.push(rgba.buffer);
    return { rgba, counts: t.counts(), width: t.width, height: t.height };
  },
  async terrainPng({ hillshade }) {
    const cv = new OffscreenCanvas(terrain.width, terrain.height);
    cv.getContext('2d').putImageData(new ImageData(terrain.rgba(hillshade), terrain.width, terrain.height), 0, 0);
    return cv.convertToBlob({ type: 'image/png' });
  },
  terrainAmt(_, transfer) {
    const b = terrain.amt();
    transfer.push(b.buffer);
    return b;
  },
  // A hint: IDA* (optimal) within a node budget on small boards, else (or when the
  // budget runs out) the fast solver, which always answers. Says which answered.
  slideHint({ rows, cols, tiles }) {
    if (rows * cols <= LIMITS.slide.idaCells) {
      const moves = api.slideSolve(rows, cols, tiles, { solver: 'ida', nodeLimit: LIMITS.slide.idaNodes });
      if (moves !== null) return { moves, solver: 'ida', optimal: true };
    }
    return { moves: api.slideSolve(rows, cols, tiles, { solver: 'fast' }), solver: 'fast', optimal: false };
  },
};

onmessage = async (e) => {
  const { id, op, args } = e.data;
  reqId = id;
  const transfer = [];
  try {
    const result = await ops[op](args ?? {}, transfer);
    postMessage({ id, ok: true, result }, transfer);
  } catch (err) {
    postMessage({ id, ok: false, error: { message: err.message, code: err.code ?? -1 } });
  }
};
