/* text_dungeon.c — dungeons as roguelike text: '#' walls beside a walkable tile, blank
 * rock, '.' floor, '+' doors, '<' and '>' stairs (the glyphs of Rogue, 1980, and of
 * NetHack after it), with optional ANSI colours (ECMA-48 SGR, 16 colours: every
 * terminal has them). Part of libamaze: no drawing library needed. */
#include <errno.h>
#include <string.h>

#include "amaze/dungeon.h"
#include "core/error.h"

char amz_dungeon_glyph(const amz_dungeon *d, int64_t x, int64_t y)
{
    const uint16_t t = amz_dungeon_tile(d, x, y);
    switch (amz_dtile_kind_of(t)) {
    case AMZ_DTILE_FLOOR: return '.';
    case AMZ_DTILE_DOOR: return '+';
    case AMZ_DTILE_UP: return '<';
    case AMZ_DTILE_DOWN: return '>';
    default: break;
    }
    /* A wall shows only where it bounds something: solid rock stays blank. */
    for (int dy = -1; dy <= 1; dy++)
        for (int dx = -1; dx <= 1; dx++)
            if (amz_dtile_walkable(amz_dungeon_tile(d, x + dx, y + dy)))
                return '#';
    return ' ';
}

/* SGR of a glyph: walls grey, room floor white, corridor floor dim, doors yellow,
 * stairs bright cyan and magenta. */
static const char *sgr(const amz_dungeon *d, int64_t x, int64_t y, char g)
{
    switch (g) {
    case '#': return "\x1b[90m";
    case '+': return "\x1b[33m";
    case '<': return "\x1b[1;96m";
    case '>': return "\x1b[1;95m";
    case '.': return amz_dtile_room(amz_dungeon_tile(d, x, y)) ? "\x1b[37m" : "\x1b[2;37m";
    default: return NULL;
    }
}

/* Escapes change only when the colour does, each line ends reset, and errors are found
 * once at the end (fflush, ferror). */
amz_status amz_dungeon_write_text(const amz_dungeon *d, bool color, FILE *f, amz_error *err)
{
    for (int32_t y = 0; y < d->height; y++) {
        const char *last = NULL;
        /* Trailing rock is trimmed, so a line ends at its last wall. */
        int32_t end = d->width;
        while (end > 0 && amz_dungeon_glyph(d, end - 1, y) == ' ')
            end--;
        for (int32_t x = 0; x < end; x++) {
            const char g = amz_dungeon_glyph(d, x, y);
            const char *s = color ? sgr(d, x, y, g) : NULL;
            if (color && s != last && (!s || !last || strcmp(s, last) != 0)) {
                fputs("\x1b[0m", f);
                if (s)
                    fputs(s, f);
                last = s;
            }
            fputc(g, f);
        }
        if (color && last)
            fputs("\x1b[0m", f);
        fputc('\n', f);
    }
    if (fflush(f) != 0 || ferror(f))
        return amz_errorf(err, AMZ_EIO, "cannot write the dungeon: %s", strerror(errno));
    return AMZ_OK;
}
