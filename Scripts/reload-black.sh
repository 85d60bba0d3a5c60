#!/usr/bin/env bash
# A --watch reload's black time without building anything: the window-side hand-over as the
# supervisor makes it, played with two processes of one binary under Xvfb, over a backdrop
# window (the checkmark scene, the whole screen: a bare Xvfb root keeps stale pixels, which
# would hide a gap). The old window (fish, 400x300) is replaced by a new one the old way
# (`save`: the old ends, then the new starts and replays) or the new way (`hold`, the new one
# starts, `state.json.shown`, `end`). Captures of the screen (xwd -root, ~30 ms apart); "no
# picture" = at least 90 % of the sampled points show the backdrop.
#
#   Scripts/reload-black.sh BINARY old|new [RUNS]      (RUNS defaults to 8)
#
# `old` works with any build; `new` needs one that knows `hold`. Needs xvfb and x11-apps (xwd).
set -euo pipefail
# shellcheck source=Scripts/xvfb.sh
source "$(dirname "$0")/xvfb.sh"
binary=$(realpath "$1")
mode=$2
runs=${3:-8}
trap '[ -n "${xvfb:-}" ] && kill "$xvfb" 2>/dev/null; [ -n "${scratch:-}" ] && rm -rf "$scratch"' EXIT
start_xvfb reload-black 500 400
python3 - "$binary" "$mode" "$runs" "$scratch" <<'PYTHON'
import subprocess, struct, time, sys, os, threading
binary, mode, runs, scratch = sys.argv[1], sys.argv[2], int(sys.argv[3]), sys.argv[4]
env = dict(os.environ, GDK_SCALE="", ANIMDEMO_NO_HINT="1")
pts = [(x, y) for y in range(5, 300, 20) for x in range(5, 400, 20)]
def shot():
    d = subprocess.run(["xwd", "-root", "-silent"], capture_output=True).stdout
    if len(d) < 100: return None
    f = struct.unpack('>25I', d[:100]); start = f[0] + f[19] * 12; bpl = f[12]
    return [d[start + y * bpl + x * 4:start + y * bpl + x * 4 + 3] for (x, y) in pts]
backdrop = subprocess.Popen([binary, "--scene", "checkmark", "--size", "600x500"], env=env,
                            stdin=subprocess.PIPE, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
time.sleep(3)
ref = shot()
state = scratch + "/hs/state.json"
os.makedirs(scratch + "/hs", exist_ok=True)
def wait(path, t=30):
    end = time.time() + t
    while not os.path.exists(path):
        if time.time() > end: return False
        time.sleep(0.003)
    return True
results = []
for run in range(runs):
    for f in os.listdir(scratch + "/hs"): os.remove(scratch + "/hs/" + f)
    args = [binary, "--scene", "fish", "--size", "400x300", "--watch-state", state]
    a = subprocess.Popen(args, env=env, stdin=subprocess.PIPE, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    time.sleep(2.5)
    log = []; stop = [False]
    def watch():
        while not stop[0]:
            s = shot()
            if s is None: continue
            same = sum(1 for p, r in zip(s, ref) if p == r)
            log.append((time.time(), same >= 0.9 * len(pts)))
    t = threading.Thread(target=watch); t.start(); time.sleep(0.2)
    if mode == "old":
        a.stdin.write(b"save\n"); a.stdin.flush(); a.wait()
        b = subprocess.Popen(args, env=env, stdin=subprocess.PIPE, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        time.sleep(1.5)
    else:
        a.stdin.write(b"hold\n"); a.stdin.flush(); wait(state + ".held")
        os.remove(state + ".shown")  # the old window's own, as the supervisor removes it
        b = subprocess.Popen(args, env=env, stdin=subprocess.PIPE, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        wait(state + ".shown"); a.stdin.write(b"end\n"); a.stdin.flush(); a.wait(); time.sleep(0.5)
    stop[0] = True; t.join(); b.kill(); b.wait()
    # longest run of "no picture": from its first capture to the next capture with a picture
    longest = 0; since = None; empty = 0
    for when, gone in log:
        if gone:
            empty += 1
            if since is None: since = when
        elif since is not None:
            longest = max(longest, when - since); since = None
    gaps = [b2[0] - b1[0] for b1, b2 in zip(log, log[1:])]
    print(run, f"{longest*1000:.0f} ms", ''.join('x' if g else '.' for _, g in log), flush=True)
    results.append((longest, empty, len(log), sorted(gaps)[len(gaps) // 2] if gaps else 0))
backdrop.kill()
ls = sorted(r[0] for r in results)
print(f"{mode} ({os.path.basename(binary)}): no picture for median {ls[len(ls)//2]*1000:.0f} ms, largest {ls[-1]*1000:.0f} ms "
      f"of {runs} hand-overs; {sum(r[1] for r in results)} of {sum(r[2] for r in results)} captures showed none "
      f"(a capture every {sorted(r[3] for r in results)[len(results)//2]*1000:.0f} ms)")
PYTHON
