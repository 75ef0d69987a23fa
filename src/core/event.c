/* event.c — names of observer events, for logs and the CLI's --trace.
 * The names are part of the trace output's format: renaming one changes what scripts
 * reading a trace see, so it needs a CHANGELOG line. */
#include "amaze/observer.h"

const char *amz_event_name(amz_event_type type)
{
    switch (type) {
    case AMZ_EV_VISIT: return "visit";
    case AMZ_EV_CARVE: return "carve";
    case AMZ_EV_WALL: return "wall";
    case AMZ_EV_ENTER: return "enter";
    case AMZ_EV_BACKTRACK: return "backtrack";
    case AMZ_EV_FRONTIER: return "frontier";
    case AMZ_EV_PATH: return "path";
    case AMZ_EV_PROGRESS: return "progress";
    }
    /* No default in the switch, so the compiler flags a new event left unnamed; a
     * value outside the enum (a caller's cast) still gets a name, never NULL. */
    return "?";
}
