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
}
