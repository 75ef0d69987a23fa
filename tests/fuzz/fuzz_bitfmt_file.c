/* fuzz_bitfmt_file.c — saved packed arrays (format header + words): an accepted array's
 * words fit its format and survive a write and re-read unchanged. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

#include "amaze.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    FILE *f = fmemopen((void *)data, size ? size : 1, "rb");
    if (!f)
        return 0;
    if (!size)
        fgetc(f);
    amz_packed a;
    amz_error err;
    amz_status st = amz_packed_read(f, &a, 16u << 20, &err);
    fclose(f);
    if (st) {
        if (!err.msg[0])
            abort();
        return 0;
    }
    char *buf = NULL;
    size_t len = 0;
    FILE *out = open_memstream(&buf, &len);
    if (amz_packed_write(&a, out, NULL))
        abort();
    fclose(out);
    amz_packed back;
    out = fmemopen(buf, len, "rb");
    if (amz_packed_read(out, &back, 0, NULL))
        abort();
    fclose(out);
    if (back.count != a.count || !amz_bitfmt_equal(&back.fmt, &a.fmt))
        abort();
    for (uint64_t i = 0; i < a.count; i++)
        if (amz_packed_word(&a, i) != amz_packed_word(&back, i))
            abort();
    amz_packed_deinit(&back);
    amz_packed_deinit(&a);
    free(buf);
    return 0;
}
