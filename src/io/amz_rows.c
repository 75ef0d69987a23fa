/* amz_rows.c — the .amz writer for streamed mazes: the header (with flag bit 2, the
 * streamed-rows layout of docs/FORMAT.md), then each row of passages byte-aligned as it
 * arrives, then the CRC-32 of everything before it. Memory: one row of bytes. */
#include <errno.h>
#include <string.h>

#include "amaze/alloc.h"
#include "amaze/stream.h"
#include "core/checked.h"
#include "core/error.h"
#include "io/io_impl.h"

static void emit(amz_amz_rows *w, const void *p, size_t n)
{
    if (w->failed || n == 0)
        return;
    w->crc = amz_crc32(w->crc, p, n);
    if (fwrite(p, 1, n, w->f) != n)
        w->failed = true;
}

static amz_status io_fail(amz_amz_rows *w, amz_error *err)
{
    int e = errno ? errno : EIO;
    amz_amz_rows_abort(w);
    return amz_errorf(err, AMZ_EIO, "write failed: %s", strerror(e));
}

amz_status amz_amz_rows_begin(amz_amz_rows *w, FILE *f, const amz_stream_header *h, amz_error *err)
{
    memset(w, 0, sizeof *w);
    uint64_t cells;
    if (h->topology != AMZ_TOPO_SQUARE && h->topology != AMZ_TOPO_HEX)
        return amz_errorf(err, AMZ_EINVAL, "unknown topology %d", (int)h->topology);
    if (h->width < 1 || h->height < 1 || h->width > AMZ_MAX_SIDE || h->height > AMZ_MAX_SIDE ||
        !ck_mul_u64((uint64_t)h->width, (uint64_t)h->height, &cells) || cells > (uint64_t)AMZ_MAX_CELLS)
        return amz_errorf(err, AMZ_EINVAL, "size %lldx%lld cannot be stored", (long long)h->width,
                          (long long)h->height);
    if (h->start < 0 || (uint64_t)h->start >= cells || h->goal < 0 || (uint64_t)h->goal >= cells)
        return amz_errorf(err, AMZ_EINVAL, "%s cell %lld is outside the %lldx%lld grid",
                          h->start < 0 || (uint64_t)h->start >= cells ? "start" : "goal",
                          (long long)(h->start < 0 || (uint64_t)h->start >= cells ? h->start : h->goal),
                          (long long)h->width, (long long)h->height);
    size_t alen = 0;
    amz_status st = amz_amz_check_algorithm(h->algorithm, &alen, err);
    if (st)
        return st;
    w->f = f;
    w->width = (int32_t)h->width;
    w->height = (int32_t)h->height;
    w->bits = amz_topology_ndirs(h->topology) / 2;
    w->row_bytes = (size_t)(((uint64_t)h->width * (uint64_t)w->bits + 7) / 8);
    if (!(w->buf = amz_malloc(w->row_bytes)))
        return amz_errorf(err, AMZ_ENOMEM, "cannot allocate a row of %zu bytes", w->row_bytes);
    uint8_t head[64 + AMZ_ALGO_MAX];
    emit(w, head, amz_amz_header(head, h->topology, AMZ_AMZ_FLAG_ROWS, h->width, h->height, h->start, h->goal,
                                 h->seed, h->algorithm ? h->algorithm : "", alen));
    if (w->failed)
        return io_fail(w, err);
    return AMZ_OK;
}

amz_status amz_amz_rows_put(void *ctx, int32_t y, const uint64_t *row, amz_error *err)
{
    amz_amz_rows *w = ctx;
    if (!w->buf)
        return amz_errorf(err, AMZ_EINVAL, "row writer is not open");
    if (y != w->next_row)
        return amz_errorf(err, AMZ_EINVAL, "row %d given where row %d was due", y, w->next_row);
    const uint64_t row_bits = (uint64_t)w->width * (uint64_t)w->bits;
    for (size_t i = 0; i < w->row_bytes; i++)
        w->buf[i] = (uint8_t)(row[i >> 3] >> (8 * (i & 7)));
    if (row_bits % 8) /* bits past the last cell are padding, always zero */
        w->buf[w->row_bytes - 1] &= (uint8_t)((1u << (row_bits % 8)) - 1);
    emit(w, w->buf, w->row_bytes);
    if (w->failed)
        return io_fail(w, err);
    w->next_row++;
    return AMZ_OK;
}

amz_status amz_amz_rows_end(amz_amz_rows *w, amz_error *err)
{
    if (!w->buf)
        return amz_errorf(err, AMZ_EINVAL, "row writer is not open");
    if (w->next_row != w->height) {
        int32_t got = w->next_row, want = w->height;
        amz_amz_rows_abort(w);
        return amz_errorf(err, AMZ_EINVAL, "only %d of %d rows were written", got, want);
    }
    uint32_t crc = w->crc;
    uint8_t c[4] = {(uint8_t)crc, (uint8_t)(crc >> 8), (uint8_t)(crc >> 16), (uint8_t)(crc >> 24)};
    emit(w, c, 4);
    if (w->failed || ferror(w->f))
        return io_fail(w, err);
    amz_amz_rows_abort(w);
    return AMZ_OK;
}

void amz_amz_rows_abort(amz_amz_rows *w)
{
    amz_free(w->buf);
    memset(w, 0, sizeof *w);
}
