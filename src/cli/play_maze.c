/* play_maze.c — `amaze play`: the maze runner in the terminal (ncurses). The rules
 * live in src/play/maze_game.c; this file parses options, makes the maze exactly as
 * `amaze generate` does, draws the maze around the player and turns keys into moves.
 * Square, hex and triangle mazes (the three layouts drawn here), flat or of levels (the
 * player's level is drawn, stairs marked; < and > climb), wrapped too (a passage across
 * the border is a gap in it, and the player comes out on the other side); docs/PLAY.md. */
#include <curses.h>
#include <getopt.h>
#include <stdlib.h>
#include <string.h>

#include "cli/anim_term.h"
#include "cli/cli.h"
#include "cli/maze_args.h"
#include "cli/play_term.h"
#include "play/maze_game.h"
#include "play/scores.h"

static const char *const help[] = {
    "Usage: amaze play [options]\n"
    "Run through a maze in the terminal, from the start to the goal, against the\n"
    "clock. The maze is the one 'amaze generate' makes with the same options.\n"
    "\n"
    "Maze:\n"
    "  -s, --size WxH           width x height in cells (default: fits the terminal)\n",
    CLI_MAZE_HELP,
    "\n"
    "Game:\n"
    "      --fog                show only the cells already seen (and the goal)\n"
    "      --file FILE          play a saved maze (.amz, JSON or text; '-' is\n"
    "                           refused: the keyboard is standard input)\n"
    "      --dungeon FILE       walk a dungeon (.amd, see amaze dungeon) from the up\n"
    "                           stairs '<' to the down stairs '>'; with --fog, rooms\n"
    "                           light up as you enter them\n"
    "  -h, --help               show this help and exit\n"
    "\n"
    "Keys:\n"
    "  arrows, w a s d, h j k l move (square mazes; on triangle mazes left and right\n"
    "                           go W and E, up N from a triangle pointing down, down\n"
    "                           S from one pointing up)\n"
    "  q w e / a s d            move NW N NE / SW S SE (hex mazes; arrows go N and S,\n"
    "                           left and right take the open one of NW/SW and NE/SE)\n"
    "  < >, PgUp PgDn           stairs up and down (mazes of levels: a cell marked <\n"
    "                           has stairs up, > down, <> both)\n"
    "  u                        undo a move\n"
    "  ?                        show or hide the way to the goal from where you stand\n"
    "                           (a time made with it shown is not a best time)\n"
    "  p                        pause: the clock stops and the maze is hidden\n"
    "  r                        restart the same maze\n"
    "  n                        new maze (seed + 1)\n"
    "  q or Esc                 quit (on hex mazes: Q or Esc)\n"
    "\n"
    "Best times per topology and size are kept in $XDG_DATA_HOME/amaze/scores\n"
    "(default ~/.local/share/amaze/scores). docs/PLAY.md has the details.\n",
    NULL};

/* Everything a session holds; the maze_game, the hint and the scores are owned. */
typedef struct ui {
    maze_game g;
    scores sc;
    /* record: rounds may set best times (not on a mask: docs/PLAY.md). */
    bool fog, hint_on, has_file, record;
    uint64_t seed;
    const char *algorithm;
    amz_gen_options o;   /* the generator's options; the seed moves on with each new maze */
    amz_path hint;       /* the way shown by '?' */
    amz_cell *hint_cells; /* its cells */
    char key[SCORES_KEY_MAX];
    char note[2 * AMZ_ERROR_MAX]; /* a message under the maze, until the next key */
    /* The best time before the round just won (0 = none), and whether it beat it. */
    uint64_t best_tenths;
    bool new_best;
} ui;

/* Key to direction on a square maze, -1 if not a move. Capitals move too. */
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
 * candidates each; the open one is taken (the upper one if both are, the lower one,
 * and so a wall, if neither is). q is NW here, so hex games quit on Q or Esc. */
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

/* Key to direction on a triangle maze, -1 if not a move: the square keys, N and S
 * being open only from a triangle pointing down and up respectively. */
static int tri_dir(int ch)
{
    static const int to_tri[4] = {[AMZ_SQ_N] = AMZ_TRI_N, [AMZ_SQ_E] = AMZ_TRI_E, [AMZ_SQ_S] = AMZ_TRI_S,
                                  [AMZ_SQ_W] = AMZ_TRI_W};
    const int d = square_dir(ch);
    return d < 0 ? -1 : to_tri[d];
}

/* The direction named `name` ("U", "D") on m's topology, or -1. */
static int dir_named(const amz_maze *m, const char *name)
{
    for (int d = 0; d < m->ndirs; d++)
        if (amz_dir_name(m->topology, d) && strcmp(amz_dir_name(m->topology, d), name) == 0)
            return d;
    return -1;
}

/* Key to stairs on a maze of levels: < or PgUp up, > or PgDn down; -1 otherwise. */
static int stairs_dir(const maze_game *g, int ch)
{
    if (g->maze.levels <= 1)
        return -1;
    if (ch == '<' || ch == KEY_PPAGE)
        return dir_named(&g->maze, "U");
    if (ch == '>' || ch == KEY_NPAGE)
        return dir_named(&g->maze, "D");
    return -1;
}

/* The level of cell c (0 on a flat maze). */
static int32_t level_of(const amz_maze *m, amz_cell c)
{
    int32_t z = 0;
    amz_maze_cell_xyz(m, c, NULL, NULL, &z);
    return z;
}

/* ---- drawing ---- */

enum { TOP = 2 }; /* status lines above the maze */

typedef struct view {
    int64_t oy, ox; /* maze character at the top-left of the maze area */
    int h, w;       /* size of the maze area */
} view;

/* Writes s at maze character (y, x), clipping each character to the maze area, so
 * that callers need not know what is on screen. */
static void put(const view *v, int64_t y, int64_t x, const char *s)
{
    for (; *s; s++, x++) {
        int64_t sy = y - v->oy, sx = x - v->ox;
        if (sy >= 0 && sy < v->h && sx >= 0 && sx < v->w)
            mvaddch((int)sy + TOP, (int)sx, (chtype)(unsigned char)*s);
    }
}

/* How a topology's cells sit in characters: one cell to the next is `sx` columns and
 * `sy` lines, and the whole picture of W x H cells is sx*W + ex wide and sy*H + ey
 * high. Square: 3 columns and 2 lines a cell plus the closing walls; hex: one line
 * more, as odd columns sit one line lower; triangle: 3 lines a row, triangles 6
 * columns wide overlapping by half, so 3 columns more at the end and the top wall
 * line above the first row. */
typedef struct layout {
    int sx, sy, ex, ey;
} layout;

static layout layout_of(amz_topology t)
{
    switch (t) {
    case AMZ_TOPO_HEX: return (layout){3, 2, 1, 2};
    case AMZ_TOPO_TRIANGLE: return (layout){3, 3, 3, 1};
    default: return (layout){3, 2, 1, 1};
    }
}

/* Character size of the whole maze picture. */
static void maze_extent(const amz_maze *m, int64_t *h, int64_t *w)
{
    const layout l = layout_of(m->topology);
    *w = l.sx * (int64_t)m->width + l.ex;
    *h = l.sy * (int64_t)m->height + l.ey;
}

/* Whether triangle (x, y) points up (its base at the bottom): x + y even (maze.h). */
static bool tri_up(int32_t x, int32_t y)
{
    return !((x + y) & 1);
}

/* The maze character one up and one left of cell c's inside, the two characters its
 * marks take: a square's or hex's top-left corner; for a triangle, whose inside is the
 * middle of its three lines, its top line and two left of its centre column. */
static void cell_origin(const amz_maze *m, amz_cell c, int64_t *y, int64_t *x)
{
    int32_t cx, cy;
    amz_maze_cell_xyz(m, c, &cx, &cy, NULL);
    const layout l = layout_of(m->topology);
    *x = l.sx * (int64_t)cx + (m->topology == AMZ_TOPO_TRIANGLE ? 1 : 0);
    *y = l.sy * (int64_t)cy + (m->topology == AMZ_TOPO_HEX ? (cx & 1) : m->topology == AMZ_TOPO_TRIANGLE ? 1 : 0);
}

/* Walls of a triangle whose top line is y and centre column a: a triangle pointing up
 * has its apex between columns a-1 and a on the top line and its base ("____", the
 * four columns between its sides) on the third; one pointing down has its top in the
 * line above (the base of the one above it) and its apex on the third line. Sides go
 * one column a line, so neighbours share every character of their common edge. */
static void draw_tri_walls(const view *v, const amz_maze *m, amz_cell c, int64_t y, int64_t a, bool up)
{
    const bool w = !amz_maze_passage(m, c, AMZ_TRI_W), e = !amz_maze_passage(m, c, AMZ_TRI_E);
    for (int i = 0; i < 3; i++) {
        if (w)
            put(v, y + i, up ? a - 1 - i : a - 3 + i, up ? "/" : "\\");
        if (e)
            put(v, y + i, up ? a + i : a + 2 - i, up ? "\\" : "/");
    }
    if (up && !amz_maze_passage(m, c, AMZ_TRI_S))
        put(v, y + 2, a - 2, "____");
    if (!up && !amz_maze_passage(m, c, AMZ_TRI_N))
        put(v, y - 1, a - 2, "____");
}

/* Walls of one cell. Square cells are "+--+" boxes; hex cells are flat-topped
 * "__" "/  \" "\__/" hexagons three characters apart, odd columns one line lower,
 * so neighbours share their edge characters; triangles are drawn above. */
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
    } else if (m->topology == AMZ_TOPO_TRIANGLE) {
        int32_t cx, cy;
        amz_maze_cell_xyz(m, c, &cx, &cy, NULL);
        draw_tri_walls(v, m, c, y, x + 2, tri_up(cx, cy));
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

/* Seconds with one decimal, truncated (not rounded) like the tenths the scores keep. */
static void fmt_time(char *buf, size_t cap, int64_t ms)
{
    snprintf(buf, cap, "%lld.%lld", (long long)(ms / 1000), (long long)(ms / 100 % 10));
}

/* The most segments a status line has: size, level, time, moves, optimal, paused or
 * hint, fog, best, seed or file, visited. */
#define STATUS_SEGMENTS 10

/* Builds the status line from whole segments, most important first, and keeps only
 * those that fit the terminal: long forms while they fit, then short ones, then
 * dropping segments from the end; a number is never cut. */
static void status_line(const ui *u, int64_t now, char *line, size_t cap, int cols)
{
    const maze_game *g = &u->g;
    /* seg[k][0] is segment k's long form, seg[k][1] its short one. */
    char t[32], b[32] = "", seg[STATUS_SEGMENTS][2][48];
    fmt_time(t, sizeof t, maze_game_elapsed_ms(g, now));
    const score_entry *e = scores_find(&u->sc, u->key);
    if (e)
        fmt_time(b, sizeof b, (int64_t)e->tenths * 100);
    int n = 0;
    snprintf(seg[n][0], 48, "%dx%d %s", g->maze.width, g->maze.height, amz_topology_name(g->maze.topology));
    snprintf(seg[n++][1], 48, "%dx%d", g->maze.width, g->maze.height);
    if (g->maze.levels > 1) { /* where the player is, and where the goal is when elsewhere */
        const int32_t z = level_of(&g->maze, g->pos), gz = level_of(&g->maze, g->maze.goal);
        if (z == gz)
            snprintf(seg[n][0], 48, "level %d of %d", z + 1, g->maze.levels);
        else
            snprintf(seg[n][0], 48, "level %d of %d (goal: %d)", z + 1, g->maze.levels, gz + 1);
        snprintf(seg[n++][1], 48, "L%d/%d", z + 1, g->maze.levels);
    }
    snprintf(seg[n][0], 48, "time %s", t);
    snprintf(seg[n++][1], 48, "t %s", t);
    snprintf(seg[n][0], 48, "moves %llu", (unsigned long long)g->moves);
    snprintf(seg[n++][1], 48, "m %llu", (unsigned long long)g->moves);
    snprintf(seg[n][0], 48, "optimal %llu", (unsigned long long)g->optimal);
    snprintf(seg[n++][1], 48, "opt %llu", (unsigned long long)g->optimal);
    if (g->pause_ms >= 0) {
        snprintf(seg[n][0], 48, "PAUSED");
        snprintf(seg[n++][1], 48, "PAUSED");
    } else if (g->hinted) {
        snprintf(seg[n][0], 48, "hint used: no record");
        snprintf(seg[n++][1], 48, "no record");
    }
    if (u->fog) {
        snprintf(seg[n][0], 48, "fog (goal shown)");
        snprintf(seg[n++][1], 48, "fog");
    }
    const int core = n; /* dropped last: where the game stands */
    if (e) {
        snprintf(seg[n][0], 48, "best %s", b);
        snprintf(seg[n++][1], 48, "best %s", b);
    }
    snprintf(seg[n][0], 48, u->has_file ? "file" : "seed %llu", (unsigned long long)u->seed);
    snprintf(seg[n++][1], 48, u->has_file ? "file" : "#%llu", (unsigned long long)u->seed);
    snprintf(seg[n][0], 48, "visited %llu", (unsigned long long)g->nvisited);
    snprintf(seg[n++][1], 48, "v %llu", (unsigned long long)g->nvisited);
    /* Long forms, dropping the extras from the end; then short forms, dropping more. */
    for (int form = 0; form < 2; form++)
        for (int keep = n; keep >= (form ? 1 : core); keep--) {
            size_t len = 0;
            line[0] = '\0';
            for (int k = 0; k < keep && len < cap; k++)
                len += (size_t)snprintf(line + len, cap - len, "%s%s", form ? " " : "  ", seg[k][form]);
            if ((int)len <= cols)
                return;
        }
    line[0] = '\0'; /* narrower than the most important segment alone */
}

static void draw_status(const ui *u, int64_t now)
{
    const maze_game *g = &u->g;
    char line[512];
    status_line(u, now, line, sizeof line, COLS);
    pt_attr(PT_STATUS, false, true);
    mvhline(0, 0, ' ', COLS);
    mvaddnstr(0, 0, line, COLS);
    pt_attr(PT_STATUS, false, false);
    move(1, 0);
    clrtoeol();
    const bool hex = g->maze.topology == AMZ_TOPO_HEX;
    const bool lv = g->maze.levels > 1;
    const char *keys = hex ? (lv ? " qwe/asd: NW N NE/SW S SE  < > stairs  u undo  ? hint  p pause  r restart  n new  Q quit"
                                 : " q w e / a s d: NW N NE / SW S SE   u undo  ? hint  p pause  r restart  n new  Esc/Q quit")
                     : lv ? " arrows/wasd/hjkl move  < > stairs  u undo  ? hint  p pause  r restart  n new  q quit"
                          : " arrows/wasd/hjkl move   u undo  ? hint  p pause  r restart  n new  q quit";
    const char *brief = hex ? (lv ? " qwe/asd < > move  u ? p r n  Q quit" : " qwe/asd move  u ? p r n  Q quit")
                      : lv  ? " move  < > stairs  u undo  ? hint  q quit"
                            : " move  u undo  ? hint  p pause  q quit";
    if (u->note[0]) {
        pt_attr(PT_WARN, true, true);
        mvaddnstr(1, 0, u->note, COLS);
        pt_attr(PT_WARN, true, false);
    } else {
        mvaddnstr(1, 0, (int)strlen(keys) <= COLS ? keys : brief, COLS);
    }
}

static void draw_win(const ui *u)
{
    const maze_game *g = &u->g;
    char l1[96], l2[96], l3[96], t[32];
    /* The clock froze at the win, so any time reads the same. */
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
    /* Only the cells whose picture meets the screen, with two cells of margin: pictures
     * share their edges with the neighbours', hex columns are staggered and triangles
     * are two steps wide. */
    const layout l = layout_of(m->topology);
    int64_t x0 = v.ox / l.sx - 2, x1 = (v.ox + v.w) / l.sx + 2, y0 = v.oy / l.sy - 2, y1 = (v.oy + v.h) / l.sy + 2;
    x0 = x0 < 0 ? 0 : x0;
    y0 = y0 < 0 ? 0 : y0;
    x1 = x1 >= m->width ? m->width - 1 : x1;
    y1 = y1 >= m->height ? m->height - 1 : y1;
    /* On a maze of levels only the player's level is drawn, its stairs marked. */
    const int32_t z = level_of(m, g->pos);
    const int up = m->levels > 1 ? dir_named(m, "U") : -1, down = m->levels > 1 ? dir_named(m, "D") : -1;
    for (int64_t y = y0; y <= y1; y++)
        for (int64_t x = x0; x <= x1; x++) {
            amz_cell c = amz_maze_cell_at3(m, x, y, z);
            if (!amz_maze_exists(m, c) || (u->fog && !maze_game_seen(g, c)))
                continue;
            draw_walls(&v, m, c);
            if (maze_game_visited(g, c))
                draw_inside(&v, m, c, "..", PT_VISITED, false);
            const bool su = up >= 0 && amz_maze_passage(m, c, up), sd = down >= 0 && amz_maze_passage(m, c, down);
            if (su || sd)
                draw_inside(&v, m, c, su && sd ? "<>" : su ? "<<" : ">>", PT_WALL, true);
        }
    /* Cell 0 of the hint is the player's and cell len the goal's: both have marks. */
    if (u->hint_on && u->hint_cells)
        for (uint64_t i = 1; i < u->hint.len; i++)
            if (level_of(m, u->hint_cells[i]) == z)
                draw_inside(&v, m, u->hint_cells[i], "::", PT_HINT, true);
    /* The goal shows even in fog: a runner knows where to go, not the way. */
    if (level_of(m, m->goal) == z)
        draw_inside(&v, m, m->goal, "[]", PT_GOAL, true);
    draw_inside(&v, m, g->pos, "@@", PT_PLAYER, true);
    if (g->pause_ms >= 0) { /* paused: the maze is hidden, so a pause is no time to think */
        erase();
        const char *lines[] = {"PAUSED", "", "the clock is stopped", "p to go on"};
        pt_panel(lines, 4);
    }
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

/* Recomputes the hint from where the player stands (after every key while it is on).
 * A failure is shown as the note; the game goes on without a hint. */
static void hint_update(ui *u)
{
    hint_clear(u);
    if (!u->hint_on || u->g.won)
        return;
    amz_error err;
    amz_error_clear(&err);
    amz_status st = maze_game_hint(&u->g, &u->hint, &err);
    if (!st) {
        /* A path of len moves visits len + 1 cells. */
        u->hint_cells = malloc((size_t)(u->hint.len + 1) * sizeof *u->hint_cells);
        if (u->hint_cells && amz_path_cells(&u->g.maze, &u->hint, u->hint_cells)) {
            free(u->hint_cells);
            u->hint_cells = NULL;
        }
    }
    if (st || !u->hint_cells)
        snprintf(u->note, sizeof u->note, " no hint: %s", st ? amz_error_message(&err, st) : "out of memory");
}

static void won(ui *u, int64_t now)
{
    /* The scores keep tenths of a second (docs/PLAY.md), truncated. */
    int64_t ms = maze_game_elapsed_ms(&u->g, now);
    uint64_t tenths = (uint64_t)(ms / 100);
    const score_entry *e = scores_find(&u->sc, u->key);
    u->best_tenths = e ? e->tenths : 0;
    /* A time made with the way shown is no record. */
    u->new_best = u->record && !u->g.hinted && scores_record(&u->sc, u->key, tenths, u->g.moves);
}

/* The best-times key: topology and size, then the settings that change the game
 * when they are not the defaults (generator, braid, unicursal, symmetry, sparse). Each
 * part is added only while the key has room (SCORES_KEY_MAX), so a long key is cut,
 * never overrun. scores_record takes only [a-z0-9-] keys, like maze-square-20x10-braid0p3. */
static void set_key(ui *u)
{
    int n = snprintf(u->key, sizeof u->key, "maze-%s-%dx%d", amz_topology_name(u->g.maze.topology),
                     u->g.maze.width, u->g.maze.height);
    if (n > 0 && (size_t)n < sizeof u->key && u->g.maze.levels > 1)
        n += snprintf(u->key + n, sizeof u->key - (size_t)n, "x%d", u->g.maze.levels);
    if (n > 0 && (size_t)n < sizeof u->key && u->g.maze.wrap)
        n += snprintf(u->key + n, sizeof u->key - (size_t)n, "-wrap%s%s", u->g.maze.wrap & AMZ_WRAP_X ? "x" : "",
                      u->g.maze.wrap & AMZ_WRAP_Y ? "y" : "");
    if (n > 0 && (size_t)n < sizeof u->key && strcmp(u->algorithm, amz_gen_at(0)->name) != 0)
        n += snprintf(u->key + n, sizeof u->key - (size_t)n, "-%s", u->algorithm);
    if (n > 0 && (size_t)n < sizeof u->key && u->o.braid > 0)
        n += snprintf(u->key + n, sizeof u->key - (size_t)n, "-braid%g", u->o.braid);
    if (n > 0 && (size_t)n < sizeof u->key && u->o.unicursal)
        n += snprintf(u->key + n, sizeof u->key - (size_t)n, "-unicursal");
    if (n > 0 && (size_t)n < sizeof u->key && u->o.symmetry)
        n += snprintf(u->key + n, sizeof u->key - (size_t)n, "-sym%s", amz_symmetry_name(u->o.symmetry));
    if (n > 0 && (size_t)n < sizeof u->key && (u->o.sparse || u->o.sparse_share > 0))
        snprintf(u->key + n, sizeof u->key - (size_t)n, "-sparse%u:%g", u->o.sparse, u->o.sparse_share);
    /* Numbers in key characters: the decimal point as 'p', the sparse pair's ':' as '-'
     * (a key with either was refused, so such games never kept a best time). */
    for (char *k = u->key; *k; k++)
        *k = *k == '.' ? 'p' : *k == ':' ? '-' : *k;
}

/* A new maze on the grid of this one (its size, shape or mask, start and goal), by
 * the same generator and options with the next seed. */
static int new_round(ui *u, amz_error *err)
{
    amz_maze m;
    amz_status st;
    if ((st = amz_maze_copy(&m, &u->g.maze, err)))
        return st;
    /* clear keeps size, mask, start and goal (maze.h): only the passages are new. */
    amz_maze_clear(&m);
    u->o.seed = ++u->seed;
    if ((st = amz_gen_run(&m, u->algorithm, &u->o, NULL, err))) {
        amz_maze_deinit(&m);
        return st;
    }
    /* The old game is replaced only once the new one stands: a failure keeps playing. */
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
        /* A scores problem is shown once, when no other note is up; one byte less than
         * the note leaves room for the leading space. */
        char warning[sizeof u->note - 1];
        if (!u->note[0] && scores_take_warning(&u->sc, warning, sizeof warning))
            snprintf(u->note, sizeof u->note, " %s", warning);
        draw(u, now);
        int ch = pt_next_key(100);
        if (ch == PT_STOP)
            return;
        /* ERR: no key within 100 ms (or a resize); the redraw keeps the clock running.
         * Any key clears the note. */
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
        } else if (ch == 'p' || ch == 'P') {
            maze_game_pause(&u->g, now);
        } else if (!u->g.won) {
            int d = stairs_dir(&u->g, ch);
            if (d < 0)
                d = hex ? hex_dir(&u->g, ch) : u->g.maze.topology == AMZ_TOPO_TRIANGLE ? tri_dir(ch) : square_dir(ch);
            if (d >= 0 && maze_game_move(&u->g, d, now) == MAZE_MOVED && u->g.won)
                won(u, now);
        }
        hint_update(u);
    }
}

/* Whether play draws mazes of topology t (with weave crossings or not). */
static bool playable(amz_topology t, bool weave)
{
    return (t == AMZ_TOPO_SQUARE || t == AMZ_TOPO_HEX || t == AMZ_TOPO_TRIANGLE) && !weave;
}

/* Why a maze that is not playable is not, for the error line, in why[cap]. */
static const char *unplayable(amz_topology t, bool weave, char *why, size_t cap)
{
    snprintf(why, cap, "play takes square, hex and triangle mazes (flat, of levels or wrapped), not %s ones "
             "(pictures and the web page draw them)", weave ? "weave" : amz_topology_name(t));
    return why;
}

int cmd_play(int argc, char **argv)
{
    static const struct option longopts[] = {
        CLI_MAZE_LONGOPTS,
        {"fog", no_argument, NULL, 'f'},             {"file", required_argument, NULL, 'F'},
        {"dungeon", required_argument, NULL, 'D'},
        {"help", no_argument, NULL, 'h'},            {NULL, 0, NULL, 0},
    };
    const char *cmd = "play", *file = NULL, *dungeon = NULL;
    ui u;
    memset(&u, 0, sizeof u);
    cli_maze_args a;
    cli_maze_args_init(&a, 2, 2); /* without --size the terminal sets the size below */
    int c, rc;
    cli_getopt_reset();
    while ((c = getopt_long(argc, argv, ":s:t:a:h", longopts, NULL)) != -1) {
        if ((rc = cli_maze_parse(cmd, &a, c, optarg)) != CLI_NOT_MINE) {
            if (rc)
                return rc;
            continue;
        }
        switch (c) {
        case 'f': u.fog = true; break;
        case 'F': file = optarg; break;
        case 'D': dungeon = optarg; break;
        case 'h': cli_print_help_parts(stdout, help); return CLI_OK;
        default: return cli_bad_option(cmd, argc, argv, c);
        }
    }
    if (optind < argc)
        return cli_usage(cmd, cmd, "unexpected argument '%s'", argv[optind]);
    if (dungeon) { /* a dungeon is its own map: no maze option, no maze file */
        if (file || cli_maze_making_option(&a) || cli_maze_ends_option(&a))
            return cli_usage(cmd, "--dungeon", "the dungeon file is the whole map: only --fog goes with it");
        return cli_play_dungeon(cmd, dungeon, u.fog);
    }
    /* A file is the whole maze: an option that would make or change one is refused by
     * name rather than ignored. */
    if (file) {
        const char *maze_opt = cli_maze_making_option(&a);
        if (!maze_opt)
            maze_opt = cli_maze_ends_option(&a);
        if (maze_opt)
            return cli_usage(cmd, "--file", "the file sets the maze: drop %s", maze_opt);
        if (strcmp(file, "-") == 0)
            return cli_usage(cmd, "--file", "'-' is the keyboard here: give a file name");
    }
    /* Without --size (or a mask) the maze fills the screen below the two status lines:
     * the inverse of maze_extent, set before the grid is checked, with --wrap's parity
     * (an even width of hex and triangle cells, an even height of triangle rows). With
     * no terminal, its usual 80x24 stand in so that the options are still checked;
     * starting the game then says why it cannot. */
    int cols = 80, rows = 24;
    const bool tty = term_size(&cols, &rows);
    if (!file && !a.has_size && !a.mask) {
        amz_topology t = AMZ_TOPO_SQUARE;
        (void)amz_topology_parse(a.topology, &t, NULL); /* an unknown one: cli_maze_check says */
        const layout l = layout_of(t);
        a.w = (cols - l.ex) / l.sx;
        a.h = (rows - TOP - l.ey) / l.sy;
        if ((a.wrap & AMZ_WRAP_X) && t != AMZ_TOPO_SQUARE)
            a.w -= a.w % 2;
        if ((a.wrap & AMZ_WRAP_Y) && t == AMZ_TOPO_TRIANGLE)
            a.h -= a.h % 2;
        a.w = a.w < 2 ? 2 : a.w;
        a.h = a.h < 2 ? 2 : a.h;
    }
    if ((rc = cli_maze_check(cmd, &a)))
        return rc;
    /* Square, hex and triangle grids, flat or of levels, wrapped or not (no weave: its
     * crossings have no drawing here). */
    char why[160];
    if (!file && !playable(a.topo, a.grid.weave))
        return cli_usage(cmd, a.grid.weave ? "--weave" : "--topology", "%s",
                         unplayable(a.topo, a.grid.weave, why, sizeof why));
    /* At most 2^26 cells (also for --file below): refuse absurd sizes before the terminal
     * is taken over. */
    if (a.has_size && a.w * a.h > ((int64_t)1 << 26))
        return cli_usage(cmd, "--size", "%lldx%lld is too big to play (at most 67108864 cells)", (long long)a.w,
                         (long long)a.h);
    amz_maze m;
    memset(&m, 0, sizeof m);
    if (file) {
        if ((rc = cli_load_maze(file, 0, &m, NULL)))
            return rc;
        const amz_topology topo = m.topology;
        if (!playable(topo, m.weave)) {
            unplayable(topo, m.weave, why, sizeof why);
            amz_maze_deinit(&m);
            return cli_fail(cmd, "%s: %s", file, why);
        }
        if (m.ncells > ((int64_t)1 << 26)) {
            amz_maze_deinit(&m);
            return cli_fail(cmd, "%s: too big to play (at most 67108864 cells)", file);
        }
        u.has_file = true;
        u.seed = m.seed;
        /* 'n' makes new mazes with the file's generator (if known) and seed + 1, but the
         * default options: the file's own are not read back. */
        u.algorithm = amz_gen_find(m.algorithm) ? amz_gen_find(m.algorithm)->name : amz_gen_at(0)->name;
        amz_gen_options_init(&u.o);
    } else {
        if (!a.has_size && !a.mask && !tty)
            return cli_fail(cmd, "standard output is not a terminal");
        if ((rc = cli_maze_prepare(cmd, &a, 0, false, &m)))
            return rc;
        amz_error gerr;
        amz_error_clear(&gerr);
        amz_status gst = amz_gen_run(&m, a.g->name, &a.o, NULL, &gerr);
        if (gst) {
            amz_maze_deinit(&m);
            return cli_lib_fail(cmd, &gerr, gst);
        }
        u.seed = a.seed;
        u.algorithm = a.g->name;
        u.o = a.o;
    }
    if ((rc = pt_start(cmd, false))) {
        amz_maze_deinit(&m);
        return rc;
    }
    amz_error err;
    amz_error_clear(&err);
    amz_status st = maze_game_init(&u.g, &m, &err);
    u.record = !m.mask; /* best times compare whole rectangles of one size */
    amz_maze_deinit(&m);
    if (st) {
        pt_stop();
        return cli_lib_fail(cmd, &err, st);
    }
    /* No usable location (no absolute XDG_DATA_HOME nor HOME, or a path too long for
     * the buffer): play on, saving nothing. */
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
