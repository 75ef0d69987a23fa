/* progress.c — the progress bar: an observer that turns the library's PROGRESS events
 * into one redrawn stderr line with percentage, rate and ETA. Silent for short runs
 * (shown only after about a second), off a terminal, and with --quiet. */
#include <stdlib.h>
#include <time.h>
#include <unistd.h>

#include "cli/cli.h"

/* Seconds on the monotonic clock: a wall-clock change cannot upset the rate or ETA. */
static double now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

void cli_progress_init(cli_progress *p, const char *label, bool quiet)
{
    p->label = label;
    p->enabled = !quiet && isatty(STDERR_FILENO);
    p->shown = false;
    p->t0 = now();
    p->last = 0;
    p->visits = p->total = 0;
    /* AMAZE_PROGRESS_DELAY (seconds) shortens the wait, for tests and the curious; a value
     * that is not a number, or negative, keeps the one second. */
    const char *d = getenv("AMAZE_PROGRESS_DELAY");
    char *end;
    double v = d ? strtod(d, &end) : 1.0;
    p->delay = d && end != d && v >= 0 ? v : 1.0;
}

/* "123.4 M" style count with SI prefixes (powers of 1000, unlike cli_human_bytes). */
static void si(double v, char *buf, size_t cap)
{
    static const char *const pre[] = {"", "k", "M", "G", "T"};
    int k = 0;
    while (v >= 1000 && k < 4) {
        v /= 1000;
        k++;
    }
    snprintf(buf, cap, "%.1f %s", v, pre[k]);
}

static void draw(cli_progress *p, uint64_t index, uint64_t total);

int cli_progress_event(void *ctx, const amz_event *ev)
{
    cli_progress *p = ctx;
    if (!p->enabled)
        return 0;
    /* Solvers send no PROGRESS events (cli.h), so with total set VISIT events are counted
     * instead; the clamp keeps the bar at 100% should they pass total. */
    if (p->total && ev->type == AMZ_EV_VISIT) {
        /* A solver: every 65536th visit is a step (the clock is read that often). */
        if ((++p->visits & 0xffff) == 0)
            draw(p, p->visits < p->total ? p->visits : p->total, p->total);
        return 0;
    }
    if (ev->type == AMZ_EV_PROGRESS && ev->total) /* generators, bfs on threads */
        draw(p, ev->index, ev->total);
    return 0;
}

static void draw(cli_progress *p, uint64_t index, uint64_t total)
{
    double t = now(), el = t - p->t0;
    /* Redraw at most ten times a second, and not before the delay; the last step
     * (index == total) is always drawn once a bar is shown, so it ends at 100%. */
    if (el < p->delay || (p->shown && t - p->last < 0.1 && index < total))
        return;
    p->last = t;
    p->shown = true;
    double frac = (double)index / (double)total;
    if (frac > 1)
        frac = 1;
    enum { WIDTH = 24 };
    char bar[WIDTH + 1];
    int full = (int)(frac * WIDTH);
    for (int i = 0; i < WIDTH; i++)
        bar[i] = i < full ? '#' : '-';
    bar[WIDTH] = '\0';
    char rate[32];
    si(el > 0 ? (double)index / el : 0, rate, sizeof rate);
    /* The ETA assumes the rest goes at the average rate so far. */
    double eta = frac > 0 ? el * (1 - frac) / frac : 0;
    long s = (long)(eta + 0.5);
    fprintf(stderr, "\r%s [%s] %3d%%  %scells/s  ETA %ld:%02ld:%02ld ", p->label, bar, (int)(frac * 100), rate,
            s / 3600, s / 60 % 60, s % 60);
    fflush(stderr);
}

void cli_progress_done(cli_progress *p)
{
    if (p->shown) {
        /* Carriage return, then ANSI EL (erase to the end of the line). */
        fputs("\r\033[K", stderr);
        fflush(stderr);
    }
    p->shown = false;
}
