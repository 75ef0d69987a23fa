/* status.c — names of status codes and the error-message helpers.
 * Every function here accepts err == NULL (the caller does not want a message) and
 * always leaves err->msg NUL-terminated, truncating rather than overflowing. */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "amaze/status.h"
#include "core/error.h"

const char *amz_strerror(amz_status status)
{
    switch (status) {
    case AMZ_OK: return "success";
    case AMZ_EINVAL: return "invalid argument";
    case AMZ_ERANGE: return "value out of range";
    case AMZ_ENOMEM: return "out of memory";
    case AMZ_EIO: return "input/output error";
    case AMZ_EFORMAT: return "malformed data";
    case AMZ_ENOTFOUND: return "not found";
    case AMZ_EUNSUPPORTED: return "not supported";
    case AMZ_ENOPATH: return "no path";
    case AMZ_ECANCELED: return "canceled";
    }
    /* No default, so a new status code without a name is a compiler warning. */
    return "unknown status";
}

void amz_error_clear(amz_error *err)
{
    if (err) {
        err->code = AMZ_OK;
        err->msg[0] = '\0';
    }
}

const char *amz_error_message(const amz_error *err, amz_status code)
{
    /* A set message says more than the code's name; without one, prefer the code
     * recorded where the failure happened over the one the caller passes. */
    if (err && err->msg[0])
        return err->msg;
    return amz_strerror(err && err->code ? err->code : code);
}

amz_status amz_errorf(amz_error *err, amz_status code, const char *fmt, ...)
{
    if (err) {
        va_list ap;
        va_start(ap, fmt);
        vsnprintf(err->msg, sizeof err->msg, fmt, ap);
        va_end(ap);
        err->code = code;
    }
    return code;
}

amz_status amz_error_prefix(amz_error *err, amz_status code, const char *fmt, ...)
{
    if (!err)
        return code;
    /* The old message is copied out first because it is both a source and the
     * destination of the composed one. */
    char prefix[AMZ_ERROR_MAX], old[AMZ_ERROR_MAX];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(prefix, sizeof prefix, fmt, ap);
    va_end(ap);
    memcpy(old, err->msg, sizeof old);
    if (!old[0])
        snprintf(old, sizeof old, "%s", amz_strerror(code));
    /* Compose in a buffer big enough for both, then keep what fits. */
    char both[2 * AMZ_ERROR_MAX + 2];
    snprintf(both, sizeof both, "%s: %s", prefix, old);
    size_t n = strlen(both);
    if (n >= sizeof err->msg)
        n = sizeof err->msg - 1;
    memcpy(err->msg, both, n);
    err->msg[n] = '\0';
    /* The first recorded code wins: the callee that failed knew why (say AMZ_ENOMEM)
     * better than a caller adding context (which might pass AMZ_EIO). */
    if (!err->code)
        err->code = code;
    return err->code;
}
