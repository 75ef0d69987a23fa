/* img_source.h — what the picture readers share that needs no libpng (so it builds for
 * WebAssembly too, where the browser decodes PNG): the memory budget every reading
 * call is held to, the facts of a PNG header, the wall/floor pixel classes, and a
 * picture as passes over RGBA rows, from a PNG decoder (img_pngio.h) or from memory. */
#ifndef AMZ_RENDER_IMG_SOURCE_H
#define AMZ_RENDER_IMG_SOURCE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "amaze/image.h"

/* ---- memory budget ---- */

/* Bytes a reading call holds. limit 0 = no limit. An allocation past the limit fails
 * and sets `refused`, which the caller reports as AMZ_ERANGE (not AMZ_ENOMEM). */
typedef struct img_budget {
    uint64_t limit, used, peak;
    bool refused;
} img_budget;

void img_budget_init(img_budget *b, uint64_t limit);
/* Counts n bytes allocated elsewhere (the maze); false (and refused) past the limit. */
bool img_budget_charge(img_budget *b, uint64_t n);
void img_budget_release(img_budget *b, uint64_t n);
/* malloc/calloc/realloc/free through the budget (a 16-byte size header a block). */
void *img_budget_alloc(img_budget *b, size_t n);
void *img_budget_calloc(img_budget *b, size_t n);
void *img_budget_realloc(img_budget *b, void *p, size_t n);
void img_budget_free(img_budget *b, void *p);
/* The refusal message for a call that ran past b->limit while doing `what`. */
amz_status img_budget_fail(const img_budget *b, const char *what, amz_error *err);

/* ---- PNG headers ---- */

/* Facts of a PNG header (signature and IHDR, the first 33 bytes). */
typedef struct img_png_header {
    uint32_t w, h;
    unsigned depth, channels; /* bits a sample, samples a pixel */
    bool interlaced;
} img_png_header;

/* Parses the signature and IHDR at data; AMZ_EFORMAT with a message otherwise. */
amz_status img_png_header_parse(const void *data, size_t len, img_png_header *h, amz_error *err);
/* Bytes of filtered image data (before deflate) the header announces. */
uint64_t img_png_raw_bytes(const img_png_header *h);
/* Deflate's most output per input byte: a 258-byte match coded in 2 bits. */
#define IMG_DEFLATE_RATIO 1032u
/* AMZ_EFORMAT when the header claims more image data than file_len bytes can hold. */
amz_status img_png_check_claim(const img_png_header *h, uint64_t file_len, amz_error *err);
/* Peak bytes of decoding (libpng's rows, our RGBA row or whole interlaced image,
 * zlib's window, the structs); UINT64_MAX if it cannot be counted. */
uint64_t img_png_decode_bytes(const img_png_header *h);

/* ---- pixel classes ---- */

/* Luma (0.299 R + 0.587 G + 0.114 B) of a pixel (RGBA) composited over white. */
unsigned img_px_luma(const unsigned char *px);
/* Light: luma at least `threshold`. */
bool img_px_light(const unsigned char *px, unsigned threshold);

/* Which pixels are wall (see amaze/image.h, step 1): by a given luma threshold and
 * chroma, or by the picture's own wall and floor colours. */
typedef struct img_classes {
    bool by_luma;
    unsigned threshold, vivid;
    int64_t f[3], wf[3], len2; /* floor colour, wall - floor, |wall - floor|^2 */
} img_classes;

/* Coverage from which an antialiased mix of wall and floor is wall (0.45: of the two
 * pixels a 1 px line straddles, one is always wall), and how far (RGB units) a colour
 * may lie off the line from floor to wall and still be such a mix. */
#define IMG_WALL_COVERAGE 0.45
#define IMG_WALL_OFF_AXIS 40

void img_classes_luma(img_classes *k, unsigned threshold, unsigned vivid);
void img_classes_colors(img_classes *k, amz_color wall, amz_color floor);
bool img_px_wall(const img_classes *k, const unsigned char *px);

/* ---- pictures as RGBA rows ---- */

/* A picture read in passes over its rows, each row w RGBA pixels of 8-bit samples.
 * A PNG is decoded anew for every pass (its decoder charged to the budget); a picture
 * in memory costs nothing. */
typedef struct img_source {
    uint32_t w, h;
    /* Starts a pass (the first row next), refusing (AMZ_ERANGE) one that with `extra`
     * more bytes of the caller's would pass the budget; on failure nothing is held. */
    amz_status (*open)(struct img_source *s, img_budget *b, uint64_t extra, amz_error *err);
    /* The next row, or NULL after an error, which `fail` then reports (ending the pass). */
    const unsigned char *(*row)(struct img_source *s);
    amz_status (*fail)(struct img_source *s, amz_error *err);
    /* Ends a pass; harmless after `fail` or a failed `open`. */
    void (*close)(struct img_source *s);
    void *ctx; /* the source's own state */
} img_source;

/* The state of a source over a picture in memory: row y at rgba + y * stride. */
typedef struct img_rgba_rows {
    const unsigned char *rgba;
    size_t stride;
    uint32_t next;
} img_rgba_rows;

/* Checks the arguments of an RGBA entry point (a picture of 1..2^31-1 pixels a side,
 * stride at least 4 w; AMZ_EINVAL otherwise) and makes s read them through *mem. */
amz_status img_source_rgba(img_source *s, img_rgba_rows *mem, const void *rgba, uint32_t w, uint32_t h,
                           size_t stride, amz_error *err);

/* Step 1 of amaze/image.h: one pass over the picture to find its wall colour (the
 * commonest dark grey one) and floor colour (the commonest light one); sets k to
 * classify by them, or by luma at 128 when either is missing (wall_color then has
 * a = 0). The pass, with `extra` bytes the caller will need, is held to bud. */
amz_status img_classes_find(img_source *src, img_budget *bud, uint64_t extra, unsigned vivid, img_classes *k,
                            amz_color *wall_color, amz_color *floor_color, amz_error *err);

/* ---- the readers over a source (img_read.c, img_mask.c) ---- */

/* amz_image_read_maze after the PNG's header checks (o NULL = defaults): *m must be
 * zeroed. */
amz_status img_read_maze_source(img_source *src, const amz_image_read_options *o, amz_maze *m,
                                amz_image_origin *origin, amz_error *err);
/* amz_image_read_mask after the PNG's header checks (o NULL = defaults): *m must be
 * zeroed. */
amz_status img_read_mask_source(img_source *src, const amz_image_read_options *o, amz_topology t, amz_maze *m,
                                amz_error *err);

#endif
