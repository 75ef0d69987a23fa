/* anim_options.c — the animation options: kinds by name, defaults, and the checks
 * amz_anim_run makes before drawing anything. */
#include <string.h>

#include "amaze/anim.h"
#include "core/error.h"
#include "render/anim_impl.h"

const char *amz_anim_what_name(amz_anim_what w)
{
    switch (w) {
    case AMZ_ANIM_GENERATE: return "generate";
    case AMZ_ANIM_SOLVE: return "solve";
    case AMZ_ANIM_BOTH: return "both";
    }
    return NULL;
}

/* The kind named `name` (as amz_anim_what_name spells it); AMZ_ENOTFOUND otherwise,
 * NULL included. */
amz_status amz_anim_what_parse(const char *name, amz_anim_what *out, amz_error *err)
{
    for (int w = AMZ_ANIM_GENERATE; w <= AMZ_ANIM_BOTH; w++)
        if (name && strcmp(name, amz_anim_what_name((amz_anim_what)w)) == 0) {
            *out = (amz_anim_what)w;
            return AMZ_OK;
        }
    return amz_errorf(err, AMZ_ENOTFOUND, "unknown animation '%s' (expected generate, solve or both)",
                      name ? name : "");
}

void amz_anim_options_init(amz_anim_options *o)
{
    memset(o, 0, sizeof *o);
    o->what = AMZ_ANIM_BOTH;
    o->generator = amz_gen_at(0)->name; /* the catalog's default */
    amz_gen_options_init(&o->gen);
    o->solver = "dfs";
    o->fps = 25;
    o->duration = 10;
    o->hold_cs = 100;
    o->trail = 40;
    amz_image_options_init(&o->image);
}

/* amaze/anim.h: the options, then the frames' layout as setup (anim.c) will ask for it. */
amz_status amz_anim_check(const amz_maze *m, const amz_anim_options *o, amz_error *err)
{
    amz_anim_options defaults;
    if (!o) {
        amz_anim_options_init(&defaults);
        o = &defaults;
    }
    amz_status st = anim_check_options(o, err);
    if (st)
        return st;
    /* Frames are pictures in memory, never streamed. */
    amz_image_options io = o->image;
    io.stream = AMZ_STREAM_NEVER;
    io.distances = false;
    amz_image_layout l;
    return amz_image_layout_get(m, &io, AMZ_IMAGE_PNG, &l, err);
}

/* The bounds and their reasons: fps at most 50 because GIF delays are whole centiseconds
 * (2 cs a frame at 50); hold_cs at most 65535, a GIF delay's 16 bits; trail at most 10000
 * events (the trail ring holds trail + 2 entries); duration up to a day, and only when it
 * sets N (steps_per_frame 0). */
amz_status anim_check_options(const amz_anim_options *o, amz_error *err)
{
    if (!amz_anim_what_name(o->what))
        return amz_errorf(err, AMZ_EINVAL, "unknown animation kind %d", (int)o->what);
    if (o->fps < 1 || o->fps > 50)
        return amz_errorf(err, AMZ_ERANGE, "%d frames a second is outside 1..50 (GIF delays are centiseconds)", o->fps);
    if (o->trail < 1 || o->trail > 10000)
        return amz_errorf(err, AMZ_ERANGE, "trail length %d is outside 1..10000", o->trail);
    if (o->hold_cs < 0 || o->hold_cs > 65535)
        return amz_errorf(err, AMZ_ERANGE, "hold time %d cs is outside 0..65535", o->hold_cs);
    if (!o->steps_per_frame && !(o->duration > 0 && o->duration <= 86400))
        return amz_errorf(err, AMZ_ERANGE, "duration %g s is outside (0, 86400]", o->duration);
    return AMZ_OK;
}

/* amaze/anim.h. Unlike amz_anim_check, o must not be NULL. */
uint64_t amz_anim_memory_estimate(const amz_maze *m, const amz_anim_options *o)
{
    amz_image_options io = o->image;
    io.stream = AMZ_STREAM_NEVER;
    io.distances = false;
    amz_image_layout l;
    if (amz_image_layout_get(m, &io, AMZ_IMAGE_PNG, &l, NULL))
        return UINT64_MAX;
    const uint64_t px = (uint64_t)l.width * (uint64_t)l.height, cells = (uint64_t)m->ncells;
    /* The frame's palette indices and cairo's ARGB canvas (5 bytes a pixel), the last
     * frame drawn as amz_image_write draws it (4 more), and per cell its state, stamp
     * and dirty-list slot (17 bytes) plus path bits. */
    uint64_t bytes = px * 9 + cells * 18;
    const amz_gen_info *g = amz_gen_find(o->generator);
    if ((o->what & AMZ_ANIM_GENERATE) && g) {
        /* The generator's estimate includes the maze, which the caller counts: add the rest. */
        uint64_t gen = amz_gen_memory_estimate(g, m->topology, m->width, m->height, true);
        uint64_t maze = amz_maze_memory(m);
        bytes += gen > maze ? gen - maze : 0;
    }
    const amz_solve_info *s = amz_solve_find(o->solver);
    if ((o->what & AMZ_ANIM_SOLVE) && s)
        bytes += cells * s->work_bits / 8 + cells; /* and the path, a byte a move */
    return bytes;
}
