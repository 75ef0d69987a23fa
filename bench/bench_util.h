/* bench_util.h — the clocks and the median every benchmark program reports with
 * (bench.c, bench_images.c, dungeon_bench.c, terrain_bench.c). Header-only: each
 * benchmark is one translation unit. */
#ifndef AMZ_BENCH_UTIL_H
#define AMZ_BENCH_UTIL_H

#include <stdlib.h>
#include <sys/resource.h>
#include <time.h>

/* Seconds on the monotonic clock (wall time). */
static inline double bench_now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

/* User plus system CPU seconds of this process so far. */
static inline double bench_cpu_now(void)
{
    struct rusage ru;
    getrusage(RUSAGE_SELF, &ru);
    return (double)ru.ru_utime.tv_sec + (double)ru.ru_utime.tv_usec * 1e-6 + (double)ru.ru_stime.tv_sec +
           (double)ru.ru_stime.tv_usec * 1e-6;
}

static inline int bench_cmp_double(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

/* The median of v[0..n) (sorts v in place): the middle value, or the mean of the two
 * middle ones for an even n; 0 for no values. */
static inline double bench_median(double *v, int n)
{
    if (n < 1)
        return 0;
    qsort(v, (size_t)n, sizeof *v, bench_cmp_double);
    return n % 2 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
}

#endif
