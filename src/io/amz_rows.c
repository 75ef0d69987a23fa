/* amz_rows.c — the .amz writer for streamed mazes, a row sink (amaze/stream.h): the
 * header (with flag bit 2, the streamed-rows layout of docs/FORMAT.md), then each row
 * of passages byte-aligned as it arrives, then the CRC-32 of everything before it.
 * Memory: one row of bytes. */
#include <errno.h>
#include <string.h>

#include "amaze/alloc.h"
#include "amaze/stream.h"
#include "core/checked.h"
#include "core/error.h"
#include "io/io_impl.h"

/* width, height and bits (storage bits a cell: 2 square, 3 hex) come from the header;
 * next_row is the only row put accepts, since the layout carries no row numbers. */
typedef struct rows_writer {
    amz_row_sink sink; /* first: the sink pointer is the writer's */
    io_crc_sink out;   /* the file, and the CRC of every byte written so far */
    int32_t width, height, next_row;
    int bits;
    size_t row_bytes;
    bool broken; /* a put failed: the file can no longer be finished */
    uint8_t buf[];   /* one row of bytes */
} rows_writer;

/* Bytes of one row for a valid header; 0 when the size cannot be stored. Plain square
 * and hex only: they own half their directions (2 and 3 slots), which is what the
 * ndirs / 2 below relies on, and a row of them is exactly width * bits bits. */
static uint64_t row_bytes(const amz_stream_header *h)
{
    uint64_t cells;
    if ((h->topology != AMZ_TOPO_SQUARE && h->topology != AMZ_TOPO_HEX) || h->width < 1 || h->height < 1 ||
        h->width > AMZ_MAX_SIDE || h->height > AMZ_MAX_SIDE ||
        !ck_mul_u64((uint64_t)h->width, (uint64_t)h->height, &cells) || cells > (uint64_t)AMZ_MAX_CELLS)
        return 0;
    return ((uint64_t)h->width * (uint64_t)(amz_topology_ndirs(h->topology) / 2) + 7) / 8;
}

uint64_t amz_io_rows_memory(const amz_stream_header *h)
{
    uint64_t n = row_bytes(h);
    return n ? sizeof(rows_writer) + n : UINT64_MAX;
}

/* After a short write the file and the running CRC no longer agree, so the writer is
 * marked broken for good: no later put or finish can produce a valid file. */
static amz_status write_failed(rows_writer *w, amz_error *err)
{
    int e = errno ? errno : EIO;
    w->broken = true;
    return amz_errorf(err, AMZ_EIO, "write failed: %s", strerror(e));
}

static amz_status rows_put(amz_row_sink *s, int32_t y, const uint64_t *row, amz_error *err)
{
    /* Rows must come in order 0 .. height-1: the layout has no row numbers, so an
     * out-of-order row would silently land in the wrong place. After a write error
     * every call fails, since the CRC no longer matches the file. */
    rows_writer *w = (rows_writer *)s;
    if (w->broken)
        return amz_errorf(err, AMZ_EIO, "the row writer failed earlier");
    if (y != w->next_row)
        return amz_errorf(err, AMZ_EINVAL, "row %d given where row %d was due", y, w->next_row);
    const uint64_t row_bits = (uint64_t)w->width * (uint64_t)w->bits;
    /* The row arrives as 64-bit words with cell x's slots at bit x * bits; bytes go out
     * little-endian, as amz.c's get_rows reads them back. */
    for (size_t i = 0; i < w->row_bytes; i++)
        w->buf[i] = (uint8_t)(row[i >> 3] >> (8 * (i & 7)));
    if (row_bits % 8) /* bits past the last cell are padding, always zero */
        w->buf[w->row_bytes - 1] &= (uint8_t)((1u << (row_bits % 8)) - 1);
    io_crc_put(&w->out, w->buf, w->row_bytes);
    if (w->out.failed)
        return write_failed(w, err);
    w->next_row++;
    return AMZ_OK;
}

static amz_status rows_finish(amz_row_sink *s, amz_error *err)
{
    rows_writer *w = (rows_writer *)s;
    if (w->broken)
        return amz_errorf(err, AMZ_EIO, "the row writer failed earlier");
    if (w->next_row != w->height)
        return amz_errorf(err, AMZ_EINVAL, "only %d of %d rows were written", w->next_row, w->height);
    /* Not flushed or closed: the FILE is the caller's, who must check fflush/fclose. */
    io_crc_put_le(&w->out, w->out.crc, 4);
    if (w->out.failed || ferror(w->out.f))
        return write_failed(w, err);
    return AMZ_OK;
}

static void rows_destroy(amz_row_sink *s)
{
    amz_free(s);
}

static const amz_row_sink_ops rows_ops = {rows_put, rows_finish, rows_destroy};

amz_status amz_io_rows_open(FILE *f, const amz_stream_header *h, amz_row_sink **out, amz_error *err)
{
    /* *out stays NULL on every error, and amz_row_sink_abort(NULL) is a no-op, so a
     * caller may end whatever it got back. */
    *out = NULL;
    uint64_t n = row_bytes(h);
    if (h->topology != AMZ_TOPO_SQUARE && h->topology != AMZ_TOPO_HEX)
        return amz_errorf(err, AMZ_EINVAL, "unknown topology %d", (int)h->topology);
    if (!n)
        return amz_errorf(err, AMZ_EINVAL, "size %lldx%lld cannot be stored", (long long)h->width,
                          (long long)h->height);
    /* No overflow: row_bytes has checked width * height against AMZ_MAX_CELLS. With no
     * mask in this layout, every cell exists, so the range is the whole check. */
    const uint64_t cells = (uint64_t)h->width * (uint64_t)h->height;
    const bool bad_start = h->start < 0 || (uint64_t)h->start >= cells;
    if (bad_start || h->goal < 0 || (uint64_t)h->goal >= cells)
        return amz_errorf(err, AMZ_EINVAL, "%s cell %lld is outside the %lldx%lld grid", bad_start ? "start" : "goal",
                          (long long)(bad_start ? h->start : h->goal), (long long)h->width, (long long)h->height);
    size_t alen = 0;
    amz_status st = io_amz_check_algorithm(h->algorithm, &alen, err);
    if (st)
        return st;
    /* Everything is checked before the header is written, so a refused call leaves
     * the stream untouched. The recipe goes through amz_maze_set_recipe on an empty
     * probe maze, only for its checks; the copy it made is freed right after. */
    amz_maze probe;
    memset(&probe, 0, sizeof probe);
    if (h->recipe && (st = amz_maze_set_recipe(&probe, h->recipe, err))) /* the same rule as a maze's */
        return st;
    amz_maze_set_recipe(&probe, NULL, NULL);
    rows_writer *w = amz_malloc(sizeof *w + (size_t)n);
    if (!w)
        return amz_errorf(err, AMZ_ENOMEM, "cannot allocate a row of %llu bytes", (unsigned long long)n);
    memset(w, 0, sizeof *w);
    w->sink.ops = &rows_ops;
    w->out.f = f;
    w->width = (int32_t)h->width;
    w->height = (int32_t)h->height;
    w->bits = amz_topology_ndirs(h->topology) / 2;
    w->row_bytes = (size_t)n;
    const amz_grid grid = {h->topology, h->width, h->height, 1, 0, false};
    io_amz_put_header(&w->out, &grid, IO_AMZ_FLAG_ROWS, h->start, h->goal, h->seed,
                      h->algorithm ? h->algorithm : "", alen, h->recipe);
    /* A header that could not be written: no sink is returned, so it is freed here. */
    if (w->out.failed) {
        st = write_failed(w, err);
        amz_free(w);
        return st;
    }
    *out = &w->sink;
    return AMZ_OK;
}
