/* amaze/bitfmt.h — bit-field formats: named unsigned fields packed into one word, and
 * packed arrays of such words that can be saved with their own description.
 *
 * A format is an ordered list of fields, each 1..64 bits wide, 1..64 bits in total. The
 * FIRST field is the MOST significant (the order of the binary-format article this
 * comes from), so {type:8, height:8, vegetation:1} lays a word out as
 *
 *     bit 16      9 8         1 0
 *        +---------+-----------+---+
 *        |  type   |  height   | v |      pack(4, 48, 1) = 4<<9 | 48<<1 | 1 = 2145
 *        +---------+-----------+---+
 *
 * Field i's shift is the sum of the widths of the fields after it. Bits above the last
 * field's top are padding and always zero. A format also has a word size (8, 16, 32 or
 * 64 bits) that its packed arrays use per element; a format wider than its word is
 * refused when declared. A value that does not fit its field is AMZ_ERANGE, never
 * silently truncated. Everything is shifts and masks on uint64_t (STYLE.md rule 5: no C
 * bit-fields), so the layout is the same with every compiler.
 *
 * Formats are declared at run time (amz_bitfmt_init from a table, amz_bitfmt_parse from
 * "type:8,height:8,vegetation:1") or statically with the X-macro helpers at the end of
 * this header, which give compile-time shifts and masks and refuse an over-wide format
 * at compile time. docs/TILES.md has a tutorial and the byte layout of saved arrays. */
#ifndef AMAZE_BITFMT_H
#define AMAZE_BITFMT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "amaze/export.h"
#include "amaze/status.h"

/* At most this many fields (each has at least one bit of the 64). */
#define AMZ_BITFMT_MAX_FIELDS 64
/* Longest field name in bytes, without the terminating NUL. */
#define AMZ_BITFMT_NAME_MAX 31

/* One field of a declaration: a name ([A-Za-z_][A-Za-z0-9_]*, 1..31 bytes, unique in
 * its format) and a width in bits (1..64). */
typedef struct amz_bitfmt_field {
    const char *name;
    unsigned bits;
} amz_bitfmt_field;

/* A validated format. A plain value (about 2.2 KB, no heap): copy it freely. Read the
 * members; change them only through amz_bitfmt_init / amz_bitfmt_parse. */
typedef struct amz_bitfmt {
    unsigned nfields;                                           /* 1..64 */
    unsigned total_bits;                                        /* sum of the widths, 1..64 */
    unsigned word_bits;                                         /* 8, 16, 32 or 64, >= total_bits */
    uint8_t bits[AMZ_BITFMT_MAX_FIELDS];                        /* width of field i */
    uint8_t shift[AMZ_BITFMT_MAX_FIELDS];                       /* position of field i's lowest bit */
    char names[AMZ_BITFMT_MAX_FIELDS][AMZ_BITFMT_NAME_MAX + 1]; /* NUL-terminated */
} amz_bitfmt;

/* Declares a format from `n` fields, first = most significant. `word_bits` is 8, 16,
 * 32 or 64, or 0 for the smallest of those that holds the fields. Errors (f is then
 * zeroed): AMZ_EINVAL for no fields, more than 64, a bad or repeated name, or a word
 * size other than 0/8/16/32/64; AMZ_ERANGE for a width of 0 or a total wider than the
 * word or 64 bits ("fields need 17 bits, more than the 16-bit word"). O(n^2) in the
 * name check, n <= 64. */
AMZ_API amz_status amz_bitfmt_init(amz_bitfmt *f, const amz_bitfmt_field *fields, unsigned n, unsigned word_bits,
                                   amz_error *err);

/* Declares a format from text "name:bits,name:bits,..." (spaces allowed around names,
 * numbers and separators), same rules and word_bits as amz_bitfmt_init. AMZ_EFORMAT
 * with the position of a syntax error; the init errors otherwise. */
AMZ_API amz_status amz_bitfmt_parse(amz_bitfmt *f, const char *spec, unsigned word_bits, amz_error *err);

/* Writes the format as "name:bits,..." (the text amz_bitfmt_parse reads) into buf of
 * `cap` bytes, NUL-terminated when cap > 0, truncated if short. Returns the length the
 * full text needs (without NUL), like snprintf. */
AMZ_API size_t amz_bitfmt_describe(const amz_bitfmt *f, char *buf, size_t cap);

/* True if a and b have the same fields (names, widths, order) and word size. */
AMZ_API bool amz_bitfmt_equal(const amz_bitfmt *a, const amz_bitfmt *b);

/* Index of the field called `name`, or -1 if there is none. O(fields). */
AMZ_API int amz_bitfmt_find(const amz_bitfmt *f, const char *name);

/* Largest value field i holds (2^bits - 1); 0 for an index past the last field. */
AMZ_API uint64_t amz_bitfmt_max(const amz_bitfmt *f, unsigned field);

/* Packs values[0..nfields-1] (in field order) into *word. AMZ_ERANGE naming the field
 * if a value does not fit ("vegetation = 2 does not fit in 1 bit"); *word is then
 * untouched. O(fields). */
AMZ_API amz_status amz_bitfmt_pack(const amz_bitfmt *f, const uint64_t *values, uint64_t *word, amz_error *err);

/* Unpacks `word` into values[0..nfields-1]. AMZ_ERANGE if the word has bits set above
 * the format's total_bits (not a word of this format); values are then untouched. */
AMZ_API amz_status amz_bitfmt_unpack(const amz_bitfmt *f, uint64_t word, uint64_t *values, amz_error *err);

/* Field i of `word`; 0 for an index past the last field. O(1). */
AMZ_API uint64_t amz_bitfmt_get(const amz_bitfmt *f, uint64_t word, unsigned field);

/* Sets field i of *word to value, leaving the other fields as they were. AMZ_EINVAL
 * for a bad index, AMZ_ERANGE if the value does not fit; *word is then untouched. */
AMZ_API amz_status amz_bitfmt_set(const amz_bitfmt *f, uint64_t *word, unsigned field, uint64_t value, amz_error *err);

/* ---- packed arrays ---- */

/* `count` words of fmt.word_bits bits each (uint8_t, uint16_t, uint32_t or uint64_t in
 * native byte order, so `((uint16_t *)a.data)[i]` is element i of a 16-bit array).
 * Caller-owned: amz_packed_init / amz_packed_deinit. Every stored word is a valid word
 * of the format (no padding bit set) as long as it is written through this API. */
typedef struct amz_packed {
    amz_bitfmt fmt;
    uint64_t count;
    void *data; /* count * word_bits/8 bytes; NULL when count is 0 */
} amz_packed;

/* Makes an array of `count` zero words of format f (copied). AMZ_ENOMEM with the size
 * if it cannot be allocated or its size does not fit in memory; a is then zeroed. */
AMZ_API amz_status amz_packed_init(amz_packed *a, const amz_bitfmt *f, uint64_t count, amz_error *err);

/* Frees the words; a is left zeroed. NULL or a zeroed array is a no-op. */
AMZ_API void amz_packed_deinit(amz_packed *a);

/* Bytes of the word storage: count * word_bits / 8. */
AMZ_API uint64_t amz_packed_bytes(const amz_packed *a);

/* Element i as a whole word; 0 for i >= count. O(1). */
AMZ_API uint64_t amz_packed_word(const amz_packed *a, uint64_t i);

/* Stores a whole word at i. AMZ_ERANGE for i >= count or a word with bits above
 * total_bits. O(1). */
AMZ_API amz_status amz_packed_set_word(amz_packed *a, uint64_t i, uint64_t word, amz_error *err);

/* Field `field` of element i; 0 for a bad index. O(1). */
AMZ_API uint64_t amz_packed_get(const amz_packed *a, uint64_t i, unsigned field);

/* Sets field `field` of element i. AMZ_ERANGE for i >= count or a value that does not
 * fit, AMZ_EINVAL for a bad field index; the array is then unchanged. O(1). */
AMZ_API amz_status amz_packed_set(amz_packed *a, uint64_t i, unsigned field, uint64_t value, amz_error *err);

/* ---- saved packed arrays (layout in docs/TILES.md) ----
 *
 * A saved array is a block: magic "\x89AMP\r\n\x1a\n", version, word size, field
 * count, element count, the fields (width, name), a CRC-32 of that header, the words
 * little-endian, and a CRC-32 of the words. Another program can read it with nothing
 * but that page. */

/* Writes a as one block to f. AMZ_EIO if writing fails. Streams: O(1) extra memory. */
AMZ_API amz_status amz_packed_write(const amz_packed *a, FILE *f, amz_error *err);

/* Reads one block from f into an uninitialised array (amz_packed_deinit it after
 * success; on failure it is zeroed). Bytes after the block are left unread. Refuses
 * (AMZ_ENOMEM) an array of more than max_bytes word bytes (0 = no limit) before
 * allocating. AMZ_EFORMAT with the problem (bad magic, unknown version, bad field,
 * header or data checksum mismatch, truncation, a word with padding bits set), AMZ_EIO
 * on read errors. */
AMZ_API amz_status amz_packed_read(FILE *f, amz_packed *a, uint64_t max_bytes, amz_error *err);

/* Writes a to `path` atomically ("-" = standard output). Messages start with the path. */
AMZ_API amz_status amz_packed_save(const amz_packed *a, const char *path, amz_error *err);

/* Reads `path` ("-" = standard input), which must hold exactly one block. Messages start
 * with the path. */
AMZ_API amz_status amz_packed_load(const char *path, amz_packed *a, uint64_t max_bytes, amz_error *err);

/* ---- static formats (compile-time constants) ----
 *
 * List the fields once as an X-macro, most significant first:
 *
 *     #define TILE_FIELDS(X) X(type, 8) X(height, 8) X(vegetation, 1)
 *     AMZ_BITFMT_LAYOUT(tile, 32, TILE_FIELDS);
 *     static const amz_bitfmt_field tile_fields[] = AMZ_BITFMT_TABLE(TILE_FIELDS);
 *
 * AMZ_BITFMT_LAYOUT refuses at compile time a word size other than 8/16/32/64, a field
 * of 0 or more than 64 bits, and fields wider than the word. It declares a struct
 * type `struct tile_amz_layout` whose char-array members stand for the bits, so that
 * offsetof gives each field's position as a constant expression. Then
 *
 *     AMZ_BITFMT_SHIFT(tile, height) == 1, AMZ_BITFMT_BITS(tile, height) == 8,
 *     AMZ_BITFMT_GET(tile, height, 2145) == 48,
 *     AMZ_BITFMT_PUT(tile, height, word, 50)   -> word with height replaced by 50
 *
 * are constants the compiler folds into single shifts and masks, for inner loops. The
 * macros do not check values: test with AMZ_BITFMT_FITS first, or use the checked
 * functions above (amz_bitfmt_init(&f, tile_fields, 3, 32, NULL) gives the same format
 * at run time). Field names must be C identifiers. */
#define AMZ_BITFMT_X_MEMBER_(name, nbits) char name[nbits];
#define AMZ_BITFMT_X_ENTRY_(name, nbits) {#name, nbits},

#define AMZ_BITFMT_LAYOUT(prefix, word_bits, FIELDS)                                                                   \
    struct prefix##_amz_layout {                                                                                       \
        FIELDS(AMZ_BITFMT_X_MEMBER_) char amz_end_[1];                                                                 \
    };                                                                                                                 \
    _Static_assert((word_bits) == 8 || (word_bits) == 16 || (word_bits) == 32 || (word_bits) == 64,                    \
                   #prefix ": the word must be 8, 16, 32 or 64 bits");                                                 \
    _Static_assert(offsetof(struct prefix##_amz_layout, amz_end_) <= (word_bits),                                      \
                   #prefix ": the fields are wider than the " #word_bits "-bit word");                                 \
    enum { prefix##_amz_word_bits = (word_bits) }

#define AMZ_BITFMT_TABLE(FIELDS)                                                                                       \
    {                                                                                                                  \
        FIELDS(AMZ_BITFMT_X_ENTRY_)                                                                                    \
    }
#define AMZ_BITFMT_TOTAL(prefix) ((unsigned)offsetof(struct prefix##_amz_layout, amz_end_))
#define AMZ_BITFMT_BITS(prefix, field) ((unsigned)sizeof(((struct prefix##_amz_layout *)0)->field))
#define AMZ_BITFMT_SHIFT(prefix, field)                                                                                \
    (AMZ_BITFMT_TOTAL(prefix) - (unsigned)offsetof(struct prefix##_amz_layout, field) - AMZ_BITFMT_BITS(prefix, field))
#define AMZ_BITFMT_MASK(prefix, field) (~(uint64_t)0 >> (64 - AMZ_BITFMT_BITS(prefix, field)))
#define AMZ_BITFMT_FITS(prefix, field, value) ((uint64_t)(value) <= AMZ_BITFMT_MASK(prefix, field))
#define AMZ_BITFMT_GET(prefix, field, word)                                                                            \
    (((uint64_t)(word) >> AMZ_BITFMT_SHIFT(prefix, field)) & AMZ_BITFMT_MASK(prefix, field))
#define AMZ_BITFMT_PUT(prefix, field, word, value)                                                                     \
    (((uint64_t)(word) & ~(AMZ_BITFMT_MASK(prefix, field) << AMZ_BITFMT_SHIFT(prefix, field))) |                       \
     (((uint64_t)(value)&AMZ_BITFMT_MASK(prefix, field)) << AMZ_BITFMT_SHIFT(prefix, field)))

#endif
