//! The Player Phase (pp. 9-12): refilling hands at the start of a turn, the players' rounds (whose
//! round, two Actions paid with cards, passing, what ends a round), ending the phase, keeping an
//! objective after the first Encounter, and the first dead player taking the Intruders (p. 27).

use super::ctx::Ctx;
use super::{rooms, systems, wounds};
use crate::command::{Command, ScanProcedure};
use crate::event::*;
use crate::ids::*;
use crate::rejection::{refuse, Code, Outcome};
use crate::state::*;

/// Action cards a card or Item Action costs at most, the card itself counted (a full hand, p. 12).
pub const MAX_PAID: u8 = 6;
/// Cards a hand may be corrected to at most (far above any hand the rules deal).
pub const MAX_HAND: u8 = 20;

/// Step 1: every character draws up to 5 (4 with an undressed Body wound, 6 resting in working
/// Cabins). "All players" (p. 10): a character waiting in an Escape Pod takes rounds, so draws too.
pub(super) fn refill_hands(ctx: &mut Ctx) {
    let seats: Vec<Seat> = ctx.state.seats.seats().collect();
    for seat in seats {
        let s = &ctx.state.seats[seat];
        if !s.life.is_awake_on_board() {
            continue;
        }
        let body = s.serious.iter().any(|w| !w.dressed && ctx.content.data.serious_wounds[w.card.0 as usize].key == "body");
        let room = ctx.state.room(s.location);
        let cabins = room.explored
            && room.tile.is_some_and(|t| ctx.content.tile(t).key == "cabins")
            && !room.malfunction
            && ctx.state.intruders_at(s.location).next().is_none();
        let target = 5 - u8::from(body) + u8::from(cabins);
        if s.hand < target {
            ctx.emit(Event::HandSizeSet { seat, cards: target });
        }
    }
    // The Intruder player draws 3 Intruder Action cards, up to a hand of 4 (p. 27).
    if let Some(seat) = ctx.state.intruder_player_now() {
        let hand = ctx.state.seats[seat].hand;
        let target = hand.saturating_add(3).min(4);
        if target != hand {
            ctx.emit(Event::HandSizeSet { seat, cards: target });
        }
    }
}

/// Playing as an Intruder (p. 27): only in the standard game, only the player whose character
/// died first, and only once. Their rules apply from the next Player Phase.
pub(super) fn become_intruder_player(ctx: &mut Ctx, seat: Seat) -> Outcome<()> {
    if ctx.state.config.mode != Mode::Standard {
        return refuse(Code::NotAllowed, "playing_as_the_intruders_belongs_to_the_standard", "Playing as the Intruders belongs to the standard game.");
    }
    ctx.seat(seat)?;
    if ctx.state.intruder_player.is_some() {
        return refuse(Code::NotAllowed, "a_player_already_controls_the_intruders", "A player already controls the Intruders.");
    }
    if ctx.state.first_dead != Some(seat) {
        return refuse(Code::NotAllowed, "only_the_player_whose_character_died_first_may", "Only the player whose character died first may take the Intruders.");
    }
    ctx.emit(Event::IntruderPlayerJoined { seat });
    Ok(())
}

pub(super) fn end_player_phase(ctx: &mut Ctx) -> Outcome<()> {
    if ctx.state.phase != Phase::Player {
        return refuse(Code::WrongPhase, "it_is_not_the_player_phase", "It is not the Player Phase.");
    }
    // The phase ends when every player has passed (p. 10, step 3).
    if ctx.state.rounds.turn_of.is_some() || still_to_pass(&ctx.state).next().is_some() {
        return refuse(Code::NotAllowed, "not_every_player_has_passed_yet", "Not every player has passed yet: the Player Phase goes on until all have.");
    }
    // After the first Encounter each living player keeps one objective (p. 12) before play goes on.
    if objectives_due(&ctx.state).next().is_some() {
        return refuse(Code::NotAllowed, "every_living_player_keeps_an_objective_first", "Every living player keeps one objective first (the first Encounter made them due).");
    }
    // Airlock Control (p. 25): "at the end of the current Player Phase (after all players have passed)".
    rooms::vent_airlock(ctx)?;
    if ctx.state.is_over() {
        return Ok(());
    }
    ctx.emit(Event::PhaseChanged { phase: Phase::Event { step: EventStep::TimeTrack } });
    Ok(())
}

/// First Encounter (p. 12): each player keeps one objective, secretly.
pub(super) fn choose_objective(ctx: &mut Ctx, seat: Seat, key: Option<&str>) -> Outcome<()> {
    ctx.seat(seat)?;
    if !ctx.state.first_encounter {
        return refuse(Code::WrongPhase, "objectives_are_chosen_at_the_first_encounter", "Objectives are chosen at the first Encounter.");
    }
    if ctx.state.seats[seat].objective != ObjectiveChoice::Undecided {
        return refuse(Code::NotAllowed, "this_player_has_already_chosen_an_objective", "This player has already chosen an objective.");
    }
    let dealt = ctx.state.seats[seat].objectives.clone();
    let objective = match key {
        Some(k) => {
            let found = dealt.iter().copied().find(|o| ctx.content.data.objectives[o.0 as usize].key == k);
            match found {
                Some(o) => Some(o),
                None => return refuse(Code::NotAllowed, "choose_one_of_the_two_objectives_you_were", "Choose one of the two objectives you were dealt."),
            }
        }
        None if dealt.is_empty() => None,
        None => return refuse(Code::NotAllowed, "choose_one_of_your_two_objectives", "Choose one of your two objectives."),
    };
    ctx.emit(Event::ObjectiveChosen { seat, objective });
    Ok(())
}

/// Whether this seat takes rounds this phase: a character still on board (waiting in a pod too),
/// or the Intruder player (p. 27); never a dead, hibernating or escaped character.
pub fn takes_rounds(state: &State, seat: Seat) -> bool {
    state.intruder_player_now() == Some(seat) || state.seats[seat].life.is_awake_on_board()
}

/// Actions in one round: 2, or 1 for the Intruder player (p. 27).
pub fn actions_per_round(state: &State, seat: Seat) -> u8 {
    if state.intruder_player_now() == Some(seat) {
        1
    } else {
        2
    }
}

/// The seats that take rounds and have not passed yet, in turn order.
pub fn still_to_pass(state: &State) -> impl Iterator<Item = Seat> + '_ {
    state.turn_order().into_iter().filter(move |s| takes_rounds(state, *s) && !state.rounds.passed.contains(s))
}

/// The living players who must still keep an objective: due from the first Encounter on (p. 12).
pub fn objectives_due(state: &State) -> impl Iterator<Item = Seat> + '_ {
    state.turn_order().into_iter().filter(move |s| {
        let seat = &state.seats[*s];
        state.first_encounter && seat.life.is_alive() && seat.objective == ObjectiveChoice::Undecided
    })
}

/// Starts the rounds of a Player Phase, from the First Player (p. 10, step 3).
pub(super) fn begin_rounds(ctx: &mut Ctx) {
    next_round(ctx, None);
}

/// A save from before rounds were kept: the rounds start now, from the First Player.
pub(super) fn ensure_rounds(ctx: &mut Ctx) {
    if ctx.state.phase == Phase::Player && !ctx.state.rounds.started && ctx.state.rounds.turn_of.is_none() {
        begin_rounds(ctx);
    }
}

/// The next round goes to the next seat in turn order after `after` that has not passed; when
/// everyone has passed no round begins, and the phase may end.
fn next_round(ctx: &mut Ctx, after: Option<Seat>) {
    let order = ctx.state.turn_order();
    let start = after.and_then(|a| order.iter().position(|s| *s == a)).map_or(0, |p| p + 1);
    let next = (0..order.len()).map(|k| order[(start + k) % order.len()]).find(|s| takes_rounds(&ctx.state, *s) && !ctx.state.rounds.passed.contains(s));
    if let Some(seat) = next {
        ctx.emit(Event::RoundBegan { seat, again: after == Some(seat) });
    }
}

/// Whose round it must be for `seat` to act now; refused otherwise (p. 10, step 3).
fn in_round(ctx: &Ctx, seat: Seat) -> Outcome<()> {
    if ctx.state.rounds.passed.contains(&seat) {
        return refuse(Code::NotAllowed, "this_player_has_passed_no_more_actions_this", "This player has passed: no more Actions this phase.");
    }
    if ctx.state.rounds.turn_of != Some(seat) {
        return refuse(Code::NotAllowed, "it_is_not_this_player_s_round", "It is not this player's round: players take their rounds in turn order.");
    }
    Ok(())
}

/// Pays for one Action with `cards` Action cards from the hand (p. 12) and counts it in the round.
pub(super) fn pay(ctx: &mut Ctx, seat: Seat, cards: u8) -> Outcome<()> {
    in_round(ctx, seat)?;
    if ctx.state.rounds.actions >= actions_per_round(&ctx.state, seat) {
        return refuse(Code::NotAllowed, "this_round_s_actions_are_used_up", "This round's Actions are used up.");
    }
    if ctx.state.seats[seat].hand < cards {
        return refuse(Code::NotAllowed, "not_enough_cards_in_hand_to_pay_for_this", "Not enough cards in hand to pay for this Action.");
    }
    ctx.emit(Event::ActionTaken { seat, cards });
    Ok(())
}

/// After an Action: the round ends once its Actions are used up, or at once when the character
/// left the board (died, hibernated, escaped). Surgery passes at once (p. 24), and so does the
/// Antidote (its card, docs/cards.md).
pub(super) fn after_action(ctx: &mut Ctx, seat: Seat, command: &Command) -> Outcome<()> {
    if ctx.state.is_over() || ctx.state.phase != Phase::Player || ctx.state.rounds.turn_of != Some(seat) {
        return Ok(());
    }
    if matches!(command, Command::ScanContamination { procedure: ScanProcedure::Surgery, .. } | Command::UseCard { card: PlayedCard::Antidote, .. }) {
        return end_round(ctx, seat, true);
    }
    // Entering an Escape Pod (p. 26): the round stays with the character, who launches at once
    // (`LaunchPod`) or waits, which is the round's pass (`Pass`), whatever Actions are left.
    if matches!(ctx.state.seats[seat].life, Life::InPod(_)) {
        return Ok(());
    }
    if !takes_rounds(&ctx.state, seat) || ctx.state.rounds.actions >= actions_per_round(&ctx.state, seat) {
        return end_round(ctx, seat, false);
    }
    Ok(())
}

/// A round whose character left the board (died, escaped, hibernated) by anything but its own
/// Action ends at once, so the phase can go on.
pub(super) fn settle_round(ctx: &mut Ctx) -> Outcome<()> {
    match ctx.state.rounds.turn_of {
        Some(seat) if !takes_rounds(&ctx.state, seat) && !ctx.state.is_over() => end_round(ctx, seat, false),
        _ => Ok(()),
    }
}

/// A character leaving the Escape Pod they waited in (p. 26): only in their own round of the
/// Player Phase, without an Action; not launching in that round is a pass, so the round ends as one.
pub(super) fn leave_pod(ctx: &mut Ctx, seat: Seat) -> Outcome<()> {
    let own_round = ctx.state.phase == Phase::Player && (!ctx.state.rounds.started || ctx.state.rounds.turn_of == Some(seat));
    if !own_round {
        return refuse(Code::NotAllowed, "a_character_leaves_a_pod_only_in_their_own_round", "A character leaves an Escape Pod only in their own round of the Player Phase (p. 26).");
    }
    systems::leave_pod(ctx, seat)?;
    if ctx.state.rounds.turn_of == Some(seat) && !ctx.state.is_over() {
        return end_round(ctx, seat, true);
    }
    Ok(())
}

/// Pass (p. 10): the round ends and this player takes no more Actions this phase.
pub(super) fn pass(ctx: &mut Ctx, seat: Seat) -> Outcome<()> {
    ctx.seat(seat)?;
    in_round(ctx, seat)?;
    // The Intruder player keeps at most 1 card on passing (p. 27).
    let hand = ctx.state.seats[seat].hand;
    if ctx.state.intruder_player_now() == Some(seat) && hand > 1 {
        ctx.emit(Event::HandSizeSet { seat, cards: 1 });
    }
    end_round(ctx, seat, true)
}

/// A correction: the table gives the round to a seat (a player acted out of order at the table).
pub(super) fn give_round(ctx: &mut Ctx, seat: Seat) -> Outcome<()> {
    ctx.seat(seat)?;
    if ctx.state.phase != Phase::Player {
        return refuse(Code::WrongPhase, "it_is_not_the_player_phase", "It is not the Player Phase.");
    }
    if !takes_rounds(&ctx.state, seat) {
        return refuse(Code::NotAllowed, "this_player_takes_no_rounds_now", "This player takes no rounds now (dead, hibernating or escaped).");
    }
    ctx.emit(Event::RoundGiven { seat });
    Ok(())
}

/// The end of a round (p. 10): a character in a room with Fire takes 1 Light Wound (p. 17); a
/// Bleeding wound costs 1 Light Wound on each pass (Serious Wound card); then the next round.
fn end_round(ctx: &mut Ctx, seat: Seat, passed: bool) -> Outcome<()> {
    ctx.emit(Event::RoundEnded { seat, passed });
    let s = &ctx.state.seats[seat];
    if s.life == Life::Awake && ctx.state.room(s.location).fire {
        wounds::light_wounds_from(ctx, seat, 1, Some(WoundCause::Fire))?;
    }
    let s = &ctx.state.seats[seat];
    let bleeding = s.serious.iter().any(|w| !w.dressed && ctx.content.data.serious_wounds[w.card.0 as usize].key == "bleeding");
    if passed && bleeding {
        wounds::light_wounds_from(ctx, seat, 1, Some(WoundCause::Bleeding))?;
    }
    if !ctx.state.is_over() {
        next_round(ctx, Some(seat));
    }
    Ok(())
}

/// What a command is to the players' rounds (p. 10, step 3; p. 12), as its declaration says
/// (`command::command_table!`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Play {
    /// The table's correction (Place, Set, Wound, Kill...): open in every phase, nothing paid.
    Correction,
    /// An Action of a round: only in the Player Phase, its Action cards paid first. Basic Actions
    /// 1, Careful Movement and Room Actions 2; for a card or Item Action the table says the cost.
    Action(u8),
    /// Only in the Player Phase, and nothing paid: Pass, the launch of the pod one waits in.
    Unpaid,
}

impl Play {
    /// Action cards it costs, `None` for what is not a paid Action of a round.
    pub fn cost(self) -> Option<u8> {
        match self {
            Play::Action(cards) => Some(cards),
            Play::Correction | Play::Unpaid => None,
        }
    }
}

/// Whether the seat's character has an undressed Serious Wound of this card (Serious Wound cards).
fn undressed_wound(state: &State, seat: Seat, key: &str) -> bool {
    let content = state.content();
    state.seats.get(seat).is_some_and(|s| s.serious.iter().any(|w| !w.dressed && content.data.serious_wounds.get(w.card.0 as usize).is_some_and(|c| c.key == key)))
}

/// A Movement's cost: Careful Movement 2; an Escape (leaving a room in combat) with an undressed
/// Leg wound 2 (Serious Wound card); otherwise 1 (p. 12).
pub(super) fn move_cost(state: &State, seat: Seat, careful: bool) -> u8 {
    if careful || (state.seats.get(seat).is_some() && state.in_combat(seat) && undressed_wound(state, seat, "leg")) {
        2
    } else {
        1
    }
}

/// Destroying Eggs costs 1; thrown (into this room or a neighbour) it is an Item action, 1 more
/// with an undressed Hand wound (Serious Wound card), as the Grenade's card costs.
pub(super) fn destroy_eggs_cost(state: &State, seat: Seat, thrown: bool) -> u8 {
    1 + u8::from(thrown && undressed_wound(state, seat, "hand"))
}

/// Craft Item (pp. 13, 23), a Basic Action paid with 1 card: the character builds `item`. The Item
/// cards are the table's, so the app cannot see the 2 components nor whether the Crafted card is
/// still in the blue deck (p. 23: without it nothing is built); the hand line says what to discard
/// and take, and the table undoes the Action when the components are missing.
pub(super) fn craft_item(ctx: &mut Ctx, seat: Seat, item: CraftedItem) -> Outcome<()> {
    ctx.awake(seat)?;
    ctx.emit(Event::TableDoes { seat, task: TableTask::CraftItem { item } });
    Ok(())
}

/// An Action card or Item Action the table carries out (pp. 12, 22): paid already; its bounds are
/// at least the card itself, at most a full hand.
pub(super) fn card_action(ctx: &mut Ctx, seat: Seat, paid: u8) -> Outcome<()> {
    paid_within_bounds(paid)?;
    // The Intruder player's MOVE and EFFECT cards are card Actions too (p. 27).
    if ctx.state.intruder_player_now() == Some(seat) {
        return Ok(());
    }
    ctx.awake(seat)
}

/// Repair or break an Engine with a Repairs Action card or the Tools (p. 26): the same bounds as
/// any card Action (the Repairs card or the Tools and its cost).
pub(super) fn begin_engine_repair(ctx: &mut Ctx, seat: Seat, engine: EngineNumber, paid: u8) -> Outcome<()> {
    paid_within_bounds(paid)?;
    systems::begin_repair(ctx, seat, engine)
}

fn paid_within_bounds(paid: u8) -> Outcome<()> {
    if paid == 0 || paid > MAX_PAID {
        return refuse(Code::NotAllowed, "a_card_action_costs_between_1_and_6_cards", "A card or Item Action costs between 1 and 6 cards (the card itself counts).");
    }
    Ok(())
}

/// A correction: the seat's hand holds this many cards.
pub(super) fn set_hand_size(ctx: &mut Ctx, seat: Seat, cards: u8) -> Outcome<()> {
    ctx.seat(seat)?;
    if cards > MAX_HAND {
        return refuse(Code::NotAllowed, "no_hand_holds_that_many_cards", "No hand holds that many cards.");
    }
    ctx.emit(Event::HandSizeSet { seat, cards });
    Ok(())
}
