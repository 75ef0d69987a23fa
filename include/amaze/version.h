/* amaze/version.h — library version, at compile time and at run time. */
#ifndef AMAZE_VERSION_H
#define AMAZE_VERSION_H

#include "amaze/export.h"

#define AMZ_VERSION_MAJOR 0
#define AMZ_VERSION_MINOR 7
#define AMZ_VERSION_PATCH 0
#define AMZ_VERSION_STRING "0.7.0"
/* One number that grows with every release: MAJOR*10000 + MINOR*100 + PATCH. */
#define AMZ_VERSION_NUMBER (AMZ_VERSION_MAJOR * 10000 + AMZ_VERSION_MINOR * 100 + AMZ_VERSION_PATCH)

/* The version string of the linked library ("0.3.0"), which may differ from the
 * AMZ_VERSION_STRING a program was compiled against. Static storage; never NULL. */
AMZ_API const char *amz_version(void);

/* AMZ_VERSION_NUMBER of the linked library. */
AMZ_API int amz_version_number(void);

#endif
