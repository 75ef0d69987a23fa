/* glue_terrain.c — the WebAssembly face of libamaze, part 4: terrain maps made as
 * `amaze terrain generate` makes them, drawn as `amaze terrain render` colours them
 * (amz_tile_color, amz_terrain_hillshade: one pixel a tile), counted, and written as
 * .amt over a memory stream. */
#define _POSIX_C_SOURCE 200809L /* open_memstream */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

#include "glue.h"
#include "glue_impl.h"

/* Knobs of web_terrain_new, in the order of its `knobs` array. */
enum { T_ROUGHNESS, T_WRAP, T_SAND, T_EARTH, T_ROCK, T_VEGETATION, T_COUNT };

/* A width x height map from seed and the knobs (roughness, wrap 0/1, the sand, earth
 * and rock thresholds, vegetation). NULL with web_error() set. */
amz_terrain *web_terrain_new(int32_t width, int32_t height, uint64_t seed, const double *knobs)
{
    glue_clear();
    amz_terrain_options o;
    amz_terrain_options_init(&o);
    o.seed = seed;
    o.roughness = knobs[T_ROUGHNESS];
    o.wrap = knobs[T_WRAP] != 0;
    o.sand_from = (uint8_t)knobs[T_SAND];
    o.earth_from = (uint8_t)knobs[T_EARTH];
    o.rock_from = (uint8_t)knobs[T_ROCK];
    o.vegetation = knobs[T_VEGETATION];
    amz_terrain *t = glue_calloc(sizeof *t);
    if (!t)
        return NULL;
    amz_status st = amz_terrain_generate(t, width, height, &o, glue_err());
    if (st != AMZ_OK) {
        glue_fail(st, NULL);
        free(t);
        return NULL;
    }
    return t;
}

void web_terrain_free(amz_terrain *t)
{
    amz_terrain_deinit(t);
    free(t);
}

/* One RGBA pixel a tile into rgba[0..4*width*height): the colours of `amaze terrain
 * render` (with --hillshade when hillshade is set). */
void web_terrain_rgba(const amz_terrain *t, int32_t hillshade, uint8_t *rgba)
{
    for (int32_t y = 0; y < t->height; y++)
        for (int32_t x = 0; x < t->width; x++) {
            double light = hillshade ? amz_terrain_hillshade(t, x, y) : 1.0;
            amz_rgb c = amz_tile_color(amz_terrain_tile(t, x, y), light);
            uint8_t *p = rgba + 4 * ((size_t)y * (size_t)t->width + (size_t)x);
            p[0] = c.r;
            p[1] = c.g;
            p[2] = c.b;
            p[3] = 255;
        }
}

/* Tiles by type (water, earth, sand, rock) and with vegetation into out[0..4]. */
void web_terrain_counts(const amz_terrain *t, double *out)
{
    amz_terrain_stats s;
    amz_terrain_measure(t, &s);
    for (int i = 0; i < AMZ_TILE_TYPES; i++)
        out[i] = (double)s.types[i];
    out[AMZ_TILE_TYPES] = (double)s.vegetation;
}

/* The map as .amt bytes (what `amaze terrain generate -o map.amt` writes): a malloc'd
 * buffer of web_out_len() bytes, or NULL. */
uint8_t *web_terrain_write(const amz_terrain *t)
{
    glue_clear();
    char *buf = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&buf, &len);
    if (!f) {
        glue_fail(AMZ_ENOMEM, "out of memory");
        return NULL;
    }
    amz_status st = amz_terrain_write(t, f, glue_err());
    if (fclose(f) != 0 && st == AMZ_OK)
        st = AMZ_ENOMEM;
    if (st != AMZ_OK) {
        glue_fail(st, NULL);
        free(buf);
        return NULL;
    }
    return glue_memstream_take(buf, len);
}
