/* difficulty.c — the difficulty scale (bits of amz_stats.difficulty), its levels, and
 * the bounded search for a maze meeting targets (amaze/difficulty.h). The measure is
 * the "random walker without backtracking" figure of docs/STATS.md; the search draws
 * seeds, braids for a dead-end share and places the goal from one breadth-first sweep
 * that carries each cell's bits down the tree of shortest paths. */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "amaze/alloc.h"
#include "amaze/difficulty.h"
#include "amaze/rng.h"
#include "core/error.h"

/* Level bands in bits: [lo, hi). Easy starts at 0 so that every maze has a level. */
static const struct {
    const char *name;
    double lo, hi;
} levels[AMZ_LEVELS] = {
    {"easy", 0, 10},
    {"medium", 10, 22},
    {"hard", 22, 45},
    {"expert", 45, 90},
};

/* Goals checked with amz_stats_compute per seed before the next seed: on mazes with
 * loops the solver's shortest path may differ from the sweep's, and with it the bits. */
#define CHECKS_PER_SEED 4

const char *amz_level_name(amz_level l)
{
    return (unsigned)l < AMZ_LEVELS ? levels[l].name : NULL;
}

amz_status amz_level_parse(const char *name, amz_level *out, amz_error *err)
{
    for (int l = 0; l < AMZ_LEVELS; l++)
        if (name && strcmp(name, levels[l].name) == 0) {
            *out = (amz_level)l;
            return AMZ_OK;
        }
    return amz_errorf(err, AMZ_ENOTFOUND, "unknown level '%s': expected easy, medium, hard or expert",
                      name ? name : "");
}

void amz_level_band(amz_level l, double *lo, double *hi)
{
    if ((unsigned)l >= AMZ_LEVELS)
        l = AMZ_LEVEL_EASY;
    *lo = levels[l].lo;
    *hi = levels[l].hi;
}

/* The bands are contiguous, so a level is the last band whose floor is at most bits:
 * below 0 (and NaN) is easy, past 90 still expert. */
amz_level amz_level_of(double bits)
{
    int l = 0;
    while (l + 1 < AMZ_LEVELS && bits >= levels[l + 1].lo)
        l++;
    return (amz_level)l;
}

amz_status amz_difficulty_band(double bits, double *lo, double *hi, amz_error *err)
{
    /* The negated test refuses NaN too. */
    if (!(bits >= 0 && bits <= 100000))
        return amz_errorf(err, AMZ_ERANGE, "difficulty %g is not a number of bits from 0 to 100000", bits);
    double half = bits / 10 > 1 ? bits / 10 : 1;
    *lo = bits - half > 0 ? bits - half : 0;
    *hi = bits + half;
    return AMZ_OK;
}

/* The band's middle: the target the goal placement aims at. An open band aims a
 * half above its floor. */
static double band_mid(double lo, double hi)
{
    return isfinite(hi) ? (lo + hi) / 2 : lo * 1.5 + 1;
}

double amz_difficulty_bound(uint64_t cells, int ndirs, bool perfect)
{
    if (cells < 2 || ndirs < 2)
        return 0;
    /* In a tree each of the w ways forward at a solution cell leads to cells of its own
     * (the way on, and a branch per wrong way), so the w_i sum to at most `cells`, and
     * sum log2(w_i) under that is largest with every w_i = e, below 3 * log2(3) / 3
     * bits a cell at whole w. Otherwise each cell offers at most ndirs - 1 ways. */
    if (perfect)
        return (double)cells * log2(3.0) / 3.0;
    return (double)(cells - 1) * log2((double)(ndirs - 1));
}

void amz_target_init(amz_target *t)
{
    memset(t, 0, sizeof *t);
    t->bits_max = t->moves_max = t->share_max = t->dead_max = INFINITY;
    t->free_goal = t->free_braid = true;
    t->tries = 64;
}

/* lo <= v <= hi, with a finite bits_max exclusive like the level bands. */
static bool in(double v, double lo, double hi, bool open_top)
{
    return v >= lo && (open_top ? v < hi || !isfinite(hi) : v <= hi);
}

/* solvable first: an unsolvable maze's solution figures are zeros, which an open range
 * would otherwise accept. */
bool amz_target_met(const amz_target *t, const amz_stats *s)
{
    return s->solvable && in(s->difficulty, t->bits_min, t->bits_max, true) &&
           in((double)s->solution_length, t->moves_min, t->moves_max, false) &&
           in(s->solution_fraction, t->share_min, t->share_max, false) &&
           in(s->dead_end_percent, t->dead_min, t->dead_max, false);
}

uint64_t amz_target_memory_estimate(const amz_maze *m)
{
    /* The sweep: a cell a queue slot (8 bytes), its distance (4), bits (4) and span (4). */
    return (uint64_t)m->ncells * 20 + amz_stats_memory_estimate(m);
}

/* ---- the sweep: each cell's moves and bits from the start ---- */

typedef struct bsweep {
    amz_cell *order; /* cells in breadth-first order from the start */
    uint32_t *dist;  /* moves from the start, UINT32_MAX = not reached */
    float *bits;     /* bits of the tree path from the start */
    uint32_t *span;  /* steps from the start through the grid, walls ignored */
    amz_cell reached;
} bsweep;

static void bsweep_free(bsweep *s)
{
    amz_free(s->order);
    amz_free(s->dist);
    amz_free(s->bits);
    amz_free(s->span);
    memset(s, 0, sizeof *s);
}

/* Four arrays of ncells entries; order is also the queue of both sweeps. On failure s
 * is left empty (bsweep_free is then a no-op). */
static amz_status bsweep_alloc(bsweep *s, const amz_maze *m, amz_error *err)
{
    memset(s, 0, sizeof *s);
    const size_t n = (size_t)m->ncells;
    s->order = amz_malloc(n * sizeof *s->order);
    s->dist = amz_malloc(n * sizeof *s->dist);
    s->bits = amz_malloc(n * sizeof *s->bits);
    s->span = amz_malloc(n * sizeof *s->span);
    if (!s->order || !s->dist || !s->bits || !s->span) {
        bsweep_free(s);
        return amz_errorf(err, AMZ_ENOMEM, "difficulty: cannot allocate the sweep of %lld cells", (long long)n);
    }
    return AMZ_OK;
}

/* Steps from m->start to every cell through the grid, passages or not: how far apart
 * two cells look on the page, on any topology. Once a search: the grid stays. */
static void bsweep_span(bsweep *s, const amz_maze *m)
{
    /* bsweep_alloc succeeded: span, dist, bits and order all hold ncells entries. */
    if (!s->span || !s->order)
        return;
    /* order is only the queue here (bsweep_run overwrites it); span is what stays. */
    for (amz_cell c = 0; c < m->ncells; c++)
        s->span[c] = UINT32_MAX;
    amz_cell head = 0, tail = 0;
    s->order[tail++] = m->start;
    s->span[m->start] = 0;
    while (head < tail) {
        amz_cell c = s->order[head++];
        for (int d = 0; d < m->ndirs; d++) {
            amz_cell nb = amz_maze_neighbor(m, c, d);
            if (nb != AMZ_NO_CELL && s->span[nb] == UINT32_MAX) {
                s->span[nb] = s->span[c] + 1;
                s->order[tail++] = nb;
            }
        }
    }
}

/* Breadth-first from m->start through open passages. A cell's bits are its parent's
 * plus log2 of the ways forward the parent offers (its passages, less the way in): on
 * a tree that is exactly amz_stats.difficulty of a maze with that cell as its goal. */
static void bsweep_run(bsweep *s, const amz_maze *m)
{
    if (!s->dist || !s->order || !s->bits) /* see bsweep_span */
        return;
    for (amz_cell c = 0; c < m->ncells; c++)
        s->dist[c] = UINT32_MAX;
    amz_cell head = 0, tail = 0;
    s->order[tail++] = m->start;
    s->dist[m->start] = 0;
    s->bits[m->start] = 0;
    /* bits are floats: 4 bytes a cell and close enough to rank goals; the goals chosen
     * are measured again in double by amz_stats_compute. The start has no way in, so
     * all of its passages are ways forward. */
    while (head < tail) {
        amz_cell c = s->order[head++];
        int ways = amz_maze_degree(m, c) - (c != m->start);
        float add = ways > 1 ? (float)log2((double)ways) : 0.0f;
        for (int d = 0; d < m->ndirs; d++) {
            if (!amz_maze_passage(m, c, d))
                continue;
            amz_cell nb = amz_maze_neighbor(m, c, d);
            if (nb == AMZ_NO_CELL || s->dist[nb] != UINT32_MAX)
                continue;
            s->dist[nb] = s->dist[c] + 1;
            s->bits[nb] = s->bits[c] + add;
            s->order[tail++] = nb;
        }
    }
    s->reached = tail;
}

/* True for a cell with a missing neighbour: on the grid's edge or next to a removed
 * cell, where a goal can be an opening in the outline. */
static bool on_outline(const amz_maze *m, amz_cell c)
{
    for (int d = 0; d < m->ndirs; d++)
        if (amz_maze_neighbor(m, c, d) == AMZ_NO_CELL)
            return true;
    return false;
}

/* How far a goal with these figures is from what t asks: 0 inside every range and at
 * the middle of the finite ones, INFINITY outside a range. */
static double miss(const amz_target *t, double bits, double moves, double share, bool has_bits)
{
    if (!in(bits, t->bits_min, t->bits_max, true) || !in(moves, t->moves_min, t->moves_max, false) ||
        !in(share, t->share_min, t->share_max, false))
        return INFINITY;
    /* Each range asked for adds its distance from its middle relative to the middle;
     * the + 1 keeps a range around 0 from dividing by 0. */
    double d = 0;
    if (has_bits)
        d += fabs(bits - band_mid(t->bits_min, t->bits_max)) / (band_mid(t->bits_min, t->bits_max) + 1);
    if (isfinite(t->moves_max) || t->moves_min > 0)
        d += fabs(moves - band_mid(t->moves_min, t->moves_max)) / (band_mid(t->moves_min, t->moves_max) + 1);
    if (isfinite(t->share_max) || t->share_min > 0)
        d += fabs(share - band_mid(t->share_min, t->share_max)) / (band_mid(t->share_min, t->share_max) + 1);
    return d;
}

/* A candidate goal and what ranks it. */
typedef struct goal_rank {
    double step;     /* distance from the targets' middle, in steps of 25%; -1: the caller's goal */
    uint32_t span;   /* steps from the start across the grid: farther looks more like an exit */
    uint32_t moves;  /* then the longer solution */
    amz_cell cell;   /* then the lowest index */
} goal_rank;

static bool ranks_before(const goal_rank *a, const goal_rank *b)
{
    if (a->step != b->step)
        return a->step < b->step;
    if (a->span != b->span)
        return a->span > b->span;
    if (a->moves != b->moves)
        return a->moves > b->moves;
    return a->cell < b->cell;
}

/* The CHECKS_PER_SEED best goals on the outline, best first (fewer when fewer fit);
 * *best_bits and *longest keep the most bits and moves any outline cell offered. */
static int best_goals(const bsweep *s, const amz_maze *m, const amz_target *t, amz_cell caller_goal,
                      amz_cell *out, double *best_bits, uint64_t *longest)
{
    /* best[0 .. n) stays sorted by ranks_before: a new goal is inserted from the back,
     * and once the list is full only a goal that beats its last entry gets in. */
    goal_rank best[CHECKS_PER_SEED];
    int n = 0;
    const bool has_bits = t->bits_min > 0 || isfinite(t->bits_max);
    const double cells = (double)amz_maze_count_cells(m);
    for (amz_cell i = 0; i < s->reached; i++) {
        amz_cell c = s->order[i];
        if (c == m->start || !on_outline(m, c))
            continue;
        /* Recorded for every outline cell, in range or not: give_up's message says what
         * the maze could offer at best. */
        double bits = s->bits[c], moves = s->dist[c];
        if (bits > *best_bits)
            *best_bits = bits;
        if (s->dist[c] > *longest)
            *longest = s->dist[c];
        double d = miss(t, bits, moves, (moves + 1) / cells, has_bits);
        if (!isfinite(d))
            continue;
        goal_rank g = {c == caller_goal ? -1 : floor(d * 4), s->span[c], s->dist[c], c};
        int k = n < CHECKS_PER_SEED ? n : CHECKS_PER_SEED - 1;
        if (n == CHECKS_PER_SEED && !ranks_before(&g, &best[k]))
            continue;
        while (k > 0 && ranks_before(&g, &best[k - 1])) {
            best[k] = best[k - 1];
            k--;
        }
        best[k] = g;
        if (n < CHECKS_PER_SEED)
            n++;
    }
    for (int k = 0; k < n; k++)
        out[k] = best[k].cell;
    return n;
}

/* ---- sizes ---- */

/* A width x height of about side * side cells with width / height = aspect, each side
 * kept within 2 .. 4000. */
static void shape_side(double side, double aspect, int32_t *width, int32_t *height)
{
    double w = round(side * sqrt(aspect)), h = round(side / sqrt(aspect));
    *width = w < 2 ? 2 : w > 4000 ? 4000 : (int32_t)w;
    *height = h < 2 ? 2 : h > 4000 ? 4000 : (int32_t)h;
}

/* The most bits any goal on the outline offers from m's start (the first cell on the
 * fresh mazes of probe). */
static double best_goal_bits(const bsweep *s, const amz_maze *m)
{
    double best = 0;
    for (amz_cell i = 0; i < s->reached; i++)
        if (s->bits[s->order[i]] > best && on_outline(m, s->order[i]))
            best = s->bits[s->order[i]];
    return best;
}

/* Median over seeds 1, 2, 3 of the hardest goal a w x h maze offers: fixed seeds keep
 * amz_difficulty_size deterministic, and the median keeps one odd maze from moving
 * the size. */
static amz_status probe(const char *name, amz_topology t, int32_t w, int32_t h, double *median, amz_error *err)
{
    double got[3];
    amz_status st = AMZ_OK;
    for (int k = 0; k < 3 && !st; k++) {
        amz_maze m;
        if ((st = amz_maze_init(&m, t, w, h, err)))
            break;
        amz_gen_options o;
        amz_gen_options_init(&o);
        o.seed = (uint64_t)k + 1;
        bsweep s;
        if (!(st = amz_gen_run(&m, name, &o, NULL, err)) && !(st = bsweep_alloc(&s, &m, err))) {
            bsweep_run(&s, &m);
            got[k] = best_goal_bits(&s, &m);
            bsweep_free(&s);
        }
        amz_maze_deinit(&m);
    }
    if (st)
        return st;
    double lo = fmin(got[0], fmin(got[1], got[2])), hi = fmax(got[0], fmax(got[1], got[2]));
    *median = got[0] + got[1] + got[2] - lo - hi;
    return AMZ_OK;
}

amz_status amz_difficulty_size(const char *name, amz_topology t, double lo, double hi, double aspect,
                               int32_t *width, int32_t *height, amz_error *err)
{
    if (!(aspect >= 0.1 && aspect <= 10))
        aspect = 1;
    const double want = band_mid(lo, hi);
    /* Corner-to-corner difficulty grows about linearly with the side on most
     * generators (2 bits a cell of side on prim): the first guess. */
    double side = 5 + 0.5 * want;
    for (int step = 0;; step++) {
        shape_side(side, aspect, width, height);
        double got;
        amz_status st = probe(name, t, *width, *height, &got, err);
        if (st || got >= want || step == 12 || side >= 4000)
            return st;
        side *= 1.25;
    }
}

/* ---- braiding for a dead-end share ---- */

/* amz_stats.dead_end_percent without the rest of amz_stats_compute: find_braid's
 * bisection measures it several times a seed. */
static double dead_percent(const amz_maze *m)
{
    uint64_t cells = 0, dead = 0;
    for (amz_cell c = 0; c < m->ncells; c++)
        if (amz_maze_exists(m, c)) {
            cells++;
            dead += amz_maze_degree(m, c) == 1;
        }
    return cells ? 100.0 * (double)dead / (double)cells : 0;
}

/* Generates with seed and braid b, the ends put back where the caller had them: an
 * earlier try may have moved the goal (amz_maze_set_ends), and amz_gen_run takes the
 * ends it finds on m. */
static amz_status make(amz_maze *m, const char *name, const amz_gen_options *o, uint64_t seed, double b,
                       amz_cell start, amz_cell goal, amz_error *err)
{
    amz_gen_options g = *o;
    g.seed = seed;
    g.braid = b;
    m->start = start;
    m->goal = goal;
    return amz_gen_run(m, name, &g, NULL, err);
}

/* Finds by bisection a braid (a multiple of 0.01) that brings the dead ends down to
 * t->dead_max, or 0 when the unbraided maze is already there; *dead0 gets the share at
 * braid 0, from which the caller tells a maze with too few dead ends (braiding only
 * removes them, so no braid helps). The share falls with the braid, but not strictly,
 * so the result is checked by the caller's amz_target_met. m is left
 * holding the maze of the braid returned. */
static amz_status find_braid(amz_maze *m, const char *name, const amz_gen_options *o, const amz_target *t,
                             uint64_t seed, amz_cell start, amz_cell goal, double *braid, double *dead0,
                             amz_error *err)
{
    amz_status st = make(m, name, o, seed, 0, start, goal, err);
    if (st)
        return st;
    double d = *dead0 = dead_percent(m);
    *braid = 0;
    if (d <= t->dead_max)
        return AMZ_OK;
    int lo = 0, hi = 100; /* dead(lo) > max; the answer is in (lo, hi] */
    while (hi - lo > 1) {
        int mid = (lo + hi) / 2;
        if ((st = make(m, name, o, seed, mid / 100.0, start, goal, err)))
            return st;
        if (dead_percent(m) > t->dead_max)
            lo = mid;
        else
            hi = mid;
    }
    *braid = hi / 100.0;
    return make(m, name, o, seed, *braid, start, goal, err);
}

/* ---- the search ---- */

/* The failure message: what the closest try offered and what would reach the target,
 * in the order of what to fix first (a generator with more dead ends, a larger size, a
 * wider length range, then any range). The size hint costs amz_difficulty_size's
 * probes (a few generations), paid only when the search fails for want of bits. */
static amz_status give_up(const amz_maze *m, const char *name, const amz_target *t, const amz_target_report *r,
                          double dead0_max, unsigned braid_short, uint64_t longest, bool measured, amz_error *err)
{
    if (braid_short == r->tries)
        return amz_errorf(err, AMZ_ERANGE,
                          "no maze of %u tries has %.4g%% dead ends or more (at most %.1f%%), and braiding only "
                          "removes dead ends: use a generator that makes more",
                          r->tries, t->dead_min, dead0_max);
    if (r->best_bits < t->bits_min) {
        int32_t w = 0, h = 0;
        amz_difficulty_size(name, m->topology, t->bits_min, t->bits_max, (double)m->width / m->height, &w, &h, NULL);
        /* The probes' size, or a quarter more than this one when that is no larger. */
        if ((int64_t)w * h <= (int64_t)m->width * m->height) {
            w = (int32_t)ceil(m->width * 1.25);
            h = (int32_t)ceil(m->height * 1.25);
        }
        return amz_errorf(err, AMZ_ERANGE,
                          "gave up after %u tries: the hardest goal offered %.1f bits, the target is %.4g to %.4g; "
                          "a maze of about %dx%d cells reaches it",
                          r->tries, r->best_bits, t->bits_min, t->bits_max, w, h);
    }
    if (!measured) {
        const double cells = (double)amz_maze_count_cells(m);
        return amz_errorf(err, AMZ_ERANGE,
                          "gave up after %u tries: no goal on the outline gives a solution of the length asked (the "
                          "longest found: %llu moves, %.1f%% of the cells); widen the range or use another generator",
                          r->tries, (unsigned long long)longest, 100.0 * (double)(longest + 1) / cells);
    }
    return amz_errorf(err, AMZ_ERANGE,
                      "gave up after %u tries: no maze met the target together (closest: %.1f bits, %llu moves, "
                      "%.1f%% dead ends); widen a range or give a larger size",
                      r->tries, r->stats.difficulty, (unsigned long long)r->stats.solution_length,
                      r->stats.dead_end_percent);
}

amz_status amz_target_search(amz_maze *m, const char *name, const amz_gen_options *o, const amz_target *t,
                             amz_target_report *rep, amz_error *err)
{
    amz_target_report local;
    memset(&local, 0, sizeof local);
    amz_target_report *r = rep ? rep : &local;
    memset(r, 0, sizeof *r);
    amz_gen_options defaults;
    if (!o) {
        amz_gen_options_init(&defaults);
        o = &defaults;
    }
    if (!t || t->tries < 1 || t->tries > 100000)
        return amz_errorf(err, AMZ_ERANGE, "target: tries must be 1 to 100000");
    if (t->free_goal && o->ends != AMZ_ENDS_KEEP)
        return amz_errorf(err, AMZ_EINVAL, "target: the goal cannot be both free and placed by the generator");
    /* The braid is searched only when the caller fixed none and asked for a dead-end
     * range; the sweep's arrays only when the goal is free (s zeroed, so the final
     * bsweep_free is safe either way). */
    const bool braid_free = t->free_braid && o->braid == 0 && (t->dead_min > 0 || isfinite(t->dead_max));
    /* The caller's ends, which make() restores before every try. */
    const amz_cell start = m->start, goal = m->goal;
    bsweep s = {0};
    amz_status st;
    if (t->free_goal) {
        if ((st = bsweep_alloc(&s, m, err)))
            return st;
        bsweep_span(&s, m);
    }
    amz_rng rng;
    amz_rng_seed(&rng, o->seed);
    double best_miss = INFINITY, dead0_max = 0;
    unsigned braid_short = 0;
    uint64_t longest = 0; /* the longest path to an outline cell seen */
    for (unsigned i = 0; i < t->tries; i++) {
        const uint64_t seed = i == 0 ? o->seed : amz_rng_next(&rng);
        double braid = o->braid, dead0 = 0;
        r->tries = i + 1;
        st = braid_free ? find_braid(m, name, o, t, seed, start, goal, &braid, &dead0, err)
                        : make(m, name, o, seed, braid, start, goal, err);
        if (st)
            break;
        /* Too few dead ends even unbraided: no braid adds any, so the seed is only
         * counted, for give_up's message. */
        if (braid_free && dead0 < t->dead_min) {
            dead0_max = dead0 > dead0_max ? dead0 : dead0_max;
            braid_short++;
            continue;
        }
        amz_cell goals[CHECKS_PER_SEED];
        int n = 1;
        goals[0] = goal;
        if (t->free_goal) {
            bsweep_run(&s, m);
            n = best_goals(&s, m, t, goal, goals, &r->best_bits, &longest);
        }
        /* amz_maze_set_ends rather than assigning m->goal: it keeps the recipe true, so
         * the recipe of the maze returned makes it with the goal chosen. */
        for (int k = 0; k < n; k++) {
            if (goals[k] != m->goal && (st = amz_maze_set_ends(m, start, goals[k], err)))
                goto done;
            amz_stats ms;
            if ((st = amz_stats_compute(m, &ms, err)))
                goto done;
            if (!t->free_goal && ms.difficulty > r->best_bits)
                r->best_bits = ms.difficulty;
            if (amz_target_met(t, &ms)) {
                r->seed = seed;
                r->braid = braid;
                r->stats = ms;
                goto done;
            }
            /* Failed tries are ranked by bits alone: r->stats ends as the closest one. */
            double d = fabs(ms.difficulty - band_mid(t->bits_min, t->bits_max));
            if (d < best_miss) {
                best_miss = d;
                r->stats = ms;
            }
        }
    }
    /* Still AMZ_OK here means every try missed: a success jumps to done. */
    if (st == AMZ_OK)
        st = give_up(m, name, t, r, dead0_max, braid_short, longest, isfinite(best_miss), err);
done:
    bsweep_free(&s);
    return st;
}
