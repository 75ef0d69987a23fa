/* version.c — the run-time version of the linked library.
 * AMZ_VERSION_STRING/NUMBER in amaze/version.h are what a caller compiled against;
 * these functions return what it links with, so a program can detect a mismatch. */
#include "amaze/version.h"

const char *amz_version(void)
{
    return AMZ_VERSION_STRING;
}

int amz_version_number(void)
{
    return AMZ_VERSION_NUMBER;
}
