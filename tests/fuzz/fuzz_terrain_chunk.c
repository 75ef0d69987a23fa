/* fuzz_terrain_chunk.c — chunks of endless fbm worlds from fuzzed options and
 * positions (anywhere in the world, negative too, up to 48x48): options the checker
 * accepts make a window, and the window must equal the mosaic of four chunks cut at a
 * fuzzed point, byte for byte; options it refuses must be refused by the chunk too. */
#include "fuzz_util.h"

/* Reads n little-endian bytes from the input, zeros past its end. */
static uint64_t take(const uint8_t **p, size_t *left, int n)
{
    uint64_t v = 0;
    for (int i = 0; i < n; i++) {
        uint64_t b = *left ? **p : 0;
        if (*left) {
            (*p)++;
            (*left)--;
        }
        v |= b << (8 * i);
    }
    return v;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    const uint8_t *p = data;
    size_t left = size;
    amz_terrain_options o;
    amz_terrain_options_init(&o);
    o.noise = AMZ_NOISE_FBM;
    o.seed = take(&p, &left, 8);
    o.octaves = (int)take(&p, &left, 1) % 18;
    o.period = (int32_t)1 << (take(&p, &left, 1) % 18);
    o.roughness = (double)take(&p, &left, 1) / 200.0;
    o.biomes = take(&p, &left, 1) & 1;
    o.temperature = ((double)take(&p, &left, 1) - 128) / 100.0;
    o.moisture = ((double)take(&p, &left, 1) - 128) / 100.0;
    o.pole = (int32_t)take(&p, &left, 2);
    uint8_t th[3] = {(uint8_t)take(&p, &left, 1), (uint8_t)take(&p, &left, 1), (uint8_t)take(&p, &left, 1)};
    o.sand_from = th[0] % 102;
    o.earth_from = th[1] % 102;
    o.rock_from = th[2] % 102;
    int64_t x = (int64_t)(int32_t)take(&p, &left, 4), y = (int64_t)(int32_t)take(&p, &left, 4);
    int32_t w = 1 + (int32_t)(take(&p, &left, 1) % 48), h = 1 + (int32_t)(take(&p, &left, 1) % 48);
    int32_t cx = (int32_t)(take(&p, &left, 1) % (uint64_t)w), cy = (int32_t)(take(&p, &left, 1) % (uint64_t)h);
    uint16_t mosaic[48 * 48];
    amz_error err;
    bool valid = amz_terrain_options_check(&o, NULL) == AMZ_OK && x + w <= AMZ_TERRAIN_WORLD_LIMIT &&
                 y + h <= AMZ_TERRAIN_WORLD_LIMIT;
    amz_terrain t;
    amz_status st = amz_terrain_generate_window(&t, x, y, w, h, &o, 1, NULL, &err);
    if (!valid) {
        if (st == AMZ_OK || amz_terrain_chunk(mosaic, 48, x, y, w, h, &o, &err) == AMZ_OK)
            abort();
        return 0;
    }
    if (st != AMZ_OK)
        abort();
    /* Four chunks (some may be empty) cut at (cx, cy). */
    const int32_t xs[3] = {0, cx, w}, ys[3] = {0, cy, h};
    for (int j = 0; j < 2; j++)
        for (int i = 0; i < 2; i++) {
            int32_t cw = xs[i + 1] - xs[i], ch = ys[j + 1] - ys[j];
            if (cw < 1 || ch < 1)
                continue;
            if (amz_terrain_chunk(mosaic + ys[j] * w + xs[i], (size_t)w, x + xs[i], y + ys[j], cw, ch, &o, &err))
                abort();
        }
    if (memcmp(mosaic, t.tiles.data, (size_t)w * (size_t)h * 2) != 0)
        abort();
    for (int32_t i = 0; i < w * h; i++)
        if (amz_tile_height_of(mosaic[i]) > 99 || !amz_biome_name(amz_tile_biome_of(mosaic[i])) ||
            (o.biomes != (amz_tile_biome_of(mosaic[i]) != 0)))
            abort();
    amz_terrain_deinit(&t);
    return 0;
}
