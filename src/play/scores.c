/* scores.c — the best-times file of the terminal games (see scores.h and docs/PLAY.md):
 * a versioned line-per-entry text format, parsed strictly, written through the
 * library's crash-safe amz_outfile (temporary file + rename). */
#include "play/scores.h"

#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#define SCORES_HEADER "amaze-scores 1"
/* A scores file past this size is not ours: reading stops there with a warning. */
#define SCORES_MAX_BYTES (1u << 20)

#if defined(__GNUC__) || defined(__clang__)
__attribute__((format(printf, 2, 3)))
#endif
static void warn(scores *s, const char *fmt, ...)
{
    if (s->warned)
        return;
    s->warned = true;
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(s->warning, sizeof s->warning, fmt, ap);
    va_end(ap);
}

bool scores_default_path(char *buf, size_t cap)
{
    const char *xdg = getenv("XDG_DATA_HOME"), *home = getenv("HOME");
    int n;
    /* The XDG spec: a relative or empty XDG_DATA_HOME is invalid and ignored. */
    if (xdg && xdg[0] == '/')
        n = snprintf(buf, cap, "%s/amaze/scores", xdg);
    else if (home && home[0])
        n = snprintf(buf, cap, "%s/.local/share/amaze/scores", home);
    else
        return false;
    return n > 0 && (size_t)n < cap;
}

void scores_init(scores *s, const char *path)
{
    memset(s, 0, sizeof *s);
    if (path) {
        size_t n = strlen(path) + 1;
        s->path = malloc(n);
        if (s->path)
            memcpy(s->path, path, n);
    }
}

void scores_free(scores *s)
{
    free(s->path);
    free(s->entries);
    memset(s, 0, sizeof *s);
}

static bool key_ok(const char *k)
{
    size_t n = strlen(k);
    if (n == 0 || n >= SCORES_KEY_MAX)
        return false;
    for (size_t i = 0; i < n; i++)
        if (!((k[i] >= 'a' && k[i] <= 'z') || (k[i] >= '0' && k[i] <= '9') || k[i] == '-'))
            return false;
    return true;
}

/* A decimal number of 1 to 15 digits (no sign, no spaces): times and moves fit. */
static bool number(const char *t, uint64_t *out)
{
    size_t n = strlen(t);
    if (n == 0 || n > 15)
        return false;
    uint64_t v = 0;
    for (size_t i = 0; i < n; i++) {
        if (t[i] < '0' || t[i] > '9')
            return false;
        v = v * 10 + (uint64_t)(t[i] - '0');
    }
    *out = v;
    return true;
}

static score_entry *find(const scores *s, const char *key)
{
    for (size_t i = 0; i < s->count; i++)
        if (strcmp(s->entries[i].key, key) == 0)
            return &s->entries[i];
    return NULL;
}

const score_entry *scores_find(const scores *s, const char *key)
{
    return find(s, key);
}

static score_entry *add(scores *s, const char *key)
{
    if (s->count == s->cap) {
        size_t cap = s->cap ? s->cap * 2 : 16;
        score_entry *e = realloc(s->entries, cap * sizeof *e);
        if (!e)
            return NULL;
        s->entries = e;
        s->cap = cap;
    }
    score_entry *e = &s->entries[s->count++];
    memset(e, 0, sizeof *e);
    memcpy(e->key, key, strlen(key) + 1);
    return e;
}

/* Parses "KEY TENTHS MOVES"; NULL if fine, else why not. */
static const char *parse_line(scores *s, char *line)
{
    char *fields[4];
    int n = 0;
    for (char *p = strtok(line, " \t"); p; p = strtok(NULL, " \t")) {
        if (n == 3)
            return "more than 3 fields";
        fields[n++] = p;
    }
    uint64_t tenths, moves;
    if (n != 3)
        return "expected KEY TENTHS MOVES";
    if (!key_ok(fields[0]))
        return "bad key";
    if (!number(fields[1], &tenths) || !number(fields[2], &moves))
        return "bad number";
    if (find(s, fields[0]))
        return "key repeated";
    score_entry *e = add(s, fields[0]);
    if (!e)
        return "out of memory";
    e->tenths = tenths;
    e->moves = moves;
    return NULL;
}

void scores_load(scores *s)
{
    if (!s->path)
        return;
    FILE *f = fopen(s->path, "r");
    if (!f) {
        if (errno != ENOENT) {
            s->no_save = true;
            warn(s, "scores file %s: cannot read (%s): best times are not saved this session", s->path,
                 strerror(errno));
        }
        return;
    }
    struct stat st;
    if (fstat(fileno(f), &st) == 0 && S_ISDIR(st.st_mode)) {
        fclose(f);
        s->no_save = true;
        warn(s, "scores file %s: is a folder: best times are not saved this session", s->path);
        return;
    }
    char line[256];
    long no = 0, bytes = 0;
    bool bad_header = false;
    while (fgets(line, sizeof line, f)) {
        no++;
        size_t len = strlen(line);
        bytes += (long)len;
        if (bytes > (long)SCORES_MAX_BYTES) {
            warn(s, "scores file %s: line %ld: %s; the rest is ignored", s->path, no, "file too large");
            break;
        }
        bool whole = len > 0 && line[len - 1] == '\n';
        if (!whole && !feof(f)) {
            /* A line longer than any valid one: skip to its end. */
            int c;
            while ((c = fgetc(f)) != EOF && c != '\n')
                bytes++;
            warn(s, "scores file %s: line %ld: %s; bad lines are dropped at the next save", s->path, no,
                 "line too long");
            continue;
        }
        if (whole)
            line[--len] = '\0';
        if (no == 1) {
            if (strcmp(line, SCORES_HEADER) != 0) {
                bad_header = true;
                warn(s, "scores file %s: line %ld: %s; it will be replaced at the next save", s->path, no,
                     "not an amaze scores file (expected '" SCORES_HEADER "')");
                break;
            }
            continue;
        }
        if (line[0] == '#' || line[0] == '\0')
            continue;
        const char *why = parse_line(s, line);
        if (why)
            warn(s, "scores file %s: line %ld: %s; bad lines are dropped at the next save", s->path, no, why);
    }
    if (ferror(f) && !bad_header)
        warn(s, "scores file %s: read error: best times may be incomplete", s->path);
    fclose(f);
}

amz_status scores_save(const scores *s, amz_error *err)
{
    if (!s->path)
        return amz_errorf(err, AMZ_EIO, "no place for the scores file (set XDG_DATA_HOME or HOME)");
    /* Make the folders: $XDG_DATA_HOME may not exist yet either. */
    char dir[4096];
    size_t n = strlen(s->path);
    if (n >= sizeof dir)
        return amz_errorf(err, AMZ_EIO, "scores file path too long");
    memcpy(dir, s->path, n + 1);
    char *slash = strrchr(dir, '/');
    if (slash && slash != dir) {
        *slash = '\0';
        for (char *p = dir + 1; *p; p++)
            if (*p == '/') {
                *p = '\0';
                (void)mkdir(dir, 0777); /* an existing folder is fine; failures show at open */
                *p = '/';
            }
        (void)mkdir(dir, 0777);
    }
    amz_outfile o;
    amz_status st = amz_outfile_open(&o, s->path, err);
    if (st)
        return st;
    fprintf(o.fp, "%s\n", SCORES_HEADER);
    for (size_t i = 0; i < s->count; i++)
        fprintf(o.fp, "%s %llu %llu\n", s->entries[i].key, (unsigned long long)s->entries[i].tenths,
                (unsigned long long)s->entries[i].moves);
    return amz_outfile_commit(&o, err);
}

bool scores_record(scores *s, const char *key, uint64_t tenths, uint64_t moves)
{
    if (!key_ok(key))
        return false;
    score_entry *e = find(s, key);
    if (e && (e->tenths < tenths || (e->tenths == tenths && e->moves <= moves)))
        return false;
    if (!e && !(e = add(s, key)))
        return false;
    e->tenths = tenths;
    e->moves = moves;
    if (s->no_save || !s->path)
        return true;
    amz_error err;
    amz_error_clear(&err);
    amz_status st = scores_save(s, &err);
    if (st)
        warn(s, "scores file: cannot save: %s", amz_error_message(&err, st));
    return true;
}

bool scores_take_warning(scores *s, char *buf, size_t cap)
{
    if (!s->warning[0] || cap == 0)
        return false;
    snprintf(buf, cap, "%s", s->warning);
    s->warning[0] = '\0';
    return true;
}
