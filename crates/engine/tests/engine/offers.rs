//! "What can happen now" (`offers`) against the rules over random games: every offered Action is
//! accepted, Actions that are not offered are refused, and a refusal leaves nothing half done.

use crate::common::*;
use nemesis_engine::command::Command;
use nemesis_engine::game::Request;
use nemesis_engine::ids::*;
use nemesis_engine::offers::offers;
use nemesis_engine::state::Phase;
use nemesis_engine::{Actor, Content};

/// An offer is a template for the fields the table fills in itself: the cards a card Action cost,
/// the Contamination cards a scan looks at.
fn same_kind(offered: &Command, tried: &Command) -> bool {
    match (offered, tried) {
        (Command::CardAction { seat: a, .. }, Command::CardAction { seat: b, .. }) => a == b,
        (Command::ScanContamination { seat: a, procedure: p, .. }, Command::ScanContamination { seat: b, procedure: q, .. }) => a == b && p == q,
        // A Shoot is offered with each weapon the table may name; an old save's Shoot names none.
        (Command::Shoot { seat: a, id: i, .. }, Command::Shoot { seat: b, id: j, .. }) => a == b && i == j,
        _ => offered == tried,
    }
}

/// Plays random games; in each round, checks the offers and then takes one of them (or a random
/// command now and then, so the games wander through Encounters, wounds and deaths).
fn play(seed: u64, players: usize, steps: usize) -> (usize, usize) {
    let mut g = started(players, seed);
    let mut p = Pick(seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1);
    let (mut offered_checked, mut others_checked) = (0, 0);
    for step in 0..steps {
        let s = state(&g).clone();
        if s.is_over() {
            break;
        }
        let now = offers(&s);
        if s.phase == Phase::Player && s.rounds.turn_of.is_some() {
            assert!(now.iter().any(|o| matches!(o.command, Command::Pass { .. })), "seed {seed} step {step}: Pass is always offered in a round");
        } else {
            assert!(now.is_empty(), "seed {seed} step {step}: nothing is offered outside a round");
        }
        // Every offer is accepted as it stands (those needing a physical result are not, here:
        // this game's components are all the app's).
        for o in &now {
            assert!(!o.needs_result, "the app holds every component in this game");
            // Issue 32: whatever a round offers, the phone of the seat whose round it is may send.
            let senders = &nemesis_engine::catalogue::spec(o.command.kind()).sent_by;
            assert!(senders.contains(&nemesis_engine::catalogue::Sender::Round), "seed {seed} step {step}: {:?} is offered but its seat's phone may not send it", o.command);
            assert_eq!(nemesis_engine::rules::command_seat(&o.command), s.rounds.turn_of, "an offer acts for the seat whose round it is");
            let mut fate = nemesis_engine::Fate::restore(&g.fate_snapshot());
            let r = nemesis_engine::apply(Some(&s), &mut fate, Actor::Table, &o.command, &[]);
            assert!(r.is_ok(), "seed {seed} step {step}: offered {:?} was refused: {:?}", o.command, r.err());
            offered_checked += 1;
        }
        // Actions that are not offered are refused, and change nothing.
        for _ in 0..3 {
            let Request::Do { command, .. } = random_command(&s, &mut p) else { continue };
            if nemesis_engine::rules::action_cost(&s, &command).is_none() || now.iter().any(|o| same_kind(&o.command, &command)) {
                continue;
            }
            let entries = g.entries().len();
            let r = g.submit(Actor::Table, Request::Do { command: command.clone(), entered: vec![] });
            assert!(r.is_err(), "seed {seed} step {step}: {command:?} was accepted but not offered");
            assert_eq!(state(&g), &s, "a refusal changes nothing");
            assert_eq!(g.entries().len(), entries);
            others_checked += 1;
        }
        // Move on: mostly one of the offers, sometimes anything.
        let req = if !now.is_empty() && p.chance(80) {
            Request::Do { command: now[p.below(now.len() as u64) as usize].command.clone(), entered: vec![] }
        } else {
            random_command(&s, &mut p)
        };
        let _ = g.submit(Actor::Table, req);
    }
    (offered_checked, others_checked)
}

#[test]
fn every_offered_action_is_accepted_and_others_are_refused_over_random_games() {
    let (mut offered, mut others) = (0, 0);
    for (seed, players) in [(11u64, 2usize), (12, 3), (13, 4), (14, 5), (15, 1)] {
        let (a, b) = play(seed, players, 120);
        offered += a;
        others += b;
    }
    assert!(offered > 300, "the games reached many rounds ({offered} offers checked)");
    assert!(others > 50, "and tried many Actions that were not offered ({others})");
}

#[test]
fn a_round_offers_moves_only_to_the_neighbouring_rooms_p14() {
    let g = started(3, 21);
    let s = state(&g);
    let seat = s.rounds.turn_of.expect("a round");
    let here = s.seats[seat].location;
    let neighbours: Vec<Location> = Content::base().board.neighbours(here).into_iter().map(|(l, _)| l).collect();
    let moves: Vec<Location> = offers(s)
        .into_iter()
        .filter_map(|o| match o.command {
            Command::MoveCharacter { to, careful_noise: None, .. } => Some(to),
            _ => None,
        })
        .collect();
    assert!(!moves.is_empty());
    assert!(moves.iter().all(|to| neighbours.contains(to)), "p. 14: a Move goes to a neighbouring room: {moves:?} vs {neighbours:?}");
    let costs: Vec<Option<u8>> = offers(s).iter().filter(|o| matches!(o.command, Command::MoveCharacter { careful_noise: Some(_), .. })).map(|o| o.cost).collect();
    assert!(costs.iter().all(|c| *c == Some(2)), "p. 13: Careful Movement is offered at 2 cards");
    let other = s.turn_order()[1];
    assert!(offers(s).iter().all(|o| nemesis_engine::rules::command_seat(&o.command) == Some(seat)), "only the seat whose round it is: not {other:?}");
}

#[test]
fn a_character_left_with_more_objects_than_hand_slots_is_offered_the_drop_and_no_action_p22() {
    // The Arm wound card: one Hand slot, and a second Heavy Object is dropped at once.
    let g = started(2, 22);
    let mut s = state(&g).clone();
    let seat = s.rounds.turn_of.expect("a round");
    s.seats[seat].carcasses_carried = 1;
    s.seats[seat].corpses_carried = 1;
    let c = Content::base();
    let at = s.wounds.draw.iter().position(|w| c.data.serious_wounds[w.0 as usize].key == "arm").expect("an Arm wound card in the deck");
    let card = s.wounds.draw.remove(at);
    s.seats[seat].serious.push(nemesis_engine::state::SeriousWound { card, dressed: false });
    let now = offers(&s);
    let drops: Vec<&Command> = now.iter().map(|o| &o.command).filter(|c| matches!(c, Command::DropObject { .. })).collect();
    assert_eq!(drops.len(), 2, "each carried kind of Object may be dropped: {drops:?}");
    assert!(now.iter().all(|o| matches!(o.command, Command::DropObject { .. } | Command::Pass { .. })), "no Action before the drop: {now:?}");
}

#[test]
fn with_the_tables_dice_a_move_that_rolls_for_noise_is_offered_naming_the_die_p13() {
    // p. 13: a Move into a room with no character rolls for Noise. With the Dice at the table the
    // offer says which component's result it needs, so the form asks for it from the start.
    use nemesis_engine::state::Component;
    let mut opts = options(3);
    opts.handled = Component::ALL.iter().copied().filter(|c| *c != Component::Dice).collect();
    let g = started_with(opts, 1796);
    let s = state(&g).clone();
    let moves: Vec<_> = offers(&s).into_iter().filter(|o| matches!(o.command, Command::MoveCharacter { careful_noise: None, .. }) && o.needs_result).collect();
    assert!(!moves.is_empty(), "a Move out of the Hibernatorium rolls for Noise");
    for o in &moves {
        assert_eq!(o.needs, Some(Component::Dice), "{:?}: the Noise die is the table's", o.command);
    }
    assert!(offers(&s).iter().all(|o| o.needs.is_some() <= o.needs_result), "a component is named only for an offer that needs a result");
}
