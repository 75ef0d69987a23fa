/* fuzz_cli_args.c — the CLI's option-value parsers (sizes, cells, numbers, byte sizes):
 * any string is either accepted with an in-range value or refused with a usage error. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli/cli.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size > 256)
        return 0;
    char s[257];
    memcpy(s, data, size);
    s[size] = '\0';
    int64_t w, h, x, y;
    uint64_t v;
    if (cli_parse_size("fuzz", "--size", s, &w, &h) == CLI_OK &&
        (w < 1 || h < 1 || w > AMZ_MAX_SIDE || h > AMZ_MAX_SIDE || w * h > AMZ_MAX_CELLS))
        abort();
    if (cli_parse_xy("fuzz", "--start", s, &x, &y) == CLI_OK && (x < 0 || y < 0 || x > AMZ_MAX_SIDE))
        abort();
    if (cli_parse_u64("fuzz", "--seed", s, &v) == CLI_OK) {
        /* Accepted: digits only, and the same value a reference conversion gives. */
        if (strspn(s, "0123456789") != strlen(s) || strtoull(s, NULL, 10) != v)
            abort();
    }
    (void)cli_parse_bytes("fuzz", "--max-memory", s, &v);
    return 0;
}
