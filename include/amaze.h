/* amaze.h — the whole libamaze API in one include.
 *
 *   #include <amaze.h>
 *   amz_maze m;
 *   amz_maze_init(&m, AMZ_TOPO_SQUARE, 20, 10, NULL);
 *   amz_gen_options o; amz_gen_options_init(&o); o.seed = 7;
 *   amz_gen_run(&m, "backtracker", &o, NULL, NULL);
 *   amz_solve_maze(&m, "bfs", NULL, NULL, NULL, NULL);
 *   amz_render_text(&m, NULL, stdout, NULL);
 *   amz_maze_deinit(&m);
 *
 * Link with `pkg-config --cflags --libs amaze`. */
#ifndef AMAZE_H
#define AMAZE_H

#include "amaze/alloc.h"
#include "amaze/bitfmt.h"
#include "amaze/difficulty.h"
#include "amaze/dijkstra.h"
#include "amaze/dungeon.h"
#include "amaze/gen.h"
#include "amaze/io.h"
#include "amaze/maze.h"
#include "amaze/observer.h"
#include "amaze/render.h"
#include "amaze/rng.h"
#include "amaze/shape.h"
#include "amaze/slide.h"
#include "amaze/solve.h"
#include "amaze/stats.h"
#include "amaze/status.h"
#include "amaze/stream.h"
#include "amaze/terrain.h"
#include "amaze/version.h"

#endif
