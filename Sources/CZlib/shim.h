// zlib (Debian zlib1g-dev): CRC-32 of the chunks an APNG writer assembles.
#include <zlib.h>
