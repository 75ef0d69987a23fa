/* amaze/terrain_image.h — terrain maps as PNG pictures (libamaze-render).
 * Part of the drawing library, which links libpng; libamaze itself stays libc-only.
 *
 * Each tile is a square of `scale` pixels in amz_tile_color, as in the article's demo:
 * a hue per tile type, lightness from height, vegetation in a darker green; with
 * hill-shading, land is lit from the north-west (amz_terrain_hillshade). Rows are
 * streamed: memory is one pixel row whatever the map size. 8-bit RGB, no interlace;
 * the same map and options give byte-identical files. */
#ifndef AMAZE_TERRAIN_IMAGE_H
#define AMAZE_TERRAIN_IMAGE_H

#include <stdbool.h>
#include <stdio.h>

#include "amaze/status.h"
#include "amaze/terrain.h"

/* Largest pixels-per-tile scale. */
#define AMZ_TERRAIN_PNG_SCALE_MAX 64

typedef struct amz_terrain_png_options {
    int scale;      /* pixels per tile side, 1..AMZ_TERRAIN_PNG_SCALE_MAX; default 1 */
    bool hillshade; /* light the relief from the north-west; default false */
} amz_terrain_png_options;

/* Defaults: scale 1, no hill-shading. */
AMZ_API void amz_terrain_png_options_init(amz_terrain_png_options *o);

/* Writes t as a PNG to f. AMZ_ERANGE for a bad scale or a picture wider or taller
 * than 2^31-1 pixels (PNG's limit), AMZ_ENOMEM, AMZ_EIO if libpng or writing fails.
 * Time O(tiles * scale^2). */
AMZ_API amz_status amz_terrain_write_png(const amz_terrain *t, const amz_terrain_png_options *o, FILE *f,
                                         amz_error *err);

/* Writes the PNG to `path` atomically ("-" = standard output). */
AMZ_API amz_status amz_terrain_save_png(const amz_terrain *t, const amz_terrain_png_options *o, const char *path,
                                        amz_error *err);

#endif
