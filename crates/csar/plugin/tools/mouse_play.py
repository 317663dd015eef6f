#!/usr/bin/env python3
"""Plays a whole That Others May Live game in the real launcher with the
mouse, under Xvfb: X11 pointer moves and clicks (xdotool), nothing else.

The launcher, built with `--features dev`, is started with VT_AUTOSTART=csar
(the first scenario, Caged Tiger) and VT_TARGETS=FILE, where the board
plugin writes the window position of every clickable thing and button and
the legal commands with their routes of clicks (crates/csar/plugin/src/dev.rs). A simple policy
picks each command (bring a helicopter to the Survivor with escorts,
suppress and attack the guns there, burn cards before the Enemy Search,
rescue, fly home); the script clicks its route. Screenshots go to OUT/.

usage: mouse_play.py APP OUT [SEED]   (needs Xvfb, xdotool, xwd, convert)
   APP: cargo build -p vietnam-tactics --features dev; target/debug/vietnam-tactics
"""
import json, os, subprocess, sys, time, random

app, out = sys.argv[1], sys.argv[2]
seed = sys.argv[3] if len(sys.argv) > 3 else "7"
os.makedirs(out, exist_ok=True)
targets = os.path.join(out, "targets.json")
display = ":%d" % (90 + random.randint(0, 8))
xvfb = subprocess.Popen(["Xvfb", display, "-screen", "0", "1280x800x24"],
                        stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
time.sleep(1)
env = dict(os.environ, DISPLAY=display, VT_AUTOSTART="csar", VT_SEED=seed,
           VT_TARGETS=targets, VT_SAVE_DIR=os.path.join(out, "saves"))
if os.path.exists(targets):
    os.remove(targets)
log = open(os.path.join(out, "app.log"), "w")
proc = subprocess.Popen([app], env=env, stdout=log, stderr=subprocess.STDOUT)
xenv = dict(os.environ, DISPLAY=display)
clicks = 0
shots_taken = set()


def shot(name):
    p = os.path.join(out, name + ".png")
    xwd = subprocess.run(["xwd", "-root", "-silent"], env=xenv, capture_output=True)
    subprocess.run(["convert", "xwd:-", p], input=xwd.stdout)
    print("screenshot", p, flush=True)


def read():
    for _ in range(600):
        try:
            with open(targets) as f:
                return json.load(f)
        except (OSError, ValueError):
            time.sleep(0.1)
    raise SystemExit("no targets file: did the game start?")


def click(x, y):
    global clicks
    subprocess.run(["xdotool", "mousemove", "--sync", str(int(x)), str(int(y))], env=xenv)
    time.sleep(0.3)
    subprocess.run(["xdotool", "click", "1"], env=xenv)
    clicks += 1


def settle(before, seconds=4.0):
    """Waits until the screen's file changes after a click."""
    end = time.time() + seconds
    while time.time() < end:
        time.sleep(0.1)
        doc = read()
        if (doc["revision"], doc["selection"], doc["hint"]) != before:
            # Two more frames: the panels draw the new selection's buttons.
            time.sleep(0.6)
            return read()
    return read()


def mark(doc):
    return (doc["revision"], doc["selection"], doc["hint"])


def key(c):
    return c if isinstance(c, str) else next(iter(c))


def body(c):
    return None if isinstance(c, str) else c[key(c)]


def stranded_zones(view):
    zs = []
    for s in view["survivors"]:
        at = s["at"]
        if isinstance(at, dict) and "Stranded" in at:
            zs.append(at["Stranded"])
    return zs


def place_of(a):
    p = a["place"]
    return p if isinstance(p, str) else (("Zone", p["Zone"]) if "Zone" in p else key(p))


def choose(doc):
    view, step = doc["view"], doc["step"]
    legal = [l["command"] for l in doc["legal"]]
    labels = {json.dumps(l["command"]): l["label"] for l in doc["legal"]}
    lab = lambda c: labels[json.dumps(c)]
    of = lambda k: [c for c in legal if key(c) == k]
    done = "Done" if "Done" in legal else None
    ac = {a["index"]: a for a in view["aircraft"]}
    target = (stranded_zones(view) or ["Center"])[0]
    in_zone = lambda z: [a for a in view["aircraft"] if place_of(a) == ("Zone", z)]
    if step == "ChoosePilot":
        return next((c for c in legal if body(c) is None), legal[0])
    if step.startswith("PlacePilot") or step.startswith("RevealChoice"):
        return legal[0]
    if step.startswith("ChooseHand"):
        for want in ["Suppress", "Attack", "Smoke", "Napalm", "Mark"]:
            for c in of("PickCard"):
                if want in lab(c):
                    return c
        return legal[0]
    if step == "Commands":
        # Exfil Team takes a Survivor off the map; Request Aircraft and the
        # like help; Move Survivor would only pull him away from the helicopter.
        for c in of("PlayCommand"):
            t = body(c)["target"]
            if isinstance(t, dict) and "Exfil" in t:
                return c
        for c in of("PlayCommand"):
            if body(c)["target"] == "None":
                return c
        return (of("DiscardCommand") or [done])[0]
    if step == "Move":
        moves = of("Move")
        # A helicopter with a Survivor aboard flies home.
        carrying = lambda a: any(s["at"] == {"Aboard": a["index"]} for s in view["survivors"])
        for c in moves:
            b = body(c)
            if carrying(ac[b["aircraft"]]) and b["to"] == "Orbit":
                return c
        # From the Center a helicopter reaches the Orbit Box by an Outer Zone.
        for c in moves:
            b = body(c)
            if carrying(ac[b["aircraft"]]) and b["to"] != {"Zone": "Center"}:
                return c
        in_zones = [a for a in view["aircraft"]
                    if a["kind"] == "Helicopter" and isinstance(place_of(a), tuple)]
        here = [a for a in in_zone(target) if a["kind"] == "Helicopter"]
        if not here:
            # One helicopter goes in, a step at a time.
            for c in moves:
                b = body(c)
                if ac[b["aircraft"]]["kind"] == "Helicopter" and b["to"] == {"Zone": target}:
                    return c
            if not in_zones:
                for c in moves:
                    b = body(c)
                    if ac[b["aircraft"]]["kind"] == "Helicopter" and b["to"] != "Orbit":
                        return c
        # Escorts: up to two Sandys and the FAC in the Survivor's zone.
        escorts = [a for a in in_zone(target) if a["kind"] in ("Sandy", "Fac")]
        if len(escorts) < 3 and len(in_zone(target)) < 4:
            for c in moves:
                b = body(c)
                a = ac[b["aircraft"]]
                if a["kind"] in ("Sandy", "Fac") and b["to"] == {"Zone": target} \
                        and not a["shaken"]:
                    return c
        return done or legal[0]
    if step == "Assign":
        for want in ["Suppress", "Smoke", "Attack", "Napalm", "CBU", "Mark"]:
            for c in of("Assign"):
                b = body(c)
                if want in lab(c) and place_of(ac[b["aircraft"]]) == ("Zone", target):
                    return c
        return done or legal[0]
    if step == "FireWindow":
        return (of("Play") or [done])[0]
    if step == "Burn":
        hits = (view.get("fire") or [None, 0])[1]
        if hits >= 2 and of("Burn"):
            return of("Burn")[0]
        return done or legal[0]
    if step == "WildHit":
        for c in legal:
            if ac[body(c)["aircraft"]]["kind"] != "Helicopter":
                return c
        return legal[0]
    if step == "Play":
        plays = [c for c in of("Play") if not body(c)["pilot"]]
        for want in ["Smoke", "Suppress", "Attack", "Napalm", "CBU", "Mark"]:
            for c in plays:
                if want in lab(c) and "Barrage" not in lab(c) and "Search" not in lab(c):
                    return c
        return (of("DiscardAssigned") or [done])[0]
    if step == "Rescue":
        for c in of("Rescue"):
            if not body(c)["pilot"]:
                return c
        return done or legal[0]
    if step in ("SearchBurn", "AbortBurn"):
        return (of("Burn") or [done])[0]
    return done or legal[0]


def positions(doc):
    pos = {}
    for t in doc["things"]:
        pos.setdefault(json.dumps(t["thing"], sort_keys=True), (t["x"], t["y"]))
    return pos


def button(doc, c):
    for b in doc["buttons"]:
        if b["command"] == c:
            return (b["x"], b["y"])
    return None


def give(doc, c):
    """Clicks the command's route; returns False if it could not."""
    entry = next(l for l in doc["legal"] if l["command"] == c)
    if doc["selection"]:
        # Take the selection back: click its first thing again.
        p = positions(doc).get(json.dumps(doc["selection"][0], sort_keys=True))
        if p:
            before = mark(doc)
            click(*p)
            doc = settle(before)
    rev = doc["revision"]
    for route in entry["routes"]:
        if not route:
            b = button(doc, c)
            if b:
                click(*b)
                return True
            continue
        pos = positions(doc)
        if not all(json.dumps(t, sort_keys=True) in pos for t in route):
            continue
        for i, t in enumerate(route):
            before = mark(doc)
            click(*positions(doc)[json.dumps(t, sort_keys=True)])
            doc = settle(before)
            if doc["revision"] != rev:
                return True
            if i == 0 and len(route) > 1 and doc["view"]["turn"] >= 2 \
                    and "selected" not in shots_taken:
                shots_taken.add("selected")
                shot("mid-game-selected")
        # Several commands end at this click: press the one wanted.
        b = button(doc, c)
        if b:
            click(*b)
            return True
    return False


def wait_change(rev, commands):
    for _ in range(100):
        doc = read()
        if doc["revision"] != rev or doc["commands"] != commands or doc["over"]:
            # Let the panels draw the new state before looking at them.
            time.sleep(0.5)
            return read()
        time.sleep(0.1)
    return read()


try:
    doc = read()
    time.sleep(2)
    doc = read()
    seen_steps, n, mid_done, rescue_shot, failures = set(), 0, False, False, 0
    while not doc["over"] and n < 1500:
        n += 1
        if not doc["person"] or not doc["legal"]:
            time.sleep(0.2)
            doc = read()
            continue
        step, turn = doc["step"], doc["view"]["turn"]
        c = choose(doc)
        kind = step.split(" ")[0].split("{")[0]
        if kind not in seen_steps:
            seen_steps.add(kind)
            shot("step-%02d-%s" % (len(seen_steps), kind))
        if not mid_done and turn >= 3 and step == "Assign":
            time.sleep(0.5)
            shot("mid-game")
            mid_done = True
        print("turn %d %-16s %s" % (turn, step, json.dumps(c)), flush=True)
        rev, cmds = doc["revision"], doc["commands"]
        before_pile = doc["view"]["resolution"]["draw_pile"]
        if not give(doc, c):
            print("  could not click", json.dumps(c), "- hint:", doc.get("hint"), flush=True)
            failures += 1
            if failures > 8:
                break
            time.sleep(0.6)
            doc = read()
            continue
        doc = wait_change(rev, cmds)
        if doc["commands"] != cmds:
            failures = 0
        if doc["commands"] == cmds and not doc["over"]:
            failures += 1
            print("  no command after the clicks; hint:", doc.get("hint"), flush=True)
            shot("failed-%d" % n)
            if failures > 5:
                break
        drew = doc["view"]["resolution"]["draw_pile"] != before_pile
        if drew and doc["view"]["turn"] >= 3 and "draws" not in shots_taken \
                and not doc["over"]:
            shots_taken.add("draws")
            time.sleep(3.0)
            shot("mid-game-draws")
        if not rescue_shot and any(isinstance(s["at"], dict) and "Aboard" in s["at"]
                                   for s in doc["view"]["survivors"]):
            time.sleep(1.2)
            shot("rescued")
            rescue_shot = True
    time.sleep(2.5)
    shot("end")
    print("game over:", doc["view"].get("result"), "after", doc["commands"],
          "commands,", clicks, "clicks", flush=True)
finally:
    proc.terminate()
    time.sleep(1)
    proc.kill()
    xvfb.terminate()
