// Screenshots of the ship map for docs/teaching.md, at the smallest and a common large table
// screen (1024×600 and 1920×1080), on a game with every kind of public piece on the board (see
// e2e/mapGame.mjs). Uses the release host in serve mode and the system Chromium, like the
// end-to-end tests. Run: node ui/scripts/map-shots.mjs [out-dir]
import { mkdirSync } from "node:fs";
import { join } from "node:path";
import { cleanup, launch, root, startServe } from "../e2e/harness.mjs";
import { mappedGame, openTable } from "../e2e/mapGame.mjs";

const out = process.argv[2] ?? join(root, "docs/screenshots");
mkdirSync(out, { recursive: true });
const { dir } = mappedGame(7);
const serve = await startServe(dir);
const browser = await launch();
try {
  for (const [w, h] of [[1024, 600], [1920, 1080]]) {
    const page = await browser.newPage({ viewport: { width: w, height: h } });
    await page.goto(serve.url);
    await openTable(page);
    // The pointer rests where the home screen's button was: move it off the map.
    await page.mouse.move(w - 5, h - 5);
    await page.screenshot({ path: join(out, `map-${w}x${h}.png`) });
    // The room's card on hover: its name, its Action and what is in it.
    await page.hover('[data-test="map-room-11"] path.shape');
    await page.locator('[data-test="map-tip"]').waitFor();
    if (w === 1920) await page.locator('[data-test="ship-map"]').screenshot({ path: join(out, "map-hover-1920x1080.png") });
    await page.close();
  }
} finally {
  await browser.close();
  await serve.stop();
  cleanup(dir);
}
