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

typedef struct streamer {
    const char *name;
    amz_row_gen_fn row;
    bool sets; /* needs eller's per-column set lists */
} streamer;

static const streamer streamers[] = {
    {"eller", amz_eller_row, true},
    {"sidewinder", amz_sidewinder_row, false},
    {"binary-tree", amz_binary_tree_row, false},
};

static const streamer *find(const char *name)
{
    for (size_t i = 0; name && i < sizeof streamers / sizeof streamers[0]; i++)
        if (strcmp(streamers[i].name, name) == 0)
            return &streamers[i];
    return NULL;
}

bool amz_gen_can_stream(const char *name, amz_topology t)
{
    return find(name) && t == AMZ_TOPO_SQUARE;
}

/* Words of one row buffer: 2 bits a cell, one spare word for amz_or_bits' spill. */
static uint64_t row_words(int64_t width)
{
    return ((uint64_t)width * 2 + 63) / 64 + 1;
}

uint64_t amz_gen_stream_memory(const char *name, int64_t width)
{
    const streamer *s = find(name);
    if (!s || width < 1 || width > AMZ_MAX_SIDE)
        return UINT64_MAX;
    uint64_t bytes = 2 * row_words(width) * 8;
    if (s->sets)
        bytes += 2 * ((uint64_t)width + 1) * sizeof(int32_t);
    return bytes;
}

amz_status amz_gen_stream(const char *name, amz_topology t, int64_t width, int64_t height,
                          const amz_gen_options *o, amz_row_fn row, void *ctx, const amz_observer *obs,
                          amz_error *err)
{
    amz_gen_options defaults;
    if (!o) {
        amz_gen_options_init(&defaults);
        o = &defaults;
    }
    const streamer *s = find(name);
    if (!s) {
        if (amz_gen_find(name))
            return amz_errorf(err, AMZ_EUNSUPPORTED, "%s cannot stream: it needs the whole maze (eller, sidewinder "
                              "and binary-tree stream)", name);
        return amz_errorf(err, AMZ_ENOTFOUND, "unknown generator '%s'", name ? name : "");
    }
    if (t != AMZ_TOPO_SQUARE)
        return amz_errorf(err, AMZ_EUNSUPPORTED, "%s streams square grids only", name);
    amz_status st = amz_gen_options_check(o, err);
    if (st)
        return st;
    if (o->braid > 0 || o->ends != AMZ_ENDS_KEEP)
        return amz_errorf(err, AMZ_EUNSUPPORTED, "%s needs the whole maze and cannot be streamed",
                          o->braid > 0 ? "braiding" : "placing start and goal");
    uint64_t cells;
    if (width < 1 || height < 1 || width > AMZ_MAX_SIDE || height > AMZ_MAX_SIDE ||
        !ck_mul_u64((uint64_t)width, (uint64_t)height, &cells) || cells > (uint64_t)AMZ_MAX_CELLS)
        return amz_errorf(err, AMZ_ERANGE, "size %lldx%lld: at most %d a side and %lld cells", (long long)width,
                          (long long)height, AMZ_MAX_SIDE, (long long)AMZ_MAX_CELLS);
    obs = obs_normalize(obs);

    const uint64_t words = row_words(width);
    uint64_t *rows = amz_calloc((size_t)(2 * words), sizeof *rows);
    int32_t *L = NULL, *R = NULL;
    if (s->sets) {
        L = amz_malloc(((size_t)width + 1) * sizeof *L);
        R = amz_malloc(((size_t)width + 1) * sizeof *R);
    }
    if (!rows || (s->sets && (!L || !R))) {
        st = amz_errorf(err, AMZ_ENOMEM, "%s: cannot allocate row buffers for %lld columns", name, (long long)width);
        goto out;
    }
    for (int64_t x = 0; s->sets && x < width; x++)
        L[x] = R[x] = (int32_t)x;
    amz_rng rng;
    amz_rng_seed(&rng, o->seed);
    amz_rowgen g = {(int32_t)width, (int32_t)height, &rng, L, R, 0, 0, 0, 0, 0};
    if (s->row == amz_binary_tree_row)
        amz_binary_tree_rowgen_init(&g, o);
    /* About 1000 PROGRESS events, at row ends. */
    const uint64_t rows_per_tick = (uint64_t)height / 1000 ? (uint64_t)height / 1000 : 1;
    for (int64_t y = 0; y < height; y++) {
        uint64_t *cur = rows + (uint64_t)(y & 1) * words, *up = rows + (uint64_t)((y + 1) & 1) * words;
        memset(cur, 0, (size_t)words * sizeof *cur);
        s->row(&g, (int32_t)y, cur, 0, up, 0);
        if (y > 0 && (st = row(ctx, (int32_t)(y - 1), up, err)))
            goto out;
        if (obs && ((uint64_t)(y + 1) % rows_per_tick == 0 || y + 1 == height) &&
            obs_emit_index(obs, AMZ_EV_PROGRESS, AMZ_NO_CELL, (uint64_t)(y + 1) * (uint64_t)width, cells)) {
            st = amz_errorf(err, AMZ_ECANCELED, "%s: canceled by the observer", name);
            goto out;
        }
    }
    st = row(ctx, (int32_t)(height - 1), rows + (uint64_t)((height - 1) & 1) * words, err);
out:
    amz_free(rows);
    amz_free(L);
    amz_free(R);
    return st;
}
