//! Tests of the language check and the fill helper: each fault the language review found (issue 24),
//! put back into a one-key catalogue, makes the check fail; the repaired text passes.
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { checkCatalogue, checkAll } from "./check-language.mjs";
import { fillParams } from "../src/lib/fillParams.js";

const locales = new URL("../src/locales/", import.meta.url);
const glossary = (lang) => JSON.parse(readFileSync(new URL(`glossary/${lang}.json`, locales), "utf8"));
const english = JSON.parse(readFileSync(new URL("en.json", locales), "utf8"));

/** The check's faults for `lang` when its catalogue holds only `key` = `text`. */
const faults = (lang, key, text) => checkCatalogue(lang, { [key]: text }, english, glossary(lang)).filter(([k]) => k === key);
const fails = (lang, key, bad, good) => {
  assert.notDeepEqual(faults(lang, key, bad), [], `${lang} ${key}: "${bad}" should fail`);
  if (good !== undefined) assert.deepEqual(faults(lang, key, good), [], `${lang} ${key}: "${good}" should pass`);
};

test("the catalogues in the repository pass the check", () => {
  assert.deepEqual(checkAll(new URL(locales).pathname), []);
});

test("a game turn is a rodada / ronda, not a turno (pt-BR, es)", () => {
  const key = "cmd.become_intruder_player.about";
  fails("pt-BR", key, "A partir do próximo turno, compra 3 cartas.", "A partir da próxima rodada, compra 3 cartas.");
  fails("es", key, "Desde el turno siguiente roba 3 cartas.", "Desde la ronda siguiente roba 3 cartas.");
  fails("pt-BR", "refusal.a_character_is_revived_at_the_start_of", "Um personagem é revivido no início de um turno.");
  fails("es", "cmd.revive_character.about", "Al inicio del turno, el personaje se levanta.");
});

test("Italian Item is Strumento, Oggetto only an Object; Search is Cerca", () => {
  fails("it", "ref.item_counter.title", "Contatore Oggetti", "Contatore Strumenti");
  fails("it", "cmd.search_room.about", "Perquisisce la stanza (p. 23).", "Cerca nella stanza (p. 23).");
  fails("it", "ref.search.short", "Ogni ricerca abbassa il contatore.", "Ogni azione Cerca abbassa il contatore.");
  // An Object is an Oggetto: the English says "Object", so no fault.
  assert.deepEqual(faults("it", "field.object", "Oggetto"), []);
});

test("French Corporate is one word, objectif Entreprise", () => {
  fails("fr", "setup.16.table", "Distribue un Objectif d'Entreprise et un Objectif Personnel.", "Distribue un Objectif Entreprise et un Objectif Personnel.");
});

test("Spanish keeps an Intruder's Injury (daño) apart from a Wound (herida)", () => {
  fails("es", "log.line.intruder_injured", "El intruso #{id} recibe heridas\u00a0: {injuries}.".replace("\u00a0", ""), "El intruso #{id} recibe daños: {injuries}.");
  // A key about a Wound may say herida.
  assert.deepEqual(faults("es", "ref.light_wounds.body", "Una herida leve."), []);
});

test("Spanish Escape Pods are cápsulas de escape", () => {
  fails("es", "card.event.evacuation_pod_ejection", "Expulsión de cápsulas de evacuación", "Expulsión de cápsulas de escape");
});

test("French puts a non-breaking space before : ; ? !", () => {
  const key = "attack_offer.title";
  fails("fr", key, "{kind} #{id} attaque {target} : choisis une carte", "{kind} #{id} attaque {target}\u00a0: choisis une carte");
  fails("fr", key, "{kind} #{id} attaque {target}: choisis une carte");
  fails("fr", "attack_summary.bite", "1 Blessure Grave ; la mort.", "1 Blessure Grave\u00a0; la mort.");
  fails("fr", "action.confirm_title", "Tu es sûr ?", "Tu es sûr\u00a0?");
});

test("French elision before a name is left to the fill helper", () => {
  fails("fr", "curtain.title", "Le téléphone d'{name}", "Le téléphone de {name}");
  assert.equal(fillParams("fr", "Le téléphone de {name}", { name: "Ana" }), "Le téléphone d'Ana");
  assert.equal(fillParams("fr", "Le téléphone de {name}", { name: "Bruno" }), "Le téléphone de Bruno");
  assert.equal(fillParams("fr", "De {name} : {n} de {n}", { name: "Éloïse", n: 8 }), "D'Éloïse : 8 de 8");
  assert.equal(fillParams("fr", "Salut, que {name} joue", { name: "Hugo" }), "Salut, qu'Hugo joue");
  // Other languages keep the word as written.
  assert.equal(fillParams("es", "El teléfono de {name}", { name: "Ana" }), "El teléfono de Ana");
  assert.equal(fillParams("fr", "{a} de {b}", { a: "x" }), "x de {b}");
});

test("one apostrophe and one pair of quote marks per language", () => {
  fails("fr", "objective_summary.quarantine", "L’objectif", "L'Objectif");
  fails("it", "ref.search.title", "Azione “Cerca»", "Azione “Cerca”");
  fails("es", "guide.player_intruder.app", "Registra «Mover un intruso».", "Registra “Mover un intruso”.");
  fails("fr", "guide.player_intruder.app", "Enregistre avec “Déplacer un Intrus”.", "Enregistre avec «\u00a0Déplacer un Intrus\u00a0».");
  fails("fr", "guide.player_intruder.app", "Enregistre avec «Déplacer un Intrus».");
  fails("en", "ref.nest.body", 'Among the Rooms marked "1".', "Among the Rooms marked “1”.");
});

test("Self-Destruct and Objective keep their capitals (their lower case in Spanish)", () => {
  fails("fr", "cmd.start_self_destruct", "Lancer l'autodestruction", "Lancer l'Autodestruction");
  fails("pt-BR", "cmd.reveal_objective", "Revelar um objetivo", "Revelar um Objetivo");
  fails("it", "cmd.reveal_objective", "Rivela un obiettivo", "Rivela un Obiettivo");
  fails("es", "cmd.reveal_objective.about", "El superviviente muestra su Objetivo.", "El superviviente muestra su objetivo.");
  assert.deepEqual(faults("es", "cmd.reveal_objective", "Objetivo revelado"), [], "a capital at the start of a sentence is fine");
});

test("a translation names the same placeholders as the English", () => {
  fails("pt-BR", "attack_offer.choose", "Resolver {carta}", "Resolver {card}");
});

test("an Engine check looks at the top token, not the hidden side of both", () => {
  const key = "refusal.the_engine_tokens_are_at_the_table_check";
  fails("pt-BR", key, "As fichas de Motor são físicas: espie o lado de baixo delas na mesa.");
  fails("es", key, "Las fichas de motor son físicas: mira su cara oculta en la mesa.");
  fails("it", key, "I gettoni Motore sono fisici: guarda la loro faccia nascosta al tavolo.");
  fails("fr", key, "Les jetons Moteur sont physiques\u00a0: regarde leur face cachée à la table.");
});

test("an Engine token's state is a label, not an adjective that must agree (pt-BR, es)", () => {
  fails("pt-BR", "ref.engines.body", "Cada Motor tem 2 fichas, uma Funcionando e uma Danificado.", "Cada Motor tem 2 fichas, uma indicando Funcionando e outra indicando Danificado.");
  fails("es", "ref.engines.body", "Cada motor tiene 2 fichas, una Funcional y otra Dañado.", "Cada motor tiene 2 fichas, una que indica Funcional y otra que indica Dañado.");
});
