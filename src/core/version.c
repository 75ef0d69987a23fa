/* version.c — the run-time version of the linked library. */
#include "amaze/version.h"

const char *amz_version(void)
{
    return AMZ_VERSION_STRING;
}

int amz_version_number(void)
{
    return AMZ_VERSION_NUMBER;
}
