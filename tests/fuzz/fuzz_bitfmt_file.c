/* fuzz_bitfmt_file.c — saved packed arrays (format header + words): an accepted array's
 * words fit its format and survive a write and re-read unchanged. */
#include "fuzz_util.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    FILE *f = fuzz_input_file(data, size);
    if (!f)
        return 0;
    amz_packed a;
    amz_error err;
    amz_status st = amz_packed_read(f, &a, 16u << 20, &err);
    fclose(f);
    if (fuzz_refused(st, &err))
        return 0;
    fuzz_mem mem;
    if (amz_packed_write(&a, fuzz_mem_open(&mem), NULL))
        abort();
    amz_packed back;
    if (amz_packed_read(fuzz_mem_reopen(&mem), &back, 0, NULL))
        abort();
    fuzz_mem_free(&mem);
    if (back.count != a.count || !amz_bitfmt_equal(&back.fmt, &a.fmt))
        abort();
    for (uint64_t i = 0; i < a.count; i++)
        if (amz_packed_word(&a, i) != amz_packed_word(&back, i))
            abort();
    amz_packed_deinit(&back);
    amz_packed_deinit(&a);
    return 0;
}
