// test_web.mjs — the amaze web page in headless chromium. Every expected value comes
// from somewhere other than the page's own code: mazes, files, pictures and messages
// from the native amaze CLI (a separate build), moves and boards read back from the
// page and checked against the CLI's. Suites: suite_maze.mjs (making mazes),
// suite_grids.mjs (every topology; levels, wrap, weave), suite_files.mjs (files,
// masks, print), suite_play.mjs (the games), suite_page.mjs (terrain, links, big
// mazes, offline, phone, accessibility, colour schemes).
// Run by test_web.sh; env AMAZE, AMZ_WEB_DIST, AMZ_NODE_MODULES, AMZ_CHROMIUM;
// AMZ_WEB_SUITES=maze,play runs some suites only.
import { serve, launch } from './browser.mjs';
import { Harness } from './harness.mjs';
import { suiteMaze } from './suite_maze.mjs';
import { suiteFiles } from './suite_files.mjs';
import { suitePlay } from './suite_play.mjs';
import { suitePage } from './suite_page.mjs';
import { suiteGrids } from './suite_grids.mjs';

const SUITES = { maze: suiteMaze, grids: suiteGrids, files: suiteFiles, play: suitePlay, page: suitePage };
const only = (process.env.AMZ_WEB_SUITES || Object.keys(SUITES).join(',')).split(',');
const server = await serve(process.env.AMZ_WEB_DIST);
const browser = await launch();
const context = await browser.newContext({ viewport: { width: 1100, height: 900 }, acceptDownloads: true });
const page = await context.newPage();
const consoleErrors = [];
page.on('console', (m) => { if (m.type() === 'error') consoleErrors.push(m.text()); });
page.on('pageerror', (e) => consoleErrors.push(`page error: ${e.message}`));
const t = new Harness(page, server, process.env.AMAZE);
t.browser = browser;
t.context = context;
const t0 = Date.now();
try {
  for (const name of only) {
    const s0 = Date.now();
    await SUITES[name](t);
    console.log(`--   ${name}: ${((Date.now() - s0) / 1000).toFixed(1)} s`);
  }
  t.check(consoleErrors.length === 0, `no console errors (${consoleErrors.slice(0, 3).join(' | ')})`);
} catch (e) {
  t.failures++;
  console.log(`FAIL the run stopped: ${e.stack}`);
} finally {
  await browser.close();
  await server.close();
  t.cleanup();
}
console.log(`${t.failures ? 'FAILED' : 'passed'}: ${t.failures} failure(s), ${((Date.now() - t0) / 1000).toFixed(1)} s`);
process.exit(t.failures ? 1 : 0);
