// terrain_tab.js — the terrain tab: diamond-square maps made in the worker as `amaze
// terrain generate` makes them (size, seed, roughness, wrap, thresholds, vegetation),
// coloured as `amaze terrain render` colours them (one pixel a tile, hill-shading
// optional), shown scaled without smoothing, and saved as PNG or .amt.
import { LIMITS } from './limits.js';
import { $, showMessage, clearMessage, saveUrl, params, intParam, numParam, seedParam, seedOf, download, busy } from './ui.js';

export class TerrainTab {
  constructor({ worker }) {
    this.worker = worker;
    this.map = null;
    for (const id of ['t-width', 't-height']) { $(id).min = String(LIMITS.terrain.minSide); $(id).max = String(LIMITS.terrain.maxSide); }
    $('terrain-form').addEventListener('submit', (e) => { e.preventDefault(); this.generate(); });
    $('roughness').addEventListener('input', () => { $('roughness-out').textContent = $('roughness').value; });
    $('hillshade').addEventListener('change', () => { if (this.map) this.generate(); });
    $('t-png').addEventListener('click', () => this.save('png'));
    $('t-amt').addEventListener('click', () => this.save('amt'));
  }
  applyUrl(problems) {
    const { minSide, maxSide } = LIMITS.terrain;
    $('t-width').value = intParam('tw', 'terrain width', 320, minSide, maxSide, problems);
    $('t-height').value = intParam('th', 'terrain height', 200, minSide, maxSide, problems);
    $('t-seed').value = seedParam('tseed', problems) ?? '';
    $('roughness').value = String(numParam('rough', 'roughness', 0.55, 0.05, 1, problems));
    $('roughness-out').textContent = $('roughness').value;
    $('wrap').checked = params.get('wrap') === '1';
    const th = params.get('thresholds');
    if (th !== null) {
      const m = /^(\d+),(\d+),(\d+)$/.exec(th);
      if (!m || !(Number(m[1]) <= Number(m[2]) && Number(m[2]) <= Number(m[3]) && Number(m[3]) <= 100))
        problems.push(`thresholds '${th}' are not three heights S,E,R from 0 to 100 that do not decrease`);
      else [$('sand').value, $('earth').value, $('rock').value] = m.slice(1);
    }
    $('vegetation').value = String(numParam('veg', 'vegetation', 0.6, 0, 1, problems));
    $('hillshade').checked = params.get('shade') !== '0';
  }
  show() { if (!this.map) this.generate(); }

  read() {
    const o = {
      width: Number($('t-width').value), height: Number($('t-height').value), seed: seedOf($('t-seed')),
      roughness: Number($('roughness').value), wrap: $('wrap').checked,
      sand: Number($('sand').value), earth: Number($('earth').value), rock: Number($('rock').value),
      vegetation: Number($('vegetation').value), hillshade: $('hillshade').checked,
    };
    const { minSide, maxSide } = LIMITS.terrain;
    for (const [k, v] of [['width', o.width], ['height', o.height]])
      if (!Number.isInteger(v) || v < minSide || v > maxSide) throw new Error(`terrain ${k} ${v} is outside ${minSide}..${maxSide}`);
    if (![o.sand, o.earth, o.rock].every((v) => Number.isInteger(v) && v >= 0 && v <= 100) || !(o.sand <= o.earth && o.earth <= o.rock))
      throw new Error(`thresholds ${o.sand},${o.earth},${o.rock}: heights must be 0 to 100 and must not decrease`);
    if (!(o.vegetation >= 0 && o.vegetation <= 1)) throw new Error('vegetation is not a number from 0 to 1');
    return o;
  }
  command(o) {
    const a = ['amaze terrain generate', `-s ${o.width}x${o.height}`, `--seed ${o.seed}`];
    if (o.roughness !== 0.55) a.push(`-r ${o.roughness}`);
    if (o.wrap) a.push('--wrap');
    if (o.sand !== 40 || o.earth !== 45 || o.rock !== 75) a.push(`--thresholds ${o.sand},${o.earth},${o.rock}`);
    if (o.vegetation !== 0.6) a.push(`--vegetation ${o.vegetation}`);
    return `${a.join(' ')} -o map.amt; amaze terrain render map.amt -o map.png${o.hillshade ? ' --hillshade' : ''}`;
  }
  async generate() {
    let o;
    try { o = this.read(); } catch (e) { showMessage(e.message); return; }
    const t0 = performance.now();
    busy('making the terrain', true);
    let map;
    try { map = await this.worker.call('terrain', o); } catch (e) { showMessage(e.message); return; } finally { busy('', false); }
    clearMessage();
    this.map = map;
    this.options = o;
    const c = $('terrain'), w = map.width, h = map.height;
    const room = Math.min(960, c.parentElement.parentElement.clientWidth || 960);
    const scale = Math.max(1, Math.floor(Math.min(room / w, 640 / h)));
    c.width = w * scale;
    c.height = h * scale;
    c.style.width = `${Math.min(room, w * scale)}px`;
    c.style.height = 'auto';
    const off = new OffscreenCanvas(w, h);
    off.getContext('2d').putImageData(new ImageData(map.rgba, w, h), 0, 0);
    const ctx = c.getContext('2d');
    ctx.imageSmoothingEnabled = false;
    ctx.drawImage(off, 0, 0, w * scale, h * scale);
    const n = w * h, pct = (k) => ((100 * map.counts[k]) / n).toFixed(0);
    $('terrain-status').textContent = `${w}x${h}, seed ${o.seed}, roughness ${o.roughness}${o.wrap ? ', wrapped' : ''}: water ${pct('water')}%, ` +
      `sand ${pct('sand')}%, earth ${pct('earth')}%, rock ${pct('rock')}% (${(performance.now() - t0).toFixed(0)} ms)`;
    $('terrain-cli').textContent = this.command(o);
    saveUrl({ tab: 'terrain', tw: w, th: h, tseed: o.seed, rough: o.roughness, wrap: o.wrap ? 1 : null,
      thresholds: `${o.sand},${o.earth},${o.rock}` === '40,45,75' ? null : `${o.sand},${o.earth},${o.rock}`,
      veg: o.vegetation === 0.6 ? null : o.vegetation, shade: o.hillshade ? null : 0 });
  }
  async save(kind) {
    if (!this.map) return;
    const o = this.options, base = `terrain-${o.width}x${o.height}-${o.seed}`;
    const out = kind === 'png' ? await this.worker.call('terrainPng', { hillshade: o.hillshade }) : await this.worker.call('terrainAmt');
    download(out, `${base}.${kind}`, kind === 'png' ? 'image/png' : 'application/octet-stream');
  }
}
