/* amz.c — the native .amz format: reader and writer. The byte layout is the contract
 * in docs/FORMAT.md; everything is little-endian, written byte by byte, and followed by
 * a CRC-32 of all preceding bytes. The reader streams straight into the maze. */
#include <errno.h>
#include <inttypes.h>
#include <string.h>
#include <sys/stat.h>

#include "amaze/alloc.h"
#include "amaze/io.h"
#include "core/bits.h"
#include "core/checked.h"
#include "core/error.h"
#include "grid/grid.h"
#include "io/io_impl.h"

static const uint8_t amz_magic[8] = {0x89, 'A', 'M', 'Z', '\r', '\n', 0x1a, '\n'};

enum {
    AMZ_FILE_VERSION = 1,
    HEADER_FIXED = 45, /* bytes before the algorithm name */
    FLAG_MASK = 1,
    FLAG_SOLUTION = 2,
    FLAG_ROWS = AMZ_AMZ_FLAG_ROWS, /* streamed-rows layout: each row of passages byte-aligned */
    FLAGS_KNOWN = FLAG_MASK | FLAG_SOLUTION | FLAG_ROWS,
    CHUNK = 1 << 16
};

/* ---- writing ---- */

/* Emits the first nbytes of a word array as little-endian bytes, in chunks. */
static void put_words(amz_crc_sink *s, const uint64_t *w, uint64_t nbytes)
{
    uint8_t buf[CHUNK];
    uint64_t done = 0;
    while (done < nbytes) {
        size_t n = nbytes - done < CHUNK ? (size_t)(nbytes - done) : CHUNK;
        for (size_t i = 0; i < n; i++) {
            uint64_t k = done + i;
            buf[i] = (uint8_t)(w[k >> 3] >> (8 * (k & 7)));
        }
        amz_crc_put(s, buf, n);
        done += n;
    }
}

size_t amz_amz_header(uint8_t *out, amz_topology t, unsigned flags, int64_t width, int64_t height, amz_cell start,
                      amz_cell goal, uint64_t seed, const char *algorithm, size_t alen)
{
    size_t n = 0;
    memcpy(out, amz_magic, sizeof amz_magic);
    n += sizeof amz_magic;
    const uint64_t fields[] = {AMZ_FILE_VERSION, (uint64_t)t, flags, (uint64_t)width, (uint64_t)height,
                               (uint64_t)start, (uint64_t)goal, seed, alen};
    static const int sizes[] = {2, 1, 1, 4, 4, 8, 8, 8, 1};
    for (size_t k = 0; k < sizeof sizes / sizeof sizes[0]; k++)
        for (int i = 0; i < sizes[k]; i++)
            out[n++] = (uint8_t)(fields[k] >> (8 * i));
    memcpy(out + n, algorithm, alen);
    return n + alen;
}

amz_status amz_amz_check_algorithm(const char *algorithm, size_t *len, amz_error *err)
{
    size_t alen = algorithm ? strnlen(algorithm, AMZ_ALGO_MAX) : 0;
    /* Refuse what the reader would reject, rather than write an unreadable file. */
    if (alen >= AMZ_ALGO_MAX)
        return amz_errorf(err, AMZ_EINVAL, "algorithm name is not terminated within %d bytes", AMZ_ALGO_MAX);
    for (size_t i = 0; i < alen; i++)
        if ((unsigned char)algorithm[i] < 0x21 || (unsigned char)algorithm[i] > 0x7e)
            return amz_errorf(err, AMZ_EINVAL,
                              "algorithm name has a byte 0x%02x that .amz cannot store (printable ASCII only)",
                              (unsigned)(unsigned char)algorithm[i]);
    *len = alen;
    return AMZ_OK;
}

amz_status amz_amz_write(const amz_maze *m, FILE *f, amz_error *err)
{
    amz_crc_sink s = {f, 0, false};
    size_t alen = 0;
    amz_status st = amz_amz_check_algorithm(m->algorithm, &alen, err);
    if (st)
        return st;
    unsigned flags = (m->mask ? FLAG_MASK : 0) | (m->has_solution ? FLAG_SOLUTION : 0);
    uint8_t head[HEADER_FIXED + AMZ_ALGO_MAX];
    amz_crc_put(&s, head, amz_amz_header(head, m->topology, flags, m->width, m->height, m->start, m->goal, m->seed,
                                 m->algorithm, alen));
    if (m->mask)
        put_words(&s, m->mask, ((uint64_t)m->ncells + 7) / 8);
    put_words(&s, m->passages, ((uint64_t)m->ncells * (uint64_t)m->bits + 7) / 8);
    if (m->has_solution) {
        /* Moves packed `bits` bits each, LSB first, like the passages. */
        const amz_path *p = &m->solution;
        amz_crc_put_le(&s, p->len, 8);
        uint8_t buf[CHUNK];
        uint64_t acc = 0;
        unsigned nacc = 0;
        size_t nbuf = 0;
        for (uint64_t i = 0; i < p->len; i++) {
            acc |= (uint64_t)p->dirs[i] << nacc;
            nacc += (unsigned)m->bits;
            while (nacc >= 8) {
                buf[nbuf++] = (uint8_t)acc;
                acc >>= 8;
                nacc -= 8;
                if (nbuf == CHUNK) {
                    amz_crc_put(&s, buf, nbuf);
                    nbuf = 0;
                }
            }
        }
        if (nacc)
            buf[nbuf++] = (uint8_t)acc;
        amz_crc_put(&s, buf, nbuf);
    }
    uint32_t crc = s.crc;
    amz_crc_put_le(&s, crc, 4);
    if (s.failed || ferror(f))
        return amz_errorf(err, AMZ_EIO, "write failed: %s", strerror(errno ? errno : EIO));
    return AMZ_OK;
}

/* ---- reading ---- */

typedef struct source {
    FILE *f;
    uint32_t crc;
    uint64_t offset;
    const uint8_t *pre; /* bytes consumed by a sniffer, replayed first */
    size_t npre;
} source;

/* Reads exactly n bytes or fails with a message naming `what`. */
static amz_status get(source *s, void *p, size_t n, const char *what, amz_error *err)
{
    uint8_t *out = p;
    size_t got = 0;
    while (s->npre && got < n) {
        out[got++] = *s->pre++;
        s->npre--;
    }
    if (got < n)
        got += fread(out + got, 1, n - got, s->f);
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

static uint64_t le(const uint8_t *b, int n)
{
    uint64_t v = 0;
    for (int i = n - 1; i >= 0; i--)
        v = (v << 8) | b[i];
    return v;
}

/* Reads nbytes little-endian bytes into a zeroed word array. */
static amz_status get_words(source *s, uint64_t *w, uint64_t nbytes, const char *what, amz_error *err)
{
    uint8_t buf[CHUNK];
    uint64_t done = 0;
    while (done < nbytes) {
        size_t n = nbytes - done < CHUNK ? (size_t)(nbytes - done) : CHUNK;
        amz_status st = get(s, buf, n, what, err);
        if (st)
            return st;
        for (size_t i = 0; i < n; i++) {
            uint64_t k = done + i;
            w[k >> 3] |= (uint64_t)buf[i] << (8 * (k & 7));
        }
        done += n;
    }
    return AMZ_OK;
}

/* The passages in the streamed-rows layout: row after row, each ceil(width*bits/8)
 * bytes with zero padding after its last cell, ORed into the (zeroed) passages at bit
 * y*width*bits. */
static amz_status get_rows(source *s, amz_maze *m, amz_error *err)
{
    const uint64_t row_bits = (uint64_t)m->width * (uint64_t)m->bits, row_bytes = (row_bits + 7) / 8;
    uint8_t buf[CHUNK];
    for (int64_t y = 0; y < m->height; y++) {
        const uint64_t base = (uint64_t)y * row_bits;
        for (uint64_t done = 0; done < row_bytes;) {
            /* Whole words at a time so each lands with one shift. */
            size_t n = row_bytes - done < CHUNK ? (size_t)(row_bytes - done) : CHUNK;
            amz_status st = get(s, buf, n, "passages", err);
            if (st)
                return amz_error_prefix(err, st, "row %lld", (long long)y);
            if (done + n == row_bytes && row_bits % 8 && (buf[n - 1] >> (row_bits % 8)) != 0)
                return amz_errorf(err, AMZ_EFORMAT, "row %lld: padding bits after the last cell are not zero",
                                  (long long)y);
            for (size_t i = 0; i < n; i += 8) {
                uint64_t v = 0;
                for (size_t k = 0; k < 8 && i + k < n; k++)
                    v |= (uint64_t)buf[i + k] << (8 * k);
                uint64_t pos = base + (done + i) * 8;
                if (!v)
                    continue;
                unsigned sh = (unsigned)(pos & 63);
                m->passages[pos >> 6] |= v << sh;
                if (sh && (v >> (64 - sh)))
                    m->passages[(pos >> 6) + 1] |= v >> (64 - sh);
            }
            done += n;
        }
    }
    return AMZ_OK;
}

/* True if any bit at index >= nbits of the word array holding nbytes bytes is set. */
static bool padding_set(const uint64_t *w, uint64_t nbits)
{
    if (nbits % 64 == 0)
        return false;
    return (w[nbits / 64] >> (nbits % 64)) != 0;
}

static amz_status read_solution(source *s, amz_maze *m, amz_error *err)
{
    uint8_t b[8];
    amz_status st = get(s, b, 8, "solution length", err);
    if (st)
        return st;
    uint64_t len = le(b, 8);
    /* A path found by a solver never repeats a cell, so it has fewer moves than cells;
     * refusing more also bounds the allocation by the (already read) maze size. */
    if (len >= (uint64_t)m->ncells)
        return amz_errorf(err, AMZ_EFORMAT, "solution of %llu moves is longer than the maze's %lld cells allow",
                          (unsigned long long)len, (long long)m->ncells);
    amz_path p = {m->start, len, NULL};
    if (len && !(p.dirs = amz_malloc((size_t)len)))
        return amz_errorf(err, AMZ_ENOMEM, "cannot allocate a solution of %llu moves", (unsigned long long)len);
    uint64_t nbytes = (len * (uint64_t)m->bits + 7) / 8, acc = 0, i = 0;
    unsigned nacc = 0;
    uint8_t buf[CHUNK];
    for (uint64_t done = 0; done < nbytes && st == AMZ_OK;) {
        size_t n = nbytes - done < CHUNK ? (size_t)(nbytes - done) : CHUNK;
        st = get(s, buf, n, "solution", err);
        for (size_t k = 0; k < n && st == AMZ_OK; k++) {
            acc |= (uint64_t)buf[k] << nacc;
            nacc += 8;
            while (nacc >= (unsigned)m->bits && i < len) {
                p.dirs[i++] = (uint8_t)(acc & ((1u << m->bits) - 1));
                acc >>= m->bits;
                nacc -= (unsigned)m->bits;
            }
        }
        done += n;
    }
    if (st == AMZ_OK && acc != 0)
        st = amz_errorf(err, AMZ_EFORMAT, "solution padding bits are not zero");
    for (uint64_t k = 0; k < len && st == AMZ_OK; k++)
        if (p.dirs[k] >= m->ndirs)
            st = amz_errorf(err, AMZ_EFORMAT, "solution move %llu has direction %u, but a %s cell has %d",
                            (unsigned long long)k + 1, p.dirs[k], amz_topology_name(m->topology), m->ndirs);
    if (st == AMZ_OK) {
        m->solution = p;
        m->has_solution = true;
    } else {
        amz_path_deinit(&p);
    }
    return st;
}

/* A regular file must hold the mask, passages and checksum the header announces:
 * checked against the file's size before allocating for them, so a short hostile
 * file cannot make the reader reserve gigabytes. Pipes and memory streams skip this
 * (they are refused when the data runs out). */
static amz_status check_file_holds(const source *s, amz_topology t, int64_t width, int64_t height, unsigned flags,
                                   amz_error *err)
{
    const uint64_t cells = (uint64_t)width * (uint64_t)height;
    struct stat sb;
    int fd = fileno(s->f);
    off_t pos;
    if (fd < 0 || fstat(fd, &sb) != 0 || !S_ISREG(sb.st_mode) || (pos = ftello(s->f)) < 0 || sb.st_size < pos)
        return AMZ_OK;
    const uint64_t bits = (uint64_t)(amz_topology_ndirs(t) / 2);
    uint64_t need = (flags & FLAG_ROWS ? ((uint64_t)width * bits + 7) / 8 * (uint64_t)height : (cells * bits + 7) / 8) + 4;
    if (flags & FLAG_MASK)
        need += (cells + 7) / 8;
    if (flags & FLAG_SOLUTION)
        need += 8;
    uint64_t have = (uint64_t)(sb.st_size - pos);
    if (have < need)
        return amz_errorf(err, AMZ_EFORMAT,
                          "truncated file: the header announces %llu more bytes after byte %llu, the file has %llu",
                          (unsigned long long)need, (unsigned long long)s->offset, (unsigned long long)have);
    return AMZ_OK;
}

static amz_status read_body(source *s, amz_maze *m, const amz_read_options *o, amz_error *err)
{
    uint8_t h[HEADER_FIXED];
    /* The magic first, so that a short file of another kind (a PNG also starts with
     * 0x89) is named as such rather than as a truncated .amz. */
    amz_status st = get(s, h, sizeof amz_magic, "header", err);
    if (st)
        return st;
    if (memcmp(h, amz_magic, sizeof amz_magic) != 0)
        return amz_errorf(err, AMZ_EFORMAT, "not an .amz file (bad magic number)");
    if ((st = get(s, h + sizeof amz_magic, HEADER_FIXED - sizeof amz_magic, "header", err)))
        return st;
    unsigned version = (unsigned)le(h + 8, 2), topo = h[10], flags = h[11];
    if (version != AMZ_FILE_VERSION)
        return amz_errorf(err, AMZ_EFORMAT, "unsupported .amz version %u (this build reads version %d)", version,
                          AMZ_FILE_VERSION);
    if (topo > AMZ_TOPO_HEX)
        return amz_errorf(err, AMZ_EFORMAT, "unknown topology code %u", topo);
    if (flags & ~(unsigned)FLAGS_KNOWN)
        return amz_errorf(err, AMZ_EFORMAT, "unknown flags 0x%02x", flags & ~(unsigned)FLAGS_KNOWN);
    if ((flags & FLAG_ROWS) && (flags & FLAG_MASK))
        return amz_errorf(err, AMZ_EFORMAT, "flags 0x%02x: the streamed-rows layout has no mask", flags);
    int64_t width = (int64_t)le(h + 12, 4), height = (int64_t)le(h + 16, 4);
    if ((st = amz_io_check_size((amz_topology)topo, width, height, o, err)))
        return st;
    uint64_t start = le(h + 20, 8), goal = le(h + 28, 8), seed = le(h + 36, 8);
    unsigned alen = h[44];
    char algo[256];
    if (alen >= AMZ_ALGO_MAX)
        return amz_errorf(err, AMZ_EFORMAT, "algorithm name of %u bytes (at most %d allowed)", alen,
                          AMZ_ALGO_MAX - 1);
    if ((st = get(s, algo, alen, "algorithm name", err)))
        return st;
    algo[alen] = '\0';
    if ((st = check_file_holds(s, (amz_topology)topo, width, height, flags, err)))
        return st;
    if ((st = amz_maze_init(m, (amz_topology)topo, width, height, err)))
        return st;
    if (flags & FLAG_MASK) {
        uint64_t words = bits_words((uint64_t)m->ncells);
        if (!(m->mask = amz_calloc((size_t)words, 8)))
            return amz_errorf(err, AMZ_ENOMEM, "cannot allocate the mask of %lld cells", (long long)m->ncells);
        if ((st = get_words(s, m->mask, ((uint64_t)m->ncells + 7) / 8, "mask", err)))
            return st;
    }
    uint64_t nbits = (uint64_t)m->ncells * (uint64_t)m->bits;
    if ((st = flags & FLAG_ROWS ? get_rows(s, m, err) : get_words(s, m->passages, (nbits + 7) / 8, "passages", err)))
        return st;
    if (start >= (uint64_t)m->ncells || goal >= (uint64_t)m->ncells)
        return amz_errorf(err, AMZ_EFORMAT, "%s cell %llu is outside the %dx%d grid",
                          start >= (uint64_t)m->ncells ? "start" : "goal",
                          (unsigned long long)(start >= (uint64_t)m->ncells ? start : goal), m->width, m->height);
    m->start = (amz_cell)start;
    m->goal = (amz_cell)goal;
    amz_maze_set_origin(m, algo, seed);
    if ((flags & FLAG_SOLUTION) && (st = read_solution(s, m, err)))
        return st;
    uint32_t computed = s->crc;
    uint8_t c[4];
    if ((st = get(s, c, 4, "checksum", err)))
        return st;
    if ((uint32_t)le(c, 4) != computed)
        return amz_errorf(err, AMZ_EFORMAT, "checksum mismatch (file says %08x, contents give %08x): the file is corrupt",
                          (unsigned)le(c, 4), (unsigned)computed);
    if (s->npre == 0 && getc(s->f) != EOF)
        return amz_errorf(err, AMZ_EFORMAT, "unexpected data after the checksum at byte %llu",
                          (unsigned long long)s->offset);
    for (unsigned i = 0; i < alen; i++)
        if (algo[i] < 0x21 || algo[i] > 0x7e)
            return amz_errorf(err, AMZ_EFORMAT, "algorithm name has a non-printable byte 0x%02x",
                              (unsigned)(uint8_t)algo[i]);
    if (m->mask && padding_set(m->mask, (uint64_t)m->ncells))
        return amz_errorf(err, AMZ_EFORMAT, "mask padding bits are not zero");
    if (padding_set(m->passages, nbits))
        return amz_errorf(err, AMZ_EFORMAT, "passage padding bits are not zero");
    if ((st = amz_io_validate(m, err)))
        return st;
    if (m->has_solution && (st = amz_path_check(m, &m->solution, m->start, m->goal, err)))
        return amz_error_prefix(err, st, "stored solution");
    return AMZ_OK;
}

amz_status amz_amz_read_after(FILE *f, const uint8_t *consumed, size_t nconsumed, amz_maze *m,
                              const amz_read_options *o, amz_error *err)
{
    source s = {f, 0, 0, consumed, nconsumed};
    memset(m, 0, sizeof *m);
    amz_status st = read_body(&s, m, o, err);
    if (st)
        amz_maze_deinit(m);
    return st;
}

amz_status amz_amz_read(FILE *f, amz_maze *m, const amz_read_options *o, amz_error *err)
{
    return amz_amz_read_after(f, NULL, 0, m, o, err);
}
