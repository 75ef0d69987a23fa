/* fuzz_bitfmt_parse.c — format declarations from text ("type:8,height:8,vegetation:1"):
 * an accepted format describes itself back to text that parses to an equal format, and
 * packing its field maxima then unpacking returns them. */
#include "fuzz_util.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    char spec[1025];
    if (!fuzz_input_string(spec, sizeof spec, data, size))
        return 0;
    static const unsigned words[] = {0, 8, 16, 32, 64};
    for (unsigned w = 0; w < 5; w++) {
        amz_bitfmt f, g;
        amz_error err;
        if (amz_bitfmt_parse(&f, spec, words[w], &err) != AMZ_OK)
            continue;
        char text[4096];
        if (amz_bitfmt_describe(&f, text, sizeof text) >= sizeof text)
            continue;
        if (amz_bitfmt_parse(&g, text, f.word_bits, &err) != AMZ_OK || !amz_bitfmt_equal(&f, &g))
            abort();
        uint64_t in[AMZ_BITFMT_MAX_FIELDS], out[AMZ_BITFMT_MAX_FIELDS], word = 0;
        for (unsigned i = 0; i < f.nfields; i++)
            in[i] = amz_bitfmt_max(&f, i);
        if (amz_bitfmt_pack(&f, in, &word, &err) || amz_bitfmt_unpack(&f, word, out, &err))
            abort();
        for (unsigned i = 0; i < f.nfields; i++)
            if (in[i] != out[i])
                abort();
    }
    return 0;
}
