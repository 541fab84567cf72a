//! The embedded base content loads and carries the counts the manual and the reference give.

use nemesis_engine::content::{Content, Exit};
use nemesis_engine::ids::TokenKind;

#[test]
fn base_content_loads_with_the_counts_of_the_box() {
    // Manual p. 2 (components) and the reference's tables.
    let c = Content::base();
    let d = &c.data;
    assert_eq!(d.intruder_tokens.len(), 27, "27 intruder tokens");
    let count = |k: TokenKind| d.intruder_tokens.iter().filter(|t| t.kind == k).count();
    assert_eq!(
        [count(TokenKind::Larva), count(TokenKind::Adult), count(TokenKind::Creeper), count(TokenKind::Breeder), count(TokenKind::Queen), count(TokenKind::Blank)],
        [8, 12, 3, 2, 1, 1],
        "token types as printed on p. 2"
    );
    assert_eq!(d.events.len(), 20);
    assert_eq!(d.attacks.len(), 20);
    assert_eq!(d.contamination.total, 27);
    assert_eq!(c.wound_cards().len(), 16);
    assert_eq!(d.objectives.len(), 25, "18 Corporate and Personal, 7 Solo/Coop");
    assert_eq!(d.objectives.iter().filter(|o| o.kind == nemesis_engine::content::ObjectiveKind::SoloCoop).count(), 7, "the Solo/Coop deck (p. 27)");
    assert_eq!(d.room_tiles.iter().filter(|t| t.set == 1).count(), 11, "11 room tiles \"1\" (p. 6)");
    assert_eq!(d.room_tiles.iter().filter(|t| t.set == 2).count(), 9, "9 room tiles \"2\" (p. 6)");
}

#[test]
fn board_graph_has_28_corridors_and_8_technical_entrances() {
    let b = &Content::base().board;
    assert_eq!(b.corridors.len(), 28);
    let tech = b.exits.iter().filter(|row| row.contains(&Exit::Technical)).count();
    assert_eq!(tech, 8);
    // Every room's four exits cover the numbers 1-4 once each (the noise die's numbers, p. 15).
    for row in &b.exits {
        assert_eq!(row.len(), 4);
    }
}

#[test]
fn a_broken_content_file_is_refused_with_a_reason() {
    let mut v: serde_json::Value = serde_json::from_str(nemesis_engine::content::BASE_JSON).unwrap();
    v["intruder_tokens"].as_array_mut().unwrap().pop();
    let err = Content::from_json(&v.to_string()).unwrap_err();
    assert!(err.contains("intruder_tokens has 26"), "reason names the broken count: {err}");
}
