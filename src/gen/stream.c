/* stream.c — the streaming driver: runs a row generator (eller, sidewinder,
 * binary-tree: the same row code as their in-memory fast paths) into two row buffers
 * and hands each row to a sink once the row below it is made (sidewinder and
 * binary-tree may still open a row's S edges from the next row). Memory O(width). */
#include <string.h>

#include "amaze/alloc.h"
#include "amaze/stream.h"
#include "core/checked.h"
#include "core/error.h"
#include "core/observe.h"
#include "core/rng_inline.h"
#include "gen/gen_impl.h"

/* The registry row of `name` if it is a row generator, else NULL. */
static const struct amz_gen_rows *find(const char *name)
{
    const amz_gen_info *g = amz_gen_find(name);
    return g ? g->rows : NULL;
}

/* Square only: the row generators' streamed rows use square's two owned slots (E, S)
 * per cell, the layout the .amz rows writer and the PNG row writer expect. */
bool amz_gen_can_stream(const char *name, amz_topology t)
{
    return find(name) && t == AMZ_TOPO_SQUARE;
}

/* Words of one row buffer: 2 bits a cell, one spare word for bits_or64's spill. */
static uint64_t row_words(int64_t width)
{
    return ((uint64_t)width * 2 + 63) / 64 + 1;
}

uint64_t amz_gen_stream_memory(const char *name, int64_t width)
{
    const struct amz_gen_rows *s = find(name);
    if (!s || width < 1 || width > AMZ_MAX_SIDE)
        return UINT64_MAX;
    /* The two row buffers, plus for set-based generators (eller) the L and R arrays of
     * width + 1 entries that gen_rowgen_init allocates (rows.c). */
    uint64_t bytes = 2 * row_words(width) * 8;
    if (s->sets)
        bytes += 2 * ((uint64_t)width + 1) * sizeof(int32_t);
    return bytes;
}

amz_status amz_gen_stream(const char *name, amz_topology t, int64_t width, int64_t height,
                          const amz_gen_options *o, amz_row_sink *sink, const amz_observer *obs,
                          amz_error *err)
{
    amz_gen_options defaults;
    if (!o) {
        amz_gen_options_init(&defaults);
        o = &defaults;
    }
    const struct amz_gen_rows *s = find(name);
    if (!s) {
        if (amz_gen_find(name))
            return amz_errorf(err, AMZ_EUNSUPPORTED, "%s cannot stream: it needs the whole maze", name);
        return amz_errorf(err, AMZ_ENOTFOUND, "unknown generator '%s'", name ? name : "");
    }
    if (t != AMZ_TOPO_SQUARE)
        return amz_errorf(err, AMZ_EUNSUPPORTED, "%s streams square grids only", name);
    amz_status st = amz_gen_options_check(o, err);
    if (st)
        return st;
    /* Everything that post-processes or reshapes the finished maze is refused up front,
     * before the sink has seen a byte, so a refused stream writes nothing. */
    if (o->unicursal || o->symmetry || o->sparse || o->sparse_share > 0)
        return amz_errorf(err, AMZ_EUNSUPPORTED, "a stream cannot make a %s maze: it needs the whole maze",
                          o->unicursal ? "unicursal" : o->symmetry ? "symmetric" : "sparse");
    if (o->braid > 0 || o->ends != AMZ_ENDS_KEEP)
        return amz_errorf(err, AMZ_EUNSUPPORTED, "%s needs the whole maze and cannot be streamed",
                          o->braid > 0 ? "braiding" : "placing start and goal");
    uint64_t cells;
    if (width < 1 || height < 1 || width > AMZ_MAX_SIDE || height > AMZ_MAX_SIDE ||
        !ck_mul_u64((uint64_t)width, (uint64_t)height, &cells) || cells > (uint64_t)AMZ_MAX_CELLS)
        return amz_errorf(err, AMZ_ERANGE, "size %lldx%lld: at most %d a side and %lld cells", (long long)width,
                          (long long)height, AMZ_MAX_SIDE, (long long)AMZ_MAX_CELLS);
    obs = obs_normalize(obs);

    /* Seeded as amz_gen_run seeds the same generator, and the row code is the one the
     * in-memory fast path runs, so a streamed maze equals the in-memory one cell for
     * cell (the tests compare them). */
    const uint64_t words = row_words(width);
    uint64_t *rows = amz_calloc((size_t)(2 * words), sizeof *rows);
    if (!rows)
        return amz_errorf(err, AMZ_ENOMEM, "%s: cannot allocate row buffers for %lld columns", name, (long long)width);
    amz_rng rng;
    amz_rng_seed(&rng, o->seed);
    gen_rowgen g;
    if ((st = gen_rowgen_init(&g, s, width, height, &rng, o, name, err))) {
        amz_free(rows);
        return st;
    }
    /* Row y is made in one buffer while row y-1, in the other, may still gain S edges
     * from it; so row y-1 goes to the sink only once row y is done. */
    for (int64_t y = 0; y < height; y++) {
        uint64_t *cur = rows + (uint64_t)(y & 1) * words, *up = rows + (uint64_t)((y + 1) & 1) * words;
        memset(cur, 0, (size_t)words * sizeof *cur);
        s->row(&g, (int32_t)y, cur, 0, up, 0);
        if (y > 0 && (st = amz_row_sink_put(sink, (int32_t)(y - 1), up, err)))
            goto out;
        if (obs && obs_row_done(obs, y, height, width)) {
            st = amz_errorf(err, AMZ_ECANCELED, "%s: canceled by the observer", name);
            goto out;
        }
    }
    /* The last row has no row below to open its S edges, so it is final as made. The
     * sink is not finished here: finishing or aborting it is the caller's, who owns it. */
    st = amz_row_sink_put(sink, (int32_t)(height - 1), rows + (uint64_t)((height - 1) & 1) * words, err);
out:
    gen_rowgen_deinit(&g);
    amz_free(rows);
    return st;
}
