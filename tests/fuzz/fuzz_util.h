/* fuzz_util.h — what the fuzz targets share: the input as a stream or as a string, a
 * stream written to memory and read back, the refusal every reader owes a reason, and
 * the model's invariants on a maze. All static inline, so each target stays one file
 * that links with libFuzzer or with driver.c alone. */
#ifndef FUZZ_UTIL_H
#define FUZZ_UTIL_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "amaze.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* Stops the run: "<target>: what" on stderr, then abort. The target is named after the
 * source file being compiled (__BASE_FILE__, gcc and clang), without folder or ".c". */
static inline void fuzz_die(const char *what)
{
    const char *name = strrchr(__BASE_FILE__, '/');
    name = name ? name + 1 : __BASE_FILE__;
    fprintf(stderr, "%.*s: %s\n", (int)strcspn(name, "."), name, what);
    abort();
}

/* The input as a read-only stream, or NULL. fmemopen refuses an empty buffer, so an
 * empty input opens one byte and reads it: the reader then sees a stream at its end. */
static inline FILE *fuzz_input_file(const uint8_t *data, size_t size)
{
    FILE *f = fmemopen((void *)data, size ? size : 1, "rb");
    if (f && !size)
        fgetc(f);
    return f;
}

/* The input as a C string in dst[cap]: false (and dst untouched) when it does not fit,
 * so a target bounds its work by the size of its buffer. */
static inline bool fuzz_input_string(char *dst, size_t cap, const uint8_t *data, size_t size)
{
    if (size >= cap)
        return false;
    memcpy(dst, data, size);
    dst[size] = '\0';
    return true;
}

/* A file in memory for round trips: fuzz_mem_open gives a stream to write into;
 * fuzz_mem_close ends it, leaving the bytes in buf[len]; fuzz_mem_reopen ends it and
 * gives a stream that reads those bytes; fuzz_mem_free closes whatever is open and
 * frees the bytes. */
typedef struct fuzz_mem {
    char *buf;
    size_t len;
    FILE *f;
} fuzz_mem;

static inline FILE *fuzz_mem_open(fuzz_mem *m)
{
    m->buf = NULL;
    m->len = 0;
    m->f = open_memstream(&m->buf, &m->len);
    return m->f;
}

static inline void fuzz_mem_close(fuzz_mem *m)
{
    if (m->f)
        fclose(m->f);
    m->f = NULL;
}

static inline FILE *fuzz_mem_reopen(fuzz_mem *m)
{
    fuzz_mem_close(m);
    m->f = fmemopen(m->buf, m->len, "rb");
    return m->f;
}

static inline void fuzz_mem_free(fuzz_mem *m)
{
    fuzz_mem_close(m);
    free(m->buf);
    m->buf = NULL;
}

/* True when a reader refused the input (st is not AMZ_OK); a refusal without a message
 * in err is a failure. */
static inline bool fuzz_refused(amz_status st, const amz_error *err)
{
    if (st == AMZ_OK)
        return false;
    if (!err->msg[0])
        fuzz_die("an error without a message");
    return true;
}

/* The invariants of a square or hex maze: every open edge is seen from the cell across
 * it too, and start and goal are cells. (maze_read checks any grid through
 * amz_maze_back instead.) */
static inline void fuzz_check_maze(const amz_maze *m)
{
    for (amz_cell c = 0; c < m->ncells; c++)
        for (int d = 0; d < m->ndirs; d++)
            if (amz_maze_passage(m, c, d) &&
                !amz_maze_passage(m, amz_maze_neighbor(m, c, d), amz_dir_opposite(m->topology, d)))
                fuzz_die("one-sided passage");
    if (!amz_maze_exists(m, m->start) || !amz_maze_exists(m, m->goal))
        fuzz_die("start or goal outside the maze");
}

#endif
