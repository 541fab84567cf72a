//! The rules: `apply` turns one command into events, or refuses it. It works on a copy of the
//! state (folding each event as it is emitted, so later steps see earlier ones) and on a copy of
//! the generator, so a refusal changes nothing at all.

mod board;
mod combat;
mod setup;
mod ship;
mod turn;

use crate::command::{Command, Entered};
use crate::content::{Blood, Content};
use crate::event::Event;
use crate::fate::Fate;
use crate::ids::*;
use crate::log::LogParam;
use crate::rejection::{key_of, refuse, refuse_with, Code, Outcome, Rejection};
use crate::state::*;

/// Applies one command. On success returns the events, in order; `state` and `fate` are untouched
/// by a refusal. The caller folds the events (or takes `Applied::state`) after storing them.
pub fn apply(state: Option<&State>, fate: &mut Fate, actor: Actor, command: &Command, entered: &[Entered]) -> Outcome<Applied> {
    let mut working_fate = fate.clone();
    let applied = match (state, command) {
        (None, Command::SetUp(opts)) => setup::set_up(&mut working_fate, actor, opts, entered)?,
        (None, _) => return refuse(Code::WrongPhase, "No game is set up yet: start with the setup."),
        (Some(_), Command::SetUp(_)) => return refuse(Code::WrongPhase, "This game is already set up."),
        (Some(s), _) => {
            let mut ctx = Ctx::new(s.clone(), &mut working_fate, entered);
            ctx.dispatch(actor, command)?;
            ctx.settle_first_death(s.first_dead);
            ctx.finish()?
        }
    };
    *fate = working_fate;
    Ok(applied)
}

/// What an accepted command produced.
#[derive(Clone, Debug)]
pub struct Applied {
    pub events: Vec<Event>,
    /// The state after folding `events` (the same as folding them onto the old state).
    pub state: State,
}

pub(crate) struct Ctx<'a> {
    pub s: State,
    pub fate: &'a mut Fate,
    entered: Vec<Option<Entered>>,
    pub events: Vec<Event>,
    pub c: &'static Content,
}

impl<'a> Ctx<'a> {
    pub fn new(s: State, fate: &'a mut Fate, entered: &[Entered]) -> Ctx<'a> {
        Ctx { s, fate, entered: entered.iter().cloned().map(Some).collect(), events: Vec::new(), c: Content::base() }
    }

    pub fn emit(&mut self, e: Event) {
        self.s.fold(&e);
        self.events.push(e);
    }

    /// Characters who die in the same step die together: the lower player number counts as the
    /// first death, the one who may take the Intruders (p. 27).
    fn settle_first_death(&mut self, before: Option<Seat>) {
        if before.is_some() {
            return;
        }
        let together = self.events.iter().filter_map(|e| match e {
            Event::CharacterDied { seat, .. } => Some(*seat),
            _ => None,
        });
        let lowest = together.min_by_key(|seat| self.s.seats[*seat].number);
        if let Some(seat) = lowest.filter(|seat| self.s.first_dead != Some(*seat)) {
            self.emit(Event::FirstDeathSettled { seat });
        }
    }

    pub fn finish(self) -> Outcome<Applied> {
        if let Some(left) = self.entered.iter().flatten().next() {
            return refuse_with(
                Code::BadResult,
                "An entered {what} was not used by this step: nothing was changed.",
                vec![("what", LogParam::Term { key: format!("entered.{}", left.kind()), en: left.what().to_string() })],
            );
        }
        if let Err(broken) = self.s.check_invariants() {
            // A command that would break the bookkeeping is refused rather than stored.
            return refuse_with(Code::NotAllowed, "That would leave the game inconsistent ({broken}); nothing was changed.", vec![("broken", LogParam::text(broken.to_string()))]);
        }
        Ok(Applied { events: self.events, state: self.s })
    }

    pub fn handles(&self, c: Component) -> bool {
        self.s.config.handles(c)
    }

    /// Takes the first entered result that `pick` accepts.
    pub fn take<T>(&mut self, pick: impl Fn(&Entered) -> Option<T>) -> Option<T> {
        for slot in self.entered.iter_mut() {
            if let Some(e) = slot {
                if let Some(t) = pick(e) {
                    *slot = None;
                    return Some(t);
                }
            }
        }
        None
    }

    pub fn need<T>(&self, comp: Component, what: &str) -> Outcome<T> {
        let what = LogParam::Term { key: format!("need.{}", key_of(what)), en: what.to_string() };
        let mut r = Rejection::with(Code::ResultNeeded, "The table keeps the {component}: enter the {what} from there.", vec![("component", LogParam::of("component", &comp, comp.name())), ("what", what)]);
        r.needs = Some(comp);
        Err(r)
    }

    pub fn seat(&self, seat: Seat) -> Outcome<&SeatState> {
        self.s
            .seats
            .get(seat)
            .ok_or_else(|| Rejection::with(Code::NoSuchThing, "There is no seat {seat} at this table.", vec![("seat", LogParam::number(u16::from(seat.0) + 1))]))
    }


    /// The seat must be a character still on board and able to act.
    pub fn awake(&self, seat: Seat) -> Outcome<()> {
        let s = self.seat(seat)?;
        if s.life != Life::Awake {
            return refuse_with(Code::NotAllowed, "{player}'s character is not awake on board.", vec![("player", LogParam::text(s.name.clone()))]);
        }
        Ok(())
    }

    pub fn location(&self, at: Location) -> Outcome<Location> {
        if at.0 == 0 || at.0 as usize > self.c.data.locations.len() {
            return refuse_with(Code::NoSuchThing, "There is no room {room} on the board.", vec![("room", LogParam::number(at.0))]);
        }
        Ok(at)
    }

    pub fn intruder(&self, id: IntruderId) -> Outcome<Intruder> {
        self.s
            .intruder(id)
            .cloned()
            .ok_or_else(|| Rejection::new(Code::NoSuchThing, "That Intruder is not on the board."))
    }

    // ---- dice ----

    pub fn roll_noise(&mut self) -> Outcome<NoiseFace> {
        if let Some(f) = self.take(|e| match e {
            Entered::Noise { face } => Some(*face),
            _ => None,
        }) {
            return Ok(f);
        }
        if !self.handles(Component::Dice) {
            return self.need(Component::Dice, "Noise roll");
        }
        let faces = &self.c.data.noise_die;
        Ok(faces[self.fate.index(faces.len())])
    }

    pub fn roll_combat(&mut self) -> Outcome<CombatFace> {
        if let Some(f) = self.take(|e| match e {
            Entered::Combat { face } => Some(*face),
            _ => None,
        }) {
            return Ok(f);
        }
        if !self.handles(Component::Dice) {
            return self.need(Component::Dice, "Combat roll");
        }
        let faces = &self.c.data.combat_die;
        Ok(faces[self.fate.index(faces.len())])
    }

    // ---- decks ----

    /// Shuffles a pile into a new order, recorded in the event so replay never shuffles.
    pub fn shuffled(&mut self, mut cards: Vec<u8>) -> Vec<u8> {
        self.fate.shuffle(&mut cards);
        cards
    }

    /// Draws an Intruder Attack card: the top card, or the card entered from the table.
    /// Reshuffles the discard pile first when the deck is empty (manual p. 20).
    pub fn draw_attack(&mut self, purpose: crate::event::AttackDraw) -> Outcome<AttackCardId> {
        if self.s.attacks.draw.is_empty() {
            let order = self.shuffled(self.s.attacks.discard.iter().map(|c| c.0).collect());
            if order.is_empty() {
                return refuse(Code::Empty, "No Intruder Attack card is left in the deck or its discard pile.");
            }
            self.emit(Event::DeckReshuffled { deck: DeckKind::Attack, order });
        }
        let entered = self.take(|e| match e {
            Entered::AttackCard { key, blood } => Some((key.clone(), *blood)),
            _ => None,
        });
        let card = match entered {
            Some((key, blood)) => {
                let found = self.s.attacks.draw.iter().rev().copied().find(|id| {
                    let a = self.c.attack(*id);
                    a.key == key && blood.is_none_or(|b| b == a.blood)
                });
                match found {
                    Some(id) => id,
                    None => {
                        return refuse_with(Code::BadResult, "No '{key}' card of that value is left in the Intruder Attack deck.", vec![("key", LogParam::text(key.clone()))])
                    }
                }
            }
            None if self.handles(Component::AttackDeck) => *self.s.attacks.draw.last().expect("reshuffled above"),
            None => return self.need(Component::AttackDeck, "Intruder Attack card"),
        };
        self.emit(Event::AttackCardDrawn { card, purpose });
        Ok(card)
    }

    pub fn blood(&self, card: AttackCardId) -> Blood {
        self.c.attack(card).blood
    }

    /// Draws an Event card (top, or entered); reshuffles the discard pile when the deck is empty (p. 10).
    pub fn draw_event(&mut self, purpose: crate::event::EventDraw) -> Outcome<EventCardId> {
        if self.s.events.draw.is_empty() {
            let order = self.shuffled(self.s.events.discard.iter().map(|c| c.0).collect());
            if order.is_empty() {
                return refuse(Code::Empty, "No Event card is left in the deck or its discard pile.");
            }
            self.emit(Event::DeckReshuffled { deck: DeckKind::Event, order });
        }
        let entered = self.take(|e| match e {
            Entered::EventCard { key } => Some(key.clone()),
            _ => None,
        });
        let card = match entered {
            Some(key) => match self.s.events.draw.iter().copied().find(|id| self.c.event(*id).key == key) {
                Some(id) => id,
                None => return refuse_with(Code::BadResult, "The Event card '{key}' is not in the Event deck.", vec![("key", LogParam::text(key.clone()))]),
            },
            None if self.handles(Component::EventDeck) => *self.s.events.draw.last().expect("reshuffled above"),
            None => return self.need(Component::EventDeck, "Event card"),
        };
        self.emit(Event::EventCardDrawn { card, purpose });
        Ok(card)
    }

    pub fn draw_wound(&mut self, seat: Seat) -> Outcome<()> {
        if self.s.wounds.draw.is_empty() {
            let order = self.shuffled(self.s.wounds.discard.iter().map(|c| c.0).collect());
            if order.is_empty() {
                return refuse(Code::Empty, "No Serious Wound card is left.");
            }
            self.emit(Event::DeckReshuffled { deck: DeckKind::SeriousWound, order });
        }
        let entered = self.take(|e| match e {
            Entered::SeriousWound { key } => Some(key.clone()),
            _ => None,
        });
        let card = match entered {
            Some(key) => {
                let kind = self.c.data.serious_wounds.iter().position(|w| w.key == key);
                match kind.and_then(|k| self.s.wounds.draw.iter().copied().find(|c| c.0 as usize == k)) {
                    Some(c) => c,
                    None => return refuse_with(Code::BadResult, "No '{key}' card is left in the Serious Wound deck.", vec![("key", LogParam::text(key.clone()))]),
                }
            }
            None if self.handles(Component::SeriousWoundDeck) => *self.s.wounds.draw.last().expect("reshuffled above"),
            None => return self.need(Component::SeriousWoundDeck, "Serious Wound card"),
        };
        self.emit(Event::SeriousWoundDrawn { seat, card });
        Ok(())
    }

    fn dispatch(&mut self, actor: Actor, command: &Command) -> Outcome<()> {
        use Command::*;
        // Who may send what: a seat acts only for itself; the table acts for anyone (through the
        // pass-the-device curtain for private results).
        if let Actor::Seat(a) = actor {
            if let Some(target) = command_seat(command) {
                if target != a {
                    return refuse(Code::NotYourSeat, "You can only act for your own seat.");
                }
            } else if !matches!(command, EndPlayerPhase) {
                return refuse(Code::NotYourSeat, "Only the table screen can do that.");
            }
            if matches!(command, JudgeObjective { .. }) {
                return refuse(Code::NotYourSeat, "The table judges objectives together, on the table screen.");
            }
        }
        if let Phase::Over { .. } = self.s.phase {
            if !matches!(command, RevealEngines | RevealCoordinates { .. } | CheckContamination { .. } | RevealObjective { .. } | JudgeObjective { .. }) {
                return refuse(Code::GameOver, "The game is over: only the victory check remains.");
            }
        } else if self.s.phase == Phase::Draft && !matches!(command, DraftDraw { .. } | DraftKeep { .. }) {
            return refuse(Code::WrongPhase, "Finish the character draft first.");
        } else if self.s.attack_offer.is_some() && !matches!(command, ChooseAttackCard { .. }) {
            // The drawn cards are in the Intruder player's hand: nothing else happens until one is chosen.
            return refuse(Code::WrongPhase, "The Intruder player is choosing an Intruder Attack card: wait for their choice.");
        }
        match command {
            SetUp(_) => refuse(Code::WrongPhase, "This game is already set up."),
            DraftDraw { seat } => setup::draft_draw(self, *seat),
            DraftKeep { seat, character } => setup::draft_keep(self, *seat, character),
            EndPlayerPhase => turn::end_player_phase(self),
            AdvanceTime => turn::advance_time(self),
            ResolveIntruderAttacks => turn::intruder_attacks(self),
            ResolveFireDamage => turn::fire_damage(self),
            ResolveEventCard => turn::event_card(self),
            DevelopBag => turn::develop_bag(self),
            SetHandSize { seat, cards } => {
                self.seat(*seat)?;
                if *cards > 20 {
                    return refuse(Code::NotAllowed, "No hand holds that many cards.");
                }
                self.emit(Event::HandSizeSet { seat: *seat, cards: *cards });
                Ok(())
            }
            MoveCharacter { seat, to, careful_noise } => board::move_character(self, *seat, *to, *careful_noise),
            PlaceCharacter { seat, at } => {
                self.awake(*seat)?;
                let at = self.location(*at)?;
                self.emit(Event::CharacterMoved { seat: *seat, to: at });
                Ok(())
            }
            NoiseRoll { seat } => {
                self.awake(*seat)?;
                board::noise_roll(self, *seat).map(|_| ())
            }
            Encounter { seat } => {
                self.awake(*seat)?;
                board::encounter(self, *seat).map(|_| ())
            }
            SetNoise { spot, on } => board::set_noise(self, *spot, *on),
            SetDoor { corridor, state } => board::set_door(self, *corridor, *state),
            SetFire { at, on } => board::set_fire(self, *at, *on),
            SetMalfunction { at, on } => board::set_malfunction(self, *at, *on),
            RollDice { die, count } => board::roll_dice(self, *die, *count),
            PlaceIntruder { kind, at } => {
                let at = self.location(*at)?;
                board::place_intruder(self, *kind, at, None).map(|_| ())
            }
            MoveIntruder { id, corridor } => {
                self.intruder(*id)?;
                if !(1..=4).contains(corridor) {
                    return refuse(Code::NoSuchThing, "Corridor numbers run from 1 to 4.");
                }
                board::move_intruders(self, &[*id], *corridor);
                Ok(())
            }
            AttackCharacter { id, target } => combat::attack_command(self, *id, *target),
            InjureIntruder { id, injuries } => {
                self.intruder(*id)?;
                if *injuries == 0 || *injuries > 10 {
                    return refuse(Code::NotAllowed, "Give between 1 and 10 Injuries.");
                }
                combat::injure(self, *id, *injuries)
            }
            IntruderFlees { id } => {
                self.intruder(*id)?;
                combat::flee(self, *id)
            }
            KillIntruder { id } => {
                self.intruder(*id)?;
                self.emit(Event::IntruderKilled { id: *id });
                Ok(())
            }
            Wound { seat, light, serious } => {
                self.awake_or_in_pod(*seat)?;
                // Summed wide: two fields of up to 255 each must not overflow before the check.
                let total = u16::from(*light) + u16::from(*serious);
                if total == 0 || total > 6 {
                    return refuse(Code::NotAllowed, "Give between 1 and 6 Wounds.");
                }
                combat::light_wounds(self, *seat, *light)?;
                for _ in 0..*serious {
                    combat::serious_wound(self, *seat)?;
                }
                Ok(())
            }
            DressSeriousWound { seat, index } => combat::dress(self, *seat, *index),
            HealSeriousWound { seat, index } => combat::heal_serious(self, *seat, *index),
            HealLightWounds { seat, count } => combat::heal_light(self, *seat, *count),
            SetSlime { seat, on } => {
                self.awake_or_in_pod(*seat)?;
                if self.s.seats[*seat].slime != *on {
                    self.emit(Event::SlimeSet { seat: *seat, on: *on });
                }
                Ok(())
            }
            SendSignal { seat } => {
                self.awake(*seat)?;
                if self.s.seats[*seat].signal {
                    return refuse(Code::NotAllowed, "This character has already sent the Signal.");
                }
                self.emit(Event::SignalSent { seat: *seat });
                Ok(())
            }
            KillCharacter { seat } => {
                self.awake_or_in_pod(*seat)?;
                combat::kill(self, *seat, crate::event::DeathCause::Table)
            }
            Shoot { seat, id } => combat::character_attacks(self, *seat, *id, false),
            MeleeAttack { seat, id } => combat::character_attacks(self, *seat, *id, true),
            ReviveCharacter { seat } => combat::revive(self, *seat),
            BecomeIntruderPlayer { seat } => turn::become_intruder_player(self, *seat),
            IntruderPlayerAttack { seat, id, target, card_number } => combat::intruder_player_attack(self, *seat, *id, *target, *card_number),
            ChooseAttackCard { seat, card } => combat::choose_attack_card(self, *seat, *card),
            GiveContamination { seat, count } => {
                self.awake_or_in_pod(*seat)?;
                if *count == 0 || *count > 4 {
                    return refuse(Code::NotAllowed, "Give between 1 and 4 Contamination cards.");
                }
                if self.s.contamination.draw.is_empty() {
                    return refuse(Code::Empty, "The Contamination deck is empty: no card is left to give.");
                }
                for _ in 0..*count {
                    combat::give_contamination(self, *seat);
                }
                Ok(())
            }
            ScanContamination { seat, cards, procedure } => combat::scan(self, *seat, cards, *procedure),
            CheckEngine { seat, engine } => ship::check_engine(self, *seat, *engine),
            CheckAllEngines { seat } => ship::check_all_engines(self, *seat),
            BeginEngineRepair { seat, engine } => ship::begin_repair(self, *seat, *engine),
            SetEngineOrder { seat, top } => ship::set_engine_order(self, *seat, *top),
            ReportEngineOrder { seat, engine, changed } => ship::report_engine_order(self, *seat, *engine, *changed),
            CheckCoordinates { seat } => ship::check_coordinates(self, *seat),
            SetDestination { seat, letter } => ship::set_destination(self, *seat, *letter),
            StartSelfDestruct { seat } => ship::start_self_destruct(self, *seat),
            StopSelfDestruct { seat } => ship::stop_self_destruct(self, *seat),
            SetPodLock { pod, locked } => ship::set_pod_lock(self, *pod, *locked),
            TryEnterPod { seat, pod } => ship::try_enter_pod(self, *seat, *pod),
            LaunchPod { pod } => ship::launch_pod(self, *pod),
            LeavePod { seat } => ship::leave_pod(self, *seat),
            TryHibernate { seat } => ship::try_hibernate(self, *seat),
            ChooseObjective { seat, objective } => ship::choose_objective(self, *seat, objective.as_deref()),
            TakeEgg { seat } => board::take_egg(self, *seat),
            DestroyEggs { seat, count } => board::destroy_eggs(self, *seat, *count),
            DropEggs { seat } => board::drop_eggs(self, *seat),
            Research { seat, object } => ship::research(self, *seat, *object),
            PeekRoom { seat, at } => ship::peek_room(self, *seat, *at),
            SearchRoom { seat } => board::search_room(self, *seat),
            RevealEngines => turn::reveal_engines(self),
            RevealCoordinates { quarantine } => turn::reveal_coordinates(self, quarantine),
            CheckContamination { seat } => turn::check_contamination(self, *seat),
            RevealObjective { seat } => turn::reveal_objective(self, *seat),
            JudgeObjective { seat, met } => turn::judge_objective(self, *seat, *met),
        }
    }

    pub fn awake_or_in_pod(&self, seat: Seat) -> Outcome<()> {
        let s = self.seat(seat)?;
        if !s.life.is_awake_on_board() {
            return refuse_with(Code::NotAllowed, "{player}'s character is no longer on board.", vec![("player", LogParam::text(s.name.clone()))]);
        }
        Ok(())
    }
}

/// The seat a command acts for, if it names one.
pub fn command_seat(command: &Command) -> Option<Seat> {
    use Command::*;
    match command {
        DraftDraw { seat }
        | DraftKeep { seat, .. }
        | SetHandSize { seat, .. }
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
