#!/usr/bin/env python3
"""Plays a whole Crossfire: Vietnam game in the real launcher with the mouse,
under Xvfb: X11 pointer moves, drags and clicks (xdotool), nothing else.

The launcher, built with `--features dev`, is started with
VT_AUTOSTART=crossfire-vn (the first scenario, Trail Contact), the Free
World played here, the VC by the computer (VT_SEATS), and VT_TARGETS=FILE,
where the plugin writes where each stand and button of the column is
(crates/crossfire_vn/plugin/src/dev.rs). A simple policy: set up as
placed; in each initiative fire at an enemy in sight (select the firer,
click the target), else drag a stand towards the objective, at most a few
actions, then end the initiative; fire back reactively when a stand can
(select it, click the mover), else let the move go on; land a Dust Off.
Screenshots go to OUT/crossfire-*.png.

usage: mouse_play.py APP OUT [SEED] [MAX_CLICKS]
"""
import json, os, subprocess, sys, time, random

app, out = sys.argv[1], sys.argv[2]
seed = sys.argv[3] if len(sys.argv) > 3 else "7"
max_clicks = int(sys.argv[4]) if len(sys.argv) > 4 else 900
os.makedirs(out, exist_ok=True)
targets = os.path.join(out, "cf-targets.json")
# A display nobody uses: Xvfb picks a free one and says which (-displayfd);
# other sessions may be driving their own displays on this machine.
rfd, wfd = os.pipe()
xvfb = subprocess.Popen(["Xvfb", "-displayfd", str(wfd), "-screen", "0", "1280x800x24"],
                        stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, pass_fds=(wfd,))
os.close(wfd)
display = ":" + os.read(rfd, 16).decode().strip()
time.sleep(1)
env = dict(os.environ, DISPLAY=display, VT_AUTOSTART="crossfire-vn", VT_SEED=seed,
           VT_SEATS=os.environ.get("SEATS", "person,computer"),
           VT_TARGETS=targets, VT_SAVE_DIR=os.path.join(out, "saves"))
if os.path.exists(targets):
    os.remove(targets)
log = open(os.path.join(out, "cf-app.log"), "w")
proc = subprocess.Popen([app], env=env, stdout=log, stderr=subprocess.STDOUT)
xenv = dict(os.environ, DISPLAY=display)


def cleanup():
    proc.terminate()
    xvfb.terminate()


import atexit, signal
atexit.register(cleanup)
signal.signal(signal.SIGTERM, lambda *_: sys.exit(1))
clicks = 0
shots = set()


def shot(name, once=True):
    if once and name in shots:
        return
    shots.add(name)
    p = os.path.join(out, "crossfire-" + name + ".png")
    xwd = subprocess.run(["xwd", "-root", "-silent"], env=xenv, capture_output=True)
    subprocess.run(["convert", "xwd:-", p], input=xwd.stdout)
    print("screenshot", p, flush=True)


def read():
    for _ in range(1200):
        try:
            with open(targets) as f:
                return json.load(f)
        except (OSError, ValueError):
            time.sleep(0.1)
    raise SystemExit("no targets file: did the game start?")


def xdo(*a):
    subprocess.run(["xdotool", *[str(x) for x in a]], env=xenv)


def click(x, y):
    global clicks
    xdo("mousemove", "--sync", int(x), int(y))
    time.sleep(0.4)
    # Press and release a few frames apart: the software renderer draws a
    # frame in a fraction of a second.
    xdo("mousedown", 1)
    time.sleep(0.25)
    xdo("mouseup", 1)
    clicks += 1


def drag(x0, y0, x1, y1, shot_name=None):
    global clicks
    xdo("mousemove", "--sync", int(x0), int(y0))
    time.sleep(0.3)
    xdo("mousedown", 1)
    time.sleep(0.5)
    for i in range(1, 9):
        xdo("mousemove", "--sync", int(x0 + (x1 - x0) * i / 8), int(y0 + (y1 - y0) * i / 8))
        time.sleep(0.3)
    time.sleep(0.8)
    if shot_name:
        shot(shot_name)
    xdo("mouseup", 1)
    clicks += 1


def mark(doc):
    return (doc["revision"], doc["selected"], doc["kind"], len(doc["buttons"]))


def settle(before, seconds=6.0):
    end = time.time() + seconds
    while time.time() < end:
        time.sleep(0.15)
        doc = read()
        if mark(doc) != before:
            time.sleep(0.7)
            return read()
    return read()


def button(doc, text):
    for b in doc["buttons"]:
        if b["button"].startswith(text):
            return b
    return None


def to_screen(doc, p):
    (x0, y0), (x1, y1) = doc["table_corner"], doc["table_far"]
    size = (72.0, 48.0)
    return (x0 + (x1 - x0) * p[0] / size[0], y0 + (y1 - y0) * p[1] / size[1])


def stand(doc, key):
    for s in doc["stands"]:
        if s["key"] == key:
            return s
    return None


actions_this_initiative = 0
last_initiative = None
moved = set()
while clicks < max_clicks:
    doc = read()
    if doc["over"]:
        time.sleep(2)
        shot("game-over")
        break
    if not doc["person"]:
        time.sleep(0.5)
        continue
    kind = doc["kind"]
    before = mark(doc)
    legal = [l["command"] for l in doc["legal"]]
    if kind == "setup":
        shot("setup")
        b = button(doc, "Set-up done")
        if b:
            click(b["x"], b["y"])
    elif kind == "initiative":
        shot("first-initiative")
        v = doc["view"]
        if last_initiative != v["initiative_no"]:
            last_initiative = v["initiative_no"]
            actions_this_initiative = 0
        fires = [c["Fire"] for c in legal if isinstance(c, dict) and "Fire" in c]
        moves = [c["Move"]["moves"][0] for c in legal
                 if isinstance(c, dict) and "Move" in c and len(c["Move"]["moves"]) == 1]
        done = False
        if actions_this_initiative < 4 and fires:
            f = max(fires, key=lambda f: len(f["firers"]))
            a, t = stand(doc, f["firers"][0]), stand(doc, f["target"])
            if a and t:
                click(a["x"], a["y"])
                doc = settle(before, 2)
                for extra in f["firers"][1:]:
                    e = stand(doc, extra)
                    if e:
                        xdo("keydown", "shift")
                        click(e["x"], e["y"])
                        xdo("keyup", "shift")
                        time.sleep(0.4)
                xdo("mousemove", "--sync", int(t["x"]), int(t["y"]))
                time.sleep(1.0)
                shot("fire-dice-before-roll")
                click(t["x"], t["y"])
                actions_this_initiative += 1
                done = True
                time.sleep(1.5)
                shot("after-fire")
        if not done and actions_this_initiative < 3 and moves:
            # Prefer stands that have not moved yet, heading for the objective.
            moves.sort(key=lambda m: (m["stand"] in moved, m["stand"]))
            m = moves[(v["initiative_no"] * 3 + actions_this_initiative) % min(len(moves), 4)]
            s = stand(doc, m["stand"])
            if s:
                x1, y1 = to_screen(doc, m["to"])
                drag(s["x"], s["y"], x1, y1, "drag-preview")
                moved.add(m["stand"])
                actions_this_initiative += 1
                done = True
        if not done:
            b = button(doc, "End the initiative")
            if b:
                click(b["x"], b["y"])
                actions_this_initiative = 0
    elif kind == "reactive-fire":
        shot("reactive-fire-offered")
        rf = [c["ReactiveFire"] for c in legal if isinstance(c, dict) and "ReactiveFire" in c]
        mover = doc["view"]["moving"]["mover"] if doc["view"]["moving"] else None
        fired = False
        if rf and mover is not None and random.random() < 0.7:
            f = rf[0]
            a, t = stand(doc, f["firers"][0]), stand(doc, mover)
            if a and t:
                click(a["x"], a["y"])
                settle(before, 2)
                click(t["x"], t["y"])
                fired = True
                time.sleep(1.5)
                shot("after-reactive-fire")
        if not fired:
            b = button(doc, "Let the move go on")
            if b:
                click(b["x"], b["y"])
    elif kind == "dust-off":
        b = button(doc, "Land the Dust Off")
        if b:
            click(b["x"], b["y"])
    doc2 = settle(before)
    if mark(doc2) == before:
        # Nothing happened: fall back to ending the initiative or letting go.
        for t in ("End the initiative", "Let the move go on", "Set-up done"):
            b = button(doc2, t)
            if b:
                click(b["x"], b["y"])
                settle(before)
                break
print("clicks", clicks, flush=True)
shot("last", once=False)
proc.terminate()
time.sleep(1)
proc.kill()
xvfb.terminate()
