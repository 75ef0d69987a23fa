/* io_impl.h — private helpers shared by the readers and writers in src/io/. */
#ifndef AMZ_IO_IMPL_H
#define AMZ_IO_IMPL_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

#include "amaze/io.h"

/* Checks the invariants every reader must enforce on a freshly read maze: no passage
 * leads off the grid or touches a removed cell, start and goal exist, padding bits are
 * zero. AMZ_EFORMAT with the first offending cell. */
amz_status amz_io_validate(const amz_maze *m, amz_error *err);

/* Refuses (AMZ_ENOMEM) a width x height maze of topology t whose memory exceeds the
 * reader's limit; AMZ_ERANGE for an impossible size. */
amz_status amz_io_check_size(amz_topology t, int64_t width, int64_t height, const amz_read_options *o,
                             amz_error *err);

/* Reads a whole stream into a NUL-terminated buffer (owned, amz_free). `prefix` holds
 * bytes already consumed from f. AMZ_EIO / AMZ_ENOMEM. */
amz_status amz_io_slurp(FILE *f, const uint8_t *prefix, size_t prefix_len, char **out, size_t *len,
                        amz_error *err);

/* .amz reader for a stream whose first `consumed` bytes (a prefix of the magic) were
 * already read by a sniffer. */
amz_status amz_amz_read_after(FILE *f, const uint8_t *consumed, size_t nconsumed, amz_maze *m,
                              const amz_read_options *o, amz_error *err);

/* Flag bit 2 of the .amz header: the streamed-rows layout (docs/FORMAT.md). */
#define AMZ_AMZ_FLAG_ROWS 4u

/* Writes the .amz header (magic .. algorithm name, HEADER_FIXED + alen bytes) into out;
 * returns its length. The name must have passed amz_amz_check_algorithm. */
size_t amz_amz_header(uint8_t *out, amz_topology t, unsigned flags, int64_t width, int64_t height, amz_cell start,
                      amz_cell goal, uint64_t seed, const char *algorithm, size_t alen);
/* AMZ_EINVAL with a message if .amz cannot store the algorithm name (NULL = ""); else
 * its length in *len. */
amz_status amz_amz_check_algorithm(const char *algorithm, size_t *len, amz_error *err);

/* A writer that keeps the CRC-32 of everything it writes (the .amz and saved-array
 * writers). The first failed fwrite sets `failed`; later writes are skipped. */
typedef struct amz_crc_sink {
    FILE *f;
    uint32_t crc;
    bool failed;
} amz_crc_sink;

void amz_crc_put(amz_crc_sink *s, const void *p, size_t n);
/* The low `nbytes` (0..8) bytes of v, little-endian. */
void amz_crc_put_le(amz_crc_sink *s, uint64_t v, int nbytes);

#endif
