/* img_pngio.h — libpng plumbing shared by the PNG writers and readers: errors turn
 * into a message and a longjmp back to the caller, output goes to a FILE *, input
 * comes from a memory buffer; and the PNG decoder of the readers, every allocation of
 * which (libpng's own included) is charged to the reading call's budget
 * (img_source.h), so that a call never holds more than its max_bytes whatever a file
 * claims. */
#ifndef AMZ_RENDER_IMG_PNGIO_H
#define AMZ_RENDER_IMG_PNGIO_H

#include <png.h>
#include <setjmp.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "amaze/image.h"
#include "render/img_source.h"

typedef struct img_png_io {
    jmp_buf jmp;
    char msg[200];
    bool write_failed;         /* the error was the output stream's */
    FILE *f;                   /* output */
    const unsigned char *data; /* input */
    size_t len, pos;
    bool truncated; /* input ran out */
} img_png_io;

/* libpng callbacks on an img_png_io (the error and io pointer): an error keeps its
 * message and longjmps to io->jmp, which the caller must have armed with setjmp in a
 * frame still live; warnings are dropped; a failed write is an error (write_failed). */
void img_png_error(png_structp png, png_const_charp msg);
void img_png_warning(png_structp png, png_const_charp msg);
void img_png_write_data(png_structp png, png_bytep data, png_size_t len);
void img_png_flush(png_structp png);
/* Reads from io->data; running out is "truncated PNG". */
void img_png_read_data(png_structp png, png_bytep data, png_size_t len);

/* Writes an 8-bit RGB PNG of w x h pixels row by row: fn(ctx, y, row) fills row y
 * (3 w bytes) into `row`, which keeps what the last call left there, so a row drawn
 * again can be left alone. One filter (up) for every row: libpng's adaptive choice
 * tries all five per row, which more than doubles the time of huge pictures for a few
 * per cent of size. AMZ_ENOMEM if libpng cannot start, AMZ_EIO naming libpng's or the
 * stream's error. The dungeon and terrain pictures' encoder. */
typedef void (*img_rgb_row_fn)(void *ctx, uint32_t y, uint8_t *row);
amz_status img_png_write_rgb_rows(FILE *f, uint32_t w, uint32_t h, uint8_t *row, img_rgb_row_fn fn, void *ctx,
                                  amz_error *err);

/* libpng's malloc and free callbacks through the budget at png_get_mem_ptr. A refusal
 * makes libpng raise "out of memory", reported with the budget's message. */
png_voidp img_png_budget_malloc(png_structp png, png_alloc_size_t n);
void img_png_budget_free(png_structp png, png_voidp p);

/* ---- decoding ---- */

/* A PNG decoder handing out RGBA rows of 8-bit samples, every allocation charged to
 * the budget. Interlaced images are decoded whole first (their rows are only final
 * after the last pass): 4 bytes a pixel. */
typedef struct img_reader {
    img_png_io io;
    img_budget *budget;
    png_structp png;
    png_infop info;
    uint32_t w, h;
    bool alpha; /* the source has transparency */
    bool interlaced;
    unsigned char *rows; /* interlaced: the whole image; else one row */
    uint32_t next;
} img_reader;

/* Opens the decoder on len bytes at data: refuses a header claiming more image data
 * than len bytes can hold, and (AMZ_ERANGE) a decode that with `extra` more bytes of
 * the caller's would pass the budget, before allocating for it. On failure everything
 * is released. */
amz_status img_reader_open(img_reader *r, const void *data, size_t len, img_budget *b, uint64_t extra,
                           amz_error *err);
/* The next row (RGBA), or NULL after an error (message in r->io.msg). */
const unsigned char *img_reader_row(img_reader *r);
/* The error after img_reader_row returned NULL. */
amz_status img_reader_fail(img_reader *r, amz_error *err);
void img_reader_close(img_reader *r);

/* The PNG of an img_source: a decoder on the same bytes for each pass. */
typedef struct img_png_rows {
    img_reader r;
    const void *data;
    size_t len;
} img_png_rows;

/* s reads the PNG at data (len bytes, its header h already checked) through *p. */
void img_source_png(img_source *s, img_png_rows *p, const void *data, size_t len, const img_png_header *h);

#endif
