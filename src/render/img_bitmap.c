/* img_bitmap.c — pixel bit maps for the picture readers: dilation by a square through
 * shifted ORs (van den Boomgaard's logarithmic decomposition of a flat square, done on
 * 64-pixel words) and a scanline flood fill (Heckbert, "A Seed Fill Algorithm",
 * Graphics Gems, 1990) whose work list holds one entry a run. No cairo or libpng: the
 * web page builds it for WebAssembly. */
#include <string.h>

#include "core/checked.h"
#include "render/img_bitmap.h"

/* The words of the map and the budget's 16-byte block header, which img_bm_init then
 * takes off again: estimates and allocations count the same bytes. */
uint64_t img_bm_bytes(int64_t width, int64_t height)
{
    uint64_t stride = ((uint64_t)width + 63) / 64, bytes;
    if (!ck_mul_u64(stride * 8, (uint64_t)height, &bytes))
        return UINT64_MAX;
    return bytes + 16;
}

bool img_bm_init(img_bitmap *b, int64_t width, int64_t height, img_budget *bud)
{
    memset(b, 0, sizeof *b);
    uint64_t bytes = img_bm_bytes(width, height);
    /* Too large to count: a refusal when there is a limit, else plain out of memory. */
    if (bytes == UINT64_MAX || bytes > SIZE_MAX) {
        bud->refused = bud->limit != 0;
        return false;
    }
    b->w = img_budget_calloc(bud, (size_t)bytes - 16);
    if (!b->w)
        return false;
    b->width = width;
    b->height = height;
    b->stride = (width + 63) / 64;
    return true;
}

void img_bm_free(img_bitmap *b, img_budget *bud)
{
    img_budget_free(bud, b->w);
    b->w = NULL;
}

void img_bm_clear(img_bitmap *b)
{
    memset(b->w, 0, (size_t)(b->stride * b->height) * 8);
}

bool img_bm_copy(img_bitmap *dst, const img_bitmap *src, img_budget *bud)
{
    if (!img_bm_init(dst, src->width, src->height, bud))
        return false;
    memcpy(dst->w, src->w, (size_t)(src->stride * src->height) * 8);
    return true;
}

/* out |= in shifted by s bits towards higher bits (up) or lower bits; n words. Higher
 * bits are higher x, so "up" moves pixels right. Bits shifted past either end are lost;
 * out and in must not overlap (the caller copies the row first). */
static void or_shifted(uint64_t *out, const uint64_t *in, int64_t n, int64_t s, bool up)
{
    const int64_t q = s >> 6;
    const unsigned r = (unsigned)(s & 63);
    for (int64_t i = 0; i < n; i++) {
        uint64_t v;
        if (up) {
            int64_t j = i - q;
            v = j >= 0 ? in[j] << r : 0;
            if (r && j - 1 >= 0)
                v |= in[j - 1] >> (64 - r);
        } else {
            int64_t j = i + q;
            v = j < n ? in[j] >> r : 0;
            if (r && j + 1 < n)
                v |= in[j + 1] << (64 - r);
        }
        out[i] |= v;
    }
}

/* On a refusal b is left partly dilated; callers then fail the whole call. */
bool img_bm_dilate(img_bitmap *b, int64_t k, img_budget *bud)
{
    const int64_t n = b->stride, h = b->height;
    /* A radius past the map's extent adds nothing. */
    const int64_t kr = k < b->width - 1 ? k : b->width - 1, kc = k < h - 1 ? k : h - 1;
    if (kr <= 0 && kc <= 0)
        return true;
    const unsigned tail = (unsigned)(b->width & 63);
    const uint64_t last = tail ? ((uint64_t)1 << tail) - 1 : ~(uint64_t)0;
    /* Rows: one row of scratch. */
    uint64_t *tmp = img_budget_alloc(bud, (size_t)n * 8);
    if (!tmp)
        return false;
    for (int64_t y = 0; y < h; y++) {
        uint64_t *row = img_bm_row(b, y);
        /* s <= R + 1 keeps the union of the copies shifted by 0 and +-s gap-free, so the
         * radius doubles each step: log2(k) steps. Bits past the width may be set in
         * between: they are the dilation of an unbounded row, so shifting them back in is
         * still right; they are cleared at the end. */
        for (int64_t R = 0, s; R < kr; R += s) {
            s = R + 1 < kr - R ? R + 1 : kr - R;
            memcpy(tmp, row, (size_t)n * 8);
            or_shifted(row, tmp, n, s, true);
            or_shifted(row, tmp, n, s, false);
        }
        row[n - 1] &= last;
    }
    img_budget_free(bud, tmp);
    /* Columns: row y takes rows y - s and y + s of the previous radius; the s rows
     * above y are already rewritten, so their old values wait in a ring. */
    for (int64_t R = 0, s; R < kc; R += s) {
        s = R + 1 < kc - R ? R + 1 : kc - R;
        uint64_t *ring = img_budget_alloc(bud, (size_t)(n * s) * 8);
        if (!ring)
            return false;
        for (int64_t y = 0; y < h; y++) {
            uint64_t *row = img_bm_row(b, y), *slot = ring + (y % s) * n;
            uint64_t *older = y >= s ? slot : NULL; /* old row y - s, before it is replaced */
            for (int64_t i = 0; i < n; i++) {
                uint64_t v = row[i];
                uint64_t nv = v | (y + s < h ? img_bm_row(b, y + s)[i] : 0) | (older ? older[i] : 0);
                slot[i] = v;
                row[i] = nv;
            }
        }
        img_budget_free(bud, ring);
    }
    return true;
}

/* Doubling growth from 64 pixels (16 bytes each); false when the budget refuses. */
bool img_pixels_push(img_pixels *l, int64_t x, int64_t y, img_budget *bud)
{
    if (l->n == l->cap) {
        uint64_t nc = l->cap ? l->cap * 2 : 64;
        if (nc > SIZE_MAX / 16)
            return false;
        int64_t *p = img_budget_realloc(bud, l->xy, (size_t)nc * 16);
        if (!p)
            return false;
        l->xy = p;
        l->cap = nc;
    }
    l->xy[2 * l->n] = x;
    l->xy[2 * l->n + 1] = y;
    l->n++;
    return true;
}

void img_pixels_free(img_pixels *l, img_budget *bud)
{
    img_budget_free(bud, l->xy);
    memset(l, 0, sizeof *l);
}

static bool open_at(const img_region *reg, const img_bitmap *seen, int64_t x, int64_t y)
{
    return !img_bm_get(seen, x, y) && img_region_has(reg, x, y);
}

bool img_flood(const img_region *reg, img_bitmap *seen, int64_t x, int64_t y, bool diag, uint64_t *count,
               img_pixels *collect, img_budget *bud)
{
    const int64_t w = seen->width, h = seen->height;
    /* A LIFO of seeds: callers need only the count, the pixels and `seen`, not an order. On
     * a refusal the fill stops part way, with seen and *count as far as it got. */
    img_pixels work = {0};
    bool ok = img_pixels_push(&work, x, y, bud);
    while (ok && work.n) {
        work.n--;
        int64_t sx = work.xy[2 * work.n], sy = work.xy[2 * work.n + 1];
        /* A seed may have been filled since it was pushed (runs reached from two sides). */
        if (!open_at(reg, seen, sx, sy))
            continue;
        /* The run through the seed, then the runs it touches in the rows beside. */
        int64_t l = sx, r = sx;
        while (l > 0 && open_at(reg, seen, l - 1, sy))
            l--;
        while (r + 1 < w && open_at(reg, seen, r + 1, sy))
            r++;
        for (int64_t i = l; i <= r && ok; i++) {
            img_bm_set(seen, i, sy);
            if (collect)
                ok = img_pixels_push(collect, i, sy, bud);
        }
        *count += (uint64_t)(r - l + 1);
        /* One seed per open run of the rows above and below, over [l, r] (one more pixel
         * each way when 8-connected, for the diagonal neighbours). */
        int64_t a = diag && l > 0 ? l - 1 : l, b = diag && r + 1 < w ? r + 1 : r;
        for (int dy = -1; dy <= 1 && ok; dy += 2) {
            int64_t ny = sy + dy;
            if (ny < 0 || ny >= h)
                continue;
            bool in_run = false;
            for (int64_t i = a; i <= b && ok; i++) {
                bool o = open_at(reg, seen, i, ny);
                if (o && !in_run)
                    ok = img_pixels_push(&work, i, ny, bud);
                in_run = o;
            }
        }
    }
    img_pixels_free(&work, bud);
    return ok;
}
