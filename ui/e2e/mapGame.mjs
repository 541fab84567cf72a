// A game for the ship map's tests and screenshots, made through the script door: a 4-player game
// past the draft, then a seeded run of table commands that put every kind of public piece on the
// board (moves, Intruders, Injuries, Fire, Malfunctions, Noise, Doors, Slime, Carcasses, a pod, a
// death and its Corpse).
// Refused commands are skipped: the engine decides what may happen, the test only reads the view.
import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { freshDataDir, hostBinary, root } from "./harness.mjs";

/** The board graph as the engine loads it. */
export const content = JSON.parse(readFileSync(join(root, "crates/engine/content/base.json"), "utf8"));

/** Every component the app can handle itself (as in the harness's saved game). */
const ALL = ["room_tiles", "exploration_tokens", "coordinates", "escape_pods", "engines", "weaknesses", "intruder_bag", "event_deck", "attack_deck", "contamination_deck", "serious_wound_deck", "objectives", "character_draft", "help_cards", "dice"];

/** A small seeded generator (mulberry32), so a failing run can be repeated from its seed. */
export function rng(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Makes the save folder; returns it with the last public view the host answered. */
export function mappedGame(seed, steps = 60) {
  const dir = freshDataDir();
  const send = (lines) => execFileSync(hostBinary, ["script", "--data", dir], { input: lines.map((c) => JSON.stringify(c)).join("\n") + "\n" }).toString().trim().split("\n").map((l) => JSON.parse(l));
  let [reply] = send([{ call: "new_game", setup: { players: ["Ana", "Bruno", "Chidi", "Dana"], mode: "standard", handled: ALL } }]);
  const id = reply.screen.game.id;
  const act = (command) => {
    const r = send([{ call: "open", game: id }, { call: "act", request: { request: "do", command, entered: [] } }])[1];
    if (r.reply === "screen") reply = r;
    return r.reply === "screen";
  };
  for (;;) {
    const seats = [...reply.screen.game.view.seats].sort((a, b) => a.number - b.number);
    const next = seats.find((s) => !s.character);
    if (!next) break;
    act({ type: "draft_draw", seat: next.seat });
    const offer = reply.screen.game.view.seats.find((s) => s.seat === next.seat).draft_offer[0].key;
    act({ type: "draft_keep", seat: next.seat, character: offer });
  }
  const random = rng(seed);
  const pick = (list) => list[Math.floor(random() * list.length)];
  const rooms = content.locations.map((l) => l.number);
  const kinds = ["larva", "creeper", "adult", "adult", "breeder", "queen"];
  const view = () => reply.screen.game.view;
  const moves = [
    () => {
      // The player whose round it is moves (p. 10); a round's Actions pass it on.
      const s = view().seats.find((x) => x.seat === view().rounds.turn_of && x.life.kind === "awake");
      if (!s) return;
      const to = pick(content.locations[s.location - 1].exits.filter((e) => e !== "technical"));
      act({ type: "move_character", seat: s.seat, to, careful_noise: null });
    },
    () => act({ type: "place_intruder", kind: pick(kinds), at: pick(rooms) }),
    () => view().intruders.length && act({ type: "injure_intruder", id: pick(view().intruders).id, injuries: 1 + Math.floor(random() * 2) }),
    // A killed Intruder other than a Larva leaves its Carcass in its room (p. 20).
    () => view().intruders.length && act({ type: "kill_intruder", id: pick(view().intruders).id }),
    // Fewer than the box's 8 markers of each, so the ship neither burns nor breaks down (p. 21).
    () => view().fire.used < 5 && act({ type: "set_fire", at: pick(rooms), on: true }),
    () => view().malfunction.used < 5 && act({ type: "set_malfunction", at: pick(rooms), on: true }),
    () => act({ type: "set_noise", spot: random() < 0.15 ? { kind: "technical" } : { kind: "corridor", corridor: Math.floor(random() * view().corridors.length) }, on: true }),
    () => act({ type: "set_door", corridor: Math.floor(random() * view().corridors.length), state: pick(["closed", "closed", "destroyed", "open"]) }),
    () => act({ type: "set_slime", seat: pick(view().seats).seat, on: true }),
  ];
  // The First Player's round opens with two Moves out of the Hibernatorium: explored rooms on the map.
  moves[0]();
  moves[0]();
  for (let i = 0; i < steps; i++) pick(moves)();
  // At least one Carcass on the board, whatever the seed did.
  if (!view().rooms.some((r) => r.carcasses > 0)) {
    act({ type: "place_intruder", kind: "adult", at: pick(rooms) });
    act({ type: "kill_intruder", id: view().intruders.at(-1).id });
  }
  // One death, so a corpse lies on the board, and an unlocked pod with someone in it.
  act({ type: "kill_character", seat: view().seats[3].seat });
  const pod = view().pods[0];
  if (pod) {
    act({ type: "set_pod_lock", pod: pod.number, locked: false });
    act({ type: "try_enter_pod", seat: view().seats[2].seat, pod: pod.number });
  }
  return { dir, view: view() };
}

/** The host reopens the game it had open; otherwise the home screen offers to resume it. */
export async function openTable(page) {
  await page.locator('[data-test="ship-map"] svg, [data-test="resume"]').first().waitFor({ timeout: 90000 });
  if (await page.locator('[data-test="resume"]').count()) await page.click('[data-test="resume"]');
  await page.locator('[data-test="ship-map"] svg').waitFor();
}
