/* row_sink.c — the row sink interface of amaze/stream.h: a table of three functions
 * behind every streamed output, so that callers feed and end each kind the same way. */
#include "amaze/stream.h"
#include "core/error.h"

amz_status amz_row_sink_put(amz_row_sink *s, int32_t y, const uint64_t *row, amz_error *err)
{
    if (!s || !s->ops)
        return amz_errorf(err, AMZ_EINVAL, "no row sink");
    return s->ops->put(s, y, row, err);
}

/* Ownership: finish and abort both end the sink's life (destroy frees it), so a caller
 * calls exactly one of them once, and never touches s afterwards. */
amz_status amz_row_sink_finish(amz_row_sink *s, amz_error *err)
{
    if (!s || !s->ops)
        return amz_errorf(err, AMZ_EINVAL, "no row sink");
    amz_status st = s->ops->finish(s, err);
    /* Destroyed even when finish failed, so the caller's error path needs no second
     * call; the stream the sink wrote to stays the caller's to close or remove. */
    s->ops->destroy(s);
    return st;
}

void amz_row_sink_abort(amz_row_sink *s)
{
    if (s && s->ops)
        s->ops->destroy(s);
}
