/* fuzz_json_read.c — the JSON maze reader on its own (amz_io_read_json; maze_read
 * reaches it too, through the sniffer, but spends most inputs elsewhere). A maze it
 * accepts must satisfy the model's invariants, keep its recipe, and write back to
 * JSON that reads to the same maze and writes the same bytes again. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "amaze.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static void die(const char *what)
{
    fprintf(stderr, "fuzz_json_read: %s\n", what);
    abort();
}

static char *to_json(const amz_maze *m, size_t *len)
{
    char *buf = NULL;
    FILE *f = open_memstream(&buf, len);
    if (amz_io_write_json(m, f, NULL))
        die("writing an accepted maze failed");
    fclose(f);
    return buf;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    amz_read_options o = {16u << 20};
    amz_maze m;
    amz_error err;
    amz_error_clear(&err);
    if (amz_io_read_json((const char *)data, size, &m, &o, &err)) {
        if (!err.msg[0])
            die("an error without a message");
        return 0;
    }
    for (amz_cell c = 0; c < m.ncells; c++)
        for (int d = 0; d < m.ndirs; d++)
            if (amz_maze_passage(&m, c, d) &&
                !amz_maze_passage(&m, amz_maze_neighbor(&m, c, d), amz_dir_opposite(m.topology, d)))
                die("one-sided passage");
    if (!amz_maze_exists(&m, m.start) || !amz_maze_exists(&m, m.goal))
        die("start or goal outside the maze");
    if (m.ncells <= 4096) {
        size_t len, len2;
        char *a = to_json(&m, &len);
        amz_maze back;
        if (amz_io_read_json(a, len, &back, NULL, &err)) {
            fprintf(stderr, "%s\n", err.msg);
            die("written JSON did not read back");
        }
        if (!amz_maze_equal(&m, &back) || (m.recipe == NULL) != (back.recipe == NULL) ||
            (m.recipe && strcmp(m.recipe, back.recipe) != 0) || m.has_solution != back.has_solution)
            die("JSON round trip changed the maze");
        char *b = to_json(&back, &len2);
        if (len != len2 || memcmp(a, b, len) != 0)
            die("JSON written twice differs");
        amz_maze_deinit(&back);
        free(a);
        free(b);
    }
    amz_maze_deinit(&m);
    return 0;
}
