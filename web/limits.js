// limits.js — every limit of the page in one table, with the reason for each. The
// controls, the link checks and the messages all read it; docs/WEB.md lists it.
export const LIMITS = Object.freeze({
  maze: Object.freeze({
    // Widths and heights the page makes. 2000x2000 is the target; 4000 on a
    // side still fits when the other side is small.
    minSide: 1,
    maxSide: 4000,
    // Cells: the square block picture (2W+1)x(2H+1) stays near 16 Mpx (64 MB of RGBA).
    maxCells: 4000000,
    // Most observer events kept to replay an animation (16 bytes each).
    animateEvents: 4000000,
    // Masks drawn by hand: beyond this a pointer cannot aim at a cell anyway.
    maxMaskSide: 400,
    // A drawn mask goes into the link up to this many cells (the address stays short).
    maskInLinkCells: 40000,
    // Grids drawn from the library's outlines (triangle, octagon, polar; levels, weave):
    // every cell's polygon is kept in the page, about 1 KB a cell.
    maxOutlineCells: 100000,
  }),
  view: Object.freeze({
    // Zoom in device pixels per block (square), or CSS pixels per hexagon radius (hex).
    // The smallest keeps every wall at least one device pixel wide, so walls stay
    // visible, and (hex) keeps a view to about 17 000 cells, drawn in well under 100 ms.
    minBlock: 1,
    maxBlock: 64,
    minHexRadius: 4,
    maxHexRadius: 96,
    // The largest canvas the maze stage takes, in CSS pixels.
    maxWidth: 960,
    maxHeight: 720,
  }),
  files: Object.freeze({
    // Largest file the page opens (maze or picture), and the memory reading a maze from
    // a file may take: the readers' own limit (amz_read_options.max_bytes and
    // amz_image_read_options.max_bytes, the file's bytes counted for pictures as
    // amaze solve counts them).
    maxBytes: 256 << 20,
    readMaxBytes: 536870912,
    // Pictures opened to be solved or used as masks: the pixel count the browser
    // decodes (4 bytes a pixel).
    maxPicturePixels: 16777216,
  }),
  picture: Object.freeze({
    // PNG downloads: the in-memory canvas of the picture (image.h's layout rules).
    maxPixels: 16777216,
    // SVG printed pages: amaze render's AMZ_IMAGE_VECTOR_MAX_CELLS (the library refuses
    // larger SVG downloads itself).
    vectorCells: 1048576,
  }),
  slide: Object.freeze({
    // `amaze play slide` boards: 2x2 to 10x10 (src/play/slide_game.h).
    minSide: 2,
    maxSide: 10,
    // Hints: IDA* (optimal) within this many nodes on boards of at most idaCells
    // cells, then the fast solver, which always answers. Runs in the worker.
    idaNodes: 2000000,
    idaCells: 16,
  }),
  terrain: Object.freeze({
    minSide: 1,
    maxSide: 2048,
  }),
});
