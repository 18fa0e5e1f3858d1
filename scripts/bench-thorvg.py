#!/usr/bin/env python3
"""ThorVG's side of the Lottie benchmark: `make bench` runs this after calyx-bench, on the same machine.

Draws every frame of each Lottie reference file calyx-bench timed, at 512 x 512 on one thread (ThorVG's software
canvas, engine threads 0), and prints `bench: lottie.<file>.thorvg_frame <ms> ms` and, reading Calyx's time for the
same file from calyx-bench's output, `bench: lottie.<file>.vs_thorvg <ratio> x` (ThorVG's time / Calyx's; above 1,
Calyx is faster). The call into ThorVG from Python costs a few microseconds a frame, small beside a frame's drawing.

Usage: python3 scripts/bench-thorvg.py <calyx-bench output file>
"""
import json, os, re, statistics, sys, time

SIZE = 512
HERE = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "Tests", "LottieTests", "References")


def thorvg_frame_seconds(tvg, doc):
    """Median seconds a frame over rounds of every frame of `doc` (bytes)."""
    engine = tvg.Engine(threads=0)
    canvas = tvg.SwCanvas(engine)
    canvas.set_target(SIZE, SIZE, cs=tvg.Colorspace.ABGR8888S)
    animation = tvg.LottieAnimation(engine)
    picture = animation.get_picture()
    picture.load_data(doc, "lottie", None, True)
    picture.set_size(SIZE, SIZE)
    canvas.add(picture)
    frames = int(animation.get_total_frame()[1])  # (result, frame count)

    def one_round():
        for frame in range(frames):
            animation.set_frame(float(frame))
            canvas.update()
            canvas.draw(True)
            canvas.sync()

    one_round()
    samples = []
    for _ in range(7):
        start = time.perf_counter()
        one_round()
        samples.append((time.perf_counter() - start) / frames)
    return statistics.median(samples)


def main():
    if len(sys.argv) != 2:
        sys.exit(__doc__)
    calyx = {m.group(1): float(m.group(2))
             for m in re.finditer(r"^bench: lottie\.([\w-]+)\.calyx_frame ([\d.]+) ms", open(sys.argv[1]).read(), re.M)}
    try:
        import thorvg_python as tvg
    except ImportError:
        print("bench: ThorVG (thorvg-python) is not installed; no ThorVG figures")
        return
    for name, calyx_ms in calyx.items():
        doc = open(os.path.join(HERE, name + ".json"), "rb").read()
        thorvg_ms = thorvg_frame_seconds(tvg, doc) * 1e3
        print(f"bench: lottie.{name}.thorvg_frame {thorvg_ms:.3f} ms")
        print(f"bench: lottie.{name}.vs_thorvg {thorvg_ms / calyx_ms:.2f} x")


if __name__ == "__main__":
    main()
