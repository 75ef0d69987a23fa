/* maze_args.h — the options of every command that makes a maze (generate, animate,
 * play): one table of long options, one parser, one validation, one maker and one
 * help section, so that the commands take the same maze options and refuse the same
 * pairs with the same words. What a generator takes comes from its registry row
 * (amz_gen_info), never from names written here. */
#ifndef AMZ_CLI_MAZE_ARGS_H
#define AMZ_CLI_MAZE_ARGS_H

#include <getopt.h>
#include <stdbool.h>
#include <stdint.h>

#include "amaze.h"
#include "amaze/difficulty.h"

/* Long-option codes of the maze options (beyond any character a command uses). */
enum {
    MA_SEED = 1000,
    MA_SHAPE,
    MA_MASK,
    MA_ISLANDS,
    MA_START,
    MA_GOAL,
    MA_LONGEST,
    MA_BRAID,
    MA_BIAS,
    MA_CHOICE,
    MA_BRANCHING,
    MA_NEAR_START,
    MA_THREADS,
    MA_ROOT,
    MA_LEVELS,
    MA_WRAP,
    MA_WEAVE,
    MA_DIFFICULTY,
    MA_SOLUTION_LENGTH,
    MA_DEAD_ENDS,
    MA_UNICURSAL,
    MA_SYMMETRY,
    MA_SPARSE,
    MA_LABYRINTH
};

/* The maze options as `struct option` initialisers, for a command's getopt_long table
 * (-s, -t and -a are short options too: put "s:t:a:" in its option string). */
#define CLI_MAZE_LONGOPTS                                                                                         \
    {"size", required_argument, NULL, 's'}, {"topology", required_argument, NULL, 't'},                           \
        {"algorithm", required_argument, NULL, 'a'}, {"seed", required_argument, NULL, MA_SEED},                  \
        {"shape", required_argument, NULL, MA_SHAPE}, {"mask", required_argument, NULL, MA_MASK},                 \
        {"allow-islands", no_argument, NULL, MA_ISLANDS}, {"start", required_argument, NULL, MA_START},           \
        {"goal", required_argument, NULL, MA_GOAL}, {"longest", no_argument, NULL, MA_LONGEST},                   \
        {"braid", required_argument, NULL, MA_BRAID}, {"bias", required_argument, NULL, MA_BIAS},                 \
        {"choice", required_argument, NULL, MA_CHOICE}, {"branching", required_argument, NULL, MA_BRANCHING},     \
        {"near-start", no_argument, NULL, MA_NEAR_START}, {"threads", required_argument, NULL, MA_THREADS},  \
        {"root", required_argument, NULL, MA_ROOT}, {"levels", required_argument, NULL, MA_LEVELS},          \
        {"wrap", required_argument, NULL, MA_WRAP}, {"weave", required_argument, NULL, MA_WEAVE},            \
        {"unicursal", no_argument, NULL, MA_UNICURSAL}, {"symmetry", required_argument, NULL, MA_SYMMETRY},   \
        {"sparse", required_argument, NULL, MA_SPARSE}, {"labyrinth", required_argument, NULL, MA_LABYRINTH}

/* The targets a maze must measure (generate, book): what cli_maze_generate searches
 * for with amz_target_search. Commands that take them add both macros. */
#define CLI_MAZE_TARGET_LONGOPTS                                                                                  \
    {"difficulty", required_argument, NULL, MA_DIFFICULTY},                                                       \
        {"solution-length", required_argument, NULL, MA_SOLUTION_LENGTH},                                         \
        {"dead-ends", required_argument, NULL, MA_DEAD_ENDS}
#define CLI_MAZE_TARGET_HELP                                                                                      \
    "\n"                                                                                                          \
    "Difficulty (docs/STATS.md; seeds are drawn from --seed until a maze fits, the\n"                             \
    "goal moves along the outline unless given, and the recipe says what was chosen):\n"                         \
    "      --difficulty LEVEL   easy, medium, hard or expert, or a number N of bits\n"                            \
    "                           (N +- 10%): the difficulty amaze stats reports;\n"                                \
    "                           without -s the size suits the level\n"                                            \
    "      --solution-length MIN[:MAX]\n"                                                                         \
    "                           moves on the shortest solution (like 50:80), or a\n"                              \
    "                           share of the cells (0.2:0.4 or 20%:40%)\n"                                        \
    "      --dead-ends P[:Q]    percent of the cells that are dead ends (P alone:\n"                              \
    "                           P +- 1); braids the maze to lower them\n"

/* Their help, after a command's own -s line (whose default differs by command). */
#define CLI_MAZE_HELP                                                                                             \
    "  -t, --topology NAME      square (default), hex, triangle, octagon or polar;\n"                              \
    "                           polar sizes are -s R (rings) or RxC (C cells in\n"                              \
    "                           the first ring, 3 to 12, default 6)\n"                                          \
    "      --levels L           stack L levels joined by stairs (3D; square, hex,\n"                            \
    "                           triangle); also -s WxHxL\n"                                                     \
    "      --wrap x|y|xy        join opposite borders (square, hex and triangle):\n"                            \
    "                           a cylinder or a torus\n"                                                        \
    "      --weave P            square: passages may run under a crossing corridor,\n"                          \
    "                           taking a share P (0 to 1) of the chances\n"                                     \
    "  -a, --algorithm NAME     generator (default backtracker); see amaze generate\n"                            \
    "                           --list-algorithms\n"                                                              \
    "      --seed N             random seed, 0 to 18446744073709551615 (default:\n"                      \
    "                           random); the same seed and options always give the\n"                      \
    "                           same maze\n"                            \
    "      --shape NAME         square: rect (default), circle, diamond;\n"                                       \
    "                           hex: rect, circle, hexagon, triangle; triangle,\n"                                \
    "                           octagon, 3D and wrap: any of these; polar: rect\n"                               \
    "      --mask FILE          cells from a text file ('.' = cell, '#' or ' ' =\n"                         \
    "                           none, one line per row) or a PNG (light pixel = cell,\n"                         \
    "                           dark = none); sets the size (polar: on -s's disc)\n"                             \
    "      --allow-islands      a mask in several islands gets one maze per island\n"                             \
    "                           (default: refused); start and goal go to the largest\n"                           \
    "      --start X,Y[,Z]      start cell, column and row from 0 (level Z; polar:\n"                            \
    "                           cell,ring; octagon X,Y,1: the square SE of X,Y)\n"                               \
    "                           (default: the first in reading order; polar: centre)\n"                          \
    "      --goal X,Y           goal cell (default: the last cell, bottom right)\n"                               \
    "      --goal farthest      put the goal on the cell farthest from the start\n"                               \
    "      --longest            put start and goal at the two ends of the longest\n"                              \
    "                           shortest path (the maze's diameter)\n"                                            \
    "      --root X,Y           the cell that generators growing from one cell start\n"    \
    "                           from (default: the start), so that moving the start\n"    \
    "                           keeps the maze\n"                                         \
    "      --braid F            remove a fraction F (0 to 1) of the dead ends by\n"                       \
    "                           opening a wall each, which makes loops (default 0)\n"                                     \
    "      --unicursal          a labyrinth: one path through every cell from the\n"     \
    "                           start to the goal beside it, made from a maze of 2x2\n"  \
    "                           blocks (even width and height)\n"                         \
    "      --labyrinth classical  the classical 7-circuit labyrinth, from the\n"        \
    "                           bottom row to the centre (16x15 or more)\n"               \
    "      --symmetry S         x, y (mirrored), xy (both) or radial (half turn),\n"      \
    "                           still perfect; refused where the grid cannot be\n"        \
    "      --sparse K           turn dead ends into rock K times over (or 0.F: until\n"   \
    "                           that share of the cells is rock); start and goal stay\n" \
    "\n"                                                                                                          \
    "Options of some generators (--list-algorithms says which take which):\n"                                     \
    "      --bias C[:P]         the corner passages lead to, ne (default), nw, se or\n"                       \
    "                           sw, and the chance P of the vertical way (default\n"                       \
    "                           0.5), like --bias sw:0.7\n"                                                             \
    "      --choice SPEC        which listed cell grows next: newest (default),\n"                        \
    "                           oldest, random, middle, or a weighted mix like\n"                        \
    "                           newest:75,random:25\n"                     \
    "      --branching P        chance (0 to 1) that a hunt restarts from a junction\n"                       \
    "                           (3+ passages) when it can: more ways at the decision\n"                       \
    "                           points\n"                        \
    "      --near-start         hunt outwards from the start, so that branches sprout\n"                          \
    "                           near it (the plain hunt starts from the top left)\n"                              \
    "      --threads N          worker threads, 1 to 64 (default 1); the maze is the\n"                      \
    "                           same for every N\n"

typedef struct cli_maze_args {
    /* As given. */
    int64_t w, h;           /* the command's default size */
    bool has_size, has_seed, allow_islands, has_topology;
    const char *size;       /* -s as written (parsed once the topology is known) */
    const char *topology, *algorithm, *shape, *mask;
    uint64_t seed;
    cli_cell start, goal, root;
    int32_t levels;         /* --levels, 0 = not given */
    unsigned wrap;          /* --wrap */
    double weave;           /* --weave P, 0 = none */
    const char *symmetry, *labyrinth;
    bool has_algorithm;
    unsigned given;     /* the amz_gen_option bits given on the command line */
    const char *given_name[AMZ_GEN_OPTIONS]; /* how each was spelt, for messages */
    int threads;
    amz_gen_options o;  /* braid, ends and the generator options */
    /* Targets (--difficulty, --solution-length, --dead-ends): a level (lvl_lo ..
     * lvl_hi, equal unless a ramp) or a number of bits (bits_lo .. bits_hi). */
    const char *difficulty, *target_opt; /* as given; the first target option given */
    bool has_target, ramp_ok, ramp;      /* ramp_ok: the command takes A..B (book) */
    int lvl_lo, lvl_hi;                  /* -1 = a number, not a level */
    double bits_lo, bits_hi;
    amz_target target;
    double aspect; /* width / height of the sizes the difficulty picks (0 = 1) */
    /* Resolved by cli_maze_check. */
    amz_topology topo;
    amz_grid grid;          /* topology, size, levels, wrap and weave, checked */
    const amz_gen_info *g;
    amz_shape sh;
} cli_maze_args;

/* Defaults: a w x h square backtracker maze, random seed, ends kept. */
void cli_maze_args_init(cli_maze_args *a, int64_t w, int64_t h);
/* The first option given that makes or shapes a generated maze (size, topology,
 * generator, seed, grid, mask, shape, islands, braid, unicursal, symmetry, labyrinth,
 * sparse, root, a difficulty target, generator options), as spelt on the command line;
 * NULL if none. Commands whose maze comes from a file refuse these by name. */
const char *cli_maze_making_option(const cli_maze_args *a);
/* The first of --start, --goal, --goal farthest and --longest given, or NULL. */
const char *cli_maze_ends_option(const cli_maze_args *a);
/* Handles getopt code c (with its argument) if it is a maze option: CLI_OK, or a usage
 * error (CLI_USAGE, printed). CLI_NOT_MINE for any other code. */
enum { CLI_NOT_MINE = -1 };
int cli_maze_parse(const char *cmd, cli_maze_args *a, int c, const char *arg);
/* Resolves topology, generator and shape and refuses every pair of options that
 * cannot go together, before any work, as usage errors naming the options given. */
int cli_maze_check(const char *cmd, cli_maze_args *a);
/* A usage error naming the option (--topology, --levels, --wrap) when text art in
 * `style` cannot draw the grid cli_maze_check resolved: it draws flat square and hex
 * mazes, those of levels without wrap as line art (level by level) and weave square
 * mazes without wrap in the unicode style (a usage error naming --style in the other
 * styles). */
int cli_maze_text(const char *cmd, const cli_maze_args *a, amz_text_style style);
/* Bytes making the maze needs (the grid, the generator's work; `watched`: step by step,
 * as animations watch); a mask's size is known only once it is read. */
uint64_t cli_maze_memory(const cli_maze_args *a, bool watched);
/* Makes the grid: the mask (which sets the size) or a w x h grid with the shape, start
 * and goal placed; after the memory guard against max_memory. m is initialised on
 * success. The seed is fixed here (random when not given) so callers see it. */
int cli_maze_prepare(const char *cmd, cli_maze_args *a, uint64_t max_memory, bool watched, amz_maze *m);
/* Generates on a prepared grid, with a progress bar on a terminal (not with quiet). */
int cli_maze_generate(const char *cmd, const cli_maze_args *a, amz_maze *m, bool quiet);

/* Sets the difficulty target (and, without -s or a mask, the size) of maze k of n on
 * the --difficulty ramp (k = 0, n = 1 without one): levels spread evenly, numbers
 * linearly from the first to the last; refuses (usage) a band the size cannot reach.
 * cli_maze_check calls it for maze 0 of 1. */
int cli_maze_ramp(const char *cmd, cli_maze_args *a, int64_t k, int64_t n);
/* "easy", "hard", "30 bits": the difficulty asked of maze k of n, into buf. */
const char *cli_maze_ramp_name(const cli_maze_args *a, int64_t k, int64_t n, char *buf, size_t cap);

/* "binary-tree", "prim and kruskal", "eller, sidewinder and binary-tree": the
 * generators whose registry rows take option bit `opt` (or stream, for opt 0). */
const char *cli_gen_names(unsigned opt, char *buf, size_t cap);

#endif
