// End-to-end: every other room of the Room sheet (manual pp. 24–26) whose Action the app offers,
// played once from the table's round panel at 1024×600 with two phones paired at 390×844, and a
// Rest card and an Antidote each played from a phone (issue 31). rooms.test.mjs plays the Storage,
// the Command Center, the Armory, the Hatch Control System, and Rest and the Antidote from the
// table. One game is dealt from a fixed seed through the script door, its room tiles and
// Exploration tokens kept at the table so the script turns over the 13 rooms it visits (a
// Silence each); then the real host serves it, and the table's own door places the player whose
// round it is in each room in turn (a correction, as a table would make), the round panel takes
// the room's Action, and the test checks the choices offered, the state after, the hand lines
// on the table's outcome, and the private part on that player's phone alone.
import { test } from "node:test";
import assert from "node:assert/strict";
import { ALL_COMPONENTS, browserSuite, holding, logTotal, pairPhone, phonesOn, scriptDoor, startServe, tableDoor } from "./harness.mjs";

const suite = browserSuite();
const SEED = 3120;

async function shot(page, name) {
  if (process.env.ROOMS_SHOTS) await page.screenshot({ path: `${process.env.ROOMS_SHOTS}/${name}.png` });
}

/** The rooms the script turns over, each from an explored neighbour, and where each went. */
const TILES = ["comms_room", "emergency_room", "evacuation_section_a", "fire_control_system", "generator", "laboratory", "nest", "surgery", "airlock_control", "canteen", "engine_control_room", "monitoring_room", "shower_room"];

function arrange() {
  const door = scriptDoor(suite.data, { seed: SEED });
  const handled = ALL_COMPONENTS.filter((c) => c !== "room_tiles" && c !== "exploration_tokens");
  const drafted = door.draftedGame({ players: ["Ana", "Bruno", "Chidi"], mode: "standard", handled });
  let game = drafted.reply.screen.game;
  const act = (command, entered = []) => {
    const r = door.act(drafted.id, command, entered);
    if (r.reply === "screen") game = r.screen.game;
    return r;
  };
  const at = {};
  for (const tile of TILES) {
    const explored = new Set(game.view.rooms.filter((r) => r.explored).map((r) => r.at));
    const next = game.view.rooms.filter((r) => !r.explored).map((r) => ({ to: r.at, from: game.view.corridors.filter((c) => c.ends.includes(r.at)).map((c) => c.ends.find((e) => e !== r.at)).find((e) => explored.has(e)) })).find((x) => x.from !== undefined);
    assert.ok(next, `an unexplored room next to an explored one for the ${tile}`);
    const seat = game.view.rounds.turn_of;
    act({ type: "set_hand_size", seat, cards: 5 });
    act({ type: "place_character", seat, at: next.from });
    const moved = act({ type: "move_character", seat, to: next.to, careful_noise: null }, [{ kind: "room", tile, effect: "silence", items: 1 }]);
    assert.equal(moved.reply, "screen", `${tile}: ${JSON.stringify(moved).slice(0, 300)}`);
    at[tile] = next.to;
  }
  for (const r of game.view.rooms.filter((r) => !r.tile && r.name)) at[r.name] = r.at;
  return at;
}

test("each other room's Action from the round panel, and Rest and an Antidote played from a phone", { timeout: 240000 }, async () => {
  const at = arrange();
  const serve = await startServe(suite.data, { seed: SEED });
  suite.running.push(() => serve.stop());
  const door = tableDoor(serve);
  const game = async () => (await door.screen()).game;
  const act = async (command) => {
    const r = await door.call({ call: "act", request: { request: "do", command, entered: [] } });
    assert.equal(r.reply, "screen", `${command.type}: ${JSON.stringify(r).slice(0, 300)}`);
    return r.screen.game;
  };
  const problems = [];
  const table = await suite.browser.newPage({ viewport: { width: 1024, height: 600 } });
  table.on("pageerror", (e) => problems.push(`table: ${e}`));
  await table.goto(serve.url);
  await table.click('[data-test="resume"]');
  await table.locator('[data-test="round"]').waitFor();
  const first = await game();
  const P = first.view.rounds.turn_of;
  const Q = first.view.turn_order.find((s) => s !== P);
  await phonesOn(table);
  const { phone } = await pairPhone(table, P);
  const { phone: other } = await pairPhone(table, Q);
  for (const p of [phone, other]) p.on("pageerror", (e) => problems.push(`phone: ${e}`));
  await table.click('[data-test="phones-close"]');

  const round = table.locator('[data-test="round"]');
  const outcome = table.locator('[data-test="outcome"]');
  const seatOf = async (seat) => (await game()).view.seats.find((s) => s.seat === seat);
  /** The round to `seat`, a full hand, the character in `room`: the table's corrections. The
   *  panel shows the round once its screen is at the door's revision. */
  const standIn = async (seat, room) => {
    let g = await game();
    if (g.view.rounds.turn_of !== seat) g = await act({ type: "give_round", seat });
    await act({ type: "set_hand_size", seat, cards: 5 });
    g = await act({ type: "place_character", seat, at: at[room] });
    await table.waitForFunction((n) => Number(document.querySelector('[data-test="log"]')?.dataset.total ?? 0) >= n, g.log_total);
    await table.locator(`[data-test="strip-${seat}"][data-status="playing"]`).waitFor();
    return g;
  };
  /** Takes an offer and waits for its outcome in the log. */
  const take = async (offer) => {
    const before = await logTotal(table);
    await offer.click();
    await table.waitForFunction((n) => Number(document.querySelector('[data-test="log"]')?.dataset.total ?? 0) > n, before);
  };
  /** The outcome's lines: each key with its hand line (shown under it, or beside it on a crowded
   *  outcome at this size), as the table reads them. */
  const lines = () => outcome.locator("li[data-line]").evaluateAll((els) => els.map((li) => ({ key: li.dataset.line, hand: li.querySelector(".hint")?.textContent?.trim() || li.querySelector(".hand")?.getAttribute("title") || "" })));
  const handOf = async (key) => {
    const line = (await lines()).find((l) => l.key === key);
    assert.ok(line, `the outcome says ${key}: ${JSON.stringify(await lines())}`);
    return line.hand;
  };
  /** The newest secret on `p`, read while held. */
  const secret = (p) => holding(p, () => p.locator('[data-test="phone-secret"] [data-test="phone-newest"]').textContent());
  const noSecretOnTable = async (pattern) => assert.doesNotMatch(await outcome.textContent(), pattern, "the result is not on the table");
  const offers = (type) => round.locator(`[data-test="offer-${type}"]`);

  // Comms Room (p. 24): Send a Signal, one offer; the Signal marker is on the board after.
  await standIn(P, "comms_room");
  assert.equal(await offers("send_signal").count(), 1);
  await shot(table, "room-comms-1024x600");
  await take(offers("send_signal"));
  assert.ok((await seatOf(P)).signal, "the Signal marker is on the character board");
  assert.ok(await handOf("signal"), "the hand line says where the Status marker goes");

  // Emergency Room (p. 24): the treatments that treat something here: a Light Wound and an
  // undressed Serious Wound, so "dress" and "heal the Light Wounds", never "heal a dressed one".
  await act({ type: "wound", seat: P, light: 1, serious: 1 });
  await standIn(P, "emergency_room");
  const treat = offers("treat_wounds");
  assert.equal(await treat.count(), 2, "dress the Serious Wound or heal the Light Wound");
  await shot(table, "room-emergency-1024x600");
  await take(treat.first());
  assert.ok((await seatOf(P)).serious_wounds.every((w) => w.dressed), "the Serious Wound is dressed");
  assert.match(await handOf("wound_dressed"), /face down/, "the hand line: turn the card over");

  // Fire Control System (p. 24): the rooms with Fire (or Intruders), here the Comms Room's.
  await act({ type: "set_fire", at: at.comms_room, on: true });
  await standIn(P, "fire_control_system");
  assert.equal(await offers("fire_control").count(), 1, "only the room on fire");
  await take(offers("fire_control"));
  assert.ok(!(await game()).view.rooms.find((r) => r.at === at.comms_room).fire, "its Fire is out");
  assert.ok(await handOf("fire_removed"), "the hand line: take the Fire marker off");

  // Nest (p. 25): Take an Egg, then a Noise roll; Laboratory (p. 24): Analyse the Egg carried.
  await standIn(P, "nest");
  await take(offers("take_egg"));
  assert.equal((await seatOf(P)).eggs_carried, 1, "the Egg is carried");
  assert.ok(await handOf("egg_taken"), "the hand line: take an Egg token from the Intruder board");
  await standIn(P, "laboratory");
  const research = offers("research");
  assert.equal(await research.count(), 1, "the one Object here: the Egg");
  const known = (await game()).view.weaknesses.filter((w) => w).length;
  await take(research);
  assert.ok((await game()).view.weaknesses.filter((w) => w).length > known, "a Weakness card is discovered");

  // Airlock Control (p. 25): any other Yellow room; every Door of it closes.
  await standIn(P, "airlock_control");
  const airlock = offers("start_airlock");
  assert.ok((await airlock.count()) >= 1, "the other Yellow rooms");
  await take(airlock.first());
  const g = await game();
  assert.ok(g.view.airlock, "the Airlock Procedure token is in its room");
  assert.ok(g.view.corridors.filter((c) => c.ends.includes(g.view.airlock)).every((c) => c.door !== "open"), "every Door of it is closed");
  await act({ type: "set_door", corridor: g.view.corridors.find((c) => c.ends.includes(g.view.airlock)).id, state: "open" });

  // Engine Control Room (p. 25): the three Engines checked, the result on the player's phone alone.
  await standIn(P, "engine_control_room");
  await take(offers("check_all_engines"));
  await phone.locator('[data-test="phone-new"]').waitFor();
  assert.match(await secret(phone), /Engine 3: (Working|Damaged)/, "each Engine on the phone");
  await noSecretOnTable(/Working|Damaged/);

  // Monitoring Room (p. 25): any unexplored room. Its tile and token are the table's here, so the
  // hand line says what the player looks at; nothing for the app to show.
  await standIn(P, "monitoring_room");
  const peek = offers("peek_room");
  assert.equal(await peek.count(), (await game()).view.rooms.filter((r) => !r.explored).length, "each unexplored room");
  await shot(table, "room-monitoring-1024x600");
  await take(peek.first());
  await shot(table, "room-monitoring-after-1024x600");
  assert.match(await handOf("room_peeked_at_table"), /puts both back face down/);

  // Cockpit (p. 26): check the Coordinates (on the phone) or set another Destination.
  await standIn(P, "Cockpit");
  assert.equal(await offers("set_destination").count(), 3, "the three other letters");
  await take(offers("check_coordinates"));
  assert.match(await secret(phone), /Coordinates/, "the card on the phone");

  // Engine #1 (p. 26): its top token, on the phone.
  await standIn(P, "Engine #1");
  await take(offers("check_engine"));
  assert.match(await secret(phone), /Engine 1: (Working|Damaged)/);

  // Generator (p. 24): starting the Self-Destruct says why it asks first, then starts it.
  await standIn(P, "generator");
  await offers("start_self_destruct").click();
  await round.locator('[data-test="do-start_self_destruct"]').click();
  const confirm = round.locator('[data-test="confirm"]');
  await confirm.waitFor();
  assert.match(await round.textContent(), /nobody can stop the sequence/, "why it asks");
  await shot(table, "room-generator-confirm-1024x600");
  await take(confirm);
  assert.ok((await game()).view.self_destruct !== null, "the marker is on the Self-Destruct Track");

  // Canteen (p. 25): 1 Light Wound healed; then the player's phone asks how many Contamination
  // cards are in the hand, and the results stay on it.
  await act({ type: "give_contamination", seat: P, count: 2 });
  await act({ type: "wound", seat: P, light: 1, serious: 0 });
  await standIn(P, "canteen");
  const light = (await seatOf(P)).light_wounds;
  await take(offers("scan_contamination"));
  assert.equal((await seatOf(P)).light_wounds, light - 1, "a Light Wound healed");
  await phone.locator('[data-test="phone-now"][data-due="scan"]').waitFor();
  await phone.click('[data-test="phone-scan-more"]');
  await shot(phone, "phone-canteen-scan-390x844");
  let before = await logTotal(table);
  await phone.click('[data-test="phone-scan-send"]');
  await table.waitForFunction((n) => Number(document.querySelector('[data-test="log"]')?.dataset.total ?? 0) > n, before);
  assert.match(await secret(phone), /scanned: (INFECTED|not infected)/, "the result on the phone");
  await noSecretOnTable(/scanned: (INFECTED|not infected)/);

  // Shower Room (p. 25): the Slime marker discarded; the scan asked, none in hand this time.
  await act({ type: "set_slime", seat: P, on: true });
  await standIn(P, "shower_room");
  await take(offers("scan_contamination"));
  assert.ok(!(await seatOf(P)).slime, "the Slime marker is discarded");
  await phone.locator('[data-test="phone-now"][data-due="scan"]').waitFor();
  before = await logTotal(table);
  await phone.click('[data-test="phone-scan-send"]');
  await phone.locator('[data-test="phone-now"]').waitFor({ state: "detached" });

  // Rest from the phone: the card played there, the count asked there, the result there alone.
  await standIn(P, "shower_room");
  await phone.locator('[data-test="phone-round"]').waitFor();
  const rest = phone.locator('[data-test="phone-offer-use_card"]', { hasText: "Rest" });
  await rest.click();
  await phone.locator('[data-test="phone-now"][data-due="scan"]').waitFor();
  assert.match(await outcome.textContent(), /their phone asks how many they hold/, "the table says the phone asks");
  const otherBefore = await holding(other, () => other.locator('[data-test="phone-secret"]').textContent());
  await phone.click('[data-test="phone-scan-more"]');
  before = await logTotal(table);
  await phone.click('[data-test="phone-scan-send"]');
  await table.waitForFunction((n) => Number(document.querySelector('[data-test="log"]')?.dataset.total ?? 0) > n, before);
  assert.match(await secret(phone), /scanned: (INFECTED|not infected)/);
  await noSecretOnTable(/scanned: (INFECTED|not infected)/);
  assert.equal(await holding(other, () => other.locator('[data-test="phone-secret"]').textContent()), otherBefore, "nothing on the other phone");

  // Surgery (p. 25): every card scanned on the phone; the round ends as a pass, warned first.
  await standIn(P, "surgery");
  await offers("scan_contamination").click();
  await round.locator('[data-test="warned-go"]').waitFor();
  await shot(table, "room-surgery-warned-1024x600");
  await take(round.locator('[data-test="warned-go"]'));
  assert.equal((await seatOf(P)).hand, 0, "the hand is empty until the next turn");
  await noSecretOnTable(/scanned: (INFECTED|not infected)/);

  // The Antidote from the other player's phone: it ends the round, so it asks first; then that
  // phone asks how many cards are in the hand, and the results reach it alone.
  await act({ type: "give_contamination", seat: Q, count: 2 });
  await standIn(Q, "comms_room");
  await other.locator('[data-test="phone-round"]').waitFor();
  const cards = other.locator('[data-test="phone-offer-card"][data-card="antidote"]');
  if (await cards.count()) await cards.click();
  await other.locator('[data-test="phone-offer-use_card"]', { hasText: "Antidote" }).click();
  await other.locator('[data-test="phone-ends-round"]').waitFor();
  await other.click('[data-test="phone-send"]');
  await other.locator('[data-test="phone-now"][data-due="antidote"]').waitFor();
  await shot(other, "phone-antidote-count-390x844");
  const mineBefore = await holding(phone, () => phone.locator('[data-test="phone-secret"]').textContent());
  await other.click('[data-test="phone-scan-more"]');
  before = await logTotal(table);
  await other.click('[data-test="phone-scan-send"]');
  await table.waitForFunction((n) => Number(document.querySelector('[data-test="log"]')?.dataset.total ?? 0) > n, before);
  assert.match(await secret(other), /scanned: (INFECTED|not infected)/, "the results on that phone");
  await noSecretOnTable(/scanned: (INFECTED|not infected)/);
  assert.equal(await holding(phone, () => phone.locator('[data-test="phone-secret"]').textContent()), mineBefore, "nothing on the first phone");
  assert.ok((await game()).view.rounds.passed.includes(Q), "the Antidote ended the round as a pass");

  // Evacuation Section A (p. 24), last (its Noise roll may bring the first Encounter): an
  // unlocked pod, a Noise roll, then in the pod or not, said so.
  const pod = (await game()).view.pods.find((p) => p.section === "a");
  await act({ type: "set_pod_lock", pod: pod.number, locked: false });
  await standIn(P, "evacuation_section_a");
  const enter = offers("try_enter_pod");
  assert.equal(await enter.count(), 1, "the one unlocked pod of Section A");
  await take(enter);
  const keys = (await lines()).map((l) => l.key);
  assert.ok(keys.includes("entered_pod") || keys.includes("pod_entry_failed"), `the pod entered or the attempt failed, said so: ${keys}`);
  if (keys.includes("entered_pod")) {
    assert.match(await handOf("entered_pod"), /not launching then is a pass/, "what waiting in the pod means (p. 26)");
    // Waiting in the pod, the round says what it means, and the launch says why it asks first.
    await round.locator('[data-test="in-pod-note"]').waitFor();
    assert.match(await round.locator('[data-test="in-pod-note"]').textContent(), /An Intruder arriving in the Evacuation Section puts/);
    await offers("launch_pod").click();
    await round.locator('[data-test="do-launch_pod"]').click();
    await round.locator('[data-test="confirm"]').waitFor();
    assert.match(await round.textContent(), /A launched pod leaves the ship for Earth/, "why it asks");
    await shot(table, "room-pod-launch-confirm-1024x600");
    await act({ type: "leave_pod", seat: P });
  }
  await shot(table, "room-evacuation-1024x600");

  // The Hibernatorium's Action waits for the chambers to open (p. 26): not offered on turn 1.
  await standIn(first.view.turn_order.find((s) => s !== P && s !== Q), "Hibernatorium");
  assert.equal(await offers("try_hibernate").count(), 0, "the chambers are closed");
  assert.deepEqual(problems, []);
});
