// End-to-end: players' phones at a 5-player table. The real host in serve mode, the table
// screen in one Chromium context and five phone-sized contexts (separate storage each, as five
// phones): pairing with the table's confirmation, the draft kept on the phones, objectives
// chosen on a phone and never seen by another, a reload that rejoins, a seat freed by the
// table, a one-reveal QR that opens once, and the Intruder player's Attack cards picked on
// their own phone.
import { test } from "node:test";
import assert from "node:assert/strict";
import { browserSuite, choices, choose, createGame, holding, keepObjectives, logTotal, nextStep, openMore, pairPhone, passRounds, phoneView, phonesOn, startServe, unnamedControls, until } from "./harness.mjs";

const suite = browserSuite();
const { data, running } = suite;

const names = ["Ana", "Bruno", "Chidi", "Dana", "Eun"];
const iPhone = "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1";

async function logLength(table) {
  return logTotal(table);
}

/** Screenshots for a person to look at, only when PHONES_SHOTS names a folder. */
async function shot(page, name, fullPage = false) {
  if (process.env.PHONES_SHOTS) await page.screenshot({ path: `${process.env.PHONES_SHOTS}/${name}.png`, fullPage });
}

async function openPhones(table) {
  if ((await table.locator('[data-test="phones-panel"]').count()) === 0) await table.click('[data-test="phones-open"]');
}

async function closePhones(table) {
  if (await table.locator('[data-test="phones-panel"]').count()) await table.click('[data-test="phones-close"]');
}

test("five phones: pairing, the draft and objectives on the phones, rejoin, freeing a seat, a one-time reveal, the Intruder player's pick", { timeout: 120000 }, async () => {
  const t0 = Date.now();
  const serve = await startServe(data);
  running.push(() => serve.stop());
  const problems = [];
  const watch = (page, who) => {
    page.on("pageerror", (e) => problems.push(`${who}: ${e}`));
    // A phone that asks for a string its parts do not hold says so (src/lib/i18n.svelte.ts).
    page.on("console", (m) => m.text().includes("the phone's strings lack") && problems.push(`${who}: ${m.text()}`));
    page.on("requestfailed", (r) => {
      // A stream cut off by a reload or by the test closing a phone is expected.
      if (!r.url().endsWith("/api/stream") && !r.url().includes("favicon")) problems.push(`${who}: ${r.url()} ${r.failure()?.errorText}`);
    });
  };
  const table = await suite.browser.newPage({ viewport: { width: 1280, height: 800 } });
  watch(table, "table");
  await table.goto(serve.url);

  // A 5-player game through the wizard.
  await createGame(table, names);
  await table.click('[data-test="to-table"]');

  // Phones on, on this computer only.
  await table.click('[data-test="phones-open"]');
  assert.equal(await table.locator('[data-test="phones-url"]').count(), 0, "phones start off");
  await shot(table, "table-phones-off");
  const base = await phonesOn(table);
  assert.match(base, /^http:\/\/127\.0\.0\.1:\d+$/);

  // Pair five phones, each confirmed on the table (its four digits checked against the phone's).
  const phones = [];
  for (let seat = 0; seat < 5; seat++) {
    const { phone, context, url } = await pairPhone(table, seat, {
      context: { ...phoneView, userAgent: iPhone },
      opening: async (phone) => {
        if (seat === 0) await shot(table, "table-pair-qr");
        watch(phone, `phone ${seat}`);
      },
      // Nothing is spent by opening the page: joining takes a tap. The page says whose seat it is.
      joining: async (phone) => {
        assert.match(await phone.locator('[data-test="phone-joins"]').textContent(), new RegExp(names[seat]), "the join page names the seat");
        if (seat === 0) await shot(phone, "phone-join");
      },
      asked: async (phone) => {
        await phone.locator('[data-test="phone-waiting"]').waitFor();
        if (seat === 0) await shot(phone, "phone-waiting");
        assert.match(await table.locator(`[data-test="ask-${seat}"]`).textContent(), new RegExp(`iPhone.*${names[seat]}`));
        if (seat === 0) await shot(table, "table-ask");
      },
    });
    assert.ok(url.startsWith(`${base}/#pair=`), "the QR's address carries the code in its fragment");
    if (seat === 0) assert.deepEqual(await unnamedControls(phone), [], "every control on the phone has a screen-reader name");
    assert.equal((await phone.locator('[data-test="phone-name"]').textContent()).trim(), names[seat]);
    // Loopback is a secure context, so here the lock may be held; on the LAN the tip shows.
    assert.match((await phone.locator('[data-test="phone-awake"]').getAttribute("data-state")) ?? "", /^(held|tip)$/, "the seat page says whether the screen stays on");
    assert.equal(new URL(phone.url()).hash, "", "the spent code is gone from the address");
    phones.push({ seat, context, phone });
  }
  await until("five connected phones", async () => (await table.locator('[data-test^="phone-status-"][data-state="connected"]').count()) === 5);
  assert.match(await table.locator('[data-test="phones-summary"]').textContent(), /5\/5/);
  await shot(table, "table-five-phones");
  await closePhones(table);

  // The draft: the table draws, the drafting player keeps one on their phone.
  for (let round = 0; round < 5; round++) {
    await nextStep(table, "draft_draw");
    const drafting = await until("a phone with the draft", async () => {
      for (const p of phones) if (await p.phone.locator('[data-test="phone-now"][data-due="draft"]').count()) return p;
      return null;
    });
    const choices = drafting.phone.locator('[data-test="phone-now"] [data-test^="phone-choice-"]');
    if (round === 0) await shot(drafting.phone, "phone-draft");
    assert.equal(await choices.count(), 2, "two characters to keep one of");
    const kept = (await choices.first().getAttribute("data-test")).replace("phone-choice-", "");
    const before = await logLength(table);
    await choices.first().click();
    await table.waitForFunction((n) => Number(document.querySelector('[data-test="log"]')?.dataset.total ?? 0) > n, before);
    await drafting.phone.locator('[data-test="phone-now"]').waitFor({ state: "detached" });
    assert.notEqual((await drafting.phone.locator('[data-test="phone-character"]').textContent()).trim(), "", `kept ${kept}`);
  }
  await table.locator('[data-test="phase"]', { hasText: "Player Phase" }).waitFor();

  // Encounters until an Intruder comes out (a Blank goes back to the bag): the first Encounter.
  await openMore(table);
  await table.click('[data-test="group-characters"]');
  for (let tries = 0; ; tries++) {
    assert.ok(tries < 8, "an Intruder came out of the bag");
    await table.click('[data-test="cmd-encounter"]');
    const before = await logLength(table);
    await table.click('[data-test="do-encounter"]');
    await table.waitForFunction((n) => Number(document.querySelector('[data-test="log"]')?.dataset.total ?? 0) > n, before);
    if (await phones[0].phone.locator('[data-test="phone-now"][data-due="objective"]').count()) break;
    if (await table.locator('[data-test="log"]', { hasText: "First Encounter" }).count()) break;
  }
  for (const p of phones) await p.phone.locator('[data-test="phone-now"][data-due="objective"]').waitFor();
  await shot(phones[0].phone, "phone-objective-due", true);
  // The engine announces the turning point on the table: the objective choice (p. 12).
  await table.locator('[data-test="outcome"] [data-test="moment-first_encounter"]').waitFor();

  // Each phone's own objectives, read while held; nothing secret is in a page not held.
  const own = [];
  for (const p of phones) {
    const html = await p.phone.content();
    assert.ok(!html.includes("secret-objectives"), "no secret in the page while nobody holds it");
    const names = await holding(p.phone, async () => {
      if (p.seat === 0) await shot(p.phone, "phone-held");
      return p.phone.locator('[data-test="phone-secret"] [data-test="secret-objectives"] li strong').allTextContents();
    });
    assert.equal(names.length, 2, "two objectives each");
    own.push(names);
    await p.phone.locator('[data-test="phone-secret"]').waitFor({ state: "detached" });
  }
  for (const p of phones) {
    const html = await p.phone.content();
    for (const n of own.flat()) assert.ok(!html.includes(n), `no objective (${n}) in a page nobody holds`);
  }
  for (const [i, p] of phones.entries()) {
    const text = await holding(p.phone, () => p.phone.evaluate(() => document.body.innerText));
    for (const n of own[i]) assert.ok(text.includes(n), `phone ${i} shows its own objective ${n}`);
    for (const [j, theirs] of own.entries()) {
      if (j === i) continue;
      for (const n of theirs) assert.ok(!text.includes(n), `phone ${i} never shows seat ${j}'s objective ${n}`);
    }
  }
  const tableText = await table.evaluate(() => document.body.innerText);
  for (const n of own.flat()) assert.ok(!tableText.includes(n), `the table screen never shows ${n}`);

  // Ana chooses hers on her phone.
  const ana = phones[0].phone;
  await ana.click('[data-test="phone-choose-open"]');
  await ana.locator('[data-test="phone-choices"]').waitFor();
  await shot(ana, "phone-objective-choices");
  await ana.locator('[data-test="phone-choices"] [data-test^="phone-choice-"]').first().click();
  await ana.locator('[data-test="phone-now"]').waitFor({ state: "detached" });
  await table.locator('[data-test="seat-0"]', { hasText: "Objective chosen" }).waitFor();
  await table.locator('[data-test="outcome-phone-0"]').waitFor();
  await shot(table, "table-outcome-phone");
  const kept = await holding(ana, () => ana.locator('[data-test="secret-objectives"] strong').allTextContents());
  assert.equal(kept.length, 1, "one objective kept");
  assert.ok(own[0].includes(kept[0]));

  // A reload rejoins with the stored seat token, no new code.
  const bruno = phones[1].phone;
  await bruno.reload();
  await bruno.locator('[data-test="phone-state"][data-state="live"]').waitFor();
  assert.equal((await bruno.locator('[data-test="phone-name"]').textContent()).trim(), names[1]);
  await openPhones(table);
  await table.locator('[data-test="phone-status-1"][data-state="connected"]').waitFor();

  // The table frees Chidi's seat: that phone says so, and the seat is free again.
  await table.click('[data-test="revoke-2"]');
  await table.click('[data-test="revoke-confirm-2"]');
  await phones[2].phone.locator('[data-test="phone-freed"]').waitFor();
  await shot(phones[2].phone, "phone-freed");
  await table.locator('[data-test="phone-status-2"][data-state="none"]').waitFor();
  await phones[2].phone.reload();
  await phones[2].phone.locator('[data-test="phone-welcome"]').waitFor();
  await closePhones(table);

  // A one-reveal QR for Dana from the curtain: it opens once, on a phone that never paired.
  await table.click('[data-test="private-3"]');
  await table.locator('[data-test="curtain-phone"]').waitFor();
  await table.click('[data-test="reveal-code"]');
  await table.locator('[data-test="reveal-qr"]').waitFor();
  const revealUrl = (await table.locator('[data-test="reveal-url"]').textContent()).trim();
  await shot(table, "table-curtain-reveal");
  assert.ok(revealUrl.startsWith(`${base}/#reveal=`));
  const first = await (await suite.browser.newContext(phoneView)).newPage();
  watch(first, "reveal phone");
  await first.goto(revealUrl);
  await shot(first, "reveal-ready");
  await first.click('[data-test="reveal-open"]');
  const secret = await holding(first, async () => {
    const text = await first.locator('[data-test="phone-secret"]').textContent();
    await shot(first, "reveal-held");
    await first.waitForTimeout(900); // a real look, not a slip of the finger
    return text;
  });
  assert.ok(own[3].some((n) => secret.includes(n)), "Dana's newest secret is her objectives");
  await first.locator('[data-test="reveal-gone"]').waitFor();
  await shot(first, "reveal-gone");
  assert.ok(!(await first.evaluate(() => document.body.innerText)).includes(own[3][0]), "gone once let go");
  const second = await (await suite.browser.newContext(phoneView)).newPage();
  await second.goto(revealUrl);
  await second.click('[data-test="reveal-open"]');
  await second.locator('[data-test="reveal-refused"]').waitFor();
  await shot(second, "reveal-refused");
  await table.click('[data-test="curtain"] button:has-text("Close")');

  // Playing as an Intruder (p. 27): Bruno dies first and takes the Intruders; from the next turn
  // his ATTACK draws as many Intruder Attack cards as his card shows, and he picks one on his phone.
  const runForm = async (type, fill = async () => {}) => {
    const form = table.locator(`[data-test="actions"] [data-test="form-${type}"]`);
    await openMore(table);
    if (!(await form.count())) await table.click(`[data-test="cmd-${type}"]`);
    await fill(form);
    const before = await logLength(table);
    await form.locator(`[data-test="do-${type}"]`).click();
    if (await form.locator('[data-test="confirm"]').count()) await form.locator('[data-test="confirm"]').click();
    await table.waitForFunction((n) => Number(document.querySelector('[data-test="log"]')?.dataset.total ?? 0) > n, before);
  };
  await openMore(table);
  await table.click('[data-test="group-characters"]');
  await runForm("kill_character", (f) => choose(f.locator('[data-test="field-seat"]'), "1"));
  await runForm("become_intruder_player", (f) => choose(f.locator('[data-test="field-seat"]'), "1"));
  await table.locator('[data-test="seat-1"] [data-test="crew-intruder-player-1"]').waitFor();
  const confirmNext = async (type) => {
    if (type === "end_player_phase") {
      await passRounds(table);
      // The first Encounter made objectives due: each phone keeps its own there, the seat
      // without a phone behind the curtain.
      for (const p of phones) {
        if (!(await p.phone.locator('[data-test="phone-now"][data-due="objective"]').count())) continue;
        await p.phone.click('[data-test="phone-choose-open"]');
        await p.phone.locator('[data-test="phone-choices"] [data-test^="phone-choice-"]').first().click();
        await p.phone.locator('[data-test="phone-now"][data-due="objective"]').waitFor({ state: "detached" });
      }
      await keepObjectives(table);
    }
    const before = await logLength(table);
    await table.locator(`[data-test="now"] [data-test="do-${type}"]`).click();
    if (await table.locator('[data-test="now"] [data-test="confirm"]').count()) await table.locator('[data-test="now"] [data-test="confirm"]').click();
    try {
      await table.waitForFunction((n) => Number(document.querySelector('[data-test="log"]')?.dataset.total ?? 0) > n, before);
    } catch (e) {
      if (process.env.E2E_SHOTS) await table.screenshot({ path: `${process.env.E2E_SHOTS}/phones-stuck-${type}.png` });
      throw e;
    }
  };
  await confirmNext("end_player_phase");
  for (const type of ["advance_time", "resolve_intruder_attacks", "resolve_fire_damage", "resolve_event_card", "develop_bag"]) await confirmNext(type);
  await table.locator('[data-test="step-card"][data-step="player_intruder"]').waitFor();
  await shot(table, "table-intruder-player-turn");
  await openMore(table);
  await table.click('[data-test="group-intruders"]');
  await runForm("place_intruder", async (f) => {
    await choose(f.locator('[data-test="field-kind"]'), "adult");
    await choose(f.locator('[data-test="field-at"]'), "11");
  });
  // The Intruder player plays in turn like everyone (p. 27): the others pass until his round.
  await passRounds(table, 1);
  await runForm("intruder_player_attack", async (f) => {
    const ids = await choices(f.locator('[data-test="field-id"]'));
    await choose(f.locator('[data-test="field-id"]'), ids.at(-1));
    await choose(f.locator('[data-test="field-target"]'), "0");
    await f.locator('input[type="number"]').fill("3");
    await f.locator('[data-test="hint-intruder_player_cards"]').waitFor();
  });
  await table.locator('[data-test="attack-choice"]').waitFor();
  await shot(table, "table-attack-choice");
  const brunoNow = bruno.locator('[data-test="phone-now"][data-due="attack"]');
  await brunoNow.waitFor();
  for (const p of phones) if (p.seat !== 1) assert.equal(await p.phone.locator('[data-test="attack-offer"]').count(), 0, `phone ${p.seat} shows no Attack cards`);
  await bruno.click('[data-test="phone-choose-open"]');
  const offered = bruno.locator('[data-test="attack-offer"] [data-test^="attack-offer-"]');
  assert.equal(await offered.count(), 3, "three Intruder Attack cards to choose from");
  await shot(bruno, "phone-attack-choice", true);
  // What the phone's screen shows (the page's fixed "hold" bar stays at the bottom): the cards.
  if (process.env.PHONES_SHOTS) await bruno.evaluate(() => scrollTo(0, document.querySelector('[data-test="phone-now"]').getBoundingClientRect().top + scrollY - 48));
  await shot(bruno, "phone-attack-cards");
  const beforePick = await logLength(table);
  await offered.first().click();
  await brunoNow.waitFor({ state: "detached" });
  await table.locator('[data-test="attack-choice"]').waitFor({ state: "detached" });
  await table.waitForFunction((n) => Number(document.querySelector('[data-test="log"]')?.dataset.total ?? 0) > n, beforePick);
  await table.locator('[data-test="log"]', { hasText: "Cards put back at the bottom of the deck: 2" }).waitFor();

  assert.deepEqual(problems, [], "no page errors, no failed requests, no string the phone's parts lack");
  console.log(`phones e2e: ${((Date.now() - t0) / 1000).toFixed(1)} s`);
  for (const c of suite.browser.contexts()) await c.close();
  await serve.stop();
});
