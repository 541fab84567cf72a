//! Card and Item Actions the engine guides (pp. 12–13, 22): which Action cards and Items can do what
//! here, what each costs, and carrying out the effect chosen. The table shows the card; the app
//! never needs to know what else the hand holds. The cards' own texts are not in the manual: they
//! come from the card reference (docs/cards.md, graded there).

use super::ctx::Ctx;
use super::{combat, contamination, corridors, fire, rooms, systems, wounds};
use crate::command::*;
use crate::event::*;
use crate::ids::*;
use crate::rejection::{refuse, Code, Outcome};
use crate::state::*;

/// The characters whose Action deck holds this Action card; `None` for an Item (anyone may hold
/// one) and for Rest (in every deck).
fn owners(card: PlayedCard) -> Option<&'static [&'static str]> {
    const EVERYONE: &[&str] = &["captain", "soldier", "scout", "pilot", "scientist", "mechanic"];
    match card {
        PlayedCard::BasicRepairs => Some(&["captain", "soldier", "scout"]),
        PlayedCard::Repairs => Some(&["pilot", "scientist"]),
        PlayedCard::FastRepairs | PlayedCard::Pyrotechnics | PlayedCard::Ingenuity => Some(&["mechanic"]),
        PlayedCard::Demolition => Some(EVERYONE),
        PlayedCard::ComputerSkills => Some(&["pilot", "scientist", "mechanic"]),
        PlayedCard::KnowledgeOfTheShip => Some(&["pilot"]),
        PlayedCard::BlockingAccess => Some(&["scientist"]),
        PlayedCard::Scavenging => Some(&["scout"]),
        PlayedCard::Motivation => Some(&["captain"]),
        // Named one by one, no catch-all: a new card must say whose deck holds it (issue 30).
        PlayedCard::Rest => None,
        PlayedCard::Tools
        | PlayedCard::DuctTape
        | PlayedCard::Bandages
        | PlayedCard::Medkit
        | PlayedCard::Clothes
        | PlayedCard::Antidote
        | PlayedCard::EnergyCharge
        | PlayedCard::FireExtinguisher
        | PlayedCard::Grenade
        | PlayedCard::MolotovCocktail
        | PlayedCard::Taser
        | PlayedCard::SyntheticFood
        | PlayedCard::SelfDestructKey
        | PlayedCard::EvacuationKey
        | PlayedCard::Alcohol
        | PlayedCard::CommsKey => None,
    }
}

/// An Action card (its own card is discarded with its cost, p. 13), not an Item (p. 22).
pub fn is_action_card(card: PlayedCard) -> bool {
    card == PlayedCard::Rest || owners(card).is_some()
}

/// Whether the card bears the "Out of Combat Only" icon (p. 12): not played with an Intruder in
/// the room. The Bandages bear it (p. 22's example, A), and so do the Repairs cards (p. 13's
/// example, A); the other cards as docs/cards.md grades them (B). No card here is In Combat Only.
fn out_of_combat_only(card: PlayedCard) -> bool {
    use PlayedCard::*;
    match card {
        // No icon: playable in Combat or out of it.
        Demolition | Motivation | EnergyCharge | FireExtinguisher | Grenade | MolotovCocktail | Taser => false,
        // Rest bears the icon in the one source that lists the icons (rules-deviations 32).
        Rest | BasicRepairs | Repairs | FastRepairs | Ingenuity | ComputerSkills | KnowledgeOfTheShip | BlockingAccess | Pyrotechnics | Scavenging => true,
        Tools | DuctTape | Bandages | Medkit | Clothes | Antidote | SyntheticFood | SelfDestructKey | Alcohol | CommsKey => true,
        EvacuationKey => false,
    }
}

/// What each card may do, its [OR] choices (p. 13).
pub fn effects(card: PlayedCard) -> &'static [CardEffect] {
    use CardEffect::*;
    match card {
        PlayedCard::BasicRepairs | PlayedCard::Repairs | PlayedCard::FastRepairs | PlayedCard::Ingenuity => &[RepairMalfunction, RepairEngine],
        PlayedCard::DuctTape => &[RepairMalfunction, RepairEngine, CombineHeavyItems],
        PlayedCard::Tools => &[RepairMalfunction, RepairEngine, ToggleDoor],
        PlayedCard::Rest | PlayedCard::Antidote | PlayedCard::Alcohol => &[Scan],
        PlayedCard::Bandages => &[DressSerious, HealLight],
        // Not every Light Wound: one source (AR) adds it, the English text does not (rules-deviations 50).
        PlayedCard::Medkit => &[DressSerious, HealDressed],
        PlayedCard::Clothes => &[DiscardSlime, DressSerious],
        PlayedCard::EnergyCharge => &[ReloadEnergy, ToggleDoor],
        PlayedCard::FireExtinguisher => &[PutOutFire, DriveOffIntruder],
        PlayedCard::Demolition => &[DestroyDoor, PlaceMalfunction],
        PlayedCard::ComputerSkills | PlayedCard::KnowledgeOfTheShip => &[ToggleDoor],
        PlayedCard::BlockingAccess => &[PlaceMalfunction],
        PlayedCard::Pyrotechnics => &[StartFire, PutOutFire],
        PlayedCard::Scavenging => &[Scavenge],
        PlayedCard::Motivation => &[EveryoneDraws],
        PlayedCard::Grenade => &[ThrowGrenade],
        PlayedCard::MolotovCocktail => &[ThrowMolotov],
        PlayedCard::Taser => &[StunIntruder, EmptyHand],
        PlayedCard::SyntheticFood => &[DrawTwo],
        PlayedCard::SelfDestructKey => &[ToggleSelfDestruct],
        PlayedCard::EvacuationKey => &[TogglePodLock],
        PlayedCard::CommsKey => &[SeeObjective],
    }
}

/// Whether an Item is One Use Only (p. 22), its card discarded once used. The Tools (a yellow,
/// Technical Item) and the two Keys (the Evacuation and the Comms Key, red, Military Item cards)
/// bear no such mark: they are kept and may be used again (docs/cards.md), so their line must not
/// call them used up.
pub fn one_use(card: PlayedCard) -> bool {
    !is_action_card(card) && !matches!(card, PlayedCard::Tools | PlayedCard::EvacuationKey | PlayedCard::CommsKey)
}

/// Action cards discarded for it (p. 12): an Action card counts itself and its printed cost
/// (Basic Repairs 2 more, p. 13; Repairs, Pyrotechnics and Scavenging 1; the others none); an Item
/// its cost (1, p. 22), 1 more with an undressed Hand wound (its Serious Wound card).
pub fn cost(state: &State, seat: Seat, card: PlayedCard) -> u8 {
    let printed = match card {
        PlayedCard::BasicRepairs => 3,
        PlayedCard::Repairs | PlayedCard::Pyrotechnics | PlayedCard::Scavenging => 2,
        _ => 1,
    };
    let content = state.content();
    let hand = state.seats.get(seat).is_some_and(|s| s.serious.iter().any(|w| !w.dressed && content.data.serious_wounds.get(w.card.0 as usize).is_some_and(|c| c.key == "hand")));
    printed + u8::from(!is_action_card(card) && hand)
}

/// The Engine whose room the character stands in, if any.
fn engine_here(ctx: &Ctx, at: Location) -> Option<EngineNumber> {
    EngineNumber::ALL.into_iter().find(|e| ctx.content.engine_location(*e) == Some(at))
}

/// Whether the room is explored and its tile has a working Computer (the Room sheet's icon; a
/// Malfunction marker makes it unavailable, p. 24).
pub fn has_computer(state: &State, at: Location) -> bool {
    let r = state.room(at);
    r.explored && !r.malfunction && r.tile.is_some_and(|t| state.content().tile(t).computer)
}

/// What a card's effect acts on: the Serious Wound a dressing dresses (its place among the
/// character's), the Contamination cards in the hand (those Rest scans; for the Antidote, those
/// whose removal leaves the hand), the Door, the Intruder, the room, another character, a pod.
pub struct Target<'a> {
    pub wound: Option<u8>,
    pub cards: &'a [ContaminationId],
    pub corridor: Option<CorridorId>,
    pub intruder: Option<IntruderId>,
    pub room: Option<Location>,
    pub target: Option<Seat>,
    pub pod: Option<PodNumber>,
}

/// The Door of one of the corridors of `at` the card names; refused for any other.
fn door_here(ctx: &Ctx, at: Location, corridor: Option<CorridorId>) -> Outcome<(CorridorId, DoorState)> {
    let here: Vec<CorridorId> = ctx.content.board.neighbours(at).into_iter().map(|(_, c)| c).collect();
    match corridor.filter(|c| here.contains(c)) {
        Some(c) => Ok((c, ctx.state.board.doors[c.0 as usize])),
        None => refuse(Code::NotAllowed, "choose_a_door_of_a_corridor_of_this_room", "Choose the Door of one of the corridors of this room."),
    }
}

/// Plays `card` for `effect` on `target`. Rest's cards are those in hand, chosen on the player's
/// phone; none from the table, and the phone is asked (`HandScanDue`).
pub(super) fn use_card(ctx: &mut Ctx, seat: Seat, card: PlayedCard, effect: CardEffect, target: Target) -> Outcome<()> {
    let Target { wound, cards, .. } = target;
    ctx.awake(seat)?;
    if !effects(card).contains(&effect) {
        return refuse(Code::NotAllowed, "that_card_does_not_do_that", "That card does not do that: choose one of its own effects.");
    }
    let s = &ctx.state.seats[seat];
    if let Some(owners) = owners(card) {
        let key = s.character.and_then(|c| ctx.content.data.characters.get(c.0 as usize)).map(|c| c.key.as_str());
        if !key.is_some_and(|k| owners.contains(&k)) {
            return refuse(Code::NotAllowed, "that_action_card_is_not_in_this_character_s_deck", "That Action card is not in this character's Action deck.");
        }
    }
    // Action cards and Items alike (pp. 12, 22): an Out of Combat Only card waits for an empty room.
    if out_of_combat_only(card) && ctx.state.in_combat(seat) {
        return refuse(Code::NotAllowed, "that_card_is_out_of_combat_only", "That card is Out of Combat Only: not with an Intruder in the room.");
    }
    let at = s.location;
    ctx.emit(Event::TableDoes { seat, task: TableTask::ShowCard { card } });
    let s = &ctx.state.seats[seat];
    match effect {
        CardEffect::RepairMalfunction => {
            if !ctx.state.room(at).malfunction {
                return refuse(Code::NotAllowed, "there_is_no_malfunction_in_this_room", "There is no Malfunction in this room.");
            }
            ctx.emit(Event::MalfunctionRemoved { at });
        }
        CardEffect::RepairEngine => {
            let Some(engine) = engine_here(ctx, at) else {
                return refuse(Code::NotAllowed, "an_engine_is_repaired_in_its_own_room", "An Engine is repaired or broken in its own room.");
            };
            systems::begin_repair(ctx, seat, engine)?;
        }
        CardEffect::DressSerious => match wound {
            Some(index) => wounds::dress(ctx, seat, index)?,
            None => return refuse(Code::NoSuchThing, "choose_the_serious_wound_to_dress", "Choose which Serious Wound to dress."),
        },
        CardEffect::HealDressed => wounds::heal_a_dressed_wound(ctx, seat)?,
        CardEffect::HealLight => wounds::heal_every_light_wound(ctx, seat)?,
        CardEffect::DiscardSlime => {
            if !s.slime {
                return refuse(Code::NotAllowed, "this_character_has_no_slime_marker", "This character has no Slime marker.");
            }
            ctx.emit(Event::SlimeSet { seat, on: false });
        }
        CardEffect::Scan if card == PlayedCard::Antidote => {
            // Every card the character holds is scanned (docs/cards.md, two sources); the cards
            // named are only those in the hand, whose INFECTED ones leave it.
            if s.contamination.is_empty() && !s.larva {
                return refuse(Code::NotAllowed, "this_character_has_no_contamination_card_and_no", "This character has no Contamination card and no Larva.");
            }
            if cards.is_empty() && !s.contamination.is_empty() {
                // How many of them are in hand only the player knows, and must say before the
                // scan (the INFECTED among them leave the hand): their phone asks, then scans.
                ctx.emit(Event::ScanAsked { seat, question: ScanQuestion::Antidote });
            } else {
                contamination::antidote(ctx, seat, cards, 0)?;
            }
        }
        CardEffect::Scan if card == PlayedCard::Alcohol => {
            if s.contamination.is_empty() {
                return refuse(Code::NotAllowed, "this_character_has_no_contamination_card", "This character has no Contamination card to scan.");
            }
            // Paid already: a hand left empty holds no Contamination card for it to scan.
            if s.hand == 0 {
                return refuse(Code::NotAllowed, "no_card_is_left_in_the_hand_for_the_alcohol", "No card is left in the hand: the Alcohol has no Contamination card there to scan.");
            }
            if cards.is_empty() {
                // Which card of the hand only the player knows: their phone asks for one, and
                // takes "none" when none of those held is in the hand.
                ctx.emit(Event::ScanAsked { seat, question: ScanQuestion::Alcohol });
            } else {
                contamination::scan(ctx, seat, cards, 0, ScanProcedure::Alcohol)?;
            }
        }
        CardEffect::Scan => {
            if s.contamination.is_empty() {
                return refuse(Code::NotAllowed, "this_character_has_no_contamination_card", "This character has no Contamination card to scan.");
            }
            if cards.is_empty() {
                // Which of them are in hand only the player knows: their phone asks (p. 20).
                ctx.emit(Event::HandScanDue { seat, due: true });
            } else {
                contamination::scan(ctx, seat, cards, 0, ScanProcedure::Rest)?;
            }
        }
        CardEffect::ToggleDoor => {
            let (c, door) = door_here(ctx, at, target.corridor)?;
            match door {
                DoorState::Open => corridors::close_door(ctx, c, &[]),
                DoorState::Closed => ctx.emit(Event::DoorChanged { corridor: c, state: DoorState::Open }),
                DoorState::Destroyed => return refuse(Code::NotAllowed, "a_destroyed_door_can_never_be_closed_again", "A destroyed door can never be closed again."),
            }
        }
        CardEffect::DestroyDoor => {
            let (c, door) = door_here(ctx, at, target.corridor)?;
            if door != DoorState::Closed {
                return refuse(Code::NotAllowed, "only_a_closed_door_can_be_destroyed", "Only a Closed Door can be destroyed.");
            }
            ctx.emit(Event::DoorChanged { corridor: c, state: DoorState::Destroyed });
        }
        CardEffect::PlaceMalfunction => {
            // Blocking Access: from a room with a Computer, into any room with one; Demolition:
            // the character's own room.
            let room = if card == PlayedCard::BlockingAccess {
                let Some(room) = target.room.filter(|r| has_computer(&ctx.state, at) && has_computer(&ctx.state, *r)) else {
                    return refuse(Code::NotAllowed, "blocking_access_needs_rooms_with_a_computer", "Blocking Access is played in a room with a Computer, on a room with a Computer.");
                };
                room
            } else {
                at
            };
            if ctx.state.room(room).malfunction {
                return refuse(Code::NotAllowed, "that_room_already_has_a_malfunction_marker", "That room already has a Malfunction marker.");
            }
            if !fire::can_hold_malfunction(ctx, room) {
                return refuse(Code::NotAllowed, "a_malfunction_marker_can_never_go_in_the", "A Malfunction marker can never go in the Nest or the Room Covered with Slime.");
            }
            fire::place_malfunction(ctx, room);
        }
        CardEffect::StartFire => {
            if ctx.state.room(at).fire {
                return refuse(Code::NotAllowed, "that_room_is_already_on_fire_one_fire", "That room is already on fire (one Fire marker at most).");
            }
            ctx.emit(Event::TableDoes { seat, task: TableTask::DiscardItem });
            fire::place_fire(ctx, at);
        }
        CardEffect::PutOutFire => {
            if !ctx.state.room(at).fire {
                return refuse(Code::NotAllowed, "that_room_has_no_fire_marker", "That room has no Fire marker.");
            }
            ctx.emit(Event::FireRemoved { at });
        }
        CardEffect::DriveOffIntruder => {
            let Some(id) = target.intruder.filter(|i| ctx.state.intruder(*i).is_some_and(|i| i.at == at)) else {
                return refuse(Code::NotAllowed, "choose_an_intruder_in_this_room", "Choose an Intruder in this room.");
            };
            combat::phosphates_flee(ctx, id)?;
        }
        CardEffect::ReloadEnergy => ctx.emit(Event::TableDoes { seat, task: TableTask::FillEnergyWeapon }),
        CardEffect::Scavenge => {
            let r = ctx.state.room(at);
            let Some(items) = r.items.filter(|_| r.explored && ctx.content.is_slot(at)) else {
                return refuse(Code::NotAllowed, "no_search_is_possible_in_this_room", "No Search is possible in this room.");
            };
            // Even from 0 (the card's own words): the counter stays at 0.
            ctx.emit(Event::TableDoes { seat, task: TableTask::Scavenge });
            if items > 0 {
                ctx.emit(Event::ItemsSet { at, items: items - 1 });
            }
        }
        CardEffect::CombineHeavyItems => ctx.emit(Event::TableDoes { seat, task: TableTask::TapeHeavyItems }),
        CardEffect::ThrowGrenade => rooms::throw(ctx, seat, target.room, rooms::Thrown::Grenade, target.intruder)?,
        CardEffect::ThrowMolotov => rooms::throw(ctx, seat, target.room, rooms::Thrown::Molotov, None)?,
        CardEffect::StunIntruder => {
            let Some(id) = target.intruder.filter(|i| ctx.state.intruder(*i).is_some_and(|i| i.at == at)) else {
                return refuse(Code::NotAllowed, "choose_an_intruder_in_this_room", "Choose an Intruder in this room.");
            };
            // The Injury first: a kill leaves its Carcass here, and an Intruder its Injury check
            // already sent away does not run twice (as with Phosphates).
            combat::injure(ctx, id, 1)?;
            if ctx.state.intruder(id).is_some_and(|i| i.at == at) {
                combat::flee(ctx, id)?;
            }
        }
        CardEffect::DrawTwo => {
            ctx.emit(Event::TableDoes { seat, task: TableTask::DrawTwoActionCards });
            let cards = ctx.state.seats[seat].hand.saturating_add(2);
            ctx.emit(Event::HandSizeSet { seat, cards });
        }
        CardEffect::ToggleSelfDestruct => {
            if !has_computer(&ctx.state, at) {
                return refuse(Code::NotAllowed, "the_self_destruct_key_works_only_in_a", "The Self-Destruct Key works only in a room with a working Computer.");
            }
            if ctx.state.self_destruct.is_none() {
                systems::begin_self_destruct(ctx)?;
            } else {
                systems::end_self_destruct(ctx)?;
            }
        }
        CardEffect::EmptyHand => {
            let Some(other) = target.target.filter(|t| *t != seat && ctx.state.characters_at(at).contains(t)) else {
                return refuse(Code::NotAllowed, "choose_another_character_in_this_room", "Choose another character in this room.");
            };
            ctx.emit(Event::TableDoes { seat: other, task: TableTask::DiscardWholeHand });
            ctx.emit(Event::HandSizeSet { seat: other, cards: 0 });
        }
        CardEffect::TogglePodLock => {
            let here = pods_of_section_at(&ctx.state, at);
            if here.is_empty() {
                return refuse(Code::NotAllowed, "the_evacuation_key_works_only_in_an_evacuation", "The Evacuation Key works only in an Evacuation Section.");
            }
            // The pod turns to the other side, as a Door a card opens or closes; a pod gone is
            // refused by the Hatch Control System's own rule. Only a pod of this section: the
            // card works the pods of the section the character stands in (PN, TY; the Hatch
            // Control System is the room that reaches every pod, p. 25).
            let Some((pod, locked)) = target.pod.filter(|p| here.contains(p)).and_then(|p| ctx.state.pod(p)).map(|p| (p.number, p.locked)) else {
                return refuse(Code::NotAllowed, "choose_an_escape_pod_of_this_section", "Choose an Escape Pod of this Evacuation Section.");
            };
            systems::set_pod_lock(ctx, pod, !locked)?;
        }
        CardEffect::SeeObjective => see_objective(ctx, seat, at, target.target)?,
        CardEffect::EveryoneDraws => {
            ctx.emit(Event::TableDoes { seat, task: TableTask::EveryoneDraws });
            let here: Vec<Seat> = ctx.state.characters_at(at);
            for s in here {
                let cards = ctx.state.seats[s].hand.saturating_add(1);
                ctx.emit(Event::HandSizeSet { seat: s, cards });
            }
        }
    }
    Ok(())
}

/// The Comms Key (rules-deviations 54): from a room with a working Computer (p. 24), one Objective
/// card of another character with a Signal marker (p. 24's Comms Room) is seen by the holder
/// alone. Before the first Encounter that character holds two (p. 12): the one seen is the first
/// dealt, which the shuffle made a blind pick of the two. Physical objectives are the table's.
fn see_objective(ctx: &mut Ctx, seat: Seat, at: Location, of: Option<Seat>) -> Outcome<()> {
    if !has_computer(&ctx.state, at) {
        return refuse(Code::NotAllowed, "the_comms_key_works_only_in_a_room_with_a", "The Comms Key works only in a room with a working Computer.");
    }
    let Some(of) = of.filter(|o| *o != seat && ctx.state.seats.get(*o).is_some_and(|s| s.signal && s.character.is_some())) else {
        return refuse(Code::NotAllowed, "choose_another_character_with_a_signal_marker", "Choose another character with a Signal marker on their board.");
    };
    let o = &ctx.state.seats[of];
    let seen = match o.objective {
        ObjectiveChoice::Chosen(kept) => kept,
        ObjectiveChoice::Undecided => o.objectives.first().copied(),
    };
    let Some(objective) = seen else {
        return refuse(Code::NotAllowed, "those_objective_cards_are_at_the_table", "That character's Objective cards are at the table, not in the app: look at one there.");
    };
    ctx.emit(Event::ObjectiveSeen { seat, of, objective });
    Ok(())
}

/// The Escape Pods of the Evacuation Section at `at`, none elsewhere: the ones an Evacuation Key
/// may lock or unlock there.
pub(crate) fn pods_of_section_at(state: &State, at: Location) -> Vec<PodNumber> {
    let section_at = |section: Section| state.explored_room(match section {
        Section::A => "evacuation_section_a",
        Section::B => "evacuation_section_b",
    }) == Some(at);
    state.pods.iter().filter(|p| section_at(p.section)).map(|p| p.number).collect()
}
