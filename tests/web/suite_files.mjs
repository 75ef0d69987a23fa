// suite_files.mjs — files in and out of the maze tab: mazes opened by the file picker
// and by drag and drop (the CLI's files, shown as the CLI reads them), bad files
// refused with the CLI's own message line, maze pictures solved as `amaze solve
// FILE.png` solves them, masks drawn with pointer events, masks from text and PNG
// files against `amaze generate --mask`, and print (two pages, the path on the second).
import { readFileSync } from 'node:fs';
import { execFileSync } from 'node:child_process';
import { deflateSync } from 'node:zlib';

// CRC-32 (ISO-HDLC) for the PNG chunks this suite writes by hand.
function crc32(buf) {
  let c = ~0;
  for (const b of buf) { c ^= b; for (let k = 0; k < 8; k++) c = (c >>> 1) ^ (0xedb88320 & -(c & 1)); }
  return ~c >>> 0;
}
function chunk(type, data) {
  const head = Buffer.alloc(8), tail = Buffer.alloc(4);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, 'latin1');
  tail.writeUInt32BE(crc32(Buffer.concat([Buffer.from(type, 'latin1'), data])), 0);
  return Buffer.concat([head, data, tail]);
}
// A valid PNG header claiming a huge picture, with a token of image data.
function hugePng(w, h) {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(w, 0);
  ihdr.writeUInt32BE(h, 4);
  ihdr[8] = 8; ihdr[9] = 0;
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(Buffer.alloc(64))), chunk('IEND', Buffer.alloc(0))]);
}

export async function suiteFiles(t) {
  const { page } = t;
  await t.open('w=6&h=4&seed=1');

  // ---- opening the CLI's files: picker and drag and drop ----
  const solved = t.sh('amaze generate -t hex -s 9x7 --seed 4 --shape circle | amaze solve - -a bfs --format amz');
  const want = JSON.parse(t.sh('amaze generate -t hex -s 9x7 --seed 4 --shape circle | amaze solve - -a bfs --format json').toString());
  await t.upload('#open-file', 'circle.amz', solved);
  let shown = await t.shown();
  t.check(JSON.stringify(shown.cells) === JSON.stringify(want.cells) && shown.start === want.start && shown.goal === want.goal,
    'file picker: a .amz from the CLI opens as the CLI reads it');
  t.check(JSON.stringify(await page.evaluate(() => window.amazeApp.maze.solution)) === JSON.stringify(want.solution),
    'file picker: the solution stored in the .amz is shown');
  t.check((await t.download('[data-download="amz"]')).bytes.equals(solved), 'an opened .amz downloads as the same bytes');
  const json = t.cli(['generate', '-s', '14x9', '--seed', '8', '-a', 'eller', '--format', 'json']);
  await t.drop('#stage', 'dropped.json', json);
  shown = await t.shown();
  t.check(JSON.stringify(shown.cells) === JSON.stringify(JSON.parse(json.toString()).cells), 'drag and drop: a JSON maze opens');
  const art = t.cli(['generate', '-s', '7x5', '--seed', '2', '--format', 'text', '--style', 'unicode']);
  await t.upload('#open-file', 'art.txt', art);
  shown = await t.shown();
  t.check(JSON.stringify(shown.cells) === JSON.stringify(JSON.parse(t.sh('amaze generate -s 7x5 --seed 2 --format text --style unicode | amaze solve - --format json').toString()).cells),
    'file picker: unicode text art opens as maze cells');

  // ---- bad files: the CLI's message, word for word ----
  const ok = t.cli(['generate', '-s', '12x8', '--seed', '3', '--format', 'amz']);
  t.sh('amaze generate -s 12x8 --seed 3 | amaze render - -o pic.png');
  const pic = readFileSync(t.file('pic.png'));
  const bad = [
    ['cut.amz', ok.subarray(0, 30)], ['cut-body.amz', ok.subarray(0, ok.length - 3)], ['h.txt', Buffer.from('hello world\n')],
    ['empty.amz', Buffer.alloc(0)], ['x.json', Buffer.from('{}\n')], ['fake.png', Buffer.from('hello\n')],
    ['cut.png', pic.subarray(0, 200)], ['huge.png', hugePng(40000, 40000)],
  ];
  const limit = await page.evaluate(async () => (await import('./limits.js')).LIMITS.files.readMaxBytes);
  for (const [name, bytes] of bad) {
    t.file(name, bytes);
    const cli = t.cliError(['solve', name, '--max-memory', String(limit), '-o', 'out.png']);
    await t.upload('#open-file', name, bytes);
    const msg = await t.message();
    t.check(cli.status === 1 && msg === cli.line, `bad file ${name}: the page says what amaze solve says ("${msg}")`);
  }
  await t.drop('#stage', 'h.txt', Buffer.from('hello world\n'));
  t.check(await t.message() === t.cliError(['solve', 'h.txt']).line, 'bad file by drag and drop: the CLI\'s message');

  // ---- a maze picture, solved as amaze solve FILE.png solves it ----
  for (const [name, gen] of [['pic.png', null], ['shaped.png', 'amaze generate -s 15x11 --seed 6 -a prim --braid 0.3 --shape circle | amaze render - -o shaped.png']]) {
    if (gen) t.sh(gen);
    t.sh(`amaze solve ${name} -o solved-${name}`);
    await t.upload('#open-file', name, readFileSync(t.file(name)));
    t.check(!(await t.message()), `${name}: a maze picture opens (${await t.text('#status')})`);
    const got = await t.download('[data-download="png"]');
    const cmp = await t.comparePictures(got.bytes, readFileSync(t.file(`solved-${name}`)), { rgbOnly: true });
    t.check(cmp.a.join() === cmp.b.join() && cmp.differ === 0, `${name}: the solved picture's pixels equal amaze solve's (${cmp.differ} differ)`);
  }

  // ---- masks drawn with pointer events ----
  await t.open('w=10&h=8&seed=4');
  await page.evaluate(() => { document.getElementById('more').open = true; });
  await page.click('#draw-mask');
  await page.evaluate(() => document.getElementById('maze').scrollIntoView({ block: 'start' }));
  const centre = (x, y) => page.evaluate(([x, y]) => {
    const v = window.amazeApp.maze.view, r = v.canvas.getBoundingClientRect(), [px, py] = v.toCanvas(2 * x + 1.5, 2 * y + 1.5);
    return [r.left + px * (r.width / v.canvas.width), r.top + py * (r.height / v.canvas.height)];
  }, [x, y]);
  const strokes = [[[0, 0], [5, 0]], [[9, 7], [9, 4]], [[3, 3], [3, 3]]];
  for (const [[x0, y0], [x1, y1]] of strokes) {
    const a = await centre(x0, y0), b = await centre(x1, y1);
    await page.mouse.move(...a);
    await page.mouse.down();
    await page.mouse.move(...b, { steps: 3 });
    await page.mouse.up();
  }
  // A second stroke from a hole puts cells back: (5,0) and (4,0) return.
  const a = await centre(5, 0), b = await centre(4, 0);
  await page.mouse.move(...a); await page.mouse.down(); await page.mouse.move(...b, { steps: 2 }); await page.mouse.up();
  const rows = Array.from({ length: 8 }, (_, y) => Array.from({ length: 10 }, (_, x) =>
    (y === 0 && x <= 3) || (x === 9 && y >= 4) || (x === 3 && y === 3) ? '#' : '.').join(''));
  const wantMask = `${rows.join('\n')}\n`;
  await t.click('#draw-mask');
  const mask = await t.download('#save-mask');
  t.check(mask.bytes.toString() === wantMask, `a mask drawn by pointer strokes has the cells expected (${mask.name})${mask.bytes.toString() === wantMask ? '' : `: got\n${mask.bytes}`}`);
  // The saved mask's name is the one the maze's recipe gives.
  t.file(mask.name, wantMask);
  t.check((await t.download('[data-download="amz"]')).bytes.equals(t.cli(['generate', '--mask', mask.name, '--seed', '4', '--format', 'amz'])),
    `the maze on the drawn mask equals amaze generate --mask ${mask.name}`);
  const link = await page.evaluate(() => location.search);
  await t.open(link.slice(1));
  t.check((await t.download('[data-download="amz"]')).bytes.equals(t.cli(['generate', '--mask', mask.name, '--seed', '4', '--format', 'amz'])),
    'a link keeps the drawn mask');

  // ---- masks from files: text and a picture, as --mask reads them ----
  const heart = ' .. .. \n.......\n.......\n .....\n  ...  \n   .   \n';
  for (const [name, bytes, args] of [
    ['heart.txt', Buffer.from(heart.replace(' .....\n', ' ..... \n')), ['-t', 'hex']],
    ['m.png', readFileSync(t.file('pic.png')), []],
  ]) {
    t.file(name, bytes);
    if (args.length) await page.selectOption('#topology', args[1]); else await page.selectOption('#topology', 'square');
    await page.fill('#seed', '9');
    await t.upload('#mask-file', name, bytes);
    const cli = t.cliError(['generate', ...args, '--mask', name, '--seed', '9', '--format', 'amz', '-o', 'x.amz']);
    if (cli.status) {
      t.check(await t.message() === cli.line, `mask ${name}: refused with the CLI's words (${cli.line})`);
      continue;
    }
    t.check((await t.download('[data-download="amz"]')).bytes.equals(readFileSync(t.file('x.amz'))),
      `mask ${name}: the maze equals amaze generate --mask ${name} ${args.join(' ')}`);
  }
  // A mask in two islands: refused as the CLI refuses it, unless islands are allowed.
  await page.evaluate(() => { document.getElementById('more').open = true; });
  await page.selectOption('#topology', 'square');
  t.file('islands.txt', '..#..\n..#..\n');
  for (const allow of [false, true]) {
    await page.setChecked('#islands', allow);
    await t.upload('#mask-file', 'islands.txt', Buffer.from('..#..\n..#..\n'));
    const args = ['generate', '--mask', 'islands.txt', '--seed', '9', ...(allow ? ['--allow-islands'] : []), '--format', 'amz'];
    const cli = t.cliError([...args, '-o', 'isl.amz']);
    if (allow) t.check(!cli.status && (await t.download('[data-download="amz"]')).bytes.equals(readFileSync(t.file('isl.amz'))), 'Allow islands: the maze equals amaze generate --allow-islands');
    else t.check(cli.status === 1 && await t.message() === cli.line, `a mask in two islands: the CLI's refusal (${cli.line})`);
  }
  await page.setChecked('#islands', false);
  t.file('badmask.txt', '..#\n.x.\n');
  await t.upload('#mask-file', 'badmask.txt', Buffer.from('..#\n.x.\n'));
  t.check(await t.message() === t.cliError(['generate', '--mask', 'badmask.txt']).line, 'a bad mask file: the CLI\'s message');
  await page.evaluate(() => { document.getElementById('more').open = true; });
  await t.click('#clear-mask');
  t.check(!(await page.evaluate(() => location.search)).includes('mask='), 'No mask drops the mask from the address');

  // ---- print: the maze, then the answer key ----
  await t.open('w=14&h=10&seed=6');
  for (const [size, key, pts] of [['a4', true, [595.28, 841.89]], ['letter', false, [612, 792]]]) {
    await page.selectOption('#page-size', size);
    t.check(await page.evaluate((key) => window.amazeApp.maze.files.preparePrint(key), key), `print ${size}: the pages are ready`);
    const pdf = await page.pdf({ preferCSSPageSize: true, printBackground: true });
    const f = t.file(`print-${size}.pdf`, pdf);
    const info = execFileSync('pdfinfo', [f]).toString();
    const pages = Number(/Pages:\s+(\d+)/.exec(info)[1]), dims = /Page size:\s+([\d.]+) x ([\d.]+)/.exec(info).slice(1).map(Number);
    t.check(pages === (key ? 2 : 1) && Math.abs(dims[0] - pts[0]) < 1 && Math.abs(dims[1] - pts[1]) < 1,
      `print ${size}${key ? ' with answer key' : ''}: ${pages} page(s) of ${dims.join(' x ')} pt`);
    // Red (the path) on the answer key only.
    const reds = [];
    for (let p = 1; p <= pages; p++) {
      const ppm = execFileSync('pdftoppm', ['-r', '40', '-f', String(p), '-l', String(p), f]);
      const header = ppm.toString('latin1', 0, 20).split(/\s+/), off = ppm.indexOf(Buffer.from(`${header[3]}\n`), 2) + header[3].length + 1;
      let n = 0;
      for (let i = off; i + 2 < ppm.length; i += 3) if (ppm[i] > 180 && ppm[i + 1] < 90 && ppm[i + 2] < 90) n++;
      reds.push(n);
    }
    t.check(reds[0] === 0 && (!key || reds[1] > 50), `print ${size}: the path only on the answer key (red pixels per page: ${reds.join(', ')})`);
  }
}
