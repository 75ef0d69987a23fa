/* glue.h — what web/glue.c exports to web/amaze.js (each WEB_API line is one wasm
 * export; web/web.mk lists them from here). Documented where they are defined. */
#ifndef AMZ_WEB_GLUE_H
#define AMZ_WEB_GLUE_H

#include <stddef.h>
#include <stdint.h>

#include "amaze.h"

#define WEB_API

WEB_API void *web_alloc(size_t n);
WEB_API void web_free(void *p);
WEB_API const char *web_error(void);
WEB_API const int32_t *web_events(void);
WEB_API int32_t web_event_count(void);
WEB_API int32_t web_gen_count(void);
WEB_API const char *web_gen_name(int32_t i);
WEB_API uint32_t web_gen_topologies(int32_t i);
WEB_API int32_t web_solve_count(void);
WEB_API const char *web_solve_name(int32_t i);
WEB_API amz_maze *web_maze_generate(int32_t t, int32_t width, int32_t height, const char *algo, uint64_t seed, int32_t record_limit);
WEB_API void web_maze_free(amz_maze *m);
WEB_API void web_maze_info(const amz_maze *m, int32_t *out);
WEB_API void web_maze_masks(const amz_maze *m, uint8_t *out);
WEB_API int32_t web_maze_solve(const amz_maze *m, const char *name, int32_t record_limit, int32_t *out, int32_t cap);
WEB_API int32_t web_maze_stats(const amz_maze *m, double *out);
WEB_API int32_t web_slide_shuffle(int32_t rows, int32_t cols, uint64_t seed, int32_t *tiles);
WEB_API int32_t web_slide_solved(int32_t rows, int32_t cols, const int32_t *tiles);
WEB_API int32_t web_slide_solve(int32_t rows, int32_t cols, const int32_t *tiles, const char *algo, uint64_t node_limit, char *out, int32_t cap);
WEB_API int32_t web_terrain(int32_t width, int32_t height, uint64_t seed, double roughness, uint8_t *rgba, uint32_t *counts);

#endif
