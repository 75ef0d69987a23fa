/* shuffle.c — random boards: a uniform solvable permutation (Fisher-Yates, Knuth TAOCP
 * vol. 2, Algorithm 3.4.2P, then one swap to fix the parity, as Sam Loyd's puzzle is
 * set up by hand) and a random walk of legal moves from a given board. */
#include "core/rng_inline.h"
#include "slide/slide_impl.h"

amz_status amz_slide_shuffle(amz_slide_board *b, int rows, int cols, amz_slide_goal goal, amz_rng *rng, amz_error *err)
{
    amz_slide_board t;
    amz_status st = amz_slide_board_init(&t, rows, cols, goal, err);
    if (st)
        return st;
    int n = rows * cols;
    for (int i = n - 1; i > 0; i--) {
        int j = (int)rng_below(rng, (uint32_t)i + 1);
        uint16_t x = t.tiles[i];
        t.tiles[i] = t.tiles[j];
        t.tiles[j] = x;
    }
    for (int c = 0; c < n; c++)
        if (t.tiles[c] == 0)
            t.blank = c;
    /* Exactly half of all arrangements are solvable, and the fixing swap below is a
     * bijection from the other half onto them, so the result is uniform over solvable
     * boards. The permutation draws are fixed by the seed (golden outputs). */
    if (!amz_slide_is_solvable(&t)) {
        /* Swapping two tiles (not the blank) flips the permutation's parity and keeps
         * the blank: an involution between unsolvable and solvable boards. */
        int a = t.blank == 0 ? 1 : 0;
        int c = a + 1 == t.blank ? a + 2 : a + 1;
        uint16_t x = t.tiles[a];
        t.tiles[a] = t.tiles[c];
        t.tiles[c] = x;
    }
    *b = t;
    return AMZ_OK;
}

void amz_slide_walk(amz_slide_board *b, amz_rng *rng, uint64_t steps)
{
    /* A walk that never undoes its last move, so `steps` moves are not wasted on
     * immediate back-and-forth; the board stays solvable since every move is legal. */
    int prev = SLIDE_NO_MOVE;
    for (uint64_t s = 0; s < steps; s++) {
        int options[4] = {0}, k = 0;
        for (int m = 0; m < 4; m++)
            if (m != (prev == SLIDE_NO_MOVE ? -1 : slide_opposite(prev)) &&
                slide_step(b->rows, b->cols, b->blank, m) >= 0)
                options[k++] = m;
        /* Every cell of a board with both sides >= 2 has two neighbours, so after
         * excluding the way back at least one move remains. */
        int m = options[rng_below(rng, (uint32_t)k)];
        amz_slide_move_blank(b, (amz_slide_move)m);
        prev = m;
    }
}
