// screenshot.mjs — docs/web.png: the page in headless chromium, a maze being solved by
// the breadcrumb depth-first search (explored cells pale, the retreat in rose), the
// maze's options open. Usage: node tests/web/screenshot.mjs WEB_DIST OUT.png [WIDTH]
import { serve, launch } from './browser.mjs';

const [dist = 'web/dist', out = 'docs/web.png', width = '1060'] = process.argv.slice(2);
const server = await serve(dist);
const browser = await launch();
try {
  const page = await browser.newPage({ viewport: { width: Number(width), height: 1000 } });
  await page.goto(`${server.url}?t=square&w=40&h=22&a=backtracker&seed=2026&solver=dfs`);
  await page.waitForFunction(() => window.amazeApp && window.amazeApp.ready);
  await page.evaluate(() => { document.getElementById('more').open = true; });
  await page.fill('#speed', '30');
  await page.click('#animate');
  // Stop the replay part-way through the solve, where the retreat shows.
  await page.waitForFunction(() => {
    const a = window.amazeApp.maze.anim;
    return a && a.phase === 'solve' && a.i > a.ev.length * 0.6;
  }, null, { timeout: 60000, polling: 'raf' });
  await page.evaluate(() => cancelAnimationFrame(window.amazeApp.maze.anim.raf));
  await page.screenshot({ path: out, fullPage: Number(width) < 600 });
  console.log(`wrote ${out}`);
} finally {
  await browser.close();
  await server.close();
}
