//! Views: the only shapes in which game facts leave the engine. `PublicView` is the shared table
//! screen; `SeatView` is one player's private hand. They are separate types: the public one has
//! no field that could hold a secret, and a seat's view holds only that seat's secrets.

use crate::content::{Content, ExplorationEffect, Pack};
use crate::ids::*;
use crate::state::*;
use serde::{Deserialize, Serialize};

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct Named {
    pub key: String,
    pub name: String,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct PublicWound {
    pub card: Named,
    pub dressed: bool,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "snake_case")]
pub enum ObjectiveStatus {
    /// Before the first Encounter.
    Holding,
    /// The first Encounter happened and this player has not chosen yet.
    MustChoose,
    Chosen,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct PublicSeat {
    pub seat: Seat,
    pub name: String,
    pub number: PlayerNumber,
    pub first_player: bool,
    pub character: Option<Named>,
    pub draft_offer: Vec<Named>,
    pub life: Life,
    pub location: Location,
    pub in_combat: bool,
    pub hand: u8,
    pub light_wounds: u8,
    pub serious_wounds: Vec<PublicWound>,
    pub slime: bool,
    pub signal: bool,
    pub larva: bool,
    pub contamination_cards: u8,
    pub eggs_carried: u8,
    /// Heavy Objects carried besides Eggs (pp. 12-13).
    pub carcasses_carried: u8,
    pub corpses_carried: u8,
    pub objective: ObjectiveStatus,
    /// Shown only once revealed at the victory check.
    pub revealed_objective: Option<Named>,
    /// Revealed at the victory check (a physical card shows only at the table).
    pub objective_revealed: bool,
    pub objective_met: Option<bool>,
    pub contamination_checked: bool,
    /// Survived and met the objective (decided at the end of the victory check).
    pub winner: Option<bool>,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct PublicRoom {
    pub at: Location,
    pub name: Option<String>,
    pub explored: bool,
    /// The tile, once explored.
    pub tile: Option<Named>,
    pub exploration: Option<ExplorationEffect>,
    pub items: Option<u8>,
    pub computer: bool,
    pub fire: bool,
    pub malfunction: bool,
    pub eggs: u8,
    /// Intruder Carcass and Character Corpse tokens lying here (pp. 20-21).
    pub carcasses: u8,
    pub corpses: u8,
    pub technical_entrance: bool,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct PublicCorridor {
    pub id: CorridorId,
    pub ends: (Location, Location),
    pub numbers: Vec<u8>,
    pub noise: bool,
    pub door: DoorState,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct PublicIntruder {
    pub id: IntruderId,
    pub kind: IntruderKind,
    pub at: Location,
    pub injuries: u8,
    pub in_combat: bool,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct PublicDeck {
    pub draw: u8,
    /// Face-up discards, newest last (contamination has none).
    pub discard: Vec<Named>,
    pub removed: u8,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct Track {
    pub position: u8,
    pub moves: u8,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct PublicPod {
    pub number: PodNumber,
    pub section: Section,
    pub locked: bool,
    pub occupants: Vec<Seat>,
    pub state: PodState,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct Pool {
    pub used: u8,
    pub of: u8,
}

/// The shared table screen: everything the whole table may see, and nothing more.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct PublicView {
    pub turn: u16,
    pub phase: Phase,
    /// The box this game is played with.
    pub pack: Pack,
    pub mode: Mode,
    pub handled: Vec<Component>,
    pub seats: Vec<PublicSeat>,
    pub turn_order: Vec<Seat>,
    pub rooms: Vec<PublicRoom>,
    pub corridors: Vec<PublicCorridor>,
    pub technical_noise: bool,
    pub intruders: Vec<PublicIntruder>,
    /// How many tokens are in the bag; never which.
    pub bag: u8,
    pub events: PublicDeck,
    pub attacks: PublicDeck,
    pub serious_wounds: PublicDeck,
    pub contamination: PublicDeck,
    /// Revealed only by the victory check.
    pub engines: Option<[EngineStatus; 3]>,
    pub destination: DestinationLetter,
    /// The Coordinates card's destination, only once revealed at the end.
    pub revealed_destination: Option<Destination>,
    pub pods: Vec<PublicPod>,
    pub weaknesses: Vec<Option<Named>>,
    pub nest_eggs: u8,
    pub nest_destroyed: bool,
    /// The room under an active Emergency Airlock Procedure (p. 25).
    pub airlock: Option<Location>,
    pub time: Track,
    pub hibernation_open: bool,
    pub hibernation_opens_at: u8,
    pub self_destruct: Option<Track>,
    pub self_destruct_yellow_from: u8,
    pub self_destruct_unstoppable: bool,
    pub fire: Pool,
    pub malfunction: Pool,
    pub noise: Pool,
    pub doors: Pool,
    pub first_encounter: bool,
    pub first_death: bool,
    /// The seat playing the Intruders (p. 27), and whether its rules apply this turn.
    pub intruder_player: Option<Seat>,
    pub intruder_player_active: bool,
    /// Whose objectives the victory check judges, in order (see `State::judged_seats`).
    pub judged_seats: Vec<Seat>,
    pub ship_destroyed: bool,
    /// A seat holding an Engine's two tokens (which engine is public; their order is not).
    pub repairing: Option<(Seat, EngineNumber)>,
    /// The Intruder player choosing among Intruder Attack cards they drew (how many is public;
    /// which cards is not).
    pub attack_choice: Option<AttackChoice>,
    /// The Player Phase's rounds (p. 10): whose round, how many Actions taken, who passed.
    pub rounds: PublicRounds,
}

/// The rounds of the Player Phase as the table sees them (all public, p. 10).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct PublicRounds {
    pub turn_of: Option<Seat>,
    pub actions: u8,
    /// Actions in that seat's round: 2, or 1 for the Intruder player (p. 27).
    pub actions_per_round: u8,
    pub passed: Vec<Seat>,
    /// The seats that take rounds and have not passed yet, in turn order (the engine's own list:
    /// a dead, hibernating or escaped character is not in it; the Intruder player is, p. 27).
    pub waiting: Vec<Seat>,
    /// In the Player Phase, once every player has passed: the phase may end.
    pub all_passed: bool,
    /// Living players who must still keep an objective before the phase ends (p. 12).
    pub objectives_due: Vec<Seat>,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct AttackChoice {
    pub seat: Seat,
    pub intruder: IntruderId,
    pub target: Seat,
    pub cards: u8,
}

/// The Intruder Attack cards in the Intruder player's hand, to choose one (p. 27).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct AttackOfferView {
    pub intruder: IntruderId,
    pub kind: IntruderKind,
    pub target: Seat,
    /// The target's name, for a phone that sees no other seat.
    pub target_name: String,
    pub cards: Vec<OfferedAttack>,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct OfferedAttack {
    pub id: AttackCardId,
    pub card: Named,
    /// Whether the card shows this Intruder's symbol: without it the attack misses (p. 20).
    pub hits: bool,
    pub summary: String,
    /// The Intruders the card shows and its blood corner, for the card's face on a phone (which
    /// holds no copy of the box data).
    pub symbols: Vec<IntruderKind>,
    pub blood: crate::content::Blood,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct ContaminationCard {
    pub id: ContaminationId,
    /// Known only once this seat scanned it.
    pub infected: Option<bool>,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct ObjectiveCard {
    pub key: String,
    pub name: String,
    pub kind: crate::content::ObjectiveKind,
    pub target_player: Option<u8>,
    /// The condition; `{target}` stands for `target`, so a screen names the person at the table.
    pub summary: String,
    /// Who holds the target player's number at this table (names and characters are public).
    pub target: Option<ObjectiveTarget>,
}

/// The player an Objective card names by number, as the table knows them.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct ObjectiveTarget {
    pub name: String,
    /// `None` until the character draft gives them one.
    pub character: Option<Named>,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct KnownEngine {
    pub engine: EngineNumber,
    pub top: EngineStatus,
    pub turn: u16,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct KnownCoordinates {
    pub number: u8,
    pub a: Destination,
    pub b: Destination,
    pub c: Destination,
    pub d: Destination,
    pub turn: u16,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct KnownRoom {
    pub at: Location,
    pub tile: Named,
    pub exploration: ExplorationEffect,
    pub items: u8,
    pub turn: u16,
}

/// The engine tokens in hand during a Repair/Break: the seat sees both.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct EngineInHand {
    pub engine: EngineNumber,
    pub top: EngineStatus,
    pub bottom: EngineStatus,
}

/// One player's private hand: only this seat's secrets, as this seat knows them now.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct SeatView {
    pub seat: Seat,
    pub name: String,
    pub number: PlayerNumber,
    pub character: Option<Named>,
    pub contamination: Vec<ContaminationCard>,
    pub objectives: Vec<ObjectiveCard>,
    pub chosen_objective: Option<ObjectiveCard>,
    /// The first Encounter happened and this seat must choose.
    pub must_choose_objective: bool,
    pub engines: Vec<KnownEngine>,
    pub coordinates: Option<KnownCoordinates>,
    pub peeked_rooms: Vec<KnownRoom>,
    pub engine_in_hand: Option<EngineInHand>,
    pub attack_offer: Option<AttackOfferView>,
}

fn named(key: &str, name: &str) -> Named {
    Named { key: key.to_string(), name: name.to_string() }
}

fn objective_card(state: &State, c: &Content, o: ObjectiveId) -> ObjectiveCard {
    let spec = &c.data.objectives[o.0 as usize];
    let target = spec.target_player.and_then(|n| {
        let seat = state.seats.seats().find(|s| state.seats.get(*s).is_some_and(|x| x.number.0 == n))?;
        let t = state.seats.get(seat)?;
        Some(ObjectiveTarget {
            name: t.name.clone(),
            character: t.character.map(|x| named(&c.data.characters[x.0 as usize].key, &c.data.characters[x.0 as usize].name)),
        })
    });
    ObjectiveCard {
        key: spec.key.clone(),
        name: spec.name.clone(),
        kind: spec.kind,
        target_player: spec.target_player,
        summary: spec.summary.clone(),
        target,
    }
}

fn other(s: EngineStatus) -> EngineStatus {
    match s {
        EngineStatus::Working => EngineStatus::Damaged,
        EngineStatus::Damaged => EngineStatus::Working,
    }
}

impl State {
    pub fn public_view(&self) -> PublicView {
        let c = self.content();
        let d = &c.data;
        let ch = |id: CharacterId| named(&d.characters[id.0 as usize].key, &d.characters[id.0 as usize].name);
        let over_done = matches!(self.phase, Phase::Over { check: VictoryStep::Done, .. });
        let seats = self
            .seats
            .iter()
            .map(|(seat, s)| PublicSeat {
                seat,
                name: s.name.clone(),
                number: s.number,
                first_player: seat == self.first_player,
                character: s.character.map(ch),
                draft_offer: s.draft_offer.iter().map(|x| ch(*x)).collect(),
                life: s.life,
                location: s.location,
                in_combat: self.in_combat(seat),
                hand: s.hand,
                light_wounds: s.light_wounds,
                serious_wounds: s
                    .serious
                    .iter()
                    .map(|w| {
                        let spec = &d.serious_wounds[w.card.0 as usize];
                        PublicWound { card: named(&spec.key, &spec.name), dressed: w.dressed }
                    })
                    .collect(),
                slime: s.slime,
                signal: s.signal,
                larva: s.larva,
                contamination_cards: s.contamination.len() as u8,
                eggs_carried: s.eggs_carried,
                carcasses_carried: s.carcasses_carried,
                corpses_carried: s.corpses_carried,
                objective: match s.objective {
                    ObjectiveChoice::Chosen(_) => ObjectiveStatus::Chosen,
                    // A dead character keeps no objective (p. 12 asks the living), so it is not "must choose".
                    ObjectiveChoice::Undecided if self.first_encounter && s.life.is_alive() => ObjectiveStatus::MustChoose,
                    ObjectiveChoice::Undecided => ObjectiveStatus::Holding,
                },
                revealed_objective: if s.objective_revealed {
                    match s.objective {
                        ObjectiveChoice::Chosen(Some(o)) => Some(named(&d.objectives[o.0 as usize].key, &d.objectives[o.0 as usize].name)),
                        ObjectiveChoice::Undecided => {
                            s.objectives.first().map(|o| named(&d.objectives[o.0 as usize].key, &d.objectives[o.0 as usize].name))
                        }
                        _ => None,
                    }
                } else {
                    None
                },
                objective_revealed: s.objective_revealed,
                objective_met: s.objective_met,
                contamination_checked: s.contamination_checked,
                winner: if !over_done {
                    None
                } else if self.config.mode == Mode::Cooperative {
                    Some(self.crew_won())
                } else {
                    Some(s.life.is_alive() && s.objective_met == Some(true))
                },
            })
            .collect();
        let rooms = c
            .board
            .locations()
            .map(|at| {
                let r = self.room(at);
                let tile = if r.explored { r.tile.map(|t| c.tile(t)) } else { None };
                PublicRoom {
                    at,
                    name: c.location(at).name.clone(),
                    explored: r.explored,
                    tile: tile.map(|t| named(&t.key, &t.name)),
                    exploration: if r.explored { r.token.map(|t| d.exploration_tokens[t.0 as usize].effect) } else { None },
                    items: if r.explored { r.items } else { None },
                    computer: tile.is_some_and(|t| t.computer) && !r.malfunction,
                    fire: r.fire,
                    malfunction: r.malfunction,
                    eggs: r.eggs,
                    carcasses: r.carcasses,
                    corpses: r.corpses,
                    technical_entrance: c.board.has_technical_entrance(at),
                }
            })
            .collect();
        let corridors = c
            .board
            .corridors
            .iter()
            .map(|k| PublicCorridor {
                id: k.id,
                ends: k.ends,
                numbers: k.numbers.clone(),
                noise: self.board.noise[k.id.0 as usize],
                door: self.board.doors[k.id.0 as usize],
            })
            .collect();
        let ev = |id: &EventCardId| named(&d.events[id.0 as usize].key, &d.events[id.0 as usize].name);
        let at = |id: &AttackCardId| named(&d.attacks[id.0 as usize].key, &d.attacks[id.0 as usize].name);
        let wo = |id: &WoundCardId| named(&d.serious_wounds[id.0 as usize].key, &d.serious_wounds[id.0 as usize].name);
        PublicView {
            turn: self.turn,
            phase: self.phase,
            pack: self.config.pack,
            mode: self.config.mode,
            handled: self.config.handled.clone(),
            seats,
            turn_order: self.turn_order(),
            rooms,
            corridors,
            technical_noise: self.board.technical_noise,
            intruders: self
                .intruders
                .iter()
                .map(|i| PublicIntruder { id: i.id, kind: i.kind, at: i.at, injuries: i.injuries, in_combat: self.intruder_in_combat(i) })
                .collect(),
            bag: self.bag().len() as u8,
            events: PublicDeck {
                draw: self.events.draw.len() as u8,
                discard: self.events.discard.iter().map(ev).collect(),
                removed: self.events.removed.len() as u8,
            },
            attacks: PublicDeck {
                draw: self.attacks.draw.len() as u8,
                discard: self.attacks.discard.iter().map(at).collect(),
                removed: self.attacks.removed.len() as u8,
            },
            serious_wounds: PublicDeck {
                draw: self.wounds.draw.len() as u8,
                discard: self.wounds.discard.iter().map(wo).collect(),
                removed: 0,
            },
            contamination: PublicDeck {
                draw: self.contamination.draw.len() as u8,
                discard: Vec::new(),
                removed: self.contamination.removed.len() as u8,
            },
            engines: self.engines_revealed,
            destination: self.destination,
            revealed_destination: if self.coordinates_revealed { self.revealed_destination } else { None },
            pods: self
                .pods
                .iter()
                .map(|p| PublicPod { number: p.number, section: p.section, locked: p.locked, occupants: p.occupants.clone(), state: p.state })
                .collect(),
            weaknesses: self
                .weaknesses
                .iter()
                .map(|w| w.revealed.map(|k| named(&d.weaknesses[k.0 as usize].key, &d.weaknesses[k.0 as usize].name)))
                .collect(),
            nest_eggs: self.nest_eggs,
            nest_destroyed: self.nest_destroyed,
            airlock: self.airlock,
            time: Track { position: self.time, moves: d.time_track.moves },
            hibernation_open: self.hibernation_open(),
            hibernation_opens_at: d.time_track.hibernation_opens_at,
            self_destruct: self.self_destruct.map(|p| Track { position: p, moves: d.self_destruct_track.moves }),
            self_destruct_yellow_from: d.self_destruct_track.yellow_from,
            self_destruct_unstoppable: self.self_destruct_unstoppable(),
            fire: Pool { used: self.fire_count(), of: d.pools.fire },
            malfunction: Pool { used: self.malfunction_count(), of: d.pools.malfunction },
            noise: Pool { used: self.noise_count(), of: d.pools.noise },
            doors: Pool { used: self.doors_in_use(), of: d.pools.doors },
            first_encounter: self.first_encounter,
            first_death: self.first_death,
            intruder_player: self.intruder_player.map(|(seat, _)| seat),
            intruder_player_active: self.intruder_player_now().is_some(),
            judged_seats: self.judged_seats(),
            ship_destroyed: self.ship_destroyed,
            rounds: PublicRounds {
                turn_of: self.rounds.turn_of,
                actions: self.rounds.actions,
                actions_per_round: self.rounds.turn_of.map_or(2, |s| crate::rules::actions_per_round(self, s)),
                passed: self.rounds.passed.clone(),
                waiting: if self.phase == Phase::Player { crate::rules::still_to_pass(self).collect() } else { Vec::new() },
                all_passed: self.phase == Phase::Player && self.rounds.turn_of.is_none() && crate::rules::still_to_pass(self).next().is_none(),
                objectives_due: crate::rules::objectives_due(self).collect(),
            },
            repairing: self.repair,
            attack_choice: self.attack_offer.as_ref().map(|o| AttackChoice {
                seat: o.seat,
                intruder: o.intruder,
                target: o.target,
                cards: o.cards.len() as u8,
            }),
        }
    }

    /// One seat's private view. `None` for a seat that is not at this table.
    pub fn seat_view(&self, seat: Seat) -> Option<SeatView> {
        let c = self.content();
        let d = &c.data;
        let s = self.seats.get(seat)?;
        let mut engines: Vec<KnownEngine> = Vec::new();
        let mut coordinates = None;
        let mut peeked_rooms: Vec<KnownRoom> = Vec::new();
        let mut scans: Vec<(ContaminationId, bool)> = Vec::new();
        for r in &s.reveals {
            match r {
                Reveal::Engine { engine, top, turn } => {
                    engines.retain(|e| e.engine != *engine);
                    engines.push(KnownEngine { engine: *engine, top: *top, turn: *turn });
                }
                Reveal::Coordinates { card, turn } => {
                    let k = &d.coordinates[card.0 as usize];
                    coordinates = Some(KnownCoordinates { number: k.number, a: k.a, b: k.b, c: k.c, d: k.d, turn: *turn });
                }
                Reveal::Contamination { card, infected, .. } => scans.push((*card, *infected)),
                Reveal::Room { at, tile, token, turn } => {
                    if !self.room(*at).explored {
                        let t = c.tile(*tile);
                        let x = &d.exploration_tokens[token.0 as usize];
                        peeked_rooms.push(KnownRoom {
                            at: *at,
                            tile: named(&t.key, &t.name),
                            exploration: x.effect,
                            items: x.items,
                            turn: *turn,
                        });
                    }
                }
            }
        }
        engines.sort_by_key(|e| e.engine);
        let engine_in_hand = match self.repair {
            Some((holder, engine)) if holder == seat => self.engines[engine.0 as usize - 1]
                .known()
                .map(|top| EngineInHand { engine, top, bottom: other(top) }),
            _ => None,
        };
        Some(SeatView {
            seat,
            name: s.name.clone(),
            number: s.number,
            character: s.character.map(|x| named(&d.characters[x.0 as usize].key, &d.characters[x.0 as usize].name)),
            contamination: s
                .contamination
                .iter()
                .map(|id| ContaminationCard { id: *id, infected: scans.iter().rev().find(|(c, _)| c == id).map(|(_, i)| *i) })
                .collect(),
            objectives: s.objectives.iter().map(|o| objective_card(self, c, *o)).collect(),
            chosen_objective: match s.objective {
                ObjectiveChoice::Chosen(Some(o)) => Some(objective_card(self, c, o)),
                _ => None,
            },
            must_choose_objective: self.first_encounter && s.objective == ObjectiveChoice::Undecided && s.life.is_alive(),
            engines,
            coordinates,
            peeked_rooms,
            engine_in_hand,
            attack_offer: self.attack_offer.as_ref().filter(|o| o.seat == seat).map(|o| {
                let kind = self.intruder(o.intruder).map_or(IntruderKind::Adult, |i| i.kind);
                AttackOfferView {
                    intruder: o.intruder,
                    kind,
                    target: o.target,
                    target_name: self.seats.get(o.target).map_or_else(String::new, |t| t.name.clone()),
                    cards: o
                        .cards
                        .iter()
                        .map(|id| {
                            let a = &d.attacks[id.0 as usize];
                            OfferedAttack {
                                id: *id,
                                card: named(&a.key, &a.name),
                                hits: a.symbols.contains(&kind),
                                summary: a.summary.clone(),
                                symbols: a.symbols.clone(),
                                blood: a.blood,
                            }
                        })
                        .collect(),
                }
            }),
        })
    }
}
