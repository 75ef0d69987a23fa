/* fuzz_amt.c — the .amt terrain reader, versions 1 and 2 (header, options, window, the
 * block header it expects, tiles grown as they arrive): an accepted map has known
 * biomes and heights 0..99 and valid options, and writes back (as version 2) to bytes
 * that read as the same map. */
#include "fuzz_util.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    FILE *f = fuzz_input_file(data, size);
    if (!f)
        return 0;
    amz_terrain t;
    amz_error err;
    amz_status st = amz_terrain_read(f, &t, 16u << 20, &err);
    fclose(f);
    if (fuzz_refused(st, &err))
        return 0;
    const amz_bitfmt *fmt = amz_tile_format();
    for (int32_t y = 0; y < t.height; y++)
        for (int32_t x = 0; x < t.width; x++) {
            uint16_t tile = amz_terrain_tile(&t, x, y);
            if (!amz_tile_type_name((unsigned)amz_bitfmt_get(fmt, tile, 0)) ||
                !amz_biome_name((unsigned)amz_bitfmt_get(fmt, tile, 1)) || amz_bitfmt_get(fmt, tile, 3) > 99)
                abort();
        }
    fuzz_mem mem;
    if (amz_terrain_write(&t, fuzz_mem_open(&mem), NULL))
        abort();
    amz_terrain back;
    if (amz_terrain_read(fuzz_mem_reopen(&mem), &back, 0, NULL))
        abort();
    fuzz_mem_free(&mem);
    if (back.width != t.width || back.height != t.height || back.x != t.x || back.y != t.y ||
        amz_terrain_options_check(&t.options, NULL) != AMZ_OK ||
        memcmp(&back.options, &t.options, sizeof t.options) != 0)
        abort();
    for (int32_t y = 0; y < t.height; y++)
        for (int32_t x = 0; x < t.width; x++)
            if (amz_terrain_tile(&t, x, y) != amz_terrain_tile(&back, x, y))
                abort();
    amz_terrain_deinit(&back);
    amz_terrain_deinit(&t);
    return 0;
}
