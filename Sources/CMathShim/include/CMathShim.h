#ifndef CALYX_CMATHSHIM_H
#define CALYX_CMATHSHIM_H
/* glibc's sincos (a GNU extension Swift's Glibc module does not expose): sine and cosine of one angle in one
   call, for the per-frame animation path. */
void calyx_sincos(double angle, double *sine, double *cosine);
#endif
