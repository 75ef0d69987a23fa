/* text_impl.h — private pieces shared by the square (text.c) and hex (text_hex.c)
 * text renderers. */
#ifndef AMZ_RENDER_TEXT_IMPL_H
#define AMZ_RENDER_TEXT_IMPL_H

#include <stdint.h>
#include <stdio.h>

#include "amaze/render.h"

/* ANSI SGR escapes (ECMA-48): bold green, red and yellow, and the reset. */
#define COLOR_START "\x1b[1;32m"
#define COLOR_GOAL "\x1b[1;31m"
#define COLOR_PATH "\x1b[1;33m"
#define COLOR_OFF "\x1b[0m"

typedef struct text_ctx {
    const amz_maze *m;
    const amz_text_options *o;
    uint64_t *on_path;   /* ncells bits: cell is on the shown solution */
    uint64_t *path_edge; /* passage layout: edge is used by the shown solution */
    FILE *f;
} text_ctx;

/* The marker of a cell's interior: "S", "G", a path dot, or NULL for none. */
const char *text_marker(const text_ctx *c, amz_cell cell, const char **color);
/* Writes a marker, coloured if the options ask for it. */
void text_put_mark(const text_ctx *c, const char *color, const char *text);
/* Draws a square maze as ascii or unicode line art, or as blocks (text_square.c). */
void text_line_art(text_ctx *c);
void text_blocks(text_ctx *c);
/* Draws a hex maze as line art (ascii or unicode). AMZ_ENOMEM for its canvas. */
amz_status text_hex(text_ctx *c);

#endif
