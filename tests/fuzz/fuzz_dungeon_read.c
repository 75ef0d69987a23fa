/* fuzz_dungeon_read.c — the .amd dungeon reader (header, options, rooms, the packed
 * tile block, the promise checks): an accepted dungeon keeps every promise of
 * amaze/dungeon.h (amz_dungeon_validate, the stairs joined), draws as text, and writes
 * back to bytes that read as the same dungeon. */
#include "fuzz_util.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    FILE *f = fuzz_input_file(data, size);
    if (!f)
        return 0;
    amz_dungeon d;
    amz_error err;
    amz_status st = amz_dungeon_read(f, &d, 16u << 20, &err);
    fclose(f);
    if (st && (d.tiles.data || d.rooms))
        abort(); /* a refused dungeon holds nothing */
    if (fuzz_refused(st, &err))
        return 0;
    amz_dungeon_stats s;
    if (amz_dungeon_validate(&d, NULL) || amz_dungeon_stats_compute(&d, &s, NULL) || s.floor == 0)
        abort();
    FILE *null = fopen("/dev/null", "w");
    if (!null || amz_dungeon_write_text(&d, true, null, NULL))
        abort();
    fclose(null);
    fuzz_mem mem;
    if (amz_dungeon_write(&d, fuzz_mem_open(&mem), NULL))
        abort();
    amz_dungeon back;
    if (amz_dungeon_read(fuzz_mem_reopen(&mem), &back, 0, NULL))
        abort();
    fuzz_mem_free(&mem);
    if (!amz_dungeon_equal(&d, &back) || back.options.seed != d.options.seed)
        abort();
    amz_dungeon_deinit(&back);
    amz_dungeon_deinit(&d);
    return 0;
}
