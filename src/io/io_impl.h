/* io_impl.h — private helpers shared by the readers and writers in src/io/. */
#ifndef AMZ_IO_IMPL_H
#define AMZ_IO_IMPL_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "amaze/io.h"

/* Checks the invariants every reader must enforce on a freshly read maze: no passage
 * leads off the grid or touches a removed cell, weave under-passages run under straight
 * corridors, start and goal exist. Padding bits are not looked at: the .amz reader
 * checks them itself, the other readers set passages one by one. AMZ_EFORMAT naming
 * the first offending cell (validate.c). */
amz_status io_validate(const amz_maze *m, amz_error *err);

/* Refuses (AMZ_ENOMEM) a maze on grid g whose memory exceeds the reader's limit;
 * AMZ_EFORMAT for an impossible grid (a message of amz_grid_check's). */
amz_status io_check_size(const amz_grid *g, const amz_read_options *o, amz_error *err);

/* Reads a whole stream into a NUL-terminated buffer (owned, amz_free). `prefix` holds
 * bytes already consumed from f. AMZ_EIO, AMZ_ENOMEM (also past max_bytes, 0 = no
 * limit: the buffer only grows with what arrives), AMZ_EFORMAT for a NUL byte (binary
 * data) or more than 4 GB. */
amz_status io_slurp(FILE *f, const uint8_t *prefix, size_t prefix_len, char **out, size_t *len, uint64_t max_bytes,
                    amz_error *err);

/* .amz reader for a stream whose first `consumed` bytes (a prefix of the magic) were
 * already read by a sniffer. */
amz_status io_amz_read_after(FILE *f, const uint8_t *consumed, size_t nconsumed, amz_maze *m,
                              const amz_read_options *o, amz_error *err);

/* Flag bit 2 of the .amz header: the streamed-rows layout (docs/FORMAT.md). */
#define IO_AMZ_FLAG_ROWS 4u

/* A writer that keeps the CRC-32 of everything it writes (the .amz and saved-array
 * writers). The first failed fwrite sets `failed`; later writes are skipped. */
typedef struct io_crc_sink {
    FILE *f;
    uint32_t crc;
    bool failed;
} io_crc_sink;

void io_crc_put(io_crc_sink *s, const void *p, size_t n);
/* The low `nbytes` (0..8) bytes of v, little-endian. */
void io_crc_put_le(io_crc_sink *s, uint64_t v, int nbytes);

/* Flag bit 3 of the .amz header: records follow the algorithm name (docs/FORMAT.md). */
#define IO_AMZ_FLAG_RECORDS 8u

/* Writes the .amz header (magic .. algorithm name; version 1 for a plain grid, else 2)
 * and the records: the grid record for levels, wrap or weave, the recipe when not NULL
 * (flag bit 3 is then added to flags) to s. The name must have passed
 * io_amz_check_algorithm and the recipe the checks of amz_maze_set_recipe. */
void io_amz_put_header(io_crc_sink *s, const amz_grid *g, unsigned flags, amz_cell start, amz_cell goal,
                       uint64_t seed, const char *algorithm, size_t alen, const char *recipe);
/* AMZ_EINVAL with a message if .amz cannot store the algorithm name (NULL = ""); else
 * its length in *len. */
amz_status io_amz_check_algorithm(const char *algorithm, size_t *len, amz_error *err);



/* A checked reader for the binary formats (.amz, saved packed arrays): reads exactly
 * what is asked or fails with a message naming the part that was being read and the
 * byte offset, keeps the CRC-32 of everything read, and replays first the bytes a
 * sniffer already consumed (pre, npre). */
typedef struct io_source {
    FILE *f;
    uint32_t crc;
    uint64_t offset;    /* bytes read so far, from where the reader started */
    const uint8_t *pre; /* consumed bytes to replay first (may be NULL) */
    size_t npre;
} io_source;

/* Reads exactly n bytes into p. AMZ_EFORMAT "truncated file: the WHAT ends at byte
 * N (k of n bytes present)", AMZ_EIO with the system's reason. */
amz_status io_get(io_source *s, void *p, size_t n, const char *what, amz_error *err);
/* Reads nbytes little-endian bytes into the zeroed word array w. */
amz_status io_get_words(io_source *s, uint64_t *w, uint64_t nbytes, const char *what, amz_error *err);
/* The n-byte (n <= 8) little-endian number at b. */
static inline uint64_t io_le(const uint8_t *b, int n)
{
    uint64_t v = 0;
    for (int i = n - 1; i >= 0; i--)
        v = (v << 8) | b[i];
    return v;
}
/* Stores the low n (n <= 8) bytes of v at b, little-endian. */
static inline void io_le_put(uint8_t *b, uint64_t v, int n)
{
    for (int i = 0; i < n; i++)
        b[i] = (uint8_t)(v >> (8 * i));
}
/* Doubles are stored as their IEEE-754 binary64 bit pattern, so they round-trip
 * exactly; memcpy is the defined way to reinterpret them (a union or a pointer cast
 * would be type punning). */
static inline uint64_t io_double_bits(double d)
{
    uint64_t u;
    memcpy(&u, &d, sizeof u);
    return u;
}
static inline double io_bits_double(uint64_t u)
{
    double d;
    memcpy(&d, &u, sizeof d);
    return d;
}

/* ---- whole files at a path: the save/load pairs of every format ---- */

/* Writes obj with write(obj, fp, err) to path through amz_outfile: a temporary file
 * renamed over path on commit, so a failed write leaves any old file whole. A write
 * error gets the path ("standard output" for "-") in front; commit's messages already
 * name it (save.c; left out of the WebAssembly build with outfile.c). */
typedef amz_status (*io_write_fn)(const void *obj, FILE *f, amz_error *err);
amz_status io_save_path(const char *path, io_write_fn write, const void *obj, amz_error *err);

/* Zeroes obj (size bytes), opens path ("-" = standard input) and reads obj with
 * read(f, obj, max_bytes, err), which must leave obj zeroed or deinitialised on
 * failure. AMZ_EIO naming the path if it cannot be opened; a read error gets the path
 * ("standard input") in front (at_path.c). */
typedef amz_status (*io_read_fn)(FILE *f, void *obj, uint64_t max_bytes, amz_error *err);
amz_status io_load_path(const char *path, io_read_fn read, void *obj, size_t size, uint64_t max_bytes,
                        amz_error *err);
/* AMZ_EFORMAT "unexpected bytes after the WHAT" unless f is at its end: a whole file
 * must be one object, trailing bytes mean a different or damaged file (at_path.c). */
amz_status io_expect_end(FILE *f, const char *what, amz_error *err);

#endif
