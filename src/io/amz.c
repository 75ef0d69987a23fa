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
    AMZ_FILE_VERSION = 1,   /* plain square and hex grids: the layout of amaze 0.1 .. 0.4 */
    AMZ_FILE_VERSION_GRID = 2, /* every other grid (topology codes 2..4, levels, wrap, weave) */
    HEADER_FIXED = 45, /* bytes before the algorithm name */
    FLAG_MASK = 1,
    FLAG_SOLUTION = 2,
    FLAG_ROWS = IO_AMZ_FLAG_ROWS, /* streamed-rows layout: each row of passages byte-aligned */
    FLAG_RECORDS = IO_AMZ_FLAG_RECORDS, /* tagged records after the algorithm name */
    FLAGS_KNOWN = FLAG_MASK | FLAG_SOLUTION | FLAG_ROWS | FLAG_RECORDS,
    CHUNK = 1 << 16
};
/* CHUNK: bytes staged on the stack per fwrite or io_get (64 KB), as in source.c. */

/* ---- writing ---- */

/* Emits the first nbytes of a word array as little-endian bytes, in chunks. Bit i of
 * the array is bit i % 64 of word i / 64, so byte k is bits 8 (k % 8) .. of word k / 8
 * on any host: the byte order of FORMAT.md's bit arrays (least significant bit first). */
static void put_words(io_crc_sink *s, const uint64_t *w, uint64_t nbytes)
{
    uint8_t buf[CHUNK];
    uint64_t done = 0;
    while (done < nbytes) {
        size_t n = nbytes - done < CHUNK ? (size_t)(nbytes - done) : CHUNK;
        for (size_t i = 0; i < n; i++) {
            uint64_t k = done + i;
            buf[i] = (uint8_t)(w[k >> 3] >> (8 * (k & 7)));
        }
        io_crc_put(s, buf, n);
        done += n;
    }
}

/* Record tags after the algorithm name (flag bit 3); tag 0 ends the list. Tags from
 * 128 up are critical: a reader that does not know one refuses the file. */
enum { RECORD_END = 0, RECORD_RECIPE = 1, RECORD_CRITICAL = 128, RECORD_GRID = 128, GRID_RECORD_LEN = 6 };

/* Levels, wrap or weave: what the grid record says. */
static bool grid_has_extras(const amz_grid *g)
{
    return g->levels > 1 || g->wrap || g->weave;
}

void io_amz_put_header(io_crc_sink *s, const amz_grid *g, unsigned flags, amz_cell start, amz_cell goal,
                       uint64_t seed, const char *algorithm, size_t alen, const char *recipe)
{
    /* Header fields after the magic: version u16, topology u8, flags u8, width u32,
     * height u32, start u64, goal u64, seed u64, name length u8 (45 bytes in all, then
     * the name). Plain grids are written as version 1 so that amaze 0.1 .. 0.4 still
     * read them; only a grid record makes a file version 2. Records go out in one
     * fixed order (grid, then recipe) so equal mazes give equal files; read_records
     * accepts them in any order. */
    const bool extras = grid_has_extras(g);
    if (recipe || extras)
        flags |= IO_AMZ_FLAG_RECORDS;
    io_crc_put(s, amz_magic, sizeof amz_magic);
    const uint64_t fields[] = {amz_grid_is_plain(g) ? AMZ_FILE_VERSION : AMZ_FILE_VERSION_GRID,
                               (uint64_t)g->topology, flags, (uint64_t)g->width, (uint64_t)g->height,
                               (uint64_t)start, (uint64_t)goal, seed, alen};
    static const int sizes[] = {2, 1, 1, 4, 4, 8, 8, 8, 1};
    for (size_t k = 0; k < sizeof sizes / sizeof sizes[0]; k++)
        io_crc_put_le(s, fields[k], sizes[k]);
    io_crc_put(s, algorithm, alen);
    if (extras) {
        io_crc_put_le(s, RECORD_GRID, 1);
        io_crc_put_le(s, GRID_RECORD_LEN, 2);
        io_crc_put_le(s, (uint64_t)g->levels, 4);
        io_crc_put_le(s, g->wrap, 1);
        io_crc_put_le(s, g->weave ? 1 : 0, 1);
    }
    if (recipe) {
        size_t n = strlen(recipe);
        io_crc_put_le(s, RECORD_RECIPE, 1);
        io_crc_put_le(s, n, 2);
        io_crc_put(s, recipe, n);
    }
    if (flags & IO_AMZ_FLAG_RECORDS)
        io_crc_put_le(s, RECORD_END, 1);
}

/* Only the name's first AMZ_ALGO_MAX bytes are looked at (strnlen), so an unterminated
 * buffer is refused rather than read past. */
amz_status io_amz_check_algorithm(const char *algorithm, size_t *len, amz_error *err)
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

amz_status amz_io_write_amz(const amz_maze *m, FILE *f, amz_error *err)
{
    /* Body order: header and records, mask (if any, one bit per cell), passages
     * (ncells * bits bits, zero-padded to a byte), solution (if any), CRC-32 of all of it. */
    io_crc_sink s = {f, 0, false};
    size_t alen = 0;
    amz_status st = io_amz_check_algorithm(m->algorithm, &alen, err);
    if (st)
        return st;
    unsigned flags = (m->mask ? FLAG_MASK : 0) | (m->has_solution ? FLAG_SOLUTION : 0);
    const amz_grid g = amz_maze_grid(m);
    /* Bits per stored move: the fewest that hold a direction below ndirs (2 .. 4). */
    const unsigned dbits = grid_dir_bits(m->ndirs);
    io_amz_put_header(&s, &g, flags, m->start, m->goal, m->seed, m->algorithm, alen, m->recipe);
    if (m->mask)
        put_words(&s, m->mask, ((uint64_t)m->ncells + 7) / 8);
    put_words(&s, m->passages, ((uint64_t)m->ncells * (uint64_t)m->bits + 7) / 8);
    if (m->has_solution) {
        /* Moves packed dbits bits each, LSB first, like the passages. acc holds the
         * nacc < 8 bits not yet emitted, plus at most one move's dbits. */
        const amz_path *p = &m->solution;
        io_crc_put_le(&s, p->len, 8);
        uint8_t buf[CHUNK];
        uint64_t acc = 0;
        unsigned nacc = 0;
        size_t nbuf = 0;
        for (uint64_t i = 0; i < p->len; i++) {
            acc |= (uint64_t)p->dirs[i] << nacc;
            nacc += dbits;
            while (nacc >= 8) {
                buf[nbuf++] = (uint8_t)acc;
                acc >>= 8;
                nacc -= 8;
                if (nbuf == CHUNK) {
                    io_crc_put(&s, buf, nbuf);
                    nbuf = 0;
                }
            }
        }
        /* The last partial byte, its high bits zero (the reader checks them). */
        if (nacc)
            buf[nbuf++] = (uint8_t)acc;
        io_crc_put(&s, buf, nbuf);
    }
    /* Write errors are sticky in the sink (crc32.c): one check covers every write. */
    uint32_t crc = s.crc;
    io_crc_put_le(&s, crc, 4);
    if (s.failed || ferror(f))
        return amz_errorf(err, AMZ_EIO, "write failed: %s", strerror(errno ? errno : EIO));
    return AMZ_OK;
}

/* ---- reading ---- */

/* The passages in the streamed-rows layout: row after row, each ceil(width*bits/8)
 * bytes with zero padding after its last cell, ORed into the (zeroed) passages at bit
 * y*width*bits. */
static amz_status get_rows(io_source *s, amz_maze *m, amz_error *err)
{
    const uint64_t row_bits = (uint64_t)m->width * (uint64_t)m->bits, row_bytes = (row_bits + 7) / 8;
    uint8_t buf[CHUNK];
    for (int64_t y = 0; y < m->height; y++) {
        const uint64_t base = (uint64_t)y * row_bits;
        for (uint64_t done = 0; done < row_bytes;) {
            /* Whole words at a time so each lands with one shift. */
            size_t n = row_bytes - done < CHUNK ? (size_t)(row_bytes - done) : CHUNK;
            amz_status st = io_get(s, buf, n, "passages", err);
            if (st)
                return amz_error_prefix(err, st, "row %lld", (long long)y);
            /* Only the row's last byte can hold padding; it must be zero, or the bits
             * would spill into the next row's first cell when ORed in. */
            if (done + n == row_bytes && row_bits % 8 && (buf[n - 1] >> (row_bits % 8)) != 0)
                return amz_errorf(err, AMZ_EFORMAT, "row %lld: padding bits after the last cell are not zero",
                                  (long long)y);
            /* A row starts at bit y * row_bits, which need not be word-aligned:
             * bits_or64 splits a word across the two it straddles. */
            for (size_t i = 0; i < n; i += 8) {
                uint64_t v = 0;
                for (size_t k = 0; k < 8 && i + k < n; k++)
                    v |= (uint64_t)buf[i + k] << (8 * k);
                bits_or64(m->passages, base + (done + i) * 8, v);
            }
            done += n;
        }
    }
    return AMZ_OK;
}

/* True if any bit at index >= nbits of the word array holding nbytes bytes is set.
 * Only the last word needs a look: io_get_words wrote nothing past nbytes, and the
 * array was zeroed, so whole words beyond are zero. */
static bool padding_set(const uint64_t *w, uint64_t nbits)
{
    if (nbits % 64 == 0)
        return false;
    return (w[nbits / 64] >> (nbits % 64)) != 0;
}

/* The solution part (FORMAT.md part 3): an 8-byte move count, then the moves. Called
 * after the passages, so m's size bounds the count. On success m owns the path; on
 * error nothing is attached (the partial path is freed here). */
static amz_status read_solution(io_source *s, amz_maze *m, amz_error *err)
{
    uint8_t b[8];
    amz_status st = io_get(s, b, 8, "solution length", err);
    if (st)
        return st;
    uint64_t len = io_le(b, 8);
    /* A path found by a solver never repeats a cell, so it has fewer moves than cells;
     * refusing more also bounds the allocation by the (already read) maze size. */
    if (len >= (uint64_t)m->ncells)
        return amz_errorf(err, AMZ_EFORMAT, "solution of %llu moves is longer than the maze's %lld cells allow",
                          (unsigned long long)len, (long long)m->ncells);
    amz_path p = {m->start, len, NULL};
    if (len && !(p.dirs = amz_malloc((size_t)len)))
        return amz_errorf(err, AMZ_ENOMEM, "cannot allocate a solution of %llu moves", (unsigned long long)len);
    /* Unpack LSB first, as written; acc never holds more than dbits + 7 bits. Whatever
     * is left after the last move is padding and must be zero. */
    const unsigned dbits = grid_dir_bits(m->ndirs);
    uint64_t nbytes = (len * (uint64_t)dbits + 7) / 8, acc = 0, i = 0;
    unsigned nacc = 0;
    uint8_t buf[CHUNK];
    for (uint64_t done = 0; done < nbytes && st == AMZ_OK;) {
        size_t n = nbytes - done < CHUNK ? (size_t)(nbytes - done) : CHUNK;
        st = io_get(s, buf, n, "solution", err);
        for (size_t k = 0; k < n && st == AMZ_OK; k++) {
            acc |= (uint64_t)buf[k] << nacc;
            nacc += 8;
            while (nacc >= dbits && i < len) {
                p.dirs[i++] = (uint8_t)(acc & ((1u << dbits) - 1));
                acc >>= dbits;
                nacc -= dbits;
            }
        }
        done += n;
    }
    if (st == AMZ_OK && acc != 0)
        st = amz_errorf(err, AMZ_EFORMAT, "solution padding bits are not zero");
    /* dbits can encode more values than there are directions (polar: 15 of 16).
     * The walls are checked later, by amz_path_check in read_body. */
    for (uint64_t k = 0; k < len && st == AMZ_OK; k++)
        if (p.dirs[k] >= m->ndirs)
            st = amz_errorf(err, AMZ_EFORMAT, "solution move %llu has direction %u, but this %s grid has %d",
                            (unsigned long long)k + 1, p.dirs[k], amz_topology_name(m->topology), m->ndirs);
    if (st == AMZ_OK) {
        m->solution = p;
        m->has_solution = true;
    } else {
        amz_path_deinit(&p);
    }
    return st;
}

/* The tagged records after the algorithm name: tag (1 byte), length (2), bytes; tag 0
 * (no length) ends them. The recipe (tag 1) and the grid (tag 128: levels u32, wrap u8,
 * weave u8) are kept; other tags below 128, from later versions, are skipped, so an
 * older reader still loads the maze; unknown tags from 128 up are refused. */
static amz_status read_records(io_source *s, char *recipe, bool *has_recipe, amz_grid *g, bool *has_grid,
                               amz_error *err)
{
    uint8_t b[3];
    for (unsigned k = 0;; k++) {
        amz_status st = io_get(s, b, 1, "record list", err);
        if (st)
            return st;
        if (b[0] == RECORD_END)
            return AMZ_OK;
        /* Bounds the work a hostile file can ask for (each record costs a read). */
        if (k >= 255)
            return amz_errorf(err, AMZ_EFORMAT, "more than 255 records after the header");
        if ((st = io_get(s, b + 1, 2, "record length", err)))
            return st;
        /* n < 65536 from its 2 bytes; recipe is AMZ_RECIPE_MAX bytes, so the length test
         * below comes before the read into it. */
        size_t n = (size_t)io_le(b + 1, 2);
        if (b[0] == RECORD_RECIPE) {
            if (*has_recipe)
                return amz_errorf(err, AMZ_EFORMAT, "two recipe records");
            if (n >= AMZ_RECIPE_MAX)
                return amz_errorf(err, AMZ_EFORMAT, "a recipe record of %zu bytes (at most %d)", n,
                                  AMZ_RECIPE_MAX - 1);
            if ((st = io_get(s, recipe, n, "recipe record", err)))
                return st;
            recipe[n] = '\0';
            *has_recipe = true;
            continue;
        }
        if (b[0] == RECORD_GRID) {
            uint8_t r[GRID_RECORD_LEN];
            if (*has_grid)
                return amz_errorf(err, AMZ_EFORMAT, "two grid records");
            if (n != GRID_RECORD_LEN)
                return amz_errorf(err, AMZ_EFORMAT, "a grid record of %zu bytes (it has %d)", n, GRID_RECORD_LEN);
            if ((st = io_get(s, r, n, "grid record", err)))
                return st;
            /* Range-checked here only as far as needed to store the values; wrap bits
             * and the combination are amz_grid_check's, run by read_body. */
            uint64_t levels = io_le(r, 4);
            if (levels < 1 || levels > AMZ_MAX_LEVELS || r[5] > 1)
                return amz_errorf(err, AMZ_EFORMAT, "grid record: %llu levels, weave %u (levels 1 .. %d, weave 0 or 1)",
                                  (unsigned long long)levels, r[5], AMZ_MAX_LEVELS);
            g->levels = (int32_t)levels;
            g->wrap = r[4];
            g->weave = r[5];
            *has_grid = true;
            continue;
        }
        if (b[0] >= RECORD_CRITICAL)
            return amz_errorf(err, AMZ_EFORMAT, "record %u is one this version does not know and must not skip",
                              b[0]);
        for (uint8_t skip[256]; n > 0;) { /* an unknown record: its bytes still count in the CRC */
            size_t part = n < sizeof skip ? n : sizeof skip;
            if ((st = io_get(s, skip, part, "record", err)))
                return st;
            n -= part;
        }
    }
}

/* A regular file must hold the mask, passages and checksum the header announces:
 * checked against the file's size before allocating for them, so a short hostile
 * file cannot make the reader reserve gigabytes. Pipes and memory streams skip this
 * (they are refused when the data runs out). */
static amz_status check_file_holds(const io_source *s, const amz_grid *g, unsigned flags, amz_error *err)
{
    const uint64_t cells = (uint64_t)amz_grid_cells(g);
    int ndirs, sbits;
    struct stat sb;
    int fd = fileno(s->f);
    off_t pos;
    if (fd < 0 || fstat(fd, &sb) != 0 || !S_ISREG(sb.st_mode) || (pos = ftello(s->f)) < 0 || sb.st_size < pos)
        return AMZ_OK;
    grid_shape_of(g, &ndirs, &sbits);
    /* A lower bound: the solution's moves are not counted (its length is in the body),
     * only its 8-byte length field. The rows layout pads each row to a byte. */
    const uint64_t bits = (uint64_t)sbits;
    uint64_t need = (flags & FLAG_ROWS ? ((uint64_t)g->width * bits + 7) / 8 * (uint64_t)g->height : (cells * bits + 7) / 8) + 4;
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

/* The whole .amz reader, in file order. m arrives zeroed; on error it may hold part of
 * a maze, which io_amz_read_after deinitialises. The order of the checks is the point:
 * the header's fields before the size is trusted, the size (memory limit, then file
 * length) before anything is allocated, and the maze's own checks (padding, passages,
 * the solution's walls) after the CRC. */
static amz_status read_body(io_source *s, amz_maze *m, const amz_read_options *o, amz_error *err)
{
    uint8_t h[HEADER_FIXED];
    /* The magic first, so that a short file of another kind (a PNG also starts with
     * 0x89) is named as such rather than as a truncated .amz. */
    amz_status st = io_get(s, h, sizeof amz_magic, "header", err);
    if (st)
        return st;
    if (memcmp(h, amz_magic, sizeof amz_magic) != 0)
        return amz_errorf(err, AMZ_EFORMAT, "not an .amz file (bad magic number)");
    if ((st = io_get(s, h + sizeof amz_magic, HEADER_FIXED - sizeof amz_magic, "header", err)))
        return st;
    unsigned version = (unsigned)io_le(h + 8, 2), topo = h[10], flags = h[11];
    if (version != AMZ_FILE_VERSION && version != AMZ_FILE_VERSION_GRID)
        return amz_errorf(err, AMZ_EFORMAT, "unsupported .amz version %u (this build reads versions 1 and 2)", version);
    /* Version 1 knew square (0) and hex (1) only. */
    if (topo >= (version == AMZ_FILE_VERSION ? 2u : (unsigned)AMZ_TOPO_COUNT))
        return amz_errorf(err, AMZ_EFORMAT, "unknown topology code %u in a version %u file", topo, version);
    if (flags & ~(unsigned)FLAGS_KNOWN)
        return amz_errorf(err, AMZ_EFORMAT, "unknown flags 0x%02x", flags & ~(unsigned)FLAGS_KNOWN);
    /* amz_rows.c, the one writer of this layout, streams full rectangles with no mask,
     * so a file with both was not written by amaze. */
    if ((flags & FLAG_ROWS) && (flags & FLAG_MASK))
        return amz_errorf(err, AMZ_EFORMAT, "flags 0x%02x: the streamed-rows layout has no mask", flags);
    amz_grid g = {(amz_topology)topo, (int64_t)io_le(h + 12, 4), (int64_t)io_le(h + 16, 4), 1, 0, false};
    uint64_t start = io_le(h + 20, 8), goal = io_le(h + 28, 8), seed = io_le(h + 36, 8);
    unsigned alen = h[44];
    char algo[256];
    if (alen >= AMZ_ALGO_MAX)
        return amz_errorf(err, AMZ_EFORMAT, "algorithm name of %u bytes (at most %d allowed)", alen,
                          AMZ_ALGO_MAX - 1);
    if ((st = io_get(s, algo, alen, "algorithm name", err)))
        return st;
    algo[alen] = '\0';
    char recipe[AMZ_RECIPE_MAX];
    bool has_recipe = false;
    bool has_grid = false;
    if ((flags & FLAG_RECORDS) && (st = read_records(s, recipe, &has_recipe, &g, &has_grid, err)))
        return st;
    /* One spelling per maze: a plain grid is always version 1 and every other grid
     * version 2, so that equal mazes give equal files (and equal golden hashes). */
    if (version == AMZ_FILE_VERSION && has_grid)
        return amz_errorf(err, AMZ_EFORMAT, "a grid record in a version 1 file");
    if (version == AMZ_FILE_VERSION_GRID && amz_grid_is_plain(&g))
        return amz_errorf(err, AMZ_EFORMAT, "a plain %s grid in a version 2 file (it is written as version 1)",
                          amz_topology_name(g.topology));
    amz_error gerr;
    amz_error_clear(&gerr);
    if (amz_grid_check(&g, &gerr))
        return amz_errorf(err, AMZ_EFORMAT, "impossible grid: %s", gerr.msg);
    if ((flags & FLAG_ROWS) && !amz_grid_is_plain(&g))
        return amz_errorf(err, AMZ_EFORMAT, "the streamed-rows layout holds plain square and hex grids only");
    if ((st = io_check_size(&g, o, err)) || (st = check_file_holds(s, &g, flags, err)))
        return st;
    /* Lazily zeroed passages: from a pipe, whose length no one knows, a header that
     * claims a huge maze costs only the bytes that really come (the first gap ends it). */
    if ((st = grid_maze_init_lazy(m, &g, err)))
        return st;
    if (flags & FLAG_MASK) {
        uint64_t words = bits_words((uint64_t)m->ncells);
        if (!(m->mask = amz_calloc((size_t)words, 8)))
            return amz_errorf(err, AMZ_ENOMEM, "cannot allocate the mask of %lld cells", (long long)m->ncells);
        if ((st = io_get_words(s, m->mask, ((uint64_t)m->ncells + 7) / 8, "mask", err)))
            return st;
    }
    uint64_t nbits = (uint64_t)m->ncells * (uint64_t)m->bits;
    if ((st = flags & FLAG_ROWS ? get_rows(s, m, err) : io_get_words(s, m->passages, (nbits + 7) / 8, "passages", err)))
        return st;
    /* Only the range here; whether the ends exist under the mask is io_validate's. */
    if (start >= (uint64_t)m->ncells || goal >= (uint64_t)m->ncells)
        return amz_errorf(err, AMZ_EFORMAT, "%s cell %llu is outside the grid (%lld cells)",
                          start >= (uint64_t)m->ncells ? "start" : "goal",
                          (unsigned long long)(start >= (uint64_t)m->ncells ? start : goal), (long long)m->ncells);
    m->start = (amz_cell)start;
    m->goal = (amz_cell)goal;
    amz_maze_set_origin(m, algo, seed);
    amz_error rerr;
    amz_error_clear(&rerr);
    if (has_recipe && (st = amz_maze_set_recipe(m, recipe, &rerr)))
        return amz_errorf(err, st == AMZ_EINVAL ? AMZ_EFORMAT : st, "recipe record: %s", rerr.msg);
    if ((flags & FLAG_SOLUTION) && (st = read_solution(s, m, err)))
        return st;
    /* The CRC covers everything before it, the sniffed magic byte included. The content
     * checks below run after it, so a random bit flip is reported as corruption rather
     * than as whatever odd field it produced. */
    uint32_t computed = s->crc;
    uint8_t c[4];
    if ((st = io_get(s, c, 4, "checksum", err)))
        return st;
    if ((uint32_t)io_le(c, 4) != computed)
        return amz_errorf(err, AMZ_EFORMAT, "checksum mismatch (file says %08x, contents give %08x): the file is corrupt",
                          (unsigned)io_le(c, 4), (unsigned)computed);
    /* By now the sniffed bytes were replayed (the magic is read first), so npre is 0
     * and the next getc is the byte after the checksum. */
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
    if ((st = io_validate(m, err)))
        return st;
    if (m->has_solution && (st = amz_path_check(m, &m->solution, m->start, m->goal, err)))
        return amz_error_prefix(err, st, "stored solution");
    return AMZ_OK;
}

amz_status io_amz_read_after(FILE *f, const uint8_t *consumed, size_t nconsumed, amz_maze *m,
                              const amz_read_options *o, amz_error *err)
{
    /* m is zeroed before reading and deinitialised on any error, so the caller never
     * holds a half-read maze. */
    io_source s = {f, 0, 0, consumed, nconsumed};
    memset(m, 0, sizeof *m);
    amz_status st = read_body(&s, m, o, err);
    if (st)
        amz_maze_deinit(m);
    return st;
}

amz_status amz_io_read_amz(FILE *f, amz_maze *m, const amz_read_options *o, amz_error *err)
{
    return io_amz_read_after(f, NULL, 0, m, o, err);
}
