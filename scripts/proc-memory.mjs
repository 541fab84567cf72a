// Memory of a running app and its WebKit processes, read from /proc (Linux): PSS by process, by
// kind of mapping, and the process tree. Shared by the app benchmark (bench-app.mjs) and the
// memory probe (mem-probe.mjs), so both read the same figures the same way.
import { readFileSync, readdirSync } from "node:fs";

/** A process's proportional set size in kB (0 once it has gone). */
export function pss(pid) {
  try {
    const m = readFileSync(`/proc/${pid}/smaps_rollup`, "utf8").match(/^Pss:\s+(\d+) kB/m);
    return m ? Number(m[1]) : 0;
  } catch {
    return 0;
  }
}

/** Where a process's memory is (issue 35: where the web process grows): PSS in kB by kind of
 *  mapping in /proc/PID/smaps: the C heap, anonymous memory (WebKit's own allocator and
 *  JavaScriptCore's heap and JIT live there), shared memory (the pictures handed to the window),
 *  and files (libraries, fonts, caches), the largest files by name. */
export function byMapping(pid) {
  let text = "";
  try { text = readFileSync(`/proc/${pid}/smaps`, "utf8"); } catch { return {}; }
  const out = {};
  let kind = "anon";
  for (const line of text.split("\n")) {
    const head = line.match(/^[0-9a-f]+-[0-9a-f]+ (\S+) \S+ \S+ \S+\s*(.*)$/);
    if (head) {
      const [, perms, name] = head;
      kind = name === "[heap]" ? "heap" : name.startsWith("/memfd:") || name.startsWith("/dev/shm") || name.includes("(deleted)") ? "shared" : name.startsWith("[") ? name : !name ? (perms.includes("x") ? "anon-exec" : "anon") : `file:${name.split("/").pop()}`;
      continue;
    }
    const pss = line.match(/^Pss:\s+(\d+) kB/);
    if (pss) out[kind] = (out[kind] ?? 0) + Number(pss[1]);
  }
  // Files beyond the ten largest are summed as one.
  const files = Object.entries(out).filter(([k]) => k.startsWith("file:")).sort((a, b) => b[1] - a[1]);
  for (const [k, v] of files.slice(10)) { delete out[k]; out["file:other"] = (out["file:other"] ?? 0) + v; }
  return out;
}

/** The web process among `pids` (WebKit's, which renders the page). */
export function webProcess(pids) {
  return pids.find((p) => { try { return readFileSync(`/proc/${p}/comm`, "utf8").trim().startsWith("WebKitWebProces"); } catch { return false; } });
}

/** Each process's PSS in kB by its name (the app, WebKit's network and web processes). */
export function byProcess(pids) {
  const out = {};
  for (const p of pids) {
    let name = "?";
    try { name = readFileSync(`/proc/${p}/comm`, "utf8").trim(); } catch {}
    out[name] = (out[name] ?? 0) + pss(p);
  }
  return out;
}

/** The pid and all its descendants (the app and the WebKit web and network processes). */
export function tree(pid) {
  const kids = new Map();
  for (const d of readdirSync("/proc").filter((d) => /^\d+$/.test(d))) {
    try {
      const ppid = Number(readFileSync(`/proc/${d}/stat`, "utf8").split(") ")[1].split(" ")[1]);
      kids.set(ppid, [...(kids.get(ppid) ?? []), Number(d)]);
    } catch {}
  }
  const out = [pid];
  for (let i = 0; i < out.length; i++) out.push(...(kids.get(out[i]) ?? []));
  return out;
}

/** The pid of the running process named `comm` (the app), if there is one. */
export function pidNamed(comm) {
  const pid = readdirSync("/proc").filter((d) => /^\d+$/.test(d)).find((d) => {
    try { return readFileSync(`/proc/${d}/comm`, "utf8").trim() === comm; } catch { return false; }
  });
  return pid ? Number(pid) : null;
}

/** A process's anonymous memory (PSS, kB) by the size of the reservation it sits in: WebKit's
 *  allocator and JavaScriptCore reserve large regions up front (the largest, many gigabytes,
 *  are JavaScriptCore's caged heaps), so the reservation's size says whose memory it is. */
export function anonByRegion(pid) {
  let text = "";
  try { text = readFileSync(`/proc/${pid}/smaps`, "utf8"); } catch { return {}; }
  const out = {};
  let bucket = null;
  for (const line of text.split("\n")) {
    const head = line.match(/^([0-9a-f]+)-([0-9a-f]+) \S+ \S+ \S+ \S+\s*(.*)$/);
    if (head) {
      const size = (parseInt(head[2], 16) - parseInt(head[1], 16)) / 1024 / 1024;
      bucket = head[3] ? null : size >= 1024 ? "≥1G" : size >= 64 ? "64M–1G" : size >= 4 ? "4–64M" : "<4M";
      continue;
    }
    const pss = line.match(/^Pss:\s+(\d+) kB/);
    if (pss && bucket) out[bucket] = (out[bucket] ?? 0) + Number(pss[1]);
  }
  return out;
}
