/* amaze/stream.h — mazes made and written one row at a time, in memory proportional to
 * the width: the row generators (eller, sidewinder, binary-tree) feed a row sink, such
 * as the .amz row writer below or the PNG row writer of amaze/image.h.
 *
 * A row is the passage bits of one row of cells, laid out like the maze's passage
 * array (amaze/maze.h) restarted at the row: owned edge d of cell (x, y) is bit
 * x*bits + (d-1) of a little-endian array of 64-bit words; bits past width*bits are
 * zero. Rows arrive in order y = 0 .. height-1, each exactly once.
 *
 * A streamed maze is the maze amz_gen_run makes with the same generator, seed and
 * options (the in-memory fast paths run the same row code), so the same seed gives the
 * same maze whether it is streamed or not, and byte-identical files run to run. */
#ifndef AMAZE_STREAM_H
#define AMAZE_STREAM_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

#include "amaze/gen.h"
#include "amaze/maze.h"
#include "amaze/observer.h"
#include "amaze/status.h"

/* ---- row sinks ---- */

/* Where a streamed maze's rows go: the .amz row writer below, the PNG row writer of
 * amaze/image.h, or your own. Every sink has one lifecycle: an opener makes it (heap
 * memory owned by the caller), rows go in through amz_row_sink_put in order y = 0 ..
 * height-1, and exactly one of amz_row_sink_finish (writes the end of the file, then
 * frees) or amz_row_sink_abort (frees without finishing) ends it. A sink whose put
 * failed must still be ended (finish then reports the failure again).
 *
 * To write a sink, embed amz_row_sink as the first member of your struct and point
 * `ops` at a table of your functions: put receives a row valid only during the call;
 * finish writes what follows the last row (not freeing); destroy frees the sink. */
typedef struct amz_row_sink amz_row_sink;
typedef struct amz_row_sink_ops {
    amz_status (*put)(amz_row_sink *s, int32_t y, const uint64_t *row, amz_error *err);
    amz_status (*finish)(amz_row_sink *s, amz_error *err);
    void (*destroy)(amz_row_sink *s);
} amz_row_sink_ops;
struct amz_row_sink {
    const amz_row_sink_ops *ops;
};

/* Hands row y to the sink. Errors: the sink's (AMZ_EINVAL for a row out of order,
 * AMZ_EIO when writing fails). */
AMZ_API amz_status amz_row_sink_put(amz_row_sink *s, int32_t y, const uint64_t *row, amz_error *err);
/* Finishes the output (AMZ_EINVAL if rows are missing, AMZ_EIO) and frees the sink,
 * whatever the result. */
AMZ_API amz_status amz_row_sink_finish(amz_row_sink *s, amz_error *err);
/* Frees the sink without finishing its output; NULL is a no-op. */
AMZ_API void amz_row_sink_abort(amz_row_sink *s);

/* What a streamed maze file says about the maze besides its passages. */
typedef struct amz_stream_header {
    amz_topology topology;
    int64_t width, height;
    amz_cell start, goal;  /* existing cells (no masks when streaming: any cell) */
    uint64_t seed;
    const char *algorithm; /* not owned; NULL or "" = unknown; printable ASCII, < 64 bytes */
    const char *recipe;    /* not owned; NULL = unknown; see amz_maze.recipe (amz_gen_recipe) */
} amz_stream_header;

/* True if generator `name` can stream on topology t: eller, sidewinder and
 * binary-tree on square grids. */
AMZ_API bool amz_gen_can_stream(const char *name, amz_topology t);

/* Working memory, in bytes, of streaming generator `name` on a grid `width` cells wide
 * (row buffers and per-column state; independent of the height); UINT64_MAX if it
 * overflows or the generator cannot stream. */
AMZ_API uint64_t amz_gen_stream_memory(const char *name, int64_t width);

/* Makes a width x height maze of topology t with generator `name` (o NULL = defaults;
 * o->seed seeds it) and hands each finished row to `sink`, which the caller still owns
 * and ends afterwards (amz_row_sink_finish on success, else amz_row_sink_abort). Two rows are held at a time:
 * a row is final once the row below it is made. The observer (may be NULL) receives
 * only PROGRESS events (about 1000 per run; units are cells); non-zero from it stops
 * with AMZ_ECANCELED. Errors: AMZ_ENOTFOUND (no such generator), AMZ_EUNSUPPORTED (the
 * generator or topology cannot stream, or options that need the whole maze: braid,
 * ends other than keep), AMZ_ERANGE (size), AMZ_ENOMEM, the sink's status.
 * Time O(cells); memory amz_gen_stream_memory. */
AMZ_API amz_status amz_gen_stream(const char *name, amz_topology t, int64_t width, int64_t height,
                                  const amz_gen_options *o, amz_row_sink *sink, const amz_observer *obs,
                                  amz_error *err);

/* ---- .amz files written row by row (the streamed-rows layout, docs/FORMAT.md) ---- */

/* Opens a .amz row writer on f: writes the header for h at once, then each row as it
 * arrives (byte-aligned), and the CRC-32 on finish. Does not close f. AMZ_EINVAL
 * (nothing written) for a bad size, start, goal or algorithm name; AMZ_ENOMEM;
 * AMZ_EIO. Memory: amz_io_rows_memory. */
AMZ_API amz_status amz_io_rows_open(FILE *f, const amz_stream_header *h, amz_row_sink **out, amz_error *err);
/* Bytes the .amz row writer for h holds (one row of bytes and the writer itself);
 * UINT64_MAX for an impossible size. */
AMZ_API uint64_t amz_io_rows_memory(const amz_stream_header *h);

#endif
