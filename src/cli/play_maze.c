/* play_maze.c — `amaze play`: the maze runner in the terminal (ncurses). The rules
 * live in src/play/maze_game.c; this file parses options, makes the maze exactly as
 * `amaze generate` does, draws the maze around the player and turns keys into moves. */
#include <curses.h>
#include <getopt.h>
#include <stdlib.h>
#include <string.h>

#include "cli/cli.h"
#include "cli/play_term.h"
#include "play/maze_game.h"
#include "play/scores.h"

static const char help[] =
    "Usage: amaze play [options]\n"
    "Run through a maze in the terminal, from the start to the goal, against the clock.\n"
    "\n"
    "Options:\n"
    "  -s, --size WxH           width x height in cells (default: fits the terminal)\n"
    "  -t, --topology NAME      square (default) or hex\n"
    "  -a, --algorithm NAME     generator (default backtracker); see\n"
    "                           amaze generate --list-algorithms\n"
    "      --seed N             random seed (default: random, shown on screen); the maze\n"
    "                           is the one 'amaze generate' makes with the same options\n"
    "      --fog                show only the cells already seen\n"
    "      --file FILE          play a saved maze (.amz, JSON or text; '-' is refused:\n"
    "                           the keyboard is standard input)\n"
    "  -h, --help               show this help and exit\n"
    "\n"
    "Keys:\n"
    "  arrows, w a s d, h j k l move (square mazes)\n"
    "  q w e / a s d            move NW N NE / SW S SE (hex mazes; arrows go N and S,\n"
    "                           left and right take the open one of NW/SW and NE/SE)\n"
    "  u                        undo a move\n"
    "  ?                        show or hide the way to the goal from where you stand\n"
    "  r                        restart the same maze\n"
    "  n                        new maze (seed + 1)\n"
    "  q or Esc                 quit (on hex mazes: Q or Esc)\n"
    "\n"
    "Best times per topology and size are kept in $XDG_DATA_HOME/amaze/scores\n"
    "(default ~/.local/share/amaze/scores). docs/PLAY.md has the details.\n";

typedef struct ui {
    maze_game g;
    scores sc;
    bool fog, hint_on, has_file, record;
    uint64_t seed;
    const char *algorithm;
    amz_path hint;       /* the way shown by '?' */
    amz_cell *hint_cells; /* its cells */
    char key[SCORES_KEY_MAX];
    char note[2 * AMZ_ERROR_MAX]; /* a message under the maze, until the next key */
    uint64_t best_tenths;
    bool new_best;
} ui;

/* Key to direction on a square maze, -1 if not a move. */
static int square_dir(int ch)
{
    switch (ch) {
    case KEY_UP: case 'w': case 'W': case 'k': case 'K': return AMZ_SQ_N;
    case KEY_RIGHT: case 'd': case 'D': case 'l': case 'L': return AMZ_SQ_E;
    case KEY_DOWN: case 's': case 'S': case 'j': case 'J': return AMZ_SQ_S;
    case KEY_LEFT: case 'a': case 'A': case 'h': case 'H': return AMZ_SQ_W;
    default: return -1;
    }
}

/* Key to direction on a hex maze, -1 if not a move. Left and right have two
 * candidates each; the open one is taken (the upper one if both are). */
static int hex_dir(const maze_game *g, int ch)
{
    switch (ch) {
    case 'q': return AMZ_HEX_NW;
    case 'w': case KEY_UP: case 'k': return AMZ_HEX_N;
    case 'e': return AMZ_HEX_NE;
    case 'a': return AMZ_HEX_SW;
    case 's': case KEY_DOWN: case 'j': return AMZ_HEX_S;
    case 'd': return AMZ_HEX_SE;
    case KEY_LEFT: case 'h':
        return amz_maze_passage(&g->maze, g->pos, AMZ_HEX_NW) ? AMZ_HEX_NW : AMZ_HEX_SW;
    case KEY_RIGHT: case 'l':
        return amz_maze_passage(&g->maze, g->pos, AMZ_HEX_NE) ? AMZ_HEX_NE : AMZ_HEX_SE;
    default: return -1;
    }
}

/* ---- drawing ---- */

enum { TOP = 2 }; /* status lines above the maze */

typedef struct view {
    int64_t oy, ox; /* maze character at the top-left of the maze area */
    int h, w;       /* size of the maze area */
} view;

static void put(const view *v, int64_t y, int64_t x, const char *s)
{
    for (; *s; s++, x++) {
        int64_t sy = y - v->oy, sx = x - v->ox;
        if (sy >= 0 && sy < v->h && sx >= 0 && sx < v->w)
            mvaddch((int)sy + TOP, (int)sx, (chtype)(unsigned char)*s);
    }
}

/* Character size of the whole maze picture, and where a cell's inside starts. */
static void maze_extent(const amz_maze *m, int64_t *h, int64_t *w)
{
    *w = 3 * (int64_t)m->width + 1;
    *h = 2 * (int64_t)m->height + (m->topology == AMZ_TOPO_HEX ? 2 : 1);
}

static void cell_origin(const amz_maze *m, amz_cell c, int64_t *y, int64_t *x)
{
    int32_t cx, cy;
    amz_maze_cell_xy(m, c, &cx, &cy);
    *x = 3 * (int64_t)cx;
    *y = 2 * (int64_t)cy + (m->topology == AMZ_TOPO_HEX ? (cx & 1) : 0);
}

/* Walls of one cell. Square cells are "+--+" boxes; hex cells are flat-topped
 * "__" "/  \" "\__/" hexagons three characters apart, odd columns one line lower,
 * so neighbours share their edge characters. */
static void draw_walls(const view *v, const amz_maze *m, amz_cell c)
{
    int64_t y, x;
    cell_origin(m, c, &y, &x);
    pt_attr(PT_WALL, false, true);
    if (m->topology == AMZ_TOPO_SQUARE) {
        put(v, y, x, "+");
        put(v, y, x + 3, "+");
        put(v, y + 2, x, "+");
        put(v, y + 2, x + 3, "+");
        put(v, y, x + 1, amz_maze_passage(m, c, AMZ_SQ_N) ? "  " : "--");
        put(v, y + 2, x + 1, amz_maze_passage(m, c, AMZ_SQ_S) ? "  " : "--");
        put(v, y + 1, x, amz_maze_passage(m, c, AMZ_SQ_W) ? " " : "|");
        put(v, y + 1, x + 3, amz_maze_passage(m, c, AMZ_SQ_E) ? " " : "|");
    } else {
        put(v, y, x + 1, amz_maze_passage(m, c, AMZ_HEX_N) ? "  " : "__");
        put(v, y + 2, x + 1, amz_maze_passage(m, c, AMZ_HEX_S) ? "  " : "__");
        put(v, y + 1, x, amz_maze_passage(m, c, AMZ_HEX_NW) ? " " : "/");
        put(v, y + 1, x + 3, amz_maze_passage(m, c, AMZ_HEX_NE) ? " " : "\\");
        put(v, y + 2, x, amz_maze_passage(m, c, AMZ_HEX_SW) ? " " : "\\");
        put(v, y + 2, x + 3, amz_maze_passage(m, c, AMZ_HEX_SE) ? " " : "/");
    }
    pt_attr(PT_WALL, false, false);
}

static void draw_inside(const view *v, const amz_maze *m, amz_cell c, const char *s, int pair, bool bold)
{
    int64_t y, x;
    cell_origin(m, c, &y, &x);
    pt_attr(pair, bold, true);
    put(v, y + 1, x + 1, s);
    pt_attr(pair, bold, false);
}

static void fmt_time(char *buf, size_t cap, int64_t ms)
{
    snprintf(buf, cap, "%lld.%lld", (long long)(ms / 1000), (long long)(ms / 100 % 10));
}

static void draw_status(const ui *u, int64_t now)
{
    const maze_game *g = &u->g;
    char line[256], t[32], best[48] = "";
    fmt_time(t, sizeof t, maze_game_elapsed_ms(g, now));
    const score_entry *e = scores_find(&u->sc, u->key);
    if (e) {
        char b[32];
        fmt_time(b, sizeof b, (int64_t)e->tenths * 100);
        snprintf(best, sizeof best, "  best %s", b);
    }
    char origin[64];
    if (u->has_file)
        snprintf(origin, sizeof origin, "file");
    else
        snprintf(origin, sizeof origin, "seed %llu", (unsigned long long)u->seed);
    snprintf(line, sizeof line, " %dx%d %s  %s  time %s  moves %llu  visited %llu  optimal %llu%s", g->maze.width,
             g->maze.height, amz_topology_name(g->maze.topology), origin, t, (unsigned long long)g->moves,
             (unsigned long long)g->nvisited, (unsigned long long)g->optimal, best);
    pt_attr(PT_STATUS, false, true);
    mvhline(0, 0, ' ', COLS);
    mvaddnstr(0, 0, line, COLS);
    pt_attr(PT_STATUS, false, false);
    move(1, 0);
    clrtoeol();
    if (u->note[0]) {
        pt_attr(PT_WARN, true, true);
        mvaddnstr(1, 0, u->note, COLS);
        pt_attr(PT_WARN, true, false);
    } else if (g->maze.topology == AMZ_TOPO_HEX) {
        mvaddnstr(1, 0, " q w e / a s d: NW N NE / SW S SE   u undo  ? hint  r restart  n new  Esc/Q quit", COLS);
    } else {
        mvaddnstr(1, 0, " arrows/wasd/hjkl move   u undo  ? hint  r restart  n new  q quit", COLS);
    }
}

static void draw_win(const ui *u)
{
    const maze_game *g = &u->g;
    char l1[96], l2[96], l3[96], t[32];
    fmt_time(t, sizeof t, maze_game_elapsed_ms(g, 0));
    snprintf(l1, sizeof l1, "time %s s   moves %llu   optimal %llu", t, (unsigned long long)g->moves,
             (unsigned long long)g->optimal);
    if (u->new_best)
        snprintf(l2, sizeof l2, "efficiency %d%%   new best time!", maze_game_efficiency(g));
    else if (u->best_tenths) {
        char b[32];
        fmt_time(b, sizeof b, (int64_t)u->best_tenths * 100);
        snprintf(l2, sizeof l2, "efficiency %d%%   best %s s", maze_game_efficiency(g), b);
    } else
        snprintf(l2, sizeof l2, "efficiency %d%%", maze_game_efficiency(g));
    snprintf(l3, sizeof l3, "n new maze   r restart   %s quit", g->maze.topology == AMZ_TOPO_HEX ? "Q" : "q");
    const char *lines[] = {"YOU WIN - you reached the goal!", "", l1, l2, "", l3};
    pt_panel(lines, 6);
}

static void draw(ui *u, int64_t now)
{
    const maze_game *g = &u->g;
    const amz_maze *m = &g->maze;
    if (pt_too_small(40, 8))
        return;
    erase();
    view v = {0, 0, LINES - TOP, COLS};
    int64_t mh, mw, py, px;
    maze_extent(m, &mh, &mw);
    cell_origin(m, g->pos, &py, &px);
    /* Scroll so the player stays in the middle when the maze is bigger than the screen. */
    if (mh > v.h) {
        v.oy = py + 1 - v.h / 2;
        v.oy = v.oy < 0 ? 0 : v.oy > mh - v.h ? mh - v.h : v.oy;
    }
    if (mw > v.w) {
        v.ox = px + 1 - v.w / 2;
        v.ox = v.ox < 0 ? 0 : v.ox > mw - v.w ? mw - v.w : v.ox;
    }
    /* Only the cells whose picture meets the screen. */
    int64_t x0 = v.ox / 3 - 1, x1 = (v.ox + v.w) / 3 + 1, y0 = v.oy / 2 - 1, y1 = (v.oy + v.h) / 2 + 1;
    x0 = x0 < 0 ? 0 : x0;
    y0 = y0 < 0 ? 0 : y0;
    x1 = x1 >= m->width ? m->width - 1 : x1;
    y1 = y1 >= m->height ? m->height - 1 : y1;
    for (int64_t y = y0; y <= y1; y++)
        for (int64_t x = x0; x <= x1; x++) {
            amz_cell c = amz_maze_cell_at(m, x, y);
            if (!amz_maze_exists(m, c) || (u->fog && !maze_game_seen(g, c)))
                continue;
            draw_walls(&v, m, c);
            if (maze_game_visited(g, c))
                draw_inside(&v, m, c, "..", PT_VISITED, false);
        }
    if (u->hint_on && u->hint_cells)
        for (uint64_t i = 1; i < u->hint.len; i++)
            draw_inside(&v, m, u->hint_cells[i], "::", PT_HINT, true);
    if (!u->fog || maze_game_seen(g, m->goal))
        draw_inside(&v, m, m->goal, "[]", PT_GOAL, true);
    draw_inside(&v, m, g->pos, "@@", PT_PLAYER, true);
    draw_status(u, now);
    if (g->won)
        draw_win(u);
    refresh();
}

/* ---- rounds ---- */

static void hint_clear(ui *u)
{
    amz_path_deinit(&u->hint);
    free(u->hint_cells);
    u->hint_cells = NULL;
}

static void hint_update(ui *u)
{
    hint_clear(u);
    if (!u->hint_on || u->g.won)
        return;
    amz_error err;
    amz_error_clear(&err);
    amz_status st = maze_game_hint(&u->g, &u->hint, &err);
    if (!st) {
        u->hint_cells = malloc((size_t)(u->hint.len + 1) * sizeof *u->hint_cells);
        if (u->hint_cells && amz_path_cells(&u->g.maze, &u->hint, u->hint_cells)) {
            free(u->hint_cells);
            u->hint_cells = NULL;
        }
    }
    if (st || !u->hint_cells)
        snprintf(u->note, sizeof u->note, " no hint: %s", st ? amz_error_message(&err, st) : "out of memory");
}

/* Makes the maze of a round: generated as `amaze generate` does, or a new one on the
 * cells of the file's maze. */
static amz_status make_maze(amz_maze *m, amz_topology t, int64_t w, int64_t h, const char *algorithm,
                            uint64_t seed, amz_error *err)
{
    amz_status st = amz_maze_init(m, t, w, h, err);
    if (st)
        return st;
    amz_gen_options o;
    amz_gen_options_init(&o);
    o.seed = seed;
    if ((st = amz_gen_run(m, algorithm, &o, NULL, err)))
        amz_maze_deinit(m);
    return st;
}

static void won(ui *u, int64_t now)
{
    int64_t ms = maze_game_elapsed_ms(&u->g, now);
    uint64_t tenths = (uint64_t)(ms / 100);
    const score_entry *e = scores_find(&u->sc, u->key);
    u->best_tenths = e ? e->tenths : 0;
    u->new_best = u->record && scores_record(&u->sc, u->key, tenths, u->g.moves);
}

static void set_key(ui *u)
{
    snprintf(u->key, sizeof u->key, "maze-%s-%dx%d", amz_topology_name(u->g.maze.topology), u->g.maze.width,
             u->g.maze.height);
}

static int new_round(ui *u, amz_error *err)
{
    amz_maze m;
    amz_status st;
    if (u->has_file) {
        /* A new maze on the file's grid (its mask, start and goal), by its generator. */
        if ((st = amz_maze_copy(&m, &u->g.maze, err)))
            return st;
        amz_maze_clear(&m);
        amz_gen_options o;
        amz_gen_options_init(&o);
        o.seed = ++u->seed;
        const char *a = amz_gen_find(m.algorithm) ? m.algorithm : "backtracker";
        if ((st = amz_gen_run(&m, a, &o, NULL, err))) {
            amz_maze_deinit(&m);
            return st;
        }
    } else {
        u->seed++;
        if ((st = make_maze(&m, u->g.maze.topology, u->g.maze.width, u->g.maze.height, u->algorithm, u->seed, err)))
            return st;
    }
    maze_game ng;
    st = maze_game_init(&ng, &m, err);
    amz_maze_deinit(&m);
    if (st)
        return st;
    maze_game_deinit(&u->g);
    u->g = ng; /* u->record stays: a new maze on a masked file's cells is still masked */
    return AMZ_OK;
}

/* The game loop: keys until quit or a signal. */
static void loop(ui *u)
{
    bool hex = u->g.maze.topology == AMZ_TOPO_HEX;
    for (;;) {
        int64_t now = pt_now_ms();
        char warning[sizeof u->note - 1];
        if (!u->note[0] && scores_take_warning(&u->sc, warning, sizeof warning))
            snprintf(u->note, sizeof u->note, " %s", warning);
        draw(u, now);
        int ch = pt_next_key(100);
        if (ch == PT_STOP)
            return;
        if (ch == ERR)
            continue;
        u->note[0] = '\0';
        if (ch == 27 || ch == 'Q' || (!hex && ch == 'q'))
            return;
        now = pt_now_ms();
        amz_error err;
        amz_error_clear(&err);
        if (ch == 'r') {
            maze_game_restart(&u->g);
        } else if (ch == 'n') {
            amz_status st = new_round(u, &err);
            if (st)
                snprintf(u->note, sizeof u->note, " no new maze: %s", amz_error_message(&err, st));
            set_key(u);
        } else if (ch == 'u') {
            maze_game_undo(&u->g);
        } else if (ch == '?') {
            u->hint_on = !u->hint_on;
        } else if (!u->g.won) {
            int d = hex ? hex_dir(&u->g, ch) : square_dir(ch);
            if (d >= 0 && maze_game_move(&u->g, d, now) == MAZE_MOVED && u->g.won)
                won(u, now);
        }
        hint_update(u);
    }
}

int cmd_play(int argc, char **argv)
{
    static const struct option longopts[] = {
        {"size", required_argument, NULL, 's'},      {"topology", required_argument, NULL, 't'},
        {"algorithm", required_argument, NULL, 'a'}, {"seed", required_argument, NULL, 'S'},
        {"fog", no_argument, NULL, 'f'},             {"file", required_argument, NULL, 'F'},
        {"help", no_argument, NULL, 'h'},            {NULL, 0, NULL, 0},
    };
    const char *cmd = "play", *topology = NULL, *file = NULL;
    ui u;
    memset(&u, 0, sizeof u);
    u.algorithm = NULL;
    int64_t w = 0, h = 0;
    bool has_seed = false, has_size = false;
    int c, rc;
    cli_getopt_reset();
    while ((c = getopt_long(argc, argv, ":s:t:a:h", longopts, NULL)) != -1) {
        switch (c) {
        case 's': if ((rc = cli_parse_size(cmd, "--size", optarg, &w, &h))) return rc; has_size = true; break;
        case 't': topology = optarg; break;
        case 'a': u.algorithm = optarg; break;
        case 'S': if ((rc = cli_parse_u64(cmd, "--seed", optarg, &u.seed))) return rc; has_seed = true; break;
        case 'f': u.fog = true; break;
        case 'F': file = optarg; break;
        case 'h': cli_print_help(stdout, help); return CLI_OK;
        default: return cli_bad_option(cmd, argc, argv, c);
        }
    }
    if (optind < argc)
        return cli_usage(cmd, cmd, "unexpected argument '%s'", argv[optind]);
    if (file && (has_size || topology || u.algorithm || has_seed))
        return cli_usage(cmd, "--file", "the file sets the maze: drop %s",
                         has_size ? "--size" : topology ? "--topology" : u.algorithm ? "--algorithm" : "--seed");
    if (file && strcmp(file, "-") == 0)
        return cli_usage(cmd, "--file", "'-' is the keyboard here: give a file name");
    amz_error err;
    amz_error_clear(&err);
    amz_topology topo = AMZ_TOPO_SQUARE;
    if (topology && amz_topology_parse(topology, &topo, &err))
        return cli_usage(cmd, "--topology", "%s", err.msg);
    if (!u.algorithm)
        u.algorithm = "backtracker";
    const amz_gen_info *gi = amz_gen_find(u.algorithm);
    if (!gi)
        return cli_usage(cmd, "--algorithm", "unknown generator '%s' (see amaze generate --list-algorithms)",
                         u.algorithm);
    if (!amz_gen_supports(gi, topo))
        return cli_usage(cmd, "--algorithm", "'%s' does not work on %s grids", gi->name, amz_topology_name(topo));
    /* A maze is played on one screen's worth of memory at most per cell bit; refuse
     * absurd sizes before the terminal is taken over. */
    if (has_size && w * h > ((int64_t)1 << 26))
        return cli_usage(cmd, "--size", "%lldx%lld is too big to play (at most 67108864 cells)", (long long)w,
                         (long long)h);
    amz_maze m;
    memset(&m, 0, sizeof m);
    if (file && (rc = cli_load_maze(file, 0, &m)))
        return rc;
    if (file && m.ncells > ((int64_t)1 << 26)) {
        amz_maze_deinit(&m);
        return cli_fail(cmd, "%s: too big to play (at most 67108864 cells)", file);
    }
    if ((rc = pt_start(cmd, false))) {
        amz_maze_deinit(&m);
        return rc;
    }
    amz_status st = AMZ_OK;
    if (!file) {
        if (!has_seed)
            u.seed = cli_random_seed();
        if (!has_size) {
            /* Fill the screen below the two status lines. */
            w = (COLS - 1) / 3;
            h = (LINES - TOP - (topo == AMZ_TOPO_HEX ? 2 : 1)) / 2;
            w = w < 2 ? 2 : w;
            h = h < 2 ? 2 : h;
        }
        st = make_maze(&m, topo, w, h, u.algorithm, u.seed, &err);
    } else {
        u.has_file = true;
        u.seed = m.seed;
    }
    if (!st)
        st = maze_game_init(&u.g, &m, &err);
    u.record = !m.mask; /* best times compare whole rectangles of one size */
    amz_maze_deinit(&m);
    if (st) {
        pt_stop();
        return cli_lib_fail(cmd, &err, st);
    }
    char path[4096];
    scores_init(&u.sc, scores_default_path(path, sizeof path) ? path : NULL);
    scores_load(&u.sc);
    set_key(&u);
    loop(&u);
    pt_stop();
    hint_clear(&u);
    maze_game_deinit(&u.g);
    scores_free(&u.sc);
    return pt_signal_exit(cmd);
}
