/* source.c — the checked reader under the binary formats: exact reads that name what
 * was cut short and where, with a running CRC-32 (docs/FORMAT.md, docs/TILES.md). */
#include <errno.h>
#include <inttypes.h>
#include <string.h>

#include "amaze/io.h"
#include "core/error.h"
#include "io/io_impl.h"

/* io_get_words reads through a 64 KB stack buffer: big enough that fread's per-call
 * cost vanishes, small enough for any thread's stack. */
enum { CHUNK = 1 << 16 };

amz_status io_get(io_source *s, void *p, size_t n, const char *what, amz_error *err)
{
    /* The sniffer's bytes come first, so the offset and CRC cover the file from its
     * first byte, as the formats define them. */
    uint8_t *out = p;
    size_t got = 0;
    while (s->npre && got < n) {
        out[got++] = *s->pre++;
        s->npre--;
    }
    if (got < n)
        got += fread(out + got, 1, n - got, s->f);
    /* A short read is either the device failing (AMZ_EIO) or the file ending early,
     * which is bad data (AMZ_EFORMAT); the offset says where, for a hex dump. */
    if (got < n) {
        if (ferror(s->f))
            return amz_errorf(err, AMZ_EIO, "read error in the %s at byte %" PRIu64 ": %s", what,
                              s->offset + (uint64_t)got, strerror(errno ? errno : EIO));
        return amz_errorf(err, AMZ_EFORMAT,
                          "truncated file: the %s ends at byte %" PRIu64 " (%zu of %zu bytes present)", what,
                          s->offset + (uint64_t)got, got, n);
    }
    s->crc = amz_crc32(s->crc, p, n);
    s->offset += n;
    return AMZ_OK;
}

amz_status io_get_words(io_source *s, uint64_t *w, uint64_t nbytes, const char *what, amz_error *err)
{
    uint8_t buf[CHUNK];
    uint64_t done = 0;
    while (done < nbytes) {
        size_t n = nbytes - done < CHUNK ? (size_t)(nbytes - done) : CHUNK;
        amz_status st = io_get(s, buf, n, what, err);
        if (st)
            return st;
        /* Byte k goes to bits 8 (k mod 8) of word k / 8: the files are little-endian
         * whatever the host is. Or-ing needs w zeroed, which the caller guarantees;
         * bytes past nbytes (the last word's padding) stay zero. */
        for (size_t i = 0; i < n; i++) {
            uint64_t k = done + i;
            w[k >> 3] |= (uint64_t)buf[i] << (8 * (k & 7));
        }
        done += n;
    }
    return AMZ_OK;
}
