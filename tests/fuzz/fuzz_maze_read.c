/* fuzz_maze_read.c — every maze reader (.amz versions 1 and 2 with the grid record,
 * JSON with the grid fields, text art) through the sniffing loader, on every topology.
 * A maze that loads must satisfy the model's invariants and survive a write and re-read
 * in each format unchanged. */
#include "fuzz_util.h"

static void round_trip(const amz_maze *m, int fmt)
{
    fuzz_mem mem;
    FILE *f = fuzz_mem_open(&mem);
    amz_status st = fmt == 0 ? amz_io_write_amz(m, f, NULL) : amz_io_write_json(m, f, NULL);
    if (st)
        fuzz_die("writing a loaded maze failed");
    amz_maze back;
    amz_error err;
    st = amz_io_read(fuzz_mem_reopen(&mem), "rt", &back, NULL, NULL, &err);
    fuzz_mem_free(&mem);
    if (st) {
        fprintf(stderr, "%s\n", err.msg);
        fuzz_die("a written maze did not read back");
    }
    if (!amz_maze_equal(m, &back) || back.has_solution != m->has_solution || back.solution.len != m->solution.len ||
        (m->recipe == NULL) != (back.recipe == NULL) || (m->recipe && strcmp(m->recipe, back.recipe) != 0))
        fuzz_die("round trip changed the maze");
    amz_maze_deinit(&back);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    /* Bound the work per input: the readers refuse mazes above this memory. */
    amz_read_options o = {64u << 20};
    FILE *f = fuzz_input_file(data, size);
    if (!f)
        return 0;
    amz_maze m;
    amz_error err;
    amz_status st = amz_io_read(f, "fuzz", &m, &o, NULL, &err);
    fclose(f);
    if (fuzz_refused(st, &err))
        return 0;
    /* Invariants: every open edge leads to an existing cell and is seen from both sides
     * (through the way back, which on polar grids depends on the cell). */
    for (amz_cell c = 0; c < m.ncells; c++)
        for (int d = 0; d < m.ndirs; d++) {
            if (!amz_maze_passage(&m, c, d))
                continue;
            amz_cell nb = amz_maze_neighbor(&m, c, d);
            if (nb == AMZ_NO_CELL || !amz_maze_exists(&m, nb) || !amz_maze_passage(&m, nb, amz_maze_back(&m, c, d)))
                fuzz_die("one-sided passage");
        }
    if (!amz_maze_exists(&m, m.start) || !amz_maze_exists(&m, m.goal))
        fuzz_die("start or goal outside the maze");
    if (m.ncells <= 4096) {
        round_trip(&m, 0);
        round_trip(&m, 1);
    }
    amz_maze_deinit(&m);
    return 0;
}
