//! Fills a catalogue text's `{name}` placeholders, with the grammar a value needs where it lands.
// Names and game terms arrive at run time, so a word before them that changes with the value's
// first sound cannot be written by hand in the catalogue: French writes "de {name}" and this turns
// it into "d'Ana" or "de Bruno". Plain JavaScript so the build's language check (a Node script)
// tests the very code the screens run.

/** French words that drop their vowel before a vowel or a mute h: "de" -> "d'", "le"/"la" -> "l'". */
const FRENCH_ELIDES = { de: "d", que: "qu", le: "l", la: "l", ne: "n", je: "j", me: "m", te: "t", se: "s", lorsque: "lorsqu", puisque: "puisqu", jusque: "jusqu" };

/** Each language's rewrite of the word before a filled value; a language without one has none. */
const RULES = {
  fr(before, value, apostrophe) {
    const lower = before.toLowerCase();
    if (!(lower in FRENCH_ELIDES) || !/^[aeiouyhàâäéèêëîïôöùûüœæ]/i.test(value)) return null;
    let short = FRENCH_ELIDES[lower];
    if (before[0] !== before[0].toLowerCase()) short = short[0].toUpperCase() + short.slice(1);
    return short + apostrophe;
  },
};

/** Each language's apostrophe, as its glossary's typography names it. */
export const APOSTROPHE = { fr: "'", it: "'", es: "'", "pt-BR": "'", en: "'" };

/**
 * `text` with each `{name}` replaced by `params[name]` (unknown names left as written), and the
 * word just before a value rewritten by `lang`'s rule ("de {name}" -> "d'Ana" in French).
 * @param {string} lang
 * @param {string} text
 * @param {Record<string, string | number>} params
 * @returns {string}
 */
export function fillParams(lang, text, params) {
  const rule = RULES[lang];
  return text.replace(/(?:(^|[^\p{L}])(\p{L}+) )?\{(\w+)\}/gu, (whole, lead, before, name) => {
    if (!(name in params)) return whole;
    const value = String(params[name]);
    if (before !== undefined) {
      const short = rule ? rule(before, value, APOSTROPHE[lang] ?? "'") : null;
      return lead + (short === null ? before + " " : short) + value;
    }
    return value;
  });
}
