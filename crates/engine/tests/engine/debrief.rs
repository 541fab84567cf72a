//! The debrief (issue 22): refused until the victory check is done; once it is, the hidden story
//! it tells matches the journal event for event, each phone's part holds only its own secrets,
//! and the replay's frames fold to the same board as the game.

use crate::common::*;
use nemesis_engine::debrief::{debrief, replay, TEMPLATES};
use nemesis_engine::event::Event;
use nemesis_engine::game::{effective_events, Game};
use nemesis_engine::state::{Hidden, Phase, TokenPlace, VictoryStep};
use nemesis_engine::{Actor, Code, Command, Seat};

/// A random game (every component handled by the app) played by random commands until its
/// victory check is done; the first seed whose game lasts at least `turns` turns and ends within
/// the step budget (random play kills characters fast).
fn finished_game(players: usize, first_seed: u64, turns: u16) -> Game {
    for seed in first_seed..first_seed + 400 {
        let mut g = started(players, seed);
        let mut p = Pick(seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1);
        for _ in 0..30_000 {
            if matches!(state(&g).phase, Phase::Over { check: VictoryStep::Done, .. }) {
                if state(&g).turn >= turns {
                    return g;
                }
                break;
            }
            let req = random_command(state(&g), &mut p);
            let _ = g.submit(Actor::Table, req);
        }
    }
    panic!("no random game from seed {first_seed} reached the end");
}

#[test]
fn the_debrief_and_the_replay_are_refused_before_the_victory_check_is_done() {
    let mut g = started(3, 5);
    let r = debrief(g.entries()).expect_err("refused in the middle of the game");
    assert_eq!(r.code, Code::WrongPhase);
    assert_eq!(r.key, "the_debrief_opens_once_the_game_is_over");
    assert_eq!(replay(g.entries()).expect_err("the replay too").code, Code::WrongPhase);
    // Nine Fires end the game (p. 17), but the victory check is still to be revealed.
    for at in [1u8, 2, 3, 4, 5, 6, 7, 8, 9, 10] {
        let _ = act(&mut g, Command::SetFire { at: nemesis_engine::Location(at), on: true });
        if state(&g).is_over() {
            break;
        }
    }
    assert!(state(&g).is_over(), "the ship burned");
    if !matches!(state(&g).phase, Phase::Over { check: VictoryStep::Done, .. }) {
        assert_eq!(debrief(g.entries()).expect_err("refused during the victory check").code, Code::WrongPhase);
    }
    // No journal at all is refused the same way, never a panic.
    assert_eq!(debrief(&[]).expect_err("nothing to tell").code, Code::WrongPhase);
}

#[test]
fn a_random_games_story_matches_its_journal_event_for_event() {
    for (players, seed) in [(3usize, 11u64), (4, 300), (1, 900)] {
        let g = finished_game(players, seed, 4);
        let d = debrief(g.entries()).expect("the game is over");
        let events: Vec<&Event> = effective_events(g.entries()).collect();
        let lines: Vec<_> = d.timeline.iter().flat_map(|t| t.lines.iter()).collect();
        // Every secret and every draw the journal holds is told, in the journal's order.
        let secret = |e: &&&Event| {
            matches!(
                e,
                Event::TokenDrawn { .. }
                    | Event::EventCardDrawn { .. }
                    | Event::AttackCardDrawn { .. }
                    | Event::ContaminationGiven { .. }
                    | Event::EngineChecked { .. }
                    | Event::CoordinatesChecked { .. }
            )
        };
        let told: Vec<&str> = lines
            .iter()
            .map(|l| l.key.as_str())
            .filter(|k| k.starts_with("bag_draw_") || k.starts_with("event_card") || k.starts_with("attack_card") || *k == "contamination_given" || *k == "engine_checked" || *k == "coordinates_checked")
            .collect();
        let expected: Vec<&str> = events
            .iter()
            .filter(secret)
            .map(|e| match e {
                Event::TokenDrawn { purpose, .. } => match purpose {
                    nemesis_engine::event::DrawPurpose::Encounter => "bag_draw_encounter",
                    nemesis_engine::event::DrawPurpose::Development => "bag_draw_development",
                    nemesis_engine::event::DrawPurpose::Summoning => "bag_draw_summoning",
                },
                Event::EventCardDrawn { purpose: nemesis_engine::event::EventDraw::Retreat, .. } => "event_card_retreat",
                Event::EventCardDrawn { .. } => "event_card",
                Event::AttackCardDrawn { purpose: nemesis_engine::event::AttackDraw::Endurance { .. }, .. } => "attack_card_endurance",
                Event::AttackCardDrawn { .. } => "attack_card",
                Event::ContaminationGiven { .. } => "contamination_given",
                Event::EngineChecked { .. } => "engine_checked",
                _ => "coordinates_checked",
            })
            .collect();
        assert_eq!(told, expected, "{players} players, seed {seed}: the story's draws and secrets are the journal's");
        // Each Contamination card's truth is the one the game held, and it goes to its owner.
        let end = state(&g);
        for e in &events {
            if let Event::ContaminationGiven { seat, card, .. } = e {
                let l = lines.iter().find(|l| l.key == "contamination_given" && l.params["card"] == nemesis_engine::log::LogParam::text(format!("{:02}", card.0 + 1))).expect("told");
                assert_eq!(l.seat, Some(*seat));
                let truth = match end.infected[card.0 as usize] {
                    Hidden::Known(true) => "debrief.truth.infected",
                    Hidden::Known(false) => "debrief.truth.clean",
                    Hidden::Unknown => "debrief.truth.unknown",
                };
                assert!(matches!(&l.params["truth"], nemesis_engine::log::LogParam::Term { key, .. } if key == truth));
            }
        }
        // The bag as the last line that changed it tells it is the bag at the end.
        let last_bag = lines.iter().rev().find_map(|l| l.bag.clone()).expect("the bag was filled");
        let in_bag = end.tokens.iter().filter(|t| **t == TokenPlace::Bag).count();
        assert_eq!(last_bag.iter().map(|b| b.count as usize).sum::<usize>(), in_bag);
        // Turns run forwards, the setup first.
        assert_eq!(d.timeline[0].turn, 0);
        assert!(d.timeline.windows(2).all(|w| w[0].turn < w[1].turn));
        // The figures count the journal.
        let count = |f: fn(&Event) -> bool| events.iter().filter(|e| f(e)).count() as u16;
        assert_eq!(d.figures.turns, end.turn);
        assert_eq!(d.figures.intruders_killed, count(|e| matches!(e, Event::IntruderKilled { .. })));
        assert_eq!(d.figures.encounters, count(|e| matches!(e, Event::EncounterBegan { .. })));
        assert_eq!(d.figures.noise_rolls, count(|e| matches!(e, Event::NoiseRolled { .. })));
        assert_eq!(d.figures.bag_draws, count(|e| matches!(e, Event::TokenDrawn { .. })));
        // The verdicts are the table's: a winner here is a winner on the board.
        let view = end.public_view();
        for v in &d.verdicts {
            assert_eq!(Some(v.won), view.seats[v.seat.0 as usize].winner, "{}'s verdict", v.name);
            assert!(!v.reasons.is_empty() || v.life.is_alive(), "a dead character's verdict says why");
        }
        // Each seat's part holds its verdict and only its own secrets.
        for seat in end.seats.seats() {
            let part = d.for_seat(seat).expect("a seat at this table");
            assert_eq!(part.verdict.seat, seat);
            assert!(part.lines.iter().all(|l| l.seat == Some(seat)));
            let own = lines.iter().filter(|l| l.seat == Some(seat)).count();
            assert_eq!(part.lines.len(), own);
        }
        assert!(d.for_seat(Seat(9)).is_none());
        // The replay: a frame per turn, the last one the board at the end.
        let frames = replay(g.entries()).expect("the game is over");
        assert!(frames.windows(2).all(|w| w[0].turn < w[1].turn && w[0].seq <= w[1].seq));
        assert_eq!(frames.last().expect("frames").view, view);
        assert_eq!(frames.last().expect("frames").turn, end.turn);
    }
}

#[test]
fn the_english_catalogue_holds_every_debrief_template_word_for_word() {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/../../ui/src/locales/en.json");
    let en: std::collections::BTreeMap<String, String> = serde_json::from_str(&std::fs::read_to_string(path).expect("catalogue")).expect("JSON");
    for (key, template) in TEMPLATES {
        assert_eq!(en.get(&format!("debrief.line.{key}")).map(String::as_str), Some(*template), "debrief.line.{key}");
    }
    let extra: Vec<&String> = en.keys().filter(|k| k.starts_with("debrief.line.") && !TEMPLATES.iter().any(|(t, _)| format!("debrief.line.{t}") == **k)).collect();
    assert!(extra.is_empty(), "catalogue lines no template uses: {extra:?}");
}
