// maze_settings.js — the maze tab's settings: the form built from the library's
// registries (topologies, shapes, generators, solvers, text styles), read and checked
// into one settings object, written into the address and read back from a link. (The
// `amaze generate` command that makes the same maze is the library's recipe.)
import { AmazeError, CORNERS } from './amaze.js';
import { LIMITS } from './limits.js';
import { $, params, intParam, numParam, seedParam, seedOf } from './ui.js';

export class MazeSettings {
  constructor(api) {
    this.api = api;
    this.topologies = api.topologies();
    this.shapes = api.shapes();
    this.generators = api.generators();
    this.solvers = api.solvers();
    this.ends = { start: null, goal: null, root: null }; // [x, y] picked on the maze (null = default)
    this.mask = null;                    // {text, width, height, name} or null
    // Every grid of the library, with its size syntax (amz_grid_size_syntax).
    for (const t of this.topologies) $('topology').add(new Option(`${t.name} (${t.sizeSyntax})`, t.name));
    for (const s of this.solvers) $('solver').add(new Option(s.name, s.name));
    for (const s of api.textStyles()) $('text-style').add(new Option(s, s));
    for (const id of ['width', 'height']) $(id).max = String(LIMITS.maze.maxSide);
    $('topology').addEventListener('change', () => this.fillChoices());
    // Picked ends belong to one grid: a new grid starts from the default ends.
    const forget = () => { this.ends = { start: null, goal: null, root: null }; this.onEnds?.(); };
    $('topology').addEventListener('change', forget);
    for (const id of ['width', 'height']) $(id).addEventListener('input', forget);
    $('algorithm').addEventListener('change', () => this.showKnobs());
    $('shape').addEventListener('change', () => this.markRectOnly());
    this.fillChoices();
  }

  // Shapes and generators that work on the chosen grid (and, for generators, with a
  // shape or mask when one is set), from the registries.
  fillChoices() {
    const topo = $('topology').value;
    // Square and hex take width and height boxes; the other grids a size in their
    // syntax, which the library reads and checks.
    const own = !widthHeight(topo), t = this.topologies.find((x) => x.name === topo);
    for (const id of ['width', 'height']) $(id).closest('label').hidden = own;
    $('size-label').hidden = !own;
    $('size').placeholder = t ? t.sizeSyntax : '';
    for (const [id, list] of [['shape', this.shapes], ['algorithm', this.generators]]) {
      const sel = $(id), keep = sel.value;
      sel.textContent = '';
      for (const x of list) if (x.topologies.includes(topo)) sel.add(new Option(x.name, x.name, false, x.name === keep));
      if (!sel.value && sel.options.length) sel.selectedIndex = 0;
    }
    // No shape fits some grids (polar, octagon): no empty list then.
    $('shape').closest('label').hidden = !$('shape').options.length;
    this.markRectOnly();
    this.showKnobs();
  }
  // With a shape or a mask, the generators that make full rectangles only cannot be
  // chosen (the CLI refuses them there).
  markRectOnly() {
    const shaped = !!this.mask || ($('shape').value && $('shape').value !== 'rect');
    for (const o of $('algorithm').options) {
      const g = this.generators.find((x) => x.name === o.value);
      o.disabled = shaped && !g.masks;
      o.title = o.disabled ? `${g.summary} (full rectangles only)` : g.summary;
    }
    const sel = $('algorithm');
    if (sel.selectedOptions[0]?.disabled) sel.value = [...sel.options].find((o) => !o.disabled).value;
    this.showKnobs();
  }
  // The option fields of the chosen generator (its registry row lists them); the
  // others hide, as the CLI refuses them for other generators.
  takes(opt) {
    const g = this.generators.find((x) => x.name === $('algorithm').value);
    return !!g && g.options.includes(opt);
  }
  showKnobs() {
    const els = [...document.querySelectorAll('#knobs [data-opt]')];
    for (const el of els) el.hidden = !this.takes(el.dataset.opt);
    $('knobs').hidden = els.every((el) => el.hidden);
    const g = this.generators.find((x) => x.name === $('algorithm').value);
    $('algorithm').title = g ? g.summary : '';
  }

  // The settings in the form, checked; throws AmazeError naming the first problem.
  // An empty seed box gets a random seed (shown in the box).
  read() {
    const s = {
      topology: $('topology').value,
      width: Number($('width').value),
      height: Number($('height').value),
      shape: $('shape').value || 'rect',
      algorithm: $('algorithm').value,
      seed: seedOf($('seed')),
      braid: Number($('braid').value || 0),
      ends: $('ends').value,
      start: -1,
      goal: -1,
      root: -1,
      allowIslands: $('islands').checked,
      levels: Number($('levels').value || 1),
      wrap: $('wrap-grid').value,
      weave: Number($('weave').value || 0),
    };
    if (!(Number.isInteger(s.levels) && s.levels >= 1)) throw new AmazeError(`levels '${$('levels').value}' is not a whole number from 1`);
    if (!(s.weave >= 0 && s.weave <= 1)) throw new AmazeError(`weave '${$('weave').value}' is not a number from 0 to 1`);
    if (s.levels === 1) s.levels = 0;
    // A size in the grid's own syntax (the library checks it), or W x H with grid
    // options (the library checks those too).
    if (!widthHeight(s.topology)) s.size = $('size').value.trim();
    else if (s.levels || s.wrap || s.weave) s.size = `${s.width}x${s.height}`;
    if (this.mask && s.size) throw new AmazeError('on the page a mask takes square, hex, triangle and octagon grids without levels, wrap or weave (amaze generate --mask takes those and polar grids too)');
    if (this.mask) {
      Object.assign(s, { mask: this.mask.text, maskName: this.mask.name || 'mask.txt', width: this.mask.width,
        height: this.mask.height, shape: 'rect' });
    } else if (!s.size || widthHeight(s.topology)) {
      for (const [k, v] of [['width', s.width], ['height', s.height]])
        if (!Number.isInteger(v) || v < LIMITS.maze.minSide || v > LIMITS.maze.maxSide)
          throw new AmazeError(`${k} ${$(k).value} is outside ${LIMITS.maze.minSide}..${LIMITS.maze.maxSide}`);
      if (s.width * s.height > LIMITS.maze.maxCells)
        throw new AmazeError(`${s.width}x${s.height} is ${s.width * s.height} cells, more than the page's ${LIMITS.maze.maxCells}`);
    }
    if (!/^\d{1,20}$/.test(s.seed) || BigInt(s.seed) >= 1n << 64n)
      throw new AmazeError(`seed '${s.seed}' is not a whole number 0..18446744073709551615`);
    if (!(s.braid >= 0 && s.braid <= 1)) throw new AmazeError(`braid '${$('braid').value}' is not a number from 0 to 1`);
    // Picked ends that still fit the grid; --longest places both itself, --goal
    // farthest the goal.
    if (s.ends !== 'longest') {
      s.start = this.cell(this.ends.start, s);
      if (s.ends !== 'farthest') s.goal = this.cell(this.ends.goal, s);
    }
    s.root = this.cell(this.ends.root, s);
    if (this.takes('bias')) { s.bias = $('bias').value; s.biasWeight = Number($('bias-weight').value); }
    if (this.takes('choice') && $('choice').value.trim()) s.choice = $('choice').value.trim();
    if (this.takes('branching')) s.branching = Number($('branching').value || 0);
    if (this.takes('near-start')) s.nearStart = $('near-start').checked;
    for (const [k, label] of [['biasWeight', 'vertical chance'], ['branching', 'branching']])
      if (k in s && !(s[k] >= 0 && s[k] <= 1)) throw new AmazeError(`${label} is not a number from 0 to 1`);
    return s;
  }

  // A picked cell (x, y) as a cell number; picked ends are for flat width x height grids.
  cell(p, s) { return p && !s.size && p[0] < s.width && p[1] < s.height ? p[1] * s.width + p[0] : -1; }

  // The address parameters of settings s (null removes a parameter).
  url(s) {
    const xy = (c) => (c >= 0 ? `${c % s.width},${Math.floor(c / s.width)}` : null);
    return {
      tab: 'maze', t: s.topology, w: s.mask ? null : s.width, h: s.mask ? null : s.height,
      shape: s.shape !== 'rect' ? s.shape : null, a: s.algorithm, seed: s.seed,
      braid: s.braid || null, ends: s.ends !== 'keep' ? s.ends : null, start: xy(s.start), goal: xy(s.goal), root: xy(s.root),
      bias: s.bias ? `${s.bias}:${s.biasWeight}` : null, choice: s.choice ?? null,
      branching: s.branching || null, near: s.nearStart ? 1 : null, islands: s.allowIslands && s.mask ? 1 : null,
      mask: s.mask ? encodeMask(this.mask) : null, solver: $('solver').value,
      size: widthHeight(s.topology) ? null : s.size, levels: s.levels || null, gwrap: s.wrap || null, weave: s.weave || null,
    };
  }

  // Link parameters into the form; problems (bad values) are collected.
  applyUrl(problems) {
    const topo = params.get('t') ?? 'square';
    const names = this.topologies.map((t) => t.name);
    if (!names.includes(topo)) problems.push(`unknown grid '${topo}' (${names.slice(0, -1).join(', ')} or ${names[names.length - 1]})`);
    else $('topology').value = topo;
    this.fillChoices();
    // The grid's own size and options: the library checks them when the maze is made.
    if (params.get('size') !== null) $('size').value = params.get('size');
    $('levels').value = intParam('levels', 'levels', 1, 1, 65536, problems);
    const wrap = params.get('gwrap');
    if (wrap !== null) {
      if (['x', 'y', 'xy'].includes(wrap)) $('wrap-grid').value = wrap;
      else problems.push(`gwrap '${wrap}' is not x, y or xy`);
    }
    $('weave').value = numParam('weave', 'weave', 0, 0, 1, problems);
    $('width').value = intParam('w', 'width', 20, LIMITS.maze.minSide, LIMITS.maze.maxSide, problems);
    $('height').value = intParam('h', 'height', 12, LIMITS.maze.minSide, LIMITS.maze.maxSide, problems);
    for (const [key, id, what] of [['shape', 'shape', 'shape'], ['a', 'algorithm', 'algorithm']]) {
      const v = params.get(key);
      if (v === null) continue;
      const opts = [...$(id).options].map((o) => o.value);
      if (opts.includes(v)) $(id).value = v;
      else problems.push(`unknown ${what} '${v}' for ${$('topology').value} mazes (choose one of: ${opts.join(', ')})`);
    }
    this.showKnobs();
    $('seed').value = seedParam('seed', problems) ?? '';
    $('braid').value = numParam('braid', 'braid', 0, 0, 1, problems);
    const ends = params.get('ends');
    if (ends !== null) {
      if (['keep', 'farthest', 'longest'].includes(ends)) $('ends').value = ends;
      else problems.push(`ends '${ends}' is not keep, farthest or longest`);
    }
    const mask = params.get('mask');
    if (mask !== null) {
      const m = decodeMask(mask);
      if (m) this.mask = m; else problems.push(`mask '${mask.slice(0, 20)}…' is not a mask of this page`);
    }
    const w = this.mask ? this.mask.width : Number($('width').value), h = this.mask ? this.mask.height : Number($('height').value);
    for (const k of ['start', 'goal', 'root']) {
      const v = params.get(k);
      if (v === null) continue;
      const m = /^(\d+),(\d+)$/.exec(v);
      if (!m || Number(m[1]) >= w || Number(m[2]) >= h) problems.push(`${k} '${v}' is not a cell X,Y of the ${w}x${h} maze`);
      else this.ends[k] = [Number(m[1]), Number(m[2])];
    }
    const bias = params.get('bias');
    if (bias !== null) {
      const m = /^(ne|nw|se|sw)(?::([\d.]+))?$/.exec(bias);
      if (!m || (m[2] !== undefined && !(Number(m[2]) >= 0 && Number(m[2]) <= 1))) problems.push(`bias '${bias}' is not C[:P] (ne, nw, se or sw, P from 0 to 1)`);
      else { $('bias').value = m[1]; $('bias-weight').value = m[2] ?? '0.5'; }
    }
    if (params.get('choice') !== null) $('choice').value = params.get('choice');
    $('branching').value = numParam('branching', 'branching', 0, 0, 1, problems);
    $('near-start').checked = params.get('near') === '1';
    $('islands').checked = params.get('islands') === '1';
    const solver = params.get('solver');
    if (solver !== null) {
      if (this.solvers.some((s) => s.name === solver)) $('solver').value = solver;
      else problems.push(`unknown solver '${solver}' (choose one of: ${this.solvers.map((s) => s.name).join(', ')})`);
    }
    if (CORNERS.indexOf($('bias').value) < 0) $('bias').value = 'ne';
  }
}

// Grids whose size is two boxes, width and height (the others take their own syntax).
function widthHeight(topology) { return topology === 'square' || topology === 'hex'; }

// A mask in a link: "WxH." and its cells as bits (1 = cell, row by row, the first
// cell in the low bit of the first byte), base64url.
export function encodeMask(mask) {
  if (mask.width * mask.height > LIMITS.maze.maskInLinkCells) return null;
  const rows = mask.text.split('\n');
  const bytes = new Uint8Array(Math.ceil((mask.width * mask.height) / 8));
  for (let y = 0; y < mask.height; y++) for (let x = 0; x < mask.width; x++) {
    const i = y * mask.width + x;
    if (rows[y][x] === '.') bytes[i >> 3] |= 1 << (i & 7);
  }
  const b64 = btoa(String.fromCharCode(...bytes)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
  return `${mask.width}x${mask.height}.${b64}`;
}

export function decodeMask(s) {
  const m = /^(\d+)x(\d+)\.([\w-]*)$/.exec(s);
  if (!m) return null;
  const width = Number(m[1]), height = Number(m[2]);
  if (width < 1 || height < 1 || width * height > LIMITS.maze.maskInLinkCells) return null;
  let bin;
  try { bin = atob(m[3].replace(/-/g, '+').replace(/_/g, '/')); } catch { return null; }
  if (bin.length !== Math.ceil((width * height) / 8)) return null;
  const rows = [];
  for (let y = 0; y < height; y++) {
    let r = '';
    for (let x = 0; x < width; x++) { const i = y * width + x; r += (bin.charCodeAt(i >> 3) >> (i & 7)) & 1 ? '.' : '#'; }
    rows.push(r);
  }
  return { text: `${rows.join('\n')}\n`, width, height, name: 'mask.txt' };
}
