/* amt.c — the .amt terrain format: a 52-byte header (size, seed, roughness, wrap,
 * thresholds, vegetation, CRC-32) followed by one packed-array block of 16-bit tiles
 * (bitfmt_file.c), so any reader of packed arrays can read the tiles. Byte layout in
 * docs/TILES.md; the reader rejects anything else with a message naming the problem. */
#include <errno.h>
#include <inttypes.h>
#include <string.h>

#include "amaze/io.h"
#include "amaze/terrain.h"
#include "core/error.h"

static const uint8_t amt_magic[8] = {0x89, 'A', 'M', 'T', '\r', '\n', 0x1a, '\n'};

enum { AMT_VERSION = 1, HEADER = 52, FLAG_WRAP = 1 };

static void le_put(uint8_t *b, uint64_t v, int n)
{
    for (int i = 0; i < n; i++)
        b[i] = (uint8_t)(v >> (8 * i));
}

static uint64_t le_get(const uint8_t *b, int n)
{
    uint64_t v = 0;
    for (int i = n - 1; i >= 0; i--)
        v = (v << 8) | b[i];
    return v;
}

/* Doubles travel as their IEEE-754 binary64 bit pattern. */
static uint64_t double_bits(double d)
{
    uint64_t u;
    memcpy(&u, &d, sizeof u);
    return u;
}

static double bits_double(uint64_t u)
{
    double d;
    memcpy(&d, &u, sizeof d);
    return d;
}

amz_status amz_terrain_write(const amz_terrain *t, FILE *f, amz_error *err)
{
    uint8_t h[HEADER] = {0};
    const amz_terrain_options *o = &t->options;
    memcpy(h, amt_magic, sizeof amt_magic);
    le_put(h + 8, AMT_VERSION, 2);
    h[10] = o->wrap ? FLAG_WRAP : 0;
    le_put(h + 12, (uint64_t)t->width, 4);
    le_put(h + 16, (uint64_t)t->height, 4);
    le_put(h + 20, o->seed, 8);
    le_put(h + 28, double_bits(o->roughness), 8);
    le_put(h + 36, double_bits(o->vegetation), 8);
    h[44] = o->sand_from;
    h[45] = o->earth_from;
    h[46] = o->rock_from;
    le_put(h + 48, amz_crc32(0, h, 48), 4);
    if (fwrite(h, 1, HEADER, f) != HEADER)
        return amz_errorf(err, AMZ_EIO, "write failed: %s", strerror(errno ? errno : EIO));
    return amz_packed_write(&t->tiles, f, err);
}

static amz_status read_header(FILE *f, amz_terrain *t, amz_error *err)
{
    uint8_t h[HEADER];
    size_t got = fread(h, 1, HEADER, f);
    if (got < HEADER) {
        if (ferror(f))
            return amz_errorf(err, AMZ_EIO, "read error in the header: %s", strerror(errno ? errno : EIO));
        if (got < sizeof amt_magic || memcmp(h, amt_magic, sizeof amt_magic) != 0)
            return amz_errorf(err, AMZ_EFORMAT, "not an .amt terrain file (%zu bytes, no magic number)", got);
        return amz_errorf(err, AMZ_EFORMAT, "truncated file: the header ends at byte %zu of %d", got, HEADER);
    }
    if (memcmp(h, amt_magic, sizeof amt_magic) != 0)
        return amz_errorf(err, AMZ_EFORMAT, "not an .amt terrain file (bad magic number)");
    unsigned version = (unsigned)le_get(h + 8, 2);
    if (version != AMT_VERSION)
        return amz_errorf(err, AMZ_EFORMAT, "unsupported .amt version %u (this build reads version %d)", version,
                          AMT_VERSION);
    uint32_t stored = (uint32_t)le_get(h + 48, 4), want = amz_crc32(0, h, 48);
    if (stored != want)
        return amz_errorf(err, AMZ_EFORMAT,
                          "header checksum mismatch (stored %08x, computed %08x): the header is corrupt",
                          (unsigned)stored, (unsigned)want);
    if (h[10] & ~FLAG_WRAP)
        return amz_errorf(err, AMZ_EFORMAT, "unknown flags 0x%02x", h[10] & ~FLAG_WRAP);
    if (h[11] || h[47])
        return amz_errorf(err, AMZ_EFORMAT, "reserved header byte %d is %u, not 0", h[11] ? 11 : 47,
                          h[11] ? h[11] : h[47]);
    uint64_t w = le_get(h + 12, 4), ht = le_get(h + 16, 4);
    if (w < 1 || ht < 1 || w > AMZ_TERRAIN_MAX_SIDE || ht > AMZ_TERRAIN_MAX_SIDE)
        return amz_errorf(err, AMZ_EFORMAT, "map size %llux%llu: sides must be 1 to %d", (unsigned long long)w,
                          (unsigned long long)ht, AMZ_TERRAIN_MAX_SIDE);
    t->width = (int32_t)w;
    t->height = (int32_t)ht;
    amz_terrain_options *o = &t->options;
    o->wrap = (h[10] & FLAG_WRAP) != 0;
    o->seed = le_get(h + 20, 8);
    o->roughness = bits_double(le_get(h + 28, 8));
    o->vegetation = bits_double(le_get(h + 36, 8));
    o->sand_from = h[44];
    o->earth_from = h[45];
    o->rock_from = h[46];
    amz_error why;
    if (amz_terrain_options_check(o, &why))
        return amz_errorf(err, AMZ_EFORMAT, "bad options in the header: %s", why.msg);
    return AMZ_OK;
}

/* Every tile must be one this version knows: a type below AMZ_TILE_TYPES, a height of
 * at most 99. (The packed reader already refused padding bits.) */
static amz_status check_tiles(const amz_terrain *t, amz_error *err)
{
    const uint16_t *tiles = t->tiles.data;
    for (uint64_t i = 0; i < t->tiles.count; i++) {
        unsigned type = amz_tile_type_of(tiles[i]), h = amz_tile_height_of(tiles[i]);
        if (type < AMZ_TILE_TYPES && h <= AMZ_TILE_HEIGHT_MAX)
            continue;
        long long x = (long long)(i % (uint64_t)t->width), y = (long long)(i / (uint64_t)t->width);
        if (type >= AMZ_TILE_TYPES)
            return amz_errorf(err, AMZ_EFORMAT, "tile (%lld,%lld) has type %u; known types are 0 to %d", x, y, type,
                              AMZ_TILE_TYPES - 1);
        return amz_errorf(err, AMZ_EFORMAT, "tile (%lld,%lld) has height %u, above %d", x, y, h, AMZ_TILE_HEIGHT_MAX);
    }
    return AMZ_OK;
}

amz_status amz_terrain_read(FILE *f, amz_terrain *t, uint64_t max_bytes, amz_error *err)
{
    memset(t, 0, sizeof *t);
    amz_status st = read_header(f, t, err);
    if (st) {
        memset(t, 0, sizeof *t);
        return st;
    }
    uint64_t n = (uint64_t)t->width * (uint64_t)t->height;
    if (max_bytes && n * 2 > max_bytes) {
        int32_t w = t->width, h = t->height;
        memset(t, 0, sizeof *t);
        return amz_errorf(err, AMZ_ENOMEM, "a %dx%d map needs %" PRIu64 " bytes, more than the %" PRIu64 " allowed",
                          w, h, n * 2, max_bytes);
    }
    if ((st = amz_packed_read(f, &t->tiles, max_bytes, err))) {
        memset(t, 0, sizeof *t);
        return amz_error_prefix(err, st, "tiles");
    }
    char want[64], got[AMZ_BITFMT_MAX_FIELDS * (AMZ_BITFMT_NAME_MAX + 4)];
    if (!amz_bitfmt_equal(&t->tiles.fmt, amz_tile_format())) {
        amz_bitfmt_describe(amz_tile_format(), want, sizeof want);
        amz_bitfmt_describe(&t->tiles.fmt, got, sizeof got);
        st = amz_errorf(err, AMZ_EFORMAT, "tiles: format %s in %u-bit words is not the terrain tile format %s", got,
                        t->tiles.fmt.word_bits, want);
    } else if (t->tiles.count != n) {
        st = amz_errorf(err, AMZ_EFORMAT, "tiles: %llu tiles for a %dx%d map (expected %llu)",
                        (unsigned long long)t->tiles.count, t->width, t->height, (unsigned long long)n);
    } else if ((st = check_tiles(t, err)) == AMZ_OK && fgetc(f) != EOF) {
        st = amz_errorf(err, AMZ_EFORMAT, "unexpected bytes after the tiles");
    }
    if (st)
        amz_terrain_deinit(t);
    return st;
}

amz_status amz_terrain_save(const amz_terrain *t, const char *path, amz_error *err)
{
    amz_outfile o;
    amz_status st = amz_outfile_open(&o, path, err);
    if (st)
        return st;
    if ((st = amz_terrain_write(t, o.fp, err))) {
        amz_outfile_abort(&o);
        return amz_error_prefix(err, st, "%s", strcmp(path, "-") == 0 ? "standard output" : path);
    }
    return amz_outfile_commit(&o, err);
}

amz_status amz_terrain_load(const char *path, amz_terrain *t, uint64_t max_bytes, amz_error *err)
{
    memset(t, 0, sizeof *t);
    bool is_stdin = strcmp(path, "-") == 0;
    FILE *f = is_stdin ? stdin : fopen(path, "rb");
    if (!f)
        return amz_errorf(err, AMZ_EIO, "%s: cannot open: %s", path, strerror(errno));
    amz_status st = amz_terrain_read(f, t, max_bytes, err);
    if (!is_stdin)
        fclose(f);
    if (st)
        return amz_error_prefix(err, st, "%s", is_stdin ? "standard input" : path);
    return AMZ_OK;
}
