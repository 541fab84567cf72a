//! The log speaks every language through the UI's catalogues: each line is a template key plus
//! values, and the English catalogue must hold the engine's templates word for word, and every
//! game term and card name a line can carry. A line the catalogue cannot render would reach a
//! player as a bracketed key.

use crate::common::*;

use nemesis_engine::content::Content;
use nemesis_engine::log::{log, Audience, LogParam, TEMPLATES};
use nemesis_engine::Actor;
use std::collections::BTreeMap;

fn english_catalogue() -> BTreeMap<String, String> {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/../../ui/src/locales/en.json");
    serde_json::from_str(&std::fs::read_to_string(path).expect("the English catalogue")).expect("valid JSON")
}

/// The values a template names: `{name}`, and the count of each plural form `{n, plural, …}`.
fn placeholders(text: &str) -> Vec<String> {
    let mut out: Vec<String> = text
        .split('{')
        .skip(1)
        .filter_map(|p| {
            let name = &p[..p.find(['}', ','])?];
            (!name.is_empty() && name.chars().all(|c| c.is_alphanumeric() || c == '_')).then(|| name.to_string())
        })
        .collect();
    out.sort();
    out.dedup();
    out
}

#[test]
fn a_count_in_english_is_one_card_and_two_cards_never_one_cards() {
    // A round costs 1 or 2 Action cards (p. 13): the log says which without "1 cards".
    let render = |cards: i32, hand: i32| {
        let params: BTreeMap<String, LogParam> = [("player", LogParam::text("Ana")), ("cards", LogParam::number(cards)), ("hand", LogParam::number(hand))].into_iter().map(|(k, v)| (k.to_string(), v)).collect();
        nemesis_engine::log::render(nemesis_engine::log::template("action_taken"), &params)
    };
    assert_eq!(render(1, 4), "Ana pays 1 Action card and has 4 cards left.");
    assert_eq!(render(2, 1), "Ana pays 2 Action cards and has 1 card left.");
    assert_eq!(render(1, 0), "Ana pays 1 Action card and has 0 cards left.");
    // An exact branch wins over the category, and a form without its value is left as written.
    let exact = "{n, plural, =0 {no card} one {# card} other {# cards}} for #{id}";
    let with = |n: i32| nemesis_engine::log::render(exact, &[("n".to_string(), LogParam::number(n)), ("id".to_string(), LogParam::number(7))].into_iter().collect());
    assert_eq!(with(0), "no card for #7");
    assert_eq!(with(3), "3 cards for #7");
    assert_eq!(nemesis_engine::log::render("{n, plural, one {# card} other {# cards}}", &BTreeMap::new()), "{n, plural, one {# card} other {# cards}}");
}

#[test]
fn the_english_catalogue_holds_every_log_template_word_for_word() {
    let en = english_catalogue();
    for (key, template) in TEMPLATES {
        assert_eq!(en.get(&format!("log.line.{key}")).map(String::as_str), Some(*template), "log.line.{key}");
    }
    let extra: Vec<&String> = en.keys().filter(|k| k.starts_with("log.line.") && !TEMPLATES.iter().any(|(t, _)| format!("log.line.{t}") == **k)).collect();
    assert!(extra.is_empty(), "catalogue lines no template uses: {extra:?}");
    let mut keys: Vec<&str> = TEMPLATES.iter().map(|(k, _)| *k).collect();
    keys.sort();
    keys.dedup();
    assert_eq!(keys.len(), TEMPLATES.len(), "each template key once");
}

#[test]
fn every_card_in_the_box_has_a_name_in_the_catalogue() {
    let en = english_catalogue();
    let d = &Content::base().data;
    let cards = [
        ("event", d.events.iter().map(|x| (&x.key, &x.name)).collect::<Vec<_>>()),
        ("attack", d.attacks.iter().map(|x| (&x.key, &x.name)).collect()),
        ("wound", d.serious_wounds.iter().map(|x| (&x.key, &x.name)).collect()),
        ("weakness", d.weaknesses.iter().map(|x| (&x.key, &x.name)).collect()),
        ("objective", d.objectives.iter().map(|x| (&x.key, &x.name)).collect()),
        ("character", d.characters.iter().map(|x| (&x.key, &x.name)).collect()),
        ("room", d.room_tiles.iter().map(|x| (&x.key, &x.name)).collect()),
    ];
    for (kind, list) in cards {
        for (key, name) in list {
            assert_eq!(en.get(&format!("card.{kind}.{key}")), Some(name), "card.{kind}.{key}");
        }
    }
}

#[test]
fn the_action_helpers_english_templates_are_the_catalogues() {
    let en = english_catalogue();
    for (key, text) in nemesis_engine::hints::HINTS {
        assert_eq!(en.get(&format!("helper.{key}")).map(String::as_str), Some(*text), "helper.{key} in en.json");
    }
    let extra: Vec<&String> = en.keys().filter(|k| k.strip_prefix("helper.").is_some_and(|k| !nemesis_engine::hints::HINTS.iter().any(|(x, _)| *x == k))).collect();
    assert!(extra.is_empty(), "helper keys in en.json that the engine never sends: {extra:?}");
}

/// Every card and token text the content holds, by catalogue key, with its English text.
fn card_texts() -> Vec<(String, String)> {
    let d = &Content::base().data;
    let mut out: Vec<(String, String)> = d.card_texts().into_iter().map(|(key, card)| (key, card.summary.clone())).collect();
    // The rooms printed on the board, one text per kind (the three Engine rooms share one).
    for l in &d.locations {
        if let Some(summary) = &l.summary {
            let key = format!("location_summary.{}", serde_json::to_value(l.kind).unwrap().as_str().unwrap());
            if !out.iter().any(|(k, _)| *k == key) {
                out.push((key, summary.clone()));
            }
        }
    }
    out
}

#[test]
fn every_card_text_in_the_box_is_the_english_catalogues_word_for_word() {
    // Issue 19: the screens show each card's text in the player's language; the English
    // catalogue holds the content's own words, so the two cannot drift apart.
    let en = english_catalogue();
    let texts = card_texts();
    assert!(texts.len() >= 25 + 20 + 20 + 8 + 5 + 20 + 6 + 1 + 3, "every card kind is walked: {}", texts.len());
    for (key, text) in texts {
        assert_eq!(en.get(&key), Some(&text), "{key}: the screens show this text in every language");
    }
}

fn terms(p: &LogParam, out: &mut Vec<String>) {
    match p {
        LogParam::Term { key, .. } => out.push(key.clone()),
        LogParam::List { items } => items.iter().for_each(|i| terms(i, out)),
        LogParam::Text { .. } | LogParam::Number { .. } | LogParam::Room { .. } | LogParam::Seat { .. } => {}
    }
}

#[test]
fn every_log_line_of_random_games_renders_from_the_catalogue_in_every_audience() {
    let en = english_catalogue();
    let mut seen = std::collections::BTreeSet::new();
    for seed in 0..24u64 {
        let players = 1 + (seed % 5) as usize;
        let mut g = started(players, 9000 + seed);
        let mut p = Pick(seed.wrapping_mul(2862933555777941757).wrapping_add(3037000493) | 1);
        for _ in 0..300 {
            let req = random_command(state(&g), &mut p);
            let _ = g.submit(Actor::Table, req);
        }
        let audiences = std::iter::once(Audience::Table).chain(state(&g).seats.seats().map(Audience::Seat));
        for to in audiences {
            for line in log(g.entries(), to) {
                let template = en.get(&format!("log.line.{}", line.key)).unwrap_or_else(|| panic!("no template for {}", line.key));
                let names: Vec<String> = line.params.keys().cloned().collect();
                assert_eq!(placeholders(template), names, "{}: the values match the template's placeholders", line.key);
                let mut found = Vec::new();
                line.params.values().for_each(|p| terms(p, &mut found));
                for key in found {
                    assert!(en.contains_key(&key), "{}: the term {key} has no catalogue entry", line.key);
                }
                seen.insert(line.key.clone());
            }
        }
    }
    assert!(seen.len() > 40, "random games reach many kinds of line: {}", seen.len());
}

#[test]
fn every_refusal_of_random_games_renders_from_the_catalogue() {
    let en = english_catalogue();
    let mut seen = std::collections::BTreeSet::new();
    for seed in 0..24u64 {
        let players = 1 + (seed % 5) as usize;
        let mut g = started(players, 9100 + seed);
        let mut p = Pick(seed.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407) | 1);
        for _ in 0..300 {
            let req = random_command(state(&g), &mut p);
            let Err(r) = g.submit(Actor::Table, req) else { continue };
            let template = en.get(&format!("refusal.{}", r.key)).unwrap_or_else(|| panic!("no refusal.{} for \"{}\"", r.key, r.reason));
            let names: Vec<String> = r.params.keys().cloned().collect();
            assert_eq!(placeholders(template), names, "refusal.{}: the values match the template's placeholders", r.key);
            assert_eq!(nemesis_engine::log::render(template, &r.params), r.reason, "refusal.{} in English is the reason the engine gives", r.key);
            let mut found = Vec::new();
            r.params.values().for_each(|p| terms(p, &mut found));
            for key in found {
                assert!(en.contains_key(&key), "refusal.{}: the term {key} has no catalogue entry", r.key);
            }
            seen.insert(r.key.clone());
        }
    }
    assert!(seen.len() > 15, "random games meet many kinds of refusal: {}", seen.len());
}

#[test]
fn a_piece_that_lies_in_a_room_names_the_room_where_it_lies_so_no_language_puts_its_word_for_room_before_the_name() {
    // Issue 33: "no Cômodo Sala de Cirurgia" read wrong in every language but English. The
    // line says the room is where the piece lies (RoomForm::In), and each screen writes "na Sala
    // de Cirurgia (09)", "dans l'Entrepôt (07)" with its own article.
    use nemesis_engine::event::Event;
    use nemesis_engine::ids::{IntruderId, IntruderKind, Location, ResearchObject, Seat};
    use nemesis_engine::log::{describe, RoomForm};
    let (s, _) = table(3, 33);
    let at = Location(7);
    let events = [
        ("intruder_placed", Event::IntruderPlaced { id: IntruderId(1), kind: IntruderKind::Adult, at, token: None }),
        ("fire_removed", Event::FireRemoved { at }),
        ("items_set", Event::ItemsSet { at, items: 2 }),
        ("corpse_left", Event::ObjectLeft { object: ResearchObject::CharacterCorpse, at, of: Some(Seat(0)) }),
        ("object_left", Event::ObjectLeft { object: ResearchObject::IntruderEgg, at, of: None }),
        ("character_revived", Event::CharacterRevived { seat: Seat(0), at }),
    ];
    for (key, e) in events {
        let line = describe(&s, &e, Audience::Table).unwrap_or_else(|| panic!("{key} is said"));
        assert_eq!(line.key, key);
        assert_eq!(line.params.get("room"), Some(&LogParam::Room { value: 7, form: RoomForm::In }), "{key}: the room where it lies");
    }
}
