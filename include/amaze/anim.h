/* amaze/anim.h — animations of generators and solvers at work (libamaze-render).
 * Frames for any player (the CLI plays them in a terminal) and animated GIFs. Part of
 * libamaze-render.
 *
 * Every observer event (see amaze/observer.h; PROGRESS excepted) changes the picture:
 *
 *   generating   VISIT/ENTER  the cell becomes the head (palette `head`); the cell the
 *                             head left joins the trail (`trail`), which fades towards
 *                             `floor` over the last `trail` events, as in the JS1K demo
 *                CARVE/WALL   the passage opens/closes
 *                BACKTRACK    the cell is done (`floor`), the head moves back
 *                FRONTIER     the cell waits in a frontier (`frontier`)
 *   solving      VISIT/ENTER  head and trail as above, fading towards `explored`
 *                FRONTIER     `frontier`;   BACKTRACK  the dead end turns `backtracked`
 *                PATH         the solution grows cell by cell (`path`)
 *
 * Cells not yet reached are `unvisited`. Frames follow the picture geometry of
 * amaze/image.h (options.image: cell, wall, margin, palette, openings, markers), drawn
 * without antialiasing so every pixel is a palette colour.
 *
 * Frame sequence, with E the number of events and N = steps per frame:
 *   frame 0                the starting picture (whole canvas)
 *   frames 1 .. ceil(E/N)  one after every N events (the last after the remaining ones)
 *   last frame             the finished maze exactly as amz_image_write draws it with
 *                          the same image options (antialias off), held `hold_cs`
 * so there are ceil(E/N) + 2 frames. Frame i (before the last) is shown for
 * round((i+1)*100/fps) - round(i*100/fps) centiseconds.
 *
 * Same maze, seed and options = the same frames, byte for byte. */
#ifndef AMAZE_ANIM_H
#define AMAZE_ANIM_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

#include "amaze/gen.h"
#include "amaze/image.h"
#include "amaze/maze.h"
#include "amaze/solve.h"
#include "amaze/status.h"

typedef enum amz_anim_what {
    AMZ_ANIM_GENERATE = 1, /* carve the maze */
    AMZ_ANIM_SOLVE = 2,    /* solve a finished maze */
    AMZ_ANIM_BOTH = 3      /* carve, then solve */
} amz_anim_what;

/* "generate", "solve", "both"; NULL for an unknown value. */
AMZ_API const char *amz_anim_what_name(amz_anim_what w);
AMZ_API amz_status amz_anim_what_parse(const char *name, amz_anim_what *out, amz_error *err);

typedef struct amz_anim_options {
    amz_anim_what what;       /* default AMZ_ANIM_BOTH */
    const char *generator;    /* default "backtracker" */
    amz_gen_options gen;      /* seed and generator options */
    const char *solver;       /* default "dfs": it probes and backs out of dead ends */
    int fps;                  /* frames a second, 1..50 (default 25) */
    uint64_t steps_per_frame; /* events a frame; 0 = fit the events into `duration` */
    double duration;          /* seconds for the events when steps_per_frame is 0
                                 (default 10): N = max(1, ceil(E / (duration * fps))) */
    int hold_cs;              /* how long the last frame shows (default 100 = 1 s) */
    int trail;                /* events a trail takes to fade, 1..10000 (default 40) */
    amz_image_options image;  /* geometry and palette (stream and page are ignored) */
} amz_anim_options;

/* One frame. Pixels are indices into `colors`; only the rectangle [x0, x1) x [y0, y1)
 * differs from the previous frame (empty, x0 == x1, when nothing changed). */
typedef struct amz_frame {
    int32_t width, height;
    const uint8_t *pixels;   /* width*height, row-major; valid during the callback only */
    const amz_color *colors; /* the frame palette */
    int ncolors;             /* at most 256 */
    int32_t x0, y0, x1, y1;
    uint64_t index;  /* 0, 1, 2, ... */
    uint64_t events; /* events shown so far */
    int delay_cs;    /* display time in centiseconds */
    bool last;
} amz_frame;

/* Receives frames; non-zero stops the animation (AMZ_ECANCELED). */
typedef int (*amz_frame_fn)(void *ctx, const amz_frame *f);

/* What a run did. */
typedef struct amz_anim_stats {
    uint64_t events;          /* observer events shown (E) */
    uint64_t steps_per_frame; /* N actually used */
    uint64_t frames;          /* frames delivered */
    int32_t width, height;    /* canvas size in px */
} amz_anim_stats;

/* Defaults as documented per field; image options from amz_image_options_init. */
AMZ_API void amz_anim_options_init(amz_anim_options *o);

/* Runs the animation and hands each frame to fn. For GENERATE and BOTH, m is an
 * initialised maze whose topology, size, mask, start and goal are kept: it is
 * generated (and for BOTH solved, the solution attached). For SOLVE, m is a finished
 * maze that gets its solution attached. With steps_per_frame 0 the algorithms run
 * twice (once to count events). Every grid. Errors: AMZ_EINVAL/AMZ_ERANGE for
 * options (canvas
 * over 16 Mpx or 65535 px a side), those of amz_gen_run and amz_solve_run
 * (AMZ_ENOPATH...), AMZ_ENOMEM, AMZ_ECANCELED when fn stops. `stats` may be NULL.
 * Memory: the canvas (5 bytes a pixel) and 6 bytes a cell. */
AMZ_API amz_status amz_anim_run(amz_maze *m, const amz_anim_options *o, amz_frame_fn fn, void *ctx,
                                amz_anim_stats *stats, amz_error *err);

/* What amz_anim_run checks before it starts: the options (AMZ_EINVAL, AMZ_ERANGE) and
 * the frames' picture layout (amz_image_layout_get's errors, never streamed). o NULL =
 * defaults. */
AMZ_API amz_status amz_anim_check(const amz_maze *m, const amz_anim_options *o, amz_error *err);

/* Peak bytes amz_anim_run on m with o needs beyond the maze itself: the canvas and
 * frame buffers, per-cell state, and the generator's (watched) and solver's working
 * memory; UINT64_MAX if the picture options are out of range. For memory guards. */
AMZ_API uint64_t amz_anim_memory_estimate(const amz_maze *m, const amz_anim_options *o);

/* amz_anim_run into an animated GIF (GIF89a, looping forever, a global palette, each
 * frame storing only its changed rectangle, giflib's LZW). AMZ_EIO if writing fails;
 * a maze amz_anim_run refuses writes nothing. */
AMZ_API amz_status amz_anim_write_gif(amz_maze *m, const amz_anim_options *o, FILE *out, amz_anim_stats *stats,
                                      amz_error *err);

#endif
