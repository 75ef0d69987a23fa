/* slurp.c — reading a whole text input (JSON, text art) into memory, bounded, and
 * refusing binary data early. */
#include <errno.h>
#include <string.h>

#include "amaze/alloc.h"
#include "core/error.h"
#include "io/io_impl.h"

/* Text and JSON inputs are read whole; beyond this they are refused rather than
 * exhausting memory (a 10000x10000 unicode rendering is about 1.8 GB). */
#define TEXT_INPUT_MAX ((size_t)4 << 30)

amz_status io_slurp(FILE *f, const uint8_t *prefix, size_t prefix_len, char **out, size_t *len, uint64_t max_bytes,
                    amz_error *err)
{
    /* Invariant of the loop: buf holds n bytes read so far, cap > n, and one byte is
     * always kept free for the terminating NUL. prefix_len is at most a few sniffed bytes,
     * far below the first 64 KB. The buffer is the caller's on success, freed on error. */
    size_t cap = 1 << 16, n = 0;
    char *buf = amz_malloc(cap);
    if (!buf)
        return amz_errorf(err, AMZ_ENOMEM, "cannot allocate an input buffer");
    memcpy(buf, prefix, prefix_len);
    n = prefix_len;
    for (;;) {
        if (cap - n < 2) {
            if (cap >= TEXT_INPUT_MAX) {
                amz_free(buf);
                return amz_errorf(err, AMZ_EFORMAT, "text input larger than %zu MB", TEXT_INPUT_MAX >> 20);
            }
            /* The text is held whole: it is memory like the maze (MB for limits of a
             * few MB and more, else KB, as io_check_size words it). */
            size_t ncap = cap * 2;
            /* Clamp the last step to the limit itself rather than refusing at the first
             * doubling past it; ncap 0 means the limit is already reached. The limit is
             * only consulted when the buffer grows, so an input that fits the first
             * 64 KB is taken whatever max_bytes says. */
            if (max_bytes && (uint64_t)ncap > max_bytes)
                ncap = (uint64_t)cap < max_bytes ? (size_t)max_bytes : 0;
            if (ncap == 0) {
                amz_free(buf);
                const bool mb = max_bytes >= (1u << 20);
                return amz_errorf(err, AMZ_ENOMEM, "a text input larger than the %llu %s allowed",
                                  (unsigned long long)(max_bytes >> (mb ? 20 : 10)), mb ? "MB" : "KB");
            }
            char *nb = amz_realloc(buf, ncap);
            if (!nb) {
                amz_free(buf);
                return amz_errorf(err, AMZ_ENOMEM, "cannot hold %zu MB of input", ncap >> 20);
            }
            buf = nb;
            cap = ncap;
        }
        size_t got = fread(buf + n, 1, cap - n - 1, f);
        /* Text and JSON never hold NUL bytes: stop reading binary junk early. */
        if (memchr(buf + n, '\0', got)) {
            size_t at = n + (size_t)((char *)memchr(buf + n, '\0', got) - (buf + n));
            amz_free(buf);
            return amz_errorf(err, AMZ_EFORMAT, "binary data (a NUL byte at offset %zu): not a maze", at);
        }
        /* fread returns 0 at the end of the data or on an error; ferror tells which.
         * A short but non-zero read (a pipe) simply loops. */
        n += got;
        if (got == 0) {
            if (ferror(f)) {
                int e = errno;
                amz_free(buf);
                return amz_errorf(err, AMZ_EIO, "read error: %s", strerror(e ? e : EIO));
            }
            break;
        }
    }
    buf[n] = '\0';
    *out = buf;
    *len = n;
    return AMZ_OK;
}
