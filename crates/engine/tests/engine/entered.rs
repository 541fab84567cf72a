//! Results entered for a component the app holds (issue 16, item 5; docs/protocol.md, "Entered
//! results": "refused with `bad_result` whatever its value"). For each kind of component the app
//! can hold, a result entered with the command that draws from it, and a correction naming it,
//! are refused before anything looks at the value: the reply is byte for byte the same whether
//! the value names what the bag or deck really holds or not, and nothing changes. Otherwise
//! anyone at the screen could probe the bag and pick the draw, or replace the app's own draw.

use crate::common::*;

use nemesis_engine::command::{Command, Entered, ScanProcedure};
use nemesis_engine::content::ExplorationEffect;
use nemesis_engine::ids::*;
use nemesis_engine::state::*;
use nemesis_engine::words::LogParam;
use nemesis_engine::{apply, Actor, Code, Fate, Game, Rejection, Request};

const HELD: &str = "the_app_holds_the_component_its_own_result";

/// Sends `command` with each way of `naming` a result (what the component really holds, and
/// what it does not) to the same state: each is refused as read off the held `component`, the
/// generator does not move, and every reply is byte for byte the same.
fn refused_alike(s: &State, command: Command, naming: Vec<Vec<Entered>>, component: Component) {
    assert!(s.config.handles(component), "the app holds the {component:?} in this game");
    let mut replies = Vec::new();
    for entered in naming {
        let mut fate = Fate::seeded(16);
        let before = fate.snapshot();
        let err = apply(Some(s), &mut fate, Actor::Table, &command, &entered)
            .expect_err(&format!("{command:?} with {entered:?} names a result for the app's {component:?}"));
        assert_eq!(fate.snapshot(), before, "{entered:?}: a refusal draws nothing from the generator");
        assert_eq!((err.code, err.key.as_str()), (Code::BadResult, HELD), "{entered:?}: {}", err.reason);
        assert_eq!(err.params.get("component"), Some(&LogParam::of("component", &component, component.name())), "the reason names the component");
        replies.push(serde_json::to_string(&err).unwrap());
    }
    assert!(replies.windows(2).all(|w| w[0] == w[1]), "the reply is the same whatever the result names: {replies:#?}");
}

/// The same command and result with `component` physical is accepted: the command really reads
/// that kind of result, so the refusal above is the app holding the component, nothing else.
fn accepted_when_physical(s: &State, command: Command, entered: Vec<Entered>, component: Component) {
    let mut table_keeps = s.clone();
    table_keeps.config.handled.retain(|c| *c != component);
    apply(Some(&table_keeps), &mut Fate::seeded(16), Actor::Table, &command, &entered)
        .unwrap_or_else(|r| panic!("with the {component:?} at the table, {entered:?} is read: {}", r.reason));
}

#[test]
fn a_token_named_for_the_apps_bag_is_refused_alike_in_the_bag_or_not_p6() {
    let (s, _) = table(2, 1601);
    let drawable = kind(s.bag()[0]);
    // p. 6: no Breeder token goes in the bag at setup.
    assert_eq!(in_bag(&s, TokenKind::Breeder), 0);
    let command = Command::Encounter { seat: Seat(0) };
    let token = |token| vec![Entered::Token { token, back: None }];
    refused_alike(&s, command.clone(), vec![token(drawable), token(TokenKind::Breeder)], Component::IntruderBag);
    accepted_when_physical(&s, command, token(drawable), Component::IntruderBag);
}

#[test]
fn a_face_named_for_the_apps_dice_is_refused_alike_whatever_the_face_p15_p18() {
    let (s, _) = table(2, 1602);
    let noise = Command::RollDice { die: Die::Noise, count: 1 };
    let face = |face| vec![Entered::Noise { face }];
    refused_alike(&s, noise.clone(), vec![face(NoiseFace::One), face(NoiseFace::Danger)], Component::Dice);
    accepted_when_physical(&s, noise, face(NoiseFace::One), Component::Dice);
    let combat = Command::RollDice { die: Die::Combat, count: 1 };
    let face = |face| vec![Entered::Combat { face }];
    refused_alike(&s, combat.clone(), vec![face(CombatFace::Miss), face(CombatFace::TwoHits)], Component::Dice);
    accepted_when_physical(&s, combat, face(CombatFace::Miss), Component::Dice);
}

#[test]
fn an_event_card_named_for_the_apps_deck_is_refused_alike_on_top_or_not_p10() {
    let (mut s, _) = table(2, 1603);
    s.phase = Phase::Event { step: EventStep::EventCard };
    let top = c().event(*s.events.draw.last().unwrap()).key.clone();
    let command = Command::ResolveEventCard;
    let key = |key: &str| vec![Entered::EventCard { key: key.into() }];
    refused_alike(&s, command.clone(), vec![key(&top), key("no_such_event_card")], Component::EventDeck);
    accepted_when_physical(&s, command, key(&top), Component::EventDeck);
}

#[test]
fn an_attack_card_named_for_the_apps_deck_is_refused_alike_in_the_deck_or_not_p20() {
    let (mut s, _) = table(2, 1604);
    alone_in_hibernatorium(&mut s);
    let adult = add_intruder(&mut s, IntruderKind::Adult, HIB);
    let top = c().attack(*s.attacks.draw.last().unwrap()).key.clone();
    let command = Command::AttackCharacter { id: adult, target: None };
    refused_alike(&s, command.clone(), vec![vec![card(&top)], vec![card("no_such_attack_card")]], Component::AttackDeck);
    // A card that can deal a Serious Wound would also need that deck's card: only check the read.
    let mut both_physical = s.clone();
    both_physical.config.handled.retain(|c| *c != Component::SeriousWoundDeck);
    accepted_when_physical(&both_physical, command, vec![card("scratch")], Component::AttackDeck);
}

#[test]
fn a_serious_wound_named_for_the_apps_deck_is_refused_alike_in_the_deck_or_not_p21() {
    let (s, _) = table(2, 1605);
    let top = c().data.serious_wounds[s.wounds.draw.last().unwrap().0 as usize].key.clone();
    let command = Command::Wound { seat: Seat(0), light: 0, serious: 1 };
    let key = |key: &str| vec![Entered::SeriousWound { key: key.into() }];
    refused_alike(&s, command.clone(), vec![key(&top), key("no_such_wound")], Component::SeriousWoundDeck);
    accepted_when_physical(&s, command, key(&top), Component::SeriousWoundDeck);
}

#[test]
fn a_room_tile_or_exploration_token_named_for_the_apps_is_refused_alike_right_or_wrong_p14() {
    let (s, _) = table(2, 1606);
    let at = Location(6);
    let room = s.room(at).clone();
    assert!(!room.explored, "the room next to the Hibernatorium is unexplored at the start");
    let token = &c().data.exploration_tokens[room.token.unwrap().0 as usize];
    let (effect, items) = (token.effect, token.items);
    let other = if effect == ExplorationEffect::Silence { ExplorationEffect::Danger } else { ExplorationEffect::Silence };
    let command = Command::MoveCharacter { seat: Seat(0), to: at, careful_noise: None };
    let explored = |tile: Option<&str>, effect, items| vec![Entered::Room { tile: tile.map(str::to_string), effect, items }, Entered::Noise { face: NoiseFace::Silence }];
    // The token: the app's own, or another. (The Noise face is never reached: checked first.)
    refused_alike(&s, command.clone(), vec![explored(None, effect, items), explored(None, other, items + 1)], Component::ExplorationTokens);
    // The tile, with the tokens at the table: the app's own tile, or another.
    let mut tokens_physical = s.clone();
    tokens_physical.config.handled.retain(|c| *c != Component::ExplorationTokens);
    let real = c().tile(room.tile.unwrap()).key.clone();
    let wrong = c().data.room_tiles.iter().map(|t| t.key.clone()).find(|k| *k != real).unwrap();
    refused_alike(
        &tokens_physical,
        command.clone(),
        vec![explored(Some(&real), effect, items), explored(Some(&wrong), effect, items)],
        Component::RoomTiles,
    );
    // Leaving the tile out is how a table with the app's tiles enters its token.
    let mut dice_physical = tokens_physical.clone();
    dice_physical.config.handled.retain(|c| *c != Component::Dice);
    let mut token_alone = explored(None, effect, items);
    if matches!(effect, ExplorationEffect::Silence | ExplorationEffect::Danger) {
        token_alone.pop(); // these replace the Noise roll (p. 14)
    }
    apply(Some(&arranged(&dice_physical, &command)), &mut Fate::seeded(16), Actor::Table, &command, &token_alone).expect("the token alone is read");
}

#[test]
fn a_weakness_named_for_the_apps_cards_is_refused_alike_face_down_there_or_not_p21() {
    let (mut s, _) = table(2, 1607);
    stand_in(&mut s, Seat(0), "laboratory");
    let truth = c().data.weaknesses[s.weaknesses[0].card.unwrap().0 as usize].key.clone();
    let placed: Vec<WeaknessId> = s.weaknesses.iter().filter_map(|w| w.card).collect();
    let absent = c().data.weaknesses.iter().enumerate().find(|(i, _)| !placed.contains(&WeaknessId(*i as u8))).unwrap().1.key.clone();
    let command = Command::Research { seat: Seat(0), object: ResearchObject::CharacterCorpse };
    let key = |key: &str| vec![Entered::Weakness { key: key.into() }];
    refused_alike(&s, command, vec![key(&truth), key(&absent)], Component::Weaknesses);
}

#[test]
fn engine_tokens_coordinates_and_scans_named_for_the_apps_are_refused_alike_p11_p20() {
    let (mut s, _) = table(2, 1608);
    // Victory check 1: the top Engine tokens as the app holds them, or the opposite.
    s.phase = Phase::Over { cause: EndCause::Jump, check: VictoryStep::Engines };
    let tops: Vec<EngineStatus> = s.engines.iter().map(|e| match e {
        Hidden::Known(t) => *t,
        Hidden::Unknown => panic!("the app holds the Engine tokens"),
    }).collect();
    let flip = |t: &EngineStatus| if *t == EngineStatus::Working { EngineStatus::Damaged } else { EngineStatus::Working };
    let engines = |f: &dyn Fn(&EngineStatus) -> EngineStatus| tops.iter().map(|t| Entered::Engine { status: f(t) }).collect::<Vec<_>>();
    refused_alike(&s, Command::RevealEngines, vec![engines(&|t| *t), engines(&flip)], Component::Engines);

    // Victory check 2: the destination the app's Coordinates card shows, or another.
    s.phase = Phase::Over { cause: EndCause::Jump, check: VictoryStep::Coordinates };
    let Hidden::Known(card) = s.coordinates else { panic!("the app holds the Coordinates card") };
    let real = c().data.coordinates[card.0 as usize].destination(s.destination);
    let other = [Destination::Earth, Destination::Mars, Destination::Venus, Destination::DeepSpace].into_iter().find(|d| *d != real).unwrap();
    let to = |destination| vec![Entered::Destination { destination }];
    refused_alike(&s, Command::RevealCoordinates { quarantine: vec![] }, vec![to(real), to(other)], Component::Coordinates);

    // A scan (p. 20): the app knows whether the card is INFECTED; either answer is refused alike.
    let mut t = Table::new(2, 1608);
    let cards = t.contaminate(Seat(0), &[true]);
    let scan = Command::ScanContamination { seat: Seat(0), cards, procedure: ScanProcedure::Look, scanned: 0 };
    let says = |infected| vec![Entered::Infected { infected }];
    refused_alike(&t.s, scan, vec![says(true), says(false)], Component::ContaminationDeck);
}

#[test]
fn draft_cards_named_for_the_apps_draft_are_refused_alike_in_the_deck_or_not() {
    let g = set_up(options(2), 1609);
    let s = state(&g).clone();
    let first = s.seats.iter().min_by_key(|(_, x)| x.number).map(|(seat, _)| seat).unwrap();
    let keys: Vec<String> = s.draft.iter().take(2).map(|id| c().data.characters[id.0 as usize].key.clone()).collect();
    let command = Command::DraftDraw { seat: first };
    let drew = |characters: Vec<String>| vec![Entered::Draft { characters }];
    refused_alike(&s, command.clone(), vec![drew(keys.clone()), drew(vec!["nobody".into(), "no_one".into()])], Component::CharacterDraft);
    accepted_when_physical(&s, command, drew(keys), Component::CharacterDraft);
}

// ---------------------------------------------------------------- through the journal

fn copy(g: &Game) -> Game {
    Game::restore(g.entries().to_vec(), &g.fate_snapshot()).expect("a journal")
}

/// Submits `request` to a copy of `g`: refused, with the game's serialized state, journal and
/// generator as they were. Returns the reply as sent.
fn refused_in_journal(g: &Game, request: Request) -> (Rejection, String) {
    let mut g2 = copy(g);
    let (state, entries, fate) = (serde_json::to_string(g2.state().unwrap()).unwrap(), g2.entries().len(), g2.fate_snapshot());
    let err = g2.submit(Actor::Table, request).map(|_| ()).expect_err("refused");
    assert_eq!(serde_json::to_string(g2.state().unwrap()).unwrap(), state, "the state is unchanged");
    assert_eq!(g2.entries().len(), entries, "nothing is recorded");
    assert_eq!(g2.fate_snapshot(), fate, "the generator is unchanged");
    let reply = serde_json::to_string(&err).unwrap();
    (err, reply)
}

/// One result for each kind of component, naming what the app holds and what it does not.
fn naming_each_kind(s: &State) -> Vec<(Component, Entered, Entered)> {
    let top_event = c().event(*s.events.draw.last().unwrap()).key.clone();
    let top_attack = c().attack(*s.attacks.draw.last().unwrap()).key.clone();
    let top_wound = c().data.serious_wounds[s.wounds.draw.last().unwrap().0 as usize].key.clone();
    let weakness = c().data.weaknesses[s.weaknesses[0].card.unwrap().0 as usize].key.clone();
    vec![
        (Component::IntruderBag, Entered::Token { token: kind(s.bag()[0]), back: None }, Entered::Token { token: TokenKind::Breeder, back: None }),
        (Component::EventDeck, Entered::EventCard { key: top_event }, Entered::EventCard { key: "no_such_event_card".into() }),
        (Component::AttackDeck, card(&top_attack), card("no_such_attack_card")),
        (Component::SeriousWoundDeck, Entered::SeriousWound { key: top_wound }, Entered::SeriousWound { key: "no_such_wound".into() }),
        (Component::Weaknesses, Entered::Weakness { key: weakness }, Entered::Weakness { key: "no_such_weakness".into() }),
        (Component::ExplorationTokens, Entered::Room { tile: None, effect: ExplorationEffect::Silence, items: 1 }, Entered::Room { tile: None, effect: ExplorationEffect::Fire, items: 0 }),
        (Component::Engines, Entered::Engine { status: EngineStatus::Working }, Entered::Engine { status: EngineStatus::Damaged }),
        (Component::Coordinates, Entered::Destination { destination: Destination::Earth }, Entered::Destination { destination: Destination::Venus }),
        (Component::ContaminationDeck, Entered::Infected { infected: true }, Entered::Infected { infected: false }),
        (Component::CharacterDraft, Entered::Draft { characters: vec!["captain".into(), "scout".into()] }, Entered::Draft { characters: vec!["nobody".into(), "no_one".into()] }),
    ]
}

#[test]
fn a_correction_naming_a_component_the_app_holds_is_refused_alike_and_changes_nothing() {
    // The table rolls its own dice, so the last step's chance is all its own and correctable;
    // the app holds everything else. The correction adds a result for an app-held component.
    let mut g = started_with(physical(2, &[Component::Dice]), 1610);
    act_with(&mut g, Command::RollDice { die: Die::Noise, count: 1 }, vec![Entered::Noise { face: NoiseFace::One }]).unwrap();
    assert!(g.can_correct(), "a roll read off the table's dice can be corrected");
    let s = state(&g).clone();
    for (component, holds, lacks) in naming_each_kind(&s) {
        let fix = |named: Entered| Request::Correct { entered: vec![Entered::Noise { face: NoiseFace::Two }, named] };
        let (err, a) = refused_in_journal(&g, fix(holds));
        let (_, b) = refused_in_journal(&g, fix(lacks));
        assert_eq!((err.code, err.key.as_str()), (Code::BadResult, HELD), "{component:?}: {}", err.reason);
        assert_eq!(a, b, "{component:?}: the same reply whatever the result names");
    }
    // Without the extra result the correction is accepted: the refusals above were those results.
    g.submit(Actor::Table, Request::Correct { entered: vec![Entered::Noise { face: NoiseFace::Two }] }).expect("the real face");
}

#[test]
fn a_step_the_app_drew_in_cannot_be_undone_or_corrected_the_apps_draw_stands() {
    // The app rolled its own dice: there is no real result to enter instead.
    let mut g = started(2, 1611);
    act(&mut g, Command::RollDice { die: Die::Noise, count: 1 }).unwrap();
    assert!(!g.can_undo() && !g.can_correct(), "neither button is offered");
    let (undo, _) = refused_in_journal(&g, Request::Undo);
    assert_eq!((undo.code, undo.key.as_str()), (Code::CannotUndo, "the_app_drew_or_rolled_at_that_step"), "{}", undo.reason);
    assert!(undo.reason.contains("stands") && !undo.reason.contains("correct it"), "it says the app's result stands: {}", undo.reason);
    // A correction naming a face on the app's dice, or naming anything else: the same refusal.
    let (a, a_reply) = refused_in_journal(&g, Request::Correct { entered: vec![Entered::Noise { face: NoiseFace::One }] });
    let (_, b_reply) = refused_in_journal(&g, Request::Correct { entered: vec![Entered::Noise { face: NoiseFace::Danger }] });
    assert_eq!((a.code, a.key.as_str()), (Code::CannotCorrect, "the_app_drew_or_rolled_at_that_step"), "{}", a.reason);
    assert_eq!(a_reply, b_reply, "whatever the correction names");

    // Each kind the app draws from during play, through the journal as a door sends it.
    let s = state(&g).clone();
    for (component, holds, lacks) in naming_each_kind(&s) {
        let (err, a) = refused_in_journal(&g, Request::Do { command: Command::SetFire { at: Location(1), on: true }, entered: vec![holds] });
        let (_, b) = refused_in_journal(&g, Request::Do { command: Command::SetFire { at: Location(1), on: true }, entered: vec![lacks] });
        assert_eq!((err.code, err.key.as_str()), (Code::BadResult, HELD), "{component:?}: {}", err.reason);
        assert_eq!(a, b, "{component:?}: the same reply whatever the result names");
    }
}

#[test]
fn the_end_of_game_draw_from_a_characters_own_cards_may_always_be_entered_p11() {
    // No component stands for a player's Action cards: the table may say what it drew.
    assert!(Entered::ContaminationDraw { contamination: 1 }.read_off().is_empty());
    let mut t = Table::new(2, 1612);
    let cards = t.contaminate(Seat(0), &[true]);
    t.jump_with_hibernating(Seat(0));
    t.s.phase = Phase::Over { cause: EndCause::Jump, check: VictoryStep::Contamination };
    assert!(t.s.seats[Seat(0)].contamination.contains(&cards[0]));
    let events = t.run(Command::CheckContamination { seat: Seat(0) }, vec![Entered::ContaminationDraw { contamination: 0 }]);
    assert!(events.iter().any(|e| matches!(e, nemesis_engine::Event::ContaminationChecked { dies: false, .. })), "{events:?}");
}

#[test]
fn a_correction_is_refused_when_the_app_rolled_or_drew_at_random_in_that_step_not_for_its_deck_tops() {
    use nemesis_engine::event::{AttackDraw, DrawPurpose};
    use nemesis_engine::game::{Entry, EntryKind};
    use nemesis_engine::Event;
    let base = state(&started(2, 1613)).config.clone();
    let config = |physical: &[Component]| Config { handled: handled_but(physical), ..base.clone() };
    let step = |events: Vec<Event>| Entry { seq: 9, actor: Actor::Table, kind: EntryKind::Normal, command: Some(Command::EndPlayerPhase), entered: vec![], events };
    let melee_miss = Event::CharacterAttacked { seat: Seat(0), id: IntruderId(1), melee: true, face: CombatFace::Miss, injuries: 0 };
    let wound = Event::SeriousWoundDrawn { seat: Seat(0), card: WoundCardId(0), cause: None };
    let token = Event::TokenDrawn { token: TokenId(0), purpose: DrawPurpose::Encounter };
    let reshuffle = Event::DeckReshuffled { deck: DeckKind::Attack, order: vec![] };
    let attack = Event::AttackCardDrawn { card: AttackCardId(0), purpose: AttackDraw::Endurance { intruder: IntruderId(1) } };
    let contamination = Event::ContaminationGiven { seat: Seat(0), card: ContaminationId(0), shuffled_in: false };
    let dice_at_table = config(&[Component::Dice]);

    // The table's die missed (p. 19) and the app turned over its top Serious Wound card: a
    // replay with the real face turns over the same card, so the die can be corrected.
    assert!(!step(vec![melee_miss.clone(), wound.clone()]).app_result_stands(&dice_at_table));
    // The table's card, and a Contamination card from the top of the app's deck: correctable.
    assert!(!step(vec![attack.clone(), contamination]).app_result_stands(&config(&[Component::AttackDeck])));
    // The app drew from its bag at random: a replay would draw again, so its draw stands.
    assert!(step(vec![melee_miss.clone(), token]).app_result_stands(&dice_at_table));
    // The app shuffled its Attack deck's discards in: the order would come out differently.
    assert!(step(vec![reshuffle, attack, melee_miss.clone()]).app_result_stands(&dice_at_table));
    // Only the app's own cards: nothing was read at the table, so nothing can be corrected.
    assert!(step(vec![wound.clone()]).app_result_stands(&dice_at_table));
    // With the app's own dice, the roll stands.
    assert!(step(vec![melee_miss, wound]).app_result_stands(&config(&[])));
}
