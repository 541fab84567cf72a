//! The privacy test (PRIVACY.md rule 4): over thousands of random games, no public view, no
//! public log and no other seat's view or log ever contains a seat's secret or a hidden component.

use crate::common::*;
use nemesis_engine::content::Content;
use nemesis_engine::log::{log, Audience};
use nemesis_engine::state::{Phase, Reveal, State};
use nemesis_engine::Actor;

fn quoted(s: &str) -> String {
    format!("\"{s}\"")
}

/// Checks every view of one state; returns how many secret facts were checked.
fn check_views(s: &State) -> usize {
    let c = Content::base();
    let d = &c.data;
    let public = serde_json::to_string(&s.public_view()).unwrap();
    let seat_json: Vec<String> = s.seats.seats().map(|x| serde_json::to_string(&s.seat_view(x).unwrap()).unwrap()).collect();
    let mut checked = 0;
    // Unexplored rooms: their tiles are unknown to all but a seat that peeked. (Checked on the
    // room lists themselves: an Event card shares the key "nest" with the room tile.)
    let public_rooms = serde_json::to_string(&s.public_view().rooms).unwrap();
    for at in c.board.locations() {
        let r = s.room(at);
        if r.explored {
            continue;
        }
        if let Some(t) = r.tile {
            let key = quoted(&c.tile(t).key);
            assert!(!public_rooms.contains(&key), "public view names the unexplored tile {key}");
            for seat in s.seats.seats() {
                let peeked = s.seats[seat].reveals.iter().any(|x| matches!(x, Reveal::Room { at: a, .. } if *a == at));
                let view = s.seat_view(seat).unwrap();
                let shown = view.peeked_rooms.iter().any(|k| k.at == at);
                assert_eq!(shown, peeked, "seat {} sees unexplored room {} only if it peeked", seat.0, at.0);
                let rooms_json = serde_json::to_string(&view.peeked_rooms).unwrap();
                if !peeked {
                    assert!(!rooms_json.contains(&key), "seat {} sees unexplored tile {key} it never peeked at", seat.0);
                }
            }
            checked += 1;
        }
    }
    // Engines: statuses leave only to the seat that checked, until the victory check.
    if s.engines_revealed.is_none() {
        assert!(!public.contains("\"working\"") && !public.contains("\"damaged\""), "public view holds an engine status");
        for (seat, json) in s.seats.seats().zip(&seat_json) {
            let knows = s.seats[seat].reveals.iter().any(|x| matches!(x, Reveal::Engine { .. }));
            let holding = s.repair.is_some_and(|(h, _)| h == seat);
            if !knows && !holding {
                assert!(!json.contains("\"working\"") && !json.contains("\"damaged\""), "seat {} sees an engine it never checked", seat.0);
            }
        }
        checked += 1;
    }
    // Coordinates: no destination name anywhere public before the reveal.
    if !s.coordinates_revealed {
        for dest in ["\"earth\"", "\"mars\"", "\"venus\"", "\"deep_space\""] {
            assert!(!public.contains(dest), "public view holds a destination {dest} before the reveal");
        }
        for (seat, json) in s.seats.seats().zip(&seat_json) {
            let knows = s.seats[seat].reveals.iter().any(|x| matches!(x, Reveal::Coordinates { .. }));
            if !knows {
                assert!(!json.contains("\"earth\""), "seat {} sees the coordinates without checking", seat.0);
            }
        }
        checked += 1;
    }
    // Contamination: the public view has no per-card status; a seat sees only its own scans.
    assert!(!public.contains("\"infected\""), "public view holds a contamination status");
    for (seat, json) in s.seats.seats().zip(&seat_json) {
        let v: nemesis_engine::view::SeatView = serde_json::from_str(json).unwrap();
        for card in &v.contamination {
            assert!(s.seats[seat].contamination.contains(&card.id), "seat {} view lists a card it does not hold", seat.0);
            let scanned = s.seats[seat].reveals.iter().any(|x| matches!(x, Reveal::Contamination { card: c, .. } if *c == card.id));
            assert_eq!(card.infected.is_some(), scanned, "seat {} knows a status it never scanned", seat.0);
        }
        checked += 1;
    }
    // Objectives: a seat's cards appear nowhere else until revealed at the end.
    for (seat, st) in s.seats.iter() {
        for o in &st.objectives {
            let key = quoted(&d.objectives[o.0 as usize].key);
            if !st.objective_revealed {
                assert!(!public.contains(&key), "public view names seat {}'s objective {key}", seat.0);
            }
            for (other, json) in s.seats.seats().zip(&seat_json) {
                if other != seat {
                    assert!(!json.contains(&key), "seat {} sees seat {}'s objective {key}", other.0, seat.0);
                }
            }
            checked += 1;
        }
    }
    // The Intruder Attack cards the Intruder player drew: only they see which (p. 27).
    let choice = s.public_view().attack_choice;
    assert_eq!(choice.as_ref().map(|c| c.cards as usize), s.attack_offer.as_ref().map(|o| o.cards.len()), "the table sees only how many");
    for seat in s.seats.seats() {
        let shown = s.seat_view(seat).unwrap().attack_offer.map(|o| o.cards.iter().map(|c| c.id).collect::<Vec<_>>());
        let theirs = s.attack_offer.as_ref().filter(|o| o.seat == seat).map(|o| o.cards.clone());
        assert_eq!(shown, theirs, "seat {} sees drawn Intruder Attack cards only if it drew them", seat.0);
        checked += 1;
    }
    // Face-down weaknesses stay face down.
    for w in &s.weaknesses {
        if let (Some(card), None) = (w.card, w.revealed) {
            let key = quoted(&d.weaknesses[card.0 as usize].key);
            if !s.weaknesses.iter().any(|x| x.revealed == Some(card)) {
                assert!(!public.contains(&key), "public view names a face-down weakness {key}");
                checked += 1;
            }
        }
    }
    checked
}

#[test]
fn no_view_or_log_ever_shows_a_secret_to_the_wrong_audience() {
    let mut facts = 0usize;
    let mut games = 0;
    let mut offers = 0;
    for seed in 0..2000u64 {
        let players = 1 + (seed % 5) as usize;
        let mut g = started(players, seed ^ 0xA5A5_5A5A);
        let mut p = Pick(seed * 2654435761 + 11);
        for step in 0..150 {
            let req = random_command(state(&g), &mut p);
            let _ = g.submit(Actor::Table, req);
            if step % 3 == 0 {
                facts += check_views(state(&g));
            }
            if matches!(state(&g).phase, Phase::Over { check: nemesis_engine::state::VictoryStep::Done, .. }) {
                break;
            }
        }
        facts += check_views(state(&g));
        // Logs: the table's log has no private line; a seat's private lines reach only that seat.
        let table = log(g.entries(), Audience::Table);
        assert!(table.iter().all(|l| !l.private), "the table log holds a private line");
        let seats: Vec<_> = state(&g).seats.seats().collect();
        let logs: Vec<Vec<_>> = seats.iter().map(|s| log(g.entries(), Audience::Seat(*s))).collect();
        for (i, a) in logs.iter().enumerate() {
            for line in a.iter().filter(|l| l.private) {
                for (j, b) in logs.iter().enumerate() {
                    if i != j {
                        assert!(!b.iter().any(|x| x.text == line.text && x.seq == line.seq), "seat {j} log repeats seat {i}'s private line {}", line.text);
                    }
                }
                assert!(!table.iter().any(|x| x.text == line.text), "a private line reached the table: {}", line.text);
            }
        }
        offers += g.entries().iter().flat_map(|e| &e.events).filter(|e| matches!(e, nemesis_engine::Event::AttackCardsOffered { .. })).count();
        games += 1;
    }
    assert_eq!(games, 2000);
    assert!(offers > 0, "no random game reached the Intruder player's choice of Attack cards");
    assert!(facts > 50_000, "the test checked too few secret facts ({facts}) to mean anything");
}
