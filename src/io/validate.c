/* validate.c — the checks every maze reader runs: a claimed size against the memory
 * limit before anything is allocated, and a freshly read maze against the model's
 * invariants (docs/FORMAT.md: passages stay inside the maze, start and goal exist). */
#include "amaze/io.h"
#include "core/bits.h"
#include "core/checked.h"
#include "core/error.h"
#include "grid/grid.h"
#include "io/io_impl.h"

/* The message for a set slot that may not be: any passage of a removed cell, else a
 * passage with no existing cell at its other end (off the grid or a removed one). */
static amz_status bad_edge(const amz_maze *m, amz_cell c, int d, amz_error *err)
{
    char xy[48];
    grid_cell_coords(m, c, xy, sizeof xy);
    if (!grid_exists(m, c))
        return amz_errorf(err, AMZ_EFORMAT, "removed cell (%s) has a passage", xy);
    return amz_errorf(err, AMZ_EFORMAT, "cell (%s) has a passage %s leading out of the maze", xy,
                      amz_dir_name(m->topology, d));
}

/* Plain grids: owned edge d is bit d-1 (square E S, hex NE SE S are directions 1..3
 * and slots 0..2), so no slot table is needed. */
static amz_status check_plain_cell(const amz_maze *m, amz_cell c, amz_error *err)
{
    unsigned own = bits_field(m->passages, (uint64_t)c * (uint64_t)m->bits, (unsigned)m->bits);
    for (int d = 1; own && d <= m->bits; d++)
        if ((own >> (d - 1)) & 1u)
            if (!grid_exists(m, c) || grid_neighbor(m, c, d) == AMZ_NO_CELL)
                return bad_edge(m, c, d, err);
    return AMZ_OK;
}

/* Any grid: every set slot of c is an owned direction with a neighbour. */
static amz_status check_cell(const amz_maze *m, amz_cell c, amz_error *err)
{
    unsigned own = bits_field(m->passages, (uint64_t)c * (uint64_t)m->bits, (unsigned)m->bits);
    if (!own)
        return AMZ_OK;
    /* allowed: the slots of c's owned directions that have an existing neighbour (none
     * for a removed c), so a slot whose direction leads nowhere, such as a down
     * triangle's S, must be 0. */
    amz_cell nb[AMZ_MAX_DIRS];
    unsigned allowed = 0;
    if (grid_exists(m, c)) {
        int nd = grid_nbrs(m, c, nb);
        for (int d = 0; d < nd; d++)
            if (grid_slot[m->topology][d] >= 0 && nb[d] != AMZ_NO_CELL)
                allowed |= 1u << grid_slot[m->topology][d];
    }
    if (!(own & ~allowed))
        return AMZ_OK;
    /* Report the lowest offending slot; finding its direction is only for the message. */
    unsigned slot = (unsigned)__builtin_ctz(own & ~allowed);
    int d = 0;
    /* the direction of that slot (square slot 2 is D with levels, E2 on a weave) */
    while (d < m->ndirs && (grid_slot[m->topology][d] != (int)slot || (m->weave && d == AMZ_SQ_D)))
        d++;
    return bad_edge(m, c, d, err);
}

/* A weave under-passage from c in direction d runs under the cell between, which must
 * be a plain corridor the other way: open exactly N and S under an E-W passage, exactly
 * E and W under an N-S one. */
static amz_status check_weave(const amz_maze *m, amz_cell c, amz_error *err)
{
    /* E2 and S2 only: those are the under-passages c owns; an N2 or W2 is stored, and
     * checked, at the cell on its other end. */
    for (int d = AMZ_SQ_E2; d <= AMZ_SQ_S2; d++) {
        if (!grid_open(m, c, d))
            continue;
        amz_cell mid = grid_neighbor(m, c, d - AMZ_SQ_N2);
        if (mid == AMZ_NO_CELL || !grid_straight(grid_open_mask(m, mid), d == AMZ_SQ_E2)) {
            char xy[48];
            grid_cell_coords(m, c, xy, sizeof xy);
            return amz_errorf(err, AMZ_EFORMAT,
                              "cell (%s) has a passage %s under a cell that is not a corridor across it",
                              xy, amz_dir_name(m->topology, d));
        }
    }
    return AMZ_OK;
}

amz_status io_validate(const amz_maze *m, amz_error *err)
{
    amz_status st;
    if (!amz_maze_is_plain(m)) {
        for (amz_cell c = 0; c < m->ncells; c++)
            if ((st = check_cell(m, c, err)) || (m->weave && (st = check_weave(m, c, err))))
                return st;
    } else if (m->mask) {
        /* With a mask any cell may border a removed one, so every cell is checked. */
        for (amz_cell c = 0; c < m->ncells; c++)
            if ((st = check_plain_cell(m, c, err)))
                return st;
    } else {
        /* Without a mask an owned edge can only leave the grid from the first row (hex
         * NE), the last row or the last column. */
        const int32_t w = m->width, h = m->height;
        for (int32_t x = 0; x < w; x++)
            if ((st = check_plain_cell(m, x, err)) || (st = check_plain_cell(m, (amz_cell)(h - 1) * w + x, err)))
                return st;
        for (int32_t y = 0; y < h; y++)
            if ((st = check_plain_cell(m, (amz_cell)y * w + (w - 1), err)))
                return st;
    }
    if (!amz_maze_exists(m, m->start) || !amz_maze_exists(m, m->goal))
        return amz_errorf(err, AMZ_EFORMAT, "the %s is not a cell of the maze",
                          amz_maze_exists(m, m->start) ? "goal" : "start");
    return AMZ_OK;
}

amz_status io_check_size(const amz_grid *grid, const amz_read_options *o, amz_error *err)
{
    /* On a copy (amz_grid_check fills in defaults). A header's impossible grid is a
     * format error, not the caller's EINVAL, hence the re-coded message. */
    amz_grid g = *grid;
    amz_error gerr;
    amz_error_clear(&gerr);
    if (amz_grid_check(&g, &gerr))
        return amz_errorf(err, AMZ_EFORMAT, "impossible maze size: %s", gerr.msg);
    int ndirs, bits;
    grid_shape_of(&g, &ndirs, &bits);
    /* bits + 1: the passages plus one mask bit per cell, which a reader may need; no
     * overflow, since cells <= AMZ_MAX_CELLS and bits <= 4. */
    const uint64_t bytes = (uint64_t)amz_grid_cells(&g) * (uint64_t)(bits + 1) / 8;
    if (o && o->max_bytes && bytes > o->max_bytes) {
        /* MB, or KB for small limits (tests, tight --max-memory), rounded up. */
        const bool mb = o->max_bytes >= (1u << 20);
        const unsigned sh = mb ? 20 : 10;
        char size[64];
        amz_grid_format_size(&g, size, sizeof size);
        return amz_errorf(err, AMZ_ENOMEM, "a %s maze needs about %llu %s, more than the %llu %s allowed", size,
                          (unsigned long long)((bytes + (1u << sh) - 1) >> sh), mb ? "MB" : "KB",
                          (unsigned long long)(o->max_bytes >> sh), mb ? "MB" : "KB");
    }
    return AMZ_OK;
}
