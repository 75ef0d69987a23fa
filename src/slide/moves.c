/* moves.c — solutions as strings of move letters: from move codes, mirrored for the
 * blank-first convention (a blank-first board is solved as its 180-degree rotation,
 * which swaps U<->D and L<->R), and freed. The bottom of src/slide: every solver
 * returns its moves through here; this file calls only the letter helpers of board.c. */
#include <string.h>

#include "amaze/alloc.h"
#include "slide/slide_impl.h"

/* Move codes are 0..3 (amz_slide_move); & 3 only keeps the table index in range. The
 * string is the caller's (amz_slide_solution.moves, freed by amz_slide_solution_deinit);
 * NULL when out of memory. */
char *slide_letters(const uint8_t *moves, size_t len)
{
    char *s = amz_malloc(len + 1);
    if (!s)
        return NULL;
    for (size_t i = 0; i < len; i++)
        s[i] = "UDLR"[moves[i] & 3];
    s[len] = '\0';
    return s;
}

void slide_flip_moves(char *moves, size_t len)
{
    /* In place; anything that is not a move letter is left alone. */
    for (size_t i = 0; i < len; i++) {
        int m = amz_slide_move_parse(moves[i]);
        if (m >= 0)
            moves[i] = amz_slide_move_letter((amz_slide_move)slide_opposite(m));
    }
}

void amz_slide_solution_deinit(amz_slide_solution *s)
{
    if (!s)
        return;
    amz_free(s->moves);
    memset(s, 0, sizeof *s);
}
