// Screenshots of the Player Phase's round panel at 1024x600 and 1280x800, for a person to look at
// (not a test): a 3-player game drafted, then a Move, at two screen sizes, dealt from the harness's
// fixed seed (NEMESIS_TEST_SEED).
import { cleanup, createGame, draftOnTable, freshDataDir, launch, startServe } from "./harness.mjs";

const out = process.argv[2] ?? "shots";
const browser = await launch();
try {
  for (const [w, h] of [[1280, 800], [1024, 600]]) {
    const data = freshDataDir();
    const serve = await startServe(data, { seed: Number(process.env.NEMESIS_TEST_SEED) });
    const page = await browser.newPage({ viewport: { width: w, height: h } });
    await page.goto(serve.url);
    await createGame(page, ["Ana", "Bruno", "Chidi"]);
    await page.click('[data-test="to-table"]');
    await draftOnTable(page, 3);
    await page.screenshot({ path: `${out}/round-${w}x${h}.png` });
    await page.locator('[data-test="offer-move_character"]').first().click();
    await page.waitForTimeout(500);
    await page.screenshot({ path: `${out}/round-after-move-${w}x${h}.png` });
    await page.close();
    await serve.stop();
    cleanup(data);
  }
} finally {
  await browser.close();
}
