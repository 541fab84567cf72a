#!/usr/bin/env python3
"""Writes docs/reliability.md from the tallies the host's hostile-input and crash tests leave in
target/evidence/ (crash, damaged_saves, damaged_wal, fuzz-*, load, flood, two_hosts, revocation, revocation_restart, stale_ask,
bounds-*, privacy, and issue 34's damaged_games, foreign_wal, script_door_settles, end_final,
private_files, folder_tightened, import_replay: all .json), and the installed-package test's figures (package.json, from
ui/e2e/package.mjs). Run by scripts/evidence after the full versions of those tests; the quick
versions in CI write the same files, so the report can be made from either (CI does not install
the package: without package.json that section says it was not run)."""
import datetime, json, os, platform, re, subprocess, sys

ev = "target/evidence"
def load(name):
    path = os.path.join(ev, name + ".json")
    if not os.path.exists(path):
        sys.exit(f"missing {path}: run scripts/evidence (or the host tests) first")
    return json.load(open(path))

crash, damaged, load_, privacy = load("crash"), load("damaged_saves"), load("load"), load("privacy")
package_path = os.path.join(ev, "package.json")
package = json.load(open(package_path)) if os.path.exists(package_path) else None
flood, damaged_wal = load("flood"), load("damaged_wal")
two_hosts, revocation, stale_ask = load("two_hosts"), load("revocation"), load("stale_ask")
revocation_restart = load("revocation_restart")
bounds_new, bounds_import = load("bounds-new_game"), load("bounds-import")
fuzz = {t: load("fuzz-" + t) for t in ("script_calls", "import", "phone_bodies")}
damaged_games, foreign_wal, settles = load("damaged_games"), load("foreign_wal"), load("script_door_settles")
end_final, private_files, tightened, import_replay = load("end_final"), load("private_files"), load("folder_tightened"), load("import_replay")

cpu = "unknown"
for line in open("/proc/cpuinfo"):
    if line.startswith("model name"):
        cpu = line.split(":", 1)[1].strip(); break
kb = int(open("/proc/meminfo").readline().split()[1])
rustc = subprocess.run(["rustc", "--version"], capture_output=True, text=True).stdout.strip()
n = lambda x: f"{x:,}"
flood_head_s = 1

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
       f"| A damaged save, or one from a newer version, gets a clear error and is left untouched | every case | {len(damaged)} of {len(damaged)} kinds |",
       f"| A damaged write-ahead file is refused before anything writes | every case | {sum(1 for d in damaged_wal if d['exit_code'] == 1 and d['files_untouched'])} of {sum(1 for d in damaged_wal if d['exit_code'] != 0)} refused with both files untouched |",
       f"| A write-ahead file that is not the save's own is refused before anything writes | every case | {sum(1 for d in foreign_wal if not d['opened'] and d['exit_code'] == 1 and d['files_untouched'])} of {sum(1 for d in foreign_wal if not d['opened'])} refused with both files untouched; {sum(1 for d in foreign_wal if d['opened'] and d['exit_code'] == 0)} of {sum(1 for d in foreign_wal if d['opened'])} own logs opened |",
       f"| The script door leaves the save whole in `games.sqlite3` alone | every acknowledged step | {settles['in_save_alone']} of {settles['acknowledged']}, while it runs and after SIGKILL |",
       f"| One bad game never hides the others | listed as damaged, the others open | {len(damaged_games)} kinds of damage listed, refused cleanly on open, exported as they are, deleted |",
       f"| Once the debrief is shown, undo cannot return to play | refused, also after a restart | {end_final['undo_after_debrief']}; after a restart: {end_final['undo_after_restart']} |",
       f"| Backups and exports are private new files | 0600, no link followed, nothing replaced | backup {private_files['backup_mode']}, export {private_files['export_mode']}; a dangling link: {private_files['dangling_link_backup']}; a taken export name: {private_files['taken_export_name']} |",
       f"| An older data folder is tightened on open | folder 0700, lock 0600 | folder {tightened['folder_mode_after']}, lock {tightened['lock_mode_after']} |",
       f"| An import is replayed through the rules | every edited deal or command refused | {len(import_replay)} of {len(import_replay)} cases refused, nothing stored |",
       f"| A second host on the same saves is refused | exit 1, nothing touched | exit {two_hosts['second_exit_code']}, files untouched: {'yes' if two_hosts['files_untouched'] else 'NO'} |",
       f"| Revoking a phone when the save refuses the write | stream told, token dead | told in {revocation['stream_told_ms']:.0f} ms while the write still waited; token refused after, also on reopening |",
       f"| A revocation the save refused still holds in the next run | the freed phone refused after a restart | the save still held its row: {'yes' if revocation_restart['save_kept_the_row'] else 'no'}; its token refused in the next run: {'yes' if revocation_restart['freed_token_refused_next_run'] else 'NO'}; the other phone rejoined: {'yes' if revocation_restart['other_phone_rejoined'] else 'NO'} |",
       f"| A stale pairing ask cannot replace the rightful phone | refused | refused ({stale_ask['older_ask_accept_afterwards']}); the rightful phone kept the seat |",
       f"| Names, titles and deals bounded on every path | every case refused, nothing stored | {len(bounds_new['refused'])} new-game and {len(bounds_import['refused'])} import cases |",
       f"| No panic over all fuzz runs | 0 | {sum(f['panics'] for f in fuzz.values())} uncaught over {n(sum(f['cases'] for f in fuzz.values()))} inputs; "
       f"{n(fuzz['import'].get('caught_in_guard', 0))} inside the import parser's replay guard |",
       f"| A refused input changes nothing | 0 changes | {sum(f['changed_on_refusal'] for f in fuzz.values())} |",
       f"| No panic under load | 0 | {load_['panics']} |",
       f"| Every good phone request answered under load | all | {n(load_['good_answered_200'])} of {n(load_['good_requests'])} |",
       f"| No connection or stream left behind | 0 | {load_['fds_after'] - load_['fds_before']} extra open files, {load_['streams_open_after']} streams |",
       f"| Code guessing is locked out | ≤ 10 answered | {load_['guesses_before_lockout']} of {n(load_['guesses'])} guesses answered before the lockout |",
       f"| A connection flood on the phone port never starves the table | answers within 1 s | slowest {flood['table_slowest_ms']:.0f} ms (table), "
       f"{flood['phone_slowest_ms']:.0f} ms (a phone) over {n(flood['one_source_opened'] + flood['many_sources_opened'])} flood connections |",
       f"| A paired phone is answered while strangers hold every place | answers within 1 s | slowest {flood['crowded_phone_slowest_ms']:.0f} ms over {n(flood['crowded_phone_probes'])} calls |",
       f"| A refused request gives its place back | at once | closed {flood['refused_closed_after_ms']:.0f} ms after its answer |",
       f"| Slow heads and idle connections are closed | after {flood_head_s} s | {flood['slow_head_closed_after_ms']/1000:.1f} s and {flood['idle_keepalive_closed_after_ms']/1000:.1f} s |",
       f"| No seat receives another seat's secret | 0 leaks | {privacy['leaks']} over {n(privacy['pushes_checked'])} pushes checked |",
       "| The Debian package installs, runs from its menu entry, and is removed keeping the saves | passes | "
       + (f"passed: installed in {package['install_ms']/1000:.1f} s, home screen {package['first_start_ms']/1000:.1f} s after the first start |" if package else "not run |"),
       "",
       "## Crash safety (`crates/host/tests/host/crash.rs`)", "",
       f"The release host in `script` mode plays one long 4-player game and is killed with SIGKILL {n(crash['kills'])} times",
       f"({n(crash['kills_mid_commit'])} of them while a command was being committed), then restarted each time.",
       f"{n(crash['acknowledged'])} commands were acknowledged; every one was on disk after every restart. A command in",
       f"flight at the kill was kept {n(crash['in_flight_kept'])} times (it is allowed to be, never to be half there).",
       f"At the end SQLite's `integrity_check` said `{crash['integrity_check']}`, the journal had {n(crash['journal_rows'])} rows with no",
       "hole, and the game opened and replayed.", "",
       "Damaged save files, and one written by a newer version of the app (the store refuses them",
       "read-only, before anything writes; `crates/host/tests/table.rs` also checks a newer save whose",
       "change is still in the write-ahead log, byte for byte for the file and the log):", "",
       "| damage | exit | error shown | file left untouched |", "|---|---|---|---|"]
for d in damaged:
    # The error names the save file's full path; the report names only the file.
    error = re.sub(r"\S*/games\.sqlite3", "games.sqlite3", " ".join(d["error"].split()))
    if not d["error"]:
        error = "none: an empty file is a new store, and it opens with no saves"
    untouched = "yes" if d["file_untouched"] else "n/a (nothing to keep)"
    out.append(f"| {d['damage']} | {d['exit_code']} | {error} | {untouched} |")
out += ["", "A save and its write-ahead file as a crash leaves them (`crates/host/tests/host/save_file.rs`: "
        f"{damaged_wal[0]['steps_committed']} steps committed, the connection never closed), damaged, then opened by the real binary:", "",
        "| damage | exit | error shown | both files untouched | steps opened |", "|---|---|---|---|---|"]
for d in damaged_wal:
    error = re.sub(r"\S*/games\.sqlite3", "games.sqlite3", " ".join(d["error"].split())) or "none"
    untouched = "yes" if d["files_untouched"] else "no: opened, then checkpointed on close"
    opened = "none (refused)" if d["steps_opened"] is None else f"{d['steps_opened']} of {d['steps_committed']}"
    out.append(f"| {d['damage']} | {d['exit_code']} | {error} | {untouched} | {opened} |")
out += ["", "A torn last frame loses only the step being written when the process died: SQLite acknowledges a",
        "commit after its last frame is synced, so that step was never acknowledged.", ""]
out += ["A write-ahead file is applied only to the save it belongs to (`save_file.rs`): each log the app writes",
        "carries the save's random name and the number of times its log was copied in, and the real binary",
        "checks that mark before SQLite opens the save:", "",
        "| case | exit | opened | error shown | both files untouched |", "|---|---|---|---|---|"]
for d in foreign_wal:
    error = re.sub(r"\S*/games\.sqlite3(-wal)?", lambda m: "games.sqlite3" + (m.group(1) or ""), " ".join(d["error"].split())) or "none"
    out.append(f"| {d['case']} | {d['exit_code']} | {'yes' if d['opened'] else 'no'} | {error} | {'yes' if d['files_untouched'] else 'no (opened)'} |")
out += ["", "One bad game in a save (`damaged.rs`): each is listed as damaged with why, refuses to open with a",
        "clear reason, exports as it is, and can be deleted; a sound game beside them opens.", "",
        "| damage | listed as | re-import of its export |", "|---|---|---|"]
for d in damaged_games:
    out.append(f"| {d['damage']} | {d['listed_as']} | {d['reimport_refused'] or 'imported (its steps were sound)'} |")
out += ["", "An import is replayed through the rules from its setup (`imports.rs`); each edited file refused:", ""]
out += [f"- {d['case']}: {d['refused']}" for d in import_replay]
out += [""]
out += ["", "## Hostile input: fuzzing (`crates/host/tests/process/fuzz.rs`)", "",
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
        "## Hostile input: load on the phone server (`crates/host/tests/process/load.rs`)", "",
        f"All at once on loopback (scale {load_['scale']}): {n(load_['streams'])} seat streams held open, {n(load_['slow_connections_held'])} connections",
        f"holding half a request, and {n(load_['good_requests'])} good requests from 20 clients. Every stream got its hand, every",
        f"good request was answered (p50 {load_['good_p50_ms']:.1f} ms, p99 {load_['good_p99_ms']:.1f} ms).", "",
        f"Malformed requests from another address: {n(load_['malformed_sent'])} sent, {n(load_['malformed_refused_4xx'])} refused with a 4xx and a reason,",
        f"{n(load_['malformed_closed'])} closed without an answer, none changed the game. Kinds tried: " + "; ".join(load_["malformed_kinds"]) + ".", "",
        f"Code guessing from a third address: {n(load_['guesses'])} pairing codes at once; {load_['guesses_before_lockout']} were answered before the",
        f"lockout, {n(load_['guesses_locked_out'])} got 429 and {n(load_.get('guesses_closed', 0))} were closed unanswered (the address held more"
        f" connections at once than its share of the port's places, so its oldest unproven ones gave way). The right code from that address was then refused too: "
        f"{'yes' if load_['right_code_refused_while_locked'] else 'NO'}. A paired phone at another address was still served: {'yes' if load_['other_address_still_served'] else 'NO'}.", "",
        f"Afterwards: open files {load_['fds_before']} before and {load_['fds_after']} after, {load_['streams_open_after']} streams still counted,",
        f"resident memory of the test process {load_['rss_before_kb']/1024:.1f} MB before, {load_['rss_peak_kb']/1024:.1f} MB at the peak, {load_['rss_after_kb']/1024:.1f} MB after",
        f"(the allocator keeps freed pages; the leak check is the files and streams). {load_['panics']} panics; {load_['seconds']:.0f} s in all.", "",
        "## Hostile input: a connection flood on the phone port (`crates/host/tests/process/flood.rs`)", "",
        f"The open-file limit was set to {n(flood['soft_limit_before'])} (the usual default) and the app's start-up raise took it to",
        f"{n(flood['soft_limit_after'])}. Then {n(flood['connections_per_phase'])} attackers opened idle connections on the phone port, each opening a new one as",
        f"soon as the server closed the last: {n(flood['one_source_opened'])} connections from one address, then {n(flood['many_sources_opened'])} from eight.",
        f"The server held at most {flood['most_held_from_one_source']} from one address (cap {flood['per_source_cap']}) and {flood['most_held_in_all']} in all (cap {flood['total_cap']}).",
        f"Throughout, the table's loopback door answered {n(flood['table_probes'])} calls (slowest {flood['table_slowest_ms']:.0f} ms) and a paired phone at",
        f"its own address {n(flood['phone_probes'])} calls (slowest {flood['phone_slowest_ms']:.0f} ms). While eight addresses held more than every place,",
        f"the paired phone, whose address had proved its seat, was answered {n(flood['crowded_phone_probes'])} times (slowest {flood['crowded_phone_slowest_ms']:.0f} ms):",
        "a stranger's unproven connection gives way to it. A stranger's refused request was closed",
        f"{flood['refused_closed_after_ms']:.0f} ms after its answer. A head sent a byte every 200 ms was closed after",
        f"{flood['slow_head_closed_after_ms']/1000:.1f} s and an idle keep-alive connection after {flood['idle_keepalive_closed_after_ms']/1000:.1f} s (head time {flood_head_s} s in the test, 10 s in the app);",
        f"{flood['held_after']} connections were still held once the attackers left. {flood['seconds']:.0f} s in all.", "",
        "## Bounds on names, titles and deals (`crates/host/tests/host/bounds.rs`)", "",
        "Refused by `new_game`, nothing saved: " + "; ".join(bounds_new["refused"]) + ".", "",
        "Refused by `import` (an exported game edited), nothing stored: " + "; ".join(bounds_import["refused"]) + ".",
        "Long random games played by the privacy test below export and import back.", "",
        f"A second host on the same data folder (`crates/host/tests/host/folder.rs`) exits {two_hosts['second_exit_code']} with: "
        + re.sub(r" using \S+:", " using DIR:", two_hosts["error"]), "",
        "## Privacy on the wire (`crates/host/tests/host/phones_privacy.rs`)", "",
        f"{privacy['seats']} paired phones through {privacy['games']} random games of up to {n(privacy['steps_per_game'])} steps: {n(privacy['pushes_checked'])} stream events",
        f"and table pushes checked, {n(privacy['private_lines_on_phones'])} private lines delivered to the right phone ({privacy['engine_reveals']} engine and",
        f"{privacy['coordinates_reveals']} coordinates reveals), {privacy['leaks']} secrets seen by anyone else.", "",
        "## Installing the Debian package (`ui/e2e/package.mjs`)", ""]
if package:
    mib = lambda b: f"{b/1024/1024:.1f} MiB"
    icons = sorted((f for f in package["contents"] if f["path"].startswith("/usr/share/icons/")), key=lambda f: int(f["path"].split("/")[5].split("x")[0]))
    others = [f for f in package["contents"] if f not in icons]
    d = package["desktop_entry"]
    out += [f"`./scripts/package` builds `{package['deb']}` with Tauri's bundler; the test installs it with",
            "`apt-get install ./…deb`, starts the installed app the way a menu does (the desktop entry's `Exec`)",
            "under Xvfb with a fresh home folder, reaches the home screen, sets up a 2-player game and takes a",
            "step, quits by closing the window (the app exits by itself), starts it again and reopens the game",
            "from the home screen, quits, removes the package, and reads the game back from the save left in the",
            "user's data folder.", "",
            "| figure | this run |", "|---|---|",
            f"| size of the .deb | {mib(package['bytes'])} ({n(package['bytes'])} bytes); {mib(package['installed_size_kib']*1024)} installed |",
            f"| `apt-get install` (its dependencies already present) | {package['install_ms']/1000:.1f} s |",
            f"| first start from the menu command to an interactive home screen | {package['first_start_ms']/1000:.1f} s |",
            f"| second start, to the home screen offering the game | {package['second_start_ms']/1000:.1f} s |",
            f"| `apt-get remove` | {package['remove_ms']/1000:.1f} s |",
            f"| the save after the removal | {'still there, the game readable' if package['save_kept_after_removal'] else 'LOST'} |", "",
            "The start times run from the WebDriver session request (tauri-driver launches the app) to the",
            "home screen's first button being found, so they include the driver's own start-up.", "",
            f"What the package holds ({package['package']} {package['version']}, {package['architecture']}, section {package['section']}):", "",
            "| file | size |", "|---|---|"]
    out += [f"| `{f['path']}` | {mib(f['bytes']) if f['bytes'] > 1024*1024 else n(f['bytes']) + ' bytes'} |" for f in others + icons]
    out += ["", f"The desktop entry: name \"{d['name']}\", comment \"{d['comment']}\", categories `{d['categories']}`,",
            f"icon `{d['icon']}` (the hicolor PNGs above), command `{d['exec']}`.", "",
            f"Declared dependencies, which apt installs with it: `{package['depends']}`.", ""]
else:
    out += ["Not run here: `./scripts/evidence` runs it (it installs and removes a system package, so CI does not).", ""]
out += ["## Fairness", "",
        "The statistics of the bag, the decks and the dice are in [fairness.md](fairness.md).", ""]
open("docs/reliability.md", "w").write("\n".join(out))
print("wrote docs/reliability.md")
