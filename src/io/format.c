/* format.c — names of the maze file formats, for --format and messages.
 * The names are CLI option values, so they are part of the interface; the parse loop
 * relies on the enum running AMZ_FORMAT_AMZ .. AMZ_FORMAT_TEXT without gaps. */
#include <string.h>

#include "amaze/io.h"
#include "core/error.h"

const char *amz_format_name(amz_format f)
{
    switch (f) {
    case AMZ_FORMAT_AMZ: return "amz";
    case AMZ_FORMAT_JSON: return "json";
    case AMZ_FORMAT_TEXT: return "text";
    }
    /* No default: a new format without a name is a compiler warning. */
    return NULL;
}

amz_status amz_format_parse(const char *name, amz_format *out, amz_error *err)
{
    for (int f = AMZ_FORMAT_AMZ; f <= AMZ_FORMAT_TEXT; f++)
        if (name && strcmp(name, amz_format_name((amz_format)f)) == 0) {
            *out = (amz_format)f;
            return AMZ_OK;
        }
    return amz_errorf(err, AMZ_ENOTFOUND, "unknown format '%s' (expected amz, json or text)", name ? name : "");
}
