//! The Intruder bag: Encounter draws and Surprise Attacks (p. 18), the Blank token (p. 18),
//! bag development and its six outcomes (p. 10), tokens back to the bag through the Technical
//! Corridors (p. 16) and Lurking (Event card, p. 10), killed intruders (p. 20), the 8-Adult
//! retreat (p. 15), and the 27 tokens always being in exactly one place.

mod common;
use common::*;

use nemesis_engine::command::{Command, Entered};
use nemesis_engine::content::Content;
use nemesis_engine::event::{AttackDraw, DrawPurpose, Event};
use nemesis_engine::ids::*;
use nemesis_engine::rules::apply;
use nemesis_engine::state::{EventStep, NoiseSpot, Phase, State, TokenPlace};
use nemesis_engine::{Code, Fate, Rejection};

// ---------------------------------------------------------------- helpers

fn c() -> &'static Content {
    Content::base()
}

/// A game state to arrange by hand, with its own generator, driven through `rules::apply`.
struct Table {
    s: State,
    fate: Fate,
}

impl Table {
    fn new(players: usize, seed: u64) -> Table {
        let g = started(players, seed);
        Table { s: state(&g).clone(), fate: Fate::seeded(seed + 1000) }
    }
    fn try_do(&mut self, command: Command, entered: Vec<Entered>) -> Result<Vec<Event>, Rejection> {
        let applied = apply(Some(&self.s), &mut self.fate, Actor::Table, &command, &entered)?;
        self.s = applied.state;
        Ok(applied.events)
    }
    fn run(&mut self, command: Command, entered: Vec<Entered>) -> Vec<Event> {
        let what = format!("{command:?}");
        self.try_do(command, entered).unwrap_or_else(|e| panic!("{what} refused: {e}"))
    }
    /// A refused command must leave the state exactly as it was.
    fn refused(&mut self, command: Command, entered: Vec<Entered>) -> Rejection {
        let before = self.s.clone();
        let err = self.try_do(command, entered).expect_err("this must be refused");
        assert_eq!(self.s, before, "a refusal changes nothing");
        err
    }
    fn place(&mut self, seat: Seat, at: u8) {
        self.s.seats[seat].location = Location(at);
    }
    fn at_step(&mut self, step: EventStep) {
        self.s.phase = Phase::Event { step };
    }
    /// Makes sure an Adult token showing `back` is in the bag (swapping it with an Adult token of
    /// another number from the supply, so the bag's make-up is unchanged): which Adult tokens go
    /// in at setup is random, and a test that needs a given number must not depend on the seed.
    fn adult_in_bag(&mut self, back: u8) {
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
    fn encounter(&mut self, seat: Seat, kind: TokenKind, back: Option<u8>) -> IntruderId {
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
}

fn kind(t: TokenId) -> TokenKind {
    c().token(t).kind
}

fn count(s: &State, place: TokenPlace, k: TokenKind) -> usize {
    s.tokens_in(place).into_iter().filter(|t| kind(*t) == k).count()
}

fn in_bag(s: &State, k: TokenKind) -> usize {
    count(s, TokenPlace::Bag, k)
}

fn tokens_of(k: TokenKind) -> Vec<TokenId> {
    (0..27u8).map(TokenId).filter(|t| kind(*t) == k).collect()
}

fn corridors_of(at: u8) -> Vec<CorridorId> {
    c().board.corridors_of(Location(at))
}

fn noise_rolls(events: &[Event]) -> Vec<Seat> {
    events
        .iter()
        .filter_map(|e| match e {
            Event::NoiseRolled { seat, .. } => *seat,
            _ => None,
        })
        .collect()
}

/// Every token is in exactly one place, and the board agrees with the token list both ways.
fn assert_each_token_in_one_place(s: &State, when: &str) {
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

// ---------------------------------------------------------------- Encounter (p. 18)

#[test]
fn encounter_draws_a_token_and_sets_it_aside_with_its_intruder() {
    // p. 18 steps 2-4: draw a token, place the matching miniature, put the token aside.
    let mut t = Table::new(2, 1);
    t.adult_in_bag(2);
    let bag_before = t.s.bag().len();
    let events = t.run(Command::Encounter { seat: Seat(0) }, vec![Entered::Token { token: TokenKind::Adult, back: Some(2) }]);
    assert!(events.iter().any(|e| matches!(e, Event::TokenDrawn { purpose: DrawPurpose::Encounter, .. })), "p. 18 step 2: a token is drawn");
    let (id, token) = events
        .iter()
        .find_map(|e| match e {
            Event::IntruderPlaced { id, kind: IntruderKind::Adult, at: Location(11), token: Some(tok) } => Some((*id, *tok)),
            _ => None,
        })
        .expect("p. 18 step 3: an Adult miniature appears in the Encounter room");
    assert_eq!(kind(token), TokenKind::Adult);
    assert_eq!(c().token(token).back, Some(2), "the token entered from the table is the one drawn");
    assert_eq!(t.s.tokens[token.0 as usize], TokenPlace::OnBoard(id), "p. 18: the drawn token is put aside with its intruder");
    assert_eq!(t.s.intruder(id).unwrap().token, Some(token));
    assert_eq!(t.s.bag().len(), bag_before - 1, "the token left the bag");
    assert!(!events.iter().any(|e| matches!(e, Event::SurpriseAttack { .. })), "p. 18: 5 cards against a 2: no Surprise Attack");
    assert!(t.s.first_encounter, "p. 12: the first intruder on board is the First Encounter");
    assert_each_token_in_one_place(&t.s, "after an Encounter");
}

#[test]
fn surprise_attack_when_the_hand_holds_fewer_cards_than_the_tokens_number() {
    // p. 18 step 4 and p. 20: the Surprise Attack targets the character who triggered the Encounter.
    let mut t = Table::new(2, 2);
    t.run(Command::SetHandSize { seat: Seat(0), cards: 3 }, vec![]);
    t.run(Command::SetHandSize { seat: Seat(1), cards: 0 }, vec![]); // fewer cards, but not the one encountering
    t.adult_in_bag(4);
    let events = t.run(
        Command::Encounter { seat: Seat(0) },
        vec![Entered::Token { token: TokenKind::Adult, back: Some(4) }, Entered::AttackCard { key: "scratch".into(), blood: None }],
    );
    let surprise = events.iter().find_map(|e| match e {
        Event::SurpriseAttack { seat, back, hand, .. } => Some((*seat, *back, *hand)),
        _ => None,
    });
    assert_eq!(surprise, Some((Seat(0), 4, 3)), "p. 18: 3 cards in hand against a token showing 4 is a Surprise Attack");
    assert!(
        events.iter().any(|e| matches!(e, Event::AttackCardDrawn { purpose: AttackDraw::Attack { target: Seat(0), .. }, .. })),
        "p. 20: the Surprise Attack targets the character who triggered the Encounter"
    );
    assert_eq!(t.s.seats[Seat(0)].light_wounds, 1, "the Scratch dealt 1 Light Wound");
    assert_eq!(t.s.seats[Seat(0)].contamination.len(), 1, "the Scratch gave 1 Contamination card");
    assert_eq!(t.s.seats[Seat(1)].light_wounds, 0, "the other character was not attacked");
}

#[test]
fn no_surprise_attack_when_the_hand_equals_the_tokens_number() {
    // p. 18 step 4: "If the number of Action cards is equal to or higher, nothing happens."
    let mut t = Table::new(2, 3);
    t.adult_in_bag(4);
    t.run(Command::SetHandSize { seat: Seat(0), cards: 4 }, vec![]);
    let events = t.run(Command::Encounter { seat: Seat(0) }, vec![Entered::Token { token: TokenKind::Adult, back: Some(4) }]);
    assert!(!events.iter().any(|e| matches!(e, Event::SurpriseAttack { .. } | Event::AttackCardDrawn { .. })), "p. 18: 4 cards against a 4: no attack");
    // An attack card entered for it would be unused, so the same Encounter with one is refused.
    let mut t = Table::new(2, 3);
    t.adult_in_bag(4);
    t.run(Command::SetHandSize { seat: Seat(0), cards: 4 }, vec![]);
    let err = t.refused(
        Command::Encounter { seat: Seat(0) },
        vec![Entered::Token { token: TokenKind::Adult, back: Some(4) }, Entered::AttackCard { key: "scratch".into(), blood: None }],
    );
    assert_eq!(err.code, Code::BadResult, "no Intruder Attack card is drawn when the hand is big enough");
}

#[test]
fn encounter_first_discards_the_noise_markers_of_the_rooms_corridors() {
    // p. 18 step 1: discard all Noise markers from all the Corridors connected to this Room.
    let mut t = Table::new(2, 4);
    let here = corridors_of(11);
    let elsewhere = corridors_of(1)[0];
    for cor in [here[0], here[2], elsewhere] {
        t.run(Command::SetNoise { spot: NoiseSpot::Corridor(cor), on: true }, vec![]);
    }
    t.run(Command::Encounter { seat: Seat(0) }, vec![Entered::Token { token: TokenKind::Larva, back: None }]);
    for cor in &here {
        assert!(!t.s.board.noise[cor.0 as usize], "p. 18: corridor {} of the Encounter room lost its Noise marker", cor.0);
    }
    assert!(t.s.board.noise[elsewhere.0 as usize], "a Noise marker in another room's corridor stays");
}

// ---------------------------------------------------------------- the Blank token (p. 18)

#[test]
fn blank_token_puts_noise_in_every_corridor_of_the_room_and_goes_back_in_the_bag() {
    // p. 18, Blank token: a Noise marker in each Corridor connected to the Room; the Encounter ends.
    let mut t = Table::new(2, 5);
    let bag_before = t.s.bag();
    let events = t.run(Command::Encounter { seat: Seat(0) }, vec![Entered::Token { token: TokenKind::Blank, back: None }]);
    for cor in corridors_of(11) {
        assert!(t.s.board.noise[cor.0 as usize], "p. 18: corridor {} of the Hibernatorium gets a Noise marker", cor.0);
    }
    assert!(t.s.intruders.is_empty(), "p. 18: the Blank brings no intruder");
    assert!(events.iter().any(|e| matches!(e, Event::TokenReturned { token } if kind(*token) == TokenKind::Blank)));
    assert_eq!(t.s.bag(), bag_before, "p. 18: the Blank goes back and, as it was not the last token, no Adult joins");
    assert!(!t.s.first_encounter, "p. 12: no intruder appeared, so this is not the First Encounter");
}

#[test]
fn blank_token_counts_the_technical_corridors_of_the_room() {
    // p. 18 with p. 16: a Noise marker bound for a Technical Corridors entrance goes on the
    // Technical Corridors space. Room 2's exits are [technical, technical, 1, 6].
    let mut t = Table::new(2, 6);
    t.place(Seat(0), 2);
    t.run(Command::Encounter { seat: Seat(0) }, vec![Entered::Token { token: TokenKind::Blank, back: None }]);
    assert!(t.s.board.technical_noise, "p. 16: the room's technical entrance puts Noise on the Technical Corridors space");
    for cor in corridors_of(2) {
        assert!(t.s.board.noise[cor.0 as usize], "p. 18: corridor {} gets a Noise marker", cor.0);
    }
}

#[test]
fn blank_as_the_last_token_in_the_bag_brings_an_adult_from_the_supply() {
    // p. 18: if the Blank was the last token, add 1 Adult token to the bag; return the Blank.
    let mut t = Table::new(2, 7);
    for place in t.s.tokens.iter_mut() {
        *place = TokenPlace::Supply;
    }
    let blank = tokens_of(TokenKind::Blank)[0];
    t.s.tokens[blank.0 as usize] = TokenPlace::Bag;
    let events = t.run(Command::Encounter { seat: Seat(0) }, vec![Entered::Token { token: TokenKind::Blank, back: None }]);
    assert!(events.iter().any(|e| matches!(e, Event::TokenAddedToBag { token } if kind(*token) == TokenKind::Adult)), "p. 18: an Adult joins");
    assert_eq!(t.s.bag().len(), 2, "the bag now holds the Blank and one Adult");
    assert_eq!((in_bag(&t.s, TokenKind::Blank), in_bag(&t.s, TokenKind::Adult)), (1, 1));
}

#[test]
fn blank_as_the_last_token_with_no_adult_token_available_adds_nothing() {
    // p. 18: "If there are no Adult Intruder tokens available, nothing happens."
    let mut t = Table::new(2, 8);
    for (i, place) in t.s.tokens.iter_mut().enumerate() {
        *place = if kind(TokenId(i as u8)) == TokenKind::Adult { TokenPlace::OutOfPlay } else { TokenPlace::Supply };
    }
    let blank = tokens_of(TokenKind::Blank)[0];
    t.s.tokens[blank.0 as usize] = TokenPlace::Bag;
    let events = t.run(Command::Encounter { seat: Seat(0) }, vec![]);
    assert!(!events.iter().any(|e| matches!(e, Event::TokenAddedToBag { .. })), "no Adult is left to add");
    assert_eq!(t.s.bag(), vec![blank], "only the Blank is back in the bag");
}

// ---------------------------------------------------------------- bag development (p. 10)

#[test]
fn development_larva_leaves_the_bag_and_an_adult_token_joins() {
    // p. 10 step 8, Larva: remove this token from the bag and add 1 Adult token.
    let mut t = Table::new(2, 9);
    t.at_step(EventStep::BagDevelopment);
    let (larvae, adults, total) = (in_bag(&t.s, TokenKind::Larva), in_bag(&t.s, TokenKind::Adult), t.s.bag().len());
    let events = t.run(Command::DevelopBag, vec![Entered::Token { token: TokenKind::Larva, back: None }]);
    assert!(events.iter().any(|e| matches!(e, Event::TokenDrawn { purpose: DrawPurpose::Development, .. })));
    assert_eq!(in_bag(&t.s, TokenKind::Larva), larvae - 1, "p. 10: the Larva token leaves the bag");
    assert_eq!(in_bag(&t.s, TokenKind::Adult), adults + 1, "p. 10: an Adult token joins the bag");
    assert_eq!(t.s.bag().len(), total, "one out, one in");
    assert_eq!(t.s.phase, Phase::Player, "p. 10 step 9: development is the last step; a new turn starts");
    assert_eq!(t.s.turn, 2);
}

#[test]
fn development_creeper_leaves_the_bag_and_a_breeder_token_joins() {
    // p. 10 step 8, Creeper: remove this token from the bag and add 1 Breeder token.
    let mut t = Table::new(2, 10);
    t.at_step(EventStep::BagDevelopment);
    assert_eq!((in_bag(&t.s, TokenKind::Creeper), in_bag(&t.s, TokenKind::Breeder)), (1, 0));
    t.run(Command::DevelopBag, vec![Entered::Token { token: TokenKind::Creeper, back: None }]);
    assert_eq!(in_bag(&t.s, TokenKind::Creeper), 0, "p. 10: the Creeper token leaves the bag");
    assert_eq!(in_bag(&t.s, TokenKind::Breeder), 1, "p. 10: a Breeder token joins the bag");
}

#[test]
fn development_adult_makes_everyone_not_in_combat_roll_for_noise_in_order_and_returns() {
    // p. 10 step 8, Adult: all players roll for Noise in order, except a character in Combat;
    // the token returns to the bag.
    let mut t = Table::new(3, 11);
    let order = t.s.turn_order();
    let fighting = order[1];
    for seat in order.iter().filter(|s| **s != fighting) {
        let at = if *seat == order[0] { 1 } else { 21 };
        t.place(*seat, at);
    }
    t.run(Command::PlaceIntruder { kind: IntruderKind::Creeper, at: Location(11) }, vec![]);
    assert!(t.s.in_combat(fighting) && !t.s.in_combat(order[0]) && !t.s.in_combat(order[2]));
    t.at_step(EventStep::BagDevelopment);
    let before = t.s.bag();
    // Three rolls would be one too many: only the two characters out of Combat roll.
    let silence = || Entered::Noise { face: NoiseFace::Silence };
    let mut three = vec![Entered::Token { token: TokenKind::Adult, back: None }, silence(), silence(), silence()];
    assert_eq!(t.refused(Command::DevelopBag, three.clone()).code, Code::BadResult, "p. 10: the character in Combat does not roll");
    three.pop();
    let events = t.run(Command::DevelopBag, three);
    assert_eq!(noise_rolls(&events), vec![order[0], order[2]], "p. 10: the others roll for Noise, in turn order");
    assert_eq!(t.s.bag(), before, "p. 10: the Adult token returns to the bag");
}

#[test]
fn development_breeder_makes_everyone_not_in_combat_roll_for_noise_and_returns() {
    // p. 10 step 8, Breeder: as for the Adult.
    let mut t = Table::new(2, 12);
    let breeder = tokens_of(TokenKind::Breeder)[0];
    t.s.tokens[breeder.0 as usize] = TokenPlace::Bag;
    t.at_step(EventStep::BagDevelopment);
    let before = t.s.bag();
    let order = t.s.turn_order();
    let events = t.run(
        Command::DevelopBag,
        vec![
            Entered::Token { token: TokenKind::Breeder, back: None },
            Entered::Noise { face: NoiseFace::Silence },
            Entered::Noise { face: NoiseFace::Silence },
        ],
    );
    assert_eq!(noise_rolls(&events), order, "p. 10: both players roll for Noise, in order");
    assert_eq!(t.s.bag(), before, "p. 10: the Breeder token returns to the bag");
}

fn explore_nest(t: &mut Table) -> Location {
    let nest = c().room_tile("nest").unwrap();
    let at = c().board.locations().find(|l| t.s.room(*l).tile == Some(nest)).expect("the Nest is on the board (p. 24)");
    t.s.room_mut(at).explored = true;
    at
}

#[test]
fn development_queen_with_a_character_in_the_nest_appears_there_as_an_encounter() {
    // p. 10 step 8, Queen: with Characters in the Nest, the Queen is placed there and an
    // Encounter is resolved (the token's 4 against the hand, p. 18).
    let mut t = Table::new(2, 13);
    let nest = explore_nest(&mut t);
    t.place(Seat(1), nest.0);
    t.run(Command::SetHandSize { seat: Seat(1), cards: 3 }, vec![]);
    t.at_step(EventStep::BagDevelopment);
    let eggs = t.s.nest_eggs;
    let events = t.run(
        Command::DevelopBag,
        vec![Entered::Token { token: TokenKind::Queen, back: None }, Entered::AttackCard { key: "scratch".into(), blood: None }],
    );
    let queen = t.s.intruders.iter().find(|i| i.kind == IntruderKind::Queen).expect("p. 10: the Queen appears");
    assert_eq!(queen.at, nest, "p. 10: the Queen is placed in the Nest");
    let token = tokens_of(TokenKind::Queen)[0];
    assert_eq!(t.s.tokens[token.0 as usize], TokenPlace::OnBoard(queen.id), "p. 18: the token is set aside with the Queen");
    assert!(events.iter().any(|e| matches!(e, Event::EncounterBegan { seat: Seat(1), at } if *at == nest)), "p. 10: an Encounter");
    assert!(
        events.iter().any(|e| matches!(e, Event::SurpriseAttack { seat: Seat(1), back: 4, hand: 3, .. })),
        "p. 18: 3 cards against the Queen's 4 is a Surprise Attack"
    );
    assert_eq!(t.s.nest_eggs, eggs, "no Egg is added when the Queen appears");
}

#[test]
fn development_queen_with_nobody_in_the_nest_adds_an_egg_and_returns() {
    // p. 10 step 8, Queen: no Characters in the Nest (or it is undiscovered): add an Egg; the
    // token returns to the bag.
    for discovered in [false, true] {
        let mut t = Table::new(2, 14);
        if discovered {
            explore_nest(&mut t);
        }
        t.at_step(EventStep::BagDevelopment);
        let before = t.s.bag();
        let events = t.run(Command::DevelopBag, vec![Entered::Token { token: TokenKind::Queen, back: None }]);
        assert_eq!(t.s.nest_eggs, 6, "p. 10: one more Egg on the Intruder board (Nest discovered: {discovered})");
        assert!(events.iter().any(|e| matches!(e, Event::EggAdded)));
        assert!(t.s.intruders.is_empty(), "no Queen appears");
        assert_eq!(t.s.bag(), before, "p. 10: the Queen token returns to the bag");
    }
}

#[test]
fn development_blank_adds_an_adult_token_and_returns() {
    // p. 10 step 8, Blank: add 1 Adult token to the bag; return the Blank.
    let mut t = Table::new(2, 15);
    t.at_step(EventStep::BagDevelopment);
    let (adults, total) = (in_bag(&t.s, TokenKind::Adult), t.s.bag().len());
    t.run(Command::DevelopBag, vec![Entered::Token { token: TokenKind::Blank, back: None }]);
    assert_eq!(in_bag(&t.s, TokenKind::Adult), adults + 1, "p. 10: an Adult token joins");
    assert_eq!(in_bag(&t.s, TokenKind::Blank), 1, "p. 10: the Blank goes back in the bag");
    assert_eq!(t.s.bag().len(), total + 1);
}

#[test]
fn development_takes_nothing_from_an_empty_supply() {
    // p. 10: "If there are no Adult Intruder tokens available, nothing happens." The same holds
    // for a Breeder token when both are already in play.
    let setup = |gone: TokenKind| {
        let mut t = Table::new(2, 16);
        for tok in tokens_of(gone) {
            if t.s.tokens[tok.0 as usize] == TokenPlace::Supply {
                t.s.tokens[tok.0 as usize] = TokenPlace::OutOfPlay;
            }
        }
        t.at_step(EventStep::BagDevelopment);
        t
    };
    // Larva, no Adult token left: the Larva still leaves the bag.
    let mut t = setup(TokenKind::Adult);
    let (adults, total) = (in_bag(&t.s, TokenKind::Adult), t.s.bag().len());
    let events = t.run(Command::DevelopBag, vec![Entered::Token { token: TokenKind::Larva, back: None }]);
    assert!(!events.iter().any(|e| matches!(e, Event::TokenAddedToBag { .. })), "no Adult is left in the supply");
    assert_eq!((in_bag(&t.s, TokenKind::Adult), t.s.bag().len()), (adults, total - 1), "the Larva leaves, nothing joins");
    // Blank, no Adult token left.
    let mut t = setup(TokenKind::Adult);
    let total = t.s.bag().len();
    t.run(Command::DevelopBag, vec![Entered::Token { token: TokenKind::Blank, back: None }]);
    assert_eq!(t.s.bag().len(), total, "p. 10: the Blank returns, nothing joins");
    // Creeper, no Breeder token left.
    let mut t = setup(TokenKind::Breeder);
    let total = t.s.bag().len();
    t.run(Command::DevelopBag, vec![Entered::Token { token: TokenKind::Creeper, back: None }]);
    assert_eq!((in_bag(&t.s, TokenKind::Breeder), t.s.bag().len()), (0, total - 1), "the Creeper leaves, no Breeder joins");
}

#[test]
fn an_empty_bag_gives_no_token_to_an_encounter_or_to_development() {
    let mut t = Table::new(2, 17);
    for place in t.s.tokens.iter_mut() {
        *place = TokenPlace::Supply;
    }
    let cor = corridors_of(11)[0];
    t.run(Command::SetNoise { spot: NoiseSpot::Corridor(cor), on: true }, vec![]);
    let events = t.run(Command::Encounter { seat: Seat(0) }, vec![]);
    assert!(events.iter().any(|e| matches!(e, Event::BagWasEmpty { purpose: DrawPurpose::Encounter })));
    assert!(t.s.intruders.is_empty(), "nothing can come out of an empty bag");
    assert!(!t.s.board.noise[cor.0 as usize], "p. 18 step 1 still discarded the room's Noise markers");
    let err = t.refused(Command::Encounter { seat: Seat(0) }, vec![Entered::Token { token: TokenKind::Adult, back: None }]);
    assert_eq!(err.code, Code::BadResult, "no token can have been drawn from an empty bag");
    t.at_step(EventStep::BagDevelopment);
    let events = t.run(Command::DevelopBag, vec![]);
    assert!(events.iter().any(|e| matches!(e, Event::BagWasEmpty { purpose: DrawPurpose::Development })));
    assert_eq!(t.s.phase, Phase::Player, "p. 10: the turn still ends");
}

#[test]
fn a_token_entered_from_the_table_must_be_in_the_bag() {
    // p. 6: at the start no Breeder token is in the bag, and no Adult shows a 9.
    let mut t = Table::new(2, 18);
    let err = t.refused(Command::Encounter { seat: Seat(0) }, vec![Entered::Token { token: TokenKind::Breeder, back: None }]);
    assert_eq!(err.code, Code::BadResult);
    let err = t.refused(Command::Encounter { seat: Seat(0) }, vec![Entered::Token { token: TokenKind::Adult, back: Some(9) }]);
    assert_eq!(err.code, Code::BadResult);
}

// ---------------------------------------------------------------- tokens back to the bag, tokens out of play

#[test]
fn an_intruder_entering_a_technical_corridor_returns_its_token_to_the_bag() {
    // p. 16: it disappears in the ducts: its token goes back in the bag, its miniature leaves.
    // Room 2's exit 1 is a Technical Corridors entrance; exit 3 leads to the Cockpit.
    let mut t = Table::new(2, 19);
    t.place(Seat(0), 2);
    let id = t.encounter(Seat(0), TokenKind::Adult, Some(2));
    let token = t.s.intruder(id).unwrap().token.unwrap();
    t.run(Command::InjureIntruder { id, injuries: 1 }, vec![Entered::AttackCard { key: "bite".into(), blood: Some(nemesis_engine::content::Blood::Endurance(6)) }]);
    assert_eq!(t.s.intruder(id).unwrap().injuries, 1);
    let bag = t.s.bag().len();
    t.run(Command::MoveIntruder { id, corridor: 3 }, vec![]);
    assert_eq!(t.s.intruder(id).unwrap().at, Location(1), "through an ordinary corridor it just moves");
    assert_eq!(t.s.tokens[token.0 as usize], TokenPlace::OnBoard(id), "and keeps its token aside");
    t.run(Command::MoveIntruder { id, corridor: 4 }, vec![]); // Cockpit exit 4 -> room 4
    t.run(Command::MoveIntruder { id, corridor: 2 }, vec![]); // room 4 exit 2 is technical
    assert!(t.s.intruder(id).is_none(), "p. 16: the miniature leaves the board (its Injuries with it)");
    assert_eq!(t.s.tokens[token.0 as usize], TokenPlace::Bag, "p. 16: its token goes back in the bag");
    assert_eq!(t.s.bag().len(), bag + 1);
}

#[test]
fn event_card_movement_into_a_technical_corridor_returns_the_token_to_the_bag() {
    // p. 10 step 7: "If the number indicates a Technical Corridor, remove that Intruder miniature
    // from the board and put its corresponding Intruder token in the Intruder bag."
    let mut t = Table::new(2, 20);
    t.place(Seat(0), 2);
    let id = t.encounter(Seat(0), TokenKind::Adult, None);
    let token = t.s.intruder(id).unwrap().token.unwrap();
    t.place(Seat(0), 11); // the Adult is no longer in Combat
    t.at_step(EventStep::EventCard);
    // Damaging Fire moves Creepers and Adults through corridor 1: room 2's exit 1 is technical.
    t.run(Command::ResolveEventCard, vec![Entered::EventCard { key: "damaging_fire".into() }]);
    assert!(t.s.intruder(id).is_none(), "p. 10: the Adult leaves the board");
    assert_eq!(t.s.tokens[token.0 as usize], TokenPlace::Bag, "p. 10: its token is back in the bag");
}

#[test]
fn lurking_sends_every_intruder_not_in_combat_back_into_the_bag() {
    // Event card Lurking (p. 10 step 7): intruders not sharing a room with a character leave the
    // board and their tokens return to the bag; those in Combat stay.
    let mut t = Table::new(2, 21);
    let fighting = t.encounter(Seat(0), TokenKind::Adult, None); // in the Hibernatorium with both characters
    t.place(Seat(1), 1);
    let lurking = t.encounter(Seat(1), TokenKind::Larva, None);
    t.place(Seat(1), 11);
    t.run(Command::PlaceIntruder { kind: IntruderKind::Breeder, at: Location(21) }, vec![]); // no token
    let (t_fighting, t_lurking) = (t.s.intruder(fighting).unwrap().token.unwrap(), t.s.intruder(lurking).unwrap().token.unwrap());
    t.at_step(EventStep::EventCard);
    t.run(Command::ResolveEventCard, vec![Entered::EventCard { key: "lurking".into() }]);
    let left: Vec<IntruderId> = t.s.intruders.iter().map(|i| i.id).collect();
    assert_eq!(left, vec![fighting], "Lurking: only the intruder in Combat stays on the board");
    assert_eq!(t.s.tokens[t_lurking.0 as usize], TokenPlace::Bag, "the Larva's token goes back in the bag");
    assert_eq!(t.s.tokens[t_fighting.0 as usize], TokenPlace::OnBoard(fighting), "the fighting Adult keeps its token aside");
    assert_each_token_in_one_place(&t.s, "after Lurking");
}

#[test]
fn a_killed_intruders_token_leaves_play_and_never_returns_to_the_bag() {
    // p. 20: a killed intruder is removed (a Carcass marks it); its set-aside token is out of play.
    let mut t = Table::new(2, 22);
    let adult = t.encounter(Seat(0), TokenKind::Adult, Some(3));
    let token = t.s.intruder(adult).unwrap().token.unwrap();
    let bag = t.s.bag().len();
    t.run(Command::KillIntruder { id: adult }, vec![]);
    assert_eq!(t.s.tokens[token.0 as usize], TokenPlace::OutOfPlay, "the dead Adult's token leaves play");
    assert_eq!(t.s.bag().len(), bag, "it does not go back in the bag");
    // A Larva dies from 1 Injury (p. 20).
    let larva = t.encounter(Seat(0), TokenKind::Larva, None);
    let token = t.s.intruder(larva).unwrap().token.unwrap();
    t.run(Command::InjureIntruder { id: larva, injuries: 1 }, vec![]);
    assert!(t.s.intruder(larva).is_none(), "p. 20: 1 Injury kills a Larva");
    assert_eq!(t.s.tokens[token.0 as usize], TokenPlace::OutOfPlay, "the dead Larva's token leaves play");
}

#[test]
fn a_ninth_adult_makes_the_adults_not_in_combat_retreat_into_the_bag() {
    // p. 15: all 8 Adult miniatures on board and another must be placed: remove every Adult not
    // in Combat, their tokens back in the bag; then place the Adult where the Encounter occurred.
    let mut t = Table::new(2, 23);
    for tok in tokens_of(TokenKind::Adult) {
        t.s.tokens[tok.0 as usize] = TokenPlace::Bag;
    }
    let mut adults = Vec::new();
    for room in 1..=8u8 {
        t.place(Seat(0), room);
        adults.push(t.encounter(Seat(0), TokenKind::Adult, None));
    }
    t.place(Seat(0), 1);
    t.place(Seat(1), 2);
    let leaving: Vec<TokenId> = adults[2..].iter().map(|id| t.s.intruder(*id).unwrap().token.unwrap()).collect();
    assert_eq!(in_bag(&t.s, TokenKind::Adult), 4);
    let events = t.run(Command::Encounter { seat: Seat(0) }, vec![Entered::Token { token: TokenKind::Adult, back: None }]);
    let left: Vec<IntruderId> = events
        .iter()
        .filter_map(|e| match e {
            Event::IntruderLeftBoard { id } => Some(*id),
            _ => None,
        })
        .collect();
    assert_eq!(left, adults[2..].to_vec(), "p. 15: the six Adults not in Combat retreat");
    for tok in &leaving {
        assert_eq!(t.s.tokens[tok.0 as usize], TokenPlace::Bag, "p. 15: their tokens go back in the bag");
    }
    let on_board: Vec<Location> = t.s.intruders.iter().map(|i| i.at).collect();
    assert_eq!(on_board, vec![Location(1), Location(2), Location(1)], "p. 15: the new Adult is placed in the Encounter room");
    assert_eq!(in_bag(&t.s, TokenKind::Adult), 4 - 1 + 6);
    assert_each_token_in_one_place(&t.s, "after the Adults retreat");
}

#[test]
fn with_all_eight_adults_in_combat_a_ninth_adult_cannot_appear_and_its_token_returns() {
    // p. 15: only Adults not in Combat retreat; with all 8 fighting no miniature is free, so the
    // drawn token goes back in the bag (the engine's reading of a case the manual leaves open).
    let mut t = Table::new(2, 24);
    for tok in tokens_of(TokenKind::Adult) {
        t.s.tokens[tok.0 as usize] = TokenPlace::Bag;
    }
    for _ in 0..8 {
        t.encounter(Seat(0), TokenKind::Adult, None);
    }
    let bag = t.s.bag().len();
    let events = t.run(Command::Encounter { seat: Seat(0) }, vec![Entered::Token { token: TokenKind::Adult, back: None }]);
    assert_eq!(t.s.intruders.len(), 8, "there are only 8 Adult miniatures (p. 2)");
    assert!(!events.iter().any(|e| matches!(e, Event::IntruderLeftBoard { .. })), "p. 15: Adults in Combat never retreat");
    assert!(events.iter().any(|e| matches!(e, Event::TokenReturned { token } if kind(*token) == TokenKind::Adult)));
    assert_eq!(t.s.bag().len(), bag, "the drawn token is back in the bag");
}

#[test]
fn each_of_the_27_tokens_is_always_in_exactly_one_place() {
    // Scripted: the count in each place follows every move of a token.
    let mut t = Table::new(3, 25);
    let places = |s: &State| {
        [TokenPlace::Bag, TokenPlace::Supply, TokenPlace::OutOfPlay].map(|p| s.tokens_in(p).len())
    };
    let on_board = |s: &State| s.tokens.iter().filter(|p| matches!(p, TokenPlace::OnBoard(_))).count();
    assert_eq!((places(&t.s), on_board(&t.s)), ([13, 14, 0], 0), "p. 6: 13 in the bag for 3 players, 14 beside the board");
    let a = t.encounter(Seat(0), TokenKind::Adult, None);
    assert_eq!((places(&t.s), on_board(&t.s)), ([12, 14, 0], 1));
    t.run(Command::KillIntruder { id: a }, vec![]);
    assert_eq!((places(&t.s), on_board(&t.s)), ([12, 14, 1], 0));
    t.at_step(EventStep::BagDevelopment);
    t.run(Command::DevelopBag, vec![Entered::Token { token: TokenKind::Larva, back: None }]);
    assert_eq!((places(&t.s), on_board(&t.s)), ([12, 14, 1], 0), "a Larva out, an Adult in");
    let per_kind = |k: TokenKind| {
        [TokenPlace::Bag, TokenPlace::Supply, TokenPlace::OutOfPlay].iter().map(|p| count(&t.s, *p, k)).sum::<usize>()
            + t.s.intruders.iter().filter(|i| i.token.is_some_and(|x| kind(x) == k)).count()
    };
    let kinds = [TokenKind::Larva, TokenKind::Adult, TokenKind::Creeper, TokenKind::Breeder, TokenKind::Queen, TokenKind::Blank];
    assert_eq!(kinds.map(per_kind), [8, 12, 3, 2, 1, 1], "p. 2: the token kinds of the box, all accounted for");
    // Random play: after every step each token is in one place and the board agrees with it.
    for seed in 0..12u64 {
        let mut g = started(1 + (seed % 5) as usize, 500 + seed);
        let mut p = Pick(seed * 7 + 3);
        for step in 0..400 {
            let req = random_command(state(&g), &mut p);
            let _ = g.submit(Actor::Table, req);
            assert_each_token_in_one_place(state(&g), &format!("seed {seed}, step {step}"));
            if state(&g).is_over() {
                break;
            }
        }
    }
}
