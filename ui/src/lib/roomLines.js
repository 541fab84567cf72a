//! How a room's name is laid out on the map at arm's length (issue 33): in lines broken where the
//! catalogue allows, the whole name when it fits, else its short name. Plain JavaScript so the
//! build's language check (a Node script) holds the short names to the very rule the map uses.

/** The longest line of a room's short name, in letters, and its most lines (the language check). */
export const SHORT_NAME = { letters: 12, lines: 2 };

/**
 * `name` in lines of at most `max` letters, broken after a space (dropped), a soft hyphen (drawn
 * as "-") or a hyphen: the breaks a catalogue's names hold. A word longer than `max` stays whole.
 * @param {string} name
 * @param {number} max
 * @returns {string[]}
 */
export function wrapName(name, max) {
  const shown = (x) => x.replace(/ $/, "").replace(/\u00ad$/, "-").replace(/\u00ad/g, "");
  const lines = [];
  let cur = "";
  for (const part of name.split(/(?<=[ \u00ad-])/)) {
    if (cur && shown(cur + part).length > max) {
      lines.push(shown(cur));
      cur = part;
    } else cur += part;
  }
  if (cur) lines.push(shown(cur));
  return lines;
}

/**
 * The lines a room's name takes when a line holds `max` letters: the whole name in one or two
 * lines when it fits, else the short name (when there is one), never a smaller size.
 * @param {string} full
 * @param {string | undefined} short
 * @param {number} max
 * @returns {string[]}
 */
export function roomLines(full, short, max) {
  const lines = wrapName(full, max);
  if (lines.length <= 2 && lines.every((l) => l.length <= max)) return lines;
  return short ? wrapName(short, max) : lines;
}
