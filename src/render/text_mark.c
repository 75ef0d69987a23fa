/* text_mark.c — what goes inside a cell of text art: S, G or a path dot, coloured or
 * not; shared by the square and hex renderers. */
#include <stdio.h>

#include "core/bits.h"
#include "render/text_impl.h"

/* Start wins over goal when they are one cell (text_square.c shows both there); *color is
 * set only when a marker is returned. */
const char *text_marker(const text_ctx *c, amz_cell cell, const char **color)
{
    const amz_maze *m = c->m;
    if (cell == m->start) {
        *color = COLOR_START;
        return "S";
    }
    if (cell == m->goal) {
        *color = COLOR_GOAL;
        return "G";
    }
    if (c->on_path && bits_get(c->on_path, (uint64_t)cell)) {
        *color = COLOR_PATH;
        return c->o->style == AMZ_TEXT_UNICODE ? "•" : ".";
    }
    return NULL;
}

/* Each coloured mark is reset at once (SGR 0), so no colour leaks into the walls. */
void text_put_mark(const text_ctx *c, const char *color, const char *text)
{
    if (c->o->color)
        fprintf(c->f, "%s%s%s", color, text, COLOR_OFF);
    else
        fputs(text, c->f);
}
