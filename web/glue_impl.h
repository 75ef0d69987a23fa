/* glue_impl.h — what the web glue files share (private to web/): the last error, the
 * recording observer, output buffers and allocation, kept in web/glue.c, and the end
 * of every call that returns a maze, in web/glue_maze.c. */
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
/* A zeroed heap block of size bytes for a web_* call that returns an object, or NULL
 * with "out of memory" recorded. */
void *glue_calloc(size_t size);
/* Ends a web_* call that returns a maze from glue_calloc, made (or read) with status
 * st: m when st is AMZ_OK, else NULL with st recorded (glue_fail) and m freed with
 * what it holds (web_maze_free; a failed init or read leaves m zeroed). In
 * glue_maze.c. */
amz_maze *glue_maze_result(amz_maze *m, amz_status st);
/* glue_maze_result after cutting a made maze to shape s (0 = rect: left as it is) as
 * --shape does. In glue_maze.c. */
amz_maze *glue_maze_shaped(amz_maze *m, amz_status st, int32_t shape);

#endif
