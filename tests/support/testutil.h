/* testutil.h — helpers shared by the C tests: reference checks written independently
 * of the library's algorithms, so a test never checks the library against itself. */
#ifndef AMZ_TESTUTIL_H
#define AMZ_TESTUTIL_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

#include "amaze.h"

/* AMZ_TEST_SANITIZED is 1 in the sanitizer build (tests/CMakeLists.txt defines it),
 * where the code runs about ten times slower. There a test may run every path it
 * checks with fewer repetitions (fewer seeds, boards, cancel points or pictures):
 * the sanitizers look for memory errors and undefined behaviour, which one run of a
 * path shows as well as forty, while the optimised build runs them all.
 * TU_REPS(n) is n there and a quarter of n (at least 1) under the sanitizers. */
#ifndef AMZ_TEST_SANITIZED
#define AMZ_TEST_SANITIZED 0
#endif
#define TU_REPS(n) (AMZ_TEST_SANITIZED ? ((n) + 3) / 4 : (n))

/* Shortest path length in moves from a to b by a plain BFS over amz_maze_passage with
 * an int array of distances; -1 if unreachable. */
int64_t tu_bfs_distance(const amz_maze *m, amz_cell a, amz_cell b);
/* Distances in moves from a to every cell (dist has ncells entries; -1 unreachable or
 * removed), by the same plain BFS. Returns the largest distance. */
int64_t tu_distances(const amz_maze *m, amz_cell a, int64_t *dist);
/* Number of cells reachable from c (plain flood fill). */
int64_t tu_reachable(const amz_maze *m, amz_cell c);
/* Cells reachable from c and the passages among them. */
void tu_part(const amz_maze *m, amz_cell c, int64_t *cells, int64_t *passages);
/* Perfect = connected over existing cells and passages == cells - 1, checked from
 * scratch with the public per-cell API. */
bool tu_is_perfect(const amz_maze *m);
/* Every open edge is seen from both sides and never leads off the grid. */
bool tu_edges_consistent(const amz_maze *m);
/* A 64-bit FNV-1a hash of every cell's direction mask. */
uint64_t tu_maze_hash(const amz_maze *m);
/* Makes a generated maze (asserts success). */
void tu_generate(amz_maze *m, amz_topology t, int w, int h, const char *algo, uint64_t seed);

/* A random imperfect maze: each possible edge open with probability p, start and goal
 * random cells (from the seeded library RNG, whose output is tested on its own). */
void tu_random_maze(amz_maze *m, amz_topology t, int w, int h, double p, uint64_t seed);
/* Removes about `fraction` of the cells at random (never all of them). */
void tu_random_mask(amz_maze *m, double fraction, uint64_t seed);

/* Fails the test (with `what` in the message) unless a and b have the same topology,
 * size, existing cells, per-cell direction masks, start and goal, compared through the
 * public per-cell API rather than amz_maze_equal. */
void tu_assert_same_maze(const amz_maze *a, const amz_maze *b, const char *what);
/* Same as above plus seed, algorithm and solution (moves compared one by one). */
void tu_assert_same_maze_full(const amz_maze *a, const amz_maze *b, const char *what);

/* A generator's events, kept: tu_record_event is an observer whose ctx is a tu_events
 * (zero it first; free ev after), cancelling at event number stop_at if that is not 0.
 * tu_assert_same_events fails, naming `what`, unless the two lists are equal. */
typedef struct tu_events {
    amz_event *ev;
    size_t n, cap;
    size_t stop_at;
} tu_events;
int tu_record_event(void *ctx, const amz_event *e);
void tu_assert_same_events(const tu_events *a, const tu_events *b, const char *what);

/* Runs fn(m, f, err) with f an in-memory stream and returns what it wrote (malloc'd,
 * NUL-terminated; *len without the NUL). Asserts the writer succeeded. */
typedef amz_status (*tu_writer)(const amz_maze *m, FILE *f, amz_error *err);
char *tu_write_mem(const amz_maze *m, tu_writer fn, size_t *len);
/* Renders m as text in a style, with or without colour, into a malloc'd string. */
char *tu_render_mem(const amz_maze *m, amz_text_style style, bool color, bool solution, size_t *len);
/* Reads a .amz image from memory with amz_io_read_amz (o may be NULL). */
amz_status tu_amz_read_mem(const void *data, size_t len, amz_maze *m, const amz_read_options *o, amz_error *err);

/* A fresh empty folder under $TMPDIR (or /tmp) for file tests; tu_rmdir_all removes it
 * and what it holds (one level). tu_dir_count counts its entries other than . and .. */
char *tu_mkdtemp(void);
void tu_rmdir_all(char *dir);
int tu_dir_count(const char *dir);
/* Copies the 4x4 6-6-3 pattern tables that the ctest fixture pdb_tables built
 * (tests/support/pdb_tables.sh, into AMZ_TEST_TABLES) into the folder `to`, so a
 * test that solves with them opens them from a cache of its own without building
 * them again. Returns the number of files (3). A test using it requires the fixture
 * (FIXTURES_REQUIRED in tests/CMakeLists.txt). */
int tu_copy_tables(const char *to);

/* An allocator that counts the live and peak bytes it hands out (to check memory
 * estimates): install tu_meter_allocator(&mt) with amz_set_allocator. */
typedef struct tu_meter {
    uint64_t live, peak;
} tu_meter;
amz_allocator tu_meter_allocator(tu_meter *mt);

#endif
