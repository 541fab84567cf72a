//! Shared by the engine's tests: a game set up through the draft, and a driver of random commands.
#![allow(dead_code)]

use nemesis_engine::command::{Command, Entered, ScanProcedure, SetupOptions};
use nemesis_engine::content::Content;
use nemesis_engine::game::{Game, Request};
use nemesis_engine::ids::*;
use nemesis_engine::state::{Component, Life, Mode, NoiseSpot, Phase, State};
use nemesis_engine::{Fate, Rejection};

pub fn options(players: usize) -> SetupOptions {
    SetupOptions {
        players: (1..=players).map(|i| format!("Player {i}")).collect(),
        mode: if players == 1 { Mode::Solo } else { Mode::Standard },
        handled: Component::ALL.to_vec(),
        infected_cards: None,
        player_numbers: None,
        pods: None,
    }
}

pub fn act(game: &mut Game, command: Command) -> Result<Vec<nemesis_engine::Event>, Rejection> {
    game.submit(Actor::Table, Request::Do { command, entered: Vec::new() }).map(|e| e.events.clone())
}

pub fn act_with(game: &mut Game, command: Command, entered: Vec<Entered>) -> Result<Vec<nemesis_engine::Event>, Rejection> {
    game.submit(Actor::Table, Request::Do { command, entered }).map(|e| e.events.clone())
}

pub fn state(game: &Game) -> &State {
    game.state().expect("set up")
}

/// A game with every component handled by the app, set up and drafted, at turn 1.
pub fn started(players: usize, seed: u64) -> Game {
    started_with(options(players), seed)
}

/// A started game as a state and its generator, for driving `rules::apply` directly.
pub fn table(players: usize, seed: u64) -> (State, Fate) {
    let g = started(players, seed);
    (state(&g).clone(), Fate::restore(&g.fate_snapshot()))
}

/// Applies a command the test expects to be accepted.
pub fn ok(s: &State, fate: &mut Fate, command: Command, entered: Vec<Entered>) -> nemesis_engine::Applied {
    let what = format!("{command:?} with {entered:?}");
    nemesis_engine::apply(Some(s), fate, Actor::Table, &command, &entered).unwrap_or_else(|r| panic!("{what} should be accepted, was refused: {r:?}"))
}

pub fn started_with(opts: SetupOptions, seed: u64) -> Game {
    let mut g = Game::new(Fate::seeded(seed));
    act(&mut g, Command::SetUp(opts)).expect("setup accepted");
    draft_all(&mut g);
    g
}

pub fn draft_all(g: &mut Game) {
    while state(g).phase == Phase::Draft {
        let s = state(g);
        let mut order: Vec<(PlayerNumber, Seat)> =
            s.seats.iter().filter(|(_, x)| x.character.is_none()).map(|(seat, x)| (x.number, seat)).collect();
        order.sort();
        let seat = order[0].1;
        act(g, Command::DraftDraw { seat }).expect("draft draw");
        let first = state(g).seats[seat].draft_offer[0];
        let key = Content::base().data.characters[first.0 as usize].key.clone();
        act(g, Command::DraftKeep { seat, character: key }).expect("draft keep");
    }
}

/// A small deterministic generator for choosing test commands (not the game's own).
pub struct Pick(pub u64);
impl Pick {
    pub fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }
    pub fn below(&mut self, n: u64) -> u64 {
        self.next() % n.max(1)
    }
    pub fn chance(&mut self, percent: u64) -> bool {
        self.below(100) < percent
    }
}

/// One plausible command for the current state: mostly legal, sometimes not (refusals must be harmless).
pub fn random_command(s: &State, p: &mut Pick) -> Request {
    let c = Content::base();
    let seats = s.seats.len() as u64;
    let seat = Seat(p.below(seats) as u8);
    let loc = Location(1 + p.below(21) as u8);
    if p.chance(3) {
        return Request::Undo;
    }
    if s.phase == Phase::Draft {
        let mut order: Vec<(PlayerNumber, Seat)> =
            s.seats.iter().filter(|(_, x)| x.character.is_none()).map(|(seat, x)| (x.number, seat)).collect();
        order.sort();
        let next = order[0].1;
        let offer = &s.seats[next].draft_offer;
        let cmd = if offer.is_empty() {
            Command::DraftDraw { seat: next }
        } else {
            Command::DraftKeep { seat: next, character: c.data.characters[offer[p.below(offer.len() as u64) as usize].0 as usize].key.clone() }
        };
        return Request::Do { command: cmd, entered: Vec::new() };
    }
    if let Phase::Over { check, .. } = s.phase {
        let alive: Vec<Seat> = s.seats.iter().filter(|(_, x)| x.life.is_alive()).map(|(seat, _)| seat).collect();
        let who = if alive.is_empty() { seat } else { alive[p.below(alive.len() as u64) as usize] };
        use nemesis_engine::state::VictoryStep::*;
        let cmd = match check {
            Engines => Command::RevealEngines,
            Coordinates => Command::RevealCoordinates { quarantine: Vec::new() },
            Contamination => Command::CheckContamination { seat: who },
            Objectives if !s.seats[who].objective_revealed => Command::RevealObjective { seat: who },
            _ => Command::JudgeObjective { seat: who, met: p.chance(50) },
        };
        return Request::Do { command: cmd, entered: Vec::new() };
    }
    if let Some(offer) = &s.attack_offer {
        // The Intruder player's choice, now and then tried by the wrong seat.
        let who = if p.chance(90) { offer.seat } else { seat };
        let card = offer.cards[p.below(offer.cards.len() as u64) as usize];
        return Request::Do { command: Command::ChooseAttackCard { seat: who, card }, entered: Vec::new() };
    }
    if let (Some(dead), None, Phase::Player) = (s.first_dead, s.intruder_player, s.phase) {
        if p.chance(30) {
            return Request::Do { command: Command::BecomeIntruderPlayer { seat: dead }, entered: Vec::new() };
        }
    }
    if let (Some((player, _)), Phase::Player, false) = (s.intruder_player, s.phase, s.intruders.is_empty()) {
        if p.chance(15) {
            let i = &s.intruders[p.below(s.intruders.len() as u64) as usize];
            let beside: Vec<Seat> = s.characters_at(i.at);
            let target = if beside.is_empty() { seat } else { beside[p.below(beside.len() as u64) as usize] };
            let cmd = Command::IntruderPlayerAttack { seat: player, id: i.id, target, card_number: 1 + p.below(4) as u8 };
            return Request::Do { command: cmd, entered: Vec::new() };
        }
    }
    let cmd = match s.phase {
        Phase::Event { step } => match (step, p.below(10)) {
            (_, 0) => Command::SetHandSize { seat, cards: p.below(6) as u8 },
            (nemesis_engine::state::EventStep::TimeTrack, _) => Command::AdvanceTime,
            (nemesis_engine::state::EventStep::IntruderAttack, _) => Command::ResolveIntruderAttacks,
            (nemesis_engine::state::EventStep::FireDamage, _) => Command::ResolveFireDamage,
            (nemesis_engine::state::EventStep::EventCard, _) => Command::ResolveEventCard,
            (nemesis_engine::state::EventStep::BagDevelopment, _) => Command::DevelopBag,
        },
        Phase::Over { .. } => match p.below(5) {
            0 => Command::RevealEngines,
            1 => Command::RevealCoordinates { quarantine: Vec::new() },
            2 => Command::CheckContamination { seat },
            3 => Command::RevealObjective { seat },
            _ => Command::JudgeObjective { seat, met: p.chance(50) },
        },
        _ => {
            let here = s.seats.get(seat).map(|x| x.location).unwrap_or(Location(11));
            let neighbours = c.board.neighbours(here);
            let to = if neighbours.is_empty() { loc } else { neighbours[p.below(neighbours.len() as u64) as usize].0 };
            let intruder = if s.intruders.is_empty() { IntruderId(1) } else { s.intruders[p.below(s.intruders.len() as u64) as usize].id };
            let held = s.seats.get(seat).map(|x| x.contamination.clone()).unwrap_or_default();
            match p.below(42) {
                0..=7 => Command::MoveCharacter { seat, to, careful_noise: if p.chance(10) { Some(1 + p.below(4) as u8) } else { None } },
                8 => Command::NoiseRoll { seat },
                9 => Command::Encounter { seat },
                10 => Command::SetHandSize { seat, cards: p.below(6) as u8 },
                11 => Command::InjureIntruder { id: intruder, injuries: 1 + p.below(3) as u8 },
                12 => Command::AttackCharacter { id: intruder, target: None },
                13 => Command::GiveContamination { seat, count: 1 },
                14 => Command::ScanContamination {
                    seat,
                    cards: held.iter().copied().take(1 + p.below(3) as usize).collect(),
                    procedure: [ScanProcedure::Look, ScanProcedure::Rest, ScanProcedure::Canteen, ScanProcedure::Shower, ScanProcedure::Surgery, ScanProcedure::Antidote]
                        [p.below(6) as usize],
                },
                15 => Command::CheckEngine { seat, engine: EngineNumber(1 + p.below(3) as u8) },
                16 => Command::CheckAllEngines { seat },
                17 => Command::BeginEngineRepair { seat, engine: EngineNumber(1 + p.below(3) as u8) },
                18 => Command::SetEngineOrder {
                    seat: s.repair.map(|(x, _)| x).unwrap_or(seat),
                    top: if p.chance(50) { EngineStatus::Working } else { EngineStatus::Damaged },
                },
                19 => Command::CheckCoordinates { seat },
                20 => Command::SetDestination { seat, letter: DestinationLetter::ALL[p.below(4) as usize] },
                21 => Command::StartSelfDestruct { seat },
                22 => Command::StopSelfDestruct { seat },
                23 => Command::Wound { seat, light: p.below(2) as u8, serious: 1 },
                24 => Command::ChooseObjective {
                    seat,
                    objective: s.seats.get(seat).and_then(|x| x.objectives.first()).map(|o| c.data.objectives[o.0 as usize].key.clone()),
                },
                25 => Command::SetFire { at: loc, on: p.chance(70) },
                26 => Command::SetMalfunction { at: loc, on: p.chance(70) },
                27 => Command::PlaceIntruder { kind: IntruderKind::ALL[p.below(5) as usize], at: loc },
                28 => Command::PeekRoom { seat, at: loc },
                29 => Command::Research { seat, object: ResearchObject::ALL[p.below(3) as usize] },
                30 => Command::SetPodLock { pod: PodNumber(1 + p.below(4) as u8), locked: p.chance(30) },
                31 => Command::TryHibernate { seat },
                32 => Command::PlaceCharacter { seat, at: loc },
                33 => Command::RollDice { die: if p.chance(50) { Die::Noise } else { Die::Combat }, count: 1 + p.below(2) as u8 },
                34 => Command::SetNoise { spot: NoiseSpot::Corridor(CorridorId(p.below(28) as u8)), on: p.chance(60) },
                35 => Command::TakeEgg { seat },
                36 => Command::TryEnterPod { seat, pod: PodNumber(1 + p.below(4) as u8) },
                37 => Command::LaunchPod { pod: PodNumber(1 + p.below(4) as u8), seat: None },
                40 => Command::Shoot { seat, id: intruder, energy: false },
                41 => Command::MeleeAttack { seat, id: intruder },
                _ => {
                    if s.phase == Phase::Player && p.chance(60) {
                        Command::EndPlayerPhase
                    } else {
                        Command::SendSignal { seat }
                    }
                }
            }
        }
    };
    Request::Do { command: cmd, entered: Vec::new() }
}

/// Whether a seat is still in play (for tests that need a live character).
pub fn awake(s: &State, seat: Seat) -> bool {
    s.seats[seat].life == Life::Awake
}

/// The location of a room tile, explored (as if a character had entered it earlier). An
/// Additional Room left out of this game takes the place of one of the same set that is in it.
pub fn explored_room_of(s: &mut State, key: &str) -> Location {
    let c = Content::base();
    let tile = c.room_tile(key).expect("tile in the data");
    let at = c.board.locations().find(|l| s.room(*l).tile == Some(tile)).unwrap_or_else(|| {
        let at = c
            .board
            .locations()
            .find(|l| s.room(*l).tile.is_some_and(|t| c.tile(t).set == c.tile(tile).set) && !s.room(*l).explored)
            .expect("a room of the same set to replace");
        s.room_mut(at).tile = Some(tile);
        at
    });
    s.room_mut(at).explored = true;
    at
}

/// Puts the seat's character in a room, for a Room Action (p. 24): "cockpit", "hibernatorium",
/// "engine_1" to "engine_3", or a room tile's key (explored by `explored_room_of`).
pub fn stand_in(s: &mut State, seat: Seat, room: &str) -> Location {
    use nemesis_engine::content::LocationKind;
    let c = Content::base();
    let at = match room {
        "cockpit" => c.location_of_kind(LocationKind::Cockpit),
        "hibernatorium" => c.location_of_kind(LocationKind::Hibernatorium),
        "engine_1" => c.engine_location(EngineNumber(1)).expect("Engine 1"),
        "engine_2" => c.engine_location(EngineNumber(2)).expect("Engine 2"),
        "engine_3" => c.engine_location(EngineNumber(3)).expect("Engine 3"),
        key => explored_room_of(s, key),
    };
    s.seats[seat].location = at;
    at
}
