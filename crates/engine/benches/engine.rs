//! Engine benchmarks: apply + fold of one command, replay of a 2,000-event game, view building.
//! Results go to docs/benchmarks.md through scripts/bench.

use criterion::{black_box, criterion_group, criterion_main, Criterion};
use nemesis_engine::command::{Command, SetupOptions};
use nemesis_engine::content::Content;
use nemesis_engine::game::{effective_events, Game, Request};
use nemesis_engine::ids::*;
use nemesis_engine::state::{Component, Mode, Phase, State};
use nemesis_engine::{apply, Fate};

fn started(players: usize, seed: u64) -> Game {
    let mut g = Game::new(Fate::seeded(seed));
    let opts = SetupOptions {
        players: (1..=players).map(|i| format!("P{i}")).collect(),
        mode: Mode::Standard,
        handled: Component::ALL.to_vec(),
        infected_cards: None,
        player_numbers: None,
        pods: None,
    };
    g.submit(Actor::Table, Request::Do { command: Command::SetUp(opts), entered: vec![] }).unwrap();
    while g.state().unwrap().phase == Phase::Draft {
        let s = g.state().unwrap();
        let mut order: Vec<(PlayerNumber, Seat)> =
            s.seats.iter().filter(|(_, x)| x.character.is_none()).map(|(seat, x)| (x.number, seat)).collect();
        order.sort();
        let seat = order[0].1;
        g.submit(Actor::Table, Request::Do { command: Command::DraftDraw { seat }, entered: vec![] }).unwrap();
        let first = g.state().unwrap().seats[seat].draft_offer[0];
        let key = Content::base().data.characters[first.0 as usize].key.clone();
        g.submit(Actor::Table, Request::Do { command: Command::DraftKeep { seat, character: key }, entered: vec![] }).unwrap();
    }
    g
}

/// A long game: turns of moves, noise and the Event Phase, until it has at least `events` events.
fn long_game(events: usize) -> Game {
    let mut seed = 1;
    loop {
        let mut g = started(4, seed);
        let mut turn_moves = 0;
        let mut n = 0usize;
        for _ in 0..20_000 {
            let s = g.state().unwrap().clone();
            if s.is_over() {
                break;
            }
            let cmd = match s.phase {
                Phase::Player if turn_moves < 200 => {
                    turn_moves += 1;
                    let seat = Seat((turn_moves % 4) as u8);
                    let here = s.seats[seat].location;
                    let ns = Content::base().board.neighbours(here);
                    let to = ns[(turn_moves / 4) % ns.len()].0;
                    match turn_moves % 8 {
                        // A few moves a turn; the rest is the bookkeeping a table does between them.
                        0 => Command::MoveCharacter { seat, to, careful_noise: None },
                        1 | 3 | 5 => Command::RollDice { die: Die::Noise, count: 2 },
                        2 | 6 => Command::RollDice { die: Die::Combat, count: 1 },
                        _ => Command::SetHandSize { seat, cards: 5 + (turn_moves % 3) as u8 },
                    }
                }
                Phase::Player => {
                    turn_moves = 0;
                    Command::EndPlayerPhase
                }
                Phase::Event { step } => match step {
                    nemesis_engine::state::EventStep::TimeTrack => Command::AdvanceTime,
                    nemesis_engine::state::EventStep::IntruderAttack => Command::ResolveIntruderAttacks,
                    nemesis_engine::state::EventStep::FireDamage => Command::ResolveFireDamage,
                    nemesis_engine::state::EventStep::EventCard => Command::ResolveEventCard,
                    nemesis_engine::state::EventStep::BagDevelopment => Command::DevelopBag,
                },
                _ => break,
            };
            if let Ok(e) = g.submit(Actor::Table, Request::Do { command: cmd, entered: vec![] }) {
                n += e.events.len();
            }
            // Keep the game going: the Time Track would end it after 15 turns.
            if n >= events {
                return g;
            }
        }
        let total: usize = g.entries().iter().map(|e| e.events.len()).sum();
        if total >= events {
            return g;
        }
        seed += 1;
        if seed > 500 {
            panic!("no seed gave a game of {events} events");
        }
    }
}

fn benches(c: &mut Criterion) {
    let g = started(4, 3);
    let s = g.state().unwrap().clone();
    let mut fate = Fate::seeded(5);
    let seat = Seat(0);
    let to = Content::base().board.neighbours(s.seats[seat].location)[0].0;

    c.bench_function("apply_fold_roll_dice", |b| {
        b.iter(|| {
            let a = apply(Some(black_box(&s)), &mut fate, Actor::Table, &Command::RollDice { die: Die::Noise, count: 2 }, &[]).unwrap();
            let mut folded = s.clone();
            for e in &a.events {
                folded.fold(e);
            }
            black_box(folded)
        })
    });
    c.bench_function("apply_fold_move_and_explore", |b| {
        b.iter(|| {
            let a = apply(Some(black_box(&s)), &mut fate, Actor::Table, &Command::MoveCharacter { seat, to, careful_noise: None }, &[]).unwrap();
            let mut folded = s.clone();
            for e in &a.events {
                folded.fold(e);
            }
            black_box(folded)
        })
    });

    let long = long_game(2_000);
    let events: Vec<_> = effective_events(long.entries()).cloned().collect();
    eprintln!("replay benchmark: {} events in {} entries", events.len(), long.entries().len());
    c.bench_function("replay_2000_event_game", |b| b.iter(|| black_box(State::replay(black_box(events.iter()).take(2_000)))));

    let busy = long.state().unwrap().clone();
    c.bench_function("build_public_view", |b| b.iter(|| black_box(black_box(&busy).public_view())));
    c.bench_function("build_public_view_json", |b| b.iter(|| black_box(serde_json::to_string(&black_box(&busy).public_view()).unwrap())));
    c.bench_function("build_seat_view", |b| b.iter(|| black_box(black_box(&busy).seat_view(Seat(1)))));
}

criterion_group!(engine, benches);
criterion_main!(engine);
