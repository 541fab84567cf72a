//! What a player's name or a game's title may be, on every path into a save (a new game, an
//! import): bounded, with something visible in it, and free of control and direction characters
//! that would make a screen show something other than what is stored (a name that reverses the
//! line after it, or one that looks empty).

/// The longest title, in characters.
pub const MAX_TITLE: usize = nemesis_engine::catalogue::MAX_TITLE;
/// The longest player name, in characters (the engine's own limit for a new game's setup).
pub const MAX_NAME: usize = nemesis_engine::rules::MAX_NAME;

/// Characters that change the direction of the text around them.
fn is_bidi(c: char) -> bool {
    matches!(c, '\u{061C}' | '\u{200E}' | '\u{200F}' | '\u{202A}'..='\u{202E}' | '\u{2066}'..='\u{2069}')
}

/// Characters that draw nothing: spaces, joiners, fillers, variation selectors and tags.
fn is_invisible(c: char) -> bool {
    c.is_whitespace()
        || matches!(
            c,
            '\u{00AD}'
                | '\u{034F}'
                | '\u{115F}'
                | '\u{1160}'
                | '\u{17B4}'
                | '\u{17B5}'
                | '\u{180B}'..='\u{180F}'
                | '\u{200B}'..='\u{200D}'
                | '\u{2060}'..='\u{2064}'
                | '\u{2800}'
                | '\u{3164}'
                | '\u{FE00}'..='\u{FE0F}'
                | '\u{FEFF}'
                | '\u{FFA0}'
                | '\u{E0000}'..='\u{E007F}'
                | '\u{E0100}'..='\u{E01EF}'
        )
}

/// Whether `text` (as it would be stored, trimmed) may be a name or title of at most `max`
/// characters: not empty, not too long, no control or direction character, something visible.
pub fn sound(text: &str, max: usize) -> bool {
    let t = text.trim();
    !t.is_empty() && t.chars().count() <= max && !t.chars().any(|c| c.is_control() || is_bidi(c)) && t.chars().any(|c| !is_invisible(c))
}

/// Marks that combine with the letter before them, from the blocks made for it (the combining
/// diacritical marks and their supplements, extension, and the half marks). Enough to find
/// marks stacked on one letter; a script's own vowel signs are outside these blocks.
fn is_combining_mark(c: char) -> bool {
    matches!(c, '\u{0300}'..='\u{036F}' | '\u{1AB0}'..='\u{1AFF}' | '\u{1DC0}'..='\u{1DFF}' | '\u{20D0}'..='\u{20FF}' | '\u{FE20}'..='\u{FE2F}')
}

/// A phone's device name as the table shows it beside the match code: letters, digits, spaces and
/// simple punctuation only, at most `max` characters, and at most one combining mark on a letter
/// (marks stacked into a tower that covers the line, or hides which letters are under it, go).
/// "Phone" when nothing is left.
pub fn device_name(given: &str, max: usize) -> String {
    let mut clean = String::new();
    let mut marks_on_last = None::<u8>;
    for c in given.chars() {
        if is_combining_mark(c) {
            // Kept only on a letter or digit, and only the first one on it.
            if marks_on_last == Some(0) {
                clean.push(c);
                marks_on_last = Some(1);
            }
            continue;
        }
        if c.is_alphanumeric() || matches!(c, ' ' | '-' | '.' | '(' | ')' | '\'') {
            if clean.chars().filter(|c| !is_combining_mark(*c)).count() == max {
                break;
            }
            clean.push(c);
            marks_on_last = c.is_alphanumeric().then_some(0);
        }
    }
    let clean = clean.trim();
    if clean.is_empty() {
        "Phone".to_string()
    } else {
        clean.to_string()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_and_titles_show_what_they_hold() {
        assert!(sound("Ana", MAX_NAME));
        assert!(sound("  José Ñúñez  ", MAX_NAME), "letters of any script");
        assert!(sound("Анна", MAX_NAME), "Cyrillic is a script, not a trick");
        assert!(sound(&"x".repeat(MAX_NAME), MAX_NAME));
        assert!(!sound(&"x".repeat(MAX_NAME + 1), MAX_NAME), "too long");
        assert!(!sound("", MAX_NAME));
        assert!(!sound("   ", MAX_NAME));
        assert!(!sound("\u{200B}\u{200D}\u{3164}", MAX_NAME), "invisible only");
        assert!(!sound("Ana\u{202E}nimda", MAX_NAME), "a direction override");
        assert!(!sound("Ana\u{2066}x", MAX_NAME), "an isolate");
        assert!(!sound("Ana\u{7}", MAX_NAME), "a control character");
        assert!(!sound("Ana\nBruno", MAX_NAME), "a line break");
        assert!(sound("Ana\u{200D}👩", MAX_NAME), "a joiner inside visible text is fine");
    }

    /// Issue 34, item 9: a device name cannot stack marks into a tower over the table's screen.
    #[test]
    fn device_names_keep_one_mark_per_letter() {
        assert_eq!(device_name("Ana's phone", 30), "Ana's phone");
        assert_eq!(device_name("Jose\u{301}", 30), "Jose\u{301}", "one accent stays");
        let tower: String = std::iter::once('A').chain(std::iter::repeat_n('\u{036B}', 60)).chain("na".chars()).collect();
        assert_eq!(device_name(&tower, 30), "A\u{036B}na", "a tower of marks on one letter keeps its first");
        assert_eq!(device_name("\u{0363}\u{0363}Bo", 30), "Bo", "marks on nothing go");
        assert_eq!(device_name("a\u{0301} \u{0301}b", 30), "a\u{0301} b", "a mark on a space goes");
        assert_eq!(device_name(&"é".repeat(40), 30).chars().count(), 30, "bounded in letters");
        assert_eq!(device_name("\u{202E}\u{200B}", 30), "Phone", "nothing visible is a phone");
    }
}
