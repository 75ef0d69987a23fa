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

/* Receives row y (see above; valid only during the call). Returning an error status
 * stops the stream, which returns that status (the message in err). */
typedef amz_status (*amz_row_fn)(void *ctx, int32_t y, const uint64_t *row, amz_error *err);

/* What a streamed maze file says about the maze besides its passages. */
typedef struct amz_stream_header {
    amz_topology topology;
    int64_t width, height;
    amz_cell start, goal;  /* existing cells (no masks when streaming: any cell) */
    uint64_t seed;
    const char *algorithm; /* not owned; NULL or "" = unknown; printable ASCII, < 64 bytes */
} amz_stream_header;

/* True if generator `name` can stream on topology t: eller, sidewinder and
 * binary-tree on square grids. */
AMZ_API bool amz_gen_can_stream(const char *name, amz_topology t);

/* Working memory, in bytes, of streaming generator `name` on a grid `width` cells wide
 * (row buffers and per-column state; independent of the height); UINT64_MAX if it
 * overflows or the generator cannot stream. */
AMZ_API uint64_t amz_gen_stream_memory(const char *name, int64_t width);

/* Makes a width x height maze of topology t with generator `name` (o NULL = defaults;
 * o->seed seeds it) and hands each finished row to `row`. Two rows are held at a time:
 * a row is final once the row below it is made. The observer (may be NULL) receives
 * only PROGRESS events (about 1000 per run; units are cells); non-zero from it stops
 * with AMZ_ECANCELED. Errors: AMZ_ENOTFOUND (no such generator), AMZ_EUNSUPPORTED (the
 * generator or topology cannot stream, or options that need the whole maze: braid,
 * ends other than keep), AMZ_ERANGE (size), AMZ_ENOMEM, the sink's status.
 * Time O(cells); memory amz_gen_stream_memory. */
AMZ_API amz_status amz_gen_stream(const char *name, amz_topology t, int64_t width, int64_t height,
                                  const amz_gen_options *o, amz_row_fn row, void *ctx, const amz_observer *obs,
                                  amz_error *err);

/* ---- .amz files written row by row (the streamed-rows layout, docs/FORMAT.md) ---- */

/* A .amz row writer: header first, each row as it comes (byte-aligned), the CRC-32
 * last. Fields are private. */
typedef struct amz_amz_rows {
    FILE *f;
    uint32_t crc;
    int32_t width, height, next_row;
    int bits;
    size_t row_bytes;
    uint8_t *buf; /* one row of bytes (owned) */
    bool failed;
} amz_amz_rows;

/* Writes the header of a streamed-rows .amz file for h to f. AMZ_EINVAL (nothing
 * written) for a bad size, start, goal or algorithm name; AMZ_ENOMEM; AMZ_EIO. Memory:
 * one row, ceil(width*bits/8) bytes. */
AMZ_API amz_status amz_amz_rows_begin(amz_amz_rows *w, FILE *f, const amz_stream_header *h, amz_error *err);
/* Appends row y (an amz_row_fn: pass the writer as ctx). AMZ_EINVAL for a row out of
 * order, AMZ_EIO when writing fails. */
AMZ_API amz_status amz_amz_rows_put(void *w, int32_t y, const uint64_t *row, amz_error *err);
/* Writes the checksum after the last row and releases the writer. AMZ_EINVAL if rows
 * are missing, AMZ_EIO when writing fails. Does not close f. */
AMZ_API amz_status amz_amz_rows_end(amz_amz_rows *w, amz_error *err);
/* Releases the writer without finishing the file; no-op on a released writer. */
AMZ_API void amz_amz_rows_abort(amz_amz_rows *w);

#endif
