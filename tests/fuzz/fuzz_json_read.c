/* fuzz_json_read.c — the JSON maze reader on its own (amz_io_read_json; maze_read
 * reaches it too, through the sniffer, but spends most inputs elsewhere). A maze it
 * accepts must satisfy the model's invariants, keep its recipe, and write back to
 * JSON that reads to the same maze and writes the same bytes again. */
#include "fuzz_util.h"

static char *to_json(const amz_maze *m, size_t *len)
{
    fuzz_mem mem;
    if (amz_io_write_json(m, fuzz_mem_open(&mem), NULL))
        fuzz_die("writing an accepted maze failed");
    fuzz_mem_close(&mem);
    *len = mem.len;
    return mem.buf;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    amz_read_options o = {16u << 20};
    amz_maze m;
    amz_error err;
    amz_error_clear(&err);
    if (fuzz_refused(amz_io_read_json((const char *)data, size, &m, &o, &err), &err))
        return 0;
    fuzz_check_maze(&m);
    if (m.ncells <= 4096) {
        size_t len, len2;
        char *a = to_json(&m, &len);
        amz_maze back;
        if (amz_io_read_json(a, len, &back, NULL, &err)) {
            fprintf(stderr, "%s\n", err.msg);
            fuzz_die("written JSON did not read back");
        }
        if (!amz_maze_equal(&m, &back) || (m.recipe == NULL) != (back.recipe == NULL) ||
            (m.recipe && strcmp(m.recipe, back.recipe) != 0) || m.has_solution != back.has_solution)
            fuzz_die("JSON round trip changed the maze");
        char *b = to_json(&back, &len2);
        if (len != len2 || memcmp(a, b, len) != 0)
            fuzz_die("JSON written twice differs");
        amz_maze_deinit(&back);
        free(a);
        free(b);
    }
    amz_maze_deinit(&m);
    return 0;
}
