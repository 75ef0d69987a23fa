// browser.mjs — shared by the web test, the screenshot and the web benchmark: a tiny
// static server for web/dist and Debian's chromium driven by playwright-core.
import { createServer } from 'node:http';
import { readFile } from 'node:fs/promises';
import { gzipSync } from 'node:zlib';
import { createRequire } from 'node:module';
import path from 'node:path';

const TYPES = {
  '.html': 'text/html', '.js': 'text/javascript', '.css': 'text/css', '.wasm': 'application/wasm',
  '.svg': 'image/svg+xml', '.webmanifest': 'application/manifest+json', '.json': 'application/json',
};

// Serves `dir` on 127.0.0.1 at a free port; resolves to {url, close}. A client that
// accepts gzip gets it (Content-Encoding), as from any static host (nginx, GitHub
// Pages): the first load's size is then what a visitor's browser transfers.
export function serve(folder) {
  const dir = path.resolve(folder);
  const packed = new Map(); // file -> [its bytes, their gzip]: the page never changes under a test
  const server = createServer(async (req, res) => {
    const rel = decodeURIComponent(new URL(req.url, 'http://x').pathname);
    const file = path.join(dir, rel.endsWith('/') ? `${rel}index.html` : rel);
    if (!file.startsWith(dir)) { res.writeHead(403).end(); return; }
    try {
      if (!packed.has(file)) {
        const raw = await readFile(file);
        packed.set(file, [raw, gzipSync(raw, { level: 9 })]);
      }
      const [raw, gz] = packed.get(file);
      const headers = { 'content-type': TYPES[path.extname(file)] ?? 'application/octet-stream', vary: 'accept-encoding' };
      const zip = /\bgzip\b/.test(req.headers['accept-encoding'] ?? '');
      if (zip) headers['content-encoding'] = 'gzip';
      res.writeHead(200, headers);
      res.end(zip ? gz : raw);
    } catch {
      res.writeHead(404).end('not found');
    }
  });
  return new Promise((resolve) => {
    server.listen(0, '127.0.0.1', () => resolve({
      url: `http://127.0.0.1:${server.address().port}/`,
      close: () => new Promise((r) => server.close(r)),
    }));
  });
}

// Launches headless chromium from AMZ_CHROMIUM (default /usr/bin/chromium) with
// playwright-core from AMZ_NODE_MODULES (default: tests/web/node_modules).
export async function launch() {
  const modules = process.env.AMZ_NODE_MODULES ?? new URL('./node_modules', import.meta.url).pathname;
  const require = createRequire(path.join(path.resolve(modules), 'x.js'));
  const { chromium } = require('playwright-core');
  return chromium.launch({
    executablePath: process.env.AMZ_CHROMIUM ?? '/usr/bin/chromium',
    headless: true,
    args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'],
  });
}
