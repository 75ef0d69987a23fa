// maze_files.js — the maze tab's files: downloads made by the library's own writers
// in the worker (.amz, JSON, text art: the bytes `amaze generate` writes) and by
// picture.js (SVG, PNG: amaze render's geometry), the mask; opening a maze (.amz,
// JSON, text art: the library's reader, its messages as the CLI prints them) or a
// maze picture (solved as `amaze solve FILE.png` does) by the file picker or by drag
// and drop; masks from files; and printing, with an answer key on a second page.
import { LIMITS } from './limits.js';
import { $, showMessage, clearMessage, download } from './ui.js';

const TYPES = { amz: 'application/octet-stream', json: 'application/json', text: 'text/plain', svg: 'image/svg+xml', png: 'image/png' };
const EXT = { amz: 'amz', json: 'json', text: 'txt', svg: 'svg', png: 'png' };

export class MazeFiles {
  constructor(tab) {
    this.tab = tab;
    this.picture = null; // a solved maze picture being shown: {blob, name}
    for (const b of document.querySelectorAll('[data-download]')) b.addEventListener('click', () => this.save(b.dataset.download));
    $('save-mask').addEventListener('click', () => {
      const m = tab.settings.mask;
      if (m) download(m.text, m.name && m.name.endsWith('.txt') ? m.name : 'mask.txt', 'text/plain');
    });
    $('open-file').addEventListener('change', (e) => { const f = e.target.files[0]; e.target.value = ''; if (f) this.open(f); });
    $('mask-file').addEventListener('change', (e) => { const f = e.target.files[0]; e.target.value = ''; if (f) this.openMask(f); });
    $('print').addEventListener('click', () => this.print(false));
    $('print-key').addEventListener('click', () => this.print(true));
    this.setupDrop();
  }

  // The base of download names: the settings (maze-hex-30x20-wilson-7) or the file.
  base() {
    const s = this.tab.source;
    if (!s) return 'maze';
    if (s.kind === 'open') return s.name.replace(/\.[^.]*$/, '');
    const g = s.settings;
    return `maze-${g.topology}-${g.width}x${g.height}-${g.algorithm}-${g.seed}`;
  }

  // Saves the shown maze as `format`. "with the solution" solves it first if needed
  // (as `amaze generate ... | amaze solve - -a SOLVER` does).
  async save(format) {
    const tab = this.tab;
    if (this.picture) {
      if (format === 'png') download(this.picture.blob, this.picture.name, TYPES.png);
      else showMessage('a maze read from a picture is saved as png');
      return null;
    }
    if (!tab.data) return null;
    if (!(await tab.restore())) return null;
    const solution = $('with-solution').checked;
    if (solution && !tab.solution && !(await tab.solve())) return null;
    let out;
    if (format === 'svg' || format === 'png') out = await tab.run(`drawing the ${format}`, 'picture', { format, solution });
    else out = await tab.run(`writing ${format}`, 'write', { format, style: $('text-style').value, solution }, { cli: tab.command() });
    if (out === null) return null;
    const name = `${this.base()}${solution ? '-solved' : ''}.${EXT[format]}`;
    download(out, name, TYPES[format]);
    return { name, out };
  }

  async bytesOf(file) {
    if (file.size > LIMITS.files.maxBytes) throw new Error(`${file.name}: ${file.size} bytes is more than the page opens (${LIMITS.files.maxBytes})`);
    return new Uint8Array(await file.arrayBuffer());
  }
  // Opens a maze file or a maze picture (a PNG by its signature, as amaze solve tells).
  async open(file) {
    this.inflight = (this.inflight || 0) + 1;
    try { await this.openNow(file); } finally { this.inflight--; }
  }
  async openNow(file) {
    const tab = this.tab;
    tab.stopAll();
    let bytes;
    try { bytes = await this.bytesOf(file); } catch (e) { showMessage(`amaze: ${e.message}`); return; }
    const png = bytes.length >= 8 && bytes[0] === 0x89 && bytes[1] === 0x50 && bytes[2] === 0x4e && bytes[3] === 0x47;
    // A file named .png that is not one gets the image reader's word, as in the CLI.
    if (png || /\.png$/i.test(file.name)) { await this.openPicture(bytes, file.name); return; }
    const r = await tab.run(`reading ${file.name}`, 'open', { bytes, name: file.name }, { quiet: true })
      .catch(() => null);
    if (!r) { this.failed(); return; }
    clearMessage();
    this.picture = null;
    tab.showMaze(r.maze, r.bitmap, { kind: 'open', name: file.name, bytes });
    $('cli').textContent = `amaze solve ${file.name}`;
    const m = r.maze;
    if (r.solution && r.solution.length) {
      tab.solution = r.solution;
      tab.view.path(r.solution);
      $('with-solution').checked = true;
    }
    tab.status(`${file.name}: a ${m.width}x${m.height} ${m.topology} maze of ${m.cellCount} cells${r.solution ? `, with its solution of ${r.solution.length - 1} moves` : ''}`);
    tab.loadStats();
  }
  failed() {
    // tab.run kept quiet: the message is the worker's (the library's), prefixed as the
    // CLI prints it.
    const last = this.tab.lastError;
    if (last) showMessage(`amaze: ${last}`);
  }
  async openPicture(bytes, name) {
    const tab = this.tab, solver = $('solver').value;
    const r = await tab.run(`solving ${name}`, 'solvePicture', { bytes, name, solver }, { quiet: true });
    if (!r) { this.failed(); return; }
    clearMessage();
    tab.data = null;
    tab.source = { kind: 'picture', name };
    tab.solution = null;
    this.picture = { blob: r.blob, name: `${name.replace(/\.png$/i, '')}-solved.png` };
    tab.view.mode = 'pan';
    tab.view.setPicture(r.bitmap);
    $('stats').textContent = '';
    $('cli').textContent = `amaze solve ${name} -a ${solver} -o ${this.picture.name}`;
    tab.status(`${name}: a ${r.mazeWidth}x${r.mazeHeight} pixel maze in a ${r.width}x${r.height} picture; ${solver} found a path of ${r.length} moves (PNG saves the solved picture)`);
  }
  // A mask file (.txt as --mask reads it, or a picture thresholded as --mask FILE.png).
  async openMask(file) {
    this.inflight = (this.inflight || 0) + 1;
    try { await this.openMaskNow(file); } finally { this.inflight--; }
  }
  async openMaskNow(file) {
    const tab = this.tab;
    let bytes;
    try { bytes = await this.bytesOf(file); } catch (e) { showMessage(`amaze: ${e.message}`); return; }
    const r = await tab.run(`reading ${file.name}`, 'mask', { bytes, name: file.name, topology: $('topology').value }, { quiet: true });
    if (!r) { this.failed(); return; }
    tab.setMask({ text: r.text, width: r.width, height: r.height, name: file.name });
    await tab.generate();
  }

  setupDrop() {
    const stage = $('stage'), drop = $('drop');
    let depth = 0;
    const files = (e) => e.dataTransfer && [...e.dataTransfer.types].includes('Files');
    stage.addEventListener('dragenter', (e) => { if (!files(e)) return; e.preventDefault(); depth++; drop.hidden = false; });
    stage.addEventListener('dragover', (e) => { if (!files(e)) return; e.preventDefault(); e.dataTransfer.dropEffect = 'copy'; });
    stage.addEventListener('dragleave', () => { if (--depth <= 0) { depth = 0; drop.hidden = true; } });
    stage.addEventListener('drop', (e) => {
      e.preventDefault();
      depth = 0;
      drop.hidden = true;
      const f = e.dataTransfer.files[0];
      if (f) this.open(f);
    });
  }

  // ---- print ----
  // Fills the print area: the maze, and with `key` the solved maze on a second page,
  // both as SVG (PNG past the vector limit), sized for the chosen paper. Resolves
  // when the pictures are loaded.
  async preparePrint(key) {
    const tab = this.tab;
    if (!tab.data || !(await tab.restore())) return false;
    if (key && !tab.solution && !(await tab.solve())) return false;
    const vector = tab.data.cellCount <= LIMITS.picture.vectorCells;
    const format = vector ? 'svg' : 'png';
    const pages = [{ solution: false, caption: '' }];
    if (key) pages.push({ solution: true, caption: 'Answer key' });
    const area = $('print-area');
    area.textContent = '';
    const command = tab.source.kind === 'generate' ? tab.source.command : tab.source.name;
    const loads = [];
    for (const p of pages) {
      const pic = await tab.run('drawing the page', 'picture', { format, solution: p.solution });
      if (!pic) return false;
      const fig = document.createElement('figure'), img = new Image(), cap = document.createElement('figcaption');
      img.alt = p.solution ? 'the maze with its solution' : 'the maze';
      img.src = URL.createObjectURL(pic instanceof Blob ? pic : new Blob([pic], { type: TYPES.svg }));
      loads.push(img.decode().catch(() => {}));
      cap.textContent = `${p.caption ? `${p.caption} — ` : ''}${command}`;
      fig.append(img, cap);
      area.append(fig);
    }
    let style = $('page-style');
    if (!style) { style = document.createElement('style'); style.id = 'page-style'; document.head.append(style); }
    style.textContent = `@page { size: ${$('page-size').value === 'letter' ? 'letter' : 'A4'} portrait; margin: 12mm; }`;
    await Promise.all(loads);
    return true;
  }
  async print(key) {
    if (await this.preparePrint(key)) window.print();
  }
}
