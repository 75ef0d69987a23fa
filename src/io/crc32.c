/* crc32.c — CRC-32 (ISO-HDLC), slice-by-8 (Intel, "A Systematic Approach to Building
 * High Performance Software-based CRC Generators", 2006), the .amz checksum. */
#include <stdint.h>

#include "amaze/io.h"
#include "io/crc32_table.h"
#include "io/io_impl.h"

uint32_t amz_crc32(uint32_t crc, const void *data, size_t len)
{
    /* Reflected polynomial 0xEDB88320, initial and final xor ~0, as zlib and PNG: the
     * caller chains calls by passing the previous result (0 to start). Table j maps a
     * byte to its effect when j more bytes follow it, so eight bytes cost eight lookups. */
    const uint8_t *p = data;
    uint32_t c = ~crc;
    while (len >= 8) {
        /* Bytes are combined explicitly, so this is endian-independent. */
        uint32_t lo = c ^ ((uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 | (uint32_t)p[3] << 24);
        c = crc32_table[7][lo & 0xff] ^ crc32_table[6][(lo >> 8) & 0xff] ^ crc32_table[5][(lo >> 16) & 0xff] ^
            crc32_table[4][lo >> 24] ^ crc32_table[3][p[4]] ^ crc32_table[2][p[5]] ^ crc32_table[1][p[6]] ^
            crc32_table[0][p[7]];
        p += 8;
        len -= 8;
    }
    while (len--)
        c = crc32_table[0][(c ^ *p++) & 0xff] ^ (c >> 8);
    return ~c;
}

/* Errors are sticky rather than returned per call, so writers emit a whole header
 * and check `failed` once (and ferror/fflush) at the end. */
void io_crc_put(io_crc_sink *s, const void *p, size_t n)
{
    if (s->failed || n == 0)
        return;
    s->crc = amz_crc32(s->crc, p, n);
    if (fwrite(p, 1, n, s->f) != n)
        s->failed = true;
}

void io_crc_put_le(io_crc_sink *s, uint64_t v, int nbytes)
{
    uint8_t b[8] = {0};
    const int n = nbytes < 0 ? 0 : nbytes > 8 ? 8 : nbytes;
    io_le_put(b, v, n);
    io_crc_put(s, b, (size_t)n);
}
