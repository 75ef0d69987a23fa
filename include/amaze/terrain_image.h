/* amaze/terrain_image.h — terrain maps as PNG pictures (libamaze-render).
 * Part of the drawing library, which links libpng and cairo; libamaze itself stays
 * libc-only.
 *
 * Each tile is a square of `scale` pixels: by type (amz_tile_color: a hue per tile
 * type, lightness from height, vegetation in a darker green, as in the article's demo)
 * or by biome (amz_tile_biome_color, rivers blue); with hill-shading, land is lit from
 * the north-west (amz_terrain_hillshade). A legend (cairo's built-in font, so the same
 * pixels everywhere) can be added below the map. Rows are streamed: memory is the
 * map's tiles plus a pixel row and the legend band (amz_terrain_memory_estimate,
 * AMZ_TERRAIN_JOB_PNG), whatever the picture's size. 8-bit RGB, no interlace; the same
 * map and options give byte-identical files. */
#ifndef AMAZE_TERRAIN_IMAGE_H
#define AMAZE_TERRAIN_IMAGE_H

#include <stdbool.h>
#include <stdio.h>

#include "amaze/status.h"
#include "amaze/terrain.h"

/* Largest pixels-per-tile scale. */
#define AMZ_TERRAIN_PNG_SCALE_MAX 64
/* Narrowest picture that has a legend: a narrower map is centred on a wider band. */
#define AMZ_TERRAIN_LEGEND_MIN_WIDTH 400

typedef enum amz_terrain_palette {
    AMZ_PALETTE_AUTO = 0,  /* biomes when the map has them, else types */
    AMZ_PALETTE_TYPES = 1, /* water, sand, earth, vegetation, rock */
    AMZ_PALETTE_BIOMES = 2 /* the biome palette (tiles without a biome fall back to types) */
} amz_terrain_palette;

typedef struct amz_terrain_png_options {
    int scale;                   /* pixels per tile side, 1..AMZ_TERRAIN_PNG_SCALE_MAX; default 1 */
    bool hillshade;              /* light the relief from the north-west; default false */
    amz_terrain_palette palette; /* default AMZ_PALETTE_AUTO */
    bool legend;                 /* a band below the map naming each colour; default false */
} amz_terrain_png_options;

/* Defaults: scale 1, no hill-shading, automatic palette, no legend. */
AMZ_API void amz_terrain_png_options_init(amz_terrain_png_options *o);

/* Writes t as a PNG to f. AMZ_ERANGE for a bad scale or palette or a picture wider or
 * taller than 2^31-1 pixels (PNG's limit), AMZ_ENOMEM, AMZ_EIO if libpng, cairo or
 * writing fails. Time O(tiles * scale^2). */
AMZ_API amz_status amz_terrain_write_png(const amz_terrain *t, const amz_terrain_png_options *o, FILE *f,
                                         amz_error *err);

/* Writes the PNG to `path` atomically ("-" = standard output). */
AMZ_API amz_status amz_terrain_save_png(const amz_terrain *t, const amz_terrain_png_options *o, const char *path,
                                        amz_error *err);

#endif
