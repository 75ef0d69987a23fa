/* dijkstra_out.c — Dijkstra and flee maps as text or JSON, for `amaze dungeon dijkstra`
 * and `amaze solve --dijkstra`: one line (or JSON array) a row, the values right-aligned
 * to the widest, '#' (null) for walls and removed cells, '-' (null) where no goal
 * reaches, so every row has one field a cell for tools that split on blanks. */
#include <string.h>

#include "cli/cli.h"
#include "cli/dungeon_cli.h"
#include "cli/terrain_cli.h"

/* The number at cell i, or false for a cell with none (the FAR value: a wall, a removed
 * cell or one no goal reaches; the caller asks mp->wall which). */
static bool value_at(const cli_map *mp, int64_t i, long long *v)
{
    if (mp->flee)
        return mp->flee[i] != AMZ_FLEE_FAR && (*v = mp->flee[i], true);
    return mp->dist[i] != AMZ_DIJKSTRA_FAR && (*v = mp->dist[i], true);
}

static amz_status write_map(const void *ctx, FILE *f, amz_error *err)
{
    const cli_map *mp = ctx;
    /* A first pass for the widest value, so the text columns line up; at least 1 for the
     * one-character '#' and '-'. */
    int width = 1;
    const int64_t cells = mp->row0 ? mp->row0[mp->h] : mp->w * mp->h;
    for (int64_t i = 0; i < cells; i++) {
        long long v;
        char buf[24];
        if (value_at(mp, i, &v)) {
            int n = snprintf(buf, sizeof buf, "%lld", v);
            width = n > width ? n : width;
        }
    }
    if (mp->json)
        fprintf(f, "{\"width\":%lld,\"height\":%lld,\"kind\":\"%s\",\"map\":[\n", (long long)mp->w,
                (long long)mp->h, mp->flee ? "flee" : "dijkstra");
    for (int64_t y = 0; y < mp->h; y++) {
        fputs(mp->json ? "  [" : "", f);
        const int64_t first = mp->row0 ? mp->row0[y] : y * mp->w, len = mp->row0 ? mp->row0[y + 1] - first : mp->w;
        for (int64_t x = 0; x < len; x++) {
            long long v;
            const int64_t i = first + x;
            const char *sep = x ? (mp->json ? "," : " ") : "";
            if (value_at(mp, i, &v))
                fprintf(f, "%s%*lld", sep, mp->json ? 0 : width, v);
            else if (mp->json)
                fprintf(f, "%snull", sep);
            else
                fprintf(f, "%s%*s", sep, width, mp->wall(mp->ctx, i) ? "#" : "-");
        }
        fputs(mp->json ? (y + 1 < mp->h ? "],\n" : "]\n") : "\n", f);
    }
    if (mp->json)
        fputs("]}\n", f);
    /* Write errors are checked once at the end (the stream's error flag is sticky); EIO
     * makes cli_outfile_end name the file. */
    return ferror(f) ? amz_errorf(err, AMZ_EIO, "cannot write the map") : AMZ_OK;
}

/* Through terrain's tcli_write, which brings the atomic, signal-safe output. */
int cli_write_map(const char *cmd, const char *path, const cli_map *mp)
{
    return tcli_write(cmd, !path || strcmp(path, "-") == 0 ? "-" : path, write_map, mp);
}
