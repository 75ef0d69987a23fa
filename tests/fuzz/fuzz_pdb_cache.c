/* fuzz_pdb_cache.c — the pattern-database cache loader (src/slide/pdb_cache.c) on
 * hostile files: the input (after a first byte that picks one of five small tables,
 * 2x2 to 3x3, the ones `amaze slide solve -a pdb` writes for those boards) is put at
 * the table's cache path and loaded. A load must never crash or read past the file;
 * it may only succeed for a file of exactly the right size whose header names this
 * table and whose checksum matches, and a table saved by the library must then load
 * back equal (the values the loader accepted survive a save and reload). */
#include <unistd.h>

#include "fuzz_util.h"
#include "slide/pdb_impl.h"

typedef struct shape {
    int rows, cols, k;
    uint8_t tiles[4];
} shape;

/* The tables of the 2x2 "1-2" and 2x3 "2-3" sets, and the first of 3x3 "4-4". */
static const shape shapes[] = {
    {2, 2, 2, {1, 2}}, {2, 2, 1, {3}}, {2, 3, 3, {1, 2, 3}}, {2, 3, 2, {4, 5}}, {3, 3, 4, {1, 2, 3, 4}},
};

static char dir[64];

static void remove_dir(void)
{
    char cmd[96];
    snprintf(cmd, sizeof cmd, "rm -rf '%s'", dir);
    if (system(cmd) != 0)
        return;
}

/* The one file the loader will open for table t: the only one in the folder. */
static void put_file(const shape *sh, const pdb_table *t, const uint8_t *bytes, size_t n)
{
    unsigned mask = 0;
    for (int i = 0; i < t->k; i++)
        mask |= 1u << t->tiles[i];
    char path[128];
    snprintf(path, sizeof path, "%s/slide-pdb-v1-%dx%d-%04x.bin", dir, sh->rows, sh->cols, mask);
    FILE *f = fopen(path, "wb");
    if (!f)
        abort();
    if (n && fwrite(bytes, 1, n, f) != n)
        abort();
    fclose(f);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size < 1 || size > 1 << 16)
        return 0;
    if (!dir[0]) {
        snprintf(dir, sizeof dir, "/tmp/fuzz-pdb-cache-XXXXXX");
        if (!mkdtemp(dir))
            abort();
        atexit(remove_dir);
    }
    const shape *sh = &shapes[data[0] % (sizeof shapes / sizeof shapes[0])];
    pdb_table t;
    memset(&t, 0, sizeof t);
    t.k = sh->k;
    memcpy(t.tiles, sh->tiles, (size_t)sh->k);
    slide_pdb_layout(&t, sh->rows * sh->cols);
    put_file(sh, &t, data + 1, size - 1);
    char why[AMZ_ERROR_MAX];
    pdb_load_result r = slide_pdb_load(dir, sh->rows, sh->cols, &t, why, sizeof why);
    if (r != PDB_LOADED) {
        if (t.values || !why[0])
            abort(); /* a rejected file leaves nothing behind and says why */
        return 0;
    }
    if (size - 1 != 40 + t.entries)
        abort(); /* only a file of exactly the right size loads */
    /* What was accepted is written and read back byte for byte. */
    uint8_t *first = malloc((size_t)t.entries);
    if (!first)
        abort();
    memcpy(first, t.values, (size_t)t.entries);
    amz_error err;
    amz_error_clear(&err);
    if (slide_pdb_save(dir, sh->rows, sh->cols, &t, &err) != AMZ_OK)
        abort();
    slide_pdb_release(&t);
    if (slide_pdb_load(dir, sh->rows, sh->cols, &t, why, sizeof why) != PDB_LOADED ||
        memcmp(first, t.values, (size_t)t.entries) != 0)
        abort();
    free(first);
    slide_pdb_release(&t);
    return 0;
}
