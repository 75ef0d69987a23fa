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

enum { AMP_VERSION = 1, FIXED = 20, CHUNK = 1 << 16 };

static uint64_t word_at(const amz_packed *a, uint64_t i)
{
    return amz_packed_word(a, i);
}

amz_status amz_packed_write(const amz_packed *a, FILE *f, amz_error *err)
{
    const amz_bitfmt *fmt = &a->fmt;
    amz_crc_sink s = {f, 0, false};
    amz_crc_put(&s, amp_magic, sizeof amp_magic);
    amz_crc_put_le(&s, AMP_VERSION, 2);
    amz_crc_put_le(&s, fmt->word_bits, 1);
    amz_crc_put_le(&s, fmt->nfields, 1);
    amz_crc_put_le(&s, a->count, 8);
    for (unsigned i = 0; i < fmt->nfields; i++) {
        size_t len = strlen(fmt->names[i]);
        amz_crc_put_le(&s, fmt->bits[i], 1);
        amz_crc_put_le(&s, len, 1);
        amz_crc_put(&s, fmt->names[i], len);
    }
    amz_crc_put_le(&s, s.crc, 4);
    /* Words little-endian, byte by byte, whatever the host order. */
    s.crc = 0;
    unsigned wb = fmt->word_bits / 8;
    uint8_t buf[CHUNK];
    size_t n = 0;
    for (uint64_t i = 0; i < a->count; i++) {
        uint64_t w = word_at(a, i);
        for (unsigned k = 0; k < wb; k++)
            buf[n++] = (uint8_t)(w >> (8 * k));
        if (n + 8 > CHUNK) {
            amz_crc_put(&s, buf, n);
            n = 0;
        }
    }
    amz_crc_put(&s, buf, n);
    amz_crc_put_le(&s, s.crc, 4);
    if (s.failed || ferror(f))
        return amz_errorf(err, AMZ_EIO, "write failed: %s", strerror(errno ? errno : EIO));
    return AMZ_OK;
}

/* ---- reading ---- */

typedef struct source {
    FILE *f;
    uint32_t crc;
    uint64_t offset; /* from the start of the block */
} source;

static amz_status get(source *s, void *p, size_t n, const char *what, amz_error *err)
{
    size_t got = fread(p, 1, n, s->f);
    if (got < n) {
        if (ferror(s->f))
            return amz_errorf(err, AMZ_EIO, "read error in the %s at byte %" PRIu64 ": %s", what,
                              s->offset + (uint64_t)got, strerror(errno ? errno : EIO));
        return amz_errorf(err, AMZ_EFORMAT, "truncated: the %s ends at byte %" PRIu64 " (%zu of %zu bytes present)",
                          what, s->offset + (uint64_t)got, got, n);
    }
    s->crc = amz_crc32(s->crc, p, n);
    s->offset += n;
    return AMZ_OK;
}

static uint64_t le(const uint8_t *b, int n)
{
    uint64_t v = 0;
    for (int i = n - 1; i >= 0; i--)
        v = (v << 8) | b[i];
    return v;
}

/* Header: magic, version, word size, fields, count, header CRC. Fills fmt and count. */
static amz_status read_header(source *s, amz_bitfmt *fmt, uint64_t *count, amz_error *err)
{
    uint8_t h[FIXED];
    amz_status st = get(s, h, FIXED, "header", err);
    if (st)
        return st;
    if (memcmp(h, amp_magic, sizeof amp_magic) != 0)
        return amz_errorf(err, AMZ_EFORMAT, "not a packed tile array (bad magic number)");
    unsigned version = (unsigned)le(h + 8, 2), word_bits = h[10], nfields = h[11];
    if (version != AMP_VERSION)
        return amz_errorf(err, AMZ_EFORMAT, "unsupported packed-array version %u (this build reads version %d)",
                          version, AMP_VERSION);
    if (word_bits != 8 && word_bits != 16 && word_bits != 32 && word_bits != 64)
        return amz_errorf(err, AMZ_EFORMAT, "word size %u bits (expected 8, 16, 32 or 64)", word_bits);
    if (nfields < 1 || nfields > AMZ_BITFMT_MAX_FIELDS)
        return amz_errorf(err, AMZ_EFORMAT, "%u fields (expected 1 to %d)", nfields, AMZ_BITFMT_MAX_FIELDS);
    *count = le(h + 12, 8);
    char names[AMZ_BITFMT_MAX_FIELDS][AMZ_BITFMT_NAME_MAX + 1];
    amz_bitfmt_field fields[AMZ_BITFMT_MAX_FIELDS];
    for (unsigned i = 0; i < nfields; i++) {
        uint8_t wl[2];
        char what[32];
        snprintf(what, sizeof what, "field %u", i + 1);
        if ((st = get(s, wl, 2, what, err)))
            return st;
        if (wl[1] < 1 || wl[1] > AMZ_BITFMT_NAME_MAX)
            return amz_errorf(err, AMZ_EFORMAT, "field %u: name of %u bytes (expected 1 to %d)", i + 1, wl[1],
                              AMZ_BITFMT_NAME_MAX);
        if ((st = get(s, names[i], wl[1], what, err)))
            return st;
        names[i][wl[1]] = '\0';
        if (strlen(names[i]) != wl[1])
            return amz_errorf(err, AMZ_EFORMAT, "field %u: name contains a NUL byte", i + 1);
        fields[i].name = names[i];
        fields[i].bits = wl[0];
    }
    uint32_t want = s->crc;
    uint8_t c[4];
    if ((st = get(s, c, 4, "header checksum", err)))
        return st;
    if ((uint32_t)le(c, 4) != want)
        return amz_errorf(err, AMZ_EFORMAT,
                          "header checksum mismatch (stored %08x, computed %08x): the header is corrupt",
                          (unsigned)le(c, 4), (unsigned)want);
    /* The checksum matched, so a bad field now is a writer's bug, not noise: name it. */
    amz_error ferr;
    amz_error_clear(&ferr);
    if (amz_bitfmt_init(fmt, fields, nfields, word_bits, &ferr) != AMZ_OK)
        return amz_errorf(err, AMZ_EFORMAT, "bad format description: %s", ferr.msg);
    return AMZ_OK;
}

amz_status amz_packed_read(FILE *f, amz_packed *a, uint64_t max_bytes, amz_error *err)
{
    memset(a, 0, sizeof *a);
    source s = {f, 0, 0};
    amz_bitfmt fmt;
    memset(&fmt, 0, sizeof fmt);
    uint64_t count = 0;
    amz_status st = read_header(&s, &fmt, &count, err);
    if (st)
        return st;
    unsigned wb = fmt.word_bits / 8;
    if (wb == 0) /* read_header only accepts 8..64-bit words; stated for analysers */
        return amz_errorf(err, AMZ_EFORMAT, "bad word size %u", fmt.word_bits);
    if (count > UINT64_MAX / wb || (max_bytes && count * wb > max_bytes))
        return amz_errorf(err, AMZ_ENOMEM, "%llu words of %u bits need more than the %llu bytes allowed",
                          (unsigned long long)count, fmt.word_bits, (unsigned long long)max_bytes);
    if ((st = amz_packed_init(a, &fmt, count, err)))
        return st;
    s.crc = 0;
    uint8_t buf[CHUNK];
    uint64_t per = CHUNK / wb, header_end = s.offset;
    for (uint64_t i = 0; i < count && st == AMZ_OK;) {
        uint64_t k = count - i < per ? count - i : per;
        st = get(&s, buf, (size_t)(k * wb), "tile data", err);
        for (uint64_t j = 0; j < k && st == AMZ_OK; j++, i++) {
            uint64_t w = le(buf + j * wb, (int)wb);
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
        if ((st = get(&s, c, 4, "data checksum", err)) == AMZ_OK && (uint32_t)le(c, 4) != want)
            st = amz_errorf(err, AMZ_EFORMAT,
                            "data checksum mismatch (stored %08x, computed %08x): the tiles are corrupt",
                            (unsigned)le(c, 4), (unsigned)want);
    }
    if (st)
        amz_packed_deinit(a);
    return st;
}

amz_status amz_packed_save(const amz_packed *a, const char *path, amz_error *err)
{
    amz_outfile o;
    amz_status st = amz_outfile_open(&o, path, err);
    if (st)
        return st;
    if ((st = amz_packed_write(a, o.fp, err))) {
        amz_outfile_abort(&o);
        return amz_error_prefix(err, st, "%s", path);
    }
    return amz_outfile_commit(&o, err);
}

amz_status amz_packed_load(const char *path, amz_packed *a, uint64_t max_bytes, amz_error *err)
{
    memset(a, 0, sizeof *a);
    bool is_stdin = strcmp(path, "-") == 0;
    FILE *f = is_stdin ? stdin : fopen(path, "rb");
    if (!f)
        return amz_errorf(err, AMZ_EIO, "%s: cannot open: %s", path, strerror(errno));
    amz_status st = amz_packed_read(f, a, max_bytes, err);
    if (st == AMZ_OK && fgetc(f) != EOF) {
        amz_packed_deinit(a);
        st = amz_errorf(err, AMZ_EFORMAT, "unexpected bytes after the packed array");
    }
    if (!is_stdin)
        fclose(f);
    if (st)
        return amz_error_prefix(err, st, "%s", is_stdin ? "standard input" : path);
    return AMZ_OK;
}
