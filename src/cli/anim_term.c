/* anim_term.c — plays animation frames live in a terminal: two pixels a character cell
 * with the upper half block '▀' (foreground = upper pixel, background = lower pixel),
 * 24-bit colour when COLORTERM says truecolor or 24bit, else the xterm 256-colour cube.
 * Only the changed rectangle of each frame is redrawn. The terminal is restored
 * (attributes, cursor, main screen, input mode) on every exit path, signals included,
 * and around a Ctrl-Z suspension. */
#include <errno.h>
#include <poll.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <termios.h>
#include <time.h>
#include <unistd.h>

#include "cli/anim_term.h"
#include "cli/cli.h"

/* on_signal and on_winch only set these flags; term_frame and wait_until act on them. */
static volatile sig_atomic_t got_signal;
static volatile sig_atomic_t got_winch;
/* The terminal's settings before term_begin; tio_saved is true only while stdin is a
 * terminal whose settings were read, and so may be put back. */
static struct termios saved_tio;
static bool tio_saved;

static void on_signal(int sig)
{
    got_signal = sig;
}

static void on_winch(int sig)
{
    (void)sig;
    got_winch = 1;
}

/* write(2) until all of s is out: a terminal may take a large frame in pieces, and the
 * signals installed here (no SA_RESTART) may interrupt it. */
static void put_all(const char *s, size_t n)
{
    while (n) {
        ssize_t k = write(STDOUT_FILENO, s, n);
        if (k < 0) {
            if (errno == EINTR)
                continue;
            return; /* the terminal went away: nothing left to draw on */
        }
        s += k;
        n -= (size_t)k;
    }
}

/* The player's input mode (no echo, no line buffering), kept for screen_enter after a
 * Ctrl-Z. */
static struct termios raw_tio;

/* Leaving and entering the player's screen use only async-signal-safe calls (write,
 * tcsetattr): Ctrl-Z runs them from its signal handler. */
static void screen_leave(void)
{
    /* SGR reset, show the cursor, leave the alternate screen (xterm private mode 1049). */
    static const char reset[] = "\x1b[0m\x1b[?25h\x1b[?1049l";
    put_all(reset, sizeof reset - 1);
    if (tio_saved)
        tcsetattr(STDIN_FILENO, TCSANOW, &saved_tio);
}

static void screen_enter(void)
{
    if (tio_saved)
        tcsetattr(STDIN_FILENO, TCSANOW, &raw_tio);
    /* Enter the alternate screen, hide the cursor, reset attributes, clear. */
    static const char enter[] = "\x1b[?1049h\x1b[?25l\x1b[0m\x1b[2J";
    put_all(enter, sizeof enter - 1);
}

/* Ctrl-Z: give the terminal back, stop, and take it again on fg (with a full repaint). */
static void on_tstp(int sig)
{
    int saved_errno = errno;
    screen_leave();
    /* Stop for real: the default action, unblocked (the kernel blocks a signal while its
     * handler runs), then this handler again for the next Ctrl-Z. */
    signal(sig, SIG_DFL);
    sigset_t set;
    sigemptyset(&set);
    sigaddset(&set, sig);
    sigprocmask(SIG_UNBLOCK, &set, NULL);
    raise(sig); /* stops here until SIGCONT */
    struct sigaction sa;
    memset(&sa, 0, sizeof sa);
    sa.sa_handler = on_tstp;
    sigemptyset(&sa.sa_mask);
    sigaction(sig, &sa, NULL);
    screen_enter();
    /* The screen was cleared: the next frame repaints it whole. */
    got_winch = 1;
    errno = saved_errno;
}

/* Safe to call more than once: the input mode is put back the first time only, and the
 * escape sequences are harmless when repeated. */
void term_restore(void)
{
    screen_leave();
    tio_saved = false;
}

int term_signal(void)
{
    return (int)got_signal;
}

/* A positive number below 10000 from the environment, else fallback. */
static int env_int(const char *name, int fallback)
{
    const char *v = getenv(name);
    long n = v ? strtol(v, NULL, 10) : 0;
    return n > 0 && n < 10000 ? (int)n : fallback;
}

bool term_size(int *cols, int *rows)
{
    if (!isatty(STDOUT_FILENO))
        return false;
    struct winsize ws;
    if (ioctl(STDOUT_FILENO, TIOCGWINSZ, &ws) == 0 && ws.ws_col > 0 && ws.ws_row > 0) {
        *cols = ws.ws_col;
        *rows = ws.ws_row;
    } else {
        /* A terminal that does not know its size (a bare pty): $COLUMNS x $LINES or 80x24. */
        *cols = env_int("COLUMNS", 80);
        *rows = env_int("LINES", 24);
    }
    return true;
}

void term_begin(term_player *p, bool truecolor)
{
    memset(p, 0, sizeof *p);
    p->truecolor = truecolor;
    /* The terminal must be restored before the program ends, which the exiting handlers of
     * cli_signals_install would not do: from here SIGINT, SIGTERM, SIGHUP and SIGQUIT only
     * set got_signal, which ends the wait and makes term_frame stop the animation. */
    cli_signals_handle(on_signal);
    struct sigaction sa;
    memset(&sa, 0, sizeof sa);
    sigemptyset(&sa.sa_mask);
    sa.sa_handler = on_signal;
    sigaction(SIGQUIT, &sa, NULL);
    sa.sa_handler = on_winch;
    sigaction(SIGWINCH, &sa, NULL);
    sa.sa_handler = on_tstp;
    sigaction(SIGTSTP, &sa, NULL);
    /* Keys are read without echo so that typing does not scribble on the picture;
     * Ctrl-C still raises SIGINT (ISIG stays on). */
    if (isatty(STDIN_FILENO) && tcgetattr(STDIN_FILENO, &saved_tio) == 0) {
        struct termios t = saved_tio;
        /* VMIN = VTIME = 0: a read returns at once with what there is; wait_until polls. */
        t.c_lflag &= (tcflag_t) ~(ECHO | ICANON);
        t.c_cc[VMIN] = 0;
        t.c_cc[VTIME] = 0;
        raw_tio = t;
        tio_saved = true;
    }
    screen_enter();
    clock_gettime(CLOCK_MONOTONIC, &p->due);
}

/* xterm 256-colour index nearest to c: the 6x6x6 cube (16..231, channel levels 0, 95,
 * 135, 175, 215, 255 as xterm defines them) or the 24 greys (232..255, 8 + 10 i),
 * whichever is closer in squared RGB distance. */
static int xterm256(amz_color c)
{
    static const int levels[6] = {0, 95, 135, 175, 215, 255};
    int idx[3], best = 0;
    const int v[3] = {c.r, c.g, c.b};
    long dc = 0;
    for (int k = 0; k < 3; k++) {
        int bi = 0;
        for (int i = 1; i < 6; i++)
            if (abs(levels[i] - v[k]) < abs(levels[bi] - v[k]))
                bi = i;
        idx[k] = bi;
        dc += (long)(levels[bi] - v[k]) * (levels[bi] - v[k]);
    }
    best = 16 + 36 * idx[0] + 6 * idx[1] + idx[2];
    int avg = (c.r + c.g + c.b) / 3;
    int gi = avg < 8 ? 0 : avg > 238 ? 23 : (avg - 8) / 10;
    int gv = 8 + 10 * gi;
    long dg = (long)(gv - c.r) * (gv - c.r) + (long)(gv - c.g) * (gv - c.g) + (long)(gv - c.b) * (gv - c.b);
    return dg < dc ? 232 + gi : best;
}

typedef struct outbuf {
    char *s;
    size_t n, cap;
} outbuf;

/* A frame is built in one buffer and handed to a single put_all, not a write per escape
 * sequence. The buffer starts at 64 KB and doubles. */
static void ob_put(outbuf *b, const char *s, size_t n)
{
    if (n == 0)
        return;
    if (!b->s || b->n + n > b->cap) {
        size_t cap = b->cap ? b->cap * 2 : 65536;
        while (cap < b->n + n)
            cap *= 2;
        char *t = realloc(b->s, cap);
        if (!t)
            return; /* drop this piece of the frame; the next full redraw repairs it */
        b->s = t;
        b->cap = cap;
    }
    memcpy(b->s + b->n, s, n);
    b->n += n;
}

/* SGR colour: 38/48;2;R;G;B (24-bit) or 38/48;5;N (256 colours); c NULL = 39/49, the
 * terminal's default. */
static void ob_color(outbuf *b, bool truecolor, bool fg, const amz_color *c)
{
    char tmp[32];
    int n;
    if (!c)
        n = snprintf(tmp, sizeof tmp, "\x1b[%dm", fg ? 39 : 49);
    else if (truecolor)
        n = snprintf(tmp, sizeof tmp, "\x1b[%d;2;%d;%d;%dm", fg ? 38 : 48, c->r, c->g, c->b);
    else
        n = snprintf(tmp, sizeof tmp, "\x1b[%d;5;%dm", fg ? 38 : 48, xterm256(*c));
    ob_put(b, tmp, (size_t)n);
}

/* Sleeps until the frame's due time; returns early on a signal or a 'q' key. */
static void wait_until(term_player *p, const struct timespec *due)
{
    for (;;) {
        if (got_signal || p->quit)
            return;
        struct timespec now;
        clock_gettime(CLOCK_MONOTONIC, &now);
        long long ms = (long long)(due->tv_sec - now.tv_sec) * 1000 + (due->tv_nsec - now.tv_nsec) / 1000000;
        if (ms <= 0)
            return;
        /* Keys only from a terminal (tio_saved); otherwise poll just sleeps. A signal
         * cuts the poll short (EINTR); the one-second cap keeps the int timeout in range. */
        struct pollfd pfd = {STDIN_FILENO, POLLIN, 0};
        int r = poll(tio_saved ? &pfd : NULL, tio_saved ? 1 : 0, (int)(ms > 1000 ? 1000 : ms));
        if (r > 0 && (pfd.revents & POLLIN)) {
            char ch;
            if (read(STDIN_FILENO, &ch, 1) == 1 && (ch == 'q' || ch == 'Q' || ch == 27))
                p->quit = true;
        }
    }
}

/* Rows ty0 .. ty1 (text rows, two pixels each) of columns x0 .. x1-1 of the picture
 * `px` (w x h palette indices): placed with cursor moves on the player's screen, or as
 * plain lines (newline-separated) for the normal screen. */
static void draw_rows(outbuf *b, const term_player *p, const uint8_t *px, int32_t w, int32_t h,
                      const amz_color *colors, int32_t x0, int32_t x1, int32_t ty0, int32_t ty1, bool placed)
{
    for (int32_t ty = ty0; ty <= ty1; ty++) {
        char tmp[32];
        /* CUP: rows and columns count from 1. */
        int n = placed ? snprintf(tmp, sizeof tmp, "\x1b[%d;%dH", ty + 1, x0 + 1) : 0;
        ob_put(b, tmp, (size_t)n);
        /* Colours are sent only when they change along the row; -1 forces the first.
         * The row ends with a reset, so every row starts afresh. */
        int last_top = -1, last_bot = -1;
        for (int32_t x = x0; x < x1; x++) {
            int top = px[(size_t)(2 * ty) * (size_t)w + (size_t)x];
            /* An odd height leaves the last row's lower half empty: -2, drawn in the
             * terminal's default background. */
            int bot = 2 * ty + 1 < h ? px[(size_t)(2 * ty + 1) * (size_t)w + (size_t)x] : -2;
            if (top != last_top)
                ob_color(b, p->truecolor, true, &colors[top]);
            if (bot != last_bot)
                ob_color(b, p->truecolor, false, bot >= 0 ? &colors[bot] : NULL);
            last_top = top;
            last_bot = bot;
            ob_put(b, "\xe2\x96\x80", 3); /* U+2580 upper half block */
        }
        ob_put(b, "\x1b[0m", 4);
        if (!placed)
            ob_put(b, "\n", 1);
    }
}

void term_print_last(term_player *p)
{
    if (!p->last)
        return;
    outbuf b = {NULL, 0, 0};
    draw_rows(&b, p, p->last, p->last_w, p->last_h, p->last_colors, 0, p->last_w, 0, (p->last_h - 1) / 2, false);
    put_all(b.s, b.n);
    free(b.s);
}

void term_end(term_player *p)
{
    free(p->last);
    p->last = NULL;
}

int term_frame(void *ctx, const amz_frame *f)
{
    term_player *p = ctx;
    if (got_signal || p->quit)
        return 1;
    int32_t x0 = f->x0, y0 = f->y0, x1 = f->x1, y1 = f->y1;
    if (f->index == 0 || got_winch) {
        /* A new round or a resized window: repaint everything. */
        got_winch = 0;
        static const char clear[] = "\x1b[0m\x1b[2J";
        put_all(clear, sizeof clear - 1);
        x0 = 0, y0 = 0, x1 = f->width, y1 = f->height;
    }
    /* Pixel rows y0 .. y1-1 lie on text rows y0 / 2 .. (y1 - 1) / 2. */
    outbuf b = {NULL, 0, 0};
    if (x0 < x1 && y0 < y1)
        draw_rows(&b, p, f->pixels, f->width, f->height, f->colors, x0, x1, y0 / 2, (y1 - 1) / 2, true);
    put_all(b.s, b.n);
    free(b.s);
    /* The finished picture is kept to print on the normal screen at the end (the
     * player's screen goes away with the alternate screen). */
    if (f->last) {
        free(p->last);
        /* Without memory the final print is skipped (p->last NULL), not the animation. */
        p->last = malloc((size_t)f->width * (size_t)f->height);
        if (p->last) {
            memcpy(p->last, f->pixels, (size_t)f->width * (size_t)f->height);
            memcpy(p->last_colors, f->colors, (size_t)f->ncolors * sizeof *f->colors);
            p->last_w = f->width;
            p->last_h = f->height;
        }
    }
    p->frames++;
    /* Pace by a schedule, not by sleeping a fixed time, so slow frames do not add up: a
     * late frame waits less, or not at all. delay_cs is in centiseconds (10^7 ns). */
    long long ns = (long long)p->due.tv_nsec + (long long)f->delay_cs * 10000000LL;
    p->due.tv_sec += (time_t)(ns / 1000000000LL);
    p->due.tv_nsec = (long)(ns % 1000000000LL);
    wait_until(p, &p->due);
    return got_signal || p->quit ? 1 : 0;
}
