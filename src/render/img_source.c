/* img_source.c — the picture readers' parts that need no libpng: the memory budget
 * every reading call is held to, PNG header facts checked against what the file could
 * hold before anything is allocated for it (deflate never expands a byte to more than
 * 1032, RFC 1951: a 258-byte match in a 1-bit length code and a 1-bit distance code),
 * the wall/floor pixel classes and the picture's own colours, and pictures in memory. */
#include <string.h>

#include "amaze/alloc.h"
#include "core/checked.h"
#include "core/error.h"
#include "render/img_source.h"

/* ---- budget ---- */

#define HDR 16 /* size header of a budgeted block; keeps 16-byte alignment */

void img_budget_init(img_budget *b, uint64_t limit)
{
    memset(b, 0, sizeof *b);
    b->limit = limit;
}

/* With a limit, used + n is only formed once it is known to stay within it. */
bool img_budget_charge(img_budget *b, uint64_t n)
{
    if (b->limit && (n > b->limit || b->used > b->limit - n)) {
        b->refused = true;
        return false;
    }
    b->used += n;
    if (b->used > b->peak)
        b->peak = b->used;
    return true;
}

/* Clamped at 0, so releasing what was never charged cannot wrap. */
void img_budget_release(img_budget *b, uint64_t n)
{
    b->used = n < b->used ? b->used - n : 0;
}

/* The block's size sits in its header, so free and realloc know what to release. A
 * charge that the allocator then refuses is given back: `used` counts live blocks only. */
void *img_budget_alloc(img_budget *b, size_t n)
{
    if (n > SIZE_MAX - HDR || !img_budget_charge(b, (uint64_t)n + HDR))
        return NULL;
    unsigned char *p = amz_malloc(n + HDR);
    if (!p) {
        img_budget_release(b, (uint64_t)n + HDR);
        return NULL;
    }
    memcpy(p, &n, sizeof n);
    return p + HDR;
}

void *img_budget_calloc(img_budget *b, size_t n)
{
    void *p = img_budget_alloc(b, n);
    if (p)
        memset(p, 0, n);
    return p;
}

void img_budget_free(img_budget *b, void *p)
{
    if (!p)
        return;
    unsigned char *q = (unsigned char *)p - HDR;
    size_t n;
    memcpy(&n, q, sizeof n);
    img_budget_release(b, (uint64_t)n + HDR);
    amz_free(q);
}

void *img_budget_realloc(img_budget *b, void *p, size_t n)
{
    if (!p)
        return img_budget_alloc(b, n);
    size_t old;
    memcpy(&old, (unsigned char *)p - HDR, sizeof old);
    /* Never shrinks: the header keeps the old size, which free releases. */
    if (n <= old)
        return p;
    /* Both blocks may be live while the data moves: charge the new one whole. */
    if (n > SIZE_MAX - HDR || !img_budget_charge(b, (uint64_t)n + HDR))
        return NULL;
    unsigned char *q = amz_realloc((unsigned char *)p - HDR, n + HDR);
    if (!q) {
        img_budget_release(b, (uint64_t)n + HDR);
        return NULL;
    }
    img_budget_release(b, (uint64_t)old + HDR);
    memcpy(q, &n, sizeof n);
    return q + HDR;
}

/* AMZ_ERANGE when the budget said no, AMZ_ENOMEM when the system did. */
amz_status img_budget_fail(const img_budget *b, const char *what, amz_error *err)
{
    if (b->refused)
        return amz_errorf(err, AMZ_ERANGE, "%s needs more memory than the %llu bytes allowed", what,
                          (unsigned long long)b->limit);
    return amz_errorf(err, AMZ_ENOMEM, "out of memory %s", what);
}

/* ---- header ---- */

static const unsigned char png_sig[8] = {0x89, 'P', 'N', 'G', '\r', '\n', 0x1a, '\n'};

static uint32_t be32(const unsigned char *p)
{
    return (uint32_t)p[0] << 24 | (uint32_t)p[1] << 16 | (uint32_t)p[2] << 8 | p[3];
}

/* The first 33 bytes: the 8-byte signature, then IHDR as its first chunk (length 13,
 * "IHDR", width and height big-endian at 16 and 20, depth at 24, colour type at 25,
 * interlace at 28, CRC to 33). Sizes up to 2^31 - 1 as the PNG specification allows;
 * whether the depth suits the colour type is libpng's to check. */
amz_status img_png_header_parse(const void *data, size_t len, img_png_header *h, amz_error *err)
{
    const unsigned char *p = data;
    memset(h, 0, sizeof *h);
    if (len < 8 || memcmp(p, png_sig, 8) != 0)
        return amz_errorf(err, AMZ_EFORMAT, "not a PNG file");
    if (len < 33)
        return amz_errorf(err, AMZ_EFORMAT, "truncated PNG (the data ends in its header)");
    if (be32(p + 8) != 13 || memcmp(p + 12, "IHDR", 4) != 0)
        return amz_errorf(err, AMZ_EFORMAT, "PNG without its IHDR header first");
    h->w = be32(p + 16);
    h->h = be32(p + 20);
    h->depth = p[24];
    static const unsigned channels[7] = {1, 0, 3, 1, 2, 0, 4}; /* by colour type */
    unsigned type = p[25];
    h->channels = type < 7 ? channels[type] : 0;
    h->interlaced = p[28] == 1;
    bool depth_ok = h->depth == 1 || h->depth == 2 || h->depth == 4 || h->depth == 8 || h->depth == 16;
    if (h->w == 0 || h->h == 0 || h->w > 0x7fffffffu || h->h > 0x7fffffffu || !h->channels || !depth_ok ||
        p[28] > 1)
        return amz_errorf(err, AMZ_EFORMAT, "PNG header is invalid (size %ux%u, depth %u, colour type %u)",
                          h->w, h->h, h->depth, type);
    return AMZ_OK;
}

/* Filtered bytes of a w x h pass: a filter byte and the packed samples a row. */
static uint64_t pass_bytes(uint64_t w, uint64_t h, unsigned bpp)
{
    return w && h ? h * (1 + (w * bpp + 7) / 8) : 0;
}

/* What the zlib stream inflates to: per pass a filter byte a row and the packed samples;
 * Adam7's seven passes skip the empty ones. */
uint64_t img_png_raw_bytes(const img_png_header *h)
{
    const unsigned bpp = h->depth * h->channels;
    if (!h->interlaced)
        return pass_bytes(h->w, h->h, bpp);
    /* Adam7: pass p takes columns x0 + k*dx and rows y0 + k*dy. */
    static const unsigned x0[7] = {0, 4, 0, 2, 0, 1, 0}, dx[7] = {8, 8, 4, 4, 2, 2, 1};
    static const unsigned y0[7] = {0, 0, 4, 0, 2, 0, 1}, dy[7] = {8, 8, 8, 4, 4, 2, 2};
    uint64_t total = 0;
    for (int p = 0; p < 7; p++) {
        uint64_t pw = h->w > x0[p] ? (h->w - x0[p] + dx[p] - 1) / dx[p] : 0;
        uint64_t ph = h->h > y0[p] ? (h->h - y0[p] + dy[p] - 1) / dy[p] : 0;
        total += pass_bytes(pw, ph, bpp);
    }
    return total;
}

amz_status img_png_check_claim(const img_png_header *h, uint64_t file_len, amz_error *err)
{
    uint64_t raw = img_png_raw_bytes(h);
    /* 64 bytes of slack on the file's side: the check only refuses the impossible. */
    if (raw / IMG_DEFLATE_RATIO > file_len + 64)
        return amz_errorf(err, AMZ_EFORMAT,
                          "the PNG claims %ux%u pixels (%llu bytes of image data), more than its %llu bytes can "
                          "hold even at deflate's best ratio of %u to 1",
                          h->w, h->h, (unsigned long long)raw, (unsigned long long)file_len, IMG_DEFLATE_RATIO);
    return AMZ_OK;
}

uint64_t img_png_decode_bytes(const img_png_header *h)
{
    /* libpng's row and previous row (8 bytes a pixel at most, before strip_16), our
     * RGBA row, zlib's inflate state and 32 KB window, structs and chunk buffers. */
    uint64_t w = h->w, bytes = 20 * (w + 8) + 128 * 1024;
    if (h->interlaced) {
        uint64_t image;
        if (!ck_mul_u64(w * 4, h->h, &image))
            return UINT64_MAX;
        bytes += image + (uint64_t)h->h * sizeof(void *);
    }
    return bytes;
}

/* ---- pixel classes ---- */

/* Channel c of px composited over white, in integers (truncated). */
static unsigned over_white(const unsigned char *px, int c)
{
    unsigned a = px[3];
    return (px[c] * a + 255 * (255 - a)) / 255;
}

unsigned img_px_luma(const unsigned char *px)
{
    unsigned r = over_white(px, 0), g = over_white(px, 1), b = over_white(px, 2);
    return (299 * r + 587 * g + 114 * b) / 1000;
}

bool img_px_light(const unsigned char *px, unsigned threshold)
{
    unsigned r = over_white(px, 0), g = over_white(px, 1), b = over_white(px, 2);
    return 299 * r + 587 * g + 114 * b >= 1000 * threshold; /* luma in 1/1000 units */
}

void img_classes_luma(img_classes *k, unsigned threshold, unsigned vivid)
{
    memset(k, 0, sizeof *k);
    k->by_luma = true;
    k->threshold = threshold;
    k->vivid = vivid;
}

/* The line from floor to wall in RGB, for img_px_wall's projection. Equal colours make
 * len2 0, and then no pixel is wall. */
void img_classes_colors(img_classes *k, amz_color wall, amz_color floor)
{
    memset(k, 0, sizeof *k);
    const int64_t w[3] = {wall.r, wall.g, wall.b};
    k->f[0] = floor.r, k->f[1] = floor.g, k->f[2] = floor.b;
    for (int i = 0; i < 3; i++) {
        k->wf[i] = w[i] - k->f[i];
        k->len2 += k->wf[i] * k->wf[i];
    }
}

bool img_px_wall(const img_classes *k, const unsigned char *px)
{
    const int64_t p[3] = {over_white(px, 0), over_white(px, 1), over_white(px, 2)};
    if (k->by_luma) {
        int64_t hi = p[0] > p[1] ? p[0] : p[1], lo = p[0] < p[1] ? p[0] : p[1];
        hi = p[2] > hi ? p[2] : hi;
        lo = p[2] < lo ? p[2] : lo;
        return !img_px_light(px, k->threshold) && hi - lo < (int64_t)k->vivid;
    }
    if (k->len2 == 0)
        return false;
    /* t = (p - f).(w - f) / |w - f|^2 is the wall's coverage of a mix; the distance
     * off the line is sqrt(|p - f|^2 - dot^2 / |w - f|^2). All in integers. */
    int64_t v[3] = {p[0] - k->f[0], p[1] - k->f[1], p[2] - k->f[2]};
    int64_t dot = v[0] * k->wf[0] + v[1] * k->wf[1] + v[2] * k->wf[2];
    if ((double)dot < IMG_WALL_COVERAGE * (double)k->len2)
        return false;
    /* |v|^2 |w - f|^2 - dot^2 <= 40^2 |w - f|^2 is the distance test squared and scaled,
     * in int64: each term is below 2^36. */
    int64_t vv = v[0] * v[0] + v[1] * v[1] + v[2] * v[2];
    return vv * k->len2 - dot * dot <= (int64_t)IMG_WALL_OFF_AXIS * IMG_WALL_OFF_AXIS * k->len2;
}

/* ---- the picture's own wall and floor colours ---- */

/* Luma and chroma of a colour. */
static unsigned color_luma(amz_color c)
{
    return (299u * c.r + 587u * c.g + 114u * c.b) / 1000u;
}

static unsigned color_chroma(amz_color c)
{
    unsigned hi = c.r > c.g ? c.r : c.g, lo = c.r < c.g ? c.r : c.g;
    hi = c.b > hi ? c.b : hi;
    lo = c.b < lo ? c.b : lo;
    return hi - lo;
}

/* The wall colour is the commonest dark grey one (any dark one if none is grey), the
 * floor colour the commonest light one, over colours counted to 4 bits a channel and
 * averaged within their bin; a picture without either is read by luma at 128. */
amz_status img_classes_find(img_source *src, img_budget *bud, uint64_t extra, unsigned vivid, img_classes *k,
                            amz_color *wall_color, amz_color *floor_color, amz_error *err)
{
    enum { BINS = 4096 };
    uint64_t *bin = img_budget_calloc(bud, BINS * 4 * sizeof *bin); /* count, sum r, g, b */
    if (!bin)
        return img_budget_fail(bud, "counting the picture's colours", err);
    amz_status st = src->open(src, bud, extra, err);
    if (st) {
        img_budget_free(bud, bin);
        return st;
    }
    for (uint32_t y = 0; y < src->h && st == AMZ_OK; y++) {
        const unsigned char *row = src->row(src);
        if (!row) {
            st = src->fail(src, err);
            break;
        }
        for (uint32_t x = 0; x < src->w; x++) {
            const unsigned char *px = row + 4 * (size_t)x;
            unsigned a = px[3], ch[3];
            for (int i = 0; i < 3; i++)
                ch[i] = (px[i] * a + 255 * (255 - a)) / 255;
            /* Bin of the top 4 bits of each channel; the sums give the bin's mean colour. */
            uint64_t *b = bin + 4 * ((ch[0] >> 4) << 8 | (ch[1] >> 4) << 4 | ch[2] >> 4);
            b[0]++, b[1] += ch[0], b[2] += ch[1], b[3] += ch[2];
        }
    }
    src->close(src);
    int wall = -1, grey = -1, floor = -1;
    amz_color mean[BINS];
    for (int i = 0; i < BINS && st == AMZ_OK; i++) {
        const uint64_t *b = bin + 4 * i;
        if (!b[0])
            continue;
        mean[i] = (amz_color){(uint8_t)(b[1] / b[0]), (uint8_t)(b[2] / b[0]), (uint8_t)(b[3] / b[0]), 255};
        bool dark = color_luma(mean[i]) < 128;
        /* Light bins compete for floor, dark grey ones for wall, other dark ones for a
         * wall used only when no grey is found. Ties go to the lower bin. */
        int *best = !dark ? &floor : color_chroma(mean[i]) < 96 ? &grey : &wall;
        if (*best < 0 || b[0] > bin[4 * *best])
            *best = i;
    }
    if (grey >= 0)
        wall = grey;
    if (st == AMZ_OK && wall >= 0 && floor >= 0) {
        *wall_color = mean[wall];
        *floor_color = mean[floor];
        img_classes_colors(k, *wall_color, *floor_color);
    } else {
        memset(wall_color, 0, sizeof *wall_color);
        memset(floor_color, 0, sizeof *floor_color);
        img_classes_luma(k, 128, vivid);
    }
    img_budget_free(bud, bin);
    return st;
}

/* ---- pictures in memory ---- */

static amz_status rgba_open(img_source *s, img_budget *b, uint64_t extra, amz_error *err)
{
    /* The rows are the caller's: only `extra` is checked, as a decoder's pass does. */
    if (b->limit && extra > b->limit - b->used)
        return amz_errorf(err, AMZ_ERANGE, "a %ux%u picture needs about %llu bytes to read, more than the %llu allowed",
                          s->w, s->h, (unsigned long long)extra, (unsigned long long)(b->limit - b->used));
    ((img_rgba_rows *)s->ctx)->next = 0;
    return AMZ_OK;
}

/* NULL past the last row only; rgba_fail reports that, which readers never reach. */
static const unsigned char *rgba_row(img_source *s)
{
    img_rgba_rows *r = s->ctx;
    return r->next < s->h ? r->rgba + (size_t)r->next++ * r->stride : NULL;
}

static amz_status rgba_fail(img_source *s, amz_error *err)
{
    return amz_errorf(err, AMZ_EINVAL, "the %ux%u picture has no more rows", s->w, s->h);
}

static void rgba_close(img_source *s)
{
    (void)s;
}

/* mem must outlive s (s->ctx points at it). stride / 4 < w tests 4 w > stride without
 * forming 4 w. */
amz_status img_source_rgba(img_source *s, img_rgba_rows *mem, const void *rgba, uint32_t w, uint32_t h,
                           size_t stride, amz_error *err)
{
    if (!rgba || w == 0 || h == 0 || w > 0x7fffffffu || h > 0x7fffffffu)
        return amz_errorf(err, AMZ_EINVAL, "a %ux%u picture%s cannot be read", w, h, rgba ? "" : " without pixels");
    if (stride / 4 < w)
        return amz_errorf(err, AMZ_EINVAL, "rows of %zu bytes cannot hold %u RGBA pixels", stride, w);
    mem->rgba = rgba;
    mem->stride = stride;
    mem->next = 0;
    *s = (img_source){w, h, rgba_open, rgba_row, rgba_fail, rgba_close, mem};
    return AMZ_OK;
}

/* ---- options ---- */

void amz_image_read_options_init(amz_image_read_options *o)
{
    memset(o, 0, sizeof *o);
    o->threshold = 0;
    o->vivid = 96;
    o->inset = -1;
}
