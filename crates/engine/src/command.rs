//! Commands: what a person asks for (imperatives), and the results a table may enter from its
//! own physical components instead of the app's generator.

use crate::content::{Blood, ExplorationEffect};
use crate::ids::*;
use crate::state::{Component, Mode, NoiseSpot};
use serde::{Deserialize, Serialize};

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct SetupOptions {
    /// Player names in seat order (clockwise).
    pub players: Vec<String>,
    pub mode: Mode,
    /// The components the app takes over; the rest stay physical.
    pub handled: Vec<Component>,
    /// Corrects the INFECTED count (data: 7, graded C).
    #[serde(default)]
    pub infected_cards: Option<u8>,
    /// Help card numbers by seat, when the Help cards are dealt at the table.
    #[serde(default)]
    pub player_numbers: Option<Vec<u8>>,
    /// Escape Pod numbers drawn at the table, when the pods are physical.
    #[serde(default)]
    pub pods: Option<Vec<u8>>,
}

/// The scanning procedures of the game (manual p. 20): each scans and removes cards its own way.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "snake_case")]
pub enum ScanProcedure {
    /// Look only: scan the chosen cards, nothing is removed.
    Look,
    /// Rest action card: scan the chosen cards (those in hand); remove the ones not INFECTED.
    Rest,
    /// Canteen: heal 1 Light Wound; scan the chosen cards in hand; remove the ones not INFECTED.
    Canteen,
    /// Shower Room: discard Slime; scan the chosen cards in hand; remove the ones not INFECTED.
    Shower,
    /// Surgery: scan every card; remove the INFECTED ones and the Larva; 1 Light Wound; hand emptied.
    Surgery,
    /// Antidote: remove the Larva; scan the chosen cards; remove the INFECTED ones.
    Antidote,
}

/// The Emergency Room's treatments (p. 24; Dress and Heal, p. 21): the player chooses one.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "snake_case")]
pub enum Treatment {
    /// Dress every Serious Wound not dressed yet.
    DressSerious,
    /// Heal 1 dressed Serious Wound: its card is discarded.
    HealDressed,
    /// Heal every Light Wound.
    HealLight,
}

impl Treatment {
    pub const ALL: [Treatment; 3] = [Treatment::DressSerious, Treatment::HealDressed, Treatment::HealLight];
}

/// Every command, declared once (issue 30): its variant and fields, then
/// - `spec`: its catalogue entry (`crate::catalogue`): tab, fields and their bounds, the results
///   the table may enter for it, who may send it, its modes, whether it asks first;
/// - `seat`: the seat it acts for (a phone may send it for that seat only), `None` for none;
/// - `stage`: when in the game it may be sent (`rules::Stage`): in play, or also in the draft, the
///   victory check, or while the Intruder player chooses an Intruder Attack card;
/// - `play`: what it is to the players' rounds (`rules::Play`): the table's correction, an Action
///   and its cost in Action cards (from the state and its fields), or unpaid but in a round only;
/// - `rule`: the rule that carries it out, on the rules' working copy (`rules::Ctx`).
///
/// Each entry must state all five, so a command cannot compile half declared. The table is a
/// macro that hands itself to `$then`, so each part is expanded where its names live: the enum
/// here, the entries in `catalogue.rs`, the seat, stage, play and rule in `rules/mod.rs` (this module
/// names neither of them, and no import circle comes of it).
macro_rules! command_table {
    ($then:ident) => { $then! {
        SetUp(options: SetupOptions) => {
            // The players' names; the other options (mode, components, …) are the setup wizard's own.
            spec: off_panel().fields([Field { min: Some(1), max: Some(rules::MAX_NAME as u16), ..field("players", F::Names) }]),
            seat: None,
            stage: Stage::Play,
            play: |_| Play::Correction,
            rule: |_| refuse(Code::WrongPhase, "this_game_is_already_set_up", "This game is already set up."),
        }
        DraftDraw { seat: Seat } => {
            spec: on(G::Draft).fields([seat()]).entered([E::Draft]),
            seat: Some(*seat),
            stage: Stage::Draft,
            play: |_| Play::Correction,
            rule: |ctx| setup::draft_draw(ctx, *seat),
        }
        DraftKeep { seat: Seat, character: String } => {
            spec: on(G::Draft).fields([seat(), field("character", F::OfferedCharacter)]).phone(),
            seat: Some(*seat),
            stage: Stage::Draft,
            play: |_| Play::Correction,
            rule: |ctx| setup::draft_keep(ctx, *seat, character),
        }

        /// Ends the Player Phase once every player has passed (p. 10, step 3).
        EndPlayerPhase => {
            spec: on(G::Turn).confirm(),
            seat: None,
            stage: Stage::Play,
            play: |_| Play::Correction,
            rule: |ctx| player_phase::end_player_phase(ctx),
        }
        /// Pass (p. 10): the seat's round ends and they take no more Actions this phase.
        Pass { seat: Seat } => {
            spec: on(G::Turn).fields([seat()]),
            seat: Some(*seat),
            stage: Stage::Play,
            play: |_| Play::Unpaid,
            rule: |ctx| player_phase::pass(ctx, *seat),
        }
        /// An Action from an Action card or an Item (pp. 12, 22), whose effect the table carries out:
        /// `paid` is every Action card discarded for it (the card itself and its cost).
        CardAction { seat: Seat, paid: u8 } => {
            spec: on(G::Turn).fields([seat(), count("paid", 1, rules::MAX_PAID, 1)]),
            seat: Some(*seat),
            stage: Stage::Play,
            play: |_| Play::Action(*paid),
            rule: |ctx| player_phase::card_action(ctx, *seat, *paid),
        }
        /// The Room Action of a room the app has no command of its own for (Armory, Storage,
        /// Command Center, Hatch Control System; p. 24): 2 cards, the table does the rest.
        RoomAction { seat: Seat } => {
            spec: on(G::Turn).fields([seat()]),
            seat: Some(*seat),
            stage: Stage::Play,
            play: |_| Play::Action(2),
            rule: |ctx| rooms::table_room_action(ctx, *seat),
        }
        /// The Emergency Room's Room Action, Treat Your Wounds (p. 24): 2 cards, and the one
        /// treatment the player chooses.
        TreatWounds { seat: Seat, treatment: Treatment } => {
            spec: on(G::Characters).fields([seat(), starting(field("treatment", F::Treatment), "dress_serious")]),
            seat: Some(*seat),
            stage: Stage::Play,
            play: |_| Play::Action(2),
            rule: |ctx| rooms::treat_wounds(ctx, *seat, *treatment),
        }
        /// A correction: the round goes to this seat (someone acted out of turn at the table).
        GiveRound { seat: Seat } => {
            spec: on(G::Turn).fields([seat()]),
            seat: Some(*seat),
            stage: Stage::Play,
            play: |_| Play::Correction,
            rule: |ctx| player_phase::give_round(ctx, *seat),
        }
        AdvanceTime => {
            spec: on(G::Turn),
            seat: None,
            stage: Stage::Play,
            play: |_| Play::Correction,
            rule: |ctx| event_phase::advance_time(ctx),
        }
        ResolveIntruderAttacks => {
            spec: on(G::Turn).entered([E::AttackCard, E::SeriousWound, E::Token]),
            seat: None,
            stage: Stage::Play,
            play: |_| Play::Correction,
            rule: |ctx| event_phase::intruder_attacks(ctx),
        }
        ResolveFireDamage => {
            spec: on(G::Turn),
            seat: None,
            stage: Stage::Play,
            play: |_| Play::Correction,
            rule: |ctx| event_phase::fire_damage(ctx),
        }
        ResolveEventCard => {
            spec: on(G::Turn).entered([E::EventCard, E::Token, E::Noise, E::NoActionCards]),
            seat: None,
            stage: Stage::Play,
            play: |_| Play::Correction,
            rule: |ctx| event_phase::event_card(ctx),
        }
        DevelopBag => {
            spec: on(G::Turn).entered([E::Token]),
            seat: None,
            stage: Stage::Play,
            play: |_| Play::Correction,
            rule: |ctx| event_phase::develop_bag(ctx),
        }
        SetHandSize { seat: Seat, cards: u8 } => {
            spec: on(G::Characters).fields([seat(), count("cards", 0, rules::MAX_HAND, 5)]),
            seat: Some(*seat),
            stage: Stage::Play,
            play: |_| Play::Correction,
            rule: |ctx| player_phase::set_hand_size(ctx, *seat, *cards),
        }

        MoveCharacter { seat: Seat, to: Location, #[serde(default)] careful_noise: Option<u8> } => {
            spec: on(G::Characters)
                .fields([seat(), field("to", F::Location), Field { min: Some(1), max: Some(rules::CORRIDOR_NUMBERS.into()), ..field("careful_noise", F::CorridorNumberOrNone) }])
                .entered([E::Room, E::Noise, E::Token])
                .explained(),
            seat: Some(*seat),
            stage: Stage::Play,
            play: |state| Play::Action(player_phase::move_cost(state, *seat, careful_noise.is_some())),
            rule: |ctx| movement::move_character(ctx, *seat, *to, *careful_noise),
        }
        PlaceCharacter { seat: Seat, at: Location } => {
            spec: on(G::Characters).fields([seat(), field("at", F::Location)]),
            seat: Some(*seat),
            stage: Stage::Play,
            play: |_| Play::Correction,
            rule: |ctx| movement::place_character(ctx, *seat, *at),
        }
        NoiseRoll { seat: Seat } => {
            spec: on(G::Characters).fields([seat()]).entered([E::Noise, E::Token]).explained(),
            seat: Some(*seat),
            stage: Stage::Play,
            play: |_| Play::Correction,
            rule: |ctx| encounter::table_noise_roll(ctx, *seat),
        }
        Encounter { seat: Seat } => {
            spec: on(G::Characters).fields([seat()]).entered([E::Token]).explained(),
            seat: Some(*seat),
            stage: Stage::Play,
            play: |_| Play::Correction,
            rule: |ctx| encounter::table_encounter(ctx, *seat),
        }
        SetNoise { spot: NoiseSpot, on: bool } => {
            spec: on(G::Board).fields([field("spot", F::NoiseSpot), switch("on", true)]),
            seat: None,
            stage: Stage::Play,
            play: |_| Play::Correction,
            rule: |ctx| corridors::set_noise(ctx, *spot, *on),
        }
        SetDoor { corridor: CorridorId, state: DoorState } => {
            spec: on(G::Board).fields([field("corridor", F::Corridor), starting(field("state", F::DoorState), "closed")]),
            seat: None,
            stage: Stage::Play,
            play: |_| Play::Correction,
            rule: |ctx| corridors::set_door(ctx, *corridor, *state),
        }
        SetFire { at: Location, on: bool } => {
            spec: on(G::Board).fields([field("at", F::Location), switch("on", true)]),
            seat: None,
            stage: Stage::Play,
            play: |_| Play::Correction,
            rule: |ctx| fire::set_fire(ctx, *at, *on),
        }
        SetMalfunction { at: Location, on: bool } => {
            spec: on(G::Board).fields([field("at", F::Location), switch("on", true)]),
            seat: None,
            stage: Stage::Play,
            play: |_| Play::Correction,
            rule: |ctx| fire::set_malfunction(ctx, *at, *on),
        }
        RollDice { die: Die, count: u8 } => {
            spec: on(G::Turn).fields([starting(field("die", F::Die), "noise"), count("count", 1, rules::DICE_OF_EACH_KIND, 1)]).entered([E::Noise, E::Combat]),
            seat: None,
            stage: Stage::Play,
            play: |_| Play::Correction,
            rule: |ctx| draw::roll_dice(ctx, *die, *count),
        }

        PlaceIntruder { kind: IntruderKind, at: Location } => {
            spec: on(G::Intruders).fields([starting(field("kind", F::IntruderKind), "adult"), field("at", F::Location)]),
            seat: None,
            stage: Stage::Play,
            play: |_| Play::Correction,
            rule: |ctx| intruders::place_by_table(ctx, *kind, *at),
        }
        MoveIntruder { id: IntruderId, corridor: u8 } => {
            spec: on(G::Intruders).fields([
                field("id", F::Intruder),
                Field { min: Some(1), max: Some(rules::CORRIDOR_NUMBERS.into()), initial: Some(1.into()), ..field("corridor", F::CorridorNumber) },
            ]),
            seat: None,
            stage: Stage::Play,
            play: |_| Play::Correction,
            rule: |ctx| intruders::move_by_table(ctx, *id, *corridor),
        }
        AttackCharacter { id: IntruderId, #[serde(default)] target: Option<Seat> } => {
            spec: on(G::Intruders).fields([field("id", F::Intruder), field("target", F::SeatOrNone)]).entered([E::AttackCard, E::SeriousWound, E::Token]).explained(),
            seat: None,
            stage: Stage::Play,
            play: |_| Play::Correction,
            rule: |ctx| combat::attack_command(ctx, *id, *target),
        }
        InjureIntruder { id: IntruderId, injuries: u8 } => {
            spec: on(G::Intruders).fields([field("id", F::Intruder), count("injuries", 1, rules::MAX_INJURIES_AT_ONCE, 1)]).entered([E::AttackCard]).explained(),
            seat: None,
            stage: Stage::Play,
            play: |_| Play::Correction,
            rule: |ctx| combat::injure_by_table(ctx, *id, *injuries),
        }
        KillIntruder { id: IntruderId } => {
            spec: on(G::Intruders).fields([field("id", F::Intruder)]),
            seat: None,
            stage: Stage::Play,
            play: |_| Play::Correction,
            rule: |ctx| intruders::kill_by_table(ctx, *id),
        }
        /// The intruder runs away through the corridor of a freshly drawn Event card
        /// (Fire Control System p. 24, items such as the Fire Extinguisher).
        /// `extinguisher`: the Fire Extinguisher did it, so with Susceptibility to Phosphates known it
        /// also takes 1 Injury (card reference §4, A); old saves read as not.
        IntruderFlees { id: IntruderId, #[serde(default)] extinguisher: bool } => {
            spec: on(G::Intruders).fields([field("id", F::Intruder), switch("extinguisher", false)]).entered([E::EventCard, E::AttackCard]),
            seat: None,
            stage: Stage::Play,
            play: |_| Play::Correction,
            rule: |ctx| combat::flee_by_table(ctx, *id, *extinguisher),
        }
        /// Fire Control System (p. 24): any 1 room loses its Fire marker and every Intruder there runs
        /// away (an Event card each); with Susceptibility to Phosphates known each also takes 1 Injury.
        FireControl { seat: Seat, room: Location } => {
            spec: on(G::Characters).fields([seat(), field("room", F::Location)]).entered([E::EventCard, E::AttackCard]),
            seat: Some(*seat),
            stage: Stage::Play,
            play: |_| Play::Action(2),
            rule: |ctx| rooms::fire_control(ctx, *seat, *room),
        }

        Wound { seat: Seat, light: u8, serious: u8 } => {
            spec: on(G::Characters)
                .fields([seat(), count("light", 0, rules::MAX_WOUNDS_AT_ONCE, 1), count("serious", 0, rules::MAX_WOUNDS_AT_ONCE, 0)])
                .entered([E::SeriousWound]),
            seat: Some(*seat),
            stage: Stage::Play,
            play: |_| Play::Correction,
            rule: |ctx| wounds::wound_by_table(ctx, *seat, *light, *serious),
        }
        DressSeriousWound { seat: Seat, index: u8 } => {
            spec: on(G::Characters).fields([seat(), count("index", 0, rules::MAX_SERIOUS_WOUNDS - 1, 0)]),
            seat: Some(*seat),
            stage: Stage::Play,
            play: |_| Play::Correction,
            rule: |ctx| wounds::dress(ctx, *seat, *index),
        }
        HealSeriousWound { seat: Seat, index: u8 } => {
            spec: on(G::Characters).fields([seat(), count("index", 0, rules::MAX_SERIOUS_WOUNDS - 1, 0)]),
            seat: Some(*seat),
            stage: Stage::Play,
            play: |_| Play::Correction,
            rule: |ctx| wounds::heal_serious(ctx, *seat, *index),
        }
        HealLightWounds { seat: Seat, count: u8 } => {
            spec: on(G::Characters).fields([seat(), count("count", 1, rules::MAX_LIGHT_WOUNDS, 1)]),
            seat: Some(*seat),
            stage: Stage::Play,
            play: |_| Play::Correction,
            rule: |ctx| wounds::heal_light(ctx, *seat, *count),
        }
        SetSlime { seat: Seat, on: bool } => {
            spec: on(G::Characters).fields([seat(), switch("on", true)]),
            seat: Some(*seat),
            stage: Stage::Play,
            play: |_| Play::Correction,
            rule: |ctx| wounds::set_slime(ctx, *seat, *on),
        }
        SendSignal { seat: Seat } => {
            spec: on(G::Characters).fields([seat()]),
            seat: Some(*seat),
            stage: Stage::Play,
            play: |_| Play::Action(2),
            rule: |ctx| rooms::send_signal(ctx, *seat),
        }
        KillCharacter { seat: Seat } => {
            spec: on(G::Characters).fields([seat()]).confirm(),
            seat: Some(*seat),
            stage: Stage::Play,
            play: |_| Play::Correction,
            rule: |ctx| wounds::kill_by_table(ctx, *seat),
        }
        /// The Shoot action (p. 18): the character fires at an Intruder in its room; the table
        /// discards the Ammo. The Combat die says how many Injuries land, then the Injury check.
        /// `energy`: the weapon is an Energy weapon (its card is the table's), for the Weakness
        /// Vulnerability to Energy (pp. 21–22); old saves, which never said, read as not.
        Shoot { seat: Seat, id: IntruderId, #[serde(default)] energy: bool } => {
            spec: on(G::Characters).fields([seat(), field("id", F::Intruder), switch("energy", false)]).entered([E::Combat, E::AttackCard, E::EventCard]).explained(),
            seat: Some(*seat),
            stage: Stage::Play,
            play: |_| Play::Action(1),
            rule: |ctx| combat::character_attacks(ctx, *seat, *id, false, *energy),
        }
        /// The Melee Attack action (p. 19): a Contamination card first, then the Combat die (2 hits
        /// count as 1); a miss costs the character a Serious Wound.
        MeleeAttack { seat: Seat, id: IntruderId } => {
            spec: on(G::Characters).fields([seat(), field("id", F::Intruder)]).entered([E::Combat, E::AttackCard, E::EventCard, E::SeriousWound]).explained(),
            seat: Some(*seat),
            stage: Stage::Play,
            play: |_| Play::Action(1),
            rule: |ctx| combat::character_attacks(ctx, *seat, *id, true, false),
        }
        /// Cooperative mode's Revive (p. 27): the crew carried this dead character's Corpse to a
        /// working Emergency Room; at the start of a turn the character stands up there.
        ReviveCharacter { seat: Seat } => {
            spec: on(G::Characters).fields([seat()]).modes([Mode::Cooperative]),
            // The crew's doing, entered at the table: no phone sends it.
            seat: None,
            stage: Stage::Play,
            play: |_| Play::Correction,
            rule: |ctx| wounds::revive(ctx, *seat),
        }
        /// Playing as an Intruder (p. 27): the player whose character died first takes the
        /// Intruders; from the next turn the Event Phase keeps only the Time track and Fire damage.
        BecomeIntruderPlayer { seat: Seat } => {
            spec: on(G::Characters).fields([seat()]).confirm().modes([Mode::Standard]),
            // The table agrees to it together: no phone sends it.
            seat: None,
            stage: Stage::Play,
            play: |_| Play::Correction,
            rule: |ctx| player_phase::become_intruder_player(ctx, *seat),
        }
        /// The Intruder player's ATTACK (p. 27): they play an Intruder Action card showing `card_number`
        /// (1 to 4), and the Intruder `id` attacks `target` in its room. They draw that many Intruder
        /// Attack cards and resolve one of their choice; with the app's deck they choose on their
        /// phone (`choose_attack_card`), with a physical deck the table enters the chosen card.
        IntruderPlayerAttack { seat: Seat, id: IntruderId, target: Seat, card_number: u8 } => {
            spec: on(G::Intruders)
                .fields([field("seat", F::IntruderPlayer), field("id", F::Intruder), field("target", F::Seat), count("card_number", 1, rules::INTRUDER_CARD_NUMBERS, 2)])
                .entered([E::AttackCard, E::SeriousWound, E::Token])
                .explained()
                .modes([Mode::Standard])
                .when(When::IntruderPlayer),
            seat: Some(*seat),
            stage: Stage::Play,
            play: |_| Play::Action(1),
            rule: |ctx| combat::intruder_player_attack(ctx, *seat, *id, *target, *card_number),
        }
        /// The Intruder player's choice among the Intruder Attack cards they drew.
        ChooseAttackCard { seat: Seat, card: AttackCardId } => {
            spec: off_panel().fields([seat(), field("card", F::AttackCard)]).phone().modes([Mode::Standard]),
            seat: Some(*seat),
            stage: Stage::AttackChoice,
            play: |_| Play::Correction,
            rule: |ctx| combat::choose_attack_card(ctx, *seat, *card),
        }
        GiveContamination { seat: Seat, count: u8 } => {
            spec: on(G::Characters).fields([seat(), count("count", 1, rules::MAX_CONTAMINATION_AT_ONCE, 1)]).explained(),
            seat: Some(*seat),
            stage: Stage::Play,
            play: |_| Play::Correction,
            rule: |ctx| contamination::give_by_table(ctx, *seat, *count),
        }
        ScanContamination { seat: Seat, cards: Vec<ContaminationId>, procedure: ScanProcedure } => {
            spec: on(G::Characters).fields([seat(), field("cards", F::ContaminationCards), starting(field("procedure", F::ScanProcedure), "surgery")]).entered([E::Infected]),
            seat: Some(*seat),
            stage: Stage::Play,
            play: |_| if procedure.is_room_action() { Play::Action(2) } else { Play::Correction },
            rule: |ctx| contamination::scan(ctx, *seat, cards, *procedure),
        }

        CheckEngine { seat: Seat, engine: EngineNumber } => {
            spec: on(G::Ship).fields([seat(), starting(field("engine", F::Engine), 1)]).entered([E::Engine]),
            seat: Some(*seat),
            stage: Stage::Play,
            play: |_| Play::Action(2),
            rule: |ctx| systems::check_engine(ctx, *seat, *engine),
        }
        CheckAllEngines { seat: Seat } => {
            spec: on(G::Ship).fields([seat()]).entered([E::Engine]),
            seat: Some(*seat),
            stage: Stage::Play,
            play: |_| Play::Action(2),
            rule: |ctx| systems::check_all_engines(ctx, *seat),
        }
        /// Repair or break an Engine with a Repairs Action card or the Tools (p. 26): `paid` is every
        /// Action card discarded for it; old saves, which never said, read as 1.
        BeginEngineRepair { seat: Seat, engine: EngineNumber, #[serde(default = "one")] paid: u8 } => {
            spec: on(G::Ship).fields([seat(), starting(field("engine", F::Engine), 1), count("paid", 1, rules::MAX_PAID, 3)]).entered([E::Engine]),
            seat: Some(*seat),
            stage: Stage::Play,
            play: |_| Play::Action(*paid),
            rule: |ctx| player_phase::begin_engine_repair(ctx, *seat, *engine, *paid),
        }
        SetEngineOrder { seat: Seat, top: EngineStatus } => {
            spec: on(G::Ship).fields([seat(), starting(field("top", F::EngineStatus), "working")]).phone(),
            seat: Some(*seat),
            stage: Stage::Play,
            play: |_| Play::Correction,
            rule: |ctx| systems::set_engine_order(ctx, *seat, *top),
        }
        /// Physical Engine tokens: the seat announces only whether the order changed (p. 26).
        ReportEngineOrder { seat: Seat, engine: EngineNumber, changed: bool } => {
            spec: on(G::Ship).fields([seat(), starting(field("engine", F::Engine), 1), switch("changed", true)]),
            seat: Some(*seat),
            stage: Stage::Play,
            play: |_| Play::Correction,
            rule: |ctx| systems::report_engine_order(ctx, *seat, *engine, *changed),
        }
        CheckCoordinates { seat: Seat } => {
            spec: on(G::Ship).fields([seat()]).entered([E::Destination]),
            seat: Some(*seat),
            stage: Stage::Play,
            play: |_| Play::Action(2),
            rule: |ctx| systems::check_coordinates(ctx, *seat),
        }
        SetDestination { seat: Seat, letter: DestinationLetter } => {
            spec: on(G::Ship).fields([seat(), starting(field("letter", F::DestinationLetter), "a")]),
            seat: Some(*seat),
            stage: Stage::Play,
            play: |_| Play::Action(2),
            rule: |ctx| systems::set_destination(ctx, *seat, *letter),
        }
        StartSelfDestruct { seat: Seat } => {
            spec: on(G::Ship).fields([seat()]),
            seat: Some(*seat),
            stage: Stage::Play,
            play: |_| Play::Action(2),
            rule: |ctx| systems::start_self_destruct(ctx, *seat),
        }
        StopSelfDestruct { seat: Seat } => {
            spec: on(G::Ship).fields([seat()]),
            seat: Some(*seat),
            stage: Stage::Play,
            play: |_| Play::Action(2),
            rule: |ctx| systems::stop_self_destruct(ctx, *seat),
        }
        SetPodLock { pod: PodNumber, locked: bool } => {
            spec: on(G::Ship).fields([field("pod", F::Pod), switch("locked", false)]),
            seat: None,
            stage: Stage::Play,
            play: |_| Play::Correction,
            rule: |ctx| systems::set_pod_lock(ctx, *pod, *locked),
        }
        TryEnterPod { seat: Seat, pod: PodNumber } => {
            spec: on(G::Ship).fields([seat(), field("pod", F::Pod)]),
            seat: Some(*seat),
            stage: Stage::Play,
            play: |_| Play::Action(2),
            rule: |ctx| systems::try_enter_pod(ctx, *seat, *pod),
        }
        /// Launch an Escape Pod (p. 26), an Action of the Player Phase. `seat`: the occupant who
        /// launches it (from their phone or the table); left out, the table launches it (old saves).
        LaunchPod { pod: PodNumber, #[serde(default)] seat: Option<Seat> } => {
            spec: on(G::Ship).fields([field("pod", F::Pod), field("seat", F::SeatOrNone)]),
            seat: *seat,
            stage: Stage::Play,
            play: |_| Play::Unpaid,
            rule: |ctx| systems::launch_pod(ctx, *pod, *seat),
        }
        LeavePod { seat: Seat } => {
            spec: on(G::Ship).fields([seat()]),
            seat: Some(*seat),
            stage: Stage::Play,
            play: |_| Play::Correction,
            rule: |ctx| systems::leave_pod(ctx, *seat),
        }
        TryHibernate { seat: Seat } => {
            spec: on(G::Ship).fields([seat()]),
            seat: Some(*seat),
            stage: Stage::Play,
            play: |_| Play::Action(2),
            rule: |ctx| systems::try_hibernate(ctx, *seat),
        }
        ChooseObjective { seat: Seat, objective: Option<String> } => {
            spec: on(G::Characters).fields([seat(), field("objective", F::ObjectiveOrNone)]).phone(),
            seat: Some(*seat),
            stage: Stage::Play,
            play: |_| Play::Correction,
            rule: |ctx| player_phase::choose_objective(ctx, *seat, objective.as_deref()),
        }
        TakeEgg { seat: Seat } => {
            spec: on(G::Characters).fields([seat()]),
            seat: Some(*seat),
            stage: Stage::Play,
            play: |_| Play::Action(2),
            rule: |ctx| rooms::take_egg(ctx, *seat),
        }
        /// Destroying uncarried Eggs (p. 25): `count` Eggs an attempt destroyed. `into` a neighbouring
        /// room: a Grenade (2) or Molotov Cocktail (1) thrown there, not through a Closed Door (p. 17).
        DestroyEggs { seat: Seat, count: u8, #[serde(default)] into: Option<Location> } => {
            // No upper bound in the rules: as many as the room holds (a thrown Grenade, 2).
            spec: on(G::Characters).fields([seat(), Field { min: Some(1), initial: Some(1.into()), ..field("count", F::Count) }, field("into", F::LocationOrNone)]),
            seat: Some(*seat),
            stage: Stage::Play,
            play: |state| Play::Action(player_phase::destroy_eggs_cost(state, *seat, into.is_some())),
            rule: |ctx| rooms::destroy_eggs(ctx, *seat, *count, *into),
        }
        DropEggs { seat: Seat } => {
            spec: on(G::Characters).fields([seat()]),
            seat: Some(*seat),
            stage: Stage::Play,
            play: |_| Play::Correction,
            rule: |ctx| rooms::drop_eggs(ctx, *seat),
        }
        /// Airlock Control (p. 25): start the Emergency Airlock Procedure on another explored Yellow
        /// room whose corridors hold no Destroyed Door.
        StartAirlock { seat: Seat, room: Location } => {
            spec: on(G::Characters).fields([seat(), field("room", F::Location)]),
            seat: Some(*seat),
            stage: Stage::Play,
            play: |_| Play::Action(2),
            rule: |ctx| rooms::start_airlock(ctx, *seat, *room),
        }
        /// Pick Up Heavy Object (p. 13): one Character Corpse, Intruder Carcass or uncarried Egg
        /// lying in the character's room.
        PickUpObject { seat: Seat, object: ResearchObject } => {
            spec: on(G::Characters).fields([seat(), field("object", F::ResearchObject)]),
            seat: Some(*seat),
            stage: Stage::Play,
            play: |_| Play::Action(1),
            rule: |ctx| rooms::pick_up_object(ctx, *seat, *object),
        }
        /// Drop one carried Heavy Object in the character's room (p. 22, free). `give_to`: hand it
        /// instead to another character in the same room, in a Trade (p. 13: the Trade's Action is
        /// the `CardAction` of whoever started it; the exchange itself is free); old saves read as not.
        DropObject { seat: Seat, object: ResearchObject, #[serde(default)] give_to: Option<Seat> } => {
            spec: on(G::Characters).fields([seat(), field("object", F::ResearchObject), field("give_to", F::SeatOrNone)]),
            seat: Some(*seat),
            stage: Stage::Play,
            play: |_| Play::Correction,
            rule: |ctx| rooms::drop_object(ctx, *seat, *object, *give_to),
        }
        Research { seat: Seat, object: ResearchObject } => {
            spec: on(G::Characters).fields([seat(), field("object", F::ResearchObject)]).entered([E::Weakness]),
            seat: Some(*seat),
            stage: Stage::Play,
            play: |_| Play::Action(2),
            rule: |ctx| rooms::research(ctx, *seat, *object),
        }
        PeekRoom { seat: Seat, at: Location } => {
            spec: on(G::Characters).fields([seat(), field("at", F::Location)]).entered([E::Room]),
            seat: Some(*seat),
            stage: Stage::Play,
            play: |_| Play::Action(2),
            rule: |ctx| rooms::peek_room(ctx, *seat, *at),
        }
        /// A Search in the seat's room lowers its Item Counter by one (p. 23).
        SearchRoom { seat: Seat } => {
            spec: on(G::Characters).fields([seat()]),
            seat: Some(*seat),
            stage: Stage::Play,
            play: |_| Play::Action(1),
            rule: |ctx| rooms::search_room(ctx, *seat),
        }

        RevealEngines => {
            spec: on(G::Victory).entered([E::Engine]).explained(),
            seat: None,
            stage: Stage::VictoryCheck,
            play: |_| Play::Correction,
            rule: |ctx| victory::reveal_engines(ctx),
        }
        /// `quarantine`: hibernating seats holding Quarantine, needed only when the objectives are physical.
        RevealCoordinates { #[serde(default)] quarantine: Vec<Seat> } => {
            spec: on(G::Victory).fields([field("quarantine", F::Seats)]).entered([E::Destination]).explained(),
            seat: None,
            stage: Stage::VictoryCheck,
            play: |_| Play::Correction,
            rule: |ctx| victory::reveal_coordinates(ctx, quarantine),
        }
        CheckContamination { seat: Seat } => {
            spec: on(G::Victory).fields([seat()]).entered([E::ContaminationDraw, E::Infected]).explained(),
            seat: Some(*seat),
            stage: Stage::VictoryCheck,
            play: |_| Play::Correction,
            rule: |ctx| victory::check_contamination(ctx, *seat),
        }
        RevealObjective { seat: Seat } => {
            spec: on(G::Victory).fields([seat()]),
            seat: Some(*seat),
            stage: Stage::VictoryCheck,
            play: |_| Play::Correction,
            rule: |ctx| victory::reveal_objective(ctx, *seat),
        }
        JudgeObjective { seat: Seat, met: bool } => {
            spec: on(G::Victory).fields([seat(), switch("met", true)]).explained(),
            seat: Some(*seat),
            stage: Stage::VictoryCheck,
            play: |_| Play::Correction,
            rule: |ctx| victory::judge_objective(ctx, *seat, *met),
        }
    } };
}
pub(crate) use command_table;

/// The table's first consumer: the `Command` enum, its kinds (`CommandType`, in the table's
/// order) and `Command::kind`. The other parts of each entry are only parsed here.
macro_rules! declare_commands {
    ($(
        $(#[$doc:meta])*
        $name:ident $(($one:ident : $one_ty:ty))? $({ $($(#[$field_attr:meta])* $field:ident : $field_ty:ty),* $(,)? })?
        => { spec: $spec:expr, seat: $seat:expr, stage: $stage:expr, play: $play:expr, rule: $rule:expr $(,)? }
    )*) => {
        #[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
        #[cfg_attr(feature = "ts", derive(ts_rs::TS))]
        #[serde(rename_all = "snake_case", tag = "type")]
        pub enum Command {
            $(
                $(#[$doc])*
                $name $(($one_ty))? $({ $($(#[$field_attr])* $field: $field_ty),* })?,
            )*
        }

        /// A command's kind: its `type` tag, without its fields.
        #[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
        #[cfg_attr(feature = "ts", derive(ts_rs::TS))]
        #[serde(rename_all = "snake_case")]
        pub enum CommandType {
            $($name,)*
        }

        impl CommandType {
            /// Every kind, in the order of `Command` (the table screen lists them in this order).
            pub const ALL: &'static [CommandType] = &[$(CommandType::$name,)*];
        }

        impl Command {
            /// Which command this is.
            pub fn kind(&self) -> CommandType {
                match self {
                    $(Command::$name { .. } => CommandType::$name,)*
                }
            }
        }
    };
}

command_table!(declare_commands);

impl CommandType {
    /// Its `type` tag, e.g. `develop_bag`.
    pub fn tag(self) -> String {
        serde_json::to_value(self).ok().and_then(|v| v.as_str().map(str::to_string)).unwrap_or_default()
    }
}

impl ScanProcedure {
    /// Every procedure, in the order a form offers them: the rooms' own first, Surgery the most asked.
    pub const ALL: [ScanProcedure; 6] = [ScanProcedure::Surgery, ScanProcedure::Canteen, ScanProcedure::Shower, ScanProcedure::Antidote, ScanProcedure::Rest, ScanProcedure::Look];

    /// Canteen, Shower Room and Surgery are their rooms' Actions (p. 24): 2 cards in a round.
    /// The others are the table's record of a card or an Item the table played.
    pub fn is_room_action(self) -> bool {
        matches!(self, ScanProcedure::Canteen | ScanProcedure::Shower | ScanProcedure::Surgery)
    }
}

fn one() -> u8 {
    1
}

/// Every kind of result the table may enter, declared once: its variant and fields, the
/// components it is read off (`read_off`: when the app holds any of them, the result is refused
/// before its value is looked at: the app's draw stands, and a guess learns nothing; the first
/// decides for the kind as a whole), and what a person calls it (`what`).
macro_rules! declare_entered {
    ($(
        $(#[$doc:meta])*
        $name:ident { $($(#[$field_attr:meta])* $field:ident : $field_ty:ty),* $(,)? }
        => { read_off: [$($component:ident $(if $named:expr)?),*], what: $what:literal $(,)? }
    )*) => {
        /// A result read off a physical component, used instead of the app's generator.
        /// Each random step takes the first entered result of its kind, in order.
        #[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
        #[cfg_attr(feature = "ts", derive(ts_rs::TS))]
        #[serde(rename_all = "snake_case", tag = "kind")]
        pub enum Entered {
            $($(#[$doc])* $name { $($(#[$field_attr])* $field: $field_ty),* },)*
        }

        /// The kind of an entered result: its `kind` tag.
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
        #[cfg_attr(feature = "ts", derive(ts_rs::TS))]
        #[serde(rename_all = "snake_case")]
        pub enum EnteredKind {
            $($name,)*
        }

        impl EnteredKind {
            pub const ALL: &'static [EnteredKind] = &[$(EnteredKind::$name,)*];

            /// The component whose holding by the app refuses this kind of result (`Entered::read_off`'s
            /// first). `None`: read off the players' own cards, always entered.
            pub fn read_off(self) -> Option<Component> {
                match self {
                    $(EnteredKind::$name => {
                        let off: &[Component] = &[$(Component::$component),*];
                        off.first().copied()
                    })*
                }
            }
        }

        impl Entered {
            /// Which kind of result this is.
            pub fn entered_kind(&self) -> EnteredKind {
                match self {
                    $(Entered::$name { .. } => EnteredKind::$name,)*
                }
            }

            /// The components this result is read off: when the app holds any of them, it is refused.
            #[allow(unused_variables, unused_mut)]
            pub fn read_off(&self) -> Vec<Component> {
                match self {
                    $(Entered::$name { $($field),* } => {
                        let mut off = Vec::new();
                        // A component with a condition counts only when it holds.
                        $(if [$($named)?].iter().all(|holds: &bool| *holds) { off.push(Component::$component); })*
                        off
                    })*
                }
            }

            pub fn what(&self) -> &'static str {
                match self {
                    $(Entered::$name { .. } => $what,)*
                }
            }
        }
    };
}

declare_entered! {
    Noise { face: NoiseFace } => { read_off: [Dice], what: "Noise roll" }
    Combat { face: CombatFace } => { read_off: [Dice], what: "Combat roll" }
    Token { token: TokenKind, #[serde(default)] back: Option<u8> } => { read_off: [IntruderBag], what: "Intruder token" }
    EventCard { key: String } => { read_off: [EventDeck], what: "Event card" }
    AttackCard { key: String, #[serde(default)] blood: Option<Blood> } => { read_off: [AttackDeck], what: "Intruder Attack card" }
    SeriousWound { key: String } => { read_off: [SeriousWoundDeck], what: "Serious Wound card" }
    /// `tile` may be left out when the app holds the room tiles.
    // A room names its tile only when the tiles are physical, so its Exploration token decides.
    Room { #[serde(default)] tile: Option<String>, effect: ExplorationEffect, items: u8 } => {
        read_off: [ExplorationTokens, RoomTiles if tile.is_some()],
        what: "room tile and Exploration token",
    }
    Draft { characters: Vec<String> } => { read_off: [CharacterDraft], what: "draft cards" }
    /// A scan of a card whose status the app does not know (physical contamination deck).
    Infected { infected: bool } => { read_off: [ContaminationDeck], what: "scan result" }
    Engine { status: EngineStatus } => { read_off: [Engines], what: "Engine token" }
    Destination { destination: Destination } => { read_off: [Coordinates], what: "destination" }
    Weakness { key: String } => { read_off: [Weaknesses], what: "Weakness card" }
    /// End of game: how many Contamination cards were among the 4 cards drawn.
    // Drawn from the character's own cards, which no `Component` stands for: always entered.
    ContaminationDraw { contamination: u8 } => { read_off: [], what: "end-of-game draw" }
    /// Hatching (p. 20): whether this character's player holds no Action card. Asked only when
    /// the hand count could be Contamination cards alone (the count holds both kinds).
    NoActionCards { seat: Seat, none: bool } => { read_off: [], what: "Action cards in hand" }
}

impl Entered {
    /// Its tag, e.g. `attack_card`: the catalogue's `entered.<kind>`.
    pub fn kind(&self) -> String {
        serde_json::to_value(self).ok().and_then(|v| v.get("kind")?.as_str().map(str::to_string)).unwrap_or_default()
    }
}
