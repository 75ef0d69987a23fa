/* play_dungeon.c — `amaze play --dungeon FILE`: walk a dungeon (.amd) from the up
 * stairs '<' to the down stairs '>' in the terminal (ncurses), drawn with the
 * roguelike glyphs around '@', with the fog of war of --fog: what has not been seen
 * stays dark. The rules are src/play/dungeon_game.c. */
#include <curses.h>
#include <stdio.h>
#include <string.h>

#include "cli/cli.h"
#include "cli/dungeon_cli.h"
#include "cli/play_term.h"
#include "play/dungeon_game.h"

/* Screen rows above the map: the status line and the key help. */
enum { TOP = 2 };

/* The square direction (amaze/maze.h) of a movement key, -1 for any other key. */
static int key_dir(int ch)
{
    switch (ch) {
    case KEY_UP: case 'w': case 'k': return AMZ_SQ_N;
    case KEY_RIGHT: case 'd': case 'l': return AMZ_SQ_E;
    case KEY_DOWN: case 's': case 'j': return AMZ_SQ_S;
    case KEY_LEFT: case 'a': case 'h': return AMZ_SQ_W;
    default: return -1;
    }
}

/* The origin of a view of n cells on a map of len, keeping `at` in the middle, clamped
 * so that the view never runs past either edge (a map that fits is shown from 0). */
static int64_t view_origin(int64_t at, int64_t len, int64_t n)
{
    if (len <= n)
        return 0;
    int64_t o = at - n / 2;
    return o < 0 ? 0 : o > len - n ? len - n : o;
}

/* Draws the whole screen each time (erase, then every visible tile): the loop redraws
 * at least every 100 ms, which keeps the clock on the status line running. */
static void draw(const dungeon_game *dg, bool fog, int64_t now)
{
    if (pt_too_small(40, 8))
        return;
    erase();
    const maze_game *g = &dg->g;
    const amz_dungeon *d = &dg->d;
    const int32_t px = (int32_t)(g->pos % d->width), py = (int32_t)(g->pos / d->width);
    const int h = LINES - TOP, w = COLS;
    const int64_t oy = view_origin(py, d->height, h), ox = view_origin(px, d->width, w);
    for (int sy = 0; sy < h && oy + sy < d->height; sy++)
        for (int sx = 0; sx < w && ox + sx < d->width; sx++) {
            const int32_t x = (int32_t)(ox + sx), y = (int32_t)(oy + sy);
            /* Unseen tiles stay blank (erase cleared them). */
            if (fog && !dungeon_game_seen(dg, x, y))
                continue;
            const char c = x == px && y == py ? '@' : amz_dungeon_glyph(d, x, y);
            /* Tiles are the game's square-maze cells, id y * width + x (dungeon_game.h). */
            const int pair = c == '@' ? PT_PLAYER : c == '#' ? PT_WALL : c == '>' ? PT_GOAL : c == '<' ? PT_HOME
                           : c == '+' ? PT_WARN : maze_game_visited(g, (amz_cell)y * d->width + x) ? PT_VISITED : 0;
            if (pair)
                pt_attr(pair, c == '@', true);
            mvaddch(sy + TOP, sx, (chtype)(unsigned char)c);
            if (pair)
                pt_attr(pair, c == '@', false);
        }
    const int64_t ms = maze_game_elapsed_ms(g, now);
    char line[256];
    snprintf(line, sizeof line, " %dx%d dungeon  time %lld.%lld  moves %llu  shortest %llu%s%s", d->width, d->height,
             (long long)(ms / 1000), (long long)(ms / 100 % 10), (unsigned long long)g->moves,
             (unsigned long long)g->optimal, g->pause_ms >= 0 ? "  PAUSED" : "", fog ? "  fog" : "");
    pt_attr(PT_STATUS, false, true);
    mvhline(0, 0, ' ', COLS);
    mvaddnstr(0, 0, line, COLS);
    pt_attr(PT_STATUS, false, false);
    mvaddnstr(1, 0, " arrows/wasd/hjkl move  u undo  p pause  r restart  q quit   find the '>'", COLS);
    if (g->won) {
        char l1[96];
        snprintf(l1, sizeof l1, "time %lld.%lld s   moves %llu   shortest %llu", (long long)(ms / 1000),
                 (long long)(ms / 100 % 10), (unsigned long long)g->moves, (unsigned long long)g->optimal);
        const char *lines[] = {"You reach the down stairs!", "", l1, "", "r restart   q quit"};
        pt_panel(lines, 5);
    }
    refresh();
}

int cli_play_dungeon(const char *cmd, const char *file, bool fog)
{
    /* Standard input is where the keys come from, so the dungeon must be a file; it is
     * loaded (default memory limit) before the screen is taken, so errors print plainly. */
    if (strcmp(file, "-") == 0)
        return cli_usage(cmd, "--dungeon", "'-' is the keyboard here: give a file name");
    amz_dungeon d;
    int rc;
    if ((rc = dcli_load_path(file, 0, &d)))
        return rc;
    if ((rc = pt_start(cmd, false))) {
        amz_dungeon_deinit(&d);
        return rc;
    }
    dungeon_game dg;
    amz_error err;
    amz_error_clear(&err);
    /* The game keeps its own copy of the dungeon. On error the screen is given back
     * first, so that the message shows on the normal screen. */
    amz_status st = dungeon_game_init(&dg, &d, &err);
    amz_dungeon_deinit(&d);
    if (st) {
        pt_stop();
        return cli_lib_fail(cmd, &err, st);
    }
    for (;;) {
        int64_t now = pt_now_ms();
        draw(&dg, fog, now);
        int ch = pt_next_key(100);
        if (ch == PT_STOP || ch == 27 || ch == 'q' || ch == 'Q')
            break;
        /* ERR: no key within 100 ms (or a resize); redraw for the clock. The time is read
         * again after the wait, so a move is stamped when its key came. */
        if (ch == ERR)
            continue;
        now = pt_now_ms();
        int dir = key_dir(ch);
        if (ch == 'r')
            dungeon_game_restart(&dg);
        else if (ch == 'u' && !dg.g.won)
            dungeon_game_undo(&dg);
        else if (ch == 'p' || ch == 'P')
            maze_game_pause(&dg.g, now);
        else if (dir >= 0 && !dg.g.won)
            dungeon_game_move(&dg, dir, now);
    }
    dungeon_game_deinit(&dg);
    return pt_signal_exit(cmd);
}
