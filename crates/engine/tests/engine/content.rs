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

/// Issue 19: every card and token the app can hold carries a full text in our own words, with
/// where its facts come from and how sure they are; none is a placeholder, and no Objective names
/// a seat by number (the screens fill `{target}` with the name at the table).
#[test]
fn every_card_and_token_has_a_text_its_sources_and_a_grade() {
    let d = &Content::base().data;
    for (what, card) in d.card_texts() {
        let (text, sources, grade) = (&card.summary, &card.sources, card.grade.as_str());
        assert!(text.trim().len() > 15, "{what}: a full text, not {text:?}");
        assert!(!text.contains("See the card") && !text.contains("TODO") && !text.contains("TBD"), "{what}: a placeholder text {text:?}");
        assert!(!sources.trim().is_empty(), "{what}: its sources");
        assert!(["A", "B", "C", "X"].contains(&grade), "{what}: grade {grade:?}");
    }
    for o in &d.objectives {
        let names_a_seat = (1..=5).any(|n| o.provenance.summary.contains(&format!("Player {n}")));
        assert!(!names_a_seat, "{}: names a seat by number: {}", o.key, o.provenance.summary);
        assert_eq!(o.provenance.summary.contains("{target}"), o.target_player.is_some(), "{}: {{target}} exactly when the card targets a player", o.key);
    }
    for x in &d.exploration_tokens {
        assert!(d.exploration_effects.iter().any(|e| e.effect == x.effect), "{:?} has a text", x.effect);
    }
}

/// The corrections issue 19 carries from the card reference (cards.md section 0) into the texts.
#[test]
fn the_texts_carry_the_card_references_corrections() {
    let d = &Content::base().data;
    let event = |k: &str| d.events.iter().find(|e| e.key == k).unwrap();
    assert!(d.objectives.iter().find(|o| o.key == "quarantine").unwrap().provenance.summary.contains("Earth with the Nest destroyed"), "Quarantine: Mars, or Earth with the Nest destroyed");
    assert!(event("flammable_compounds").provenance.summary.contains("closed doors"), "Flammable Compounds does not spread through closed doors");
    assert!(event("coolant_leak").provenance.summary.contains("hibernates"), "Coolant Leak starts Self-Destruct even during hibernation");
    assert_eq!(event("egg_protection").provenance.grade, "X", "PN gives Egg Protection corridor 3");
    assert!(d.facts_below_a.iter().any(|f| f.location == "events[egg_protection].corridor"));
    assert!(d.attacks.iter().find(|a| a.key == "transformation").unwrap().provenance.summary.contains("Breeder miniature is free"));
    assert!(d.serious_wounds.iter().find(|w| w.key == "arm").unwrap().provenance.summary.contains("Heavy"));
}

/// Issue 19: an Objective that names "Player N" reaches its holder with the name and character of
/// whoever holds number N at this table (manual p. 8: the numbers are dealt at setup), so no
/// screen has to say "Player 2's character".
#[test]
fn a_targeted_objective_names_the_seat_holding_that_number() {
    use crate::common::{started, state};
    let mut checked = 0;
    for seed in 0..40u64 {
        let g = started(5, 7700 + seed);
        let s = state(&g);
        for seat in s.seats.seats() {
            for o in s.seat_view(seat).unwrap().objectives {
                let Some(n) = o.card.target_player else {
                    assert!(o.target.is_none(), "{}: no target", o.card.key);
                    continue;
                };
                let holder = s.seats.seats().map(|x| &s.seats[x]).find(|x| x.number.0 == n).expect("every dealt target number is at the table");
                let target = o.target.as_ref().unwrap_or_else(|| panic!("{}: the target is named", o.card.key));
                assert_eq!(target.name, holder.name, "{}: Player {n} is {}", o.card.key, holder.name);
                let character = holder.character.map(|c| Content::base().data.characters[c.0 as usize].key.clone());
                assert_eq!(target.character.as_ref().map(|c| c.key.clone()), character, "{}: and their character", o.card.key);
                checked += 1;
            }
        }
    }
    assert!(checked > 10, "games deal targeted Objectives: {checked}");
}
