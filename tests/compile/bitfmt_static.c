/* bitfmt_static.c — compiled (not run) by CTest: the article's 17-bit format declared
 * statically must compile in a 32-bit word and be refused by the compiler in a 16-bit
 * one ("over-wide formats are refused at declaration"). -DWORD_BITS=16 or 32. */
#include <stddef.h>
#include <stdint.h>

#include "amaze/bitfmt.h"

#define ARTICLE_FIELDS(X) X(type, 8) X(height, 8) X(vegetation, 1)
#if WORD_BITS == 16
AMZ_BITFMT_LAYOUT(article, 16, ARTICLE_FIELDS);
#else
AMZ_BITFMT_LAYOUT(article, 32, ARTICLE_FIELDS);
#endif

int article_height(uint64_t word);
int article_height(uint64_t word)
{
    return (int)AMZ_BITFMT_GET(article, height, word);
}
