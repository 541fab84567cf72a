//! The card check (issue 19): walks every card and token id in the engine's content file and fails
//! when any of the five catalogues has a missing, empty or placeholder text for it, or a text that
//! names a seat by number where the table knows a name (an Objective's target is `{target}`).
// `checkCards` is exported so check-cards.test.mjs can prove each fault is caught.
import { readFileSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

/** "Player 2", "Jogador 2", … in any of the five languages: a seat named by its number. */
const SEAT_BY_NUMBER = /(?<![\p{L}])(player|jogador|jugador|giocatore|joueur)a?\s*\d/iu;
/** Texts that stand in for a card instead of saying what it does. */
const PLACEHOLDER = /see the card|veja o texto|ver el texto|consulta la carta|vedi il testo|voir le texte|\[[\w.]+\]/iu;
const MARKER = /\b(TODO|TBD|FIXME)\b/u;

/** Every catalogue key a card or token of the content is shown with, and whether it names a target. */
export function cardKeys(content) {
  const keys = [];
  for (const o of content.objectives) keys.push({ key: `objective_summary.${o.key}`, target: o.target_player != null });
  for (const e of content.events) keys.push({ key: `event_summary.${e.key}` });
  for (const a of content.attacks) keys.push({ key: `attack_summary.${a.key}` });
  for (const w of content.weaknesses) keys.push({ key: `weakness_summary.${w.key}` });
  for (const w of content.serious_wounds) keys.push({ key: `wound_summary.${w.key}` });
  for (const r of content.room_tiles) keys.push({ key: `room_summary.${r.key}` });
  for (const x of new Set(content.exploration_tokens.map((x) => x.effect))) keys.push({ key: `exploration_summary.${x}` });
  keys.push({ key: "contamination_summary" });
  for (const l of content.locations) if (l.summary) keys.push({ key: `location_summary.${l.kind}` });
  keys.push({ key: "coordinates_summary" });
  const seen = new Set();
  return keys.filter((k) => !seen.has(k.key) && seen.add(k.key));
}

/** The faults of the catalogues (`{lang: {key: text}}`) against the content: a list of messages. */
export function checkCards(content, catalogues) {
  const faults = [];
  const english = catalogues.en ?? {};
  for (const { key, target } of cardKeys(content)) {
    for (const [lang, cat] of Object.entries(catalogues)) {
      const text = cat[key];
      if (typeof text !== "string" || text.trim() === "") {
        faults.push(`${lang}: ${key} has no text`);
        continue;
      }
      if (PLACEHOLDER.test(text) || MARKER.test(text) || text.trim().length < 12) faults.push(`${lang}: ${key} is a placeholder: "${text}"`);
      if (lang !== "en" && text === english[key]) faults.push(`${lang}: ${key} is the English text, untranslated`);
      if (SEAT_BY_NUMBER.test(text)) faults.push(`${lang}: ${key} names a seat by number: "${text}"`);
      if (target && !text.includes("{target}")) faults.push(`${lang}: ${key} targets a player but does not name them ({target})`);
    }
  }
  return faults;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const root = fileURLToPath(new URL("..", import.meta.url));
  const content = JSON.parse(readFileSync(join(root, "..", "crates", "engine", "content", "base.json"), "utf8"));
  const locales = join(root, "src", "locales");
  const catalogues = Object.fromEntries(
    readdirSync(locales)
      .filter((f) => f.endsWith(".json"))
      .map((f) => [f.slice(0, -5), JSON.parse(readFileSync(join(locales, f), "utf8"))]),
  );
  const faults = checkCards(content, catalogues);
  if (faults.length) {
    console.error(faults.join("\n"));
    console.error(`${faults.length} card text problems`);
    process.exit(1);
  }
  console.log(`cards: ${cardKeys(content).length} card and token texts in ${Object.keys(catalogues).length} languages, none missing, placeholder or naming a seat by number`);
}
