// What the processor running Calyx's C can do, asked once at run time: one binary runs on every x86-64, and the
// kernels built for wider vectors (a `target` attribute per function) are called only where they can run.
#ifndef CALYX_PROCESSOR_H
#define CALYX_PROCESSOR_H

/// Nonzero when the processor has AVX2 and wide paths are allowed (always zero off x86-64).
int calyx_has_avx2(void);

/// Allows (nonzero, the default) or forbids the AVX2 paths of CCoverage, process-wide: for tests that compare
/// them with the scalar paths, whose every byte they must match (so a frame drawn meanwhile is the same either way).
void calyx_allow_wide_paths(int allowed);

#endif
