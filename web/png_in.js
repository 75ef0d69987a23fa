// png_in.js — pictures as amaze reads them, in a page or worker: the library checks the
// PNG's header (amz_image_read_memory through amaze.wasm: the signature, the header,
// a claim the file cannot hold, in its words), the browser decodes it (the CLI uses
// libpng), and the library reads the decoded pixels (amz_image_read_maze_rgba and
// amz_image_read_mask_rgba, see amaze.js). Around the decoder this file says what
// libpng would: "truncated PNG" for a file cut before its image data ends.
import { LIMITS } from './limits.js';

// Walks the chunks: the image size, and whether the data ends before the image data
// is complete (a cut inside or before the last IDAT chunk; libpng would run out of
// rows there). A file cut only after its image data still decodes, as with libpng.
function scan(bytes) {
  const v = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let p = 8, width = 0, height = 0, afterData = false, sawData = false;
  while (p + 8 <= bytes.length) {
    const len = v.getUint32(p), type = String.fromCharCode(...bytes.subarray(p + 4, p + 8));
    if (p + 12 + len > bytes.length) return { width, height, truncated: !afterData };
    if (type === 'IHDR' && len >= 8) { width = v.getUint32(p + 8); height = v.getUint32(p + 12); }
    if (type === 'IDAT') sawData = true; else if (sawData) afterData = true;
    if (type === 'IEND') return { width, height, truncated: false };
    p += 12 + len;
  }
  return { width, height, truncated: !afterData };
}

// Decodes a PNG into {width, height, data (RGBA)}, or throws an Error with the CLI's
// message ("NAME: ..."). api: the loaded amaze.wasm (amaze.js), whose reader the
// header goes through first.
export async function readPng(bytes, name, api) {
  try {
    api.pictureMemory(bytes);
  } catch (e) {
    throw new Error(`${name}: ${e.message}`);
  }
  const { width, height, truncated } = scan(bytes);
  if (width * height > LIMITS.files.maxPicturePixels)
    throw new Error(`${name}: a ${width}x${height} image is more than the ${LIMITS.files.maxPicturePixels} pixels the page decodes`);
  if (truncated) throw new Error(`${name}: truncated PNG (the data ends early)`);
  let bitmap;
  try {
    bitmap = await createImageBitmap(new Blob([bytes], { type: 'image/png' }),
      { colorSpaceConversion: 'none', premultiplyAlpha: 'none' });
  } catch {
    throw new Error(`${name}: the browser cannot decode this PNG`);
  }
  const cv = new OffscreenCanvas(bitmap.width, bitmap.height), ctx = cv.getContext('2d', { willReadFrequently: true });
  ctx.drawImage(bitmap, 0, 0);
  bitmap.close();
  return { width: cv.width, height: cv.height, data: ctx.getImageData(0, 0, cv.width, cv.height).data };
}

// A text mask ('.' cell, '#' none; a line a row) from one byte a cell.
export function maskText(cells, width, height) {
  const rows = [];
  for (let y = 0; y < height; y++) {
    let s = '';
    for (let x = 0; x < width; x++) s += cells[y * width + x] ? '.' : '#';
    rows.push(s);
  }
  return `${rows.join('\n')}\n`;
}
