/* slide_cli.h — pieces shared by the `amaze slide` subcommands (cmd_slide.c and
 * cmd_slide_bench.c). */
#ifndef AMZ_SLIDE_CLI_H
#define AMZ_SLIDE_CLI_H

#include <getopt.h>
#include <stdbool.h>
#include <stdint.h>

#include "amaze.h"

/* Options the commands share. */
typedef struct slide_opts {
    int rows, cols;
    amz_slide_goal goal;
    const char *algorithm;
    bool json, verbose;
    amz_slide_solve_options so;
    uint64_t first;
} slide_opts;

enum {
    OPT_SEED = 256,
    OPT_WALK,
    OPT_GOAL,
    OPT_GRID,
    OPT_SIZE,
    OPT_JSON,
    OPT_WEIGHT,
    OPT_THREADS,
    OPT_PDB,
    OPT_CACHE,
    OPT_LIMIT,
    OPT_FIRST
};

/* Long options shared by check, solve and bench (each accepts a subset). */
extern const struct option slide_common_longopts[];

/* Handles an option of slide_common_longopts: CLI_OK if c was one, -1 if not, or a
 * usage error. */
int slide_common_option(const char *cmd, int c, slide_opts *o);
/* Reads a whole file ("-" = stdin) into a NUL-terminated malloc'd buffer (at most
 * 4 MB); NULL after printing why. */
char *slide_read_text(const char *path, const char *cmd);
/* Opens the pattern databases when o->algorithm is pdb (showing building progress,
 * reporting cache trouble) and sets o->so.pdb; *db NULL for other solvers. */
int slide_open_tables(const char *cmd, int rows, int cols, slide_opts *o, amz_slide_pdb **db);
/* CLI_OK, or a usage error for an unknown solver name. */
int slide_check_algorithm(const char *cmd, const slide_opts *o);
/* `amaze slide play` (play_slide.c). */
int slide_play(int argc, char **argv);
/* `amaze slide bench`. */
int slide_bench(int argc, char **argv);

#endif
