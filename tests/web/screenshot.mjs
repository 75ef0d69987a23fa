// screenshot.mjs — docs/web.png: the page in headless chromium, a maze being solved by
// the breadcrumb depth-first search (explored cells pale, the retreat in rose).
// Usage: node tests/web/screenshot.mjs WEB_DIST OUT.png
import { serve, launch } from './browser.mjs';

const [dist = 'web/dist', out = 'docs/web.png'] = process.argv.slice(2);
const server = await serve(dist);
const browser = await launch();
try {
  const page = await browser.newPage({ viewport: { width: 1060, height: 780 } });
  await page.goto(`${server.url}?t=square&w=40&h=22&a=backtracker&seed=2026&solver=dfs`);
  await page.waitForFunction(() => window.amazeApp && window.amazeApp.ready);
  await page.fill('#speed', '30');
  await page.click('#animate');
  // Stop the replay part-way through the solve, where the retreat shows.
  await page.waitForFunction(() => {
    const a = window.amazeApp.anim;
    return a && a.phase === 'solve' && a.i > a.ev.length * 0.6;
  }, null, { timeout: 60000, polling: 'raf' });
  await page.evaluate(() => cancelAnimationFrame(window.amazeApp.anim.raf));
  await page.screenshot({ path: out });
  console.log(`wrote ${out}`);
} finally {
  await browser.close();
  await server.close();
}
