/* io_impl.h — private helpers shared by the readers and writers in src/io/. */
#ifndef AMZ_IO_IMPL_H
#define AMZ_IO_IMPL_H

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

#endif
