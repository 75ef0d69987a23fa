/* maze_args.c — the maze options shared by generate, animate, play and book: parsing,
 * validation from the generator registry, difficulty targets (docs/STATS.md), the memory
 * guard and making the grid. A refused combination is a usage error (exit 2) found before
 * any work, and its message names the options as the user wrote them. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "cli/cli.h"
#include "cli/maze_args.h"

void cli_maze_args_init(cli_maze_args *a, int64_t w, int64_t h)
{
    memset(a, 0, sizeof *a);
    a->w = w;
    a->h = h;
    a->topology = "square";
    a->algorithm = amz_gen_at(0)->name; /* the catalog's default */
    amz_gen_options_init(&a->o);
    amz_target_init(&a->target);
    a->lvl_lo = a->lvl_hi = -1;
    /* Sizes the difficulty picks keep the shape of the command's default size. */
    a->aspect = w > 0 && h > 0 ? (double)w / (double)h : 1;
}

/* Index of a single option bit (its log2), for given_name[]. */
static int bit_index(unsigned bit)
{
    int i = 0;
    while (bit > 1u) {
        bit >>= 1;
        i++;
    }
    return i;
}

/* Records that generator option `bit` was given, and how, so that cli_maze_check can
 * refuse it by that name when the chosen generator does not take it. */
static void give(cli_maze_args *a, unsigned bit, const char *spelt)
{
    a->given |= bit;
    a->given_name[bit_index(bit)] = spelt;
}

/* A number from 0 to 1 ("0.25", "1", ".5"); CLI_USAGE otherwise. */
static int parse_unit(const char *cmd, const char *opt, const char *s, double *out)
{
    char *end;
    double v = strtod(s, &end);
    /* Written as !(in range) so that a NaN ("nan" parses) is refused too. */
    if (end == s || *end || !(v >= 0.0 && v <= 1.0))
        return cli_usage(cmd, opt, "'%s' is not a number from 0 to 1", s);
    *out = v;
    return CLI_OK;
}

/* --bias CORNER[:P]; the corners' order is amz_corner's. */
static int parse_bias(const char *cmd, const char *s, amz_gen_options *o)
{
    static const char *const corners[] = {"ne", "nw", "se", "sw"};
    for (int c = 0; c < 4; c++)
        if (strncmp(s, corners[c], 2) == 0 && (s[2] == '\0' || s[2] == ':')) {
            o->bias = (amz_corner)c;
            return s[2] == ':' ? parse_unit(cmd, "--bias", s + 3, &o->bias_weight) : CLI_OK;
        }
    return cli_usage(cmd, "--bias", "'%s': expected ne, nw, se or sw, optionally with :P (0 to 1)", s);
}

/* One end of --difficulty: a level name (*lvl set) or a number of bits (*lvl = -1). */
static int parse_level(const char *cmd, const char *s, size_t len, int *lvl, double *bits)
{
    char buf[64];
    if (len == 0 || len >= sizeof buf)
        return cli_usage(cmd, "--difficulty", "expected easy, medium, hard, expert or a number of bits");
    memcpy(buf, s, len);
    buf[len] = '\0';
    /* A level name first; else a number, whose band (+- 10%, difficulty.h) also checks
     * its range. */
    amz_level l;
    if (amz_level_parse(buf, &l, NULL) == AMZ_OK) {
        *lvl = (int)l;
        return CLI_OK;
    }
    char *end;
    double v = strtod(buf, &end);
    double lo, hi;
    if (end == buf || *end || amz_difficulty_band(v, &lo, &hi, NULL))
        return cli_usage(cmd, "--difficulty", "'%s': expected easy, medium, hard, expert or a number of bits "
                         "from 0 to 100000", buf);
    *lvl = -1;
    *bits = v;
    return CLI_OK;
}

/* --difficulty A or A..B. Both ends are levels or both numbers; whether a ramp is
 * allowed at all is cli_maze_check's question (only amaze book takes one). */
static int parse_difficulty(const char *cmd, cli_maze_args *a, const char *s)
{
    const char *dots = strstr(s, "..");
    size_t n1 = dots ? (size_t)(dots - s) : strlen(s);
    int rc = parse_level(cmd, s, n1, &a->lvl_lo, &a->bits_lo);
    a->lvl_hi = a->lvl_lo;
    a->bits_hi = a->bits_lo;
    a->ramp = dots != NULL;
    if (rc || !dots)
        return rc;
    if ((rc = parse_level(cmd, dots + 2, strlen(dots + 2), &a->lvl_hi, &a->bits_hi)))
        return rc;
    if ((a->lvl_lo < 0) != (a->lvl_hi < 0))
        return cli_usage(cmd, "--difficulty", "'%s': give two levels (easy..expert) or two numbers (10..60)", s);
    return CLI_OK;
}

/* A length: moves (a whole number) or a share of the cells (0.25 or 25%). */
static int parse_length(const char *cmd, const char *s, size_t len, double *v, bool *share)
{
    char buf[64], *end;
    if (len == 0 || len >= sizeof buf)
        return cli_usage(cmd, "--solution-length", "expected MIN[:MAX], moves or shares of the cells");
    memcpy(buf, s, len);
    buf[len] = '\0';
    /* A dot or a percent sign makes a share ("1.0" is every cell, "1" one move). */
    *v = strtod(buf, &end);
    *share = strchr(buf, '.') || *end == '%';
    if (*end == '%') {
        *v /= 100;
        end++;
    }
    if (end == buf || *end || !(*v >= 0) || (*share && *v > 1) || (!*share && *v > 1e15))
        return cli_usage(cmd, "--solution-length", "'%s': expected a number of moves or a share of the cells "
                         "(0 to 1, or 0%% to 100%%)", buf);
    return CLI_OK;
}

/* --solution-length MIN[:MAX]: both ends moves, or both shares. */
static int parse_solution_length(const char *cmd, amz_target *t, const char *s)
{
    const char *colon = strchr(s, ':');
    double lo = 0, hi = INFINITY;
    bool share_lo = false, share_hi = false;
    int rc = parse_length(cmd, s, colon ? (size_t)(colon - s) : strlen(s), &lo, &share_lo);
    share_hi = share_lo;
    if (!rc && colon)
        rc = parse_length(cmd, colon + 1, strlen(colon + 1), &hi, &share_hi);
    if (rc)
        return rc;
    if (share_lo != share_hi)
        return cli_usage(cmd, "--solution-length", "'%s': give both ends in moves or both as shares", s);
    if (hi < lo)
        return cli_usage(cmd, "--solution-length", "'%s': the minimum passes the maximum", s);
    /* MIN alone leaves the top open: INFINITY for moves, the whole maze for a share. */
    if (share_lo) {
        t->share_min = lo;
        t->share_max = colon ? hi : 1;
    } else {
        t->moves_min = lo;
        t->moves_max = hi;
    }
    return CLI_OK;
}

/* --dead-ends P[:Q], percent of the cells; P alone is P +- 1. */
static int parse_dead_ends(const char *cmd, amz_target *t, const char *s)
{
    char *end;
    double lo = strtod(s, &end), hi;
    if (end != s && *end == '%')
        end++;
    if (end != s && *end == ':') {
        const char *q = end + 1;
        hi = strtod(q, &end);
        if (end == q)
            end = (char *)q - 1; /* nothing after the colon */
        else if (*end == '%')
            end++;
    } else {
        hi = lo + 1;
        lo = lo - 1;
    }
    /* -1 and 101 admit P alone at 0 and 100 (P +- 1); the low end is then held at 0. */
    if (end == s || *end || !(lo >= -1 && hi <= 101 && lo <= hi))
        return cli_usage(cmd, "--dead-ends", "'%s': expected a percentage P (0 to 100) or a range P:Q", s);
    t->dead_min = lo > 0 ? lo : 0;
    t->dead_max = hi;
    return CLI_OK;
}

/* Notes a target option; the first one given names the target in later messages. */
static int target_given(cli_maze_args *a, const char *opt)
{
    a->has_target = true;
    if (!a->target_opt)
        a->target_opt = opt;
    return CLI_OK;
}

/* --sparse K (whole passes) or --sparse 0.F (a share of the cells, below 1). */
static int parse_sparse(const char *cmd, const char *s, amz_gen_options *o)
{
    /* A dot or an exponent marks a share; anything else must be a whole count. */
    if (strchr(s, '.') || strchr(s, 'e') || strchr(s, 'E')) {
        char *end;
        double v = strtod(s, &end);
        if (end == s || *end || !(v > 0.0 && v < 1.0))
            return cli_usage(cmd, "--sparse", "'%s' is not a share between 0 and 1 (or a whole number of passes)", s);
        o->sparse_share = v;
        return CLI_OK;
    }
    int k;
    if (cli_parse_int_range(cmd, "--sparse", s, 0, 1000000000, &k))
        return CLI_USAGE;
    o->sparse = (uint32_t)k;
    return CLI_OK;
}

const char *cli_maze_making_option(const cli_maze_args *a)
{
    if (a->given)
        for (int i = 0; i < AMZ_GEN_OPTIONS; i++)
            if (a->given & (1u << i))
                return a->given_name[i];
    return a->has_size ? "--size" : a->has_topology ? "--topology" : a->has_algorithm ? "--algorithm"
         : a->has_seed ? "--seed" : a->levels ? "--levels" : a->wrap ? "--wrap" : a->weave > 0 ? "--weave"
         : a->mask ? "--mask" : a->shape ? "--shape" : a->allow_islands ? "--allow-islands"
         : a->o.braid > 0 ? "--braid" : a->o.unicursal ? "--unicursal" : a->symmetry ? "--symmetry"
         : a->labyrinth ? "--labyrinth" : a->o.sparse || a->o.sparse_share > 0 ? "--sparse"
         : a->root.given ? "--root" : a->has_target ? a->target_opt
         : NULL;
}

const char *cli_maze_ends_option(const cli_maze_args *a)
{
    return a->start.given ? "--start" : a->goal.given ? "--goal" : a->o.ends == AMZ_ENDS_FARTHEST ? "--goal farthest"
         : a->o.ends == AMZ_ENDS_LONGEST ? "--longest" : NULL;
}

int cli_maze_parse(const char *cmd, cli_maze_args *a, int c, const char *arg)
{
    int rc = CLI_OK;
    switch (c) {
    /* -s is kept as text: its syntax depends on the topology (polar: R or RxC), which a
     * later -t may still change; resolve_grid reads it. */
    case 's':
        a->size = arg;
        a->has_size = true;
        return CLI_OK;
    case MA_LEVELS: return cli_parse_int_range(cmd, "--levels", arg, 1, AMZ_MAX_LEVELS, &a->levels);
    case MA_WRAP:
        if (strcmp(arg, "x") == 0 || strcmp(arg, "y") == 0 || strcmp(arg, "xy") == 0) {
            a->wrap = (strchr(arg, 'x') ? AMZ_WRAP_X : 0) | (strchr(arg, 'y') ? AMZ_WRAP_Y : 0);
            return CLI_OK;
        }
        return cli_usage(cmd, "--wrap", "'%s': expected x, y or xy", arg);
    /* The grid needs to know there is a weave, the generator how much. */
    case MA_WEAVE:
        if ((rc = parse_unit(cmd, "--weave", arg, &a->weave)) == CLI_OK)
            a->o.weave = a->weave;
        return rc;
    case 't': a->topology = arg; a->has_topology = true; return CLI_OK;
    case 'a': a->algorithm = arg; a->has_algorithm = true; return CLI_OK;
    case MA_SEED:
        if ((rc = cli_parse_u64(cmd, "--seed", arg, &a->seed)) == CLI_OK)
            a->has_seed = true;
        return rc;
    case MA_SHAPE: a->shape = arg; return CLI_OK;
    case MA_MASK: a->mask = arg; return CLI_OK;
    case MA_ISLANDS: a->allow_islands = true; return CLI_OK;
    case MA_START: return cli_parse_cell(cmd, "--start", arg, &a->start);
    case MA_GOAL:
        if (strcmp(arg, "farthest") == 0) {
            a->o.ends = AMZ_ENDS_FARTHEST;
            return CLI_OK;
        }
        return cli_parse_cell(cmd, "--goal", arg, &a->goal);
    case MA_LONGEST: a->o.ends = AMZ_ENDS_LONGEST; return CLI_OK;
    case MA_ROOT: return cli_parse_cell(cmd, "--root", arg, &a->root);
    case MA_BRAID: return parse_unit(cmd, "--braid", arg, &a->o.braid);
    case MA_UNICURSAL: a->o.unicursal = true; return CLI_OK;
    case MA_SYMMETRY: a->symmetry = arg; return CLI_OK;
    case MA_LABYRINTH: a->labyrinth = arg; return CLI_OK;
    case MA_SPARSE: return parse_sparse(cmd, arg, &a->o);
    case MA_BIAS: give(a, AMZ_GEN_OPT_BIAS, "--bias"); return parse_bias(cmd, arg, &a->o);
    case MA_CHOICE: give(a, AMZ_GEN_OPT_CHOICE, "--choice"); a->o.choice = arg; return CLI_OK;
    case MA_BRANCHING:
        give(a, AMZ_GEN_OPT_BRANCHING, "--branching");
        return parse_unit(cmd, "--branching", arg, &a->o.branching);
    case MA_NEAR_START: give(a, AMZ_GEN_OPT_NEAR_START, "--near-start"); a->o.near_start = true; return CLI_OK;
    case MA_THREADS:
        /* One thread is what every generator does: only more is an option of some. */
        if ((rc = cli_parse_int_range(cmd, "--threads", arg, 1, AMZ_GEN_MAX_THREADS, &a->threads)) == CLI_OK &&
            a->threads > 1)
            give(a, AMZ_GEN_OPT_THREADS, "--threads");
        return rc;
    case MA_DIFFICULTY:
        a->difficulty = arg;
        target_given(a, "--difficulty");
        return parse_difficulty(cmd, a, arg);
    case MA_SOLUTION_LENGTH:
        target_given(a, "--solution-length");
        return parse_solution_length(cmd, &a->target, arg);
    case MA_DEAD_ENDS: target_given(a, "--dead-ends"); return parse_dead_ends(cmd, &a->target, arg);
    default: return CLI_NOT_MINE;
    }
}

const char *cli_gen_names(unsigned opt, char *buf, size_t cap)
{
    /* Counted first, so that the last name gets " and " rather than ", ". opt 0 asks
     * for the row generators, which are the ones that stream. */
    size_t n = 0, len = 0, total = 0;
    for (size_t i = 0; i < amz_gen_count(); i++) {
        const amz_gen_info *g = amz_gen_at(i);
        total += opt ? (g->options & opt) != 0 : g->rows != NULL;
    }
    buf[0] = '\0';
    /* A list past cap is cut by snprintf; len then passes cap and ends the loop. */
    for (size_t i = 0; i < amz_gen_count() && len < cap; i++) {
        const amz_gen_info *g = amz_gen_at(i);
        if (opt ? !(g->options & opt) : !g->rows)
            continue;
        n++;
        const char *sep = n == 1 ? "" : n == total ? " and " : ", ";
        int k = snprintf(buf + len, cap - len, "%s%s", sep, g->name);
        len += k > 0 ? (size_t)k : 0;
    }
    return buf;
}

/* The grid from -t, -s, --levels, --wrap and --weave: the size read in the topology's
 * syntax (or the command's default), then the library's rules, as usage errors. */
static int resolve_grid(const char *cmd, cli_maze_args *a)
{
    amz_error err;
    amz_error_clear(&err);
    amz_grid *g = &a->grid;
    *g = (amz_grid){a->topo, a->w, a->h, 0, a->wrap, a->weave > 0};
    if (a->topo == AMZ_TOPO_POLAR) /* the default: as many rings as half the default height */
        *g = (amz_grid){a->topo, 6, a->h / 2 > 1 ? a->h / 2 : 2, 0, a->wrap, a->weave > 0};
    if (a->size && amz_grid_parse_size(a->topo, a->size, g, &err))
        return cli_usage(cmd, "--size", "%s", err.msg);
    /* -s WxHxL and --levels L may both be given, as long as they agree. */
    if (a->levels && g->levels && g->levels != a->levels)
        return cli_usage(cmd, "--levels", "--levels %d and -s %s say different levels", (int)a->levels, a->size);
    if (a->levels)
        g->levels = a->levels;
    if (amz_grid_check(g, &err)) { /* named by the option the library's message is about */
        const char *opt = strncmp(err.msg, "--weave", 7) == 0  ? "--weave"
                          : strncmp(err.msg, "--wrap", 6) == 0 ? "--wrap"
                          : strstr(err.msg, "levels")          ? "--levels"
                                                               : "--size";
        return cli_usage(cmd, opt, "%s", err.msg);
    }
    /* w and h follow the grid from here on (for polar: the first ring's cells, rings). */
    a->w = g->width;
    a->h = g->height;
    return CLI_OK;
}

int cli_maze_text(const char *cmd, const cli_maze_args *a, amz_text_style style)
{
    if ((a->topo == AMZ_TOPO_SQUARE || a->topo == AMZ_TOPO_HEX) && a->grid.levels > 1 && !a->grid.wrap) {
        if (style == AMZ_TEXT_BLOCKS)
            return cli_usage(cmd, "--style", "text art draws mazes of levels as line art (ascii or unicode), "
                             "not blocks");
        return CLI_OK;
    }
    if (amz_grid_is_plain(&a->grid))
        return CLI_OK;
    if (!a->grid.weave || a->grid.wrap) {
        const bool topo = a->topo != AMZ_TOPO_SQUARE && a->topo != AMZ_TOPO_HEX;
        /* here square and hex grids are wrapped: of levels, weaves or flat */
        const char *opt = topo ? "--topology" : a->grid.levels > 1 ? "--levels" : "--wrap";
        const char *kind = topo ? a->topology : a->grid.levels > 1 ? "wrapped 3D" : a->grid.weave ? "wrapped weave"
                                                                                                  : "wrapped";
        return cli_usage(cmd, opt,
                         "text art takes square and hex mazes, flat or of levels, and weaves, not %s ones (pictures "
                         "and the web page draw them: -o maze.png)",
                         kind);
    }
    if (style != AMZ_TEXT_UNICODE)
        return cli_usage(cmd, "--style", "text art draws weave mazes in the unicode style only (dashed walls mark "
                         "the crossings): give --style unicode");
    return CLI_OK;
}

int cli_maze_check(const char *cmd, cli_maze_args *a)
{
    /* The order matters: the topology decides how -s is read, and the grid which
     * generators and shapes apply. */
    amz_error err;
    amz_error_clear(&err);
    if (amz_topology_parse(a->topology, &a->topo, &err))
        return cli_usage(cmd, "--topology", "%s", err.msg);
    if (!(a->g = amz_gen_find(a->algorithm)))
        return cli_usage(cmd, "--algorithm", "unknown generator '%s' (see amaze generate --list-algorithms)",
                         a->algorithm);
    int rc;
    if ((rc = resolve_grid(cmd, a)))
        return rc;
    if (amz_gen_check_grid(a->g, &a->grid, &err))
        return cli_usage(cmd, "--algorithm", "%s", err.msg);
    /* Options of other generators: the registry says whose they are. */
    for (int i = 0; i < AMZ_GEN_OPTIONS; i++) {
        unsigned bit = 1u << i;
        if ((a->given & bit) && !(a->g->options & bit)) {
            char names[256];
            return cli_usage(cmd, a->given_name[i], "%s is an option of %s, not of %s", a->given_name[i],
                             cli_gen_names(bit, names, sizeof names), a->g->name);
        }
    }
    /* 0 when --threads was not given. */
    a->o.threads = (unsigned)a->threads;
    if (a->o.ends == AMZ_ENDS_LONGEST && (a->start.given || a->goal.given))
        return cli_usage(cmd, "--longest", "--longest places start and goal itself; drop %s",
                         a->start.given ? "--start" : "--goal");
    if (a->o.ends == AMZ_ENDS_FARTHEST && a->goal.given)
        return cli_usage(cmd, "--goal", "give --goal once: a cell or 'farthest'");
    if (a->symmetry && amz_symmetry_parse(a->symmetry, &a->o.symmetry, &err))
        return cli_usage(cmd, "--symmetry", "%s", err.msg);
    if (a->labyrinth && amz_labyrinth_parse(a->labyrinth, &a->o.labyrinth, &err))
        return cli_usage(cmd, "--labyrinth", "%s", err.msg);
    if (a->o.labyrinth) {
        const char *other = a->has_algorithm ? "--algorithm" : a->o.braid > 0 ? "--braid"
                          : a->o.unicursal ? "--unicursal" : a->symmetry ? "--symmetry"
                          : a->o.sparse || a->o.sparse_share > 0 ? "--sparse" : a->shape ? "--shape"
                          : a->mask ? "--mask" : a->start.given || a->goal.given || a->o.ends ? "--start, --goal and --longest"
                          : a->topo != AMZ_TOPO_SQUARE ? "--topology" : !amz_grid_is_plain(&a->grid) ? "the grid options"
                          : a->given ? "generator options" : NULL;
        if (other)
            return cli_usage(cmd, "--labyrinth", "%s is a fixed design on a flat square grid: drop %s", a->labyrinth,
                             other);
    }
    /* The message names the first of these that was given. */
    const char *post = a->o.unicursal ? "--unicursal" : a->symmetry ? "--symmetry"
                     : a->o.sparse || a->o.sparse_share > 0 ? "--sparse" : NULL;
    if (post && ((a->topo != AMZ_TOPO_SQUARE && a->topo != AMZ_TOPO_HEX) || !amz_grid_is_plain(&a->grid)))
        return cli_usage(cmd, post, "works on flat square and hex grids, not %s%s",
                         amz_grid_is_plain(&a->grid) ? "" : "these ", a->topology);
    if (a->o.unicursal) {
        const char *other = a->goal.given || a->o.ends == AMZ_ENDS_FARTHEST ? "--goal"
                          : a->o.ends == AMZ_ENDS_LONGEST ? "--longest" : a->o.braid > 0 ? "--braid"
                          : a->o.sparse || a->o.sparse_share > 0 ? "--sparse" : a->symmetry ? "--symmetry"
                          : a->allow_islands ? "--allow-islands" : NULL;
        if (other)
            return cli_usage(cmd, "--unicursal", "a labyrinth is one path with its goal beside the start: drop %s",
                             other);
        /* A mask's size is known only once it is read. */
        if (!a->mask && (a->w % 2 || a->h % 2))
            return cli_usage(cmd, "--unicursal", "needs an even width and height (2x2 cells a block), not %lldx%lld",
                             (long long)a->w, (long long)a->h);
    }
    if (a->o.symmetry && !a->g->masks)
        return cli_usage(cmd, "--symmetry", "grows the maze on half the grid, and %s makes full rectangles only",
                         a->g->name);
    if (a->o.symmetry && a->allow_islands)
        return cli_usage(cmd, "--symmetry", "makes one maze, not one per island: drop --allow-islands");
    if (amz_gen_options_check(&a->o, &err))
        return cli_usage(cmd, cmd, "%s", err.msg);
    a->sh = AMZ_SHAPE_RECT;
    if (a->shape && amz_shape_parse(a->shape, &a->sh, &err))
        return cli_usage(cmd, "--shape", "%s", err.msg);
    if (a->shape && !amz_shape_supports_grid(a->sh, &a->grid))
        return cli_usage(cmd, "--shape", "'%s' is not defined on %s%s grids", a->shape,
                         amz_grid_is_plain(&a->grid) ? "" : "these ", a->topology);
    /* A polar grid keeps its rings (-s) and the mask is laid over its disc. */
    if (a->mask && (a->shape || (a->has_size && a->topo != AMZ_TOPO_POLAR)))
        return cli_usage(cmd, "--mask", "the mask sets the size and shape: drop %s", a->shape ? "--shape" : "--size");
    const bool shaped = a->mask || a->sh != AMZ_SHAPE_RECT;
    if (shaped && !a->g->masks)
        return cli_usage(cmd, a->mask ? "--mask" : "--shape",
                         "%s makes full rectangles only; %s %s needs a generator that works around missing "
                         "cells (see amaze generate --list-algorithms)",
                         a->g->name, a->mask ? "--mask" : "--shape", a->mask ? a->mask : a->shape);
    if (a->allow_islands && !a->mask)
        return cli_usage(cmd, "--allow-islands", "is for masks (--mask FILE), whose cells may fall apart");
    if (!a->has_target)
        return CLI_OK;
    if ((a->topo != AMZ_TOPO_SQUARE && a->topo != AMZ_TOPO_HEX) || !amz_grid_is_plain(&a->grid))
        return cli_usage(cmd, a->target_opt, "difficulty targets are calibrated on flat square and hex grids, not "
                         "%s%s", amz_grid_is_plain(&a->grid) ? "" : "these ", a->topology);
    if (a->ramp && !a->ramp_ok)
        return cli_usage(cmd, "--difficulty", "'%s': a ramp A..B spreads levels over a book (amaze book); give "
                         "one level or number", a->difficulty);
    /* The knobs the search may turn are those the user left alone. */
    a->target.free_goal = !a->goal.given && a->o.ends == AMZ_ENDS_KEEP;
    a->target.free_braid = a->o.braid == 0;
    /* A dead-end ceiling below 100% (amz_target_init leaves it at INFINITY) is met by
     * raising the braid, which a given --braid would fix. */
    if (a->target.dead_max < 100 && !a->target.free_braid)
        return cli_usage(cmd, "--dead-ends", "the search braids the maze to meet it: drop --braid");
    return cli_maze_ramp(cmd, a, 0, 1);
}

/* Difficulty of maze k of n: a level index or a number of bits (*lvl = -1). */
static void ramp_point(const cli_maze_args *a, int64_t k, int64_t n, int *lvl, double *bits)
{
    *lvl = a->lvl_lo;
    *bits = a->bits_lo;
    if (n < 2)
        return;
    /* Numbers go linearly: maze 0 asks for the first, maze n - 1 for the last. */
    if (a->lvl_lo >= 0) /* levels in equal runs: 40 mazes easy..expert are 10 of each */
        *lvl = a->lvl_lo + (int)(k * (a->lvl_hi - a->lvl_lo + 1) / n);
    else
        *bits = a->bits_lo + (a->bits_hi - a->bits_lo) * (double)k / (double)(n - 1);
}

const char *cli_maze_ramp_name(const cli_maze_args *a, int64_t k, int64_t n, char *buf, size_t cap)
{
    int lvl;
    double bits;
    ramp_point(a, k, n, &lvl, &bits);
    if (!a->difficulty)
        snprintf(buf, cap, "%s", "");
    else if (lvl >= 0)
        snprintf(buf, cap, "%s", amz_level_name((amz_level)lvl));
    else
        snprintf(buf, cap, "%.3g bits", bits);
    return buf;
}

int cli_maze_ramp(const char *cmd, cli_maze_args *a, int64_t k, int64_t n)
{
    if (!a->difficulty)
        return CLI_OK;
    int lvl;
    double bits, lo, hi;
    ramp_point(a, k, n, &lvl, &bits);
    if (lvl >= 0)
        amz_level_band((amz_level)lvl, &lo, &hi);
    else
        amz_difficulty_band(bits, &lo, &hi, NULL);
    a->target.bits_min = lo;
    a->target.bits_max = hi;
    int32_t w = 0, h = 0;
    amz_error err;
    amz_error_clear(&err);
    amz_status st = amz_difficulty_size(a->g->name, a->topo, lo, hi, a->aspect > 0 ? a->aspect : 1, &w, &h, &err);
    if (st)
        return cli_lib_fail(cmd, &err, st);
    /* Without -s the size follows the level; the grid cli_maze_check resolved is kept in
     * step by hand. */
    if (!a->has_size && !a->mask) {
        a->grid.width = a->w = w;
        a->grid.height = a->h = h;
    }
    if (a->mask)
        return CLI_OK; /* its cells are known once it is read: the search says */
    /* A band no maze of this many cells can reach is refused before any work. The tree
     * bound (difficulty.h) holds only while nothing braids: no --braid and no dead-end
     * ceiling below 100%, which the search meets by braiding. */
    const bool perfect = a->g->perfect && a->o.braid == 0 && a->target.dead_max >= 100;
    const double bound = amz_difficulty_bound((uint64_t)(a->w * a->h), amz_topology_ndirs(a->topo), perfect);
    char what[64];
    if (lo > bound)
        return cli_usage(cmd, "--difficulty", "%s (%g to %g bits) is out of reach of a %lldx%lld maze (at most %.1f "
                         "bits on %lld cells); a maze of about %dx%d reaches it",
                         cli_maze_ramp_name(a, k, n, what, sizeof what), lo, hi, (long long)a->w, (long long)a->h,
                         bound, (long long)a->w * (long long)a->h, w, h);
    /* A path through every cell is w * h - 1 moves: no longer solution exists. */
    if (a->target.moves_min > (double)(a->w * a->h - 1))
        return cli_usage(cmd, "--solution-length", "%g moves do not fit a %lldx%lld maze", a->target.moves_min,
                         (long long)a->w, (long long)a->h);
    return CLI_OK;
}

/* From the library's estimate only: the CLI keeps no memory formula of its own. */
uint64_t cli_maze_memory(const cli_maze_args *a, bool watched)
{
    return amz_gen_memory_estimate_grid(a->g, &a->grid, watched);
}

/* Start and goal: the user's cells, else on a mask of several islands the first and
 * last cell of one island (the start's, else the largest) so that they are joined. */
static int place_ends(const char *cmd, const cli_maze_args *a, amz_maze *m)
{
    /* With --longest the generator places both ends itself. */
    int rc = cli_set_ends(cmd, m, &a->start, &a->goal);
    if (rc || !a->allow_islands || (a->start.given && a->goal.given) || a->o.ends == AMZ_ENDS_LONGEST)
        return rc;
    amz_error err;
    amz_error_clear(&err);
    amz_cell first, last;
    amz_cell anchor = a->start.given ? m->start : a->goal.given ? m->goal : AMZ_NO_CELL;
    amz_status st = amz_islands_ends(m, anchor, &first, &last, &err);
    if (st)
        return cli_lib_fail(cmd, &err, st);
    if (!a->start.given)
        m->start = first;
    if (!a->goal.given)
        m->goal = last;
    return CLI_OK;
}

int cli_maze_prepare(const char *cmd, cli_maze_args *a, uint64_t max_memory, bool watched, amz_maze *m)
{
    amz_error err;
    amz_error_clear(&err);
    memset(m, 0, sizeof *m);
    if (!a->has_seed) {
        a->seed = cli_random_seed();
        a->has_seed = true;
    }
    a->o.seed = a->seed;
    a->o.allow_islands = a->allow_islands;
    /* A mask is read first: its cells set the grid, so the memory check below can only
     * come after it. */
    int rc;
    if (a->mask) {
        if ((rc = cli_load_mask(a->mask, &a->grid, max_memory, m)))
            return rc;
        a->w = m->width;
        a->h = m->height;
        a->grid = amz_maze_grid(m);
        /* The recipe of these cells is the mask file (one read from a pipe is gone). */
        if (strcmp(a->mask, "-") != 0)
            amz_mask_recipe(m, a->mask, NULL);
    }
    char what[160], size[64];
    amz_grid_format_size(&a->grid, size, sizeof size);
    snprintf(what, sizeof what, "a %s %s maze with %s", size, a->topology, a->g->name);
    if ((rc = cli_memory_check(cmd, what, cli_maze_memory(a, watched), max_memory))) {
        amz_maze_deinit(m);
        return rc;
    }
    amz_status st = AMZ_OK;
    if (!a->mask && (st = amz_maze_init_grid(m, &a->grid, &err)))
        return cli_lib_fail(cmd, &err, st);
    /* Shape, then root, then ends: a --root or --start on a cell the shape removed is
     * refused by name. */
    if (a->sh != AMZ_SHAPE_RECT && (st = amz_shape_apply(m, a->sh, &err))) {
        amz_maze_deinit(m);
        return cli_lib_fail(cmd, &err, st);
    }
    if (a->root.given && (rc = cli_resolve_cell(m, "--root", &a->root, &a->o.root))) {
        amz_maze_deinit(m);
        return rc;
    }
    if ((rc = place_ends(cmd, a, m)))
        amz_maze_deinit(m);
    return rc;
}

int cli_maze_generate(const char *cmd, const cli_maze_args *a, amz_maze *m, bool quiet)
{
    amz_error err;
    amz_error_clear(&err);
    if (a->has_target) {
        /* A bounded search of quick runs: no progress bar. */
        amz_status st = amz_target_search(m, a->g->name, &a->o, &a->target, NULL, &err);
        return st ? cli_lib_fail(cmd, &err, st) : CLI_OK;
    }
    cli_progress prog;
    cli_progress_init(&prog, cmd, quiet);
    /* A bar wants only PROGRESS, so every generator keeps its fastest form. */
    amz_observer obs = {cli_progress_event, &prog, AMZ_EVENTS_PROGRESS};
    amz_status st = amz_gen_run(m, a->g->name, &a->o, prog.enabled ? &obs : NULL, &err);
    cli_progress_done(&prog);
    if (st)
        return cli_lib_fail(cmd, &err, st);
    return CLI_OK;
}
