/* cli.h — shared pieces of the amaze program. The CLI is a client of the public
 * headers only (STYLE.md rule 8): if it needs something, the library API grows it. */
#ifndef AMZ_CLI_H
#define AMZ_CLI_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

#include "amaze.h"
#include "amaze/anim.h"
#include "amaze/image.h"

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
int cmd_animate(int argc, char **argv);
int cmd_book(int argc, char **argv);
int cmd_terrain(int argc, char **argv);
int cmd_dungeon(int argc, char **argv);
int cmd_slide(int argc, char **argv);
int cmd_play(int argc, char **argv);
/* `amaze play --dungeon FILE` (play_dungeon.c). */
int cli_play_dungeon(const char *cmd, const char *file, bool fog);

#if defined(__GNUC__) || defined(__clang__)
#define CLI_PRINTF(f, a) __attribute__((format(printf, f, a)))
#else
#define CLI_PRINTF(f, a)
#endif

/* Prints "amaze: <what>: <why>" and returns CLI_FAIL. */
int cli_fail(const char *what, const char *fmt, ...) CLI_PRINTF(2, 3);
/* Prints "amaze: <what>: <why>" (one line) and returns CLI_USAGE. */
int cli_usage(const char *cmd, const char *what, const char *fmt, ...) CLI_PRINTF(3, 4);
/* Prints the library error as "amaze: <what>: <message>" (what NULL when the message
 * already names its subject, as file errors do) and returns CLI_FAIL. */
int cli_lib_fail(const char *what, const amz_error *err, amz_status st);

/* Parsers for option values; each returns CLI_OK or prints a usage error and returns
 * CLI_USAGE. `opt` names the option in messages. */
int cli_parse_size(const char *cmd, const char *opt, const char *s, int64_t *w, int64_t *h);
int cli_parse_u64(const char *cmd, const char *opt, const char *s, uint64_t *out);
/* A count, also with a power of ten as help texts write budgets (5e6, 2.5e9). */
int cli_parse_count(const char *cmd, const char *opt, const char *s, uint64_t *out);
/* A cell as the user gives it: X,Y or X,Y,Z (level Z; on octagon grids Z = 1 names
 * the small square at X,Y). */
typedef struct cli_cell {
    int64_t x, y, z;
    bool given;
} cli_cell;
int cli_parse_cell(const char *cmd, const char *opt, const char *s, cli_cell *out);
/* A tile X,Y of a flat map (dungeons). */
int cli_parse_xy(const char *cmd, const char *opt, const char *s, int64_t *x, int64_t *y);
int cli_parse_bytes(const char *cmd, const char *opt, const char *s, uint64_t *out);
/* --max-memory SIZE: a byte count of at least 1 (0 would mean nothing fits). */
int cli_parse_max_memory(const char *cmd, const char *s, uint64_t *out);

/* One format a command writes: its --format name, its file extension, and whether it
 * is binary (refused on a terminal unless the user writes -o -). */
typedef struct cli_format {
    const char *name, *ext;
    bool binary;
} cli_format;

/* The format of an output, the same rule for every command: --format (one of fmts),
 * else the -o extension (one of fmts, any case; an existing device or FIFO such as
 * /dev/null takes dflt), else dflt for standard output. A name with another extension
 * or none is a usage error naming the extensions the command writes; binary data for
 * a terminal is refused unless -o - was given. *out = the index in fmts. Call before
 * any work. */
int cli_output_format(const char *cmd, const char *path, const char *format, const cli_format *fmts, int n, int dflt,
                      int *out);
/* Refuses (usage) an output that is the very file the input was read from when the
 * formats differ: writing it would destroy the input. Same format: allowed (the
 * replacement is atomic and the input was read whole first). */
int cli_output_not_input(const char *cmd, const char *in, const char *out, bool same_format);

/* Options shared by the commands that write a maze. */
typedef struct cli_output {
    const char *path;   /* -o; NULL = stdout ("-" = stdout, asked for explicitly) */
    const char *format; /* --format; NULL = by extension or terminal */
    const char *style;  /* --style; NULL = ascii */
    const char *color;  /* --color auto|always|never; NULL = auto */
    bool no_solution;   /* --no-solution */
    bool graph;         /* --graph: JSON with each cell's neighbour ids */
    /* Resolved by cli_output_check. */
    bool checked;
    amz_format fmt;
    amz_text_options text;
} cli_output;

/* getopt value of --graph (generate, solve): past the maze options (MA_*, 1000..)
 * and the book's (2000..). */
#define CLI_OPT_GRAPH 3000
#define CLI_GRAPH_HELP                                                                  \
    "      --graph              JSON output: add \"neighbors\", each cell's neighbour\n" \
    "                           ids in direction order (-1: none), to check the maze\n" \
    "                           without knowing its grid (docs/FORMAT.md)\n"

/* Checks and resolves the maze output rules before any work: --format, else the -o
 * extension (.amz .json .txt), else text on a terminal and .amz otherwise; style and
 * colour. Usage errors for anything else. */
int cli_output_check(const char *cmd, cli_output *out);
/* Writes m per the output rules (checking them first if cli_output_check did not).
 * Files are replaced atomically. */
int cli_write_maze(const char *cmd, const amz_maze *m, cli_output *out);

/* Picture options of `amaze render` (and `amaze animate`), as given on the command line. */
typedef struct cli_image_args {
    int cell, wall, margin; /* 0, 0, -1 = auto */
    const char *colors;     /* --colors NAME=COLOUR,... */
    const char *page;       /* --page a4|letter */
    bool distances, no_solution, no_openings, stream;
    bool answer_key; /* --answer-key: the puzzle and its solved copy */
    bool quiet; /* no progress bar */
} cli_image_args;

void cli_image_args_init(cli_image_args *a);
/* Parses a whole number in lo..hi for option opt. */
int cli_parse_int_range(const char *cmd, const char *opt, const char *s, int lo, int hi, int *out);
/* Turns the arguments into library options (usage errors for bad colours or pages). */
int cli_image_options(const char *cmd, const cli_image_args *a, amz_image_options *o);
/* Writes m as a picture to path ("-" or NULL = stdout; cli_output_format has checked
 * the terminal rule), after the memory guard (max_memory: --max-memory, 0 = default). */
int cli_render_image(const char *cmd, const amz_maze *m, amz_image_format f, const char *path,
                     const cli_image_args *a, uint64_t max_memory);

/* Input of `amaze solve` that turned out to be a PNG image (data NULL otherwise). */
typedef struct cli_png_input {
    unsigned char *data;
    size_t len;
    const char *name;
} cli_png_input;

/* Loads a maze from input ("-" = stdin) like cli_load_maze, except that a PNG image is
 * kept in png->data (free with cli_png_input_free) and m is left untouched. */
int cli_solve_load(const char *input, uint64_t max_memory, amz_maze *m, amz_format *detected, cli_png_input *png);
void cli_png_input_free(cli_png_input *png);

typedef struct cli_solve_image_args {
    const char *algorithm, *output, *format, *path_color;
    bool has_from, has_to, verbose;
    int64_t fx, fy, tx, ty;
    uint64_t max_memory;
    int threads; /* amz_solve_options.threads */
} cli_solve_image_args;

/* Solves a maze picture on its pixel grid and writes it with the path painted on. */
int cli_solve_image(const cli_png_input *png, const cli_solve_image_args *a);

/* Memory available for one command: --max-memory if given, else 90% of the machine's
 * available memory. */
uint64_t cli_memory_limit(uint64_t max_memory_opt);
/* The machine's online cores, from 1 to `cap` (a default thread count). */
int cli_cores(int cap);
/* "1.5 GB" style rendering of a byte count into buf. */
const char *cli_human_bytes(uint64_t bytes, char *buf, size_t cap);

/* The one memory refusal: when `need` bytes (UINT64_MAX: too many to count) pass
 * --max-memory (max_memory_opt; 0 = 90% of the available memory), prints "amaze: CMD:
 * WHAT needs about X, more than the Y allowed (raise with --max-memory)" and returns
 * CLI_FAIL; CLI_OK when it fits. */
int cli_memory_check(const char *cmd, const char *what, uint64_t need, uint64_t max_memory_opt);
/* Memory guard after loading: refuses (CLI_FAIL, a message with the estimate and
 * --max-memory) when `doing` ("bfs on", "the statistics of") needs `work` bytes beyond the maze
 * and that passes --max-memory (maze + work), or by default the available memory. */
int cli_memory_guard(const char *cmd, const char *doing, const amz_maze *m, uint64_t work, uint64_t max_memory_opt);

/* The one input file of a command (argv[optind_], none = standard input). More than
 * one is a usage error; so is none when standard input is a terminal (nothing would
 * come: the command would wait in silence). '-' on a terminal says it is reading. */
int cli_input(const char *cmd, int argc, char **argv, int optind_, const char **path);
/* Loads a maze from path ("-" = stdin) with the memory limit; *detected (may be NULL)
 * receives its format. */
int cli_load_maze(const char *path, uint64_t max_memory, amz_maze *m, amz_format *detected);

/* Reads a mask file ("-" = stdin; text, or a PNG by its signature) into an
 * uninitialised maze within the memory limit, laid on grid g (amz_mask_fit: the mask's
 * size but on polar grids); on failure prints the error and returns non-zero (m left
 * zeroed). */
int cli_load_mask(const char *path, const amz_grid *g, uint64_t max_memory, amz_maze *m);

/* An output file of a command: amz_outfile (atomic replacement) whose temporary file,
 * if it has a name, the signal handler removes. */
typedef struct cli_outfile {
    amz_outfile f;
    const char *name; /* for messages: the path, or "standard output" */
} cli_outfile;
/* Opens path (NULL or "-" = standard output). Prints the error and returns CLI_FAIL. */
int cli_outfile_open(cli_outfile *o, const char *path);
/* Ends the output with the writer's status st: commits on AMZ_OK (a failure then is
 * reported), else removes the temporary file and reports err (a write failure named
 * by the file, anything else by cmd). CLI_OK or CLI_FAIL. */
int cli_outfile_end(const char *cmd, cli_outfile *o, amz_status st, const amz_error *err);
/* Ends the output without writing it (the error was already reported). */
void cli_outfile_cancel(cli_outfile *o);

/* The cell of m a user's X,Y[,Z] names, or CLI_FAIL ("OPT: (X,Y) is not a cell of the
 * ... maze") when it is outside or removed. */
int cli_resolve_cell(const amz_maze *m, const char *opt, const cli_cell *cell, amz_cell *out);
/* Resolves --start/--goal (those given) against m; CLI_FAIL with a message if outside. */
int cli_set_ends(const char *cmd, amz_maze *m, const cli_cell *start, const cli_cell *goal);

/* Makes SIGINT, SIGTERM and SIGHUP print "amaze: <cmd>: interrupted (SIGINT)" (and so
 * on) and exit 128 + the signal's number, and SIGPIPE exit 141 silently; each removes
 * the tracked temporary file first. */
void cli_signals_install(const char *cmd);
/* While set (non-NULL), the handler removes this temporary file first. */
void cli_signals_track(const char *tmp_path);
/* Points SIGINT, SIGTERM and SIGHUP at handler, without SA_RESTART (the terminal
 * programs restore the screen in theirs). */
void cli_signals_handle(void (*handler)(int));

/* Installs the AMZ_FAIL_ALLOC_AT / AMZ_COUNT_ALLOCS allocator of test builds. */
void cli_test_hooks_install(void);

/* A seed from the clock and process, for runs without --seed. */
uint64_t cli_random_seed(void);

/* Prints one help text (the single source that the man page is also checked against). */
void cli_print_help(FILE *f, const char *text);
/* The same for a help text in parts (NULL-terminated), for texts that share a section. */
void cli_print_help_parts(FILE *f, const char *const *parts);
/* A command with subcommands (amaze slide, terrain, dungeon): `cmd SUB ARGS...` runs
 * the one named SUB with argv from SUB on; no SUB prints the help to standard error
 * (usage, 2); -h, --help or help prints it to standard output; an unknown SUB is a
 * usage error listing the names. */
typedef struct cli_sub {
    const char *name;
    int (*run)(int argc, char **argv);
} cli_sub;
int cli_subcommands(const char *cmd, const char *help, const cli_sub *subs, size_t n, int argc, char **argv);

/* Resets getopt for a subcommand's argument vector. */
void cli_getopt_reset(void);
/* Reports getopt's ':' (missing value) or '?' (unknown option); returns CLI_USAGE.
 * Option strings start with ':' so that getopt tells the two apart. */
int cli_bad_option(const char *cmd, int argc, char **argv, int code);

/* Progress bar on stderr, fed by PROGRESS events: shown once work has run about a
 * second, only when stderr is a terminal and not --quiet. */
typedef struct cli_progress {
    const char *label;
    bool enabled; /* stderr is a terminal and not quiet: pass the observer */
    bool shown;   /* a bar is on screen */
    double t0, last, delay;
    uint64_t visits, total; /* solvers: VISIT events counted against `total` cells */
} cli_progress;

void cli_progress_init(cli_progress *p, const char *label, bool quiet);
/* An amz_observer_fn (ctx = the cli_progress). Draws on PROGRESS events; when total
 * is set (solvers, which send no PROGRESS), counts VISIT events against it instead. */
int cli_progress_event(void *ctx, const amz_event *ev);
/* Erases the bar, if one is shown. */
void cli_progress_done(cli_progress *p);

/* `amaze generate --stream` (gen_stream.c), after cli_maze_check. */
struct cli_maze_args;
int cli_generate_stream(const char *cmd, struct cli_maze_args *a, const cli_output *out, uint64_t max_memory,
                        bool quiet);

#endif
