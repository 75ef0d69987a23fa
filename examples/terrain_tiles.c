/* terrain_tiles.c — make a diamond-square terrain map and count its tile types by
 * reading the packed 16-bit tiles through their run-time field format.
 *
 *   terrain_tiles [WIDTH HEIGHT [SEED]]
 *
 * Prints one line per tile type ("water 809") and the vegetation count: the same
 * numbers as `amaze terrain generate -s WxH --seed SEED | amaze terrain stats -`. */
#include <stdio.h>
#include <stdlib.h>

#include <amaze.h>

int main(int argc, char **argv)
{
    int width = argc > 2 ? atoi(argv[1]) : 64;
    int height = argc > 2 ? atoi(argv[2]) : 48;
    unsigned long long seed = argc > 3 ? strtoull(argv[3], NULL, 10) : 3;

    amz_terrain_options options;
    amz_terrain_options_init(&options);
    options.seed = seed;
    amz_terrain map;
    amz_error err;
    if (amz_terrain_generate(&map, width, height, &options, &err) != AMZ_OK) {
        fprintf(stderr, "terrain_tiles: %s\n", err.msg);
        return 1;
    }

    /* The tiles' format is data: look the fields up by name, as a program that only
     * knows the .amt header ("type:2,biome:4,river:1,height:8,vegetation:1") would. */
    const amz_bitfmt *fmt = &map.tiles.fmt;
    int type_field = amz_bitfmt_find(fmt, "type");
    int veg_field = amz_bitfmt_find(fmt, "vegetation");
    if (type_field < 0 || veg_field < 0) {
        fprintf(stderr, "terrain_tiles: the tile format has no type or vegetation field\n");
        amz_terrain_deinit(&map);
        return 1;
    }

    unsigned long long counts[AMZ_TILE_TYPES] = {0}, vegetation = 0;
    for (uint64_t i = 0; i < map.tiles.count; i++) {
        uint64_t type = amz_packed_get(&map.tiles, i, (unsigned)type_field);
        if (type < AMZ_TILE_TYPES)
            counts[type]++;
        vegetation += amz_packed_get(&map.tiles, i, (unsigned)veg_field);
    }
    for (unsigned t = 0; t < AMZ_TILE_TYPES; t++)
        printf("%s %llu\n", amz_tile_type_name(t), counts[t]);
    printf("vegetation %llu\n", vegetation);

    amz_terrain_deinit(&map);
    return 0;
}
