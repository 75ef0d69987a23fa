/* cmd_book.c — `amaze book`: a printable PDF of mazes (made with the maze options of
 * generate, or read from files), optionally with sliding-tile puzzles, and an answer
 * key at the back. Every option is checked before any maze is made. This file makes
 * the puzzles and owns them; amaze/book.h lays out and writes the PDF. */
#include <errno.h>
#include <getopt.h>
#include <stdlib.h>
#include <string.h>

#include "amaze/book.h"
#include "cli/cli.h"
#include "cli/maze_args.h"

static const char *const help[] = {
    "Usage: amaze book [options] -o FILE.pdf\n"
    "       amaze book [options] MAZE... -o FILE.pdf\n"
    "Write a printable book: N mazes (or the maze files given), several to a page,\n"
    "each numbered with a caption that makes it again, and an answer key at the back.\n"
    "\n"
    "Book:\n"
    "  -n, --count N            mazes in the book, 1 to 10000 (default 10)\n"
    "      --page SIZE          a4, letter (default), 6x9in, 8.5x11in or 8x10in\n"
    "      --bleed              add the trim's bleed (3 mm on a4, else 0.125 in) to\n"
    "                           every side; the PDF's TrimBox marks the cut\n"
    "      --per-page N         puzzles a page: 1 (default), 2, 4 or 6\n"
    "      --title TEXT         a title page, and TEXT atop every puzzle page\n"
    "      --subtitle TEXT      a line under the title\n"
    "      --titles FILE        a name for each maze, one a line\n"
    "      --no-key             no answer key\n"
    "      --slide MxN          add sliding puzzles, 3x3 or 4x4 (uniform 3x3 boards;\n"
    "                           4x4 boards 40 random moves from solved), each with\n"
    "                           its optimal move count; the key gives the moves\n"
    "      --slides K           how many sliding puzzles, 1 to 1000 (default 4)\n"
    "\n"
    "Mazes (as amaze generate takes them; --seed seeds the whole book):\n"
    "  -s, --size WxH           width x height in cells (default: sized by the\n"
    "                           difficulty, else about 22x22; shaped to the slot)\n",
    CLI_MAZE_HELP,
    CLI_MAZE_TARGET_HELP,
    "      --difficulty A..B    a ramp: levels (easy..expert) in equal runs, or bits\n"
    "                           (10..60) rising evenly from the first maze to the\n"
    "                           last\n"
    "\n"
    "Output:\n"
    "  -o, --output FILE        the PDF ('-' = standard output), replaced atomically\n"
    "      --max-memory SIZE    refuse to start if the book would need more (like 2G)\n"
    "  -h, --help               show this help and exit\n"
    "\n"
    "Example:\n"
    "  amaze book -n 40 --difficulty easy..expert --page 8.5x11in --bleed \\\n"
    "      --per-page 2 --title 'Forty Mazes' -o book.pdf\n",
    NULL};

/* getopt values of the book's own options: from 2000, past the maze options' (1000..)
 * and below --graph's 3000 (cli.h), so that one switch tells them apart. */
enum { B_PAGE = 2000, B_BLEED, B_PER_PAGE, B_TITLE, B_SUBTITLE, B_TITLES, B_NO_KEY, B_SLIDE, B_SLIDES, B_MAX_MEMORY };

/* The options as given. count and slides hold their defaults (10, 4) unless has_count
 * or has_slides; slide_side is 0 without --slide, else 3 or 4. */
typedef struct book_args {
    cli_maze_args maze;
    bool maze_given; /* some maze option was given (refused with maze files) */
    int64_t count;
    bool has_count;
    amz_book_options o;
    const char *page, *titles, *output;
    int slide_side, slides;
    bool has_slides;
    uint64_t max_memory;
} book_args;

/* The book's puzzles and what they own. items point into mazes and strings, so the set
 * lives until amz_book_write has returned. nmazes counts only the mazes made or loaded
 * whole: set_free deinitialises those. strings holds at most two an item (a maze's
 * title and label, a puzzle's moves and caption), below the 3 an item allocated. */
typedef struct book_set {
    amz_maze *mazes;
    size_t nmazes;
    amz_book_item *items;
    size_t nitems;
    char **strings; /* labels, titles, captions, moves: freed at the end */
    size_t nstrings;
} book_set;

static void set_free(book_set *s)
{
    for (size_t i = 0; i < s->nmazes; i++)
        amz_maze_deinit(&s->mazes[i]);
    for (size_t i = 0; i < s->nstrings; i++)
        free(s->strings[i]);
    free(s->mazes);
    free(s->items);
    free(s->strings);
    memset(s, 0, sizeof *s);
}

/* A copy of str the set frees; NULL on allocation failure (reported by the caller). The
 * caller keeps within the capacity make_set allocated: keep does not check it. */
static const char *keep(book_set *s, const char *str)
{
    char *c = strdup(str);
    if (c)
        s->strings[s->nstrings++] = c;
    return c;
}

/* Parses the options: CLI_OK, a usage error (printed), or -1 once the help is printed
 * (exit 0). Maze options go to the shared parser; maze_given remembers that one came, to
 * refuse it next to maze files. */
static int parse_args(book_args *b, int argc, char **argv)
{
    static const struct option longopts[] = {
        CLI_MAZE_LONGOPTS,
        CLI_MAZE_TARGET_LONGOPTS,
        {"count", required_argument, NULL, 'n'},
        {"page", required_argument, NULL, B_PAGE},
        {"bleed", no_argument, NULL, B_BLEED},
        {"per-page", required_argument, NULL, B_PER_PAGE},
        {"title", required_argument, NULL, B_TITLE},
        {"subtitle", required_argument, NULL, B_SUBTITLE},
        {"titles", required_argument, NULL, B_TITLES},
        {"no-key", no_argument, NULL, B_NO_KEY},
        {"slide", required_argument, NULL, B_SLIDE},
        {"slides", required_argument, NULL, B_SLIDES},
        {"output", required_argument, NULL, 'o'},
        {"max-memory", required_argument, NULL, B_MAX_MEMORY},
        {"help", no_argument, NULL, 'h'},
        {NULL, 0, NULL, 0},
    };
    const char *cmd = "book";
    int c, rc, v;
    uint64_t n;
    cli_getopt_reset();
    while ((c = getopt_long(argc, argv, ":s:t:a:n:o:h", longopts, NULL)) != -1) {
        if ((rc = cli_maze_parse(cmd, &b->maze, c, optarg)) != CLI_NOT_MINE) {
            if (rc)
                return rc;
            b->maze_given = true;
            continue;
        }
        switch (c) {
        case 'n':
            if ((rc = cli_parse_u64(cmd, "--count", optarg, &n)))
                return rc;
            if (n < 1 || n > 10000)
                return cli_usage(cmd, "--count", "'%s': give 1 to 10000 mazes", optarg);
            b->count = (int64_t)n;
            b->has_count = true;
            break;
        case B_PAGE: b->page = optarg; break;
        case B_BLEED: b->o.bleed = true; break;
        case B_PER_PAGE:
            if ((rc = cli_parse_int_range(cmd, "--per-page", optarg, 1, 6, &v)))
                return rc;
            /* The library's layouts are 1, 2, 4 and 6 a page (amz_book_options_check). */
            if (v == 3 || v == 5)
                return cli_usage(cmd, "--per-page", "'%s': give 1, 2, 4 or 6", optarg);
            b->o.per_page = v;
            break;
        case B_TITLE: b->o.title = optarg; break;
        case B_SUBTITLE: b->o.subtitle = optarg; break;
        case B_TITLES: b->titles = optarg; break;
        case B_NO_KEY: b->o.key = false; break;
        case B_SLIDE:
            if (strcmp(optarg, "3x3") != 0 && strcmp(optarg, "4x4") != 0)
                return cli_usage(cmd, "--slide", "'%s': give 3x3 or 4x4", optarg);
            /* Only "3x3" and "4x4" pass, so the first digit is the side. */
            b->slide_side = optarg[0] - '0';
            break;
        case B_SLIDES:
            if ((rc = cli_parse_int_range(cmd, "--slides", optarg, 1, 1000, &b->slides)))
                return rc;
            b->has_slides = true;
            break;
        case 'o': b->output = optarg; break;
        case B_MAX_MEMORY: if ((rc = cli_parse_max_memory(cmd, optarg, &b->max_memory))) return rc; break;
        case 'h': cli_print_help_parts(stdout, help); return -1;
        default: return cli_bad_option(cmd, argc, argv, c);
        }
    }
    return CLI_OK;
}

/* Everything that can be refused, before any work: usage errors (exit 2) for the page,
 * the book's options, pairs that cannot go together, the output name (a .pdf, '-' or a
 * device) and, for made mazes, every maze option and every maze's place on the ramp. */
static int check_args(book_args *b, int nfiles)
{
    const char *cmd = "book";
    amz_error err;
    amz_error_clear(&err);
    int rc;
    if (b->page && amz_book_trim_parse(b->page, &b->o.trim, &err))
        return cli_usage(cmd, "--page", "%s", err.msg);
    if (amz_book_options_check(&b->o, &err))
        return cli_usage(cmd, b->o.title ? "--title" : "book", "%s", err.msg);
    if (b->has_slides && !b->slide_side)
        return cli_usage(cmd, "--slides", "goes with --slide 3x3 or 4x4");
    if (nfiles && (b->maze_given || b->has_count))
        return cli_usage(cmd, b->has_count ? "--count" : "book", "the maze files make the book: drop %s",
                         b->has_count ? "--count" : "the maze options");
    static const cli_format pdf[] = {{"pdf", ".pdf", true}};
    int k;
    if ((rc = cli_output_format(cmd, b->output, NULL, pdf, 1, 0, &k)))
        return rc;
    if (nfiles)
        return CLI_OK;
    cli_maze_args *z = &b->maze;
    z->ramp_ok = true;
    /* The slot's shape sizes the mazes. The topology is known only after cli_maze_check,
     * which already needs an aspect (it sets maze 0's target and size): square first, then
     * the aspect of the topology it resolved. */
    z->aspect = amz_book_slot_aspect(&b->o, AMZ_TOPO_SQUARE);
    if ((rc = cli_maze_check(cmd, z)))
        return rc;
    z->aspect = amz_book_slot_aspect(&b->o, z->topo);
    /* Without -s or a difficulty: a square-ish maze shaped to its slot (the other
     * grids keep their default size). */
    if (!z->has_size && !z->mask && !z->difficulty && amz_grid_is_plain(&z->grid)) {
        int32_t w = 0, h = 0;
        amz_error_clear(&err);
        /* 22 to 45 bits is the "hard" band (amaze/difficulty.h): a size that offers it. */
        amz_status st = amz_difficulty_size(z->g->name, z->topo, 22, 45, z->aspect, &w, &h, &err);
        if (st)
            return cli_lib_fail(cmd, &err, st);
        z->w = w;
        z->h = h;
    }
    /* Every maze's place on a --difficulty ramp, on a copy (cli_maze_ramp sets the target
     * and size it is given), so that a level the size cannot reach is refused before the
     * first maze is made rather than at maze k. */
    for (int64_t i = 0; i < b->count; i++) {
        cli_maze_args probe = *z;
        if ((rc = cli_maze_ramp(cmd, &probe, i, b->count)))
            return rc;
    }
    return CLI_OK;
}

/* The names of --titles ("-" = standard input), one a line for mazes 1 .. n in order
 * (blank lines are mazes without a name; lines past n are ignored, missing ones leave
 * mazes unnamed). The names are copies the set owns. CLI_FAIL if the file cannot be
 * opened. A line of 511 bytes or more is split by fgets into two names. */
static int read_titles(book_args *b, book_set *s, const char **titles, size_t n)
{
    if (!b->titles)
        return CLI_OK;
    FILE *f = strcmp(b->titles, "-") == 0 ? stdin : fopen(b->titles, "r");
    if (!f)
        return cli_fail(b->titles, "%s", strerror(errno));
    char line[512];
    size_t i = 0;
    while (i < n && fgets(line, sizeof line, f)) {
        line[strcspn(line, "\r\n")] = '\0';
        if (line[0] && !(titles[i] = keep(s, line))) {
            if (f != stdin)
                fclose(f);
            return cli_fail("book", "out of memory");
        }
        i++;
    }
    if (f != stdin)
        fclose(f);
    return CLI_OK;
}

/* Maze k of the book: its own seed from the book's, the ramp's target, solved (the key
 * draws the solution; amz_book_write refuses a maze without one when it has a key). The
 * label is the ramp's ("hard", "30 bits"). On failure m holds nothing to free. */
static int make_maze(book_args *b, int64_t k, uint64_t seed, amz_maze *m, char *label, size_t cap)
{
    const char *cmd = "book";
    /* A copy: the ramp and the seed are this maze's, and the book's arguments stay as
     * check_args left them for the next one. */
    cli_maze_args a = b->maze;
    a.seed = seed;
    a.has_seed = true;
    int rc = cli_maze_ramp(cmd, &a, k, b->count);
    if (rc || (rc = cli_maze_prepare(cmd, &a, b->max_memory, false, m)))
        return rc;
    if ((rc = cli_maze_generate(cmd, &a, m, true))) {
        amz_maze_deinit(m);
        return rc;
    }
    amz_error err;
    amz_error_clear(&err);
    amz_status st = amz_solve_maze(m, "bfs", NULL, NULL, NULL, &err);
    if (st) {
        amz_maze_deinit(m);
        return cli_fail(cmd, "maze %lld: %s", (long long)k + 1, amz_error_message(&err, st));
    }
    cli_maze_ramp_name(&a, k, b->count, label, cap);
    return CLI_OK;
}

/* The level a maze measures, for mazes read from files or made without a target: the
 * difficulty of amz_stats_compute on its level scale; "" (no label) if start and goal
 * are not joined. */
static int measured_label(const amz_maze *m, char *label, size_t cap)
{
    amz_stats st;
    amz_error err;
    amz_error_clear(&err);
    amz_status rc = amz_stats_compute(m, &st, &err);
    if (rc)
        return cli_lib_fail("book", &err, rc);
    snprintf(label, cap, "%s", st.solvable ? amz_level_name(amz_level_of(st.difficulty)) : "");
    return CLI_OK;
}

/* Sliding puzzle j: a board from its own seed, solved optimally by ida (its move
 * count is the number printed, its moves the key's). The caption is the shuffle command
 * that remakes the board. The strings are copies the set owns. */
static int make_slide(book_args *b, book_set *s, uint64_t seed, amz_book_item *it)
{
    amz_error err;
    amz_error_clear(&err);
    amz_rng rng;
    amz_rng_seed(&rng, seed);
    const int side = b->slide_side, walk = 40;
    char caption[128];
    amz_status st;
    /* 3x3: any of the 181440 solvable boards (at most 31 moves); 4x4: a walk, since a
     * uniform 15-puzzle needs about 53 moves and minutes of optimal search. */
    if (side == 3) {
        st = amz_slide_shuffle(&it->board, 3, 3, AMZ_SLIDE_BLANK_LAST, &rng, &err);
        snprintf(caption, sizeof caption, "amaze slide shuffle 3x3 --seed %llu", (unsigned long long)seed);
    } else {
        st = amz_slide_board_init(&it->board, 4, 4, AMZ_SLIDE_BLANK_LAST, &err);
        amz_slide_walk(&it->board, &rng, walk);
        snprintf(caption, sizeof caption, "amaze slide shuffle 4x4 --seed %llu --walk %d", (unsigned long long)seed,
                 walk);
    }
    amz_slide_solution sol;
    memset(&sol, 0, sizeof sol);
    if (!st)
        st = amz_slide_solve(&it->board, "ida", NULL, NULL, &sol, &err);
    if (st)
        return cli_lib_fail("book", &err, st);
    it->kind = AMZ_BOOK_SLIDE;
    it->moves = keep(s, sol.moves);
    it->caption = keep(s, caption);
    amz_slide_solution_deinit(&sol);
    return it->moves && it->caption ? CLI_OK : cli_fail("book", "out of memory");
}

/* Makes or loads every puzzle into s, in book order: the mazes (files[0 .. nfiles) or
 * b->count made ones), then the sliding puzzles. The book's generator is seeded once and
 * draws one seed a maze (also for files, where it goes unused) and then one a puzzle, so
 * --seed remakes the whole book and each maze's caption (its recipe) remakes it alone. On
 * failure s holds what was made so far, for set_free. */
static int make_set(book_args *b, char **files, int nfiles, book_set *s)
{
    const size_t nm = nfiles ? (size_t)nfiles : (size_t)b->count, ns = b->slide_side ? (size_t)b->slides : 0;
    s->mazes = calloc(nm, sizeof *s->mazes);
    s->items = calloc(nm + ns, sizeof *s->items);
    s->strings = calloc(3 * (nm + ns) + 1, sizeof *s->strings);
    /* One title a maze (NULL = unnamed), freed here; the names themselves are the set's. */
    const char **titles = calloc(nm, sizeof *titles);
    if (!s->mazes || !s->items || !s->strings || !titles) {
        free(titles);
        return cli_fail("book", "out of memory for %zu puzzles", nm + ns);
    }
    int rc = read_titles(b, s, titles, nm);
    amz_rng rng;
    amz_rng_seed(&rng, b->maze.has_seed ? b->maze.seed : cli_random_seed());
    for (size_t k = 0; k < nm && !rc; k++) {
        char label[64] = "";
        uint64_t seed = amz_rng_next(&rng);
        amz_maze *m = &s->mazes[k];
        if (nfiles) {
            rc = cli_load_maze(files[k], b->max_memory, m, NULL);
            amz_error err;
            amz_error_clear(&err);
            amz_status st = AMZ_OK;
            /* A file's own solution is kept for the key; one without gets bfs's. */
            if (!rc && !m->has_solution && (st = amz_solve_maze(m, "bfs", NULL, NULL, NULL, &err)))
                rc = cli_fail(files[k], "%s", amz_error_message(&err, st));
            if (!rc)
                rc = measured_label(m, label, sizeof label);
        } else {
            rc = make_maze(b, (int64_t)k, seed, m, label, sizeof label);
            /* Without --difficulty there is no ramp name: the label is what the maze measures. */
            if (!rc && !b->maze.difficulty)
                rc = measured_label(m, label, sizeof label);
        }
        if (rc)
            break;
        /* Counted once whole: set_free deinitialises the counted mazes only. */
        s->nmazes++;
        amz_book_item *it = &s->items[s->nitems++];
        it->kind = AMZ_BOOK_MAZE;
        it->maze = m;
        it->title = titles[k];
        if (label[0] && !(it->label = keep(s, label)))
            rc = cli_fail("book", "out of memory");
    }
    for (size_t j = 0; j < ns && !rc; j++)
        if (!(rc = make_slide(b, s, amz_rng_next(&rng), &s->items[s->nitems])))
            s->nitems++;
    free(titles);
    return rc;
}

/* `amaze book [MAZE...] -o FILE.pdf`: usage errors (exit 2) before any maze is made;
 * a maze that cannot be loaded, made or solved, a memory refusal and a failed write are
 * CLI_FAIL (exit 1). The PDF is built whole before it is written, through a temporary
 * file, so a failure leaves no partial book. */
int cmd_book(int argc, char **argv)
{
    book_args b;
    memset(&b, 0, sizeof b);
    cli_maze_args_init(&b.maze, 20, 20);
    amz_book_options_init(&b.o);
    b.count = 10;
    b.slides = 4;
    int rc = parse_args(&b, argc, argv);
    if (rc)
        return rc < 0 ? CLI_OK : rc;
    const int nfiles = argc - optind;
    if ((rc = check_args(&b, nfiles)))
        return rc;
    book_set s;
    memset(&s, 0, sizeof s);
    if ((rc = make_set(&b, argv + optind, nfiles, &s))) {
        set_free(&s);
        return rc;
    }
    /* The drawing's memory, beyond the puzzles already in memory (each maze had its own
     * guard when it was made); UINT64_MAX when a maze is too large to draw. */
    uint64_t need = amz_book_memory_estimate(s.items, s.nitems, &b.o);
    if ((rc = cli_memory_check("book", "drawing the book", need, b.max_memory))) {
        set_free(&s);
        return rc;
    }
    cli_outfile of;
    if ((rc = cli_outfile_open(&of, b.output)) == CLI_OK) {
        amz_error err;
        amz_error_clear(&err);
        amz_status st = amz_book_write(s.items, s.nitems, &b.o, of.f.fp, &err);
        rc = cli_outfile_end("book", &of, st, &err);
    }
    set_free(&s);
    return rc;
}
