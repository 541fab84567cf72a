//! The language check: each catalogue against its glossary (src/locales/glossary/<lang>.json) and
//! its language's typography. Fails the build when a catalogue uses an avoided variant of a game
//! word, writes a game word in the wrong case, names other placeholders than the English, or breaks
//! the language's rules for apostrophes, quote marks, French spacing and elision before a value.
// `checkCatalogue` is exported so check-language.test.mjs can feed it small bad catalogues and
// prove each rule fails when its fault is put back.
import { readFileSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { APOSTROPHE, fillParams, pluralForms, selectForms } from "../src/lib/fillParams.js";
import { SHORT_NAME, wrapName } from "../src/lib/roomLines.js";

const LETTER = "\\p{L}\\p{N}";
/** `source` as a whole word or phrase: no letter may touch either end. */
const wordRe = (source, flags = "giu") => new RegExp(`(?<![${LETTER}])(?:${source})(?![${LETTER}])`, flags);

/** Where a word may take a capital for the sentence's sake: at the start, after a full stop,
 * colon or opening quote, or as a heading's first word. */
const sentenceStart = (text, at) => at === 0 || /(?:[.!?:;…“«(\n])[\s\u00a0]*$/u.test(text.slice(0, at));

/** `text` with each select form (`{g, select, f {a} other {o}}`, a word that agrees with a
 *  value) written as its branches side by side: their labels are keys, not words or values. */
export function flattenSelects(text) {
  for (const f of selectForms(text).filter(Boolean).reverse()) text = text.slice(0, f.start) + Object.values(f.branches).join(" ") + text.slice(f.end);
  return text;
}

/** The values a text names: `{name}`, and the count of each plural form `{n, plural, …}`. */
const names = (s) => [...new Set([...flattenSelects(s).matchAll(/\{(\w+)(?:\}|, *plural,)/g)].map((m) => m[1]))].sort().join(",");

// Counts (issue 33): a value that counts the word written after it ("{n} cards", "{hand} cartes")
// is written with plural forms, `{n, plural, one {# card} other {# cards}}`, so that 1 is never
// "1 cards" in any language. The values below hold numbers; the same name in a key listed in
// NOT_COUNTS is a number that counts nothing after it (an Engine's number, a roll to beat).
export const COUNTS = new Set(["n", "count", "cards", "hand", "actions", "items", "eggs", "drawn", "infected", "total", "steps", "s", "minutes", "left", "most", "limit", "injuries", "carcasses", "corpses", "done", "of", "used", "max", "slots", "light"]);
export const NOT_COUNTS = { "debrief.minutes": ["minutes"], "helper.encounter_draw": ["count"], "curtain.known_engine": ["n"], "round.action_of": ["n"], "helper.injury_check_one": ["total"], "helper.injury_check_two": ["total"], "helper.encounter_surprise": ["hand"] };
/** A number of one thing out of another ("3 of 5"): the word after the first number is this one. */
const OF_WORDS = new Set(["of", "de", "di", "sur", "su", "em", "en", "do", "da", "dos", "das", "del", "della", "dei", "delle", "des", "du"]);

/** Every quote-like mark; a language's own pair is allowed, every other is a fault. */
const QUOTE_MARKS = ["\"", "“", "”", "„", "«", "»", "‹", "›"];

/**
 * The faults of one catalogue: `[key, message]` pairs, empty when it is clean.
 * @param {string} lang
 * @param {Record<string, string>} catalogue
 * @param {Record<string, string>} english
 * @param {{typography: any, terms: any[]}} glossary
 */
export function checkCatalogue(lang, catalogue, english, glossary) {
  const faults = [];
  const typo = glossary.typography ?? {};
  const avoid = glossary.terms.flatMap((term) =>
    (term.avoid ?? []).map((a) => {
      const { pattern, unlessEnglish } = typeof a === "string" ? { pattern: a } : a;
      return { term, re: wordRe(pattern), unless: unlessEnglish ? new RegExp(unlessEnglish, "iu") : null };
    }),
  );
  const cased = glossary.terms.filter((t) => t.case).map((term) => ({ term, re: wordRe(term.word) }));
  // Left in English (issue 33: French "Slime", pt-BR "Replay"): a game word the glossary gives
  // another word for in this language is never written in English. A term the edition keeps in
  // English (the French "Slime", the Italian "Larva") holds the English word and is not checked.
  const leftInEnglish = lang === "en" ? [] : glossary.terms.flatMap((term) => {
    const word = term.en.replace(/\s*\(.*\)\s*/g, "").trim();
    if (!word || word.includes("/") || term.term.toLowerCase().includes(word.toLowerCase())) return [];
    return [{ term, word, re: wordRe(word.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")) }];
  });

  for (const [key, text] of Object.entries(catalogue)) {
    const en = english[key];
    if (en === undefined) continue;
    if (names(en) !== names(text)) faults.push([key, `names {${names(text)}}, English {${names(en)}}`]);
    const forms = pluralForms(text);
    if (forms.includes(null)) faults.push([key, "a plural form is written wrongly: {n, plural, one {…} other {…}}, each branch in braces, other always there"]);
    for (const f of forms) if (f && f.branches.one === undefined && f.branches["=1"] === undefined) faults.push([key, `{${f.name}, plural, …} has no form for one (one {…} or =1 {…})`]);
    for (const m of text.matchAll(/\{(\w+)\}[\s\u00a0]+(\p{L}+)/gu)) {
      if (!COUNTS.has(m[1]) || NOT_COUNTS[key]?.includes(m[1]) || OF_WORDS.has(m[2].toLowerCase())) continue;
      faults.push([key, `"${m[0]}": a count without plural forms (1 would read "1 ${m[2]}"): write {${m[1]}, plural, one {# …} other {# …}}`]);
    }
    // Placeholder names ({items}) are not words of the language.
    const flat = flattenSelects(text);
    const words = flat.replace(/\{\w+\}|\{\w+, *plural,|[{}#]/g, (m) => " ".repeat(m.length));
    for (const { term, re, unless } of avoid) {
      if (unless && unless.test(en)) continue;
      for (const m of words.matchAll(re)) faults.push([key, `"${m[0]}": ${term.en} is “${term.term}” here (glossary)`]);
    }
    for (const { term, word, re } of leftInEnglish) {
      for (const m of words.matchAll(re)) faults.push([key, `"${m[0]}": left in English; ${word} is “${term.term}” here (glossary)`]);
    }
    for (const { term, re } of cased) {
      for (const m of words.matchAll(re)) {
        const first = m[0][0];
        if (term.case === "capital" && first === first.toLowerCase()) faults.push([key, `"${m[0]}": ${term.en} takes a capital (glossary)`]);
        if (term.case === "lower" && first !== first.toLowerCase() && !sentenceStart(flat, m.index) && !/\.title$|^card\.|^cmd\.[\w]+$/.test(key))
          faults.push([key, `"${m[0]}": ${term.en} is written in lower case mid-sentence (glossary)`]);
      }
    }
    // One apostrophe per language.
    const otherApostrophe = typo.apostrophe === "'" ? /[’‘]/ : /'/;
    if (typo.apostrophe && otherApostrophe.test(text)) faults.push([key, `apostrophe other than ${typo.apostrophe}`]);
    // One pair of quote marks per language.
    if (typo.quotes) {
      const [open, close] = typo.quotes.map((q) => q.trim());
      for (const mark of QUOTE_MARKS) if (mark !== open && mark !== close && text.includes(mark)) faults.push([key, `quote mark ${mark}: this language quotes ${typo.quotes.join("…")}`]);
      const opens = text.split(open).length - 1, closes = text.split(close).length - 1;
      if (open !== close && opens !== closes) faults.push([key, `${opens} ${open} but ${closes} ${close}`]);
      // The pair's own spacing (French « and » hold a non-breaking space inside).
      if (typo.quotes[0] !== open && text.includes(open) && !text.split(open).slice(1).every((rest) => rest.startsWith(typo.quotes[0].slice(open.length))))
        faults.push([key, `${open} is followed by a non-breaking space`]);
      if (typo.quotes[1] !== close && text.includes(close) && !text.split(close).slice(0, -1).every((before) => before.endsWith(typo.quotes[1].slice(0, -close.length))))
        faults.push([key, `${close} is preceded by a non-breaking space`]);
    }
    // French: a non-breaking space before : ; ? ! (not in a time like 12:30 or a web address).
    if (typo.spaceBefore) {
      for (const m of text.matchAll(new RegExp(`(.?)([${typo.spaceBefore}])`, "gu"))) {
        const [, prev, mark] = m;
        const next = text[m.index + m[0].length] ?? "";
        if (prev === typo.space) continue;
        if (mark === ":" && (/\d/.test(prev) && /\d/.test(next) || next === "/")) continue;
        if (/[?!]/.test(prev) && /[?!]/.test(mark)) continue;
        faults.push([key, `"${prev}${mark}": ${mark} takes a non-breaking space before it`]);
      }
    }
    // Elision before a value is the fill helper's work ("de {name}"): written by hand it would give
    // "d'Bruno" for a name that starts with a consonant.
    if (typo.elision) {
      for (const m of text.matchAll(/(?<![\p{L}])(\p{L}{1,7})['’]\{(\w+)\}/gu)) faults.push([key, `"${m[0]}": write "${m[1]}e {${m[2]}}" and let the fill helper elide`]);
    }
  }
  faults.push(...playerWordFaults(lang, catalogue, glossary));
  faults.push(...roomWordFaults(lang, catalogue));
  if (typo.apostrophe && APOSTROPHE[lang] !== typo.apostrophe) faults.push(["(fill helper)", `the fill helper's apostrophe for ${lang} is ${APOSTROPHE[lang]}, the glossary's ${typo.apostrophe}`]);
  return faults;
}

/** Texts about one player: they name the player ({player}, {name}, {target}, {who}) or sit beside
 * a player's name (a life chip, a round status, a debrief verdict, an objective told to its holder, the weapon the acting character carries). */
const BESIDE_A_NAME = /^(life\.|round\.status\.|crew\.|debrief\.(won|lost|line\.verdict_)|objective_summary\.|objective_target\.|phone\.round\.fate_|victory\.|weapon\.)/;
const NAMES_A_PLAYER = /\{(player|name|target|who)\}/;
/**
 * No gender guessed for a player (issue 33 item 4): in a language whose adjectives and participles
 * agree, a text about a player never uses a form that agrees with the player (the glossary's
 * `aboutPlayer.avoid`: "Mort au tour", "il est mort", "o único sobrevivente"), and never puts the
 * character in brackets after the name ("Ana (Mécanicien)" reads as an adjective of Ana): the
 * character is named as the card ("Ana — Mécanicien"). `aboutPlayer.reader` holds the forms that
 * agree with the reader ("¿Seguro?", "tu es sûr"), refused in every text.
 * @param {string} lang
 * @param {Record<string, string>} catalogue
 * @param {{aboutPlayer?: {avoid?: string[], reader?: string[]}}} glossary
 */
export function playerWordFaults(lang, catalogue, glossary) {
  const compile = (patterns) => (patterns ?? []).map((pattern) => new RegExp(`(?<![${LETTER}])(?:${pattern})(?![${LETTER}])`, "iu"));
  const avoid = compile(glossary.aboutPlayer?.avoid);
  // Words to the reader ("¿Seguro?", "tu es sûr") are about a player in every text.
  const reader = compile(glossary.aboutPlayer?.reader);
  if (!avoid.length && !reader.length) return [];
  const faults = [];
  for (const [key, text] of Object.entries(catalogue)) {
    const aboutOne = NAMES_A_PLAYER.test(text) || BESIDE_A_NAME.test(key);
    const words = flattenSelects(text).replace(/\{\w+, *plural,|[{}#]/g, " ");
    for (const re of aboutOne ? [...avoid, ...reader] : reader) {
      const m = words.match(re);
      if (m) faults.push([key, `"${m[0]}" agrees with the player's gender, which no name tells: say it so it fits any player (a noun, a verb, or the character as subject)`]);
    }
    if (aboutOne && /\{(name|player)\}[\s\u00a0]*\(\{character\}\)/.test(text)) faults.push([key, `"(${"{character}"})" after a player's name reads as an adjective of the player: name the character as the card, "{name} — {character}"`]);
  }
  return faults;
}

/** The values that name a room in a text (its Tile's or the board's name, in the inline form). */
const ROOM_VALUES = ["room", "at", "from", "to"];
/** Texts whose room value is its printed number alone ("Unexplored room {at}": "07"). */
const ROOM_NUMBERS = new Set(["curtain.known_room"]);
/** A word said twice around a room's name: "en salle Salle des Communications", "la salle de
 *  Salle…", "room the Room…" (a short word between the two may be an article or a preposition). */
const DOUBLED = /(?<![\p{L}])(\p{L}{3,})[\s\u00a0]+(?:\p{L}{1,3}[\s\u00a0'’]+)?\1(?![\p{L}])/iu;
/**
 * Room names in running text and on the map: every text that names a room, filled with each room
 * of the catalogue, says no word twice ("en salle Salle des…": issue 33); every room has a short
 * name for the map (room_short.*) of at most two lines of twelve letters.
 * @param {string} lang
 * @param {Record<string, string>} catalogue
 */
export function roomWordFaults(lang, catalogue) {
  const faults = [];
  const tiles = Object.keys(catalogue).filter((k) => k.startsWith("card.room."));
  const names = [...tiles, "location.cockpit", "location.hibernatorium", "location.engine"].map((k) => catalogue[k]).filter(Boolean);
  const inline = catalogue["room.inline_named"] ?? "{name} ({n})";
  const values = names.map((name) => fillParams(lang, inline, { name, n: "07" }));
  for (const [key, text] of Object.entries(catalogue)) {
    const slots = ROOM_VALUES.filter((v) => text.includes(`{${v}}`));
    if (!slots.length || key.startsWith("room.") || ROOM_NUMBERS.has(key)) continue;
    for (const value of values) {
      const filled = fillParams(lang, text, Object.fromEntries(slots.map((v) => [v, value])));
      const m = filled.match(DOUBLED);
      if (m) {
        faults.push([key, `"${m[0]}": a word said twice around the room's name (${value})`]);
        break;
      }
    }
  }
  for (const key of [...tiles.map((k) => `room_short.${k.slice("card.room.".length)}`), "room_short.cockpit", "room_short.hibernatorium"]) {
    if (!tiles.length) break;
    const short = catalogue[key];
    if (short === undefined) faults.push([key, "missing: every room has a short name for the map (issue 33)"]);
    else if (wrapName(short, SHORT_NAME.letters).some((l) => l.length > SHORT_NAME.letters) || wrapName(short, SHORT_NAME.letters).length > SHORT_NAME.lines)
      faults.push([key, `"${short}": the map's short name is at most ${SHORT_NAME.lines} lines of ${SHORT_NAME.letters} letters (break it with a space, a hyphen or a soft hyphen \\u00ad)`]);
  }
  return faults;
}

/** Every catalogue in `locales` against its glossary; a catalogue with no glossary is a fault. */
export function checkAll(locales) {
  const english = JSON.parse(readFileSync(join(locales, "en.json"), "utf8"));
  const problems = [];
  for (const f of readdirSync(locales).filter((f) => f.endsWith(".json"))) {
    const lang = f.slice(0, -5);
    let glossary;
    try {
      glossary = JSON.parse(readFileSync(join(locales, "glossary", f), "utf8"));
    } catch (e) {
      problems.push(`${f}: no glossary at glossary/${f} (${e.message})`);
      continue;
    }
    const catalogue = JSON.parse(readFileSync(join(locales, f), "utf8"));
    for (const [key, msg] of checkCatalogue(lang, catalogue, english, glossary)) problems.push(`${f}: ${key}: ${msg}`);
  }
  return problems;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const problems = checkAll(fileURLToPath(new URL("../src/locales/", import.meta.url)));
  if (problems.length) {
    console.error(problems.join("\n"));
    console.error(`${problems.length} language problems (glossaries in src/locales/glossary; see docs/teaching.md)`);
    process.exit(1);
  }
  console.log("languages: every catalogue keeps its glossary's terms and its typography");
}
