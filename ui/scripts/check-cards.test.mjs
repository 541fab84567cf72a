// Proves the card check catches each fault it exists for: put the fault back, see it fail.
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { checkCards, cardKeys } from "./check-cards.mjs";

const content = JSON.parse(readFileSync(new URL("../../crates/engine/content/base.json", import.meta.url), "utf8"));
const load = (lang) => JSON.parse(readFileSync(new URL(`../src/locales/${lang}.json`, import.meta.url), "utf8"));
const good = () => ({ en: load("en"), fr: load("fr") });

test("the real catalogues pass, and every card kind is walked", () => {
  assert.deepEqual(checkCards(content, good()), []);
  const keys = cardKeys(content).map((k) => k.key);
  for (const prefix of ["objective_summary.", "event_summary.", "attack_summary.", "weakness_summary.", "wound_summary.", "room_summary.", "exploration_summary.", "contamination_summary"])
    assert.ok(keys.some((k) => k.startsWith(prefix)), prefix);
});

test("a missing or empty text fails", () => {
  const c = good();
  delete c.fr["event_summary.hunt_2"];
  c.en["room_summary.armory"] = " ";
  const faults = checkCards(content, c).join("\n");
  assert.match(faults, /fr: event_summary.hunt_2 has no text/);
  assert.match(faults, /en: room_summary.armory has no text/);
});

test("a placeholder or an untranslated text fails", () => {
  const c = good();
  c.en["objective_summary.hoarder"] = "See the card's text.";
  c.fr["wound_summary.leg"] = c.en["wound_summary.leg"];
  const faults = checkCards(content, c).join("\n");
  assert.match(faults, /en: objective_summary.hoarder is a placeholder/);
  assert.match(faults, /fr: wound_summary.leg is the English text/);
});

test("a text naming a seat by number fails, and a targeted Objective must name its target", () => {
  const c = good();
  c.en["objective_summary.greener_pastures"] = "Player 2's character must not survive, or you are the only survivor.";
  c.fr["objective_summary.an_old_feud"] = "Le personnage du joueur 3 ne doit pas survivre.";
  const faults = checkCards(content, c).join("\n");
  assert.match(faults, /en: objective_summary.greener_pastures names a seat by number/);
  assert.match(faults, /fr: objective_summary.an_old_feud names a seat by number/);
  assert.match(faults, /en: objective_summary.greener_pastures targets a player but does not name them/);
});
