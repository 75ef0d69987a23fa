/* error.h — the error-message helpers, now public in amaze/status.h (amz_errorf,
 * amz_error_prefix); kept as the private include name used across src/. */
#ifndef AMZ_CORE_ERROR_H
#define AMZ_CORE_ERROR_H

#include "amaze/status.h"

#endif
