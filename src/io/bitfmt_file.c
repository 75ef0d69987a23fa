/* bitfmt_file.c — saved packed arrays ("AMP" blocks): the format description (field
 * names and widths), a header CRC-32, the words little-endian, a data CRC-32. The byte
 * layout is the contract in docs/TILES.md; the reader rejects anything else with a
 * message naming the problem, and checks the header before it allocates. */
#include <errno.h>
#include <inttypes.h>
#include <string.h>

#include "amaze/alloc.h"
#include "amaze/bitfmt.h"
#include "amaze/io.h"
#include "core/error.h"
#include "io/io_impl.h"

static const uint8_t amp_magic[8] = {0x89, 'A', 'M', 'P', '\r', '\n', 0x1a, '\n'};

/* FIXED: the header's fixed part, magic (8) + version (2) + word bits (1) + fields (1)
 * + count (8); the field descriptions (width, name length, name) follow it. */
enum { AMP_VERSION = 1, FIXED = 20, CHUNK = 1 << 16 };

static uint64_t word_at(const amz_packed *a, uint64_t i)
{
    return amz_packed_word(a, i);
}

/* Writes one block (TILES.md section 2) at f's position, so a block can sit inside a
 * longer file (.amd). The 1-byte width and name length always fit: a validated format
 * has widths of 1..64 and names of at most AMZ_BITFMT_NAME_MAX (31) bytes. */
amz_status amz_packed_write(const amz_packed *a, FILE *f, amz_error *err)
{
    /* Write errors are collected by the sink and reported once at the end; the header
     * CRC covers magic through the last name, the data CRC the words only. */
    const amz_bitfmt *fmt = &a->fmt;
    io_crc_sink s = {f, 0, false};
    io_crc_put(&s, amp_magic, sizeof amp_magic);
    io_crc_put_le(&s, AMP_VERSION, 2);
    io_crc_put_le(&s, fmt->word_bits, 1);
    io_crc_put_le(&s, fmt->nfields, 1);
    io_crc_put_le(&s, a->count, 8);
    for (unsigned i = 0; i < fmt->nfields; i++) {
        size_t len = strlen(fmt->names[i]);
        io_crc_put_le(&s, fmt->bits[i], 1);
        io_crc_put_le(&s, len, 1);
        io_crc_put(&s, fmt->names[i], len);
    }
    io_crc_put_le(&s, s.crc, 4);
    /* Words little-endian, byte by byte, whatever the host order. */
    s.crc = 0;
    unsigned wb = fmt->word_bits / 8;
    uint8_t buf[CHUNK];
    size_t n = 0;
    for (uint64_t i = 0; i < a->count; i++) {
        uint64_t w = word_at(a, i);
        for (unsigned k = 0; k < wb; k++)
            buf[n++] = (uint8_t)(w >> (8 * k));
        /* Flush while a whole 8-byte word still fits, so no word is split. */
        if (n + 8 > CHUNK) {
            io_crc_put(&s, buf, n);
            n = 0;
        }
    }
    io_crc_put(&s, buf, n);
    io_crc_put_le(&s, s.crc, 4);
    if (s.failed || ferror(f))
        return amz_errorf(err, AMZ_EIO, "write failed: %s", strerror(errno ? errno : EIO));
    return AMZ_OK;
}

/* ---- reading ---- */

/* Header: magic, version, word size, fields, count, header CRC. Fills fmt and count. */
static amz_status read_header(io_source *s, amz_bitfmt *fmt, uint64_t *count, amz_error *err)
{
    uint8_t h[FIXED];
    amz_status st = io_get(s, h, FIXED, "header", err);
    if (st)
        return st;
    if (memcmp(h, amp_magic, sizeof amp_magic) != 0)
        return amz_errorf(err, AMZ_EFORMAT, "not a packed tile array (bad magic number)");
    unsigned version = (unsigned)io_le(h + 8, 2), word_bits = h[10], nfields = h[11];
    if (version != AMP_VERSION)
        return amz_errorf(err, AMZ_EFORMAT, "unsupported packed-array version %u (this build reads version %d)",
                          version, AMP_VERSION);
    if (word_bits != 8 && word_bits != 16 && word_bits != 32 && word_bits != 64)
        return amz_errorf(err, AMZ_EFORMAT, "word size %u bits (expected 8, 16, 32 or 64)", word_bits);
    if (nfields < 1 || nfields > AMZ_BITFMT_MAX_FIELDS)
        return amz_errorf(err, AMZ_EFORMAT, "%u fields (expected 1 to %d)", nfields, AMZ_BITFMT_MAX_FIELDS);
    /* count is not trusted yet: amz_packed_read checks it against max_bytes, after the
     * header's checksum has matched. */
    *count = io_le(h + 12, 8);
    /* In bounds because nfields was checked above and each name length is checked
     * before its bytes are read into names[i]. */
    char names[AMZ_BITFMT_MAX_FIELDS][AMZ_BITFMT_NAME_MAX + 1];
    amz_bitfmt_field fields[AMZ_BITFMT_MAX_FIELDS];
    for (unsigned i = 0; i < nfields; i++) {
        /* The field's width byte and its name's length byte. */
        uint8_t wl[2];
        char what[32];
        snprintf(what, sizeof what, "field %u", i + 1);
        if ((st = io_get(s, wl, 2, what, err)))
            return st;
        if (wl[1] < 1 || wl[1] > AMZ_BITFMT_NAME_MAX)
            return amz_errorf(err, AMZ_EFORMAT, "field %u: name of %u bytes (expected 1 to %d)", i + 1, wl[1],
                              AMZ_BITFMT_NAME_MAX);
        if ((st = io_get(s, names[i], wl[1], what, err)))
            return st;
        /* Names are length-prefixed in the file, so an embedded NUL would silently
         * shorten one; refuse it. Other bad names are amz_bitfmt_init's to report. */
        names[i][wl[1]] = '\0';
        if (strlen(names[i]) != wl[1])
            return amz_errorf(err, AMZ_EFORMAT, "field %u: name contains a NUL byte", i + 1);
        fields[i].name = names[i];
        fields[i].bits = wl[0];
    }
    uint32_t want = s->crc;
    uint8_t c[4];
    if ((st = io_get(s, c, 4, "header checksum", err)))
        return st;
    if ((uint32_t)io_le(c, 4) != want)
        return amz_errorf(err, AMZ_EFORMAT,
                          "header checksum mismatch (stored %08x, computed %08x): the header is corrupt",
                          (unsigned)io_le(c, 4), (unsigned)want);
    /* The checksum matched, so a bad field now is a writer's bug, not noise: name it. */
    amz_error ferr;
    amz_error_clear(&ferr);
    if (amz_bitfmt_init(fmt, fields, nfields, word_bits, &ferr) != AMZ_OK)
        return amz_errorf(err, AMZ_EFORMAT, "bad format description: %s", ferr.msg);
    return AMZ_OK;
}

/* Reads one block from f and leaves f just after it (the load functions then check
 * that nothing follows). The count is used only after the header CRC matched, and
 * refused past max_bytes before the words are allocated; the file's length is not
 * consulted here (amd.c checks it before calling). On error a is zeroed. */
amz_status amz_packed_read(FILE *f, amz_packed *a, uint64_t max_bytes, amz_error *err)
{
    memset(a, 0, sizeof *a);
    io_source s = {f, 0, 0, NULL, 0};
    amz_bitfmt fmt;
    memset(&fmt, 0, sizeof fmt);
    uint64_t count = 0;
    amz_status st = read_header(&s, &fmt, &count, err);
    if (st)
        return st;
    unsigned wb = fmt.word_bits / 8;
    if (wb == 0) /* read_header only accepts 8..64-bit words; stated for analysers */
        return amz_errorf(err, AMZ_EFORMAT, "bad word size %u", fmt.word_bits);
    /* Refuse before allocating: the count comes from the file, and a corrupt or hostile
     * one must not make us ask for terabytes. */
    if (count > UINT64_MAX / wb || (max_bytes && count * wb > max_bytes))
        return amz_errorf(err, AMZ_ENOMEM, "%llu words of %u bits need more than the %llu bytes allowed",
                          (unsigned long long)count, fmt.word_bits, (unsigned long long)max_bytes);
    if ((st = amz_packed_init(a, &fmt, count, err)))
        return st;
    /* Words are read in 64 KB chunks and each checked against the format: a word with
     * bits above total_bits is not a value of this format, whatever the CRC says. The
     * error gives its byte offset from the block's start. */
    /* The data CRC starts afresh after the header's. per words fill one CHUNK; the
     * header's length (header_end) turns a word index into a byte offset. */
    s.crc = 0;
    uint8_t buf[CHUNK];
    uint64_t per = CHUNK / wb, header_end = s.offset;
    for (uint64_t i = 0; i < count && st == AMZ_OK;) {
        uint64_t k = count - i < per ? count - i : per;
        st = io_get(&s, buf, (size_t)(k * wb), "tile data", err);
        for (uint64_t j = 0; j < k && st == AMZ_OK; j++, i++) {
            uint64_t w = io_le(buf + j * wb, (int)wb);
            if (fmt.total_bits < 64 && (w >> fmt.total_bits) != 0)
                st = amz_errorf(err, AMZ_EFORMAT, "word %" PRIu64 " (byte %" PRIu64 ") has bits set above the %u-bit format",
                                i, header_end + i * wb, fmt.total_bits);
            else
                amz_packed_set_word(a, i, w, NULL);
        }
    }
    if (st == AMZ_OK) {
        uint32_t want = s.crc;
        uint8_t c[4];
        if ((st = io_get(&s, c, 4, "data checksum", err)) == AMZ_OK && (uint32_t)io_le(c, 4) != want)
            st = amz_errorf(err, AMZ_EFORMAT,
                            "data checksum mismatch (stored %08x, computed %08x): the tiles are corrupt",
                            (unsigned)io_le(c, 4), (unsigned)want);
    }
    /* On any error the array is freed and zeroed: nothing half-read escapes. */
    if (st)
        amz_packed_deinit(a);
    return st;
}

static amz_status write_packed(const void *a, FILE *f, amz_error *err)
{
    return amz_packed_write(a, f, err);
}

/* A file holds exactly one block (the .amd reader embeds blocks in longer files and so
 * calls amz_packed_read directly). */
static amz_status read_whole(FILE *f, void *a, uint64_t max_bytes, amz_error *err)
{
    amz_status st = amz_packed_read(f, a, max_bytes, err);
    if (st == AMZ_OK && (st = io_expect_end(f, "packed array", err)))
        amz_packed_deinit(a);
    return st;
}

amz_status amz_packed_save(const amz_packed *a, const char *path, amz_error *err)
{
    return io_save_path(path, write_packed, a, err);
}

amz_status amz_packed_load(const char *path, amz_packed *a, uint64_t max_bytes, amz_error *err)
{
    return io_load_path(path, read_whole, a, sizeof *a, max_bytes, err);
}
