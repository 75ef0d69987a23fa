/* amaze/dungeon_image.h — dungeons and their Dijkstra maps as PNG pictures (libamaze-render).
 * Part of the drawing library (libpng); libamaze itself stays libc-only.
 *
 * Each tile is a square of `scale` pixels: rock black, walls beside a walkable tile
 * slate, room floor light stone, corridor floor a darker stone, doors brown, stairs
 * up cyan and down magenta (from scale 4 a lighter inner square marks them). With a
 * heat map (a Dijkstra or flee map of the dungeon), walkable tiles are coloured by it
 * instead, from yellow (lowest) through red to deep blue (highest); tiles it does not
 * reach stay grey, and doors and stairs keep their colours. Rows are streamed: memory
 * is the map plus one pixel row. 8-bit RGB; the same map and options give the same
 * bytes. */
#ifndef AMAZE_DUNGEON_IMAGE_H
#define AMAZE_DUNGEON_IMAGE_H

#include <stdint.h>
#include <stdio.h>

#include "amaze/dungeon.h"
#include "amaze/status.h"

#define AMZ_DUNGEON_PNG_SCALE_MAX 64

typedef struct amz_dungeon_png_options {
    int scale;              /* pixels per tile side, 1..64; default 8 */
    const uint32_t *heat;   /* NULL, or a Dijkstra map (width*height; AMZ_DIJKSTRA_FAR = not reached). Not owned. */
    const int32_t *flee;    /* NULL, or a flee map (AMZ_FLEE_FAR = not reached); not with heat. Not owned. */
} amz_dungeon_png_options;

/* Defaults: scale 8, no heat map. */
AMZ_API void amz_dungeon_png_options_init(amz_dungeon_png_options *o);
/* Writes d as a PNG to f. AMZ_ERANGE for a bad scale, heat and flee both given, or a
 * picture over 2^31-1 pixels a side; AMZ_ENOMEM; AMZ_EIO. Time O(tiles * scale^2). */
AMZ_API amz_status amz_dungeon_write_png(const amz_dungeon *d, const amz_dungeon_png_options *o, FILE *f,
                                         amz_error *err);

#endif
