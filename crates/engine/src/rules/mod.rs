//! The rules: `apply` turns one command into events, or refuses it. It works on a copy of the
//! state (folding each event as it is emitted, so later steps see earlier ones) and on a copy of
//! the generator, so a refusal changes nothing at all.


// The chapters, lowest first: each may call only the ones above it (tests/rules check this).
mod ctx;
mod draw;
mod ending;
mod fire;
mod corridors;
mod intruders;
mod wounds;
mod contamination;
mod combat;
mod encounter;
mod movement;
mod rooms;
mod systems;
mod event_cards;
mod player_phase;
mod event_phase;
mod victory;
mod setup;

pub(crate) use ctx::Ctx;
pub use player_phase::{action_cost, actions_per_round, objectives_due, still_to_pass, takes_rounds};
// The bounds the rules check, for the command catalogue's forms (`crate::catalogue`).
pub use combat::{INTRUDER_CARD_NUMBERS, MAX_INJURIES_AT_ONCE};
pub use contamination::MAX_CONTAMINATION_AT_ONCE;
pub use corridors::CORRIDOR_NUMBERS;
pub use draw::DICE_OF_EACH_KIND;
pub use player_phase::{MAX_HAND, MAX_PAID};
pub use setup::MAX_NAME;
pub use wounds::{MAX_LIGHT_WOUNDS, MAX_SERIOUS_WOUNDS, MAX_WOUNDS_AT_ONCE};

use crate::command::{Command, Entered};
use crate::event::Event;
use crate::fate::Fate;
use crate::ids::*;
use crate::rejection::{refuse, refuse_with, Code, Outcome};
use crate::words::LogParam;
use crate::state::*;

/// Applies one command. On success returns the events, in order; `state` and `fate` are untouched
/// by a refusal. The caller folds the events (or takes `Applied::state`) after storing them.
pub fn apply(state: Option<&State>, fate: &mut Fate, actor: Actor, command: &Command, entered: &[Entered]) -> Outcome<Applied> {
    // First of all, before any rule looks at a value: nothing is entered for a component the app holds.
    match (state, command) {
        (Some(s), _) => refuse_held(|c| s.config.handles(c), entered)?,
        (None, Command::SetUp(opts)) => refuse_held(|c| opts.handled.contains(&c), entered)?,
        (None, _) => {}
    }
    let mut working_fate = fate.clone();
    let applied = match (state, command) {
        (None, Command::SetUp(opts)) => setup::set_up(&mut working_fate, actor, opts, entered)?,
        (None, _) => return refuse(Code::WrongPhase, "no_game_is_set_up_yet_start_with", "No game is set up yet: start with the setup."),
        (Some(_), Command::SetUp(_)) => return refuse(Code::WrongPhase, "this_game_is_already_set_up", "This game is already set up."),
        (Some(s), _) => {
            let mut ctx = Ctx::new(s.clone(), &mut working_fate, entered);
            ctx.dispatch(actor, command)?;
            rooms::settle_airlock(&mut ctx);
            ctx.settle_first_death(s.first_dead);
            ctx.finish()?
        }
    };
    *fate = working_fate;
    Ok(applied)
}

/// Refuses any entered result read off a component the app holds, with one reason that names the
/// component and never the value: accepting a token that is in the bag and refusing one that is
/// not would let anyone at the screen probe the bag and pick the draw, and a correction could
/// replace the app's own draw (docs/protocol.md, "Entered results").
fn refuse_held(handles: impl Fn(Component) -> bool, entered: &[Entered]) -> Outcome<()> {
    for e in entered {
        if let Some(held) = e.read_off().iter().copied().find(|c| handles(*c)) {
            return refuse_with(
                Code::BadResult,
                "the_app_holds_the_component_its_own_result",
                "The app holds the {component}: its own result stands, and nothing is entered for it.",
                vec![("component", LogParam::of("component", &held, held.name()))],
            );
        }
    }
    Ok(())
}

/// What an accepted command produced.
#[derive(Clone, Debug)]
pub struct Applied {
    pub events: Vec<Event>,
    /// The state after folding `events` (the same as folding them onto the old state).
    pub state: State,
}

impl Ctx<'_> {
    fn dispatch(&mut self, actor: Actor, command: &Command) -> Outcome<()> {
        use Command::*;
        // Who may send what: a seat acts only for itself; the table acts for anyone (through the
        // pass-the-device curtain for private results).
        if let Actor::Seat(a) = actor {
            if let Some(target) = command_seat(command) {
                if target != a {
                    return refuse(Code::NotYourSeat, "you_can_only_act_for_your_own_seat", "You can only act for your own seat.");
                }
            } else if !matches!(command, EndPlayerPhase) {
                return refuse(Code::NotYourSeat, "only_the_table_screen_can_do_that", "Only the table screen can do that.");
            }
            if matches!(command, GiveRound { .. }) {
                return refuse(Code::NotYourSeat, "only_the_table_screen_can_do_that", "Only the table screen can do that.");
            }
            if matches!(command, JudgeObjective { .. }) {
                return refuse(Code::NotYourSeat, "the_table_judges_objectives_together_on_the_table", "The table judges objectives together, on the table screen.");
            }
        }
        if let Phase::Over { .. } = self.state.phase {
            if !matches!(command, RevealEngines | RevealCoordinates { .. } | CheckContamination { .. } | RevealObjective { .. } | JudgeObjective { .. }) {
                return refuse(Code::GameOver, "the_game_is_over_only_the_victory_check", "The game is over: only the victory check remains.");
            }
        } else if self.state.phase == Phase::Draft && !matches!(command, DraftDraw { .. } | DraftKeep { .. }) {
            return refuse(Code::WrongPhase, "finish_the_character_draft_first", "Finish the character draft first.");
        } else if self.state.attack_offer.is_some() && !matches!(command, ChooseAttackCard { .. }) {
            // The drawn cards are in the Intruder player's hand: nothing else happens until one is chosen.
            return refuse(Code::WrongPhase, "the_intruder_player_is_choosing_an_intruder_attack", "The Intruder player is choosing an Intruder Attack card: wait for their choice.");
        }
        // Actions are taken in the players' rounds of the Player Phase only (p. 10, step 3; p. 12);
        // the table's corrections (Place, Set, Wound, Kill...) stay open in both phases.
        if self.state.phase != Phase::Player && is_action(command) {
            return refuse(Code::WrongPhase, "actions_are_taken_only_in_the_player_phase", "Actions are taken only in the Player Phase.");
        }
        if self.state.phase == Phase::Player {
            player_phase::ensure_rounds(self);
        }
        // An Action of a round is paid first (p. 12): its own checks then see the hand it leaves.
        let cost = player_phase::action_cost(&self.state, command);
        let payer = command_seat(command);
        // Outside the Player Phase an Action is refused by its own checks (WrongPhase).
        let cost = cost.filter(|_| self.state.phase == Phase::Player);
        if let (Some(cards), Some(seat)) = (cost, payer) {
            self.seat(seat)?;
            // A new Arm wound leaves one Hand slot: a character carrying two Objects drops one at
            // once (the Arm wound card, card reference §0 #6, A), so before any further Action.
            let (carried, slots) = rooms::carried_and_slots(&self.state, seat);
            if carried > slots {
                return refuse_with(
                    Code::NotAllowed,
                    "an_arm_wound_leaves_one_hand_slot_drop_an",
                    "An Arm wound leaves one Hand slot: drop an Object first ({count, plural, one {# carried} other {# carried}}).",
                    vec![("count", LogParam::number(carried))],
                );
            }
            player_phase::pay(self, seat, cards)?;
        }
        // A character waiting in an Escape Pod plays no Action but its launch or leaving (p. 26).
        if let (Some(_), Some(seat)) = (cost, payer) {
            if matches!(self.state.seats[seat].life, Life::InPod(_)) {
                return refuse(Code::NotAllowed, "a_character_waiting_in_a_pod_may_only_launch", "A character waiting in an Escape Pod may only launch it, leave it or pass.");
            }
        }
        self.run(command)?;
        if let (Some(_), Some(seat)) = (cost, payer) {
            player_phase::after_action(self, seat, command)?;
        }
        // Whatever took the character off the board (an attack, a launch, the table's correction),
        // a round never stays with it.
        if self.state.phase == Phase::Player {
            player_phase::settle_round(self)?;
        }
        Ok(())
    }

    fn run(&mut self, command: &Command) -> Outcome<()> {
        use Command::*;
        match command {
            SetUp(_) => refuse(Code::WrongPhase, "this_game_is_already_set_up", "This game is already set up."),
            DraftDraw { seat } => setup::draft_draw(self, *seat),
            DraftKeep { seat, character } => setup::draft_keep(self, *seat, character),
            EndPlayerPhase => player_phase::end_player_phase(self),
            Pass { seat } => player_phase::pass(self, *seat),
            CardAction { seat, paid } => {
                // Paid already; the bounds: at least the card itself, at most a full hand.
                if *paid == 0 || *paid > player_phase::MAX_PAID {
                    return refuse(Code::NotAllowed, "a_card_action_costs_between_1_and_6_cards", "A card or Item Action costs between 1 and 6 cards (the card itself counts).");
                }
                // The Intruder player's MOVE and EFFECT cards are card Actions too (p. 27).
                if self.state.intruder_player_now() == Some(*seat) {
                    return Ok(());
                }
                self.awake(*seat)
            }
            RoomAction { seat } => rooms::table_room_action(self, *seat),
            GiveRound { seat } => player_phase::give_round(self, *seat),
            AdvanceTime => event_phase::advance_time(self),
            ResolveIntruderAttacks => event_phase::intruder_attacks(self),
            ResolveFireDamage => event_phase::fire_damage(self),
            ResolveEventCard => event_phase::event_card(self),
            DevelopBag => event_phase::develop_bag(self),
            SetHandSize { seat, cards } => {
                self.seat(*seat)?;
                if *cards > player_phase::MAX_HAND {
                    return refuse(Code::NotAllowed, "no_hand_holds_that_many_cards", "No hand holds that many cards.");
                }
                self.emit(Event::HandSizeSet { seat: *seat, cards: *cards });
                Ok(())
            }
            MoveCharacter { seat, to, careful_noise } => movement::move_character(self, *seat, *to, *careful_noise),
            PlaceCharacter { seat, at } => {
                self.awake(*seat)?;
                let at = self.location(*at)?;
                self.emit(Event::CharacterMoved { seat: *seat, to: at });
                Ok(())
            }
            NoiseRoll { seat } => {
                self.awake(*seat)?;
                encounter::noise_roll(self, *seat).map(|_| ())
            }
            Encounter { seat } => {
                self.awake(*seat)?;
                encounter::encounter(self, *seat).map(|_| ())
            }
            SetNoise { spot, on } => corridors::set_noise(self, *spot, *on),
            SetDoor { corridor, state } => corridors::set_door(self, *corridor, *state),
            SetFire { at, on } => fire::set_fire(self, *at, *on),
            SetMalfunction { at, on } => fire::set_malfunction(self, *at, *on),
            RollDice { die, count } => draw::roll_dice(self, *die, *count),
            PlaceIntruder { kind, at } => {
                let at = self.location(*at)?;
                intruders::place_intruder(self, *kind, at, None).map(|_| ())
            }
            MoveIntruder { id, corridor } => {
                self.intruder(*id)?;
                if !(1..=corridors::CORRIDOR_NUMBERS).contains(corridor) {
                    return refuse(Code::NoSuchThing, "corridor_numbers_run_from_1_to_4", "Corridor numbers run from 1 to 4.");
                }
                intruders::move_intruders(self, &[*id], *corridor);
                Ok(())
            }
            AttackCharacter { id, target } => combat::attack_command(self, *id, *target),
            InjureIntruder { id, injuries } => {
                self.intruder(*id)?;
                if *injuries == 0 || *injuries > combat::MAX_INJURIES_AT_ONCE {
                    return refuse(Code::NotAllowed, "give_between_1_and_10_injuries", "Give between 1 and 10 Injuries.");
                }
                combat::injure(self, *id, *injuries)
            }
            IntruderFlees { id, extinguisher } => {
                self.intruder(*id)?;
                if *extinguisher {
                    combat::phosphates_flee(self, *id)
                } else {
                    combat::flee(self, *id)
                }
            }
            FireControl { seat, room } => rooms::fire_control(self, *seat, *room),
            KillIntruder { id } => {
                self.intruder(*id)?;
                intruders::killed(self, *id);
                Ok(())
            }
            Wound { seat, light, serious } => {
                self.awake_or_in_pod(*seat)?;
                // Summed wide: two fields of up to 255 each must not overflow before the check.
                let total = u16::from(*light) + u16::from(*serious);
                if total == 0 || total > u16::from(wounds::MAX_WOUNDS_AT_ONCE) {
                    return refuse(Code::NotAllowed, "give_between_1_and_6_wounds", "Give between 1 and 6 Wounds.");
                }
                wounds::light_wounds(self, *seat, *light)?;
                for _ in 0..*serious {
                    wounds::serious_wound(self, *seat)?;
                }
                Ok(())
            }
            DressSeriousWound { seat, index } => wounds::dress(self, *seat, *index),
            HealSeriousWound { seat, index } => wounds::heal_serious(self, *seat, *index),
            HealLightWounds { seat, count } => wounds::heal_light(self, *seat, *count),
            SetSlime { seat, on } => {
                self.awake_or_in_pod(*seat)?;
                if self.state.seats[*seat].slime != *on {
                    self.emit(Event::SlimeSet { seat: *seat, on: *on });
                }
                Ok(())
            }
            SendSignal { seat } => rooms::send_signal(self, *seat),
            KillCharacter { seat } => {
                self.awake_or_in_pod(*seat)?;
                wounds::kill(self, *seat, crate::event::DeathCause::Table)
            }
            Shoot { seat, id, energy } => combat::character_attacks(self, *seat, *id, false, *energy),
            MeleeAttack { seat, id } => combat::character_attacks(self, *seat, *id, true, false),
            ReviveCharacter { seat } => wounds::revive(self, *seat),
            BecomeIntruderPlayer { seat } => player_phase::become_intruder_player(self, *seat),
            IntruderPlayerAttack { seat, id, target, card_number } => combat::intruder_player_attack(self, *seat, *id, *target, *card_number),
            ChooseAttackCard { seat, card } => combat::choose_attack_card(self, *seat, *card),
            GiveContamination { seat, count } => {
                self.awake_or_in_pod(*seat)?;
                if *count == 0 || *count > contamination::MAX_CONTAMINATION_AT_ONCE {
                    return refuse(Code::NotAllowed, "give_between_1_and_4_contamination_cards", "Give between 1 and 4 Contamination cards.");
                }
                if self.state.contamination.draw.is_empty() {
                    return refuse(Code::Empty, "the_contamination_deck_is_empty_no_card_is", "The Contamination deck is empty: no card is left to give.");
                }
                for _ in 0..*count {
                    contamination::give_contamination(self, *seat);
                }
                Ok(())
            }
            ScanContamination { seat, cards, procedure } => contamination::scan(self, *seat, cards, *procedure),
            CheckEngine { seat, engine } => systems::check_engine(self, *seat, *engine),
            CheckAllEngines { seat } => systems::check_all_engines(self, *seat),
            BeginEngineRepair { seat, engine, paid } => {
                // The same bounds as any card Action: the Repairs card (or the Tools) and its cost.
                if *paid == 0 || *paid > player_phase::MAX_PAID {
                    return refuse(Code::NotAllowed, "a_card_action_costs_between_1_and_6_cards", "A card or Item Action costs between 1 and 6 cards (the card itself counts).");
                }
                systems::begin_repair(self, *seat, *engine)
            }
            SetEngineOrder { seat, top } => systems::set_engine_order(self, *seat, *top),
            ReportEngineOrder { seat, engine, changed } => systems::report_engine_order(self, *seat, *engine, *changed),
            CheckCoordinates { seat } => systems::check_coordinates(self, *seat),
            SetDestination { seat, letter } => systems::set_destination(self, *seat, *letter),
            StartSelfDestruct { seat } => systems::start_self_destruct(self, *seat),
            StopSelfDestruct { seat } => systems::stop_self_destruct(self, *seat),
            SetPodLock { pod, locked } => systems::set_pod_lock(self, *pod, *locked),
            TryEnterPod { seat, pod } => systems::try_enter_pod(self, *seat, *pod),
            LaunchPod { pod, seat } => systems::launch_pod(self, *pod, *seat),
            LeavePod { seat } => systems::leave_pod(self, *seat),
            TryHibernate { seat } => systems::try_hibernate(self, *seat),
            ChooseObjective { seat, objective } => player_phase::choose_objective(self, *seat, objective.as_deref()),
            TakeEgg { seat } => rooms::take_egg(self, *seat),
            DestroyEggs { seat, count, into } => rooms::destroy_eggs(self, *seat, *count, *into),
            DropEggs { seat } => rooms::drop_eggs(self, *seat),
            StartAirlock { seat, room } => rooms::start_airlock(self, *seat, *room),
            PickUpObject { seat, object } => rooms::pick_up_object(self, *seat, *object),
            DropObject { seat, object, give_to } => rooms::drop_object(self, *seat, *object, *give_to),
            Research { seat, object } => rooms::research(self, *seat, *object),
            PeekRoom { seat, at } => rooms::peek_room(self, *seat, *at),
            SearchRoom { seat } => rooms::search_room(self, *seat),
            RevealEngines => victory::reveal_engines(self),
            RevealCoordinates { quarantine } => victory::reveal_coordinates(self, quarantine),
            CheckContamination { seat } => victory::check_contamination(self, *seat),
            RevealObjective { seat } => victory::reveal_objective(self, *seat),
            JudgeObjective { seat, met } => victory::judge_objective(self, *seat, *met),
        }
    }
}


/// A character's Action (or Room Action), as opposed to the table's corrections: only in the Player Phase.
fn is_action(command: &Command) -> bool {
    use crate::command::ScanProcedure;
    use Command::*;
    match command {
        ScanContamination { procedure, .. } => matches!(procedure, ScanProcedure::Canteen | ScanProcedure::Shower | ScanProcedure::Surgery),
        MoveCharacter { .. }
        | Pass { .. }
        | CardAction { .. }
        | RoomAction { .. }
        | SendSignal { .. }
        | CheckEngine { .. }
        | CheckAllEngines { .. }
        | BeginEngineRepair { .. }
        | CheckCoordinates { .. }
        | SetDestination { .. }
        | StartSelfDestruct { .. }
        | StopSelfDestruct { .. }
        | TryEnterPod { .. }
        | LaunchPod { .. }
        | TryHibernate { .. }
        | TakeEgg { .. }
        | DestroyEggs { .. }
        | PickUpObject { .. }
        | StartAirlock { .. }
        | FireControl { .. }
        | Research { .. }
        | PeekRoom { .. }
        | SearchRoom { .. } => true,
        _ => false,
    }
}

/// The seat a command acts for, if it names one.
pub fn command_seat(command: &Command) -> Option<Seat> {
    use Command::*;
    match command {
        LaunchPod { seat, .. } => *seat,
        DraftDraw { seat }
        | DraftKeep { seat, .. }
        | SetHandSize { seat, .. }
        | Pass { seat }
        | CardAction { seat, .. }
        | RoomAction { seat }
        | GiveRound { seat }
        | MoveCharacter { seat, .. }
        | PlaceCharacter { seat, .. }
        | NoiseRoll { seat }
        | Encounter { seat }
        | Wound { seat, .. }
        | DressSeriousWound { seat, .. }
        | HealSeriousWound { seat, .. }
        | HealLightWounds { seat, .. }
        | SetSlime { seat, .. }
        | SendSignal { seat }
        | KillCharacter { seat }
        | GiveContamination { seat, .. }
        | ScanContamination { seat, .. }
        | CheckEngine { seat, .. }
        | CheckAllEngines { seat }
        | BeginEngineRepair { seat, .. }
        | SetEngineOrder { seat, .. }
        | ReportEngineOrder { seat, .. }
        | SearchRoom { seat }
        | CheckCoordinates { seat }
        | SetDestination { seat, .. }
        | StartSelfDestruct { seat }
        | StopSelfDestruct { seat }
        | TryEnterPod { seat, .. }
        | LeavePod { seat }
        | TryHibernate { seat }
        | ChooseObjective { seat, .. }
        | TakeEgg { seat }
        | DestroyEggs { seat, .. }
        | DropEggs { seat }
        | StartAirlock { seat, .. }
        | FireControl { seat, .. }
        | PickUpObject { seat, .. }
        | DropObject { seat, .. }
        | Research { seat, .. }
        | PeekRoom { seat, .. }
        | CheckContamination { seat }
        | RevealObjective { seat }
        | JudgeObjective { seat, .. }
        | IntruderPlayerAttack { seat, .. }
        | Shoot { seat, .. }
        | MeleeAttack { seat, .. }
        | ChooseAttackCard { seat, .. } => Some(*seat),
        _ => None,
    }
}
