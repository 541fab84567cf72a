// The size check for the UI (as the engine's and the host's layout tests do for theirs): no source
// file of the UI outside the tests grows over 500 lines; a longer one is split along the game's
// nouns. Walks src/ (.ts, .svelte, .js; the generated bindings too) and names each file over.
// `tooLong` and `sourceFiles` are exported so check-lines.test.mjs can prove a 501-line file fails.
import { readFileSync, readdirSync } from "node:fs";
import { join, relative } from "node:path";
import { fileURLToPath } from "node:url";

export const MAX_LINES = 500;
const SOURCE = /\.(ts|svelte|js)$/;
const TEST = /\.test\.(ts|js|mjs)$/;

/** Every UI source file under `dir` that is not a test, as paths. */
export function sourceFiles(dir) {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile() && SOURCE.test(e.name) && !TEST.test(e.name))
    .map((e) => join(e.parentPath ?? e.path, e.name))
    .sort();
}

/** Why `text` (the file at `path`) is too long, or null: its line count over the limit. */
export function tooLong(path, text) {
  const lines = text.split("\n").length - (text.endsWith("\n") ? 1 : 0);
  return lines > MAX_LINES ? `${path}: ${lines} lines (over ${MAX_LINES}: split it along the game's nouns)` : null;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const root = fileURLToPath(new URL("..", import.meta.url));
  const files = sourceFiles(join(root, "src"));
  const faults = files.flatMap((f) => tooLong(relative(root, f), readFileSync(f, "utf8")) ?? []);
  if (faults.length) {
    console.error(faults.join("\n"));
    console.error(`${faults.length} UI files over ${MAX_LINES} lines`);
    process.exit(1);
  }
  console.log(`lines: ${files.length} UI source files, none over ${MAX_LINES} lines`);
}
