// harness.mjs — what the web suites share: the browser page, the native amaze CLI (a
// separate build: every expected maze, file and picture comes from it, never from the
// page's own code), checks, downloads, uploads and pixel comparisons done in the page.
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

export class Harness {
  constructor(page, server, amaze) {
    this.page = page;
    this.server = server;
    this.amaze = amaze;
    this.failures = 0;
    this.tmp = mkdtempSync(path.join(os.tmpdir(), 'amaze-web-'));
  }
  cleanup() { rmSync(this.tmp, { recursive: true, force: true }); }
  check(ok, what) {
    if (ok) { console.log(`ok   ${what}`); return true; }
    this.failures++;
    console.log(`FAIL ${what}`);
    return false;
  }
  file(name, data) {
    const p = path.join(this.tmp, name);
    if (data !== undefined) writeFileSync(p, data);
    return p;
  }
  // The CLI's stdout (bytes); `input` goes to its stdin; run in the temporary folder.
  cli(args, input) {
    return execFileSync(this.amaze, args, { input, maxBuffer: 1 << 28, cwd: this.tmp });
  }
  // A shell pipeline of CLI commands ("amaze" stands for the binary), its stdout.
  sh(cmd) {
    return execFileSync('bash', ['-c', cmd.replace(/\bamaze\b/g, this.amaze)], { maxBuffer: 1 << 28, cwd: this.tmp });
  }
  // The one line the CLI prints on stderr when it refuses (exit status 1 or 2).
  cliError(args) {
    const r = spawnSync(this.amaze, args, { cwd: this.tmp });
    return { status: r.status, line: r.stderr.toString().trim() };
  }

  async open(query = '', { wait = true } = {}) {
    await this.page.goto(`${this.server.url}?${query}`);
    if (wait) await this.ready();
  }
  async ready() {
    await this.page.waitForFunction(() => window.amazeApp && window.amazeApp.ready, null, { timeout: 30000 });
  }
  // Waits until no worker call is pending (the busy bar is gone).
  async idle() {
    await this.page.waitForFunction(() => document.getElementById('busy').hidden && !window.amazeApp.worker.busy &&
      !window.amazeApp.maze.files.inflight, null, { timeout: 60000 });
  }
  message() {
    return this.page.evaluate(() => { const m = document.getElementById('message'); return m.hidden ? '' : m.textContent; });
  }
  text(sel) { return this.page.textContent(sel); }
  async click(sel) { await this.page.click(sel); await this.idle(); }
  // The bytes of the file a click downloads.
  async download(sel) {
    const [d] = await Promise.all([this.page.waitForEvent('download', { timeout: 60000 }), this.page.click(sel)]);
    return { name: d.suggestedFilename(), bytes: readFileSync(await d.path()) };
  }
  // Chooses a file in a file input.
  async upload(sel, name, bytes) {
    await this.page.setInputFiles(sel, { name, mimeType: 'application/octet-stream', buffer: Buffer.from(bytes) });
    await this.page.waitForTimeout(50);
    await this.idle();
  }
  // Drops a file on an element, as a drag from the desktop does.
  async drop(sel, name, bytes) {
    await this.page.evaluate(async ({ sel, name, b64 }) => {
      const bin = atob(b64), u8 = new Uint8Array(bin.length);
      for (let i = 0; i < bin.length; i++) u8[i] = bin.charCodeAt(i);
      const dt = new DataTransfer();
      dt.items.add(new File([u8], name));
      const el = document.querySelector(sel);
      for (const type of ['dragenter', 'dragover', 'drop'])
        el.dispatchEvent(new DragEvent(type, { dataTransfer: dt, bubbles: true, cancelable: true }));
    }, { sel, name, b64: Buffer.from(bytes).toString('base64') });
    await this.page.waitForTimeout(50);
    await this.idle();
  }
  // Decodes two pictures (PNG bytes, or SVG text rasterised at its viewBox size) in
  // the browser and compares them pixel by pixel: {a: [w, h], b: [w, h], differ,
  // far (pixels differing by more than `tol` in some channel), farIn (those of them
  // inside one of the `boxes` [x0, y0, x1, y1]), total}.
  comparePictures(a, b, { tol = 0, rgbOnly = false, boxes = [] } = {}) {
    const enc = (x) => ({ b64: Buffer.from(x).toString('base64'), svg: typeof x === 'string' });
    return this.page.evaluate(async ({ a, b, tol, rgbOnly, boxes }) => {
      async function pixels({ b64, svg }) {
        const bin = atob(b64), u8 = new Uint8Array(bin.length);
        for (let i = 0; i < bin.length; i++) u8[i] = bin.charCodeAt(i);
        let bmp;
        if (svg) {
          const text = new TextDecoder().decode(u8), doc = new DOMParser().parseFromString(text, 'image/svg+xml');
          const vb = doc.documentElement.getAttribute('viewBox').split(/\s+/).map(Number);
          const img = new Image(vb[2], vb[3]);
          img.src = URL.createObjectURL(new Blob([text], { type: 'image/svg+xml' }));
          await img.decode();
          const cv = new OffscreenCanvas(vb[2], vb[3]), ctx = cv.getContext('2d');
          ctx.drawImage(img, 0, 0, vb[2], vb[3]);
          return { w: vb[2], h: vb[3], d: ctx.getImageData(0, 0, vb[2], vb[3]).data };
        }
        bmp = await createImageBitmap(new Blob([u8], { type: 'image/png' }), { colorSpaceConversion: 'none', premultiplyAlpha: 'none' });
        const cv = new OffscreenCanvas(bmp.width, bmp.height), ctx = cv.getContext('2d');
        ctx.drawImage(bmp, 0, 0);
        return { w: bmp.width, h: bmp.height, d: ctx.getImageData(0, 0, bmp.width, bmp.height).data };
      }
      const p = await pixels(a), q = await pixels(b);
      const r = { a: [p.w, p.h], b: [q.w, q.h], differ: 0, far: 0, farIn: 0, total: p.w * p.h };
      if (p.w !== q.w || p.h !== q.h) return r;
      for (let i = 0; i < p.d.length; i += 4) {
        let m = 0;
        for (let k = 0; k < (rgbOnly ? 3 : 4); k++) m = Math.max(m, Math.abs(p.d[i + k] - q.d[i + k]));
        if (m > 0) r.differ++;
        if (m <= tol) continue;
        r.far++;
        const x = (i / 4) % p.w, y = Math.floor(i / 4 / p.w);
        if (boxes.some(([x0, y0, x1, y1]) => x >= x0 && y >= y0 && x < x1 && y < y1)) r.farIn++;
      }
      return r;
    }, { a: enc(a), b: enc(b), tol, rgbOnly, boxes });
  }
  // Sets the maze form (only the fields given) and presses Generate.
  async form(o) {
    const p = this.page;
    await p.evaluate(() => { document.getElementById('more').open = true; });
    if (o.t) await p.selectOption('#topology', o.t);
    if (o.w !== undefined) await p.fill('#width', String(o.w));
    if (o.h !== undefined) await p.fill('#height', String(o.h));
    await p.selectOption('#shape', o.shape ?? 'rect');
    if (o.a) await p.selectOption('#algorithm', o.a);
    if (o.seed !== undefined) await p.fill('#seed', String(o.seed));
    await p.fill('#braid', String(o.braid ?? 0));
    await p.selectOption('#ends', o.ends ?? 'keep');
    if (o.bias) { await p.selectOption('#bias', o.bias[0]); await p.fill('#bias-weight', String(o.bias[1])); }
    if (o.choice !== undefined) await p.fill('#choice', o.choice);
    if (o.branching !== undefined) await p.fill('#branching', String(o.branching));
    if (o.nearStart !== undefined) await p.setChecked('#near-start', o.nearStart);
    await this.click('#generate');
  }
  // The maze the page shows: cells as the CLI's JSON writes them (-1 = removed).
  shown() {
    return this.page.evaluate(() => {
      const d = window.amazeApp.maze.data;
      return { cells: Array.from(d.cells, (v) => (v === 0xffff ? -1 : v)), start: d.start, goal: d.goal, width: d.width, height: d.height };
    });
  }
}
