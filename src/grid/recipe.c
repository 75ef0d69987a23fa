/* recipe.c — the words of a maze's recipe: where its grid part ends, and appending a
 * word quoted the way a shell reads it back (a recipe is pasted into a terminal).
 * Every function here is bounded by its cap and never writes past it. */
#include <stdio.h>
#include <string.h>

#include "grid/recipe.h"

size_t grid_recipe_length(const char *r)
{
    /* "-a" must be a whole word outside quotes, so a quoted mask file named
     * 'x -a y' does not end the grid part early. Within single quotes nothing is special,
     * so toggling on every ' also handles the '\'' sequence recipe_append writes. */
    bool quoted = false;
    for (size_t i = 0; r[i]; i++) {
        if (r[i] == '\'')
            quoted = !quoted;
        else if (!quoted && (i == 0 || r[i - 1] == ' ') && r[i] == '-' && r[i + 1] == 'a' &&
                 (r[i + 2] == ' ' || r[i + 2] == '\0'))
            return i ? i - 1 : 0;
    }
    return strlen(r);
}

bool recipe_grid_words(const amz_grid *g, char *out, size_t cap)
{
    char size[64];
    out[0] = '\0';
    amz_grid_format_size(g, size, sizeof size);
    /* Square is the CLI's default topology, so it is left out; levels are in the size. */
    bool ok = recipe_append(out, cap, "-s") && recipe_append(out, cap, size);
    if (ok && g->topology != AMZ_TOPO_SQUARE)
        ok = recipe_append(out, cap, "-t") && recipe_append(out, cap, amz_topology_name(g->topology));
    if (ok && g->wrap)
        ok = recipe_append(out, cap, "--wrap") &&
             recipe_append(out, cap, g->wrap == AMZ_WRAP_X ? "x" : g->wrap == AMZ_WRAP_Y ? "y" : "xy");
    return ok;
}

bool recipe_append(char *buf, size_t cap, const char *word)
{
    size_t len = strlen(buf);
    /* Quote words a shell would split or expand; ' inside becomes '\''. */
    bool plain = word[0] != '\0';
    for (const char *p = word; *p && plain; p++)
        plain = strchr(" \t'\"\\$`*?[]{}()<>|&;#~!", *p) == NULL;
    /* q holds the quoted word; 1100 leaves room over AMZ_RECIPE_MAX (1024) for the
     * quotes, and a word that still does not fit is refused below, never cut. */
    char q[1100];
    size_t n = 0;
    if (plain) {
        n = (size_t)snprintf(q, sizeof q, "%s", word);
    } else {
        q[n++] = '\'';
        for (const char *p = word; *p && n + 5 < sizeof q; p++) {
            if (*p == '\'') {
                memcpy(q + n, "'\\''", 4);
                n += 4;
            } else {
                q[n++] = *p;
            }
        }
        q[n++] = '\'';
        q[n] = '\0';
    }
    if (n >= sizeof q || len + (len ? 1 : 0) + n + 1 > cap)
        return false;
    if (len)
        buf[len++] = ' ';
    memcpy(buf + len, q, n + 1);
    return true;
}

/* The next word of r at *i (quotes kept), into w; false at the end. A word longer
 * than cap is cut in w but fully skipped in r, so the word boundaries stay right. */
static bool next_word(const char *r, size_t *i, char *w, size_t cap)
{
    while (r[*i] == ' ')
        (*i)++;
    if (!r[*i])
        return false;
    size_t n = 0;
    bool quoted = false;
    for (; r[*i] && (quoted || r[*i] != ' '); (*i)++) {
        if (r[*i] == '\'')
            quoted = !quoted;
        if (n + 1 < cap)
            w[n++] = r[*i];
    }
    w[n] = '\0';
    return true;
}

void recipe_drop_ends(const char *r, char *out, size_t cap)
{
    char w[1100];
    size_t i = 0, len = 0;
    out[0] = '\0';
    while (next_word(r, &i, w, sizeof w)) {
        if (strcmp(w, "--start") == 0 || strcmp(w, "--goal") == 0) {
            next_word(r, &i, w, sizeof w); /* and its value */
            continue;
        }
        if (strcmp(w, "--longest") == 0)
            continue;
        size_t n = strlen(w);
        /* Out of room: stop at a word boundary, leaving a shorter but well-formed
         * recipe (amz_maze_set_ends passes AMZ_RECIPE_MAX bytes, which always fit). */
        if (len + (len ? 1 : 0) + n + 1 > cap)
            break;
        if (len)
            out[len++] = ' ';
        memcpy(out + len, w, n + 1);
        len += n;
    }
}

bool recipe_has_word(const char *r, const char *w)
{
    char word[1100];
    size_t i = 0;
    while (next_word(r, &i, word, sizeof word))
        if (strcmp(word, w) == 0)
            return true;
    return false;
}
