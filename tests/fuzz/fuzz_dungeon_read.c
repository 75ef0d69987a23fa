/* fuzz_dungeon_read.c — the .amd dungeon reader (header, options, rooms, the packed
 * tile block, the promise checks): an accepted dungeon keeps every promise of
 * amaze/dungeon.h (amz_dungeon_validate, the stairs joined), draws as text, and writes
 * back to bytes that read as the same dungeon. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "amaze.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    FILE *f = fmemopen((void *)data, size ? size : 1, "rb");
    if (!f)
        return 0;
    if (!size)
        fgetc(f);
    amz_dungeon d;
    amz_error err;
    amz_status st = amz_dungeon_read(f, &d, 16u << 20, &err);
    fclose(f);
    if (st) {
        if (!err.msg[0] || d.tiles.data || d.rooms)
            abort();
        return 0;
    }
    amz_dungeon_stats s;
    if (amz_dungeon_validate(&d, NULL) || amz_dungeon_stats_compute(&d, &s, NULL) || s.floor == 0)
        abort();
    FILE *null = fopen("/dev/null", "w");
    if (!null || amz_dungeon_write_text(&d, true, null, NULL))
        abort();
    fclose(null);
    char *buf = NULL;
    size_t len = 0;
    FILE *out = open_memstream(&buf, &len);
    if (amz_dungeon_write(&d, out, NULL))
        abort();
    fclose(out);
    amz_dungeon back;
    out = fmemopen(buf, len, "rb");
    if (amz_dungeon_read(out, &back, 0, NULL))
        abort();
    fclose(out);
    if (!amz_dungeon_equal(&d, &back) || back.options.seed != d.options.seed)
        abort();
    amz_dungeon_deinit(&back);
    amz_dungeon_deinit(&d);
    free(buf);
    return 0;
}
