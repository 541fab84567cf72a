// End-to-end (issue 32, items 6 and 7; issue 33, item 5): a paired phone that loses its network,
// or whose stream the host drops, says it is reconnecting and is current again within 2 s of the
// network coming back, without pairing again; a one-time reveal QR tells the table which device
// opened it and that a second try was refused; the hold-to-see sheet fits a 390×844 and a
// 360×640 phone with several secrets of one step shown together. The real host in serve mode
// with a fixed seed; the table's own door sets the game up and takes the table's steps.
import { test } from "node:test";
import assert from "node:assert/strict";
import { browserSuite, draftedGame, holding, pairPhone, phoneView, startServe, tableDoor, until } from "./harness.mjs";

const suite = browserSuite();
const { data, running } = suite;

const SEED = 3203;
const names = ["Ana", "Bruno", "Chidi"];
/** The app deals every component (the dice stay on the table; no step here rolls them). */
const HANDLED = ["room_tiles", "exploration_tokens", "coordinates", "escape_pods", "engines", "weaknesses", "intruder_bag", "event_deck", "attack_deck", "contamination_deck", "serious_wound_deck", "objectives", "character_draft", "help_cards"];
const pixel = "Mozilla/5.0 (Linux; Android 14; Pixel 7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Mobile Safari/537.36";
const iPhone = "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1";
/** How soon after the network is back the phone must show the table's newest step. */
const CURRENT_WITHIN_MS = 2000;

/** Screenshots for a person to look at, only when PHONES_SHOTS names a folder. */
async function shot(page, name) {
  if (process.env.PHONES_SHOTS) await page.screenshot({ path: `${process.env.PHONES_SHOTS}/${name}.png` });
}

/** While held: the sheet's secrets are all inside it (nothing to scroll) and it ends above the
 *  hold button, which stays whole on screen. */
async function sheetFits(phone) {
  // Fitting settles within a few frames of the sheet showing.
  return until("the sheet to fit", () =>
    phone.evaluate(() => {
      const sheet = document.querySelector('[data-test="phone-secret"]');
      const hold = document.querySelector('[data-test="phone-hold"]').getBoundingClientRect();
      const s = sheet.getBoundingClientRect();
      const fits = sheet.scrollHeight <= sheet.clientHeight + 1 && s.bottom <= hold.top + 1 && hold.bottom <= innerHeight;
      return fits && { fit: Number(sheet.dataset.fit ?? 1) };
    }),
  5000);
}

test("a phone reconnects by itself within 2 s; a reveal says which device opened it; the held sheet fits", { timeout: 180000 }, async () => {
  const serve = await startServe(data, { seed: SEED });
  running.push(() => serve.stop());
  /** The table's own door, as a script would use it. */
  const door = tableDoor(serve);
  const { call, screen } = door;
  const act = async (command) => {
    const r = await call({ call: "act", request: { request: "do", command, entered: [] } });
    assert.equal(r.reply, "screen", `${command.type}: ${JSON.stringify(r.fault ?? "")}`);
    return r.screen;
  };

  const problems = [];
  const watch = (page, who) => {
    page.on("pageerror", (e) => problems.push(`${who}: ${e}`));
    page.on("console", (m) => m.text().includes("the phone's strings lack") && problems.push(`${who}: ${m.text()}`));
  };

  // A 3-player game through the draft, by the table's door.
  const reply = await draftedGame(call, { players: names, mode: "standard", handled: HANDLED });
  assert.equal(reply.screen.game.view.phase.phase, "player");

  // Ana's phone, paired with the table's confirmation.
  assert.ok((await call({ call: "phones", on: true, address: "127.0.0.1" })).screen.phones.on);
  const { phone: ana, context: anaContext } = await pairPhone(door, 0, {
    browser: suite.browser,
    context: { ...phoneView, userAgent: pixel },
    opening: (phone) => watch(phone, "Ana's phone"),
  });
  const shown = () => ana.evaluate(() => Number(document.querySelector('[data-test="phone-seat"] header')?.getAttribute("data-revision") ?? -1));
  const revision = async () => (await screen()).game.revision;
  await until("the phone shows the table's revision", async () => (await shown()) === (await revision()));

  /** The table takes a step while the phone cannot hear it: Bruno's Slime marker is corrected. */
  let slime = false;
  const tableStep = async () => (await act({ type: "set_slime", seat: 1, on: (slime = !slime) })).game.revision;

  // 1. The phone loses its network: it says it is reconnecting, its last screen stays.
  await anaContext.setOffline(true);
  await ana.locator('[data-test="phone-reconnecting"]').waitFor();
  assert.equal(await ana.locator('[data-test="phone-name"]').textContent(), "Ana", "the last screen stays, not a blank page");
  await shot(ana, "phone-reconnecting");
  let newest = await tableStep();
  // Offline for a while, as a phone that slept: its retries wait, they do not pile up.
  await new Promise((r) => setTimeout(r, 3000));
  assert.ok((await shown()) < newest, "offline, the phone has not seen the step");
  await anaContext.setOffline(false);
  let back = Date.now();
  await until("the phone current again", async () => (await shown()) >= newest, 10000);
  let took = Date.now() - back;
  console.log(`network back: current after ${took} ms`);
  assert.ok(took <= CURRENT_WITHIN_MS, `current ${took} ms after the network came back (at most ${CURRENT_WITHIN_MS})`);
  await ana.locator('[data-test="phone-state"][data-state="live"]').waitFor();
  assert.equal(await ana.locator('[data-test="phone-reconnecting"]').count(), 0, "the banner goes once current");

  // 2. The host drops the stream (phones off, then on again at the same address).
  await call({ call: "phones", on: false, address: null });
  await ana.locator('[data-test="phone-reconnecting"]').waitFor();
  newest = await tableStep();
  assert.ok((await call({ call: "phones", on: true, address: "127.0.0.1" })).screen.phones.on);
  back = Date.now();
  await until("the phone current again", async () => (await shown()) >= newest, 10000);
  took = Date.now() - back;
  console.log(`server back: current after ${took} ms`);
  assert.ok(took <= CURRENT_WITHIN_MS, `current ${took} ms after the server came back (at most ${CURRENT_WITHIN_MS})`);

  // 3. A reload rejoins without pairing again.
  await ana.reload();
  await ana.locator('[data-test="phone-state"][data-state="live"]').waitFor();
  await until("the reloaded phone current", async () => (await shown()) === (await revision()));

  // 4. The held sheet fits, with a step's several secrets together: three Contamination cards
  //    given at once (an Event can give more than one) are three private lines of one step.
  await act({ type: "give_contamination", seat: 0, count: 3 });
  await until("the phone current", async () => (await shown()) === (await revision()));
  const lines = await holding(ana, async () => {
    const fit = await sheetFits(ana);
    console.log(`390×844: the sheet drawn at ${fit.fit}`);
    await shot(ana, "phone-sheet-390x844");
    return ana.locator('[data-test="phone-newest-line"]').allTextContents();
  });
  assert.equal(lines.length, 3, `the step's three secrets show together: ${lines}`);
  await ana.setViewportSize({ width: 360, height: 640 });
  await holding(ana, async () => {
    const fit = await sheetFits(ana);
    console.log(`360×640: the sheet drawn at ${fit.fit}`);
    await shot(ana, "phone-sheet-360x640");
  });
  await ana.setViewportSize(phoneView.viewport);

  // 5. The table's curtain offers Bruno's one-time reveal; a device no seat paired opens it.
  const table = await suite.browser.newPage({ viewport: { width: 1280, height: 800 } });
  watch(table, "table");
  await table.goto(serve.url);
  await table.click('[data-test="private-1"]');
  await table.click('[data-test="reveal-code"]');
  const revealUrl = (await table.locator('[data-test="reveal-url"]').textContent()).trim();
  const strangerContext = await suite.browser.newContext({ ...phoneView, userAgent: iPhone });
  const stranger = await strangerContext.newPage();
  watch(stranger, "a neighbour's phone");
  await stranger.goto(revealUrl);
  await stranger.click('[data-test="reveal-open"]');
  await stranger.locator('[data-test="reveal-box"]').waitFor();
  const opened = table.locator('[data-test="reveal-opened"]');
  await opened.waitFor();
  assert.equal(await opened.getAttribute("data-own"), "false");
  assert.match(await opened.textContent(), /iPhone.*not Bruno's phone/, "the table names the device, and that it is not Bruno's phone");
  assert.equal(await table.locator('[data-test="reveal-qr"]').count(), 0, "the spent QR is gone");
  await shot(table, "table-reveal-opened");
  // The same code again, from Ana's paired phone: refused, and the table is told.
  await ana.goto(revealUrl);
  await ana.click('[data-test="reveal-open"]');
  await ana.locator('[data-test="reveal-refused"]').waitFor();
  await table.locator('[data-test="reveal-again"]').waitFor();
  assert.match(await table.locator('[data-test="reveal-again"]').textContent(), /Pixel 7/);
  assert.equal(await opened.getAttribute("data-again"), "1");

  // 6. Ana's own reveal on her own phone: the table says it was her phone.
  await table.click('[data-test="curtain"] button:has-text("Close")');
  await table.click('[data-test="private-0"]');
  await table.click('[data-test="reveal-code"]');
  const own = (await table.locator('[data-test="reveal-url"]').textContent()).trim();
  await ana.goto(own);
  await ana.click('[data-test="reveal-open"]');
  await table.locator('[data-test="reveal-opened"][data-own="true"]').waitFor();
  assert.match(await table.locator('[data-test="reveal-opened"]').textContent(), /Pixel 7, Ana's own phone/);
  await table.click('[data-test="curtain"] button:has-text("Close")');

  // The Phones panel says why a phone may not reach the table, behind one disclosure.
  await table.click('[data-test="phones-open"]');
  await table.click('[data-test="phones-help"] summary');
  assert.equal(await table.locator('[data-test="phones-help"] li').count(), 6);
  await shot(table, "table-phones-help");
  await table.click('[data-test="phones-close"]');

  // 7. A step Ana's phone takes: the table's outcome says so first (issue 32), before its lines.
  const s = await screen();
  while ((await screen()).game.view.rounds.turn_of !== 0) await act({ type: "pass", seat: (await screen()).game.view.rounds.turn_of });
  const token = await ana.evaluate(() => JSON.parse(localStorage.getItem("nemesis-phone")).token);
  const passed = await ana.evaluate(async ([token, revision]) => {
    const r = await fetch("/api/phone", { method: "POST", headers: { authorization: `Bearer ${token}`, "content-type": "application/json" }, body: JSON.stringify({ call: "act", command: { type: "pass", seat: 0 }, entered: [], revision }) });
    return r.status;
  }, [token, (await screen()).game.revision]);
  assert.equal(passed, 200, "Ana passes from her phone");
  assert.ok(s.game.revision < (await screen()).game.revision);
  await until("the outcome of Ana's pass", async () => (await table.locator('[data-test="outcome-lead"] li').first().getAttribute("data-line").catch(() => null)) === "on_phone");

  assert.deepEqual(problems, []);
});
