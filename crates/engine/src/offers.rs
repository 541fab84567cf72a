//! What can happen now: the Actions the rules would accept from the player whose round it is,
//! each with its cost, found by asking the rules themselves (a trial `apply` on a copy), never by
//! a second hand-written copy of their checks, among the candidates each command's declaration
//! offers (`offer:` in the command table, collected in `declared`); and outside the rounds, the step the game waits for
//! (`next_steps`: the draft, ending the Player Phase, the Event Phase's steps, the victory check).
//!
//! Privacy: candidates are built only from public facts (the board graph, the public pieces), and
//! a trial is judged only by accepted / refused. No candidate names a hidden card or token, and the
//! rules' checks for an Action depend on public facts only, so whether an offer is present says
//! nothing secret. A trial that needs a result of a physical component (`ResultNeeded`) is offered
//! with `needs_result` and the component it named (`needs`), since the table will enter it.

use crate::command::{Command, CommandType};
use crate::fate::Fate;
use crate::ids::*;
use crate::rejection::Code;
use crate::rules::{action_cost, apply};
use crate::state::*;
use serde::{Deserialize, Serialize};

mod declared;
pub(crate) use declared::offered;
use declared::Warns;

/// Where an offer of the round sits in the round's panel, the table's and a phone's: the group
/// its button is drawn in. Declared in each offered command's `offer:` clause, so a command a
/// round offers cannot be left without one; the catalogue carries it to the screens.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "snake_case")]
pub enum RoundSection {
    /// Moves (p. 13); the panel shows a Careful Movement apart, by its Noise marker.
    Move,
    /// Attacks on Intruders and on their Eggs.
    Fight,
    /// What the character's room, the ship or the objects here offer.
    Here,
    /// An Action card or Item played.
    Card,
    Pass,
}

/// What opens before a round's offer is sent, on the table's round panel (and on a phone for
/// `Counts`): declared in the command's `offer:` clause, carried by the catalogue.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "snake_case")]
pub enum FormFirst {
    /// The player states its numbers (the Action cards paid for a card, the Intruder card's
    /// number): the table's form and a phone ask for them, the offer only guesses.
    Counts,
    /// The offer is one of the many its form can make (the Command Center: any room, any mix of
    /// Doors, p. 25), so the table's form opens on it.
    Choices,
}

/// Which of the room's offers the round's panel suggests first (its one bright button), as the
/// table most likely plays: declared in the `offer:` clause of an offer of the `Here` section.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "snake_case")]
pub enum Suggest {
    /// Before any Action, even in Combat: an Object a wounded arm makes the character drop (p. 21).
    First,
    /// The room's own Action: a character standing there most likely came for it.
    RoomsOwn,
    /// What every room offers (the Search): after the room's own Action.
    EveryRoom,
    /// Picking up what lies here: after a Move and an attack.
    Aside,
}

/// One Action the player whose round it is may take now.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct Offer {
    /// The command as it would be sent (the table may change nothing in it).
    pub command: Command,
    /// Action cards it costs (p. 12); `None` for Pass and free steps.
    pub cost: Option<u8>,
    /// The table must enter a result of a physical component for it (a die, a card, a token).
    pub needs_result: bool,
    /// With `needs_result`: the physical component the trial asked for first (the Noise die of a
    /// Move), so the table's form opens its entry at once; `None` for a question about a
    /// player's own cards.
    #[serde(default)]
    pub needs: Option<crate::state::Component>,
    /// A Move out of a room with Intruders is an Escape (p. 19): this many of them attack the
    /// character before the move, so the table is warned before it sends it. 0 for anything else.
    #[serde(default)]
    pub escape_attacks: u8,
    /// An Escape that can kill the character: some Intruder Attack card one of the attackers
    /// draws can end it, alone or after the hits before it (`escape_may_kill`): with 3 Serious
    /// Wounds any Wound kills (p. 21), an Adult's or bigger Intruder's Bite and a Frenzy kill at 2,
    /// the Queen's Tail Attack at 1 (the cards). Said with the Escape's warning (issue 31).
    #[serde(default)]
    pub escape_kills: bool,
    /// What a Pass does to the character at the end of the round, as the trial of the rules
    /// showed it: Fire in the room or a Bleeding wound gives a Light Wound (p. 17, the card), a
    /// third Light Wound becomes a Serious Wound, a wound after the third Serious one kills (p. 21).
    /// So the player is warned before passing (issue 32). `None` for a harmless Pass, for a Pass
    /// whose wound card the table draws (its trial stops there), and for anything else.
    #[serde(default)]
    pub pass_harm: Option<Harm>,
    /// Where `pass_harm` comes from, as the app knows it: the Fire in the room, the undressed
    /// Bleeding wound, or both (issue 31: the warning names them, not "Fire or Bleeding").
    #[serde(default)]
    pub harm_from: Vec<HarmFrom>,
    /// Not a Pass, yet it ends the character's round as one (the Antidote, the Surgery, as the
    /// trial of the rules showed): the player is warned before sending it, as for a Pass, and
    /// `pass_harm` says what that pass does. False for a Pass and anything else.
    #[serde(default)]
    pub ends_round: bool,
    /// The characters a thrown Grenade or Molotov Cocktail gives a Serious Wound: everyone in the
    /// room it lands in (the cards), the thrower too if it is their own. Said before it is sent.
    #[serde(default)]
    pub wounds_characters: Vec<Seat>,
    /// The room a tap on the map takes this offer for, as its command's `offer:` clause reads it
    /// off the command: a Move's destination (p. 13). `None` for what the map does not take (a
    /// Careful Movement asks for its Noise marker first, p. 14).
    #[serde(default)]
    pub map_room: Option<Location>,
}

/// The worst a step does to the acting character's body.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "snake_case")]
pub enum Harm {
    LightWound,
    SeriousWound,
    Death,
}

/// What wounds a character at the end of their round (p. 10): the Fire in their room (p. 17), at
/// every round's end; an undressed Bleeding wound (its Serious Wound card), at each Pass.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "snake_case")]
pub enum HarmFrom {
    Fire,
    Bleeding,
}

/// Whether an Escape from where `seat` stands can kill the character (p. 19: each Intruder there
/// attacks first, one card each, p. 20), `hand` cards left once the Move is paid: some run of the
/// Intruder Attack cards those Intruders can hit with ends it. Wounds as p. 21 counts them (a
/// third Light Wound becomes a Serious one, any Wound after the third Serious kills); the cards as
/// the rules resolve them (`rules::combat`): a Creeper's Transformation wounds no one, but the
/// Breeder it becomes attacks at once when the hand is empty (the card). Slime, Summoning and a
/// miss leave the character as it was. The deck's make-up is not read: any card in the box may
/// be drawn, so the warning can only err on the side of saying so.
pub fn escape_may_kill(state: &State, seat: Seat, hand: u8) -> bool {
    use crate::content::{AttackEffect, WeaknessEffect};
    type Wounds = (usize, u8); // Serious, Light
    let s = &state.seats[seat];
    let content = state.content();
    let way_of_fighting = state.weakness_known(WeaknessEffect::TheWayOfFighting);
    let breeder_free = state.intruders.iter().filter(|i| i.kind == IntruderKind::Breeder).count() < usize::from(content.data.pools.breeder_miniatures);
    let max_serious = usize::from(crate::rules::MAX_SERIOUS_WOUNDS);
    // Light Wounds, one by one: None once they kill.
    let light = |(serious, light): Wounds, n: u8| {
        (0..n).try_fold((serious, light), |(serious, light), _| match (serious >= max_serious, light >= crate::rules::MAX_LIGHT_WOUNDS) {
            (true, _) => None,
            (false, true) => Some((serious + 1, 0)),
            (false, false) => Some((serious, light + 1)),
        })
    };
    // A Serious Wound, unless the card kills outright at `kills_at` Serious Wounds.
    let serious = |(serious, light): Wounds, kills_at: usize| (serious < kills_at.min(max_serious)).then_some((serious + 1, light));
    // One card's outcome, None for a death.
    let effect_of = |kind: IntruderKind, effect: AttackEffect, at: Wounds| match effect {
        AttackEffect::Scratch => light(at, 1),
        AttackEffect::ClawAttack => light(at, 2),
        AttackEffect::Bite if kind == IntruderKind::Adult && way_of_fighting => light(at, 1),
        AttackEffect::Bite | AttackEffect::Frenzy => serious(at, 2),
        AttackEffect::TailAttack => serious(at, 1),
        AttackEffect::Transformation | AttackEffect::Slime | AttackEffect::Summoning => Some(at),
    };
    let cards_of = |kind: IntruderKind| content.data.attacks.iter().filter(move |c| c.symbols.contains(&kind));
    // What one attack by a `kind` can leave: a miss, or each card's outcome; after a Creeper's
    // Transformation into a free Breeder with the hand empty, also that Breeder's attack.
    let attack = |kind: IntruderKind, at: Wounds| {
        let mut out = vec![Some(at)];
        for card in cards_of(kind) {
            out.push(effect_of(kind, card.effect, at));
            if card.effect == AttackEffect::Transformation && kind == IntruderKind::Creeper && breeder_free && hand == 0 {
                out.extend(cards_of(IntruderKind::Breeder).map(|c| effect_of(IntruderKind::Breeder, c.effect, at)));
            }
        }
        out
    };
    // Every state the character can be in after each attack, the worst runs included; a death
    // ends the search. Few states: Serious 0–3 × Light 0–2.
    let mut states = vec![(s.serious.len(), s.light_wounds)];
    for kind in state.intruders_at(s.location).map(|i| i.kind) {
        let next: Option<Vec<Wounds>> = states.iter().flat_map(|at| attack(kind, *at)).collect();
        let Some(next) = next else { return true };
        states = next;
        states.sort_unstable();
        states.dedup();
    }
    false
}

/// The worst harm `seat` takes in a trial's events. Only whether a wound or a death happened is
/// read, never which card was drawn: those are public once they happen, and a Pass's are decided
/// by public facts (the room's Fire, the wounds on the board).
pub fn harm_of(events: &[crate::event::Event], seat: Seat) -> Option<Harm> {
    use crate::event::Event;
    events
        .iter()
        .filter_map(|e| match e {
            Event::CharacterDied { seat: s, .. } if *s == seat => Some(Harm::Death),
            Event::SeriousWoundDrawn { seat: s, .. } if *s == seat => Some(Harm::SeriousWound),
            Event::LightWoundsSet { seat: s, light, .. } if *s == seat && *light > 0 => Some(Harm::LightWound),
            _ => None,
        })
        .max()
}

/// The offers of the seat whose round it is, in a stable order: Moves, attacks, the room's own
/// Actions, then a card or Item Action and Pass. Empty outside a round.
pub fn offers(state: &State) -> Vec<Offer> {
    let Some(seat) = state.rounds.turn_of else { return Vec::new() };
    if state.phase != Phase::Player || state.attack_offer.is_some() {
        return Vec::new();
    }
    declared::candidates(state, seat).into_iter().filter_map(|command| judge(state, command)).collect()
}

/// A step the game waits for: the command to send, and the seat it is for when it names one.
/// The other fields are the form's to fill (the character kept, the quarantine, the verdict).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct NextStep {
    pub command: CommandType,
    pub seat: Option<Seat>,
    /// The characters a field of the step asks the table about, and only those: for the
    /// Coordinates, the hibernating ones whose objective only the table knows (Quarantine survives
    /// Mars, p. 11). Empty: the step asks the table nothing about anyone.
    #[serde(default)]
    pub asks: Vec<Seat>,
    /// The objective's judgement only (p. 11): what the app's records say of a "Met", found by
    /// trying it. `None`: nothing contradicts it, "Met" is offered as is.
    #[serde(default)]
    pub met: Option<MetRefused>,
}

/// A "Met" the app's records refuse, with the rules' own reason. `confirmable`: a play the app
/// keeps no record of could have done it, so the table may confirm it anyway (`overrule`);
/// otherwise only "Not met" is offered.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct MetRefused {
    pub reason: crate::rejection::Rejection,
    pub confirmable: bool,
}

/// The step (at most one) the game waits for now, outside the players' rounds: the draft in
/// player-number order (p. 5, step 17), ending the Player Phase once everyone passed (p. 10),
/// each Event Phase step in order (pp. 10–11), the victory check survivor by survivor (p. 11).
/// Empty while the Intruder player chooses an Intruder Attack card (nothing else can happen) and
/// during the rounds, whose Actions are `offers`.
pub fn next_steps(state: &State) -> Vec<NextStep> {
    let step = |command, seat| vec![NextStep { command, seat, asks: Vec::new(), met: None }];
    if state.attack_offer.is_some() {
        return Vec::new();
    }
    match state.phase {
        Phase::Draft => {
            // The lowest player number still without a character drafts next (the rules' order).
            let next = state.seats.iter().filter(|(_, s)| s.character.is_none()).min_by_key(|(_, s)| s.number).map(|(seat, s)| (seat, s.draft_offer.is_empty()));
            match next {
                Some((seat, true)) => step(CommandType::DraftDraw, Some(seat)),
                Some((seat, false)) => step(CommandType::DraftKeep, Some(seat)),
                None => Vec::new(),
            }
        }
        Phase::Player => {
            let all_passed = state.rounds.turn_of.is_none() && crate::rules::still_to_pass(state).next().is_none();
            if all_passed { step(CommandType::EndPlayerPhase, None) } else { Vec::new() }
        }
        // Eclosion's scans end step 7 (p. 10): the bag waits for them, and the step card says whose.
        Phase::Event { step: EventStep::BagDevelopment } if state.seats.iter().any(|(_, x)| x.eclosion_scan_due) => Vec::new(),
        Phase::Event { step: s } => step(
            match s {
                EventStep::TimeTrack => CommandType::AdvanceTime,
                EventStep::IntruderAttack => CommandType::ResolveIntruderAttacks,
                EventStep::FireDamage => CommandType::ResolveFireDamage,
                EventStep::EventCard => CommandType::ResolveEventCard,
                EventStep::BagDevelopment => CommandType::DevelopBag,
            },
            None,
        ),
        Phase::Over { check, .. } => match check {
            VictoryStep::Engines => step(CommandType::RevealEngines, None),
            VictoryStep::Coordinates => {
                // The app reads an objective it holds itself (`rules::victory`): only a sleeper
                // whose kept objective is the table's can be asked whether it is Quarantine.
                let asks = state
                    .turn_order()
                    .into_iter()
                    .filter(|s| state.seats[*s].life == Life::Hibernating && !matches!(state.seats[*s].objective, ObjectiveChoice::Chosen(Some(_))))
                    .collect();
                vec![NextStep { command: CommandType::RevealCoordinates, seat: None, asks, met: None }]
            }
            VictoryStep::Contamination => {
                let survivor = |s: &Seat| matches!(state.seats[*s].life, Life::Hibernating | Life::Escaped);
                match state.turn_order().into_iter().find(|s| survivor(s) && !state.seats[*s].contamination_checked) {
                    Some(seat) => step(CommandType::CheckContamination, Some(seat)),
                    None => Vec::new(),
                }
            }
            VictoryStep::Objectives => {
                // Each judged objective is revealed, then judged, in turn order.
                match state.judged_seats().into_iter().find(|s| state.seats[*s].objective_met.is_none()) {
                    Some(seat) if state.seats[seat].objective_revealed => {
                        vec![NextStep { command: CommandType::JudgeObjective, seat: Some(seat), asks: Vec::new(), met: met_refused(state, seat) }]
                    }
                    Some(seat) => step(CommandType::RevealObjective, Some(seat)),
                    None => Vec::new(),
                }
            }
            VictoryStep::Done => Vec::new(),
        },
    }
}

/// A "Met" for `seat`'s objective tried as the table would send it, plain then confirmed: the
/// rules' refusal, if any, and whether their overrule is accepted.
fn met_refused(state: &State, seat: Seat) -> Option<MetRefused> {
    let trial = |overrule| apply(Some(state), &mut Fate::seeded(0), Actor::Table, &Command::JudgeObjective { seat, met: true, overrule }, &[]);
    let reason = trial(false).err()?;
    Some(MetRefused { reason, confirmable: trial(true).is_ok() })
}

fn judge(state: &State, command: Command) -> Option<Offer> {
    // A throwaway generator: the trial's draws are discarded with its copy of the state.
    let mut fate = Fate::seeded(0);
    let (needs, trial) = match apply(Some(state), &mut fate, Actor::Table, &command, &[]) {
        Ok(applied) => (None, Some(applied)),
        Err(r) if r.code == Code::ResultNeeded => (Some(r.needs), None),
        Err(_) => return None,
    };
    // What the offer warns of is its command's declaration (`Offered::warns`), about its seat.
    let declared = offered(command.kind());
    let warns = declared.map_or(Warns::Nothing, |o| o.warns);
    let map_room = declared.and_then(|o| o.on_map).and_then(|room| room(&command));
    let seat = crate::rules::command_seat(&command);
    // Any other step whose trial ends its player's round (the Antidote, a Hibernation) says so,
    // with what the round's end brings, as a Pass does.
    let ends_round = match (warns, &trial) {
        (Warns::Harm, _) | (_, None) => false,
        (_, Some(applied)) => {
            let turn = state.rounds.turn_of;
            applied.events.iter().any(|e| matches!(e, crate::event::Event::RoundEnded { seat: s, passed: true } if Some(*s) == turn))
        }
    };
    let pass_harm = match (warns, seat, &trial) {
        (Warns::Harm, Some(seat), Some(applied)) => harm_of(&applied.events, seat),
        // Only what the round's end brings: the Surgery's own Light Wound (p. 25) is the step's,
        // not the pass's, so "passing gives a Light Wound" would name the wrong cause (issue 31).
        (_, _, Some(applied)) if ends_round => state.rounds.turn_of.and_then(|turn| {
            let end = applied.events.iter().position(|e| matches!(e, crate::event::Event::RoundEnded { seat: s, passed: true } if *s == turn)).unwrap_or(0);
            harm_of(&applied.events[end..], turn)
        }),
        _ => None,
    };
    let escape_attacks = match (warns, seat) {
        (Warns::Escape, Some(seat)) => state.intruders_at(state.seats[seat].location).count().min(u8::MAX.into()) as u8,
        _ => 0,
    };
    let escape_kills = escape_attacks > 0 && seat.is_some_and(|s| escape_may_kill(state, s, state.seats[s].hand.saturating_sub(action_cost(state, &command).unwrap_or(0))));
    // The causes, read from the public board: the Fire marker, the wound card face up.
    let harm_from = match (pass_harm, state.rounds.turn_of) {
        (Some(_), Some(turn)) => {
            let s = &state.seats[turn];
            let content = state.content();
            let fire = state.room(s.location).fire;
            let bleeding = s.serious.iter().any(|w| !w.dressed && content.data.serious_wounds.get(w.card.0 as usize).is_some_and(|c| c.key == "bleeding"));
            [(fire, HarmFrom::Fire), (bleeding, HarmFrom::Bleeding)].into_iter().filter(|(on, _)| *on).map(|(_, h)| h).collect()
        }
        _ => Vec::new(),
    };
    let wounds_characters = match &command {
        Command::UseCard { effect: CardEffect::ThrowGrenade | CardEffect::ThrowMolotov, room: Some(room), .. } => state.characters_at(*room),
        _ => Vec::new(),
    };
    let needs_result = needs.is_some();
    Some(Offer { cost: action_cost(state, &command), command, needs_result, needs: needs.flatten(), escape_attacks, escape_kills, pass_harm, harm_from, ends_round, wounds_characters, map_room })
}
