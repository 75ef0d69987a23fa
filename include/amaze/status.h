/* amaze/status.h — status codes and error messages.
 *
 * Every fallible libamaze function returns an amz_status: AMZ_OK (0) on success, a
 * negative code otherwise. Functions that can fail on user data also take an optional
 * amz_error * (NULL is allowed) that receives a one-line message saying what was wrong
 * and where. The library never prints, exits or aborts. */
#ifndef AMAZE_STATUS_H
#define AMAZE_STATUS_H

#include "amaze/export.h"

typedef enum amz_status {
    AMZ_OK = 0,
    AMZ_EINVAL = -1,       /* an argument is invalid (NULL, wrong kind, bad name) */
    AMZ_ERANGE = -2,       /* a number is outside its allowed range */
    AMZ_ENOMEM = -3,       /* out of memory, or a size too large to represent */
    AMZ_EIO = -4,          /* reading or writing a file failed */
    AMZ_EFORMAT = -5,      /* input data does not follow its format */
    AMZ_ENOTFOUND = -6,    /* no algorithm, style or item by that name */
    AMZ_EUNSUPPORTED = -7, /* valid request this topology or build cannot do */
    AMZ_ENOPATH = -8,      /* no path between the requested cells */
    AMZ_ECANCELED = -9     /* an observer asked to stop */
} amz_status;

/* Longest message an amz_error holds, including the terminating NUL. */
#define AMZ_ERROR_MAX 256

/* Caller-owned error record. `code` repeats the returned status; `msg` is a
 * NUL-terminated sentence without a trailing newline (empty when none was set). */
typedef struct amz_error {
    amz_status code;
    char msg[AMZ_ERROR_MAX];
} amz_error;

/* A short static English name for a status code ("out of memory"); never NULL,
 * "unknown status" for values outside the enum. */
AMZ_API const char *amz_strerror(amz_status status);

/* Clears an error record (code AMZ_OK, empty message). NULL is a no-op. */
AMZ_API void amz_error_clear(amz_error *err);

/* The message of `err` if one was set, else amz_strerror(code) ; never NULL. */
AMZ_API const char *amz_error_message(const amz_error *err, amz_status code);

#if defined(__GNUC__) || defined(__clang__)
#define AMZ_PRINTF(f, a) __attribute__((format(printf, f, a)))
#else
#define AMZ_PRINTF(f, a)
#endif

/* Fills `err` (if not NULL) with a printf-formatted message (truncated to
 * AMZ_ERROR_MAX - 1 bytes) and `code`, and returns `code`, so that code that extends
 * the library writes `return amz_errorf(err, AMZ_ERANGE, "height %d > 99", h);`. */
AMZ_API amz_status amz_errorf(amz_error *err, amz_status code, const char *fmt, ...) AMZ_PRINTF(3, 4);

/* Prefixes the message already in `err`: "<prefix>: <old message>" (the old message
 * defaults to amz_strerror(code) when empty). Keeps the code already recorded in err
 * if there is one, else records `code`; returns the recorded code. NULL err: returns
 * code. */
AMZ_API amz_status amz_error_prefix(amz_error *err, amz_status code, const char *fmt, ...) AMZ_PRINTF(3, 4);

#endif
