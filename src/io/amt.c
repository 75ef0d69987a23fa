/* amt.c — the .amt terrain format: a header (version 2: 100 bytes with the size,
 * window, every option and a CRC-32; version 1: 52 bytes) followed by one packed-array
 * block of 16-bit tiles (bitfmt_file.c's layout), so any reader of packed arrays can
 * read the tiles. Byte layout in docs/TILES.md. The reader knows the block header it
 * expects byte for byte, checks a claimed size against a regular file's length before
 * allocating, and grows the tiles with the data that really arrives, so a short file
 * costs what it holds. */
#include <errno.h>
#include <inttypes.h>
#include <string.h>
#include <sys/stat.h>

#include "amaze/alloc.h"
#include "amaze/io.h"
#include "amaze/terrain.h"
#include "core/error.h"
#include "io/io_impl.h"

static const uint8_t amt_magic[8] = {0x89, 'A', 'M', 'T', '\r', '\n', 0x1a, '\n'};

enum {
    AMT_VERSION = 2,
    HEADER_V1 = 52,
    HEADER_V2 = 100,
    FLAG_WRAP = 1,
    FLAG_RIVERS = 2,
    FLAG_BIOMES = 4,
    FLAGS_V2 = FLAG_WRAP | FLAG_RIVERS | FLAG_BIOMES,
    CHUNK = 1 << 16,     /* bytes read at a time */
    BLOCK_MAX = 20 + 5 * (2 + 31) + 4
};
/* BLOCK_MAX: a packed-array block header of up to five fields (bitfmt_file.c: 20 fixed
 * bytes, a width byte, a length byte and a name of at most 31 bytes a field, the header
 * CRC); the two tile formats have three and five fields with short names. */

/* Version 1's tile format, {type:7, height:8, vegetation:1}: four types in the low two
 * type bits, so a tile moves into version 2 by moving its type up (amz_terrain.h). A
 * literal in amz_bitfmt's member order (fields, total bits, word bits, widths, shifts,
 * names), so it needs no amz_bitfmt_init at run time. */
static const amz_bitfmt v1_format = {3, 16, 16, {7, 8, 1}, {9, 1, 0}, {"type", "height", "vegetation"}};

/* Files are little-endian, written byte by byte whatever the host's order
 * (io_le_put, io_le). */
static size_t expected_block(const amz_bitfmt *fmt, uint64_t count, uint8_t *out);

/* Always writes version 2 (a version-1 map read earlier goes back out as 2). AMZ_EINVAL,
 * before a byte is written, when the tiles are not width x height words of the tile
 * format; AMZ_EIO. The header's fields are stored as they are: t is the generator's or
 * the reader's, and amz_terrain_read checks them on the way back. */
amz_status amz_terrain_write(const amz_terrain *t, FILE *f, amz_error *err)
{
    if (!amz_bitfmt_equal(&t->tiles.fmt, amz_tile_format()) ||
        t->tiles.count != (uint64_t)t->width * (uint64_t)t->height)
        return amz_errorf(err, AMZ_EINVAL, "the map's tiles are not %dx%d words of the terrain tile format", t->width,
                          t->height);
    /* Unused header bytes are zero, so equal maps give equal files. */
    /* Version 2 offsets: 8 version, 10 flags, 11 noise, 12/16 size, 20 seed, 28 roughness,
     * 36 vegetation, 44..46 the sand/earth/rock thresholds, 47 octaves, 48 period, 52
     * pole, 56/64 the window's x, y, 72 erosion, 80 temperature, 88 moisture, 96 CRC. */
    uint8_t h[HEADER_V2] = {0};
    const amz_terrain_options *o = &t->options;
    memcpy(h, amt_magic, sizeof amt_magic);
    io_le_put(h + 8, AMT_VERSION, 2);
    h[10] = (uint8_t)((o->wrap ? FLAG_WRAP : 0) | (o->rivers ? FLAG_RIVERS : 0) | (o->biomes ? FLAG_BIOMES : 0));
    h[11] = (uint8_t)o->noise;
    io_le_put(h + 12, (uint64_t)t->width, 4);
    io_le_put(h + 16, (uint64_t)t->height, 4);
    io_le_put(h + 20, o->seed, 8);
    io_le_put(h + 28, io_double_bits(o->roughness), 8);
    io_le_put(h + 36, io_double_bits(o->vegetation), 8);
    h[44] = o->sand_from;
    h[45] = o->earth_from;
    h[46] = o->rock_from;
    h[47] = (uint8_t)o->octaves;
    io_le_put(h + 48, (uint64_t)(uint32_t)o->period, 4);
    io_le_put(h + 52, (uint64_t)(uint32_t)o->pole, 4);
    io_le_put(h + 56, (uint64_t)t->x, 8);
    io_le_put(h + 64, (uint64_t)t->y, 8);
    io_le_put(h + 72, io_double_bits(o->erosion), 8);
    io_le_put(h + 80, io_double_bits(o->temperature), 8);
    io_le_put(h + 88, io_double_bits(o->moisture), 8);
    io_le_put(h + 96, amz_crc32(0, h, 96), 4);
    if (fwrite(h, 1, HEADER_V2, f) != HEADER_V2)
        return amz_errorf(err, AMZ_EIO, "write failed: %s", strerror(errno ? errno : EIO));
    /* The block as amz_packed_write lays it out, its words written a chunk at a time
     * (word by word through the generic writer was a third of a big map's time). */
    uint8_t block[BLOCK_MAX];
    size_t len = expected_block(amz_tile_format(), t->tiles.count, block);
    if (!len)
        return amz_errorf(err, AMZ_ENOMEM, "cannot prepare the tile block header");
    if (fwrite(block, 1, len, f) != len)
        return amz_errorf(err, AMZ_EIO, "write failed: %s", strerror(errno ? errno : EIO));
    const uint16_t *tiles = t->tiles.data;
    uint8_t buf[CHUNK];
    uint32_t crc = 0;
    /* Exactly one of the two loops below runs; both produce the same bytes and CRC. */
    const uint16_t probe = 1;
    bool little = *(const uint8_t *)&probe == 1;
    /* A little-endian host's words already are the file's bytes. */
    for (uint64_t i = 0; little && i < t->tiles.count;) {
        size_t k = t->tiles.count - i < CHUNK / 2 ? (size_t)(t->tiles.count - i) : CHUNK / 2;
        crc = amz_crc32(crc, tiles + i, 2 * k);
        if (fwrite(tiles + i, 1, 2 * k, f) != 2 * k)
            return amz_errorf(err, AMZ_EIO, "write failed: %s", strerror(errno ? errno : EIO));
        i += k;
    }
    for (uint64_t i = 0; !little && i < t->tiles.count;) {
        size_t k = 0;
        for (; k < CHUNK / 2 && i < t->tiles.count; k++, i++) {
            buf[2 * k] = (uint8_t)tiles[i];
            buf[2 * k + 1] = (uint8_t)(tiles[i] >> 8);
        }
        crc = amz_crc32(crc, buf, 2 * k);
        if (fwrite(buf, 1, 2 * k, f) != 2 * k)
            return amz_errorf(err, AMZ_EIO, "write failed: %s", strerror(errno ? errno : EIO));
    }
    uint8_t c[4];
    io_le_put(c, crc, 4);
    if (fwrite(c, 1, 4, f) != 4 || ferror(f))
        return amz_errorf(err, AMZ_EIO, "write failed: %s", strerror(errno ? errno : EIO));
    return AMZ_OK;
}

/* A short read is a read error if stdio says so, else the file ended early. */
static amz_status read_fail(FILE *f, size_t got, size_t want, const char *what, amz_error *err)
{
    if (ferror(f))
        return amz_errorf(err, AMZ_EIO, "read error in the %s: %s", what, strerror(errno ? errno : EIO));
    return amz_errorf(err, AMZ_EFORMAT, "truncated file: the %s ends after %zu of %zu bytes", what, got, want);
}

/* The fields both header versions share, at the same offsets. */
static void common_fields(const uint8_t *h, amz_terrain *t)
{
    amz_terrain_options *o = &t->options;
    t->width = (int32_t)io_le(h + 12, 4);
    t->height = (int32_t)io_le(h + 16, 4);
    o->wrap = (h[10] & FLAG_WRAP) != 0;
    o->seed = io_le(h + 20, 8);
    o->roughness = io_bits_double(io_le(h + 28, 8));
    o->vegetation = io_bits_double(io_le(h + 36, 8));
    o->sand_from = h[44];
    o->earth_from = h[45];
    o->rock_from = h[46];
}

/* Reads either header version into t (size, window, options; version 1 leaves the
 * defaults of amz_terrain_options_init for what it lacks) and *version. On error t may
 * be partly filled; amz_terrain_read zeroes it. */
static amz_status read_header(FILE *f, amz_terrain *t, unsigned *version, amz_error *err)
{
    /* Magic and version first (10 bytes), since the version decides the header's
     * length; a non-.amt file is named as such rather than as a truncated one. */
    uint8_t h[HEADER_V2];
    size_t got = fread(h, 1, 10, f);
    if (got < sizeof amt_magic || memcmp(h, amt_magic, sizeof amt_magic) != 0) {
        if (ferror(f))
            return amz_errorf(err, AMZ_EIO, "read error in the header: %s", strerror(errno ? errno : EIO));
        return amz_errorf(err, AMZ_EFORMAT, "not an .amt terrain file (%s)",
                          got < sizeof amt_magic ? "too short for the magic number" : "bad magic number");
    }
    if (got < 10)
        return read_fail(f, got, 10, "header", err);
    *version = (unsigned)io_le(h + 8, 2);
    if (*version != 1 && *version != 2)
        return amz_errorf(err, AMZ_EFORMAT, "unsupported .amt version %u (this build reads versions 1 and 2)",
                          *version);
    size_t len = *version == 1 ? HEADER_V1 : HEADER_V2;
    if ((got = fread(h + 10, 1, len - 10, f)) < len - 10)
        return read_fail(f, got + 10, len, "header", err);
    /* Nothing in the header is trusted before its checksum: a flipped bit in the size
     * must not become an allocation. */
    uint32_t stored = (uint32_t)io_le(h + len - 4, 4), want = amz_crc32(0, h, len - 4);
    if (stored != want)
        return amz_errorf(err, AMZ_EFORMAT,
                          "header checksum mismatch (stored %08x, computed %08x): the header is corrupt",
                          (unsigned)stored, (unsigned)want);
    unsigned known = *version == 1 ? FLAG_WRAP : FLAGS_V2;
    if (h[10] & ~known)
        return amz_errorf(err, AMZ_EFORMAT, "unknown flags 0x%02x", h[10] & ~known);
    if (*version == 1 && (h[11] || h[47]))
        return amz_errorf(err, AMZ_EFORMAT, "reserved header byte %d is %u, not 0", h[11] ? 11 : 47,
                          h[11] ? h[11] : h[47]);
    /* Each side is checked before the product, so w * ht (at most 2^40) cannot wrap. */
    uint64_t w = io_le(h + 12, 4), ht = io_le(h + 16, 4);
    if (w < 1 || ht < 1 || w > AMZ_TERRAIN_MAX_SIDE || ht > AMZ_TERRAIN_MAX_SIDE || w * ht > AMZ_TERRAIN_MAX_TILES)
        return amz_errorf(err, AMZ_EFORMAT, "map size %llux%llu: sides must be 1 to %d, at most 2^36 tiles",
                          (unsigned long long)w, (unsigned long long)ht, AMZ_TERRAIN_MAX_SIDE);
    amz_terrain_options_init(&t->options);
    common_fields(h, t);
    if (*version == 2) {
        amz_terrain_options *o = &t->options;
        o->rivers = (h[10] & FLAG_RIVERS) != 0;
        o->biomes = (h[10] & FLAG_BIOMES) != 0;
        o->noise = (amz_terrain_noise)h[11];
        o->octaves = h[47];
        o->period = (int32_t)(uint32_t)io_le(h + 48, 4);
        o->pole = (int32_t)(uint32_t)io_le(h + 52, 4);
        t->x = (int64_t)io_le(h + 56, 8);
        t->y = (int64_t)io_le(h + 64, 8);
        o->erosion = io_bits_double(io_le(h + 72, 8));
        o->temperature = io_bits_double(io_le(h + 80, 8));
        o->moisture = io_bits_double(io_le(h + 88, 8));
    }
    /* The options are checked by the same function the generator uses, so a file
     * can hold nothing a program could not have asked for. */
    amz_error why;
    if (amz_terrain_options_check(&t->options, &why))
        return amz_errorf(err, AMZ_EFORMAT, "bad options in the header: %s", why.msg);
    /* Diamond-square maps are made whole, so only noise maps may be windows off the
     * origin; the window must lie inside the world the generator allows. */
    int64_t lim = AMZ_TERRAIN_WORLD_LIMIT;
    /* x and y are the file's 64-bit numbers: compared against lim - width, never added
     * to it (x near INT64_MAX would overflow, undefined behaviour, and pass). */
    if ((t->options.noise == AMZ_NOISE_DIAMOND_SQUARE && (t->x || t->y)) || t->x < -lim || t->y < -lim ||
        t->x > lim - t->width || t->y > lim - t->height)
        return amz_errorf(err, AMZ_EFORMAT, "bad window position %lld,%lld in the header", (long long)t->x,
                          (long long)t->y);
    return AMZ_OK;
}

/* The packed-array block header a writer of this format and count makes: written by
 * amz_packed_write itself for an empty array, then given the count and its CRC. */
static size_t expected_block(const amz_bitfmt *fmt, uint64_t count, uint8_t *out)
{
    /* Asking the writer itself keeps this reader in step with bitfmt_file.c's layout:
     * there is one definition of the block header, not two. */
    amz_packed empty = {*fmt, 0, NULL};
    FILE *m = fmemopen(out, BLOCK_MAX, "wb");
    if (!m)
        return 0;
    amz_packed_write(&empty, m, NULL);
    long end = ftell(m);
    fclose(m);
    if (end < 28) /* 20 fixed bytes, fields, two CRCs */
        return 0;
    size_t len = (size_t)end - 4; /* the empty block's data CRC is not part of the header */
    /* The count sits in the header CRC's range, so that CRC is computed again. */
    io_le_put(out + 12, count, 8);
    io_le_put(out + len - 4, amz_crc32(0, out, len - 4), 4);
    return len;
}

/* Bytes left in a regular file from its current position; -1 if unknown (a pipe). */
static int64_t bytes_left(FILE *f)
{
    struct stat sb;
    long pos = ftell(f);
    if (pos < 0 || fstat(fileno(f), &sb) != 0 || !S_ISREG(sb.st_mode))
        return -1;
    return (int64_t)sb.st_size - pos;
}

/* Compares the block header read with the one expected, part by part, to name what
 * differs; the count is compared before its CRC so a wrong size reads as such. */
static amz_status check_block(const uint8_t *got, const uint8_t *want, size_t len, const amz_terrain *t,
                              amz_error *err)
{
    if (memcmp(got, want, 8) != 0)
        return amz_errorf(err, AMZ_EFORMAT, "tiles: not a packed tile array (bad magic number)");
    if (memcmp(got + 8, want + 8, 2) != 0)
        return amz_errorf(err, AMZ_EFORMAT, "tiles: unsupported packed-array version %u",
                          (unsigned)io_le(got + 8, 2));
    if (memcmp(got + 10, want + 10, 2) != 0 || memcmp(got + 20, want + 20, len - 24) != 0)
        return amz_errorf(err, AMZ_EFORMAT, "tiles: the tile format is not the terrain tile format of the version");
    if (memcmp(got + 12, want + 12, 8) != 0)
        return amz_errorf(err, AMZ_EFORMAT, "tiles: %llu tiles for a %dx%d map (expected %llu)",
                          (unsigned long long)io_le(got + 12, 8), t->width, t->height,
                          (unsigned long long)t->width * (unsigned long long)t->height);
    if (memcmp(got + len - 4, want + len - 4, 4) != 0)
        return amz_errorf(err, AMZ_EFORMAT, "tiles: header checksum mismatch: the header is corrupt");
    return AMZ_OK;
}

/* Checks a stored word and turns it into a version-2 tile. read_tiles first calls it
 * with err NULL on every word, then once more with err for the first bad one, so only
 * that word's message is ever formatted. */
static amz_status take_word(unsigned version, uint16_t w, uint64_t i, const amz_terrain *t, uint16_t *out,
                            amz_error *err)
{
    long long x = (long long)(i % (uint64_t)t->width), y = (long long)(i / (uint64_t)t->width);
    /* Version 1 words are {type:7, height:8, vegetation:1} (v1_format above). */
    if (version == 1) {
        unsigned type = w >> 9, h = (w >> 1) & 0xff;
        if (type >= AMZ_TILE_TYPES)
            return amz_errorf(err, AMZ_EFORMAT, "tile (%lld,%lld) has type %u; known types are 0 to %d", x, y, type,
                              AMZ_TILE_TYPES - 1);
        if (h > AMZ_TILE_HEIGHT_MAX)
            return amz_errorf(err, AMZ_EFORMAT, "tile (%lld,%lld) has height %u, above %d", x, y, h,
                              AMZ_TILE_HEIGHT_MAX);
        *out = amz_tile_make(type, h, (w & 1) != 0);
        return AMZ_OK;
    }
    /* In a version-2 word only height and biome can hold values the format does not
     * define: every 2-bit type and both values of the river and vegetation bits exist. */
    if (amz_tile_height_of(w) > AMZ_TILE_HEIGHT_MAX)
        return amz_errorf(err, AMZ_EFORMAT, "tile (%lld,%lld) has height %u, above %d", x, y, amz_tile_height_of(w),
                          AMZ_TILE_HEIGHT_MAX);
    if (amz_tile_biome_of(w) >= AMZ_BIOMES)
        return amz_errorf(err, AMZ_EFORMAT, "tile (%lld,%lld) has biome %u; known biomes are 0 to %d", x, y,
                          amz_tile_biome_of(w), AMZ_BIOMES - 1);
    *out = w;
    return AMZ_OK;
}

/* The words: grown as they arrive (doubling, up to the claim), checked, converted.
 * Growth means a lying header costs at most twice what really arrived, and never
 * more than the claim, which max_bytes has already bounded. */
static amz_status read_tiles(FILE *f, unsigned version, amz_terrain *t, uint64_t n, amz_error *err)
{
    uint16_t *tiles = NULL;
    uint64_t cap = 0;
    uint8_t buf[CHUNK];
    uint32_t crc = 0;
    amz_status st = AMZ_OK;
    bool has_bad = false;
    uint64_t bad_at = 0;
    uint16_t bad_word = 0;
    /* Invariant: i tiles are stored, i <= cap <= n. want is even, so a full read is
     * whole tiles; any short read ends the loop as a truncation or a read error. */
    for (uint64_t i = 0; i < n && st == AMZ_OK;) {
        size_t want = (size_t)((n - i) * 2 < CHUNK ? (n - i) * 2 : CHUNK);
        size_t got = fread(buf, 1, want, f);
        if (got < want) {
            st = ferror(f) ? amz_errorf(err, AMZ_EIO, "tiles: read error: %s", strerror(errno ? errno : EIO))
                           : amz_errorf(err, AMZ_EFORMAT, "tiles: truncated after %" PRIu64 " of %" PRIu64 " tiles",
                                        i + got / 2, n);
            break;
        }
        crc = amz_crc32(crc, buf, got);
        /* Double (the first step CHUNK tiles), but at least to what this chunk needs and
         * never past the claimed n. */
        if (i + got / 2 > cap) {
            uint64_t grown = cap ? cap * 2 : CHUNK;
            grown = grown < i + got / 2 ? i + got / 2 : grown > n ? n : grown;
            uint16_t *p = amz_realloc(tiles, (size_t)grown * 2);
            if (!p) {
                st = amz_errorf(err, AMZ_ENOMEM, "tiles: out of memory at %" PRIu64 " tiles", grown);
                break;
            }
            tiles = p;
            cap = grown;
        }
        /* A bad word is only named once the checksum has cleared it of mere
         * corruption, so the first one is kept and reading goes on. */
        for (size_t k = 0; k < got / 2; k++, i++) {
            uint16_t w = (uint16_t)io_le(buf + 2 * k, 2);
            if (take_word(version, w, i, t, &tiles[i], NULL) != AMZ_OK && !has_bad) {
                has_bad = true;
                bad_at = i;
                bad_word = w;
            }
        }
    }
    uint8_t c[4];
    size_t got;
    if (st == AMZ_OK && (got = fread(c, 1, 4, f)) < 4)
        st = read_fail(f, got, 4, "tiles' checksum", err);
    if (st == AMZ_OK && (uint32_t)io_le(c, 4) != crc)
        st = amz_errorf(err, AMZ_EFORMAT, "tiles: data checksum mismatch (stored %08x, computed %08x): the tiles are "
                        "corrupt", (unsigned)io_le(c, 4), (unsigned)crc);
    if (st == AMZ_OK && has_bad) {
        uint16_t ignored;
        st = take_word(version, bad_word, bad_at, t, &ignored, err);
    }
    if (st) {
        amz_free(tiles);
        return st;
    }
    t->tiles.fmt = *amz_tile_format();
    t->tiles.count = n;
    t->tiles.data = tiles;
    return AMZ_OK;
}

amz_status amz_terrain_read(FILE *f, amz_terrain *t, uint64_t max_bytes, amz_error *err)
{
    /* Every step runs only while st is AMZ_OK, and t is zeroed again on any failure,
     * so the caller never holds a half-read map (read_tiles frees its own buffer). */
    memset(t, 0, sizeof *t);
    unsigned version = 0;
    amz_status st = read_header(f, t, &version, err);
    /* Used only once the header passed, so n <= 2^36 and n * 2, the tiles' bytes,
     * cannot wrap. */
    uint64_t n = (uint64_t)t->width * (uint64_t)t->height;
    uint8_t want[BLOCK_MAX], got[BLOCK_MAX];
    size_t len = 0, have;
    if (st == AMZ_OK && max_bytes && n * 2 > max_bytes)
        st = amz_errorf(err, AMZ_ENOMEM, "a %dx%d map needs %" PRIu64 " bytes, more than the %" PRIu64 " allowed",
                        t->width, t->height, n * 2, max_bytes);
    if (st == AMZ_OK && (len = expected_block(version == 1 ? &v1_format : amz_tile_format(), n, want)) == 0)
        st = amz_errorf(err, AMZ_ENOMEM, "cannot prepare the tile block header");
    if (st == AMZ_OK && (have = fread(got, 1, len, f)) < len)
        st = read_fail(f, have, len, "tiles' header", err);
    if (st == AMZ_OK)
        st = check_block(got, want, len, t, err);
    /* After the block header a regular file must still hold the tiles and their CRC;
     * from a pipe (left -1) read_tiles' growth bounds the memory instead. */
    int64_t left = st == AMZ_OK ? bytes_left(f) : -1;
    if (st == AMZ_OK && left >= 0 && (uint64_t)left < n * 2 + 4)
        st = amz_errorf(err, AMZ_EFORMAT,
                        "truncated file: a %dx%d map needs %" PRIu64 " bytes of tiles, the file has %" PRId64 " left",
                        t->width, t->height, n * 2 + 4, left);
    if (st == AMZ_OK)
        st = read_tiles(f, version, t, n, err);
    /* A map is the whole file: trailing bytes mean a different or damaged file. */
    if (st == AMZ_OK && fgetc(f) != EOF) {
        amz_terrain_deinit(t);
        st = amz_errorf(err, AMZ_EFORMAT, "unexpected bytes after the tiles");
    }
    if (st)
        memset(t, 0, sizeof *t);
    return st;
}

static amz_status write_terrain(const void *t, FILE *f, amz_error *err)
{
    return amz_terrain_write(t, f, err);
}

/* amz_terrain_read itself insists that the map is the whole stream. */
static amz_status read_terrain(FILE *f, void *t, uint64_t max_bytes, amz_error *err)
{
    return amz_terrain_read(f, t, max_bytes, err);
}

amz_status amz_terrain_save(const amz_terrain *t, const char *path, amz_error *err)
{
    return io_save_path(path, write_terrain, t, err);
}

amz_status amz_terrain_load(const char *path, amz_terrain *t, uint64_t max_bytes, amz_error *err)
{
    return io_load_path(path, read_terrain, t, sizeof *t, max_bytes, err);
}
