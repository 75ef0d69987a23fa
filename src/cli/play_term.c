/* play_term.c — terminal life cycle of the games (see play_term.h). The signal handler
 * only sets a flag (async-signal-safe); the game loop wakes at least every 100 ms, sees
 * it, and leaves curses mode before the program exits, so the terminal is restored on
 * quit, Ctrl-C, SIGTERM and SIGHUP; atexit covers exit() on any other path. */
#include "cli/play_term.h"

#include <curses.h>
#include <term.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "cli/anim_term.h"
#include "cli/cli.h"

/* caught is the only variable the handler writes, hence volatile sig_atomic_t. active:
 * curses mode is on (pt_stop's guard, so that it runs once per pt_start). */
static volatile sig_atomic_t caught;
static bool active, colors, atexit_done;
static int instant_errs; /* reads that failed without waiting, in a row */
static SCREEN *screen;

static void on_signal(int sig)
{
    caught = sig;
}

int pt_signal(void)
{
    return (int)caught;
}

void pt_stop(void)
{
    if (!active)
        return;
    active = false;
    curs_set(1);
    endwin();
    if (screen) {
        delscreen(screen);
        screen = NULL;
    }
    fflush(stdout);
}

static void restore_at_exit(void)
{
    pt_stop();
}

/* 200 failed reads in a row that did not wait: a dead terminal fails every read at once,
 * while one stray error must not end a game. */
bool pt_should_stop(void)
{
    return caught || instant_errs > 200;
}

int pt_next_key(int timeout_ms)
{
    timeout(timeout_ms);
    int64_t t0 = pt_now_ms();
    int ch = getch();
    /* ERR after the full wait is just "no key"; ERR well before it means the read failed
     * at once (EOF or EIO from a closed terminal). A signal also cuts the wait short, but
     * pt_should_stop sees that through caught. */
    bool instant = ch == ERR && pt_now_ms() - t0 < timeout_ms / 4;
    instant_errs = instant ? instant_errs + 1 : 0;
    if (pt_should_stop())
        return PT_STOP;
    if (ch == KEY_RESIZE) {
        clear();
        return ERR;
    }
    return ch;
}

/* The exit status of a game: CLI_OK, CLI_FAIL for a lost terminal, and for a signal
 * 128 + its number (130 for SIGINT), like cli_signals_install's handler. */
int pt_signal_exit(const char *cmd)
{
    int sig = pt_signal();
    pt_stop();
    if (!sig && instant_errs > 200)
        return cli_fail(cmd, "the terminal stopped answering (closed?)");
    if (!sig)
        return CLI_OK;
    cli_fail(cmd, "%s", sig == SIGINT ? "interrupted (SIGINT)" : sig == SIGTERM ? "terminated (SIGTERM)"
                                                                               : "hung up (SIGHUP)");
    return 128 + sig; /* as a shell reports a command a signal ended */
}

int pt_start(const char *cmd, bool mouse)
{
    if (!isatty(STDIN_FILENO) || !isatty(STDOUT_FILENO))
        return cli_fail(cmd, "needs a terminal: standard input and output must both be a terminal");
    const char *term = getenv("TERM");
    if (!term || !term[0])
        return cli_fail(cmd, "TERM is not set: cannot tell what the terminal can do");
    /* From here a signal only sets caught: the game loop must leave curses mode itself
     * (pt_stop is not async-signal-safe), so the program's exiting handler is replaced. */
    cli_signals_handle(on_signal);
    if (!atexit_done) {
        atexit(restore_at_exit);
        atexit_done = true;
    }
    /* newterm, unlike initscr, returns NULL for an unusable terminal instead of exiting. */
    screen = newterm(NULL, stdout, stdin);
    if (!screen)
        return cli_fail(cmd, "cannot use the terminal type '%s'", term);
    active = true;
    /* A game redraws anywhere on the screen: a terminal that cannot move the cursor
     * (TERM=dumb, a printer) would show garbage, so it is refused with the reason. */
    if (!tigetstr("cup")) { /* (char *)-1 is only for names that are not strings */
        pt_stop();
        return cli_fail(cmd, "the terminal type '%s' cannot move the cursor: run the game in a terminal "
                             "emulator (TERM=xterm-256color, for example)", term);
    }
    /* Keys arrive one at a time, unechoed; arrows and PgUp come as KEY_* codes (keypad).
     * The 100 ms key timeout holds until pt_next_key sets its caller's. */
    cbreak();
    noecho();
    keypad(stdscr, TRUE);
    nonl();
    curs_set(0);
    set_escdelay(25); /* Esc quits: do not wait a second for an escape sequence */
    timeout(100);
    const char *nc = getenv("NO_COLOR");
    colors = has_colors() && !(nc && nc[0]) && strcmp(term, "dumb") != 0;
    if (colors) {
        /* -1 below is the terminal's own background (use_default_colors). */
        start_color();
        use_default_colors();
        init_pair(PT_WALL, COLOR_BLUE, -1);
        init_pair(PT_PLAYER, COLOR_YELLOW, -1);
        init_pair(PT_GOAL, COLOR_GREEN, -1);
        init_pair(PT_VISITED, COLOR_CYAN, -1);
        init_pair(PT_HINT, COLOR_MAGENTA, -1);
        init_pair(PT_STATUS, COLOR_BLACK, COLOR_WHITE);
        init_pair(PT_PANEL, COLOR_WHITE, COLOR_BLUE);
        init_pair(PT_TILE, COLOR_WHITE, -1);
        init_pair(PT_HOME, COLOR_GREEN, -1);
        init_pair(PT_WARN, COLOR_RED, -1);
    }
    /* A resize between newterm reading the size and setting up its SIGWINCH handler
     * would be lost, leaving the game drawing for the old size: read it once more. */
    int cols = 0, rows = 0;
    if (term_size(&cols, &rows) && (cols != COLS || rows != LINES))
        resizeterm(rows, cols);
    if (mouse) {
        mousemask(BUTTON1_PRESSED | BUTTON1_CLICKED, NULL);
        mouseinterval(0); /* a press is a click: no wait for a release */
    }
    return CLI_OK;
}

bool pt_color(void)
{
    return colors;
}

void pt_attr(int pair, bool bold, bool on)
{
    /* attroff must be given the same pair and bold as the attron it ends. */
    int a = (colors ? COLOR_PAIR(pair) : 0) | (bold ? A_BOLD : 0);
    if (!colors && (pair == PT_STATUS || pair == PT_PANEL || pair == PT_PLAYER))
        a |= pair == PT_PLAYER ? A_BOLD : A_REVERSE; /* plain terminals: still visible */
    if (on)
        attron(a);
    else
        attroff(a);
}

int64_t pt_now_ms(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (int64_t)ts.tv_sec * 1000 + ts.tv_nsec / 1000000;
}

bool pt_too_small(int w, int h)
{
    if (COLS >= w && LINES >= h)
        return false;
    erase();
    char msg[128];
    snprintf(msg, sizeof msg, "Terminal too small: need %dx%d, have %dx%d.", w, h, COLS, LINES);
    mvaddnstr(0, 0, msg, COLS);
    mvaddnstr(1, 0, "Enlarge the window, or press q to quit.", COLS);
    refresh();
    return true;
}

/* The box is the longest line plus two columns a side and one blank line above and
 * below, cut to the screen's width (lines cut to fit). */
void pt_panel(const char *const *text, int n)
{
    int w = 0;
    for (int i = 0; i < n; i++) {
        int l = (int)strlen(text[i]);
        if (l > w)
            w = l;
    }
    w += 4;
    if (w > COLS)
        w = COLS;
    int top = (LINES - n - 2) / 2, left = (COLS - w) / 2;
    if (top < 0)
        top = 0;
    if (left < 0)
        left = 0;
    pt_attr(PT_PANEL, true, true);
    for (int r = 0; r < n + 2; r++) {
        mvhline(top + r, left, ' ', w);
        if (r > 0 && r <= n)
            mvaddnstr(top + r, left + 2, text[r - 1], w - 4);
    }
    pt_attr(PT_PANEL, true, false);
    if (!colors) {
        /* A frame so the panel stands out in plain text. */
        mvhline(top, left, '-', w);
        mvhline(top + n + 1, left, '-', w);
    }
}
