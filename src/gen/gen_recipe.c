/* gen_recipe.c — writing down how a maze was made: after a run, amz_gen_run leaves in
 * m->recipe the `amaze generate` options that give the same maze again (the grid part
 * the maze had, then the generator, seed, the options that tune it where they are not
 * the defaults, braid, islands and where the ends went). Numbers are written in the
 * shortest form that reads back to the same double, so a recipe rebuilds bit for bit. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "amaze/maze.h"
#include "core/error.h"
#include "gen/gen_impl.h"
#include "grid/recipe.h"
#include "grid/topo.h"

/* The shortest %g form of v that strtod reads back exactly. */
static void put_number(char *out, size_t cap, double v)
{
    /* 17 significant digits always round-trip an IEEE-754 double, so the loop ends with
     * an exact form at the latest there; the values are range-checked, never NaN. */
    for (int prec = 1; prec <= 17; prec++) {
        snprintf(out, cap, "%.*g", prec, v);
        if (strtod(out, NULL) == v)
            return;
    }
}

/* Appends "--opt value" (value NULL: the flag alone). */
static bool add(char *buf, const char *opt, const char *value)
{
    return recipe_append(buf, AMZ_RECIPE_MAX, opt) && (!value || recipe_append(buf, AMZ_RECIPE_MAX, value));
}

/* A cell as the options take it: "x,y" (or "x,y,z") of m's cell c; without a maze, c
 * of a plain grid `width` cells wide. */
static bool add_cell(char *buf, const amz_maze *m, int64_t width, const char *opt, amz_cell c)
{
    char xy[48];
    if (m)
        grid_cell_coords(m, c, xy, sizeof xy);
    else
        snprintf(xy, sizeof xy, "%lld,%lld", (long long)(c % width), (long long)(c / width));
    return add(buf, opt, xy);
}

/* Appends "--weave P" for a weave grid whose words do not say it yet. */
static bool add_weave(char *out, bool weave_grid, double weave)
{
    char num[40];
    if (!weave_grid || recipe_has_word(out, "--weave"))
        return true;
    put_number(num, sizeof num, weave);
    return add(out, "--weave", num);
}

bool gen_recipe_full_grid(const amz_grid *g, double weave, char *out)
{
    return recipe_grid_words(g, out, AMZ_RECIPE_MAX) && add_weave(out, g->weave, weave);
}

bool gen_recipe_grid(const amz_maze *m, double weave, char *out)
{
    /* The grid part comes from the maze's own recipe when it has one (a shape or mask
     * made it), since the cells cannot be described otherwise; false means "no honest
     * recipe", and the maze then gets none. */
    out[0] = '\0';
    if (m->recipe) {
        size_t n = grid_recipe_length(m->recipe);
        memcpy(out, m->recipe, n);
        out[n] = '\0';
        return add_weave(out, m->weave, weave);
    }
    if (m->mask)
        return false; /* cells removed by someone who did not say how */
    const amz_grid g = amz_maze_grid(m);
    return gen_recipe_full_grid(&g, weave, out);
}

bool gen_recipe_build(char *r, const char *grid, const amz_gen_info *g, const amz_gen_options *o, bool masked,
                      const amz_maze *m, int64_t width, amz_cell first, amz_cell last, amz_cell start, amz_cell goal)
{
    char num[40];
    snprintf(r, AMZ_RECIPE_MAX, "%s", grid);
    snprintf(num, sizeof num, "%llu", (unsigned long long)o->seed);
    /* A named labyrinth is its own recipe: no generator, seed or ends. */
    if (o->labyrinth)
        return add(r, "--labyrinth", amz_labyrinth_name(o->labyrinth));
    bool ok = add(r, "-a", g->name) && add(r, "--seed", num);
    /* The options this generator takes, where they are not the defaults. */
    amz_gen_options d;
    amz_gen_options_init(&d);
    if (ok && (g->options & AMZ_GEN_OPT_BIAS) && (o->bias != d.bias || o->bias_weight != d.bias_weight)) {
        static const char *const corner[] = {"ne", "nw", "se", "sw"};
        char w[32], b[48];
        put_number(w, sizeof w, o->bias_weight);
        snprintf(b, sizeof b, "%s%s%s", corner[o->bias], o->bias_weight != d.bias_weight ? ":" : "",
                 o->bias_weight != d.bias_weight ? w : "");
        ok = add(r, "--bias", b);
    }
    if (ok && (g->options & AMZ_GEN_OPT_CHOICE) && o->choice && strcmp(o->choice, "newest") != 0)
        ok = add(r, "--choice", o->choice);
    if (ok && (g->options & AMZ_GEN_OPT_BRANCHING) && o->branching != d.branching) {
        put_number(num, sizeof num, o->branching);
        ok = add(r, "--branching", num);
    }
    if (ok && (g->options & AMZ_GEN_OPT_NEAR_START) && o->near_start)
        ok = add(r, "--near-start", NULL);
    if (ok && o->braid > 0) {
        put_number(num, sizeof num, o->braid);
        ok = add(r, "--braid", num);
    }
    if (ok && o->unicursal)
        ok = add(r, "--unicursal", NULL);
    if (ok && o->symmetry)
        ok = add(r, "--symmetry", amz_symmetry_name(o->symmetry));
    if (ok && o->sparse) {
        snprintf(num, sizeof num, "%lu", (unsigned long)o->sparse);
        ok = add(r, "--sparse", num);
    }
    if (ok && o->sparse_share > 0) { /* a share is written with its point: 0.3, 1e-05 as 0.00001 */
        put_number(num, sizeof num, o->sparse_share);
        if (!strchr(num, '.'))
            snprintf(num, sizeof num, "%.17f", o->sparse_share);
        ok = add(r, "--sparse", num);
    }
    if (ok && o->allow_islands && masked)
        ok = add(r, "--allow-islands", NULL);
    /* The root where it is not the start; then the ends: the caller's cells where they
     * are not the grid's first and last. */
    if (ok && o->root != AMZ_NO_CELL && o->root != start)
        ok = add_cell(r, m, width, "--root", o->root);
    if (ok && o->ends == AMZ_ENDS_LONGEST)
        ok = add(r, "--longest", NULL);
    if (ok && o->ends != AMZ_ENDS_LONGEST && start != first)
        ok = add_cell(r, m, width, "--start", start);
    if (ok && o->ends == AMZ_ENDS_FARTHEST)
        ok = add(r, "--goal", "farthest");
    else if (ok && o->ends == AMZ_ENDS_KEEP && goal != last)
        ok = add_cell(r, m, width, "--goal", goal);
    return ok;
}

amz_status gen_recipe_set(amz_maze *m, const char *grid, const amz_gen_info *g, const amz_gen_options *o,
                          amz_cell start, amz_cell goal, amz_error *err)
{
    /* probe is a shallow copy used only to ask for the default ends; it owns nothing. */
    char r[AMZ_RECIPE_MAX];
    amz_maze probe = *m;
    amz_cell first = 0, last = m->ncells - 1;
    if (amz_maze_default_ends(&probe, NULL) == AMZ_OK) {
        first = probe.start;
        last = probe.goal;
    }
    /* A recipe too long to store is no recipe: better none than a wrong one. */
    bool ok = gen_recipe_build(r, grid, g, o, m->mask != NULL, m, m->width, first, last, start, goal);
    return amz_maze_set_recipe(m, ok ? r : NULL, err);
}
