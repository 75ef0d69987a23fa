/* fuzz_cli_args.c — the CLI's option-value parsers (sizes, cells, numbers, byte sizes):
 * any string is either accepted with an in-range value or refused with a usage error. */
#include "cli/cli.h"
#include "fuzz_util.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    char s[257];
    if (!fuzz_input_string(s, sizeof s, data, size))
        return 0;
    int64_t w, h;
    uint64_t v;
    cli_cell cell;
    if (cli_parse_size("fuzz", "--size", s, &w, &h) == CLI_OK &&
        (w < 1 || h < 1 || w > AMZ_MAX_SIDE || h > AMZ_MAX_SIDE || w * h > AMZ_MAX_CELLS))
        abort();
    if (cli_parse_cell("fuzz", "--start", s, &cell) == CLI_OK &&
        (cell.x < 0 || cell.y < 0 || cell.z < 0 || cell.x > AMZ_MAX_SIDE || cell.y > AMZ_MAX_SIDE ||
         cell.z > AMZ_MAX_LEVELS || !cell.given))
        abort();
    /* Every topology's size syntax: accepted sizes are in range (amz_grid_check decides the rest). */
    for (int t = 0; t < AMZ_TOPO_COUNT; t++) {
        amz_grid g = {(amz_topology)t, 0, 0, 1, 0, false};
        if (amz_grid_parse_size((amz_topology)t, s, &g, NULL) == AMZ_OK && (g.width < 0 || g.height < 0))
            abort();
        if (amz_grid_check(&g, NULL) == AMZ_OK && amz_grid_cells(&g) < 1)
            abort();
    }
    if (cli_parse_u64("fuzz", "--seed", s, &v) == CLI_OK) {
        /* Accepted: digits only, and the same value a reference conversion gives. */
        if (strspn(s, "0123456789") != strlen(s) || strtoull(s, NULL, 10) != v)
            abort();
    }
    (void)cli_parse_bytes("fuzz", "--max-memory", s, &v);
    return 0;
}
