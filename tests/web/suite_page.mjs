// suite_page.mjs — the page as a whole: terrain against `amaze terrain` (the .amt
// bytes and the PNG's pixels), bad links named in a message (the tab too), a cleared
// seed box giving a random seed, big mazes drawn with their walls (zoom and pan),
// 2000x2000 made in the worker behind a progress bar, offline after one visit, the
// manifest, the first load's size, a 375 px phone without sideways scrolling, every
// control labelled and reachable by keyboard, and the light and dark schemes.
import { readFileSync, readdirSync } from 'node:fs';
import { canvasMismatches } from './suite_maze.mjs';

export async function suitePage(t) {
  const { page } = t;

  // ---- terrain ----
  for (const shade of [true, false]) {
    await t.open(`tab=terrain&tw=120&th=80&tseed=5&rough=0.6&wrap=1&thresholds=35,50,80&veg=0.4${shade ? '' : '&shade=0'}`);
    await page.waitForFunction(() => window.amazeApp.terrain.map, null, { timeout: 30000 });
    t.cli(['terrain', 'generate', '-s', '120x80', '--seed', '5', '-r', '0.6', '--wrap', '--thresholds', '35,50,80', '--vegetation', '0.4', '-o', 'map.amt']);
    t.cli(['terrain', 'render', 'map.amt', '-o', 'map.png', ...(shade ? ['--hillshade'] : [])]);
    if (shade) {
      const amt = await t.download('#t-amt');
      t.check(amt.bytes.equals(readFileSync(t.file('map.amt'))), 'terrain: the .amt download equals amaze terrain generate\'s bytes (wrap, thresholds, vegetation)');
      t.check((await t.text('#terrain-cli')).startsWith('amaze terrain generate -s 120x80 --seed 5 -r 0.6 --wrap --thresholds 35,50,80 --vegetation 0.4'),
        'terrain: the command line says the same options');
    }
    const png = await t.download('#t-png');
    const cmp = await t.comparePictures(png.bytes, readFileSync(t.file('map.png')), { rgbOnly: true });
    t.check(cmp.a.join() === cmp.b.join() && cmp.differ === 0, `terrain${shade ? ' hill-shaded' : ''}: the PNG's pixels equal amaze terrain render's (${cmp.differ} differ)`);
  }

  // ---- links: every bad value named, the controls still usable ----
  const bad = [
    ['w=0', 'width 0 is outside 1..4000'], ['h=100000', 'height 100000 is outside'], ['w=abc', "width 'abc' is not a whole number"],
    ['a=nope', "unknown algorithm 'nope'"], ['t=hex&a=binary-tree', "unknown algorithm 'binary-tree' for hex mazes"],
    ['seed=-1', "seed '-1' is not a whole number"], ['seed=18446744073709551616', 'seed 18446744073709551616 is larger than'],
    ['t=cube', "unknown grid 'cube'"], ['solver=magic', "unknown solver 'magic'"], ['tab=slide&rows=99', 'rows 99 is outside 2..10'],
    ['tab=bogus', "unknown tab 'bogus' (maze, slide or terrain)"], ['shape=star', "unknown shape 'star'"],
    ['braid=2', "braid '2' is not a number from 0 to 1"], ['ends=middle', "ends 'middle' is not keep, farthest or longest"],
    ['start=99,1', "start '99,1' is not a cell"], ['bias=up', "bias 'up' is not C[:P]"], ['mask=3x3.zzzz', "mask '3x3.zzzz"],
    ['tab=terrain&thresholds=50,40,30', "thresholds '50,40,30' are not three heights"],
  ];
  for (const [query, want] of bad) {
    await t.open(query);
    const msg = await t.message();
    t.check(msg.includes(want), `link ?${query}: "${msg}"`);
  }
  await page.click('#tab-maze');
  await t.click('#generate');
  t.check(await page.evaluate(() => !!window.amazeApp.maze.data) && !(await t.message()), 'after a bad link, Generate works');

  // ---- a cleared seed box means a random seed (issue 15 item 21) ----
  await t.open('w=8&h=6&seed=5');
  const seeds = [];
  for (let i = 0; i < 2; i++) {
    await page.fill('#seed', '');
    await t.click('#generate');
    const seed = await page.inputValue('#seed');
    seeds.push(seed);
    const same = (await t.download('[data-download="amz"]')).bytes.equals(t.cli(['generate', '-s', '8x6', '--seed', seed, '--format', 'amz']));
    t.check(/^\d+$/.test(seed) && seed !== '0' && same && (await page.evaluate(() => location.search)).includes(`seed=${seed}`),
      `a cleared seed box: a random seed (${seed}), shown, in the address, the CLI's maze for it`);
  }
  t.check(seeds[0] !== seeds[1], 'two cleared seeds differ');

  // ---- big mazes keep their walls: zoom and pan (issue 15 item 14) ----
  await t.open('w=1000&h=1000&seed=3');
  const big = t.cli(['generate', '-s', '1000x1000', '--seed', '3', '--format', 'json']).toString();
  for (const step of ['as opened', 'zoomed in', 'panned']) {
    if (step === 'zoomed in') {
      await page.click('#zoom-in');
      await page.click('#zoom-in');
      await page.click('#zoom-out');
    }
    if (step === 'panned') {
      const b = await page.locator('#maze').boundingBox();
      await page.mouse.move(b.x + 300, b.y + 300);
      await page.mouse.down();
      await page.mouse.move(b.x + 100, b.y + 150, { steps: 5 });
      await page.mouse.up();
    }
    const v = await page.evaluate(() => { const w = window.amazeApp.maze.view; return { scale: w.scale, ox: w.ox, oy: w.oy }; });
    const miss = await canvasMismatches(t, big);
    const counts = await page.evaluate(() => {
      const cv = document.getElementById('maze'), d = cv.getContext('2d').getImageData(0, 0, cv.width, cv.height).data;
      let wall = 0, floor = 0;
      for (let i = 0; i < d.length; i += 4) if (d[i] < 40) wall++; else if (d[i] > 200) floor++;
      return { wall, floor, n: d.length / 4 };
    });
    t.check(miss.length === 0 && v.scale >= 1 && counts.wall > counts.n / 4 && counts.floor > counts.n / 4,
      `1000x1000 ${step}: every block in sight is the CLI's maze at ${v.scale} px a block, walls ${Math.round((100 * counts.wall) / counts.n)}% of the pixels${miss.length ? ` (${miss.length} wrong: ${miss[0]})` : ''}`);
  }

  await page.click('#zoom-fit');
  t.check(await page.evaluate(() => window.amazeApp.maze.view.scale) === 1, 'Fit goes back to the whole maze\'s smallest zoom (1 px a block)');

  // ---- 2000x2000 in the worker, with a progress bar ----
  await t.open('w=6&h=6&seed=1');
  await page.fill('#width', '2000');
  await page.fill('#height', '2000');
  await page.fill('#seed', '11');
  await page.click('#generate');
  const sawBar = await page.waitForFunction(() => !document.getElementById('busy').hidden, null, { timeout: 5000 }).then(() => true, () => false);
  await t.idle();
  const made = await page.evaluate(() => ({ w: window.amazeApp.maze.data?.width, status: document.getElementById('status').textContent }));
  t.check(sawBar && made.w === 2000 && /made and drawn/.test(made.status), `2000x2000: made in the worker behind a progress bar ("${made.status}")`);
  await page.click('#play');
  await page.waitForFunction(() => window.amazeApp.maze.play, null, { timeout: 60000 });
  await page.keyboard.press('Shift+ArrowRight');
  await page.keyboard.press('Shift+ArrowDown');
  t.check(await page.evaluate(() => window.amazeApp.maze.play.game.state(0).moves) >= 0, '2000x2000: playable');
  await page.keyboard.press('Escape');
  // Stop ends a long run; the page goes on (the worker is started afresh).
  await page.fill('#seed', '12');
  await page.click('#generate');
  await page.waitForFunction(() => !document.getElementById('busy').hidden, null, { timeout: 5000 });
  await page.click('#cancel');
  await t.idle();
  t.check(/stopped/.test(await t.text('#status')), `Stop ends the run ("${await t.text('#status')}")`);
  await page.fill('#width', '40');
  await page.click('#reseed');
  await t.idle();
  t.check(await page.inputValue('#seed') !== '12' && (await page.evaluate(() => window.amazeApp.maze.data.width)) === 40, 'after Stop, Random makes a maze with a new seed');

  // ---- offline once loaded; the manifest; the first load's size ----
  // sw.js itself is the browser's to keep.
  const files = readdirSync(process.env.AMZ_WEB_DIST).filter((f) => !f.startsWith('.') && f !== 'sw.js').sort();
  const cached = await page.evaluate(async () => {
    const reg = await navigator.serviceWorker.ready;
    const text = await (await fetch('sw.js')).text();
    return { active: !!reg.active, list: JSON.parse(/FILES = (\[[^\]]*\])/s.exec(text)[1].replace(/'/g, '"').replace(/,\s*\]/, ']')) };
  });
  const missing = files.filter((f) => !cached.list.includes(f));
  t.check(cached.active && missing.length === 0, `service worker active, caching every file of the page${missing.length ? ` (missing: ${missing})` : ''}`);
  await page.reload();
  await t.ready();
  await page.waitForFunction(() => navigator.serviceWorker.controller, null, { timeout: 10000 });
  await t.context.setOffline(true);
  try {
    await page.reload();
    await t.ready();
    await t.form({ t: 'hex', w: 9, h: 7, a: 'wilson', seed: 3 });
    t.check(!(await t.message()) && (await page.evaluate(() => window.amazeApp.maze.data.width)) === 9, 'offline: the page reloads and makes mazes with the network blocked');
  } finally {
    await t.context.setOffline(false);
  }
  const manifest = await page.evaluate(async () => (await fetch(document.querySelector('link[rel=manifest]').href)).json());
  t.check(manifest.name && manifest.start_url && manifest.display === 'standalone' && manifest.icons.length > 0, 'a web app manifest with a name, start, display and icon');
  const fresh = await t.browser.newContext();
  const p2 = await fresh.newPage();
  // What crosses the network: each response's body as sent (gzip, as the server sends
  // it to a browser that asks) and its headers, the worker's requests included.
  const sizes = [];
  p2.on('requestfinished', (r) => sizes.push(r.sizes().then((z) => z.responseBodySize + z.responseHeadersSize)));
  await p2.goto(t.server.url);
  await p2.waitForFunction(() => window.amazeApp && window.amazeApp.ready, null, { timeout: 30000 });
  await p2.waitForTimeout(300);
  const bytes = (await Promise.all(sizes)).reduce((a, b) => a + b, 0);
  const wasm = (await p2.evaluate(async () => (await (await fetch('amaze.wasm', { cache: 'no-store' })).arrayBuffer()).byteLength));
  t.check(sizes.length >= 3 && bytes > 0 && bytes < 500 * 1024,
    `the first load transfers ${Math.round(bytes / 1024)} KB in ${sizes.length} responses (under 500 KB; amaze.wasm is ${Math.round(wasm / 1024)} KB unpacked)`);

  // ---- a 375 px phone: no sideways scrolling, touch to play ----
  const phone = await t.browser.newContext({ viewport: { width: 375, height: 812 }, hasTouch: true, isMobile: true, deviceScaleFactor: 2 });
  const pp = await phone.newPage();
  const errors = [];
  pp.on('pageerror', (e) => errors.push(e.message));
  await pp.goto(`${t.server.url}?w=30&h=40&seed=2`);
  await pp.waitForFunction(() => window.amazeApp && window.amazeApp.ready, null, { timeout: 30000 });
  for (const tab of ['maze', 'slide', 'terrain']) {
    await pp.click(`#tab-${tab}`);
    await pp.waitForTimeout(300);
    const wide = await pp.evaluate(() => ({ sw: document.documentElement.scrollWidth, cw: document.documentElement.clientWidth }));
    t.check(wide.sw <= wide.cw, `phone 375 px, ${tab} tab: no sideways scrolling (${wide.sw} px wide)`);
    await pp.screenshot({ path: t.file(`phone-${tab}.png`), fullPage: true });
    if (process.env.AMZ_WEB_SHOTS) await pp.screenshot({ path: `${process.env.AMZ_WEB_SHOTS}/phone-${tab}.png`, fullPage: true });
  }
  await pp.click('#tab-maze');
  await pp.tap('#play');
  await pp.waitForFunction(() => window.amazeApp.maze.play, null, { timeout: 10000 });
  const pos0 = await pp.evaluate(() => window.amazeApp.maze.play.game.state(0).pos);
  const opened = await pp.evaluate(() => { const p = window.amazeApp.maze.play; return [0, 1, 2, 3].find((d) => p.view.maze.cells[p.game.state(0).pos] & (1 << d)); });
  await pp.tap(`#pad button:nth-child(${opened + 1})`);
  t.check(await pp.evaluate(() => window.amazeApp.maze.play.game.state(0).pos) !== pos0 && errors.length === 0, 'phone: a tap on the pad moves');
  await phone.close();

  // ---- every control labelled and reachable by keyboard ----
  await t.open('w=8&h=6&seed=1');
  await page.evaluate(() => { document.getElementById('more').open = true; });
  const unnamed = await page.evaluate(() => {
    const out = [];
    for (const el of document.querySelectorAll('button, input, select, canvas[tabindex], [role=tab]')) {
      if (el.closest('[hidden]') || el.type === 'hidden') continue;
      const name = el.getAttribute('aria-label') || (el.labels && [...el.labels].map((l) => l.textContent).join(' ').trim()) || el.textContent.trim() || el.title;
      if (!name) out.push(el.id || el.outerHTML.slice(0, 60));
    }
    return out;
  });
  t.check(unnamed.length === 0, `every control has a name${unnamed.length ? ` (unnamed: ${unnamed.join(', ')})` : ''}`);
  const wanted = await page.evaluate(() => [...document.querySelectorAll('#panel-maze button, #panel-maze input, #panel-maze select, #panel-maze canvas')]
    .filter((el) => !el.closest('[hidden]') && !el.disabled && el.tabIndex >= 0 && el.getClientRects().length).map((el) => el.id || el.dataset.download || el.textContent));
  const reached = new Set();
  await page.focus('#tab-maze');
  for (let i = 0; i < 120; i++) {
    await page.keyboard.press('Tab');
    const id = await page.evaluate(() => { const a = document.activeElement; return a.id || a.dataset.download || a.textContent; });
    reached.add(id);
  }
  const unreached = wanted.filter((id) => !reached.has(id));
  t.check(unreached.length === 0, `the Tab key reaches every control of the maze tab (${wanted.length})${unreached.length ? `; not: ${unreached}` : ''}`);
  await page.focus('#tab-maze');
  await page.keyboard.press('ArrowRight');
  t.check(await page.evaluate(() => window.amazeApp.tab === 'slide' && document.activeElement.id === 'tab-slide'), 'the arrow keys move along the tabs');

  // ---- light and dark ----
  for (const scheme of ['light', 'dark']) {
    await page.emulateMedia({ colorScheme: scheme });
    const [bg, fg] = await page.evaluate(() => { const s = getComputedStyle(document.documentElement); return [s.backgroundColor, s.color]; });
    const luma = (c) => { const [r, g, b] = c.match(/\d+/g).map(Number); return 0.299 * r + 0.587 * g + 0.114 * b; };
    t.check(scheme === 'dark' ? luma(bg) < 60 && luma(fg) > 180 : luma(bg) > 200 && luma(fg) < 80, `${scheme} scheme: background ${bg}, text ${fg}`);
  }
  await page.emulateMedia({ colorScheme: 'light' });
}
