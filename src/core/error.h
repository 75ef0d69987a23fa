/* error.h — private helpers to fill an amz_error. */
#ifndef AMZ_CORE_ERROR_H
#define AMZ_CORE_ERROR_H

#include "amaze/status.h"

#if defined(__GNUC__) || defined(__clang__)
#define AMZ_PRINTF(f, a) __attribute__((format(printf, f, a)))
#else
#define AMZ_PRINTF(f, a)
#endif

/* Formats a message into `err` (if not NULL) and returns `code`, so that callers write
 * `return amz_errorf(err, AMZ_ERANGE, "height %d > 99", h);`. */
amz_status amz_errorf(amz_error *err, amz_status code, const char *fmt, ...) AMZ_PRINTF(3, 4);

/* Prefixes an existing message: "what: old message". Returns err->code (or code). */
amz_status amz_error_prefix(amz_error *err, amz_status code, const char *fmt, ...) AMZ_PRINTF(3, 4);

#endif
