#define _GNU_SOURCE
#include <math.h>
#include "CMathShim.h"

void calyx_sincos(double angle, double *sine, double *cosine) { sincos(angle, sine, cosine); }
