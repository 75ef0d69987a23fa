/* options.c — the generator options: their defaults and the range checks every run
 * makes (below the registry and the recipe writer, which both need them). */
#include <string.h>

#include "amaze/gen.h"
#include "core/error.h"
#include "gen/gen_impl.h"

void amz_gen_options_init(amz_gen_options *o)
{
    /* Zero is the default for every option not set here (seed 0, no braid, one thread,
     * no symmetry, choice NULL = newest); the values are documented in amaze/gen.h. */
    memset(o, 0, sizeof *o);
    o->ends = AMZ_ENDS_KEEP;
    o->root = AMZ_NO_CELL;
    o->bias = AMZ_CORNER_NE;
    o->bias_weight = 0.5;
    o->weave = 0.5;
}

/* True for 0 <= v <= 1 (false for NaN). */
static bool unit_range(double v)
{
    return v >= 0.0 && v <= 1.0;
}

amz_status amz_gen_options_check(const amz_gen_options *o, amz_error *err)
{
    /* Ranges first, then enum values (cast to unsigned, so a negative value is caught
     * by the same test), then combinations that contradict each other. */
    if (!unit_range(o->braid))
        return amz_errorf(err, AMZ_ERANGE, "braid %g is outside 0..1", o->braid);
    if (!unit_range(o->bias_weight))
        return amz_errorf(err, AMZ_ERANGE, "bias weight %g is outside 0..1", o->bias_weight);
    if (!unit_range(o->weave))
        return amz_errorf(err, AMZ_ERANGE, "weave %g is outside 0..1", o->weave);
    if (!unit_range(o->branching))
        return amz_errorf(err, AMZ_ERANGE, "branching %g is outside 0..1", o->branching);
    if ((unsigned)o->ends > AMZ_ENDS_LONGEST)
        return amz_errorf(err, AMZ_EINVAL, "unknown end placement %d", (int)o->ends);
    if (o->threads > AMZ_GEN_MAX_THREADS)
        return amz_errorf(err, AMZ_ERANGE, "%u threads is outside 1..%d", o->threads, AMZ_GEN_MAX_THREADS);
    if (!unit_range(o->sparse_share) || o->sparse_share >= 1.0)
        return amz_errorf(err, AMZ_ERANGE, "sparse share %g is outside 0..1 (1 would leave no maze)", o->sparse_share);
    if ((unsigned)o->symmetry > AMZ_SYM_RADIAL)
        return amz_errorf(err, AMZ_EINVAL, "unknown symmetry %d", (int)o->symmetry);
    /* A labyrinth is one path: loops, rock eating its ends or a mirror (its cut at the
     * start is no symmetric spot) would each break what it promises. */
    if (o->unicursal && (o->braid > 0 || o->sparse || o->sparse_share > 0 || o->symmetry))
        return amz_errorf(err, AMZ_EINVAL, "a unicursal labyrinth is one path: it takes no %s",
                          o->braid > 0 ? "braid" : o->symmetry ? "symmetry" : "sparse");
    if ((unsigned)o->labyrinth > AMZ_LABYRINTH_CLASSICAL)
        return amz_errorf(err, AMZ_EINVAL, "unknown labyrinth %d", (int)o->labyrinth);
    if (o->labyrinth && (o->braid > 0 || o->unicursal || o->symmetry || o->sparse || o->sparse_share > 0))
        return amz_errorf(err, AMZ_EINVAL, "the %s labyrinth is a fixed design: it takes no %s",
                          amz_labyrinth_name(o->labyrinth),
                          o->braid > 0 ? "braid" : o->unicursal ? "unicursal" : o->symmetry ? "symmetry" : "sparse");
    if ((unsigned)o->bias > AMZ_CORNER_SW)
        return amz_errorf(err, AMZ_EINVAL, "unknown bias corner %d", (int)o->bias);
    /* The growing-tree choice is a string: parse it here (result discarded) so that a
     * bad one fails before any generator starts. */
    gen_pick_mix mix;
    return gen_parse_choice(o->choice, &mix, err);
}

/* Indexed by the enums; the names are CLI values and recipe words. "none" is listed
 * for amz_symmetry_name but not in the parse error's list of choices. */
static const char *const sym_names[] = {"none", "x", "y", "xy", "radial"};

const char *amz_symmetry_name(amz_symmetry s)
{
    return (unsigned)s <= AMZ_SYM_RADIAL ? sym_names[s] : NULL;
}

amz_status amz_symmetry_parse(const char *name, amz_symmetry *out, amz_error *err)
{
    for (unsigned i = 0; name && i <= AMZ_SYM_RADIAL; i++)
        if (strcmp(name, sym_names[i]) == 0) {
            *out = (amz_symmetry)i;
            return AMZ_OK;
        }
    return amz_errorf(err, AMZ_ENOTFOUND, "unknown symmetry '%s' (the symmetries: x, y, xy, radial)",
                      name ? name : "");
}

static const char *const lab_names[] = {"none", "classical"};

const char *amz_labyrinth_name(amz_labyrinth l)
{
    return (unsigned)l <= AMZ_LABYRINTH_CLASSICAL ? lab_names[l] : NULL;
}

amz_status amz_labyrinth_parse(const char *name, amz_labyrinth *out, amz_error *err)
{
    /* From 1: "none" is not a labyrinth one can ask for. */
    for (unsigned i = 1; name && i <= AMZ_LABYRINTH_CLASSICAL; i++)
        if (strcmp(name, lab_names[i]) == 0) {
            *out = (amz_labyrinth)i;
            return AMZ_OK;
        }
    return amz_errorf(err, AMZ_ENOTFOUND, "unknown labyrinth '%s' (the labyrinths: classical)", name ? name : "");
}
