/* glue.c — the WebAssembly face of libamaze for web/amaze.js, part 1: memory, the last
 * error, recorded observer events, progress reports to JavaScript, output buffers, and
 * the registries (topologies, shapes, generators, solvers, text styles, slide solvers)
 * the page builds its controls from. Not part of libamaze: only the web build
 * (web/web.mk) compiles it, against the public headers. */
#include <stdbool.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "glue.h"
#include "glue_impl.h"

/* One call at a time runs on one wasm instance (the page's thread or its worker), so
 * the last error, the recorded events and the last output length live here, in the
 * front end; the library itself stays stateless. */
static amz_error last_error;
static uint32_t out_len;

/* Observer events recorded as 4 int32 each: type, cell, other, dir (PATH: dir =
 * index). PROGRESS goes to JavaScript instead. */
typedef struct event_log {
    int32_t *v;
    size_t len, cap; /* in int32s */
    size_t limit;    /* most events kept; past it the run is canceled */
    bool keep;       /* record steps (else progress only) */
    bool full;       /* the limit was reached: the run was canceled for it */
} event_log;

static event_log events;

/* Reported to the page (web/amaze.js's env.web_progress) about 1000 times a run:
 * work done out of total, in the algorithm's own units. */
__attribute__((import_module("env"), import_name("web_progress"))) extern void web_js_progress(double done,
                                                                                              double total);

amz_error *glue_err(void)
{
    return &last_error;
}

void glue_clear(void)
{
    amz_error_clear(&last_error);
}

int32_t glue_fail(amz_status st, const char *msg)
{
    if (msg) {
        strncpy(last_error.msg, msg, sizeof last_error.msg - 1);
        last_error.msg[sizeof last_error.msg - 1] = '\0';
    } else if (!last_error.msg[0]) {
        strncpy(last_error.msg, amz_strerror(st), sizeof last_error.msg - 1);
    }
    last_error.code = st;
    return st;
}

static int record(void *ctx, const amz_event *ev)
{
    event_log *log = ctx;
    if (ev->type == AMZ_EV_PROGRESS) {
        web_js_progress((double)ev->index, (double)ev->total);
        return 0;
    }
    if (!log->keep)
        return 0;
    if (log->len / 4 >= log->limit) {
        log->full = true;
        return 1; /* too many steps to replay: cancel rather than exhaust memory */
    }
    if (log->len + 4 > log->cap) {
        size_t cap = log->cap ? log->cap * 2 : 4096;
        int32_t *v = realloc(log->v, cap * sizeof *v);
        if (!v) {
            log->full = true;
            return 1;
        }
        log->v = v;
        log->cap = cap;
    }
    int32_t *e = log->v + log->len;
    e[0] = (int32_t)ev->type;
    e[1] = (int32_t)ev->cell;
    e[2] = (int32_t)ev->other;
    e[3] = ev->type == AMZ_EV_PATH ? (int32_t)ev->index : ev->dir;
    log->len += 4;
    return 0;
}

const amz_observer *glue_observer(int32_t record_limit, amz_observer *obs)
{
    events.len = 0;
    events.full = false;
    events.keep = record_limit > 0;
    events.limit = record_limit > 0 ? (size_t)record_limit : 0;
    obs->fn = record;
    obs->ctx = &events;
    /* Progress only lets prim and kruskal keep their fast unwatched form. */
    obs->events = events.keep ? 0 : AMZ_EVENTS_PROGRESS;
    return obs;
}

int32_t glue_canceled(amz_status st)
{
    if (st == AMZ_ECANCELED && events.full)
        return glue_fail(st, "too many steps to animate; choose a smaller maze");
    return glue_fail(st, NULL);
}

uint8_t *glue_memstream_take(char *buf, size_t len)
{
    out_len = (uint32_t)len;
    return (uint8_t *)buf;
}

void *glue_calloc(size_t size)
{
    void *p = calloc(1, size);
    if (!p)
        glue_fail(AMZ_ENOMEM, "out of memory");
    return p;
}

void *web_alloc(size_t n)
{
    return malloc(n ? n : 1);
}

void web_free(void *p)
{
    free(p);
}

/* The message of the last failure ("" when none). */
const char *web_error(void)
{
    return last_error.msg;
}

/* Recorded events of the last generate or solve call: web_events() points at
 * web_event_count() groups of 4 int32. */
const int32_t *web_events(void)
{
    return events.v;
}

int32_t web_event_count(void)
{
    return (int32_t)(events.len / 4);
}

/* Length of the bytes the last web_*_write returned. */
uint32_t web_out_len(void)
{
    return out_len;
}

/* ---- registries ---- */

/* Generators, solvers and slide solvers are listed alike: row i, NULL past the end,
 * has a name and a one-line summary. row_text is the one reader of those strings, so
 * each web_*_name and web_*_summary below is one call. */
typedef enum registry { GENERATORS, SOLVERS, SLIDE_SOLVERS } registry;
typedef enum row_field { ROW_NAME, ROW_SUMMARY } row_field;

static const char *row_text(registry r, int32_t i, row_field f)
{
    const amz_gen_info *g = r == GENERATORS ? amz_gen_at((size_t)i) : NULL;
    const amz_solve_info *s = r == SOLVERS ? amz_solve_at((size_t)i) : NULL;
    const amz_slide_solver_info *p = r == SLIDE_SOLVERS ? amz_slide_solver_at((size_t)i) : NULL;
    if (g)
        return f == ROW_NAME ? g->name : g->summary;
    if (s)
        return f == ROW_NAME ? s->name : s->summary;
    if (p)
        return f == ROW_NAME ? p->name : p->summary;
    return NULL;
}

const char *web_version(void)
{
    return amz_version();
}

/* Topologies are numbered from 0 until amz_topology_name says NULL. */
int32_t web_topology_count(void)
{
    int32_t n = 0;
    while (amz_topology_name((amz_topology)n))
        n++;
    return n;
}

const char *web_topology_name(int32_t t)
{
    return amz_topology_name((amz_topology)t);
}

int32_t web_topology_ndirs(int32_t t)
{
    return amz_topology_ndirs((amz_topology)t);
}

/* How a size is written for topology t ("WxH[xL]", polar "R[xC]"), NULL past the last. */
const char *web_topology_size_syntax(int32_t t)
{
    return amz_topology_name((amz_topology)t) ? amz_grid_size_syntax((amz_topology)t) : NULL;
}

const char *web_dir_name(int32_t t, int32_t d)
{
    return amz_dir_name((amz_topology)t, d);
}

int32_t web_shape_count(void)
{
    int32_t n = 0;
    while (amz_shape_name((amz_shape)n))
        n++;
    return n;
}

const char *web_shape_name(int32_t s)
{
    return amz_shape_name((amz_shape)s);
}

int32_t web_shape_supports(int32_t s, int32_t t)
{
    return amz_shape_supports((amz_shape)s, (amz_topology)t) ? 1 : 0;
}

int32_t web_gen_count(void)
{
    return (int32_t)amz_gen_count();
}

const char *web_gen_name(int32_t i)
{
    return row_text(GENERATORS, i, ROW_NAME);
}

const char *web_gen_summary(int32_t i)
{
    return row_text(GENERATORS, i, ROW_SUMMARY);
}

/* Bit (1 << topology) for each topology generator i supports. */
uint32_t web_gen_topologies(int32_t i)
{
    const amz_gen_info *g = amz_gen_at((size_t)i);
    return g ? g->topologies : 0;
}

/* Bit 0: perfect, bit 1: works with masks and shapes, bit 2: streams rows; bits 8 and
 * up: the amz_gen_option bits it takes (web_gen_option_name names them). */
int32_t web_gen_flags(int32_t i)
{
    const amz_gen_info *g = amz_gen_at((size_t)i);
    return g ? (g->perfect ? 1 : 0) | (g->masks ? 2 : 0) | (g->rows ? 4 : 0) | (int32_t)(g->options << 8) : 0;
}

/* The name of generator option bit `bit` (0..), as the CLI spells it; NULL past them. */
const char *web_gen_option_name(int32_t bit)
{
    return bit >= 0 && bit < AMZ_GEN_OPTIONS ? amz_gen_option_name(1u << bit) : NULL;
}

int32_t web_solve_count(void)
{
    return (int32_t)amz_solve_count();
}

const char *web_solve_name(int32_t i)
{
    return row_text(SOLVERS, i, ROW_NAME);
}

const char *web_solve_summary(int32_t i)
{
    return row_text(SOLVERS, i, ROW_SUMMARY);
}

/* Bits 0-15: topologies; bit 16: always shortest; bit 17: complete. */
int32_t web_solve_flags(int32_t i)
{
    const amz_solve_info *s = amz_solve_at((size_t)i);
    if (!s)
        return 0;
    return (int32_t)(s->topologies & 0xffffu) | (s->shortest ? 1 << 16 : 0) | (s->complete ? 1 << 17 : 0);
}

const char *web_text_style_name(int32_t i)
{
    return amz_text_style_name((amz_text_style)i);
}

int32_t web_slide_solver_count(void)
{
    return (int32_t)amz_slide_solver_count();
}

const char *web_slide_solver_name(int32_t i)
{
    return row_text(SLIDE_SOLVERS, i, ROW_NAME);
}

int32_t web_slide_solver_max_cells(int32_t i)
{
    const amz_slide_solver_info *s = amz_slide_solver_at((size_t)i);
    return s ? s->max_cells : 0;
}

int32_t web_slide_solver_optimal(int32_t i)
{
    const amz_slide_solver_info *s = amz_slide_solver_at((size_t)i);
    return s && s->optimal ? 1 : 0;
}
