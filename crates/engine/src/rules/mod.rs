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
mod room_sheet;
mod card_actions;
mod event_cards;
mod player_phase;
mod event_phase;
mod victory;
mod setup;

pub(crate) use ctx::Ctx;
pub use ctx::Applied;
pub use player_phase::{actions_per_round, objectives_due, still_to_pass, takes_rounds, Play};
// The bounds the rules check, for the command catalogue's forms (`crate::catalogue`).
pub use combat::{INTRUDER_CARD_NUMBERS, MAX_INJURIES_AT_ONCE};
pub use contamination::MAX_CONTAMINATION_AT_ONCE;
pub use corridors::CORRIDOR_NUMBERS;
pub use draw::DICE_OF_EACH_KIND;
pub use player_phase::{MAX_HAND, MAX_PAID};
pub use card_actions::effects as card_effects;
pub use card_actions::{has_computer, is_action_card, one_use};
pub use rooms::throw_targets;
pub(crate) use card_actions::pods_of_section_at;
pub use setup::{players_in, MAX_NAME, MODES};
pub use wounds::{MAX_LIGHT_WOUNDS, MAX_SERIOUS_WOUNDS, MAX_WOUNDS_AT_ONCE};

use crate::command::{command_table, Command, Entered};
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
            // A phone's scan answers a question open for its seat, or is a Room Action (p. 20).
            if let ScanContamination { seat, procedure, .. } = command {
                contamination::seat_may_scan(&self.state, *seat, *procedure)?;
            }
        }
        let stage = stage(command);
        if let Phase::Over { .. } = self.state.phase {
            if stage != Stage::VictoryCheck {
                return refuse(Code::GameOver, "the_game_is_over_only_the_victory_check", "The game is over: only the victory check remains.");
            }
        } else if self.state.phase == Phase::Draft && stage != Stage::Draft {
            return refuse(Code::WrongPhase, "finish_the_character_draft_first", "Finish the character draft first.");
        } else if self.state.attack_offer.is_some() && stage != Stage::AttackChoice {
            // The drawn cards are in the Intruder player's hand: nothing else happens until one is chosen.
            return refuse(Code::WrongPhase, "the_intruder_player_is_choosing_an_intruder_attack", "The Intruder player is choosing an Intruder Attack card: wait for their choice.");
        }
        // Actions are taken in the players' rounds of the Player Phase only (p. 10, step 3; p. 12);
        // the table's corrections (Place, Set, Wound, Kill...) stay open in both phases.
        let playing = play(&self.state, command);
        if self.state.phase != Phase::Player && playing != Play::Correction {
            return refuse(Code::WrongPhase, "actions_are_taken_only_in_the_player_phase", "Actions are taken only in the Player Phase.");
        }
        if self.state.phase == Phase::Player {
            player_phase::ensure_rounds(self);
        }
        // An Action of a round is paid first (p. 12): its own checks then see the hand it leaves.
        let cost = playing.cost();
        let payer = command_seat(command);
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
}


/// The rules' part of `command_table!`: the seat a command acts for, what it is to the players'
/// rounds, and the rule that carries it out.
macro_rules! command_rules {
    ($(
        $(#[$doc:meta])*
        $name:ident $(($one:ident : $one_ty:ty))? $({ $($(#[$field_attr:meta])* $field:ident : $field_ty:ty),* $(,)? })?
        => { spec: $spec:expr, seat: $seat:expr, stage: $stage:expr, play: $play:expr, $(offer: $offer:expr,)? rule: $rule:expr $(,)? }
    )*) => {
        /// The seat a command acts for, if it names one.
        #[allow(unused_variables)]
        pub fn command_seat(command: &Command) -> Option<Seat> {
            match command {
                $(Command::$name $(($one))? $({ $($field),* })? => $seat,)*
            }
        }

        /// When in the game a command may be sent.
        #[allow(unused_variables)]
        pub fn stage(command: &Command) -> Stage {
            match command {
                $(Command::$name $(($one))? $({ $($field),* })? => $stage,)*
            }
        }

        /// What a command is to the players' rounds now (its cost may depend on the character's wounds).
        #[allow(unused_variables)]
        pub fn play(state: &State, command: &Command) -> Play {
            match command {
                $(Command::$name $(($one))? $({ $($field),* })? => judged(state, $play),)*
            }
        }

        impl Ctx<'_> {
            /// Carries out the command by its rule.
            #[allow(unused_variables)]
            fn run(&mut self, command: &Command) -> Outcome<()> {
                match command {
                    $(Command::$name $(($one))? $({ $($field),* })? => ruled(self, $rule),)*
                }
            }
        }
    };
}

command_table!(command_rules);

/// When in the game a command may be sent (its declaration's `stage`), besides its own checks.
/// Outside play only the stage's own commands are taken; in play every command is, and a
/// victory or draft command is refused by its own rule there.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Stage {
    /// In play only: the Player and Event Phases.
    Play,
    /// Also during the character draft (p. 5, step 17).
    Draft,
    /// Also after the end, in the victory check (p. 11).
    VictoryCheck,
    /// Also while the Intruder player chooses among the Intruder Attack cards they drew (p. 27),
    /// when nothing else may happen.
    AttackChoice,
}

/// Gives a declaration's `play` its argument's type (a closure's is not inferred from its call).
fn judged(state: &State, play: impl FnOnce(&State) -> Play) -> Play {
    play(state)
}

/// Gives a declaration's `rule` its argument's type.
fn ruled(ctx: &mut Ctx<'_>, rule: impl FnOnce(&mut Ctx<'_>) -> Outcome<()>) -> Outcome<()> {
    rule(ctx)
}

/// What an Action costs in Action cards (p. 12 and the room sheet, p. 24), `None` for what is not
/// a paid Action of a round (the table's corrections, Pass, a pod's launch).
pub fn action_cost(state: &State, command: &Command) -> Option<u8> {
    play(state, command).cost()
}
