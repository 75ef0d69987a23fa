/* img_pngio.h — libpng plumbing shared by the PNG writers and readers: errors turn
 * into a message and a longjmp back to the caller, output goes to a FILE *, input
 * comes from a memory buffer. */
#ifndef AMZ_RENDER_IMG_PNGIO_H
#define AMZ_RENDER_IMG_PNGIO_H

#include <png.h>
#include <setjmp.h>
#include <stdbool.h>
#include <stdio.h>

typedef struct img_png_io {
    jmp_buf jmp;
    char msg[200];
    bool write_failed;         /* the error was the output stream's */
    FILE *f;                   /* output */
    const unsigned char *data; /* input */
    size_t len, pos;
    bool truncated; /* input ran out */
} img_png_io;

void img_png_error(png_structp png, png_const_charp msg);
void img_png_warning(png_structp png, png_const_charp msg);
void img_png_write_data(png_structp png, png_bytep data, png_size_t len);
void img_png_flush(png_structp png);
/* Reads from io->data; running out is "truncated PNG". */
void img_png_read_data(png_structp png, png_bytep data, png_size_t len);

#endif
