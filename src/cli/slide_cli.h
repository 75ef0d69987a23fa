/* slide_cli.h — pieces shared by the `amaze slide` subcommands (cmd_slide.c,
 * cmd_slide_bench.c) and amaze-mpi; the shared code is in cmd_slide_opts.c. */
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
    bool json, verbose, quiet;
    amz_slide_solve_options so;
    bool threads_given;  /* --threads: also the table build's threads (else every core) */
    uint64_t first;
    uint64_t max_memory; /* --max-memory, 0 = the default (90% of what is available) */
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
    OPT_FIRST,
    OPT_TIMEOUT,
    OPT_ONLY,
    OPT_QUIET,
    OPT_MAXMEM
};

/* MxN (M rows, N columns, 2..32 each) and blank-last | blank-first; usage errors
 * name `opt` and `cmd`. */
int slide_parse_shape(const char *cmd, const char *opt, const char *s, int *rows, int *cols);
int slide_parse_goal(const char *cmd, const char *s, amz_slide_goal *g);
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
/* How `slide solve` solves, for front ends that run the search elsewhere (amaze-mpi):
 * the hooks run on every process, the solve last; NULL hooks are skipped. */
typedef struct slide_runner {
    /* Solves b (pdb: the tables are open in so->pdb); amaze uses amz_slide_solve. */
    amz_status (*solve)(void *ctx, const amz_slide_board *b, const char *algorithm, const amz_slide_solve_options *so,
                        amz_slide_solution *out, amz_error *err);
    /* After the board is read (rc: CLI_OK or the failure already reported): returns
     * the rc to go on with, and may replace *b (rank 0's board on every rank). */
    int (*sync_board)(void *ctx, amz_slide_board *b, int rc);
    /* Around opening the pattern databases (so that one process builds them and the
     * others load them); after_tables gets the open's rc and returns the one to use. */
    int (*before_tables)(void *ctx);
    int (*after_tables)(void *ctx, int rc);
    void *ctx;
} slide_runner;

/* `amaze slide solve` with its own argument handling and output, solving through r. */
int slide_solve_with(int argc, char **argv, const slide_runner *r);
/* `amaze slide play` (play_slide.c). */
int slide_play(int argc, char **argv);
/* `amaze slide bench`. */
int slide_bench(int argc, char **argv);

#endif
