#!/usr/bin/env python3
"""Writes docs/reliability.md from the tallies the host's hostile-input and crash tests leave in
target/evidence/ (crash.json, damaged_saves.json, fuzz-*.json, load.json, privacy.json). Run by
scripts/evidence after the full versions of those tests; the quick versions in CI write the same
files, so the report can be made from either."""
import datetime, json, os, platform, re, subprocess, sys

ev = "target/evidence"
def load(name):
    path = os.path.join(ev, name + ".json")
    if not os.path.exists(path):
        sys.exit(f"missing {path}: run scripts/evidence (or the host tests) first")
    return json.load(open(path))

crash, damaged, load_, privacy = load("crash"), load("damaged_saves"), load("load"), load("privacy")
fuzz = {t: load("fuzz-" + t) for t in ("script_calls", "import", "phone_bodies")}

cpu = "unknown"
for line in open("/proc/cpuinfo"):
    if line.startswith("model name"):
        cpu = line.split(":", 1)[1].strip(); break
kb = int(open("/proc/meminfo").readline().split()[1])
rustc = subprocess.run(["rustc", "--version"], capture_output=True, text=True).stdout.strip()
n = lambda x: f"{x:,}"

out = ["# Reliability", "",
       "What the app was put through, and what it held. Produced by `./scripts/evidence`, which runs the",
       "full versions of the host's crash, fuzz, load and privacy tests and then this report",
       "(`scripts/reliability-report.py`); CI runs the same tests in their quick versions on every change.", "",
       f"- Date: {datetime.date.today().isoformat()}",
       f"- Machine: {cpu}, {os.cpu_count()} cores, {kb/1024/1024:.0f} GiB memory, {platform.system()} {platform.release()}",
       f"- Toolchain: {rustc}", "",
       "## Summary", "",
       "| promise | target | this run |", "|---|---|---|",
       f"| No acknowledged command lost over all kill runs | 0 lost | {crash['lost']} lost over {n(crash['kills'])} SIGKILLs |",
       f"| A damaged save gets a clear error and is left untouched | every case | {len(damaged)} of {len(damaged)} kinds of damage |",
       f"| No panic over all fuzz runs | 0 | {sum(f['panics'] for f in fuzz.values())} uncaught over {n(sum(f['cases'] for f in fuzz.values()))} inputs; "
       f"{n(fuzz['import'].get('caught_in_guard', 0))} inside the import parser's replay guard |",
       f"| A refused input changes nothing | 0 changes | {sum(f['changed_on_refusal'] for f in fuzz.values())} |",
       f"| No panic under load | 0 | {load_['panics']} |",
       f"| Every good phone request answered under load | all | {n(load_['good_answered_200'])} of {n(load_['good_requests'])} |",
       f"| No connection or stream left behind | 0 | {load_['fds_after'] - load_['fds_before']} extra open files, {load_['streams_open_after']} streams |",
       f"| Code guessing is locked out | ≤ 10 answered | {load_['guesses_before_lockout']} of {n(load_['guesses'])} guesses answered before the lockout |",
       f"| No seat receives another seat's secret | 0 leaks | {privacy['leaks']} over {n(privacy['pushes_checked'])} pushes checked |",
       "",
       "## Crash safety (`crates/host/tests/host/crash.rs`)", "",
       f"The release host in `script` mode plays one long 4-player game and is killed with SIGKILL {n(crash['kills'])} times",
       f"({n(crash['kills_mid_commit'])} of them while a command was being committed), then restarted each time.",
       f"{n(crash['acknowledged'])} commands were acknowledged; every one was on disk after every restart. A command in",
       f"flight at the kill was kept {n(crash['in_flight_kept'])} times (it is allowed to be, never to be half there).",
       f"At the end SQLite's `integrity_check` said `{crash['integrity_check']}`, the journal had {n(crash['journal_rows'])} rows with no",
       "hole, and the game opened and replayed.", "",
       "Damaged save files (the store refuses them read-only, before anything writes):", "",
       "| damage | exit | error shown | file left untouched |", "|---|---|---|---|"]
for d in damaged:
    # The error names the save file's full path; the report names only the file.
    error = re.sub(r"\S*/games\.sqlite3", "games.sqlite3", " ".join(d["error"].split()))
    if not d["error"]:
        error = "none: an empty file is a new store, and it opens with no saves"
    untouched = "yes" if d["file_untouched"] else "n/a (nothing to keep)"
    out.append(f"| {d['damage']} | {d['exit_code']} | {error} | {untouched} |")
out += ["", "## Hostile input: fuzzing (`crates/host/tests/fuzz.rs`)", "",
        "Inputs are random JSON built from the protocol's own keys and words, valid calls with one to three",
        "values changed within their type or replaced, valid calls cut short or with a byte flipped, and",
        "random bytes (proptest, fixed seed). Every refusal is checked to leave the saves, the open game's",
        "journal and the generator's position exactly as they were.", "",
        "| target | inputs | accepted | refused | panics | changes on refusal | refusals by code |",
        "|---|---|---|---|---|---|---|"]
labels = {"script_calls": "Command decoder (script door, one JSON line per call)",
          "import": "Import parser (mutations of a real exported game)",
          "phone_bodies": "Phone API request bodies (real HTTP, real seat token)"}
for t, f in fuzz.items():
    codes = ", ".join(f"{k} {v}" for k, v in sorted(f["codes"].items(), key=lambda kv: -kv[1]))
    out.append(f"| {labels[t]} | {n(f['cases'])} | {n(f['accepted'])} | {n(f['refused'])} | {f['panics']} | {f['changed_on_refusal']} | {codes} |")
imp = fuzz["import"]
out += ["",
        "An imported file's steps are checked before anything folds them: every seat, room, corridor, token,",
        "card, engine and pod they name must exist in the box and at that table (`crates/engine/src/bounds.rs`).",
        "Behind that check, replaying the file runs inside a guard that calls a panic a damaged file; the",
        f"import target fails on any panic, caught or not, and this run counted {n(imp['caught_in_guard'])} inside the guard.", "",
        "## Hostile input: load on the phone server (`crates/host/tests/load.rs`)", "",
        f"All at once on loopback (scale {load_['scale']}): {n(load_['streams'])} seat streams held open, {n(load_['slow_connections_held'])} connections",
        f"holding half a request, and {n(load_['good_requests'])} good requests from 20 clients. Every stream got its hand, every",
        f"good request was answered (p50 {load_['good_p50_ms']:.1f} ms, p99 {load_['good_p99_ms']:.1f} ms).", "",
        f"Malformed requests from another address: {n(load_['malformed_sent'])} sent, {n(load_['malformed_refused_4xx'])} refused with a 4xx and a reason,",
        f"{n(load_['malformed_closed'])} closed without an answer, none changed the game. Kinds tried: " + "; ".join(load_["malformed_kinds"]) + ".", "",
        f"Code guessing from a third address: {n(load_['guesses'])} pairing codes at once; {load_['guesses_before_lockout']} were answered before the",
        f"lockout and {n(load_['guesses_locked_out'])} got 429. The right code from that address was then refused too: "
        f"{'yes' if load_['right_code_refused_while_locked'] else 'NO'}. A paired phone at another address was still served: {'yes' if load_['other_address_still_served'] else 'NO'}.", "",
        f"Afterwards: open files {load_['fds_before']} before and {load_['fds_after']} after, {load_['streams_open_after']} streams still counted,",
        f"resident memory of the test process {load_['rss_before_kb']/1024:.1f} MB before, {load_['rss_peak_kb']/1024:.1f} MB at the peak, {load_['rss_after_kb']/1024:.1f} MB after",
        f"(the allocator keeps freed pages; the leak check is the files and streams). {load_['panics']} panics; {load_['seconds']:.0f} s in all.", "",
        "## Privacy on the wire (`crates/host/tests/host/phones_privacy.rs`)", "",
        f"{privacy['seats']} paired phones through {privacy['games']} random games of up to {n(privacy['steps_per_game'])} steps: {n(privacy['pushes_checked'])} stream events",
        f"and table pushes checked, {n(privacy['private_lines_on_phones'])} private lines delivered to the right phone ({privacy['engine_reveals']} engine and",
        f"{privacy['coordinates_reveals']} coordinates reveals), {privacy['leaks']} secrets seen by anyone else.", "",
        "## Fairness", "",
        "The statistics of the bag, the decks and the dice are in [fairness.md](fairness.md).", ""]
open("docs/reliability.md", "w").write("\n".join(out))
print("wrote docs/reliability.md")
