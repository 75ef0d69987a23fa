/* recipe.h — the words of a maze's recipe (amz_maze.recipe): the options of `amaze
 * generate` that make it again. A recipe is a grid part (which cells: -s, -t, --shape,
 * --mask, ...) followed by a generator part that starts with the word "-a". Words are
 * separated by single spaces; a word with a space or quote in it (a mask file's name)
 * is single-quoted the way a POSIX shell reads it. */
#ifndef AMZ_GRID_RECIPE_H
#define AMZ_GRID_RECIPE_H

#include <stdbool.h>
#include <stddef.h>

#include "amaze/maze.h"

/* Bytes of the grid part of recipe r: up to (not including) the space before the word
 * "-a" outside quotes; strlen(r) when there is none. 0 when r starts with "-a". */
size_t grid_recipe_length(const char *r);

/* Appends " word" (or "word" to an empty buffer) to buf of size cap, single-quoted when
 * it needs to be; false when it does not fit (buf then unchanged). */
bool recipe_append(char *buf, size_t cap, const char *word);

/* Writes the words that make grid g's cells, "-s SIZE [-t T] [--wrap W]", into out
 * (cap bytes; weave's share of chances is the generator's to add). False when they do
 * not fit. */
bool recipe_grid_words(const amz_grid *g, char *out, size_t cap);

/* Copies recipe r into out (cap bytes) without the words that place the ends
 * (--start X,Y, --goal X,Y, --goal farthest, --longest). */
void recipe_drop_ends(const char *r, char *out, size_t cap);

/* True if recipe r has the word w (outside quotes). */
bool recipe_has_word(const char *r, const char *w);

#endif
