/* terrain_cli.h — the pieces `amaze terrain` shares between its subcommands
 * (cmd_terrain.c: generate and the dispatcher; terrain_render.c: render and stats;
 * terrain_view.c: the scrolling view). The parsers live in terrain_args.c, below all
 * three, so the files call each other in one direction only. */
#ifndef AMZ_TERRAIN_CLI_H
#define AMZ_TERRAIN_CLI_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

#include "amaze/terrain_image.h"

/* A decimal number in [lo, hi] (or (lo, hi] when lo_open) for option opt. */
int tcli_parse_double(const char *cmd, const char *opt, const char *s, double lo, double hi, bool lo_open,
                      double *out);
/* "WxH" within the terrain limits: sides 1..2^20, at most 2^36 tiles. */
int tcli_parse_size(const char *cmd, const char *s, int64_t *w, int64_t *h);
/* "S,E,R" thresholds, each 0..100, not decreasing. */
int tcli_parse_thresholds(const char *cmd, const char *s, amz_terrain_options *o);
/* "X,Y,WxH" with X and Y signed when `signed_xy` (world positions), else >= 0. */
int tcli_parse_region(const char *cmd, const char *s, bool signed_xy, int64_t *x, int64_t *y, int64_t *w,
                      int64_t *h);
/* --color auto|always|never: colour only on a terminal for auto, and not with
 * NO_COLOR or TERM=dumb. */
int tcli_color_choice(const char *cmd, const char *when, bool to_stdout, bool *out);
/* Refuses '-' (standard input) when it is a terminal: a map cannot be typed, and the
 * command would wait in silence. */
int tcli_input(const char *cmd, const char *path);
/* Loads a map within --max-memory (0 = the default limit). */
int tcli_load(const char *path, uint64_t max_memory, amz_terrain *t);
/* The memory guard: refuses `job` on a w x h map past the limit, with the estimate. */
int tcli_memory_guard(const char *cmd, amz_terrain_job job, int64_t w, int64_t h, const amz_terrain_options *o,
                      int scale, uint64_t max_memory);
/* Writes a file through fn into path (NULL or "-" = standard output) with the shared
 * output helpers (atomic, the temporary file removed on a signal); errors printed. */
typedef amz_status (*tcli_writer)(const void *ctx, FILE *f, amz_error *err);
int tcli_write(const char *cmd, const char *path, tcli_writer fn, const void *ctx);
/* Draws t (or its region) as text to path (NULL or "-" = standard output). */
int tcli_draw_text(const amz_terrain *t, const amz_terrain_text_options *to, const char *path);

int tcli_render(int argc, char **argv);
int tcli_stats(int argc, char **argv);
int tcli_view(int argc, char **argv);

#endif
