/* glue_impl.h — what the web glue files share (private to web/): the last error, the
 * recording observer and output buffers, all kept in web/glue.c. */
#ifndef AMZ_WEB_GLUE_IMPL_H
#define AMZ_WEB_GLUE_IMPL_H

#include <stddef.h>
#include <stdint.h>

#include "amaze.h"

/* The error record every glue call fills (cleared by glue_clear at the call's start). */
amz_error *glue_err(void);
void glue_clear(void);
/* Records st with msg (NULL: keep the library's message, else amz_strerror) and
 * returns st. */
int32_t glue_fail(amz_status st, const char *msg);
/* An observer that reports PROGRESS to JavaScript and, with record_limit > 0, records
 * up to that many step events (one more cancels the run). */
const amz_observer *glue_observer(int32_t record_limit, amz_observer *obs);
/* glue_fail for a failed observed run: a cancel caused by the event limit says so. */
int32_t glue_canceled(amz_status st);
/* Hands a malloc'd buffer of len bytes to JavaScript (web_out_len gives len). */
uint8_t *glue_memstream_take(char *buf, size_t len);

#endif
