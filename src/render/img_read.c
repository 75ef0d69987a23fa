/* img_read.c — mazes from pictures: a picture of dark walls on a light floor (rows of
 * RGBA pixels, from a PNG or from memory) becomes a square maze of pixels. The outside
 * is told apart from the floor by closing the gaps of the walls at the corridor width
 * and flooding from the border (a morphological closing, Serra, "Image Analysis and
 * Mathematical Morphology", 1982); the entrance and exit are the gaps where the
 * largest floor region touches the outside; the cells are the floor pixels far enough
 * from every wall that the two stay joined, so paths run down the middle of the
 * corridors. Any solver of the registry then applies. No libpng here: the web page builds
 * it for WebAssembly, over pixels the browser decoded. */
#include <math.h>
#include <string.h>

#include "amaze/alloc.h"
#include "core/bits.h"
#include "core/checked.h"
#include "core/error.h"
#include "grid/grid.h"
#include "render/img_bitmap.h"
#include "render/img_source.h"

/* Corridor widths counted (wider runs of floor are rooms, not corridors), and so the
 * largest closing radius. */
#define RUN_MAX 1024

/* What one reading call holds. Maps are of the picture padded by `pad` pixels of
 * floor on every side, so the outside surrounds the picture whatever its margins. */
typedef struct ctx {
    img_budget b;
    const amz_image_read_options *o;
    uint32_t w, h;            /* the picture */
    int64_t pad;              /* closing radius + 1 */
    int64_t bx0, by0, bx1, by1; /* box of the wall pixels, picture coordinates */
    uint64_t nlight;
    uint32_t corridor;        /* most common width of floor between two walls */
    img_bitmap wall;          /* picture-sized during the scan, then padded */
    img_bitmap out;           /* padded: the outside */
    img_pixels ends[2];       /* entrance and exit candidates, padded coordinates */
    uint32_t openings;
    img_classes cls;          /* which pixels are wall */
    amz_color wall_color, floor_color; /* found, when no threshold is given */
} ctx;

/* Frees every map and list the call still holds (freeing a freed one is a no-op). */
static void ctx_free(ctx *c)
{
    img_bm_free(&c->wall, &c->b);
    img_bm_free(&c->out, &c->b);
    img_pixels_free(&c->ends[0], &c->b);
    img_pixels_free(&c->ends[1], &c->b);
}

/* ---- pass 1: wall pixels, their box, and the corridor width ---- */

/* A run of floor ends at pixel index i (exclusive) on a wall; runs that began at the
 * picture's edge (run < 0) are margins, not corridors. */
static void count_run(uint64_t *hist, int32_t run)
{
    if (run > 0 && run <= RUN_MAX)
        hist[run]++;
}

/* One pass: marks the wall pixels, finds their box, and histograms runs of floor ended
 * by a wall on both sides (a run is counted at the wall that ends it; runs from the
 * picture's edge start at -1 and are never counted; a run past RUN_MAX stops growing at
 * RUN_MAX + 1 and is not counted either). */
static amz_status scan(ctx *c, img_source *r, amz_error *err)
{
    /* Runs along rows (widths of upright corridors) and along columns apart. */
    uint64_t *hist = img_budget_calloc(&c->b, 2 * (RUN_MAX + 1) * sizeof *hist);
    int32_t *col = img_budget_alloc(&c->b, (size_t)r->w * sizeof *col);
    if (!hist || !col || !img_bm_init(&c->wall, r->w, r->h, &c->b)) {
        img_budget_free(&c->b, hist);
        img_budget_free(&c->b, col);
        return img_budget_fail(&c->b, "mapping the picture's walls", err);
    }
    uint64_t *vhist = hist + RUN_MAX + 1;
    for (uint32_t x = 0; x < r->w; x++)
        col[x] = -1;
    c->bx0 = r->w, c->by0 = r->h, c->bx1 = -1, c->by1 = -1;
    amz_status st = AMZ_OK;
    for (uint32_t y = 0; y < r->h; y++) {
        const unsigned char *row = r->row(r);
        if (!row) {
            st = r->fail(r, err);
            break;
        }
        int32_t run = -1;
        for (uint32_t x = 0; x < r->w; x++) {
            if (!img_px_wall(&c->cls, row + 4 * (size_t)x)) {
                c->nlight++;
                if (run >= 0 && run <= RUN_MAX)
                    run++;
                if (col[x] >= 0 && col[x] <= RUN_MAX)
                    col[x]++;
                continue;
            }
            img_bm_set(&c->wall, x, y);
            count_run(hist, run);
            count_run(vhist, col[x]);
            run = 0;
            col[x] = 0;
            c->bx0 = x < c->bx0 ? x : c->bx0;
            c->bx1 = x > c->bx1 ? x : c->bx1;
            c->by0 = y < c->by0 ? y : c->by0;
            c->by1 = y;
        }
    }
    /* The corridor is the commonest run (ties: the narrower) along rows or along
     * columns, whichever is wider (drawings may have corridors wider one way); 1 px
     * without any. */
    c->corridor = 1;
    for (int d = 0; d < 2; d++) {
        const uint64_t *h = d ? vhist : hist;
        uint32_t mode = 1;
        for (int k = 2; k <= RUN_MAX; k++)
            if (h[k] > h[mode])
                mode = (uint32_t)k;
        if (h[mode] && mode > c->corridor)
            c->corridor = mode;
    }
    img_budget_free(&c->b, hist);
    img_budget_free(&c->b, col);
    return st;
}

/* ---- the outside ---- */

/* Bytes the scan holds beside the decoder: the wall map, a run length a column, the
 * two histograms. */
static uint64_t scan_bytes(uint32_t w, uint32_t h)
{
    return img_bm_bytes(w, h) + 4 * (uint64_t)w + 16 * (RUN_MAX + 1) + 64;
}

/* Bytes the maps after the scan need at most at once (four padded maps) plus the
 * maze of a bw x bh box (passages and mask). */
/* Four maps at once: wall, outside and two working maps (gaps_of's seen and done,
 * try_inset's dilated walls and seen); then two (dilated walls, outside) beside the maze. */
static uint64_t maps_bytes(uint64_t w, uint64_t h, int64_t pad, uint64_t bw, uint64_t bh)
{
    uint64_t map = img_bm_bytes((int64_t)w + 2 * pad, (int64_t)h + 2 * pad);
    uint64_t maze = amz_maze_memory_estimate(AMZ_TOPO_SQUARE, (int64_t)bw, (int64_t)bh);
    if (map == UINT64_MAX || maze == UINT64_MAX || map > UINT64_MAX / 8)
        return UINT64_MAX;
    maze += (bw * bh + 63) / 64 * 8;
    uint64_t four = 4 * map, two = 2 * map + maze;
    return four > two ? four : two;
}

/* The wall map, padded. */
static bool pad_walls(ctx *c)
{
    img_bitmap p;
    if (!img_bm_init(&p, (int64_t)c->w + 2 * c->pad, (int64_t)c->h + 2 * c->pad, &c->b))
        return false;
    for (int64_t y = 0; y < c->h; y++)
        for (int64_t x = 0; x < c->w; x++)
            if (img_bm_get(&c->wall, x, y))
                img_bm_set(&p, x + c->pad, y + c->pad);
    img_bm_free(&c->wall, &c->b);
    c->wall = p;
    return true;
}

/* Closing: the floor reached from the border without passing closer than r to a wall
 * (so through no gap narrower than 2r + 1), grown back by r over the floor. Holds three
 * maps at its peak (walls, dilated walls, the flood). */
static bool find_outside(ctx *c, int64_t r)
{
    img_bitmap d, v;
    if (!img_bm_copy(&d, &c->wall, &c->b))
        return false;
    bool ok = img_bm_dilate(&d, r, &c->b) && img_bm_init(&v, d.width, d.height, &c->b);
    if (!ok) {
        img_bm_free(&d, &c->b);
        return false;
    }
    img_region reg = {{&d, NULL, NULL}, NULL};
    uint64_t n = 0;
    /* The pad's corner is more than r from every wall; the pad rings the picture. */
    ok = img_flood(&reg, &v, 0, 0, false, &n, NULL, &c->b);
    img_bm_free(&d, &c->b);
    if (ok)
        ok = img_bm_dilate(&v, r, &c->b);
    if (!ok) {
        img_bm_free(&v, &c->b);
        return false;
    }
    /* Growing back may cover walls: the outside is floor only. */
    for (int64_t i = 0; i < v.stride * v.height; i++)
        v.w[i] &= ~c->wall.w[i];
    c->out = v;
    return true;
}

/* Word i of row y of the contact set: floor pixels (not wall, not outside) beside an
 * outside pixel (4-neighbours). Row y is 1 .. height - 2 (the pad keeps the picture
 * off the map's edges). */
static uint64_t contact_word(const ctx *c, int64_t y, int64_t i)
{
    const img_bitmap *o = &c->out;
    const uint64_t *up = img_bm_row(o, y - 1), *mid = img_bm_row(o, y), *dn = img_bm_row(o, y + 1);
    /* Outside neighbours: above, below, and left/right with the bits carried over from
     * the neighbouring words. */
    uint64_t nb = up[i] | dn[i] | mid[i] << 1 | mid[i] >> 1;
    if (i > 0)
        nb |= mid[i - 1] >> 63;
    if (i + 1 < o->stride)
        nb |= mid[i + 1] << 63;
    uint64_t v = nb & ~mid[i] & ~img_bm_row(&c->wall, y)[i];
    const unsigned tail = (unsigned)(o->width & 63);
    return i + 1 == o->stride && tail ? v & (((uint64_t)1 << tail) - 1) : v; /* not past the row */
}

/* Marks in `seen` (cleared) the floor regions holding the pixels of `seeds`, keeps
 * only their contact pixels, and groups those into gaps (8-connected): the first gap
 * met in reading order becomes the entrance candidates, the last the exit ones. */
static bool gaps_of(ctx *c, const img_pixels *seeds, img_bitmap *seen)
{
    const int64_t H = seen->height;
    img_region floor = {{&c->wall, &c->out, NULL}, NULL};
    img_bm_clear(seen);
    bool ok = true;
    for (uint64_t k = 0; k < seeds->n && ok; k++) {
        uint64_t n = 0;
        ok = img_flood(&floor, seen, seeds->xy[2 * k], seeds->xy[2 * k + 1], false, &n, NULL, &c->b);
    }
    for (int64_t y = 0; y < H && ok; y++)
        for (int64_t i = 0; i < seen->stride; i++)
            img_bm_row(seen, y)[i] &= y > 0 && y + 1 < H ? contact_word(c, y, i) : 0;
    img_bitmap done;
    if (!ok || !img_bm_init(&done, seen->width, H, &c->b))
        return false;
    img_pixels_free(&c->ends[0], &c->b);
    img_pixels_free(&c->ends[1], &c->b);
    c->openings = 0;
    img_region gaps = {{NULL, NULL, NULL}, seen};
    img_pixels cur = {0};
    for (int64_t y = 1; y + 1 < H && ok; y++)
        for (int64_t i = 0; i < seen->stride && ok; i++)
            for (uint64_t v = img_bm_row(seen, y)[i] & ~img_bm_row(&done, y)[i]; v && ok; v &= v - 1) {
                int64_t x = i * 64 + __builtin_ctzll(v);
                /* v was read before this word's earlier floods: skip what they took. */
                if (img_bm_get(&done, x, y))
                    continue;
                uint64_t k = 0;
                ok = img_flood(&gaps, &done, x, y, true, &k, &cur, &c->b);
                /* Ownership of cur's pixels moves to ends[0] (first gap) or ends[1] (the
                 * latest, replacing the one before). */
                c->openings++;
                if (c->openings == 1) {
                    c->ends[0] = cur;
                } else {
                    img_pixels_free(&c->ends[1], &c->b);
                    c->ends[1] = cur;
                }
                memset(&cur, 0, sizeof cur);
            }
    img_pixels_free(&cur, &c->b);
    img_bm_free(&done, &c->b);
    return ok;
}

/* The gaps: those of the largest floor region that touches the outside when it has
 * two; else those of every such region of a corridor's square or more (smaller ones
 * are the closing's own fill in the outside's corners), so that a maze cut in two
 * has its entrance and exit and no path rather than no exit. */
static bool find_openings(ctx *c)
{
    const int64_t H = c->wall.height;
    img_bitmap seen;
    if (!img_bm_init(&seen, c->wall.width, H, &c->b))
        return false;
    img_region floor = {{&c->wall, &c->out, NULL}, NULL};
    const uint64_t min_size = (uint64_t)c->corridor * c->corridor;
    img_pixels largest = {0}, big = {0};
    uint64_t best = 0;
    bool ok = true;
    for (int64_t y = 1; y + 1 < H && ok; y++)
        for (int64_t i = 0; i < c->wall.stride && ok; i++)
            for (uint64_t v = contact_word(c, y, i) & ~img_bm_row(&seen, y)[i]; v && ok; v &= v - 1) {
                int64_t x = i * 64 + __builtin_ctzll(v);
                /* As in gaps_of: a flood from this word may have taken the bit already. */
                if (img_bm_get(&seen, x, y))
                    continue;
                uint64_t n = 0;
                ok = img_flood(&floor, &seen, x, y, false, &n, NULL, &c->b);
                if (ok && n >= min_size)
                    ok = img_pixels_push(&big, x, y, &c->b);
                if (ok && n > best) {
                    best = n;
                    largest.n = 0;
                    ok = img_pixels_push(&largest, x, y, &c->b);
                }
            }
    if (ok && best)
        ok = gaps_of(c, &largest, &seen);
    if (ok && best && c->openings < 2 && big.n > 1)
        ok = gaps_of(c, &big, &seen);
    img_pixels_free(&largest, &c->b);
    img_pixels_free(&big, &c->b);
    img_bm_free(&seen, &c->b);
    return ok;
}

/* ---- ends and inset ---- */

/* Checks a pixel the caller gave as an end (picture coordinates) and makes it the only
 * candidate, stored padded as the found ones are. */
static amz_status user_end(ctx *c, int which, int64_t x, int64_t y, amz_error *err)
{
    const char *name = which ? "the exit pixel" : "the entrance pixel";
    if (x < 0 || y < 0 || x >= c->w || y >= c->h)
        return amz_errorf(err, AMZ_ERANGE, "%s (%lld,%lld) is outside the %ux%u image", name, (long long)x,
                          (long long)y, c->w, c->h);
    if (img_bm_get(&c->wall, x + c->pad, y + c->pad))
        return amz_errorf(err, AMZ_EINVAL, "%s (%lld,%lld) is a wall (dark) pixel", name, (long long)x, (long long)y);
    if (img_bm_get(&c->out, x + c->pad, y + c->pad))
        return amz_errorf(err, AMZ_EINVAL,
                          "%s (%lld,%lld) is outside the maze: its walls span (%lld,%lld) to (%lld,%lld) and that "
                          "pixel is in the background around them",
                          name, (long long)x, (long long)y, (long long)c->bx0, (long long)c->by0, (long long)c->bx1,
                          (long long)c->by1);
    img_pixels_free(&c->ends[which], &c->b);
    return img_pixels_push(&c->ends[which], x + c->pad, y + c->pad, &c->b) ? AMZ_OK
                                                                             : img_budget_fail(&c->b, "", err);
}

/* Floods the floor pixels more than k from every wall (dk: the walls dilated by k)
 * from the entrance candidates into seen; *joined when it reaches an exit one. On
 * success the caller owns dk and seen; on failure both are freed. */
static bool try_inset(ctx *c, int64_t k, img_bitmap *dk, img_bitmap *seen, bool *joined)
{
    *joined = false;
    if (!img_bm_copy(dk, &c->wall, &c->b))
        return false;
    if (!img_bm_dilate(dk, k, &c->b) || !img_bm_init(seen, dk->width, dk->height, &c->b)) {
        img_bm_free(dk, &c->b);
        return false;
    }
    img_region reg = {{dk, &c->out, NULL}, NULL};
    bool ok = true;
    for (uint64_t i = 0; i < c->ends[0].n && ok; i++) {
        uint64_t n = 0;
        ok = img_flood(&reg, seen, c->ends[0].xy[2 * i], c->ends[0].xy[2 * i + 1], false, &n, NULL, &c->b);
    }
    for (uint64_t i = 0; i < c->ends[1].n && ok && !*joined; i++)
        *joined = img_bm_get(seen, c->ends[1].xy[2 * i], c->ends[1].xy[2 * i + 1]);
    if (!ok) {
        img_bm_free(dk, &c->b);
        img_bm_free(seen, &c->b);
    }
    return ok;
}

/* The candidate of list l nearest the middle of those that are in `in` (if not
 * NULL) and not in `dk`; false if there is none. Pass 0 takes the mean, pass 1 the
 * nearest candidate to it (the first on a tie). */
static bool middle(const img_pixels *l, const img_bitmap *in, const img_bitmap *dk, int64_t *px, int64_t *py)
{
    double sx = 0, sy = 0;
    uint64_t n = 0;
    for (int pass = 0; pass < 2; pass++) {
        double best = INFINITY;
        for (uint64_t i = 0; i < l->n; i++) {
            int64_t x = l->xy[2 * i], y = l->xy[2 * i + 1];
            if ((in && !img_bm_get(in, x, y)) || img_bm_get(dk, x, y))
                continue;
            if (pass == 0) {
                sx += (double)x, sy += (double)y, n++;
                continue;
            }
            double d = (x - sx / n) * (x - sx / n) + (y - sy / n) * (y - sy / n);
            if (d < best)
                best = d, *px = x, *py = y;
        }
        if (n == 0)
            return false;
    }
    return true;
}

/* ---- the maze ---- */

/* The maze of the wall pixels' box: a cell per pixel that is neither within the inset of
 * a wall (dk) nor outside, joined to its cell neighbours. Its bytes are charged to the
 * budget and stay charged: the maze is the caller's from here. The mask is written
 * directly (all cells removed, then each cell set), not through amz_maze_set_exists. */
static amz_status build_maze(ctx *c, const img_bitmap *dk, amz_maze *m, amz_error *err)
{
    const int64_t bw = c->bx1 - c->bx0 + 1, bh = c->by1 - c->by0 + 1;
    uint64_t bytes = amz_maze_memory_estimate(AMZ_TOPO_SQUARE, bw, bh);
    if (bytes == UINT64_MAX)
        return amz_errorf(err, AMZ_ERANGE, "a %lldx%lld pixel maze is larger than a maze may be", (long long)bw,
                          (long long)bh);
    bytes += bits_words((uint64_t)(bw * bh)) * 8;
    if (!img_budget_charge(&c->b, bytes))
        return img_budget_fail(&c->b, "the maze of pixels", err);
    amz_status st = amz_maze_init(m, AMZ_TOPO_SQUARE, bw, bh, err);
    if (st)
        return st;
    m->mask = amz_calloc((size_t)bits_words((uint64_t)m->ncells), 8);
    if (!m->mask) {
        amz_maze_deinit(m);
        return amz_errorf(err, AMZ_ENOMEM, "cannot allocate a %lldx%lld pixel maze", (long long)bw, (long long)bh);
    }
    const int64_t ox = c->bx0 + c->pad, oy = c->by0 + c->pad;
#define CELL(x, y) (!img_bm_get(dk, (x) + ox, (y) + oy) && !img_bm_get(&c->out, (x) + ox, (y) + oy))
    for (int64_t y = 0; y < bh; y++)
        for (int64_t x = 0; x < bw; x++) {
            if (!CELL(x, y))
                continue;
            uint64_t cell = (uint64_t)(y * bw + x);
            bits_set(m->mask, cell);
            /* Passages join neighbouring cells: the E and S bits of the first. */
            if (x + 1 < bw && CELL(x + 1, y))
                bits_set(m->passages, cell * 2);
            if (y + 1 < bh && CELL(x, y + 1))
                bits_set(m->passages, cell * 2 + 1);
        }
#undef CELL
    return AMZ_OK;
}

/* Steps 4-5 of amaze/image.h after the gaps: the ends (the caller's pixels replace the
 * gaps), the widest inset that joins them, the maze at that inset, and its start and
 * goal cells. */
static amz_status solve_ends(ctx *c, amz_maze *m, uint32_t *inset_out, amz_error *err)
{
    const amz_image_read_options *o = c->o;
    amz_status st;
    if (o->has_from && (st = user_end(c, 0, o->from_x, o->from_y, err)))
        return st;
    if (o->has_to && (st = user_end(c, 1, o->to_x, o->to_y, err)))
        return st;
    if (!c->ends[0].n)
        return amz_errorf(err, AMZ_ENOTFOUND,
                          "no entrance: no gap in the maze's outer wall leads in; give the ends as pixels (--from "
                          "X,Y --to X,Y)");
    if (!c->ends[1].n || (!o->has_from && !o->has_to && c->openings < 2))
        return amz_errorf(err, AMZ_ENOTFOUND,
                          "no exit: the maze's outer wall has one gap only; give the exit as a pixel (--to X,Y)");
    /* The widest inset that keeps the ends joined: joining only gets harder as the
     * inset grows, so a binary search finds it (mid rounds up: every step narrows). An
     * inset of (c - 1) / 2 still leaves a 1 px path down a corridor c px wide. */
    int64_t lo = 0, hi = c->corridor > 1 ? (c->corridor - 1) / 2 : 0;
    if (o->inset >= 0)
        lo = hi = o->inset;
    img_bitmap dk, seen;
    bool joined;
    while (lo < hi) {
        int64_t mid = (lo + hi + 1) / 2;
        if (!try_inset(c, mid, &dk, &seen, &joined))
            return img_budget_fail(&c->b, "finding the middle of the corridors", err);
        img_bm_free(&dk, &c->b);
        img_bm_free(&seen, &c->b);
        if (joined)
            lo = mid;
        else
            hi = mid - 1;
    }
    if (!try_inset(c, lo, &dk, &seen, &joined))
        return img_budget_fail(&c->b, "finding the middle of the corridors", err);
    /* Exit: the middle of its reached pixels; entrance: the middle of those joined
     * to that exit pixel (a gap may fall apart in two as the inset grows). */
    int64_t ex = 0, ey = 0, sx = 0, sy = 0;
    bool found = middle(&c->ends[1], joined ? &seen : NULL, &dk, &ex, &ey);
    bool ok = true;
    if (found && joined) {
        img_bm_clear(&seen);
        img_region reg = {{&dk, &c->out, NULL}, NULL};
        uint64_t n = 0;
        ok = img_flood(&reg, &seen, ex, ey, false, &n, NULL, &c->b);
    }
    found = found && ok && middle(&c->ends[0], joined ? &seen : NULL, &dk, &sx, &sy);
    img_bm_free(&seen, &c->b);
    img_bm_free(&c->wall, &c->b); /* dk holds the walls too */
    if (!ok) {
        img_bm_free(&dk, &c->b);
        return img_budget_fail(&c->b, "finding the middle of the corridors", err);
    }
    if (!found) { /* both ends were given and are walls at this inset: cannot happen at 0 */
        img_bm_free(&dk, &c->b);
        return amz_errorf(err, AMZ_ENOTFOUND, "no floor pixel left at the ends of the maze");
    }
    st = build_maze(c, &dk, m, err);
    img_bm_free(&dk, &c->b);
    if (st)
        return st;
    /* Padded picture coordinates back to cells of the box. */
    m->start = (sy - c->pad - c->by0) * m->width + (sx - c->pad - c->bx0);
    m->goal = (ey - c->pad - c->by0) * m->width + (ex - c->pad - c->bx0);
    *inset_out = (uint32_t)lo;
    return AMZ_OK;
}

amz_status amz_image_read_memory(const void *head, size_t len, uint64_t file_len, uint64_t *bytes, amz_error *err)
{
    img_png_header hd;
    amz_status st = img_png_header_parse(head, len, &hd, err);
    if (st)
        return st;
    if (file_len && (st = img_png_check_claim(&hd, file_len, err)))
        return st;
    /* Decoding with the wall map and column runs, or the maps after it (at the
     * smallest closing), whichever is more. */
    uint64_t dec = img_png_decode_bytes(&hd), maps = maps_bytes(hd.w, hd.h, 2, hd.w, hd.h);
    const uint64_t scan_maps = scan_bytes(hd.w, hd.h);
    if (dec == UINT64_MAX || maps == UINT64_MAX || dec > UINT64_MAX - scan_maps)
        *bytes = UINT64_MAX;
    else
        *bytes = dec + scan_maps > maps ? dec + scan_maps : maps;
    return AMZ_OK;
}

/* The reader over any source: with no threshold a first pass finds the colours (step 1),
 * then one pass scans the walls; everything after works on the maps. Each pass is held
 * to the budget with the scan's maps counted in; the later maps are checked as a whole
 * (maps_bytes) before the first is made. */
amz_status img_read_maze_source(img_source *src, const amz_image_read_options *o, amz_maze *m,
                                amz_image_origin *origin, amz_error *err)
{
    amz_image_read_options defaults;
    if (!o) {
        amz_image_read_options_init(&defaults);
        o = &defaults;
    }
    ctx c;
    memset(&c, 0, sizeof c);
    c.o = o;
    img_budget_init(&c.b, o->max_bytes);
    amz_status st;
    const uint64_t scan_maps = scan_bytes(src->w, src->h);
    if (o->threshold)
        img_classes_luma(&c.cls, o->threshold, o->vivid);
    else if ((st = img_classes_find(src, &c.b, scan_maps, o->vivid, &c.cls, &c.wall_color, &c.floor_color, err)))
        return st;
    if ((st = src->open(src, &c.b, scan_maps, err)))
        return st;
    c.w = src->w;
    c.h = src->h;
    st = scan(&c, src, err);
    src->close(src);
    if (st == AMZ_OK && c.nlight == 0)
        st = amz_errorf(err, AMZ_EFORMAT, "the image has no light (floor) pixel");
    if (st == AMZ_OK && c.bx1 < 0)
        st = amz_errorf(err, AMZ_EFORMAT, "the image has no dark (wall) pixel, so no maze");
    /* Closing at a radius past half the corridor shuts every gap of the outer wall. */
    const int64_t radius = c.corridor / 2 + 1;
    c.pad = radius + 1;
    uint64_t need = maps_bytes(c.w, c.h, c.pad, (uint64_t)(c.bx1 - c.bx0 + 1), (uint64_t)(c.by1 - c.by0 + 1));
    if (st == AMZ_OK && c.b.limit && (need == UINT64_MAX || need > c.b.limit - c.b.used))
        st = amz_errorf(err, AMZ_ERANGE, "a %ux%u picture needs about %llu bytes to solve, more than the %llu allowed",
                        c.w, c.h, (unsigned long long)need, (unsigned long long)(c.b.limit - c.b.used));
    if (st == AMZ_OK && !(pad_walls(&c) && find_outside(&c, radius) && find_openings(&c)))
        st = img_budget_fail(&c.b, "finding the maze's outside and openings", err);
    uint32_t inset = 0;
    if (st == AMZ_OK)
        st = solve_ends(&c, m, &inset, err);
    if (st == AMZ_OK && origin) {
        origin->x = c.bx0;
        origin->y = c.by0;
        origin->width = c.w;
        origin->height = c.h;
        origin->corridor = c.corridor;
        origin->inset = inset;
        origin->openings = c.openings;
        origin->threshold = o->threshold;
        origin->wall = c.wall_color;
        origin->floor = c.floor_color;
    }
    ctx_free(&c);
    return st;
}

amz_status amz_image_read_maze_rgba(const void *rgba, uint32_t width, uint32_t height, size_t stride,
                                    const amz_image_read_options *o, amz_maze *m, amz_image_origin *origin,
                                    amz_error *err)
{
    memset(m, 0, sizeof *m);
    img_source src;
    img_rgba_rows rows;
    amz_status st = img_source_rgba(&src, &rows, rgba, width, height, stride, err);
    return st ? st : img_read_maze_source(&src, o, m, origin, err);
}
