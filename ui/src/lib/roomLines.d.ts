/** The longest line of a room's short name, in letters, and its most lines. */
export const SHORT_NAME: { letters: number; lines: number };
/** `name` in lines of at most `max` letters, broken after a space, a soft hyphen or a hyphen. */
export function wrapName(name: string, max: number): string[];
/** A room's name in lines of `max` letters: the whole name in two lines when it fits, else the short name. */
export function roomLines(full: string, short: string | undefined, max: number): string[];
