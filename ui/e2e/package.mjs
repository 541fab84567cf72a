// The installed-package test (run by scripts/evidence, not scripts/test: it installs a system
// package). Installs the .deb from scripts/package with apt, starts the installed app the way a
// desktop menu does (the desktop entry's Exec) under Xvfb, reaches the home screen, sets up a
// game and takes a step, quits by closing the window, starts again and reopens the game from the
// home screen, quits, removes the package, and checks the save is still in the user's data
// folder. Writes its figures to target/evidence/package.json for docs/reliability.md.
import { execFileSync } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, readlinkSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { basename, join } from "node:path";
import assert from "node:assert/strict";
import { hostBinary, root } from "./harness.mjs";
import { newGameInWindow, openApp, startDriver, until, wd } from "./driver.mjs";

const pkg = "nemesis-table";
const deb = process.env.NEMESIS_DEB ?? newestDeb(join(root, "target/package"));
// The user's home for this run: the app keeps its saves in $HOME/.local/share/nemesis-table, the
// platform's data folder, exactly as for a real user (no --data, no NEMESIS_TABLE_DATA).
const home = mkdtempSync(join(tmpdir(), "nemesis-home-"));
const saveFile = join(home, ".local/share/nemesis-table/games.sqlite3");
let installed = false;
let driver;

function newestDeb(dir) {
  const debs = existsSync(dir) ? readdirSync(dir).filter((f) => f.endsWith(".deb")).map((f) => join(dir, f)) : [];
  assert.ok(debs.length, `no package in ${dir}: run ./scripts/package first`);
  return debs.sort((a, b) => statSync(b).mtimeMs - statSync(a).mtimeMs)[0];
}

const run = (cmd, args, quiet = false) =>
  execFileSync(cmd, args, { encoding: "utf8", env: { ...process.env, DEBIAN_FRONTEND: "noninteractive" }, stdio: ["ignore", "pipe", quiet ? "ignore" : "inherit"] });
const apt = (args) => run("apt-get", ["-o", "DPkg::Lock::Timeout=900", "-y", "-q", ...args]);
const isInstalled = () => {
  try {
    return run("dpkg-query", ["-W", "-f=${Status}", pkg], true).includes("install ok installed");
  } catch {
    return false;
  }
};

/** The keys of a desktop entry's [Desktop Entry] group. */
function desktopEntry(path) {
  const keys = {};
  let group = "";
  for (const line of readFileSync(path, "utf8").split("\n")) {
    const g = line.match(/^\[(.*)\]\s*$/);
    if (g) group = g[1];
    else if (group === "Desktop Entry" && line.includes("=") && !line.startsWith("#")) keys[line.slice(0, line.indexOf("="))] = line.slice(line.indexOf("=") + 1);
  }
  return keys;
}

/** The command a menu runs for the entry: its Exec split into words, field codes (%U, %f…)
 *  dropped, and the program found on PATH as a launcher would. */
function execCommand(exec) {
  const words = exec.split(/\s+/).filter((w) => w && !/^%[fFuUdDnNickvm]$/.test(w));
  const [program, ...args] = words;
  const path = program.includes("/") ? program : run("sh", ["-c", `command -v ${program}`]).trim();
  return { program, path, args };
}

/** Processes running the installed binary (read from /proc; nothing is signalled). */
function appPids(binary) {
  const pids = [];
  for (const p of readdirSync("/proc")) {
    if (!/^\d+$/.test(p)) continue;
    try {
      if (readlinkSync(`/proc/${p}/exe`) === binary) pids.push(Number(p));
    } catch {}
  }
  return pids;
}

/** Starts the app from the desktop entry's command and waits for the home screen: the time it
 *  took, and the open session. */
async function startFromMenu(cmd) {
  const t0 = Date.now();
  const win = await openApp(cmd.path, cmd.args);
  await until("the home screen", () => win.find('[data-test="new-game"]'), 60000);
  return { win, ms: Date.now() - t0 };
}

/** Quits as a player does, by closing the window: the app must exit by itself. */
async function quit(win, binary) {
  assert.ok(appPids(binary).length, "the installed app is running before the quit");
  await wd("DELETE", `/session/${win.sid}/window`).catch(() => {});
  await until("the app to exit after its window closed", () => appPids(binary).length === 0, 20000);
  await win.end();
}

async function main() {
  assert.ok(!isInstalled(), `${pkg} is already installed here: remove it first (this test installs and removes it)`);
  const size = statSync(deb).size;
  const field = (f) => run("dpkg-deb", ["--field", deb, f]).trim();
  // The files, not the folders: "-rw-r--r-- 0/0 5097 2026-11-24 14:32 usr/share/…" (a name may
  // hold a space, as the desktop entry's does).
  const contents = run("dpkg-deb", ["--contents", deb])
    .split("\n")
    .filter((l) => l.startsWith("-"))
    .map((l) => {
      const parts = l.trim().split(/ +/);
      return { path: "/" + parts.slice(5).join(" ").replace(/^\.?\//, ""), bytes: Number(parts[2]) };
    });
  assert.ok(contents.some((f) => f.path === "/usr/bin/nemesis-table"), `the package holds the app: ${JSON.stringify(contents)}`);

  let t = Date.now();
  apt(["install", deb.startsWith("/") ? deb : `./${deb}`]);
  installed = true;
  const installMs = Date.now() - t;
  assert.ok(isInstalled(), "apt installed the package");
  console.log(`package: installed ${basename(deb)} (${(size / 1024 / 1024).toFixed(1)} MiB) in ${installMs} ms`);

  const files = run("dpkg", ["-L", pkg]).split("\n").filter(Boolean);
  const desktopFile = files.find((f) => f.startsWith("/usr/share/applications/") && f.endsWith(".desktop"));
  assert.ok(desktopFile, `the package installs a desktop entry: ${files.join(" ")}`);
  const entry = desktopEntry(desktopFile);
  assert.equal(entry.Type, "Application");
  assert.equal(entry.Name, "Nemesis Table", "the menu shows the app's name");
  assert.ok(entry.Comment?.length > 10, `the entry has a comment: ${entry.Comment}`);
  assert.ok(entry.Categories?.split(";").includes("Game"), `the entry is in the Game category: ${entry.Categories}`);
  const icons = files.filter((f) => f.startsWith("/usr/share/icons/hicolor/") && basename(f) === `${entry.Icon}.png`);
  assert.ok(icons.length >= 6, `the entry's icon "${entry.Icon}" is installed at every size: ${icons.join(" ")}`);
  const cmd = execCommand(entry.Exec);
  assert.ok(cmd.path.startsWith("/usr/"), `the entry's command is the installed binary: ${cmd.path}`);

  // The user's environment: their own home, nothing pointing the app at another save folder.
  for (const v of ["NEMESIS_TABLE_DATA", "XDG_DATA_HOME", "XDG_CONFIG_HOME", "XDG_CACHE_HOME"]) delete process.env[v];
  driver = await startDriver({ env: { HOME: home } });

  // First start: the home screen, a new game, one step taken, then quit.
  const first = await startFromMenu(cmd);
  console.log(`package: first start, home screen interactive ${first.ms} ms after the launch`);
  await newGameInWindow(first.win, ["Ana", "Bruno"]);
  assert.match(await first.win.text('[data-test="phase"]'), /draft/i, "the new game opens at the character draft");
  await first.win.click('[data-test="now"] [data-test="do-draft_draw"]');
  await until("the draft draw in the log", async () => (await first.win.text('[data-test="log"]')).includes("draws"));
  await quit(first.win, cmd.path);
  assert.ok(existsSync(saveFile), `the save is in the user's data folder: ${saveFile}`);

  // Second start: the game is offered on the home screen and opens where it was left.
  const second = await startFromMenu(cmd);
  console.log(`package: second start, home screen interactive ${second.ms} ms after the launch`);
  await second.win.click('[data-test="resume"]');
  await until("the reopened game's log", async () => (await second.win.text('[data-test="log"]')).includes("draws"));
  assert.match(await second.win.text('[data-test="phase"]'), /draft/i, "the game reopens where it was left");
  await quit(second.win, cmd.path);
  driver.stop();
  driver = null;

  t = Date.now();
  apt(["remove", pkg]);
  const removeMs = Date.now() - t;
  installed = isInstalled();
  assert.ok(!installed, "apt removed the package");
  for (const f of [cmd.path, desktopFile, ...icons]) assert.ok(!existsSync(f), `${f} went with the package`);
  console.log(`package: removed in ${removeMs} ms`);

  // The saves are the user's, not the package's: still there, and still the game just played.
  const saves = execFileSync(hostBinary, ["script", "--data", join(home, ".local/share/nemesis-table")], { input: '{"call":"saves"}\n' }).toString();
  assert.match(saves, /"players":2/, `the game survived the removal: ${saves}`);
  console.log("package: the save is still in the user's data folder after the removal");

  const evidence = {
    deb: basename(deb),
    bytes: size,
    installed_size_kib: Number(field("Installed-Size")),
    package: field("Package"),
    version: field("Version"),
    architecture: field("Architecture"),
    depends: field("Depends"),
    section: field("Section"),
    contents,
    desktop_entry: { file: desktopFile, name: entry.Name, comment: entry.Comment, categories: entry.Categories, icon: entry.Icon, exec: entry.Exec },
    install_ms: installMs,
    first_start_ms: first.ms,
    second_start_ms: second.ms,
    remove_ms: removeMs,
    save_kept_after_removal: true,
  };
  mkdirSync(join(root, "target/evidence"), { recursive: true });
  writeFileSync(join(root, "target/evidence/package.json"), JSON.stringify(evidence, null, 2));
}

main()
  .then(() => console.log("package test passed"))
  .catch((e) => {
    console.error(e);
    process.exitCode = 1;
  })
  .finally(() => {
    driver?.stop();
    // Never leave the package behind on a failure.
    if (installed && isInstalled()) {
      try {
        apt(["remove", pkg]);
      } catch (e) {
        console.error(`could not remove ${pkg}: ${e}`);
      }
    }
    rmSync(home, { recursive: true, force: true });
  });
