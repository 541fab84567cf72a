//! Shared by the engine's tests (both test crates, `rules` and `engine`): a game set up through
//! the draft, the one `Table` a rule test arranges and drives through `rules::apply`, the helpers
//! that arrange a state by hand, and a driver of random commands.
#![allow(dead_code)]

use nemesis_engine::command::{Command, Entered, ScanProcedure, SetupOptions};
use nemesis_engine::content::Content;
use nemesis_engine::event::{AttackDraw, Event};
use nemesis_engine::game::{Game, Request};
use nemesis_engine::ids::*;
use nemesis_engine::log::{log, Audience};
use nemesis_engine::state::*;
use nemesis_engine::{apply, Applied, Fate, Rejection};

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

/// The tests written before the Player Phase's rounds (p. 10) act for any seat at any time. For
/// them the table does what it would at a real table: gives the command's seat the round (a
/// correction), tops the hand up to the Action's cost, and lets everyone pass before the phase
/// ends. The tests of the rounds themselves (`rules/turns.rs`) call `apply` or `strict_act`.
pub fn arranged(s: &State, command: &Command) -> State {
    let mut s = s.clone();
    if s.phase != Phase::Player {
        return s;
    }
    if matches!(command, Command::EndPlayerPhase) {
        // Each living player keeps their first objective once the first Encounter made it due (p. 12).
        for seat in nemesis_engine::rules::objectives_due(&s.clone()) {
            let first = s.seats[seat].objectives.first().copied();
            s.seats[seat].objective = ObjectiveChoice::Chosen(first);
        }
        s.rounds.turn_of = None;
        s.rounds.started = true;
        s.rounds.passed = s.seats.seats().collect();
        return s;
    }
    if let (Some(cost), Some(seat)) = (nemesis_engine::rules::action_cost(&s, command), nemesis_engine::rules::command_seat(command)) {
        if s.seats.get(seat).is_some() {
            if s.rounds.turn_of != Some(seat) || s.rounds.actions >= 2 {
                s.rounds.turn_of = Some(seat);
                s.rounds.actions = 0;
                s.rounds.started = true;
                s.rounds.passed.retain(|x| *x != seat);
            }
            s.seats[seat].hand = s.seats[seat].hand.max(cost);
        }
    }
    s
}

/// The same for a whole game, through the table's own commands (Give Round, Hand Size, Pass).
pub fn arrange_game(game: &mut Game, command: &Command) {
    let Some(s) = game.state() else { return };
    if s.phase != Phase::Player {
        return;
    }
    if matches!(command, Command::EndPlayerPhase) {
        let due: Vec<Seat> = nemesis_engine::rules::objectives_due(s).collect();
        for seat in due {
            let key = state(game).seats[seat].objectives.first().map(|o| Content::base().data.objectives[o.0 as usize].key.clone());
            let _ = strict_act(game, Command::ChooseObjective { seat, objective: key });
        }
        for _ in 0..16 {
            let Some(seat) = state(game).rounds.turn_of else { break };
            if strict_act(game, Command::Pass { seat }).is_err() {
                break;
            }
        }
        return;
    }
    if let (Some(cost), Some(seat)) = (nemesis_engine::rules::action_cost(s, command), nemesis_engine::rules::command_seat(command)) {
        if s.seats.get(seat).is_none() {
            return;
        }
        let hand = s.seats[seat].hand;
        if s.rounds.turn_of != Some(seat) {
            let _ = strict_act(game, Command::GiveRound { seat });
        }
        if hand < cost {
            let _ = strict_act(game, Command::SetHandSize { seat, cards: cost });
        }
    }
}

/// Submits a command as is, turn order and all.
pub fn strict_act(game: &mut Game, command: Command) -> Result<Vec<nemesis_engine::Event>, Rejection> {
    strict_act_with(game, command, Vec::new())
}

pub fn strict_act_with(game: &mut Game, command: Command, entered: Vec<Entered>) -> Result<Vec<nemesis_engine::Event>, Rejection> {
    game.submit(Actor::Table, Request::Do { command, entered }).map(|e| e.events.clone())
}

pub fn act(game: &mut Game, command: Command) -> Result<Vec<nemesis_engine::Event>, Rejection> {
    arrange_game(game, &command);
    game.submit(Actor::Table, Request::Do { command, entered: Vec::new() }).map(|e| e.events.clone())
}

pub fn act_with(game: &mut Game, command: Command, entered: Vec<Entered>) -> Result<Vec<nemesis_engine::Event>, Rejection> {
    arrange_game(game, &command);
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
    run(s, fate, command, entered).unwrap_or_else(|r| panic!("{what} should be accepted, was refused: {r:?}"))
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
    // Mostly the seat whose round it is (p. 10), sometimes another (which must be refused).
    let seat = match s.rounds.turn_of {
        Some(t) if p.chance(85) => t,
        _ => seat,
    };
    let loc = Location(1 + p.below(21) as u8);
    if s.phase == Phase::Player && s.rounds.started && s.rounds.turn_of.is_none() && p.chance(70) {
        return Request::Do { command: Command::EndPlayerPhase, entered: Vec::new() };
    }
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
            _ => Command::JudgeObjective { seat: who, met: p.chance(50), overrule: false },
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
    // Eclosion's scans end the Event card's step (p. 10): the bag waits for their answers.
    if let Some((due, _)) = s.seats.iter().find(|(_, x)| x.eclosion_scan_due) {
        if matches!(s.phase, Phase::Event { .. }) {
            let cmd = Command::ScanContamination { seat: due, cards: Vec::new(), procedure: nemesis_engine::command::ScanProcedure::Look, scanned: 0 };
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
            _ => Command::JudgeObjective { seat, met: p.chance(50), overrule: false },
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
                    scanned: p.below(2) as u8,
                },
                15 => Command::CheckEngine { seat, engine: EngineNumber(1 + p.below(3) as u8) },
                16 => Command::CheckAllEngines { seat },
                17 => Command::BeginEngineRepair { seat, engine: EngineNumber(1 + p.below(3) as u8), paid: 1 },
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
                38 => Command::Pass { seat },
                39 => Command::CardAction { seat, paid: 1 + p.below(3) as u8 },
                40 => Command::Shoot { seat, id: intruder, energy: false, weapon: None },
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

/// The table's view without what an Action's payment changes in public (the rounds and the hand
/// counts, p. 12): for the tests that check a secret step shows the table nothing else.
pub fn public_but_rounds(s: &State) -> nemesis_engine::PublicView {
    let mut v = s.public_view();
    v.rounds = nemesis_engine::view::PublicRounds { turn_of: None, actions: 0, actions_per_round: 0, passed: Vec::new(), waiting: Vec::new(), all_passed: false, objectives_due: Vec::new() };
    for seat in &mut v.seats {
        seat.hand = 0;
    }
    v
}

/// Whether a seat is still in play (for tests that need a live character).
pub fn awake(s: &State, seat: Seat) -> bool {
    s.seats[seat].life == Life::Awake
}

// ---------------------------------------------------------------- driving rules::apply directly

/// Applies a command to a state with the table's authority, accepted or refused. The rule tests
/// script chance by entering results, as a table does with its physical components: for this one
/// step the components the entered results are read off count as physical (a result entered for
/// a component the app holds is refused: tests/engine/entered.rs), and the game's own choice of
/// components is back in the state after it.
pub fn run(s: &State, fate: &mut Fate, command: Command, entered: Vec<Entered>) -> Result<Applied, Rejection> {
    run_strict(&arranged(s, &command), fate, command, entered)
}

/// `run` without the table's arranging of rounds: turn order, costs and all (tests/rules/turns.rs).
pub fn run_strict(s: &State, fate: &mut Fate, command: Command, entered: Vec<Entered>) -> Result<Applied, Rejection> {
    if entered.is_empty() {
        return apply(Some(s), fate, Actor::Table, &command, &entered);
    }
    let mut read_at_table = s.clone();
    read_at_table.config.handled.retain(|c| !entered.iter().any(|e| e.read_off().contains(c)));
    let mut applied = apply(Some(&read_at_table), fate, Actor::Table, &command, &entered)?;
    applied.state.config = s.config.clone();
    Ok(applied)
}

/// Applies a command the test expects to be refused, returning the refusal.
pub fn refused(s: &State, fate: &mut Fate, command: Command, entered: Vec<Entered>) -> Rejection {
    let what = format!("{command:?}");
    match run(s, fate, command, entered) {
        Ok(a) => panic!("{what} should be refused, produced {:?}", a.events),
        Err(r) => r,
    }
}

/// Applies an accepted command and keeps only the state after it.
pub fn then(s: &State, f: &mut Fate, c: Command, entered: Vec<Entered>) -> State {
    ok(s, f, c, entered).state
}

/// A game state to arrange by hand, with its own generator, driven through `rules::apply`.
pub struct Table {
    pub s: State,
    pub fate: Fate,
}

impl Table {
    /// A started game with a generator of its own seeded from `seed + 1000`.
    pub fn new(players: usize, seed: u64) -> Table {
        Table::from_game(&started(players, seed), seed + 1000)
    }
    /// A game's state with a generator of its own seeded from `fate_seed`.
    pub fn from_game(g: &Game, fate_seed: u64) -> Table {
        Table { s: state(g).clone(), fate: Fate::seeded(fate_seed) }
    }
    /// Applies a command as `run` does: entered results are read off physical components.
    pub fn try_do(&mut self, command: Command, entered: Vec<Entered>) -> Result<Vec<Event>, Rejection> {
        let applied = run(&self.s, &mut self.fate, command, entered)?;
        self.s = applied.state;
        Ok(applied.events)
    }
    pub fn run(&mut self, command: Command, entered: Vec<Entered>) -> Vec<Event> {
        let what = format!("{command:?}");
        self.try_do(command, entered).unwrap_or_else(|e| panic!("{what} refused: {e}"))
    }
    /// A refused command must leave the state exactly as it was.
    pub fn refused(&mut self, command: Command, entered: Vec<Entered>) -> Rejection {
        let before = self.s.clone();
        let err = self.try_do(command, entered).expect_err("this must be refused");
        assert_eq!(self.s, before, "a refusal changes nothing");
        err
    }
    pub fn place(&mut self, seat: Seat, at: u8) {
        self.s.seats[seat].location = Location(at);
    }
    pub fn at_step(&mut self, step: EventStep) {
        self.s.phase = Phase::Event { step };
    }
    /// Makes sure an Adult token showing `back` is in the bag (swapping it with an Adult token of
    /// another number from the supply, so the bag's make-up is unchanged): which Adult tokens go
    /// in at setup is random, and a test that needs a given number must not depend on the seed.
    pub fn adult_in_bag(&mut self, back: u8) {
        let shows = |t: &TokenId| kind(*t) == TokenKind::Adult && c().token(*t).back == Some(back);
        if self.s.bag().iter().any(shows) {
            return;
        }
        let out = self.s.bag().into_iter().find(|t| kind(*t) == TokenKind::Adult).expect("an Adult in the bag");
        let swap_in = self.s.tokens_in(TokenPlace::Supply).into_iter().find(shows).expect("that Adult is in the supply");
        self.s.tokens[out.0 as usize] = TokenPlace::Supply;
        self.s.tokens[swap_in.0 as usize] = TokenPlace::Bag;
    }
    /// An Encounter for `seat` drawing a token of this kind; returns the intruder that appeared.
    pub fn encounter(&mut self, seat: Seat, kind: TokenKind, back: Option<u8>) -> IntruderId {
        if let (TokenKind::Adult, Some(b)) = (kind, back) {
            self.adult_in_bag(b);
        }
        let events = self.run(Command::Encounter { seat }, vec![Entered::Token { token: kind, back }]);
        events
            .iter()
            .find_map(|e| match e {
                Event::IntruderPlaced { id, .. } => Some(*id),
                _ => None,
            })
            .expect("an intruder appeared")
    }
    /// Gives the seat `statuses.len()` Contamination cards and fixes which are INFECTED.
    pub fn contaminate(&mut self, seat: Seat, statuses: &[bool]) -> Vec<ContaminationId> {
        let before = self.s.seats[seat].contamination.len();
        self.run(Command::GiveContamination { seat, count: statuses.len() as u8 }, vec![]);
        let cards: Vec<ContaminationId> = self.s.seats[seat].contamination[before..].to_vec();
        for (card, infected) in cards.iter().zip(statuses) {
            self.s.infected[card.0 as usize] = Hidden::Known(*infected);
        }
        cards
    }
    pub fn scan(&mut self, seat: Seat, cards: &[ContaminationId], procedure: ScanProcedure) -> Vec<Event> {
        self.run(Command::ScanContamination { seat, cards: cards.to_vec(), procedure, scanned: 0 }, vec![])
    }
    /// Ends the game by the jump (p. 11) with `seat` hibernating; the others die with it.
    pub fn jump_with_hibernating(&mut self, seat: Seat) {
        self.s.seats[seat].life = Life::Hibernating;
        self.s.time = c().data.time_track.moves - 1;
        self.at_step(EventStep::TimeTrack);
        self.run(Command::AdvanceTime, vec![]);
        assert_eq!(self.s.phase, Phase::Over { cause: EndCause::Jump, check: VictoryStep::Engines }, "p. 11: the jump ends the game");
    }
}

// ---------------------------------------------------------------- content lookups

pub fn c() -> &'static Content {
    Content::base()
}

pub fn kind(t: TokenId) -> TokenKind {
    c().token(t).kind
}

pub fn count(s: &State, place: TokenPlace, k: TokenKind) -> usize {
    s.tokens_in(place).into_iter().filter(|t| kind(*t) == k).count()
}

pub fn in_bag(s: &State, k: TokenKind) -> usize {
    count(s, TokenPlace::Bag, k)
}

pub fn tokens_of(k: TokenKind) -> Vec<TokenId> {
    (0..27u8).map(TokenId).filter(|t| kind(*t) == k).collect()
}

pub fn weakness_id(key: &str) -> WeaknessId {
    let i = Content::base().data.weaknesses.iter().position(|w| w.key == key).expect("weakness in the data");
    WeaknessId(i as u8)
}

pub fn event_id(key: &str) -> EventCardId {
    EventCardId(c().data.events.iter().position(|e| e.key == key).expect("an Event card with that key") as u8)
}

pub fn objective_key(o: ObjectiveId) -> String {
    Content::base().data.objectives[o.0 as usize].key.clone()
}

pub fn location_of_tile(s: &State, key: &str) -> Location {
    let c = Content::base();
    let tile = c.room_tile(key).expect("tile in the data");
    c.board.locations().find(|l| s.room(*l).tile == Some(tile)).expect("the tile is on the board")
}

// ---------------------------------------------------------------- setup options and bad setups

pub fn handled_but(excluded: &[Component]) -> Vec<Component> {
    Component::ALL.iter().copied().filter(|x| !excluded.contains(x)).collect()
}

pub fn opts(players: usize, mode: Mode, handled: Vec<Component>) -> SetupOptions {
    SetupOptions {
        players: (1..=players).map(|i| format!("Player {i}")).collect(),
        mode,
        handled,
        infected_cards: None,
        player_numbers: None,
        pods: None,
    }
}

pub fn physical(players: usize, excluded: &[Component]) -> SetupOptions {
    let mut o = options(players);
    o.handled = handled_but(excluded);
    o.mode = Mode::Standard;
    o
}

/// A game after the SetUp command only (steps 1–16), waiting for the draft.
pub fn set_up(o: SetupOptions, seed: u64) -> Game {
    let mut g = Game::new(Fate::seeded(seed));
    act(&mut g, Command::SetUp(o)).expect("setup accepted");
    g
}

/// Submits a bad setup and checks the refusal left the game exactly as it was.
pub fn refused_setup(o: SetupOptions) -> Rejection {
    let mut g = Game::new(Fate::seeded(99));
    let fate_before = g.fate_snapshot();
    let err = act(&mut g, Command::SetUp(o)).expect_err("bad setup must be refused");
    assert!(g.state().is_none(), "a refused setup leaves no game behind");
    assert!(g.entries().is_empty(), "a refused setup records nothing in the journal");
    assert_eq!(g.fate_snapshot(), fate_before, "a refused setup draws nothing from the generator");
    assert!(!err.reason.trim().is_empty(), "a refusal gives a reason a player understands");
    err
}

pub fn coop(seed: u64) -> (State, Fate) {
    let mut o = options(3);
    o.mode = Mode::Cooperative;
    o.handled.retain(|c| *c != Component::Objectives);
    let g = started_with(o, seed);
    (state(&g).clone(), Fate::restore(&g.fate_snapshot()))
}

// ---------------------------------------------------------------- arranging a state by hand

pub const HIB: Location = Location(11);

pub const COCKPIT: Location = Location(1);

/// An intruder miniature placed by hand (no token), after the first Encounter.
pub fn add_intruder(s: &mut State, kind: IntruderKind, at: Location) -> IntruderId {
    let id = IntruderId(s.next_intruder);
    s.next_intruder += 1;
    s.intruders.push(Intruder { id, kind, at, injuries: 0, token: None });
    s.first_encounter = true;
    id
}

/// Serious Wound cards taken from the top of the deck, as if suffered earlier.
pub fn give_serious(s: &mut State, seat: Seat, n: usize) {
    for _ in 0..n {
        let card = s.wounds.draw.pop().expect("a Serious Wound card left");
        s.seats[seat].serious.push(SeriousWound { card, dressed: false });
    }
}

/// Turns a Weakness face up in the Intruder Carcass slot, as if researched earlier.
pub fn know_weakness(s: &mut State, key: &str) {
    let id = weakness_id(key);
    s.weaknesses[2] = WeaknessSlot { card: Some(id), revealed: Some(id) };
}

/// Only seat 0 stays in the Hibernatorium; the others go to the Cockpit.
pub fn alone_in_hibernatorium(s: &mut State) {
    for (seat, _) in s.seats.clone().iter() {
        if seat != Seat(0) {
            s.seats[seat].location = COCKPIT;
        }
    }
}

pub fn at_section_a(seed: u64) -> (State, Fate, Location, PodNumber) {
    let (mut s, f) = table(3, seed);
    let section = location_of_tile(&s, "evacuation_section_a");
    s.room_mut(section).explored = true;
    for seat in [Seat(0), Seat(1), Seat(2)] {
        s.seats[seat].location = section;
    }
    let pod = s.pods.iter().filter(|p| p.section == Section::A).map(|p| p.number).min().unwrap();
    (s, f, section, pod)
}

// ---------------------------------------------------------------- entered results and what events show

pub fn card(key: &str) -> Entered {
    Entered::AttackCard { key: key.into(), blood: None }
}

pub fn silence() -> Vec<Entered> {
    vec![Entered::Noise { face: NoiseFace::Silence }]
}

pub fn attack_draws(events: &[Event]) -> Vec<(String, AttackDraw)> {
    let c = Content::base();
    events
        .iter()
        .filter_map(|e| match e {
            Event::AttackCardDrawn { card, purpose } => Some((c.data.attacks[card.0 as usize].key.clone(), *purpose)),
            _ => None,
        })
        .collect()
}

pub fn last_line(g: &Game, to: Audience) -> nemesis_engine::log::LogLine {
    log(g.entries(), to).pop().expect("the log has lines")
}

pub fn check(s: &State) -> VictoryStep {
    match s.phase {
        Phase::Over { check, .. } => check,
        other => panic!("the game should be over, it is at {other:?}"),
    }
}

/// Every token is in exactly one place, and the board agrees with the token list both ways.
pub fn assert_each_token_in_one_place(s: &State, when: &str) {
    assert_eq!(s.tokens.len(), 27, "{when}: the box holds 27 intruder tokens (p. 2)");
    for (i, place) in s.tokens.iter().enumerate() {
        if let TokenPlace::OnBoard(id) = place {
            let holder = s.intruder(*id).unwrap_or_else(|| panic!("{when}: token {i} is set aside with a missing intruder"));
            assert_eq!(holder.token, Some(TokenId(i as u8)), "{when}: token {i} is set aside with intruder {} that does not hold it", id.0);
        }
    }
    let mut held = std::collections::BTreeSet::new();
    for intr in &s.intruders {
        if let Some(t) = intr.token {
            assert!(held.insert(t), "{when}: token {} is held by two intruders", t.0);
            assert_eq!(s.tokens[t.0 as usize], TokenPlace::OnBoard(intr.id), "{when}: intruder {} holds a token that is elsewhere", intr.id.0);
        }
    }
}

// ---------------------------------------------------------------- playing through steps

/// The Event Phase's time step, from wherever the state is.
pub fn advance_time(s: &State, fate: &mut Fate) -> Applied {
    let mut s = s.clone();
    s.phase = Phase::Event { step: EventStep::TimeTrack };
    ok(&s, fate, Command::AdvanceTime, vec![])
}

/// Runs the Event Phase from its start, step by step, noting each step it stops at.
pub fn event_phase(mut s: State, f: &mut Fate) -> (State, Vec<EventStep>) {
    use nemesis_engine::command::Entered;
    s = then(&s, f, Command::EndPlayerPhase, vec![]);
    let mut steps = Vec::new();
    while let Phase::Event { step } = s.phase {
        steps.push(step);
        let (c, e) = match step {
            EventStep::TimeTrack => (Command::AdvanceTime, vec![]),
            EventStep::IntruderAttack => (Command::ResolveIntruderAttacks, vec![]),
            EventStep::FireDamage => (Command::ResolveFireDamage, vec![]),
            EventStep::EventCard => (Command::ResolveEventCard, vec![Entered::EventCard { key: "bulkheads_open".into() }]),
            EventStep::BagDevelopment => (Command::DevelopBag, vec![Entered::Token { token: TokenKind::Larva, back: None }]),
        };
        s = then(&s, f, c, e);
    }
    (s, steps)
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

// ---------------------------------------------------------------- hand lines (issue 31)

/// The log lines that change a piece the table holds (a miniature, a marker, a token, a card on a
/// player's board or in their hands, a track): each must come with a hand line, `hint.<key>` in the
/// catalogues, saying what the table does with the piece.
pub const TABLE_PIECES: &[&str] = &[
    "character_moved", "room_explored", "room_explored_slimed", "room_explored_no_malfunction", "noise_placed", "noise_placed_technical", "noise_removed",
    "noise_removed_technical", "door_changed", "fire_placed", "fire_removed", "malfunction_placed", "malfunction_removed", "items_set",
    "encounter", "intruder_placed", "intruder_moved", "intruder_moved_from", "intruder_left", "intruder_killed", "intruder_injured",
    "intruder_healed", "intruder_transformed", "infested", "injury_card", "injury_card_retreat", "light_wounds", "serious_wound",
    "light_wounds_fire", "light_wounds_bleeding", "serious_wound_fire", "serious_wound_bleeding", "object_dropped_dying", "eggs_dropped_dying",
    "wound_dressed", "wound_healed", "character_died", "slime_on", "slime_off", "larva_on", "larva_off", "contamination_given",
    "contamination_removed", "engine_order_changed", "engine_order_unchanged", "destination_set", "self_destruct_started",
    "self_destruct_stopped", "self_destruct_advanced", "self_destruct_critical", "time_advanced", "time_advanced_far", "self_destruct_advanced_far", "pod_locked", "pod_unlocked",
    "pods_unlocked", "entered_pod", "left_pod", "pod_launched", "pod_ejected", "hibernated", "egg_taken", "object_left", "corpse_left",
    "object_picked_up", "object_dropped", "eggs_dropped", "nest_eggs_destroyed", "room_eggs_destroyed", "egg_added", "nest_destroyed",
    "eclosion_draw", "eclosion_draw_none", "event_idle", "token_added",
    // The guided Room and card Actions (issue 31, items 1 and 2).
    "hand_scan_asked", "alcohol_scan_asked", "weapon_recharged", "storage_draw", "card_played", "item_used", "item_kept",
    // The cards that act on the ship (issue 31, item 2, rest).
    "weapon_filled", "item_discarded_for_fire", "scavenged", "everyone_draws",
    // The review's findings (issue 31): the Duct Tape's Heavy Items, the Antidote's shuffle.
    "heavy_items_taped", "contamination_shuffled_in",
    // The last cards guided (issue 31): Synthetic Food's draw.
    "two_action_cards_drawn",
    "whole_hand_discarded",
    // The Comms Room's Status marker and a Weakness card turned up (issue 31, item 4).
    "signal", "weakness",
];

/// The other lines: rolls, draws, verdicts, rounds, private results, the victory check. Every
/// line is in one list or the other, so a new line must be classified before a test passes.
pub const NO_PIECE: &[&str] = &[
    "undone", "correction", "game_set_up", "room_tiles_placed", "exploration_tokens_placed", "coordinates_placed", "escape_pods_placed",
    "engines_placed", "weaknesses_placed", "bag_filled", "deck_shuffled", "deck_reshuffled", "objectives_dealt_private", "objectives_dealt",
    "draft_offered", "character_kept", "play_started", "phase_changed", "phase_changed_event", "phase_changed_over", "turn_began",
    "hand_size_set", "round_began", "round_began_again", "action_taken", "round_ended", "round_passed", "round_given", "noise_rolled", "noise_rolled_slimed", "noise_rolled_table",
    "dice_rolled", "token_drawn_encounter", "token_drawn_development", "token_drawn_summoning", "bag_empty", "token_returned",
    "token_to_supply", "surprise_attack", "no_surprise_attack", "attack_card", "shot_hit", "shot_missed", "melee_hit", "melee_missed",
    "eggs_shot", "eggs_shot_missed", "eggs_struck", "eggs_struck_missed",
    "shot_missed_small", "shot_missed_adult", "melee_missed_small", "melee_missed_adult", "attack_missed",
    "endurance_dies", "endurance_dies_two", "endurance_retreats", "endurance_retreats_two", "endurance_survives", "endurance_survives_two", "endurance_larva",
    "intruder_player_joined", "attack_cards_offered", "attack_cards_offered_private", "attack_card_chosen", "attack_card_chosen_private",
    "first_death_settled", "character_revived", "contamination_given_private", "contamination_shuffled_in_private", "contamination_removed_private", "contamination_scanned_infected_private",
    "contamination_scanned_clean_private", "contamination_scanned", "contamination_empty", "engine_checked_private", "engine_checked",
    "engine_in_hand_private", "engine_repair", "engine_order_private", "coordinates_private", "coordinates_checked", "hibernation_opened",
    "first_encounter", "objective_chosen_private", "objective_chosen_table_private", "objective_chosen", "objective_seen_private", "objective_seen", "fire_control", "fire_control_fire_only", "fire_control_no_fire", "airlock_started",
    "airlock_cancelled", "airlock_vented", "room_peeked_private", "room_peeked", "event_card", "event_card_retreat", "event_resolved",
    "event_discarded", "eclosion_draw_yours", "technical_noise_nobody", "technical_noise_rolls", "no_intruder_attacks", "no_fire_damage", "game_ended", "ship_destroyed", "victory_step", "engines_revealed", "coordinates_revealed",
    "contamination_clean", "contamination_lucky", "contamination_dies", "contamination_none", "contamination_larva_lucky",
    "contamination_larva_dies", "died_hibernating", "objective_revealed", "objective_revealed_table", "objective_met",
    "objective_not_met",
    // Lines that are the hand line themselves (what to do with the Ammo, the Item cards), and the
    // end of the game told once: nothing else to say beside them.
    "ammo_spent_own", "ammo_spent_carried", "items_searched", "items_searched_white", "pod_entry_failed", "hibernation_failed",
    "died_with_ship", "game_ended_fire", "game_ended_malfunction", "game_ended_self_destruct", "game_ended_jump", "game_ended_jump_destroyed",
    "game_ended_nobody_left_self_destruct", "game_ended_nobody_left_jump", "victory_next_engines", "victory_next_coordinates",
    "victory_next_contamination", "victory_next_objectives", "victory_over", "victory_nobody",
];

/// The English catalogue of the screens.
pub fn english() -> std::collections::BTreeMap<String, String> {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/../../ui/src/locales/en.json");
    serde_json::from_str(&std::fs::read_to_string(path).expect("the English catalogue")).expect("valid JSON")
}

/// The table's lines of one step, as the outcome shows them: each event described for the table
/// on the state it leaves.
pub fn table_lines(before: &State, events: &[Event]) -> Vec<nemesis_engine::log::Said> {
    let mut s = before.clone();
    let mut out = Vec::new();
    for e in events {
        s.fold(e);
        out.extend(nemesis_engine::log::describe(&s, e, Audience::Table));
    }
    out
}

/// What a step's outcome must say (issue 31): every line that changes a piece the table holds has
/// its hand line, and an Event card's step says more than that the card was drawn and resolved.
/// Returns the lines' keys.
pub fn assert_hand_lines(en: &std::collections::BTreeMap<String, String>, before: &State, events: &[Event], what: &str) -> Vec<String> {
    let keys: Vec<String> = table_lines(before, events).iter().map(|l| l.key.to_string()).collect();
    for k in &keys {
        assert!(TABLE_PIECES.contains(&k.as_str()) || NO_PIECE.contains(&k.as_str()), "{what}: the line {k} is in neither list");
        if TABLE_PIECES.contains(&k.as_str()) {
            assert!(en.contains_key(&format!("hint.{k}")), "{what}: the line {k} changes a piece the table holds and has no hand line");
        }
    }
    if keys.iter().any(|k| k == "event_resolved") {
        let beyond = keys.iter().any(|k| !matches!(k.as_str(), "event_card" | "event_resolved" | "phase_changed_event" | "deck_reshuffled"));
        assert!(beyond, "{what}: the outcome only says the card is resolved: {keys:?}");
    }
    keys
}

/// The keys of the table's outcome lines for one step's events, each said from the state just after
/// its event (as the log does), from `before`, the state the step started from.
pub fn said_keys(before: &State, events: &[Event]) -> Vec<String> {
    let mut s = before.clone();
    events
        .iter()
        .filter_map(|e| {
            s.fold(e);
            nemesis_engine::log::describe(&s, e, Audience::Table).map(|said| said.key.to_string())
        })
        .collect()
}
