#!/usr/bin/env python3
"""A simulated study session streamed over Lab Streaming Layer (--lsl),
received by pylsl inlets on this machine: every marker must arrive, in the
order and with the text and time stamps of the participant's events.csv,
and the camera stream must deliver one sample per tick of play.

Usage: .ci/lsl-test.py PATH/TO/wobblecaster
Needs pylsl (pip install pylsl); LSL_LIB is pointed at its liblsl.so and
LSLAPICFG at .ci/lsl_api.cfg (discovery and data on loopback only) unless
already set.
"""
import csv
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
os.environ.setdefault("LSLAPICFG", os.path.join(HERE, "lsl_api.cfg"))
import pylsl  # noqa: E402  (after LSLAPICFG: liblsl reads it when loaded)

os.environ.setdefault(
    "LSL_LIB", os.path.join(os.path.dirname(pylsl.__file__), "lib", "liblsl.so")
)

PROTOCOL = """name = "lsl"
map = "feel_course"
exposure_s = 20
fms_interval_s = 10
rest_s = 0
mssq = true
[[question]]
id = "control"
text = "In control?"
low = "no"
high = "yes"
[[condition]]
name = "polar"
movement = { model = "polar" }
[[condition]]
name = "quake"
movement = { model = "quake" }
"""


# The most rows events.csv may write before the streams open, without
# lsl_time (the session's start).
OPENING_ROWS = 8
# The longest the session may take to end once its streams are read, s.
END_TIMEOUT_S = 60


def fail(message):
    print("FAILED: " + message, file=sys.stderr)
    sys.exit(1)


def main():
    game = os.path.abspath(sys.argv[1])
    work = tempfile.mkdtemp(prefix="lsl-test-")
    run = None
    try:
        protocol = os.path.join(work, "lsl.toml")
        with open(protocol, "w") as f:
            f.write(PROTOCOL)
        results = os.path.join(work, "results")
        run = subprocess.Popen(
            [game, "study", "run", protocol, "--participant", "L01", "--simulate", "1",
             "--headless", "--results", results, "--lsl", "--lsl-wait", "60"],
            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        check(run, results)
    finally:
        # On every path out, a failure's included: no session left running,
        # no scratch folder left behind.
        if run is not None and run.poll() is None:
            run.kill()
            run.wait()
        shutil.rmtree(work, ignore_errors=True)


def ended(run):
    """The session's stdout and stderr once it has ended; fails (the caller
    kills it) if it runs past END_TIMEOUT_S."""
    try:
        return run.communicate(timeout=END_TIMEOUT_S)
    except subprocess.TimeoutExpired:
        fail(f"study run still running {END_TIMEOUT_S} s after its streams went quiet")


def check(run, results):
    """Reads the session's streams and checks them against its files."""
    inlets = {}
    for name in ["wobblecaster-markers", "wobblecaster-camera"]:
        found = pylsl.resolve_byprop("name", name, 1, 30)
        if not found:
            run.kill()
            fail(f"no stream {name} found in 30 s: {ended(run)}")
        # recover: the program's end closes the outlets; what they sent is
        # still read from the inlet's buffer.
        inlet = pylsl.StreamInlet(found[0], max_buflen=3600, recover=True)
        inlet.open_stream(timeout=20)
        inlets[name] = inlet
    markers, camera = [], 0
    idle_since = None
    deadline = time.time() + 300
    while time.time() < deadline:
        got = False
        texts, stamps = inlets["wobblecaster-markers"].pull_chunk(timeout=0.05)
        if texts:
            markers.extend((t[0], s) for t, s in zip(texts, stamps))
            got = True
        chunk, _ = inlets["wobblecaster-camera"].pull_chunk(timeout=0.0, max_samples=100000)
        if chunk:
            camera += len(chunk)
            for s in chunk:
                if len(s) != 6:
                    fail(f"a camera sample of {len(s)} channels")
            got = True
        if got:
            idle_since = None
        elif run.poll() is not None:
            idle_since = idle_since or time.time()
            if time.time() - idle_since > 3:
                break
    out, err = ended(run)
    if run.returncode != 0:
        fail(f"study run failed: {err}")
    ticks = re.search(r"conditions, (\d+) ticks", out)
    if not ticks:
        fail(f"no tick count in: {out}")
    ticks = int(ticks.group(1))
    with open(os.path.join(results, "lsl", "L01", "events.csv")) as f:
        rows = list(csv.DictReader(f))
    wanted = [(r["event"] + (" " + r["detail"] if r["detail"] else "")) for r in rows]
    received = [m for m, _ in markers]
    if received != wanted:
        fail(f"markers differ from events.csv:\n received {received}\n wanted   {wanted}")
    # Under --lsl every row carries the time its marker was stamped with,
    # but the session's opening rows: written before the streams opened
    # (session_start), their markers are pushed once they are, at most
    # OPENING_ROWS of them (src/study/results/events.rs, MAX_PENDING).
    opening = 0
    while opening < len(rows) and not rows[opening]["lsl_time"]:
        opening += 1
    if opening > OPENING_ROWS or opening == len(rows):
        fail(f"{opening} of {len(rows)} rows of events.csv lack lsl_time under --lsl")
    for (text, stamp), row in list(zip(markers, rows))[opening:]:
        if not row["lsl_time"]:
            fail(f"{text}: no lsl_time in events.csv under --lsl")
        if abs(float(row["lsl_time"]) - stamp) > 1e-5:
            fail(f"{text}: stamped {stamp}, events.csv says {row['lsl_time']}")
    if camera != ticks:
        fail(f"{camera} camera samples for {ticks} ticks of play")
    print(f"lsl: {len(markers)} markers in order, as events.csv; "
          f"{camera} camera samples for {ticks} ticks")

main()
