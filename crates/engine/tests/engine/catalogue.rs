//! The command catalogue (`catalogue.rs`) against the commands and the rules: every command has
//! one entry whose fields are the command's own, the forms' bounds are the ones the rules check
//! (the UI had drifted: Contamination 5 against the rules' 4, Injuries 6 against 10, a name of 24
//! letters against 40), and following the engine's next steps plays the game's fixed steps through.

use crate::common::*;
use nemesis_engine::catalogue::{catalogue, may_send, spec, CommandType, EnteredKind, FieldKind, Sender, Spec};
use nemesis_engine::command::{Command, Entered};
use nemesis_engine::ids::*;
use nemesis_engine::offers::next_steps;
use nemesis_engine::rules;
use nemesis_engine::state::{EventStep, Phase};
use nemesis_engine::{Code, Content};
use serde_json::{json, Map, Value};
use std::collections::BTreeSet;

/// The variants serde knows for a tagged enum, read from its refusal of an unknown tag (it lists
/// them all): the enum's own list, so no one keeps a second copy that could miss one.
fn variants<T: serde::de::DeserializeOwned>(tagged: &str) -> BTreeSet<String> {
    listed_in_refusal::<T>(json!({ tagged: "no_such_variant" }))
}

/// The same for a plain enum of names (a die's faces, a token's kinds).
fn names<T: serde::de::DeserializeOwned>() -> BTreeSet<String> {
    listed_in_refusal::<T>(json!("no_such_variant"))
}

fn listed_in_refusal<T: serde::de::DeserializeOwned>(unknown: Value) -> BTreeSet<String> {
    let err = serde_json::from_value::<T>(unknown).err().expect("an unknown tag is refused").to_string();
    // "expected one of `a`, `b`, …", or for two "expected `a` or `b`".
    let expected = err.split("no_such_variant`, expected").nth(1).unwrap_or_else(|| panic!("serde's message lists the variants: {err}"));
    expected.split('`').skip(1).step_by(2).map(str::to_string).collect()
}

#[test]
fn every_command_has_exactly_one_catalogue_entry() {
    let commands = variants::<Command>("type");
    assert!(commands.len() > 60, "read the variants: {commands:?}");
    let listed: Vec<String> = CommandType::ALL.iter().map(|k| k.tag()).collect();
    let unique: BTreeSet<String> = listed.iter().cloned().collect();
    assert_eq!(unique.len(), listed.len(), "CommandType::ALL names each kind once");
    assert_eq!(unique, commands, "CommandType::ALL lists every Command variant and no other");
    assert_eq!(catalogue().commands.len(), commands.len());
    for k in CommandType::ALL {
        assert_eq!(spec(*k).kind, *k, "spec({k:?}) is its own entry");
    }
    let entered = variants::<Entered>("kind");
    let kinds: BTreeSet<String> = EnteredKind::ALL.iter().map(|k| serde_json::to_value(k).unwrap().as_str().unwrap().to_string()).collect();
    assert_eq!(kinds, entered, "EnteredKind::ALL lists every kind of entered result");
}

/// A value of a field's kind, for building a command from its entry alone.
fn sample(f: &nemesis_engine::catalogue::Field) -> Value {
    if let Some(v) = &f.initial {
        return v.clone();
    }
    if f.optional {
        return Value::Null;
    }
    match f.kind {
        FieldKind::Seat | FieldKind::IntruderPlayer | FieldKind::Intruder | FieldKind::Corridor | FieldKind::AttackCard => json!(0),
        FieldKind::Objective => Value::Null,
        FieldKind::Seats | FieldKind::ContaminationCards | FieldKind::Corridors => json!([]),
        FieldKind::Names => json!(["Ana"]),
        FieldKind::Location | FieldKind::Pod | FieldKind::Engine | FieldKind::CorridorNumber => json!(1),
        FieldKind::NoiseSpot => json!({ "kind": "technical" }),
        FieldKind::IntruderKind => json!("adult"),
        FieldKind::Count => json!(f.min.unwrap_or(0)),
        FieldKind::Switch | FieldKind::PodLock => json!(true),
        FieldKind::DoorState => json!("closed"),
        FieldKind::Die => json!("noise"),
        FieldKind::DestinationLetter => json!("a"),
        FieldKind::EngineStatus => json!("working"),
        FieldKind::ResearchObject => json!("intruder_egg"),
        FieldKind::ScanProcedure => json!("surgery"),
        FieldKind::SeriousWound => json!(0),
        FieldKind::Treatment => json!("heal_light"),
        FieldKind::Weapon => json!("own"),
        FieldKind::EggAttempt => json!("shoot"),
        FieldKind::ItemDeck => json!("green"),
        FieldKind::CraftedItem => json!("taser"),
        FieldKind::PlayedCard => json!("bandages"),
        FieldKind::CardEffect => json!("heal_light"),
        FieldKind::OfferedCharacter => json!("captain"),
        FieldKind::NoiseFace => json!("silence"),
        FieldKind::CombatFace => json!("miss"),
        FieldKind::TokenKind => json!("blank"),
        FieldKind::ExplorationEffect => json!("slime"),
        FieldKind::Destination => json!("earth"),
    }
}

/// Each list of values the forms offer (a die's faces, a token's kinds, an Engine's statuses…) is
/// the engine's enum whole, each value once: a new face or token cannot be missing from a form.
#[test]
fn the_catalogue_offers_every_value_of_each_listed_kind() {
    use nemesis_engine::command::{EggAttempt, ScanProcedure, Treatment, Weapon};
    use nemesis_engine::content::ExplorationEffect;
    let expected = [
        (FieldKind::IntruderKind, names::<IntruderKind>()),
        (FieldKind::DoorState, names::<DoorState>()),
        (FieldKind::Die, names::<Die>()),
        (FieldKind::DestinationLetter, names::<DestinationLetter>()),
        (FieldKind::EngineStatus, names::<EngineStatus>()),
        (FieldKind::ResearchObject, names::<ResearchObject>()),
        (FieldKind::ScanProcedure, names::<ScanProcedure>()),
        (FieldKind::Treatment, names::<Treatment>()),
        (FieldKind::Weapon, names::<Weapon>()),
        (FieldKind::EggAttempt, names::<EggAttempt>()),
        (FieldKind::ItemDeck, names::<ItemDeck>()),
        (FieldKind::CraftedItem, names::<CraftedItem>()),
        (FieldKind::PlayedCard, names::<PlayedCard>()),
        (FieldKind::CardEffect, names::<CardEffect>()),
        (FieldKind::NoiseFace, names::<NoiseFace>()),
        (FieldKind::CombatFace, names::<CombatFace>()),
        (FieldKind::TokenKind, names::<TokenKind>()),
        (FieldKind::ExplorationEffect, names::<ExplorationEffect>()),
        (FieldKind::Destination, names::<Destination>()),
        // The Engines are numbers: those the board has a room for (p. 26), in digits.
        (FieldKind::Engine, (0..=u8::MAX).filter(|n| nemesis_engine::Content::base().engine_location(EngineNumber(*n)).is_some()).map(|n| n.to_string()).collect()),
    ];
    let choices = &catalogue().choices;
    assert_eq!(choices.len(), expected.len(), "every list the catalogue carries is checked here");
    for (kind, all) in expected {
        let listed = &choices.iter().find(|c| c.kind == kind).unwrap_or_else(|| panic!("the catalogue lists {kind:?}")).values;
        let unique: BTreeSet<String> = listed.iter().cloned().collect();
        assert_eq!(unique.len(), listed.len(), "{kind:?} names each value once");
        assert_eq!(unique, all, "{kind:?} lists every value of its enum and no other");
    }
    // A form sends an Engine back as the number its value writes (the command's own type).
    for v in &choices.iter().find(|c| c.kind == FieldKind::Engine).expect("the Engines are listed").values {
        let n: u8 = v.parse().expect("an Engine is written in digits");
        let c: Command = serde_json::from_value(json!({ "type": "check_engine", "seat": 0, "engine": n })).expect("a form's Engine is the command's");
        assert!(matches!(c, Command::CheckEngine { engine, .. } if engine.exists()));
    }
}

fn built(s: &Spec) -> Map<String, Value> {
    let mut m = Map::new();
    m.insert("type".into(), json!(s.kind.tag()));
    for f in &s.fields {
        m.insert(f.name.clone(), sample(f));
    }
    m
}

#[test]
fn each_entry_names_exactly_its_commands_fields_and_its_initial_values_are_valid() {
    for s in &catalogue().commands {
        let mut m = built(s);
        if s.kind == CommandType::SetUp {
            // The rest of the setup is the wizard's own: only the players are a form's field here.
            let rest = serde_json::to_value(options(2)).unwrap();
            for (k, v) in rest.as_object().unwrap() {
                m.entry(k.clone()).or_insert(v.clone());
            }
        }
        let command: Command = serde_json::from_value(Value::Object(m.clone())).unwrap_or_else(|e| panic!("{:?}: its fields build the command: {e}", s.kind));
        assert_eq!(command.kind(), s.kind);
        if s.kind == CommandType::SetUp {
            continue;
        }
        let back = serde_json::to_value(&command).unwrap();
        let names: BTreeSet<&str> = back.as_object().unwrap().keys().map(String::as_str).filter(|k| *k != "type").collect();
        let declared: BTreeSet<&str> = s.fields.iter().map(|f| f.name.as_str()).collect();
        assert_eq!(declared, names, "{:?}: the entry's fields are the command's", s.kind);
        for f in &s.fields {
            if let (Some(min), Some(max)) = (f.min, f.max) {
                assert!(min <= max, "{:?}.{}: {min}..={max}", s.kind, f.name);
            }
        }
    }
}

fn bounds(kind: CommandType, field: &str) -> (u16, u16) {
    let f = spec(kind).fields.iter().find(|f| f.name == field).unwrap_or_else(|| panic!("{kind:?} has a field {field}"));
    (f.min.unwrap_or(0), f.max.expect("bounded"))
}

#[test]
fn the_forms_bounds_are_the_constants_the_rules_check() {
    assert_eq!(bounds(CommandType::GiveContamination, "count"), (1, rules::MAX_CONTAMINATION_AT_ONCE.into()));
    assert_eq!(rules::MAX_CONTAMINATION_AT_ONCE, 4, "the UI once offered 5");
    assert_eq!(bounds(CommandType::InjureIntruder, "injuries"), (1, rules::MAX_INJURIES_AT_ONCE.into()));
    assert_eq!(rules::MAX_INJURIES_AT_ONCE, 10, "the UI once stopped at 6");
    assert_eq!(bounds(CommandType::SetUp, "players"), (1, rules::MAX_NAME as u16));
    assert_eq!(rules::MAX_NAME, 40, "the UI once stopped at 24 letters");
    assert_eq!(bounds(CommandType::RollDice, "count"), (1, rules::DICE_OF_EACH_KIND.into()));
    assert_eq!(bounds(CommandType::CardAction, "paid"), (1, rules::MAX_PAID.into()));
    assert_eq!(bounds(CommandType::BeginEngineRepair, "paid"), (1, rules::MAX_PAID.into()));
    assert_eq!(bounds(CommandType::SetHandSize, "cards"), (0, rules::MAX_HAND.into()));
    // A scan counts the cards in a hand (issue 31): no more than a hand may hold.
    assert_eq!(bounds(CommandType::ScanContamination, "scanned"), (0, rules::MAX_HAND.into()));
    assert_eq!(bounds(CommandType::IntruderPlayerAttack, "card_number"), (1, rules::INTRUDER_CARD_NUMBERS.into()));
    assert_eq!(bounds(CommandType::MoveIntruder, "corridor"), (1, rules::CORRIDOR_NUMBERS.into()));
    assert_eq!(bounds(CommandType::MoveCharacter, "careful_noise"), (1, rules::CORRIDOR_NUMBERS.into()));
    assert_eq!(bounds(CommandType::Wound, "light"), (0, rules::MAX_WOUNDS_AT_ONCE.into()));
    assert_eq!(bounds(CommandType::HealLightWounds, "count"), (1, rules::MAX_LIGHT_WOUNDS.into()));
    assert_eq!(bounds(CommandType::DressSeriousWound, "index"), (0, (rules::MAX_SERIOUS_WOUNDS - 1).into()));
}

/// A form and a phone ask a number between the catalogue's bounds, never a guessed range: every
/// count, corridor number and name names both (issue 30).
#[test]
fn every_numbered_field_names_both_its_bounds() {
    let numbered = |k: FieldKind| matches!(k, FieldKind::Count | FieldKind::CorridorNumber | FieldKind::Names);
    for s in &catalogue().commands {
        for f in s.fields.iter().filter(|f| numbered(f.kind)) {
            let (Some(min), Some(max)) = (f.min, f.max) else { panic!("{:?}.{} names both bounds", s.kind, f.name) };
            assert!(min <= max, "{:?}.{}: {min} to {max}", s.kind, f.name);
        }
    }
}

/// The bound is where the rules draw it: the form's largest value passes their check and one more
/// is refused by it, changing nothing.
#[test]
fn the_rules_take_a_forms_largest_number_and_refuse_one_more() {
    let (s, mut f) = table(3, 1601);
    let seat = s.turn_order()[0];
    let (_, contamination) = bounds(CommandType::GiveContamination, "count");
    ok(&s, &mut f, Command::GiveContamination { seat, count: contamination as u8 }, vec![]);
    let r = refused(&s, &mut f, Command::GiveContamination { seat, count: contamination as u8 + 1 }, vec![]);
    assert_eq!(r.key, "give_between_1_and_4_contamination_cards");

    let mut s2 = s.clone();
    let here = s2.seats[seat].location;
    let id = add_intruder(&mut s2, IntruderKind::Queen, here);
    let (_, injuries) = bounds(CommandType::InjureIntruder, "injuries");
    ok(&s2, &mut f, Command::InjureIntruder { id, injuries: injuries as u8 }, vec![]);
    assert_eq!(refused(&s2, &mut f, Command::InjureIntruder { id, injuries: injuries as u8 + 1 }, vec![]).key, "give_between_1_and_10_injuries");

    let (_, dice) = bounds(CommandType::RollDice, "count");
    ok(&s, &mut f, Command::RollDice { die: Die::Combat, count: dice as u8 }, vec![]);
    assert_eq!(refused(&s, &mut f, Command::RollDice { die: Die::Combat, count: dice as u8 + 1 }, vec![]).code, Code::NotAllowed);

    let (_, hand) = bounds(CommandType::SetHandSize, "cards");
    ok(&s, &mut f, Command::SetHandSize { seat, cards: hand as u8 }, vec![]);
    assert_eq!(refused(&s, &mut f, Command::SetHandSize { seat, cards: hand as u8 + 1 }, vec![]).key, "no_hand_holds_that_many_cards");

    let (_, name) = bounds(CommandType::SetUp, "players");
    let mut long = options(2);
    long.players[0] = "é".repeat(name as usize);
    set_up(long.clone(), 1602);
    long.players[0] = "é".repeat(name as usize + 1);
    assert_eq!(refused_setup(long).key, "each_player_needs_a_name_of_1_to");
}

#[test]
fn a_phone_sends_only_the_private_choices() {
    let phone: BTreeSet<CommandType> = CommandType::ALL.iter().copied().filter(|k| spec(*k).sent_by.contains(&Sender::Phone)).collect();
    // The scan's cards: which Contamination cards are in hand, answering a Rest card (p. 20).
    let private = [CommandType::DraftKeep, CommandType::ChooseObjective, CommandType::SetEngineOrder, CommandType::ChooseAttackCard, CommandType::ScanContamination];
    assert_eq!(phone, private.into_iter().collect());
    assert!(CommandType::ALL.iter().all(|k| spec(*k).sent_by.contains(&Sender::Table)), "the table sends everything (a private choice behind the curtain)");
    assert!(may_send(&Command::ChooseObjective { seat: Seat(0), objective: None }, Sender::Phone));
    assert!(!may_send(&Command::GiveRound { seat: Seat(0) }, Sender::Phone));
}

/// Issue 32, item 2: every command is looked at, from its entry alone. What is an Action or a
/// step of a round (p. 10, p. 12: not the table's correction) is sent by the phone of the seat
/// whose round it is, and names that seat; a correction, a step of the Event Phase or of the
/// victory check never is. A new Action left without its phone's right fails here.
#[test]
fn every_action_of_a_round_and_nothing_else_is_sent_from_the_rounds_phone_p10() {
    let g = started(3, 3201);
    let s = state(&g);
    assert_eq!(s.phase, Phase::Player);
    let mut actions = 0;
    for k in CommandType::ALL {
        let entry = spec(*k);
        let Ok(command) = serde_json::from_value::<Command>(Value::Object(built(entry))) else { continue };
        let by_round = entry.sent_by.contains(&Sender::Round);
        let is_action = rules::play(s, &command) != rules::Play::Correction;
        if is_action {
            actions += 1;
            assert!(by_round, "{k:?} is an Action of a round: its seat's phone sends it");
        }
        if by_round {
            // The seat it names is the phone's own (the host checks it; a pod's launch may name none, from the table).
            assert!(entry.fields.iter().any(|f| f.name == "seat" || f.kind == FieldKind::IntruderPlayer), "{k:?}: a round's phone sends only what names its seat");
            // Only the scan is both: a room's Action in its round (Canteen, Shower, Surgery, p. 25),
            // and the answer to a Rest card's question, which the phone gives whatever the round.
            assert!(!entry.sent_by.contains(&Sender::Phone) || *k == CommandType::ScanContamination, "{k:?}: a private choice is not a round's step");
        }
    }
    assert!(actions > 20, "the round's Actions were found ({actions})");
    let round: BTreeSet<CommandType> = CommandType::ALL.iter().copied().filter(|k| spec(*k).sent_by.contains(&Sender::Round)).collect();
    for table_only in [CommandType::GiveRound, CommandType::SetHandSize, CommandType::PlaceCharacter, CommandType::Wound, CommandType::KillCharacter, CommandType::EndPlayerPhase, CommandType::AdvanceTime, CommandType::NoiseRoll, CommandType::Encounter, CommandType::RevealObjective, CommandType::JudgeObjective] {
        assert!(!round.contains(&table_only), "{table_only:?} is the table's");
    }
}

/// Fills in the fields a next step leaves to its form, as a person at the table would.
fn fill(g: &nemesis_engine::Game, kind: CommandType, seat: Option<Seat>) -> Command {
    let s = state(g);
    let seat = seat.unwrap_or(Seat(0));
    match kind {
        CommandType::DraftDraw => Command::DraftDraw { seat },
        CommandType::DraftKeep => {
            let first = s.seats[seat].draft_offer[0];
            Command::DraftKeep { seat, character: Content::base().data.characters[first.0 as usize].key.clone() }
        }
        CommandType::EndPlayerPhase => Command::EndPlayerPhase,
        CommandType::AdvanceTime => Command::AdvanceTime,
        CommandType::ResolveIntruderAttacks => Command::ResolveIntruderAttacks,
        CommandType::ResolveFireDamage => Command::ResolveFireDamage,
        CommandType::ResolveEventCard => Command::ResolveEventCard,
        CommandType::DevelopBag => Command::DevelopBag,
        other => panic!("no next step {other:?} in this game"),
    }
}

/// The draft (p. 5, step 17) and the Event Phase (pp. 10–11) played only by the engine's next
/// steps: each is accepted as the table fills it, in the rules' order, and ends where it should.
#[test]
fn following_the_next_steps_plays_the_draft_and_an_event_phase_through() {
    let mut g = nemesis_engine::Game::new(nemesis_engine::Fate::seeded(1603));
    strict_act(&mut g, Command::SetUp(options(3))).unwrap();
    let mut drafted = Vec::new();
    while state(&g).phase == Phase::Draft {
        let steps = next_steps(state(&g));
        assert_eq!(steps.len(), 1, "the draft always waits for one step");
        let (kind, seat) = (steps[0].command, steps[0].seat);
        if kind == CommandType::DraftDraw {
            drafted.push(state(&g).seats[seat.unwrap()].number);
        }
        let command = fill(&g, kind, seat);
        strict_act(&mut g, command).unwrap_or_else(|r| panic!("{kind:?} for {seat:?}: {r:?}"));
    }
    let mut sorted = drafted.clone();
    sorted.sort();
    assert_eq!(drafted, sorted, "players draft in player-number order");
    assert_eq!(drafted.len(), 3);

    // The Player Phase: nothing to wait for until everyone passed, then its end.
    assert!(next_steps(state(&g)).is_empty(), "the rounds are the offers', not a next step");
    while let Some(seat) = state(&g).rounds.turn_of {
        strict_act(&mut g, Command::Pass { seat }).unwrap();
    }
    assert_eq!(next_steps(state(&g)).iter().map(|n| n.command).collect::<Vec<_>>(), vec![CommandType::EndPlayerPhase]);

    let mut seen = Vec::new();
    for _ in 0..10 {
        let steps = next_steps(state(&g));
        let Some(step) = steps.first() else { break };
        if let Phase::Event { step: e } = state(&g).phase {
            seen.push(e);
        }
        let (kind, command) = (step.command, fill(&g, step.command, step.seat));
        strict_act(&mut g, command).unwrap_or_else(|r| panic!("{kind:?}: {r:?}"));
        if state(&g).phase == Phase::Player {
            break;
        }
    }
    assert_eq!(seen, vec![EventStep::TimeTrack, EventStep::IntruderAttack, EventStep::FireDamage, EventStep::EventCard, EventStep::BagDevelopment]);
    assert_eq!(state(&g).phase, Phase::Player, "the Event Phase ends in the next turn's Player Phase");
}

/// A launched Escape Pod leaves the ship for good (p. 26): like ending the Player Phase or a
/// character's death, it is asked to confirm on the table and on the phone that sends it.
#[test]
fn launching_an_escape_pod_is_irreversible_so_it_asks_to_confirm_p26() {
    assert!(spec(CommandType::LaunchPod).confirm, "p. 26: the pod is gone once launched");
    assert!(spec(CommandType::LaunchPod).sent_by.contains(&Sender::Round), "its occupant's phone sends it, and asks too");
}

/// The Self-Destruct sequence cannot be stopped once its marker reaches a yellow space, and the
/// ship explodes on the skull (p. 24): starting it asks first (issue 31).
#[test]
fn starting_the_self_destruct_asks_to_confirm_p24() {
    assert!(spec(CommandType::StartSelfDestruct).confirm);
}

/// Each command that asks first says why, in the words the table and the phone show with the
/// question (`cmd.<type>.confirm`): a bare "are you sure?" taught nothing (issue 31).
#[test]
fn every_command_that_asks_to_confirm_says_why_in_the_catalogue() {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/../../ui/src/locales/en.json");
    let en: Map<String, Value> = serde_json::from_str(&std::fs::read_to_string(path).expect("en.json")).expect("en.json parses");
    let missing: Vec<String> = CommandType::ALL.iter().filter(|k| spec(**k).confirm).map(|k| format!("cmd.{}.confirm", k.tag())).filter(|key| !en.contains_key(key)).collect();
    assert!(missing.is_empty(), "no reason given: {missing:?}");
}

#[test]
fn hibernating_takes_the_character_out_of_the_rounds_so_it_asks_to_confirm_p26() {
    assert!(spec(CommandType::TryHibernate).confirm, "p. 26: a character in hibernation plays no more rounds");
    assert!(spec(CommandType::TryHibernate).sent_by.contains(&Sender::Round), "the phone sends it, and asks too");
}

/// Each offer of a round sits in a section of the round's panel that its command's declaration
/// names (issue 30: the panel's groups come from the catalogue, not from a list in the UI), so an
/// offer cannot fall into "here" unannounced; a command no round offers has none.
#[test]
fn every_offer_of_a_round_has_its_section_in_the_catalogue() {
    use nemesis_engine::catalogue::RoundSection;
    let mut offered = BTreeSet::new();
    for seed in 0..300u64 {
        let mut g = started(1 + (seed % 5) as usize, seed ^ 0x0FF3);
        let mut p = Pick(seed * 104_729 + 5);
        for _ in 0..120 {
            offered.extend(nemesis_engine::offers::offers(state(&g)).iter().map(|o| o.command.kind()));
            let _ = g.submit(nemesis_engine::Actor::Table, random_command(state(&g), &mut p));
        }
    }
    assert!(offered.len() >= 20, "the seeded games reach most offers: {offered:?}");
    for k in &offered {
        assert!(spec(*k).section.is_some(), "{k:?} is offered in a round but names no section of its panel");
    }
    // The UI's groups before they were declared (its switch over command kinds): the sections
    // must sort every offer as it did.
    let before = |k: CommandType| match k {
        CommandType::MoveCharacter => RoundSection::Move,
        CommandType::Shoot | CommandType::MeleeAttack | CommandType::IntruderPlayerAttack | CommandType::DestroyEggs => RoundSection::Fight,
        CommandType::CardAction | CommandType::UseCard => RoundSection::Card,
        // Declared since, beside the card Actions (a Basic Action paid with 1 card, p. 13).
        CommandType::CraftItem => RoundSection::Card,
        CommandType::Pass => RoundSection::Pass,
        _ => RoundSection::Here,
    };
    for k in CommandType::ALL {
        if let Some(section) = spec(*k).section {
            assert_eq!(section, before(*k), "{k:?} sits where the round's panel put it");
        }
    }
    for k in [CommandType::SetUp, CommandType::DraftDraw, CommandType::EndPlayerPhase, CommandType::AdvanceTime, CommandType::RevealEngines] {
        assert_eq!(spec(k).section, None, "{k:?} is no offer of a round");
    }
}

/// How the round's panels take an offer is its command's declaration (issue 30), not a list of
/// command names in the UI: these are the lists the table's round panel, a phone's round and the
/// suggestion held before, and the catalogue must say the same of every command.
#[test]
fn the_round_panels_ways_of_taking_an_offer_are_the_lists_the_ui_held() {
    use nemesis_engine::catalogue::{FormFirst, Suggest};
    for k in CommandType::ALL {
        let s = spec(*k);
        // The table's round panel opened these forms first (Round.svelte), a phone asked the
        // count fields of the first two (PhoneRound.svelte's `stated`).
        let form_first = match k {
            CommandType::CardAction | CommandType::IntruderPlayerAttack => Some(FormFirst::Counts),
            CommandType::CommandDoors => Some(FormFirst::Choices),
            _ => None,
        };
        assert_eq!(s.form_first, form_first, "{k:?}: what opens before it is sent");
        // A phone asked before a Pass (PhoneRound.svelte's `confirm`).
        assert_eq!(s.phone_confirm, *k == CommandType::Pass, "{k:?}: a phone asks first");
        // offerText.ts: a dropped Object first (p. 21), the Search after the room's own Action,
        // what lies here picked up after a Move (`NOT_THE_ROOMS_OWN`).
        let suggest = match k {
            CommandType::DropObject => Suggest::First,
            CommandType::SearchRoom => Suggest::EveryRoom,
            CommandType::PickUpObject | CommandType::TakeEgg => Suggest::Aside,
            _ => Suggest::RoomsOwn,
        };
        let here = s.section == Some(nemesis_engine::catalogue::RoundSection::Here);
        assert_eq!(s.suggest, here.then_some(suggest), "{k:?}: where the panel suggests it");
    }
}

/// The action helpers (`hints::explain`) have words for exactly the commands the catalogue marks
/// `explained` (the panels ask only for those): a command given words without the mark, or marked
/// without words, fails here, so a new explained command cannot be missed silently.
#[test]
fn the_action_helpers_explain_exactly_the_commands_the_catalogue_marks_explained() {
    use nemesis_engine::state::Intruder;
    let (mut s, _) = table(2, 3301);
    // Something for each command to speak of: an Adult (id 0, as the forms' samples name it) in
    // the first character's room.
    let at = s.seats[Seat(0)].location;
    s.intruders.push(Intruder { id: IntruderId(0), kind: IntruderKind::Adult, at, injuries: 0, token: None });
    s.next_intruder = s.next_intruder.max(1);
    let v = s.public_view();
    let mut explained = 0;
    for k in CommandType::ALL {
        let entry = spec(*k);
        let Ok(command) = serde_json::from_value::<Command>(Value::Object(built(entry))) else {
            assert!(!entry.explained, "{k:?} is marked explained: its sample must build");
            continue;
        };
        let words = nemesis_engine::hints::explain(&v, &command);
        assert_eq!(!words.is_empty(), entry.explained, "{k:?}: the catalogue's `explained` and the helper's words agree ({words:?})");
        explained += usize::from(entry.explained);
    }
    assert!(explained >= 10, "the helpers explain the round's main commands ({explained})");
}
