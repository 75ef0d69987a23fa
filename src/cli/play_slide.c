/* play_slide.c — `amaze slide play`: the sliding puzzle in the terminal (ncurses).
 * The rules live in src/play/slide_game.c (shuffles and solvers are the library's);
 * this file draws the board, reads keys and mouse clicks, and animates auto-solve.
 * Keys name the way the TILE goes; the solvers' moves name the blank's (docs/PLAY.md). */
#include <curses.h>
#include <getopt.h>
#include <stdlib.h>
#include <string.h>

#include "cli/cli.h"
#include "cli/play_term.h"
#include "cli/slide_cli.h"
#include "play/scores.h"
#include "play/slide_game.h"

static const char help_play[] =
    "Usage: amaze slide play [MxN] [options]\n"
    "Play a sliding puzzle of M rows and N columns (2 to 10 each, default 4x4) in the\n"
    "terminal: put the tiles in order with the blank last.\n"
    "\n"
    "Options:\n"
    "      --seed N         random seed (default: random, shown on screen); the\n"
    "                       board is the one that 'amaze slide shuffle MxN --seed N'\n"
    "                       prints\n"
    "      --walk K         shuffle by K random moves from the goal (easy for small\n"
    "                       K) instead of a uniform solvable shuffle\n"
    "  -h, --help           show this help and exit\n"
    "\n"
    "Keys:\n"
    "  arrows, w a s d      slide a tile into the blank, the way the arrow points\n"
    "  mouse click          slide the clicked tile (next to the blank)\n"
    "  h                    hint: which tile to move next (from the library's\n"
    "                       solvers)\n"
    "  A (shift-a)          solve it for me, move by move (any key stops); lower-case\n"
    "                       a is WASD's left\n"
    "  r                    restart the same shuffle\n"
    "  n                    new shuffle (seed + 1)\n"
    "  q or Esc             quit\n"
    "\n"
    "Best times per size are kept with those of 'amaze play' (docs/PLAY.md).\n";

/* A session; the auto-solve moves and the scores are owned. */
typedef struct sui {
    slide_game g;
    scores sc;
    char key[SCORES_KEY_MAX];
    char note[2 * AMZ_ERROR_MAX];
    int hint_cell;            /* tile cell to highlight, -1 = none */
    amz_slide_solution auto_moves; /* auto-solve in progress when moves != NULL */
    size_t auto_next;
    int64_t auto_at;          /* clock of the next auto move */
    bool assisted;            /* auto-solve was used: no best time */
    bool new_best;
    uint64_t best_tenths;
    int top, left;            /* screen position of the board */
} sui;

/* A cell is "+----" wide and two lines high, sharing its border with the neighbours;
 * auto-solve plays one move every AUTO_MS milliseconds. */
enum { CELL_W = 5, CELL_H = 2, AUTO_MS = 180 };

/* Seconds with one decimal, truncated like the tenths the scores keep. */
static void fmt_time(char *buf, size_t cap, int64_t ms)
{
    snprintf(buf, cap, "%lld.%lld", (long long)(ms / 1000), (long long)(ms / 100 % 10));
}

static void draw(sui *u, int64_t now)
{
    const amz_slide_board *b = &u->g.board;
    int bw = b->cols * CELL_W + 1, bh = b->rows * CELL_H + 1;
    if (pt_too_small(bw > 44 ? bw : 44, bh + 4))
        return;
    erase();
    char line[256], t[32], best[48] = "";
    fmt_time(t, sizeof t, slide_game_elapsed_ms(&u->g, now));
    const score_entry *e = scores_find(&u->sc, u->key);
    if (e) {
        char bt[32];
        fmt_time(bt, sizeof bt, (int64_t)e->tenths * 100);
        snprintf(best, sizeof best, "  best %s", bt);
    }
    snprintf(line, sizeof line, " %dx%d  seed %llu%s  moves %llu  time %s%s", b->rows, b->cols,
             (unsigned long long)u->g.seed, u->g.walked ? " (walk)" : "", (unsigned long long)u->g.moves, t, best);
    pt_attr(PT_STATUS, false, true);
    mvhline(0, 0, ' ', COLS);
    mvaddnstr(0, 0, line, COLS);
    pt_attr(PT_STATUS, false, false);
    if (u->note[0]) {
        pt_attr(PT_WARN, true, true);
        mvaddnstr(1, 0, u->note, COLS);
        pt_attr(PT_WARN, true, false);
    } else {
        mvaddnstr(1, 0, " arrows/wasd slide  h hint  A auto-solve  r restart  n new  q quit", COLS);
    }
    /* Kept in u for click_cell: the board starts below the status, the key line and a
     * blank line, centred across. */
    u->top = 3;
    u->left = (COLS - bw) / 2;
    for (int r = 0; r <= b->rows; r++)
        for (int c = 0; c <= b->cols; c++) {
            int y = u->top + r * CELL_H, x = u->left + c * CELL_W;
            mvaddch(y, x, '+');
            if (c < b->cols)
                mvaddstr(y, x + 1, "----");
            if (r < b->rows)
                mvaddch(y + 1, x, '|');
        }
    for (int cell = 0; cell < b->rows * b->cols; cell++) {
        int tile = b->tiles[cell];
        if (!tile)
            continue;
        int y = u->top + (cell / b->cols) * CELL_H + 1, x = u->left + (cell % b->cols) * CELL_W + 1;
        /* A tile already on its goal cell is drawn in the PT_HOME colour. */
        bool home = amz_slide_goal_tile(b, cell) == tile;
        bool hint = cell == u->hint_cell;
        int pair = hint ? PT_HINT : home ? PT_HOME : PT_TILE;
        char s[8];
        snprintf(s, sizeof s, "%3d ", tile);
        pt_attr(pair, hint || home, true);
        if (hint)
            attron(A_REVERSE);
        mvaddstr(y, x, s);
        if (hint)
            attroff(A_REVERSE);
        pt_attr(pair, hint || home, false);
    }
    if (u->g.won && !u->auto_moves.moves) {
        char l1[96], l2[96];
        fmt_time(t, sizeof t, slide_game_elapsed_ms(&u->g, now));
        snprintf(l1, sizeof l1, "time %s s   moves %llu", t, (unsigned long long)u->g.moves);
        if (u->assisted)
            snprintf(l2, sizeof l2, "solved by the computer: no best time");
        else if (u->new_best)
            snprintf(l2, sizeof l2, "new best time!");
        else if (u->best_tenths) {
            char bt[32];
            fmt_time(bt, sizeof bt, (int64_t)u->best_tenths * 100);
            snprintf(l2, sizeof l2, "best %s s", bt);
        } else
            l2[0] = '\0';
        const char *lines[] = {"YOU WIN - puzzle solved!", "", l1, l2, "", "n new shuffle   r restart   q quit"};
        pt_panel(lines, 6);
    }
    refresh();
}

static void stop_auto(sui *u)
{
    amz_slide_solution_deinit(&u->auto_moves);
    u->auto_next = 0;
}

/* A won round by hand: its time (tenths, truncated) may be a new best for the size. */
static void won(sui *u, int64_t now)
{
    if (u->assisted)
        return;
    const score_entry *e = scores_find(&u->sc, u->key);
    u->best_tenths = e ? e->tenths : 0;
    u->new_best = scores_record(&u->sc, u->key, (uint64_t)(slide_game_elapsed_ms(&u->g, now) / 100), u->g.moves);
}

/* State of the front end that a restart or a new shuffle clears. The key holds only
 * [a-z0-9-], as the scores file wants. */
static void start_round(sui *u)
{
    stop_auto(u);
    u->hint_cell = -1;
    u->assisted = false;
    u->new_best = false;
    snprintf(u->key, sizeof u->key, "slide-%dx%d", u->g.board.rows, u->g.board.cols);
}

/* Solves the current board; false (with a note) on failure. */
static bool solve(sui *u, amz_slide_solution *s)
{
    amz_error err;
    amz_error_clear(&err);
    amz_status st = slide_game_solve(&u->g, s, &err);
    if (st)
        snprintf(u->note, sizeof u->note, " no solution: %s", amz_error_message(&err, st));
    return st == AMZ_OK;
}

static void hint(sui *u)
{
    amz_slide_solution s;
    if (!solve(u, &s))
        return;
    if (s.length > 0) {
        int m = amz_slide_move_parse(s.moves[0]);
        const amz_slide_board *b = &u->g.board;
        /* The blank moves to the tile's cell: that tile is the one to slide. */
        int r = b->blank / b->cols, c = b->blank % b->cols;
        r += m == AMZ_SLIDE_UP ? -1 : m == AMZ_SLIDE_DOWN ? 1 : 0;
        c += m == AMZ_SLIDE_LEFT ? -1 : m == AMZ_SLIDE_RIGHT ? 1 : 0;
        u->hint_cell = r * b->cols + c;
        /* Indexed by the blank's move: the tile goes the other way. */
        static const char *const way[] = {"down", "up", "right", "left"};
        snprintf(u->note, sizeof u->note, " hint: slide tile %d %s (%zu moves to go%s)", b->tiles[u->hint_cell],
                 way[m], s.length, s.optimal ? ", fewest" : "");
    }
    amz_slide_solution_deinit(&s);
}

/* The board cell under a click, -1 off the board or on a grid line (every CELL_H-th
 * line and CELL_W-th column from the board's corner). */
static int click_cell(const sui *u, const MEVENT *ev)
{
    int y = ev->y - u->top, x = ev->x - u->left;
    if (y <= 0 || x <= 0 || y % CELL_H == 0 || x % CELL_W == 0)
        return -1;
    int r = y / CELL_H, c = x / CELL_W;
    if (r >= u->g.board.rows || c >= u->g.board.cols)
        return -1;
    return r * u->g.board.cols + c;
}

static void loop(sui *u)
{
    for (;;) {
        int64_t now = pt_now_ms();
        char warning[sizeof u->note - 1];
        if (!u->note[0] && scores_take_warning(&u->sc, warning, sizeof warning))
            snprintf(u->note, sizeof u->note, " %s", warning);
        /* Auto-solve steps by the clock, not by keys: one move when its time has come. */
        if (u->auto_moves.moves && now >= u->auto_at) {
            if (u->auto_next < u->auto_moves.length) {
                int m = amz_slide_move_parse(u->auto_moves.moves[u->auto_next++]);
                slide_game_blank(&u->g, (amz_slide_move)m, now);
                u->auto_at = now + AUTO_MS;
            }
            if (u->auto_next >= u->auto_moves.length)
                stop_auto(u);
        }
        draw(u, now);
        int ch = pt_next_key(u->auto_moves.moves ? 20 : 100 /* the auto-solve steps on time */);
        if (ch == PT_STOP)
            return;
        if (ch == ERR)
            continue;
        /* q and Esc quit as well; any other key only stops it. */
        if (u->auto_moves.moves) { /* any key stops the animation */
            stop_auto(u);
            if (ch != 'q' && ch != 27)
                continue;
        }
        u->note[0] = '\0';
        u->hint_cell = -1;
        now = pt_now_ms();
        bool moved = false;
        switch (ch) {
        case 'q': case 'Q': case 27: return;
        case 'r': slide_game_restart(&u->g); start_round(u); break;
        case 'n': {
            amz_error err;
            amz_error_clear(&err);
            /* On failure the current round goes on (the game holds no heap memory, so
             * replacing it by assignment leaks nothing). */
            slide_game ng;
            if (slide_game_new(&ng, u->g.board.rows, u->g.board.cols, u->g.seed + 1, u->g.walked, u->g.walk, &err) ==
                AMZ_OK)
                u->g = ng;
            start_round(u);
            break;
        }
        case 'h': if (!u->g.won) hint(u); break;
        case 'A': /* capital: lower-case a is WASD's left */
            if (!u->g.won && solve(u, &u->auto_moves)) {
                u->assisted = true;
                u->auto_next = 0;
                u->auto_at = now;
            }
            break;
        case KEY_UP: case 'w': case 'W': moved = slide_game_slide(&u->g, AMZ_SLIDE_UP, now); break;
        case KEY_DOWN: case 's': case 'S': moved = slide_game_slide(&u->g, AMZ_SLIDE_DOWN, now); break;
        case KEY_LEFT: case 'a': moved = slide_game_slide(&u->g, AMZ_SLIDE_LEFT, now); break;
        case KEY_RIGHT: case 'd': case 'D': moved = slide_game_slide(&u->g, AMZ_SLIDE_RIGHT, now); break;
        case KEY_MOUSE: {
            MEVENT ev;
            /* pt_start set mouseinterval(0), so a press counts as the click. */
            if (getmouse(&ev) == OK && (ev.bstate & (BUTTON1_PRESSED | BUTTON1_CLICKED)))
                moved = slide_game_click(&u->g, click_cell(u, &ev), now);
            break;
        }
        default: break;
        }
        if (moved && u->g.won)
            won(u, now);
    }
}

int slide_play(int argc, char **argv)
{
    static const struct option longopts[] = {
        {"seed", required_argument, NULL, OPT_SEED}, {"walk", required_argument, NULL, OPT_WALK},
        {"help", no_argument, NULL, 'h'},            {NULL, 0, NULL, 0},
    };
    const char *cmd = "slide play";
    uint64_t seed = 0, walk = 0;
    bool has_seed = false, walked = false;
    int c, rc;
    cli_getopt_reset();
    while ((c = getopt_long(argc, argv, ":h", longopts, NULL)) != -1) {
        switch (c) {
        case OPT_SEED: if ((rc = cli_parse_u64(cmd, "--seed", optarg, &seed))) return rc; has_seed = true; break;
        case OPT_WALK: if ((rc = cli_parse_u64(cmd, "--walk", optarg, &walk))) return rc; walked = true; break;
        case 'h': cli_print_help(stdout, help_play); return CLI_OK;
        default: return cli_bad_option(cmd, argc, argv, c);
        }
    }
    int rows = 4, cols = 4;
    if (argc - optind > 1)
        return cli_usage(cmd, cmd, "expected at most one board size MxN, like 4x4");
    if (argc - optind == 1) {
        const char *a = argv[optind];
        char *end;
        /* strtol for the numbers, but a digit must start each (no sign or space), and huge
         * values are held at 99 so that the range message below names them. */
        long r = strtol(a, &end, 10), k = 0;
        bool ok = end != a && (*end == 'x' || *end == 'X') && end[1] >= '0' && end[1] <= '9';
        if (ok) {
            k = strtol(end + 1, &end, 10);
            ok = *end == '\0';
        }
        rows = r > 99 || r < 0 ? 99 : (int)r;
        cols = k > 99 || k < 0 ? 99 : (int)k;
        if (!ok || a[0] < '0' || a[0] > '9')
            return cli_usage(cmd, "size", "'%s' is not a board size: expected MxN (rows x columns), like 4x4",
                             argv[optind]);
        if (rows < SLIDE_GAME_MIN || rows > SLIDE_GAME_MAX || cols < SLIDE_GAME_MIN || cols > SLIDE_GAME_MAX)
            return cli_usage(cmd, "size", "'%s': rows and columns must be from %d to %d", argv[optind],
                             SLIDE_GAME_MIN, SLIDE_GAME_MAX);
    }
    if (walked && walk > 100000000)
        return cli_usage(cmd, "--walk", "at most 100000000 moves");
    sui u;
    memset(&u, 0, sizeof u);
    amz_error err;
    amz_error_clear(&err);
    /* The board is made before the screen is taken, so errors print plainly. */
    amz_status st = slide_game_new(&u.g, rows, cols, has_seed ? seed : cli_random_seed(), walked, walk, &err);
    if (st)
        return cli_lib_fail(cmd, &err, st);
    if ((rc = pt_start(cmd, true)))
        return rc;
    /* The same scores file as `amaze play`, under "slide-MxN" keys. */
    char path[4096];
    scores_init(&u.sc, scores_default_path(path, sizeof path) ? path : NULL);
    scores_load(&u.sc);
    start_round(&u);
    loop(&u);
    pt_stop();
    stop_auto(&u);
    scores_free(&u.sc);
    return pt_signal_exit(cmd);
}
