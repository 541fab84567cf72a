//! Fills a catalogue text's `{name}` placeholders, with the grammar a value needs where it lands:
//! the word before a value, and the plural forms of a count.
// Names and game terms arrive at run time, so a word before them that changes with the value's
// first sound cannot be written by hand in the catalogue: French writes "de {name}" and this turns
// it into "d'Ana" or "de Bruno". Plain JavaScript so the build's language check (a Node script)
// tests the very code the screens run.

/** French words that drop their vowel before a vowel or a mute h: "de" -> "d'", "le"/"la" -> "l'". */
const FRENCH_ELIDES = { de: "d", que: "qu", le: "l", la: "l", ne: "n", je: "j", me: "m", te: "t", se: "s", lorsque: "lorsqu", puisque: "puisqu", jusque: "jusqu" };

/** Portuguese names that take their article after a preposition ("chegou à Terra", "vai para a
 * Terra", "do Espaço profundo"), as the catalogue writes them; other names take none ("a Marte"). */
const PORTUGUESE_ARTICLE = { Terra: "a", "Espaço profundo": "o" };
/** A Portuguese preposition joined with the article: "a" + "a" is "à", "de" + "o" is "do". */
const PORTUGUESE_CONTRACTS = { a: { a: "à", o: "ao" }, de: { a: "da", o: "do" }, em: { a: "na", o: "no" }, por: { a: "pela", o: "pelo" } };

/** Each language's rewrite of the word before a filled value; a language without one has none. */
const RULES = {
  "pt-BR"(before, value) {
    const article = PORTUGUESE_ARTICLE[value];
    if (!article) return null;
    const lower = before.toLowerCase();
    const joined = PORTUGUESE_CONTRACTS[lower]?.[article];
    if (joined) return (before[0] !== lower[0] ? joined[0].toUpperCase() + joined.slice(1) : joined) + " ";
    return lower === "para" || lower === "com" || lower === "sobre" || lower === "entre" ? `${before} ${article} ` : null;
  },
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

// Counts go through the language's plural rules (issue 33): a catalogue writes a count as ICU's
// plural form, `{n, plural, one {# card} other {# cards}}`, and the platform's `Intl.PluralRules`
// (CLDR's rules, in every browser, WebView and Node) picks the branch: French says "0 carte" and
// "1 carte", Portuguese "1 carta", Italian "1 carta" but "0 carte". Only this part of ICU
// MessageFormat is used, so it is read here in a few lines rather than by a library: `=N`
// branches for an exact number, `#` for the number itself, `other` when the language's
// category has no branch.
const pluralRules = new Map();
function pluralCategory(lang, n) {
  if (!pluralRules.has(lang)) pluralRules.set(lang, new Intl.PluralRules(lang));
  return pluralRules.get(lang).select(n);
}

/** The end of the `{...}` group that opens at `at` (the index of its `{`), or -1. */
function groupEnd(text, at) {
  let depth = 0;
  for (let i = at; i < text.length; i++) {
    if (text[i] === "{") depth++;
    else if (text[i] === "}" && --depth === 0) return i;
  }
  return -1;
}

/**
 * The branches of each plural form in `text`: `{name, plural, one {…} other {…}}` gives
 * `{ name, start, end, branches: { one: "…", other: "…" } }`; `null` for a form written wrongly.
 * @param {string} text
 */
export function pluralForms(text) {
  const out = [];
  for (const m of text.matchAll(/\{(\w+), *plural, */g)) {
    const end = groupEnd(text, m.index);
    if (end < 0) {
      out.push(null);
      continue;
    }
    const branches = {};
    let rest = text.slice(m.index + m[0].length, end);
    while (rest.trim()) {
      const head = rest.match(/^\s*(=\d+|zero|one|two|few|many|other)\s*\{/);
      const close = head ? groupEnd(rest, head[0].length - 1) : -1;
      if (!head || close < 0) {
        branches.broken = rest.trim();
        break;
      }
      branches[head[1]] = rest.slice(head[0].length, close);
      rest = rest.slice(close + 1);
    }
    out.push(branches.broken !== undefined || branches.other === undefined ? null : { name: m[1], start: m.index, end: end + 1, branches });
  }
  return out;
}

/** `text` with each plural form replaced by its branch for the count in `params` (kept as written
 * when the count is not given). */
function choosePlurals(lang, text, params) {
  const forms = pluralForms(text).filter((f) => f && f.name in params);
  for (const f of forms.reverse()) {
    const n = Number(params[f.name]);
    const exact = f.branches[`=${n}`];
    const branch = exact ?? (Number.isFinite(n) ? f.branches[pluralCategory(lang, n)] : undefined) ?? f.branches.other;
    text = text.slice(0, f.start) + branch.replace(/#/g, String(params[f.name])) + text.slice(f.end);
  }
  return text;
}

// A word that agrees with a value that is not a count (issue 33: a room's own article, "para a
// Área de Evacuação", "nell'Armeria") is ICU's select form, `{g, select, f {…} other {…}}`: the
// branch named by the value, else `other`. Chosen before the placeholders are filled, so a
// branch may hold them, and a French "la {name}" in it is still elided before a vowel.
/**
 * The branches of each select form in `text`, as `pluralForms` gives a plural's; `null` for one
 * written wrongly.
 * @param {string} text
 */
export function selectForms(text) {
  const out = [];
  for (const m of text.matchAll(/\{(\w+), *select, */g)) {
    const end = groupEnd(text, m.index);
    const branches = {};
    let rest = end < 0 ? "" : text.slice(m.index + m[0].length, end);
    let broken = end < 0;
    while (!broken && rest.trim()) {
      const head = rest.match(/^\s*(\w+)\s*\{/);
      const close = head ? groupEnd(rest, head[0].length - 1) : -1;
      if (!head || close < 0) broken = true;
      else {
        branches[head[1]] = rest.slice(head[0].length, close);
        rest = rest.slice(close + 1);
      }
    }
    out.push(broken || branches.other === undefined ? null : { name: m[1], start: m.index, end: end + 1, branches });
  }
  return out;
}

/** `text` with each select form replaced by the branch its value names (kept when not given). */
function chooseSelects(text, params) {
  const forms = selectForms(text).filter((f) => f && f.name in params);
  for (const f of forms.reverse()) text = text.slice(0, f.start) + (f.branches[String(params[f.name])] ?? f.branches.other) + text.slice(f.end);
  return text;
}

/**
 * `text` with each `{name}` replaced by `params[name]` (unknown names left as written), the word
 * just before a value dropped when the value starts with it ("salle {room}" -> "Salle des
 * Communications") or else rewritten by `lang`'s rule ("de {name}" -> "d'Ana" in French).
 * @param {string} lang
 * @param {string} text
 * @param {Record<string, string | number>} params
 * @returns {string}
 */
export function fillParams(lang, text, params) {
  const rule = RULES[lang];
  if (text.includes(", select,")) text = chooseSelects(text, params);
  if (text.includes(", plural,")) text = choosePlurals(lang, text, params);
  return text.replace(/(?:(^|[^\p{L}])(\p{L}+) )?\{(\w+)\}/gu, (whole, lead, before, name) => {
    if (!(name in params)) return whole;
    const value = String(params[name]);
    // A text that names its value's kind before it ("la salle {room}") meets a name that already
    // starts with that word ("Salle des Communications"): the word is said once, the name's own
    // ("la Salle des Communications"), in every language.
    if (before !== undefined && value.toLowerCase().startsWith(before.toLowerCase() + " ")) return lead + value;
    if (before !== undefined) {
      const short = rule ? rule(before, value, APOSTROPHE[lang] ?? "'") : null;
      return lead + (short === null ? before + " " : short) + value;
    }
    return value;
  });
}
