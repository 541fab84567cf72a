// Proves the UI's size check: a 501-line file fails and names itself, 500 lines pass, and the
// walk finds the UI's sources (a .svelte and a .svelte.ts among them) but no test file.
import { test } from "node:test";
import assert from "node:assert/strict";
import { fileURLToPath } from "node:url";
import { MAX_LINES, sourceFiles, tooLong } from "./check-lines.mjs";

test("a file of 501 lines fails, naming itself; 500 lines pass", () => {
  assert.equal(tooLong("src/a.ts", "x\n".repeat(MAX_LINES)), null);
  assert.equal(tooLong("src/a.ts", "x\n".repeat(MAX_LINES - 1) + "x"), null, "no newline at the end is still 500 lines");
  assert.match(tooLong("src/phone/phone.svelte.ts", "x\n".repeat(MAX_LINES + 1)) ?? "", /^src\/phone\/phone\.svelte\.ts: 501 lines/);
});

test("the walk covers the UI's sources and leaves the tests out", () => {
  const files = sourceFiles(fileURLToPath(new URL("../src", import.meta.url))).map((f) => f.replaceAll("\\", "/"));
  for (const end of ["/src/components/Round.svelte", "/src/phone/phone.svelte.ts", "/src/lib/offerText.ts", "/src/bindings/Offer.ts"]) assert.ok(files.some((f) => f.endsWith(end)), end);
  assert.ok(!files.some((f) => /\.test\.(ts|js|mjs)$/.test(f)), "no test file");
});
