/* book_pdf.c — the book's PDF held in memory, and its print boxes. cairo 1.16 sets only
 * a MediaBox; printers cut at the TrimBox and keep the BleedBox (PDF 1.7, ISO
 * 32000-1, 14.11.2), so they are added to every page object here and the classic
 * cross-reference table (7.5.4: 20-byte entries) is rewritten with the shifted offsets. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "amaze/alloc.h"
#include "core/error.h"
#include "render/book_impl.h"

/* Grows the buffer by doubling from 64 KiB. After one failed allocation every later
 * write fails too, so cairo stops and `failed` says it was memory, not a stream. */
cairo_status_t book_buf_write(void *closure, const unsigned char *data, unsigned int length)
{
    book_buf *b = closure;
    if (b->failed)
        return CAIRO_STATUS_WRITE_ERROR;
    if (b->len + length > b->cap) {
        size_t cap = b->cap ? b->cap : 1 << 16;
        while (cap < b->len + length)
            cap *= 2;
        unsigned char *p = amz_realloc(b->data, cap);
        if (!p) {
            b->failed = true;
            return CAIRO_STATUS_WRITE_ERROR;
        }
        b->data = p;
        b->cap = cap;
    }
    memcpy(b->data + b->len, data, length);
    b->len += length;
    return CAIRO_STATUS_SUCCESS;
}

void book_buf_free(book_buf *b)
{
    amz_free(b->data);
    memset(b, 0, sizeof *b);
}

/* First occurrence of the n bytes of needle in [p, end), or NULL. A plain scan: the PDF
 * holds binary streams (NUL bytes included), which strstr cannot search. */
static const unsigned char *find(const unsigned char *p, const unsigned char *end, const char *needle)
{
    const size_t n = strlen(needle);
    for (; p + n <= end; p++)
        if (*p == (unsigned char)needle[0] && memcmp(p, needle, n) == 0)
            return p;
    return NULL;
}

/* Relies on how cairo writes a PDF: one classic xref table (no xref stream) with one
 * subsection from object 0, and page objects as dictionaries holding "/Type /Page" and a
 * "/MediaBox [ ... ]" before their "endobj"; a PDF laid out otherwise is AMZ_EFORMAT.
 * O(objects^2): every insertion point and every shifted offset scans all the objects. On
 * success b holds the new file; on failure b is left as it was. */
amz_status book_pdf_boxes(book_buf *b, double trim_w, double trim_h, double bleed, amz_error *err)
{
    const unsigned char *d = b->data, *end = b->data + b->len;
    /* startxref: the last one in the file points at the table. */
    const unsigned char *sx = NULL, *p = d;
    while ((p = find(p, end, "startxref")) != NULL)
        sx = p++;
    if (!sx)
        return amz_errorf(err, AMZ_EFORMAT, "book: the PDF has no startxref");
    size_t xref = strtoul((const char *)sx + 9, NULL, 10);
    /* "xref FIRST COUNT": one subsection, from object 0. */
    unsigned long first = 1, count = 0;
    char *xend = NULL;
    if (xref + 5 < b->len && memcmp(d + xref, "xref", 4) == 0) {
        first = strtoul((const char *)d + xref + 4, &xend, 10);
        count = strtoul(xend, &xend, 10);
    }
    const size_t used = xend ? (size_t)(xend - ((const char *)d + xref)) : 0;
    if (xref >= b->len || !xend || first != 0 || count == 0 || count > UINT32_MAX)
        return amz_errorf(err, AMZ_EFORMAT, "book: the PDF has no classic xref table");
    /* The entries start after the subsection line's end of line. */
    const unsigned char *entries = d + xref + used;
    while (entries < end && (*entries == '\r' || *entries == '\n' || *entries == ' '))
        entries++;
    if (entries + (size_t)count * 20 > end)
        return amz_errorf(err, AMZ_EFORMAT, "book: the xref table is cut short");
    size_t *offset = amz_malloc(count * sizeof *offset);
    size_t *at = amz_malloc(count * sizeof *at);
    if (!offset || !at) {
        amz_free(offset);
        amz_free(at);
        return amz_errorf(err, AMZ_ENOMEM, "book: cannot index %lu PDF objects", count);
    }
    char boxes[160];
    int boxes_len = snprintf(boxes, sizeof boxes, "\n   /TrimBox [ %.4f %.4f %.4f %.4f ]\n   /BleedBox [ 0 0 %.4f %.4f ]",
                             bleed, bleed, bleed + trim_w, bleed + trim_h, trim_w + 2 * bleed, trim_h + 2 * bleed);
    /* Where each page object's MediaBox entry ends: the boxes go in right after it. */
    size_t inserts = 0;
    for (unsigned i = 0; i < count; i++) {
        const unsigned char *e = entries + (size_t)i * 20;
        /* An entry is "oooooooooo ggggg n" and a two-byte end of line: the offset, the
         * generation at e + 11, and at e[17] 'n' for an object in use, 'f' for a free one. */
        offset[i] = strtoul((const char *)e, NULL, 10);
        at[i] = 0;
        if (e[17] != 'n' || offset[i] >= b->len)
            continue;
        const unsigned char *obj = d + offset[i], *stop = find(obj, end, "endobj");
        const unsigned char *page = stop ? find(obj, stop, "/Type /Page") : NULL;
        /* "/Type /Pages" (the page tree) is not a page, nor text inside a stream. */
        if (!page || page[11] == 's' || find(obj, page, "stream"))
            continue;
        const unsigned char *mb = find(page, stop, "/MediaBox");
        const unsigned char *close = mb ? find(mb, stop, "]") : NULL;
        if (!close)
            continue;
        at[i] = (size_t)(close + 1 - d);
        inserts++;
    }
    amz_status st = AMZ_OK;
    if (inserts == 0) {
        st = amz_errorf(err, AMZ_EFORMAT, "book: the PDF has no page object with a MediaBox");
        goto done;
    }
    /* The new file: the old bytes with the boxes inserted, in file order, then a new
     * table and trailer. Offsets grow by one insertion per page object before them. */
    /* The old file bounds the copied part and the trailer, count * 20 the new table, 256
     * the "xref" and "startxref" lines. */
    size_t cap = b->len + inserts * (size_t)boxes_len + (size_t)count * 20 + 256;
    unsigned char *out = amz_malloc(cap);
    if (!out) {
        st = amz_errorf(err, AMZ_ENOMEM, "book: cannot allocate %zu bytes for the PDF", cap);
        goto done;
    }
    size_t n = 0, from = 0;
    for (;;) {
        size_t next = SIZE_MAX; /* the next insertion point after `from` */
        for (unsigned i = 0; i < count; i++)
            if (at[i] > from && at[i] < next)
                next = at[i];
        if (next == SIZE_MAX || next >= xref)
            break;
        memcpy(out + n, d + from, next - from);
        n += next - from;
        memcpy(out + n, boxes, (size_t)boxes_len);
        n += (size_t)boxes_len;
        from = next;
    }
    memcpy(out + n, d + from, xref - from);
    n += xref - from;
    /* Offsets: each shifts by the insertions before it. */
    const size_t new_xref = n;
    n += (size_t)snprintf((char *)out + n, cap - n, "xref\n0 %lu\n", count);
    for (unsigned i = 0; i < count; i++) {
        const unsigned char *e = entries + (size_t)i * 20;
        size_t shift = 0;
        for (unsigned j = 0; j < count; j++)
            shift += at[j] && at[j] <= offset[i] ? (size_t)boxes_len : 0;
        if (e[17] == 'n')
            n += (size_t)snprintf((char *)out + n, cap - n, "%010zu %.5s n \n", offset[i] + shift, (const char *)e + 11);
        else {
            memcpy(out + n, e, 20);
            n += 20;
        }
    }
    /* The trailer as cairo wrote it, then the new startxref. */
    const unsigned char *trailer = find(entries + (size_t)count * 20, end, "trailer");
    if (!trailer || trailer > sx) {
        amz_free(out);
        st = amz_errorf(err, AMZ_EFORMAT, "book: the PDF has no trailer");
        goto done;
    }
    memcpy(out + n, trailer, (size_t)(sx - trailer));
    n += (size_t)(sx - trailer);
    n += (size_t)snprintf((char *)out + n, cap - n, "startxref\n%zu\n%%%%EOF\n", new_xref);
    amz_free(b->data);
    b->data = out;
    b->len = n;
    b->cap = cap;
done:
    amz_free(offset);
    amz_free(at);
    return st;
}
