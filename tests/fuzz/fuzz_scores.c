/* fuzz_scores.c — the games' best-times file (src/play/scores.c), read as a game reads
 * it: from a file, whatever it holds. The reader never fails a game, so the checks are
 * on what it keeps: every entry has a valid key ([a-z0-9-], non-empty, no repeats),
 * and the table it kept saves and loads back unchanged, without a warning. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "fuzz_util.h"
#include "play/scores.h"

static char dir[64];

static void remove_dir(void)
{
    char path[128];
    snprintf(path, sizeof path, "%s/scores", dir);
    unlink(path);
    snprintf(path, sizeof path, "%s/again", dir);
    unlink(path);
    rmdir(dir);
}

static bool key_ok(const char *k)
{
    if (!k[0] || strlen(k) >= SCORES_KEY_MAX)
        return false;
    for (; *k; k++)
        if (!((*k >= 'a' && *k <= 'z') || (*k >= '0' && *k <= '9') || *k == '-'))
            return false;
    return true;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (!dir[0]) {
        snprintf(dir, sizeof dir, "/tmp/fuzz-scores-XXXXXX");
        if (!mkdtemp(dir))
            abort();
        atexit(remove_dir);
    }
    char path[128], again[128];
    snprintf(path, sizeof path, "%s/scores", dir);
    snprintf(again, sizeof again, "%s/again", dir);
    FILE *f = fopen(path, "wb");
    if (!f || (size && fwrite(data, 1, size, f) != size))
        abort();
    fclose(f);
    scores s;
    scores_init(&s, path);
    scores_load(&s);
    for (size_t i = 0; i < s.count; i++) {
        if (!key_ok(s.entries[i].key))
            fuzz_die("a kept entry has a bad key");
        for (size_t j = 0; j < i; j++)
            if (strcmp(s.entries[i].key, s.entries[j].key) == 0)
                fuzz_die("a key was kept twice");
    }
    /* The kept table, saved elsewhere and read back: the same entries, no warning. */
    scores t;
    scores_init(&t, again);
    t.entries = s.entries;
    t.count = s.count;
    amz_error err;
    if (scores_save(&t, &err) != AMZ_OK)
        fuzz_die("saving the kept table failed");
    t.entries = NULL;
    t.count = 0;
    scores_free(&t);
    scores u;
    scores_init(&u, again);
    scores_load(&u);
    char warning[2 * AMZ_ERROR_MAX];
    if (scores_take_warning(&u, warning, sizeof warning)) {
        fprintf(stderr, "%s\n", warning);
        fuzz_die("a saved table read back with a warning");
    }
    if (u.count != s.count)
        fuzz_die("a saved table read back with another number of entries");
    for (size_t i = 0; i < u.count; i++) {
        const score_entry *e = scores_find(&s, u.entries[i].key);
        if (!e || e->tenths != u.entries[i].tenths || e->moves != u.entries[i].moves)
            fuzz_die("a saved table read back different");
    }
    scores_free(&u);
    scores_free(&s);
    return 0;
}
