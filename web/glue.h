/* glue.h — what web/glue*.c export to web/amaze.js: the catalogue of the wasm API.
 * Each `WEB_API` line is one wasm export (web/web.mk lists them from here); each is
 * documented where it is defined. Flat functions over numbers and linear-memory
 * buffers, since a wasm export cannot take a struct. Errors: a negative amz_status (or
 * NULL) with the message in web_error(). */
#ifndef AMZ_WEB_GLUE_H
#define AMZ_WEB_GLUE_H

#include <stddef.h>
#include <stdint.h>

#include "amaze.h"
#include "play/maze_game.h"
#include "play/slide_game.h"

#define WEB_API

/* ---- memory, errors, recorded events, output bytes (glue.c) ---- */
WEB_API void *web_alloc(size_t n);
WEB_API void web_free(void *p);
WEB_API const char *web_error(void);
WEB_API const int32_t *web_events(void);
WEB_API int32_t web_event_count(void);
WEB_API uint32_t web_out_len(void);

/* ---- registries (glue.c) ---- */
WEB_API const char *web_version(void);
WEB_API int32_t web_topology_count(void);
WEB_API const char *web_topology_name(int32_t t);
WEB_API int32_t web_topology_ndirs(int32_t t);
WEB_API const char *web_topology_size_syntax(int32_t t);
WEB_API const char *web_dir_name(int32_t t, int32_t d);
WEB_API int32_t web_shape_count(void);
WEB_API const char *web_shape_name(int32_t s);
WEB_API int32_t web_shape_supports(int32_t s, int32_t t);
WEB_API int32_t web_gen_count(void);
WEB_API const char *web_gen_name(int32_t i);
WEB_API const char *web_gen_summary(int32_t i);
WEB_API uint32_t web_gen_topologies(int32_t i);
WEB_API int32_t web_gen_flags(int32_t i);
WEB_API const char *web_gen_option_name(int32_t bit);
WEB_API int32_t web_solve_count(void);
WEB_API const char *web_solve_name(int32_t i);
WEB_API const char *web_solve_summary(int32_t i);
WEB_API int32_t web_solve_flags(int32_t i);
WEB_API const char *web_text_style_name(int32_t i);
WEB_API int32_t web_slide_solver_count(void);
WEB_API const char *web_slide_solver_name(int32_t i);
WEB_API int32_t web_slide_solver_max_cells(int32_t i);
WEB_API int32_t web_slide_solver_optimal(int32_t i);

/* ---- mazes (glue_maze.c) ---- */
WEB_API amz_maze *web_maze_new(int32_t t, int32_t width, int32_t height, int32_t shape);
WEB_API amz_maze *web_maze_from_mask(const char *text, size_t len, int32_t t, const char *name);
WEB_API int32_t web_maze_set_ends(amz_maze *m, int32_t start, int32_t goal, int32_t allow_islands, int32_t ends);
WEB_API int32_t web_maze_generate(amz_maze *m, const char *algo, uint64_t seed, const double *knobs,
                                  const char *choice, int32_t record_limit);
WEB_API void web_maze_free(amz_maze *m);
WEB_API void web_maze_info(const amz_maze *m, double *out);
WEB_API void web_maze_masks(const amz_maze *m, uint16_t *out);
WEB_API const char *web_maze_recipe(const amz_maze *m);
WEB_API int32_t web_maze_neighbor(const amz_maze *m, int32_t c, int32_t d);
WEB_API int32_t web_maze_solve(amz_maze *m, const char *name, int32_t attach, int32_t record_limit, int32_t *out,
                               int32_t cap);
WEB_API void web_maze_clear_solution(amz_maze *m);
WEB_API int32_t web_maze_solution(const amz_maze *m, int32_t *out, int32_t cap);
WEB_API int32_t web_maze_stats(const amz_maze *m, double *out);
WEB_API uint8_t *web_maze_write(const amz_maze *m, int32_t format, int32_t style, int32_t solution);
WEB_API amz_maze *web_maze_load(const char *path, double max_bytes);

/* ---- grids of every topology (glue_grid.c) ---- */
WEB_API amz_maze *web_grid_maze(int32_t t, const char *size, int32_t levels, int32_t wrap, int32_t weave,
                                int32_t shape);
WEB_API void web_maze_grid(const amz_maze *m, int32_t *out);
WEB_API int32_t web_maze_back(const amz_maze *m, int32_t c, int32_t d);
WEB_API int32_t web_maze_sides(const amz_maze *m, float *out, int32_t *first, int32_t cap);
WEB_API void web_maze_centers(const amz_maze *m, float *out);

/* ---- pictures (glue_picture.c) ---- */
WEB_API int32_t web_picture_layout(const amz_maze *m, int32_t cell, int32_t f, double *out);
WEB_API int32_t web_picture_check(const uint8_t *head, size_t len, double file_len, double *need);
WEB_API int32_t web_picture_solve(uint8_t *rgba, int32_t width, int32_t height, const char *solver,
                                  double max_bytes, double *out);
WEB_API amz_maze *web_picture_mask(const uint8_t *rgba, int32_t width, int32_t height, int32_t t, double max_bytes);

/* ---- games (glue_play.c) ---- */
WEB_API maze_game *web_game_new(const amz_maze *m);
WEB_API void web_game_free(maze_game *g);
WEB_API int32_t web_game_move(maze_game *g, int32_t d, double now_ms);
WEB_API int32_t web_game_run(maze_game *g, int32_t d, double now_ms, int32_t *cells, int32_t cap);
WEB_API int32_t web_game_undo(maze_game *g);
WEB_API void web_game_restart(maze_game *g);
WEB_API void web_game_state(const maze_game *g, double now_ms, double *out);
WEB_API int32_t web_game_seen(const maze_game *g, int32_t c);
WEB_API int32_t web_game_hint(maze_game *g, int32_t *out, int32_t cap);
WEB_API int32_t web_game_pause(maze_game *g, double now_ms);
WEB_API slide_game *web_slide_new(int32_t rows, int32_t cols, uint64_t seed);
WEB_API void web_slide_free(slide_game *g);
WEB_API void web_slide_tiles(const slide_game *g, int32_t *out);
WEB_API int32_t web_slide_click(slide_game *g, int32_t cell, double now_ms);
WEB_API int32_t web_slide_push(slide_game *g, int32_t tile_dir, double now_ms);
WEB_API int32_t web_slide_blank(slide_game *g, int32_t blank_dir, double now_ms);
WEB_API int32_t web_slide_can_move(const slide_game *g, int32_t blank_dir);
WEB_API int32_t web_slide_tile_move(const slide_game *g, int32_t cell);
WEB_API void web_slide_restart(slide_game *g);
WEB_API void web_slide_state(const slide_game *g, double now_ms, double *out);
WEB_API int32_t web_slide_solve(int32_t rows, int32_t cols, const int32_t *tiles, const char *algo,
                                uint64_t node_limit, char *out, int32_t cap);

/* ---- terrain (glue_terrain.c) ---- */
WEB_API amz_terrain *web_terrain_new(int32_t width, int32_t height, uint64_t seed, const double *knobs);
WEB_API void web_terrain_free(amz_terrain *t);
WEB_API void web_terrain_rgba(const amz_terrain *t, int32_t hillshade, uint8_t *rgba);
WEB_API void web_terrain_counts(const amz_terrain *t, double *out);
WEB_API uint8_t *web_terrain_write(const amz_terrain *t);

#endif
