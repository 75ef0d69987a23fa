/* cli.h — shared pieces of the amaze program. The CLI is a client of the public
 * headers only (STYLE.md rule 8): if it needs something, the library API grows it. */
#ifndef AMZ_CLI_H
#define AMZ_CLI_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

#include "amaze.h"

/* Exit codes: success, failure, usage error. */
enum { CLI_OK = 0, CLI_FAIL = 1, CLI_USAGE = 2 };

/* One subcommand. */
typedef struct cli_command {
    const char *name;
    int (*run)(int argc, char **argv);
    const char *summary;
} cli_command;

int cmd_generate(int argc, char **argv);
int cmd_solve(int argc, char **argv);
int cmd_render(int argc, char **argv);
int cmd_stats(int argc, char **argv);
int cmd_slide(int argc, char **argv);

#if defined(__GNUC__) || defined(__clang__)
#define CLI_PRINTF(f, a) __attribute__((format(printf, f, a)))
#else
#define CLI_PRINTF(f, a)
#endif

/* Prints "amaze: <what>: <why>" and returns CLI_FAIL. */
int cli_fail(const char *what, const char *fmt, ...) CLI_PRINTF(2, 3);
/* Prints "amaze: <what>: <why>" and a hint to --help; returns CLI_USAGE. */
int cli_usage(const char *cmd, const char *what, const char *fmt, ...) CLI_PRINTF(3, 4);
/* Prints the library error ("amaze: <message>") and returns CLI_FAIL. */
int cli_lib_fail(const amz_error *err, amz_status st);

/* Parsers for option values; each returns CLI_OK or prints a usage error and returns
 * CLI_USAGE. `opt` names the option in messages. */
int cli_parse_size(const char *cmd, const char *opt, const char *s, int64_t *w, int64_t *h);
int cli_parse_u64(const char *cmd, const char *opt, const char *s, uint64_t *out);
int cli_parse_xy(const char *cmd, const char *opt, const char *s, int64_t *x, int64_t *y);
int cli_parse_bytes(const char *cmd, const char *opt, const char *s, uint64_t *out);

/* Options shared by the commands that write a maze. */
typedef struct cli_output {
    const char *path;   /* -o; NULL = stdout */
    const char *format; /* --format; NULL = by extension or terminal */
    const char *style;  /* --style; NULL = ascii */
    const char *color;  /* --color auto|always|never; NULL = auto */
    bool no_solution;   /* --no-solution */
} cli_output;

/* Writes m per the output rules: --format, else the -o extension (.amz .json .txt),
 * else text on a terminal and .amz otherwise. Files are replaced atomically. */
int cli_write_maze(const char *cmd, const amz_maze *m, const cli_output *out);

/* Memory available for one command: --max-memory if given, else 90% of the machine's
 * available memory. */
uint64_t cli_memory_limit(uint64_t max_memory_opt);
/* "1.5 GB" style rendering of a byte count into buf. */
const char *cli_human_bytes(uint64_t bytes, char *buf, size_t cap);

/* Loads a maze from path ("-" = stdin) with the memory limit. */
int cli_load_maze(const char *path, uint64_t max_memory, amz_maze *m);

/* Resolves --start/--goal given as X,Y against m; CLI_FAIL with a message if outside. */
int cli_set_ends(const char *cmd, amz_maze *m, bool has_start, int64_t sx, int64_t sy, bool has_goal, int64_t gx,
                 int64_t gy);

/* A seed from the clock and process, for runs without --seed. */
uint64_t cli_random_seed(void);

/* Prints one help text (the single source that the man page is also checked against). */
void cli_print_help(FILE *f, const char *text);

/* Resets getopt for a subcommand's argument vector. */
void cli_getopt_reset(void);
/* Reports getopt's ':' (missing value) or '?' (unknown option); returns CLI_USAGE.
 * Option strings start with ':' so that getopt tells the two apart. */
int cli_bad_option(const char *cmd, int argc, char **argv, int code);

#endif
