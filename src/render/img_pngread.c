/* img_pngread.c — the PNG decoder of the picture readers (libpng, rows as RGBA, every
 * allocation charged to the reading call's budget), and the readers of mazes and masks
 * on a PNG: its header checked (img_source.c), then the readers of img_read.c and
 * img_mask.c over rows the decoder hands out, one decoding a pass. */
#include <png.h>
#include <setjmp.h>
#include <string.h>

#include "core/checked.h"
#include "core/error.h"
#include "render/img_internal.h"
#include "render/img_pngio.h"

/* libpng's allocations, through the budget. A refusal makes libpng raise "out of
 * memory", which the reader turns into the budget's message. */
png_voidp img_png_budget_malloc(png_structp png, png_alloc_size_t n)
{
    return img_budget_alloc(png_get_mem_ptr(png), n);
}

void img_png_budget_free(png_structp png, png_voidp p)
{
    img_budget_free(png_get_mem_ptr(png), p);
}

/* ---- decoder ---- */

/* libpng's read callback over the buffer; png_error does not return (it longjmps). */
void img_png_read_data(png_structp png, png_bytep data, png_size_t len)
{
    img_png_io *io = png_get_io_ptr(png);
    if (io->len - io->pos < len) {
        io->truncated = true;
        png_error(png, "truncated PNG (the data ends early)");
    }
    memcpy(data, io->data + io->pos, len);
    io->pos += len;
}

/* Safe to call twice, and on a reader whose open failed part way. */
void img_reader_close(img_reader *r)
{
    if (r->png)
        png_destroy_read_struct(&r->png, r->info ? &r->info : NULL, NULL);
    if (r->rows)
        img_budget_free(r->budget, r->rows);
    r->rows = NULL;
}

/* A budget refusal surfaces in libpng as "out of memory": `refused` tells it apart and
 * gets the budget's message (AMZ_ERANGE); anything else is libpng's text (AMZ_EFORMAT).
 * Closes the reader. */
amz_status img_reader_fail(img_reader *r, amz_error *err)
{
    amz_status st = r->budget->refused ? img_budget_fail(r->budget, "decoding the picture", err)
                                       : amz_errorf(err, AMZ_EFORMAT, "%s", r->io.msg);
    img_reader_close(r);
    return st;
}

/* img_pngio.h. Every libpng call may longjmp: each phase arms r->io.jmp first, in a frame
 * still live when libpng jumps (img_reader_row re-arms it for every row). */
amz_status img_reader_open(img_reader *r, const void *data, size_t len, img_budget *b, uint64_t extra,
                           amz_error *err)
{
    memset(r, 0, sizeof *r);
    r->budget = b;
    img_png_header hd;
    amz_status st = img_png_header_parse(data, len, &hd, err);
    if (st)
        return st;
    /* A claim the file cannot hold is refused before libpng sizes anything by it. */
    if ((st = img_png_check_claim(&hd, len, err)))
        return st;
    /* The decoder's peak and the caller's extra, against what the budget has left. */
    uint64_t need = img_png_decode_bytes(&hd), total = UINT64_MAX;
    if (need == UINT64_MAX || !ck_add_u64(need, extra, &total) || (b->limit && total > b->limit - b->used))
        return amz_errorf(err, AMZ_ERANGE, "a %ux%u%s picture needs about %llu bytes to read, more than the %llu allowed",
                          hd.w, hd.h, hd.interlaced ? " interlaced" : "",
                          need == UINT64_MAX ? (unsigned long long)UINT64_MAX : (unsigned long long)total,
                          (unsigned long long)(b->limit - b->used));
    r->io.data = data;
    r->io.len = len;
    r->png = png_create_read_struct_2(PNG_LIBPNG_VER_STRING, &r->io, img_png_error, img_png_warning, b,
                                      img_png_budget_malloc, img_png_budget_free);
    if (!r->png || !(r->info = png_create_info_struct(r->png))) {
        img_reader_close(r);
        return b->refused ? img_budget_fail(b, "decoding the picture", err)
                          : amz_errorf(err, AMZ_ENOMEM, "png: cannot create the decoder");
    }
    if (setjmp(r->io.jmp))
        return img_reader_fail(r, err);
    png_set_read_fn(r->png, &r->io, img_png_read_data);
    /* Pictures of mazes are often large and plain: allow any size libpng can. Text,
     * profiles and every other ancillary chunk are skipped unread (tRNS is kept). */
    png_set_user_limits(r->png, 0x7fffffff, 0x7fffffff);
    png_set_keep_unknown_chunks(r->png, PNG_HANDLE_CHUNK_NEVER, NULL, -1);
    png_read_info(r->png, r->info);
    r->w = png_get_image_width(r->png, r->info);
    r->h = png_get_image_height(r->png, r->info);
    int type = png_get_color_type(r->png, r->info);
    r->alpha = (type & PNG_COLOR_MASK_ALPHA) || png_get_valid(r->png, r->info, PNG_INFO_tRNS);
    r->interlaced = png_get_interlace_type(r->png, r->info) != PNG_INTERLACE_NONE;
    /* Whatever the colour type and depth, rows come out as 8-bit RGBA: palette and low
     * depths expanded (tRNS to alpha), 16 bits cut to 8, grey copied to RGB, opaque
     * images given alpha 255. */
    png_set_expand(r->png);
    png_set_strip_16(r->png);
    png_set_gray_to_rgb(r->png);
    png_set_add_alpha(r->png, 0xff, PNG_FILLER_AFTER);
    if (r->interlaced)
        png_set_interlace_handling(r->png);
    png_read_update_info(r->png, r->info);
    size_t rowbytes = (size_t)r->w * 4, total_rows = rowbytes;
    if (r->interlaced && !ck_array_bytes(r->h, rowbytes, &total_rows)) {
        img_reader_close(r);
        return amz_errorf(err, AMZ_ERANGE, "a %ux%u interlaced image is too large", r->w, r->h);
    }
    if (!(r->rows = img_budget_alloc(b, total_rows))) {
        img_reader_close(r);
        return img_budget_fail(b, "decoding the picture", err);
    }
    if (r->interlaced) {
        png_bytep *ptrs = img_budget_alloc(b, (size_t)r->h * sizeof(png_bytep));
        if (!ptrs) {
            img_reader_close(r);
            return img_budget_fail(b, "decoding the picture", err);
        }
        for (uint32_t y = 0; y < r->h; y++)
            ptrs[y] = r->rows + (size_t)y * rowbytes;
        /* Re-armed: the row pointers are this phase's to free. ptrs is not changed after. */
        if (setjmp(r->io.jmp)) {
            img_budget_free(b, ptrs);
            return img_reader_fail(r, err);
        }
        png_read_image(r->png, ptrs);
        img_budget_free(b, ptrs);
    }
    return AMZ_OK;
}

/* The rows stay valid until the next call (one row buffer) or, interlaced, until close.
 * The caller asks for no more than h rows. */
const unsigned char *img_reader_row(img_reader *r)
{
    if (r->interlaced)
        return r->rows + (size_t)r->next++ * (size_t)r->w * 4;
    if (setjmp(r->io.jmp))
        return NULL;
    png_read_row(r->png, r->rows, NULL);
    r->next++;
    return r->rows;
}

/* ---- the readers on a PNG ---- */

static amz_status png_open(img_source *s, img_budget *b, uint64_t extra, amz_error *err)
{
    img_png_rows *p = s->ctx;
    return img_reader_open(&p->r, p->data, p->len, b, extra, err);
}

static const unsigned char *png_row(img_source *s)
{
    return img_reader_row(&((img_png_rows *)s->ctx)->r);
}

static amz_status png_fail(img_source *s, amz_error *err)
{
    return img_reader_fail(&((img_png_rows *)s->ctx)->r, err);
}

static void png_close(img_source *s)
{
    img_reader_close(&((img_png_rows *)s->ctx)->r);
}

/* p must outlive s: s->ctx points at it. Nothing is decoded until a pass opens. */
void img_source_png(img_source *s, img_png_rows *p, const void *data, size_t len, const img_png_header *h)
{
    memset(p, 0, sizeof *p);
    p->data = data;
    p->len = len;
    *s = (img_source){h->w, h->h, png_open, png_row, png_fail, png_close, p};
}

/* amaze/image.h. The header and its claim are checked before the decoder exists; a
 * picture of a grid the reader cannot read back (the amGr chunk) is refused by name
 * rather than misread as a square maze. */
amz_status amz_image_read_maze(const void *data, size_t len, const amz_image_read_options *o, amz_maze *m,
                               amz_image_origin *origin, amz_error *err)
{
    memset(m, 0, sizeof *m);
    img_png_header hd;
    amz_status st = img_png_header_parse(data, len, &hd, err);
    if (st || (st = img_png_check_claim(&hd, len, err)))
        return st;
    char note[96];
    if (img_png_grid_note(data, len, note, sizeof note))
        return amz_errorf(err, AMZ_EUNSUPPORTED,
                          "this picture's grid is %s: pictures read back as flat square and hex mazes only (use "
                          "the maze's .amz or JSON)",
                          note);
    img_source src;
    img_png_rows rows;
    img_source_png(&src, &rows, data, len, &hd);
    return img_read_maze_source(&src, o, m, origin, err);
}

/* amaze/image.h. The claim check is the decoder's, at the pass's open. */
amz_status amz_image_read_mask(const void *data, size_t len, const amz_image_read_options *o, amz_topology t,
                               amz_maze *m, amz_error *err)
{
    memset(m, 0, sizeof *m);
    img_png_header hd;
    amz_status st = img_png_header_parse(data, len, &hd, err);
    if (st)
        return st;
    img_source src;
    img_png_rows rows;
    img_source_png(&src, &rows, data, len, &hd);
    return img_read_mask_source(&src, o, t, m, err);
}
