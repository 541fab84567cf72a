//! Bounds: checks that every id an event names exists in the box or at the table, so a journal
//! that came from outside the engine (an imported file) can be folded, viewed and logged without
//! reading past the end of a list. Events the engine produced always pass; `fold` trusts them.

use crate::content::Content;
use crate::event::Event;
use crate::ids::*;
use crate::state::{DeckKind, NoiseSpot};

/// What one journal may name: the box's sizes and the number of seats at this table.
pub struct Bounds<'a> {
    c: &'a Content,
    seats: usize,
}

fn within(what: &str, n: usize, len: usize) -> Result<(), String> {
    if n < len {
        Ok(())
    } else {
        Err(format!("{what} {n} is not in the box"))
    }
}

impl<'a> Bounds<'a> {
    /// The bounds set by a journal's first event, which must be the setup. The setup itself is
    /// checked here: its player count, its seats and its contamination count.
    pub fn from_setup(c: &'a Content, first: &Event) -> Result<Bounds<'a>, String> {
        let Event::GameSetUp { config, seats, first_player } = first else {
            return Err("the game does not begin with its setup".into());
        };
        if seats.is_empty() || seats.len() > c.data.escape_pods.by_players.len() {
            return Err(format!("a game of {} players", seats.len()));
        }
        if config.players as usize != seats.len() {
            return Err("the player count does not match the seats".into());
        }
        if config.infected_cards > c.data.contamination.total {
            return Err("more INFECTED cards than contamination cards".into());
        }
        let b = Bounds { c, seats: seats.len() };
        b.seat(*first_player)?;
        for s in seats {
            b.player_number(s.number)?;
        }
        Ok(b)
    }

    pub fn seat(&self, s: Seat) -> Result<(), String> {
        within("seat", s.0 as usize, self.seats)
    }
    fn player_number(&self, n: PlayerNumber) -> Result<(), String> {
        if n.0 >= 1 && n.0 as usize <= self.seats {
            Ok(())
        } else {
            Err(format!("player number {}", n.0))
        }
    }
    fn location(&self, l: Location) -> Result<(), String> {
        if l.0 >= 1 && l.0 as usize <= self.c.data.locations.len() {
            Ok(())
        } else {
            Err(format!("room {} is not on the board", l.0))
        }
    }
    fn corridor(&self, x: CorridorId) -> Result<(), String> {
        within("corridor", x.0 as usize, self.c.board.corridors.len())
    }
    fn spot(&self, s: NoiseSpot) -> Result<(), String> {
        match s {
            NoiseSpot::Corridor(x) => self.corridor(x),
            NoiseSpot::Technical => Ok(()),
        }
    }
    fn token(&self, t: TokenId) -> Result<(), String> {
        within("intruder token", t.0 as usize, self.c.data.intruder_tokens.len())
    }
    fn event_card(&self, x: EventCardId) -> Result<(), String> {
        within("event card", x.0 as usize, self.c.data.events.len())
    }
    fn attack_card(&self, x: AttackCardId) -> Result<(), String> {
        within("attack card", x.0 as usize, self.c.data.attacks.len())
    }
    fn wound_card(&self, x: WoundCardId) -> Result<(), String> {
        within("serious wound", x.0 as usize, self.c.data.serious_wounds.len())
    }
    fn contamination(&self, x: ContaminationId) -> Result<(), String> {
        within("contamination card", x.0 as usize, self.c.data.contamination.total as usize)
    }
    fn coordinates(&self, x: CoordinatesId) -> Result<(), String> {
        within("coordinates card", x.0 as usize, self.c.data.coordinates.len())
    }
    fn exploration(&self, x: ExplorationId) -> Result<(), String> {
        within("exploration token", x.0 as usize, self.c.data.exploration_tokens.len())
    }
    fn tile(&self, x: RoomTileId) -> Result<(), String> {
        within("room tile", x.0 as usize, self.c.data.room_tiles.len())
    }
    fn weakness(&self, x: WeaknessId) -> Result<(), String> {
        within("weakness card", x.0 as usize, self.c.data.weaknesses.len())
    }
    fn objective(&self, x: ObjectiveId) -> Result<(), String> {
        within("objective card", x.0 as usize, self.c.data.objectives.len())
    }
    fn character(&self, x: CharacterId) -> Result<(), String> {
        within("character", x.0 as usize, self.c.data.characters.len())
    }
    fn engine(&self, x: EngineNumber) -> Result<(), String> {
        if (1..=3).contains(&x.0) {
            Ok(())
        } else {
            Err(format!("engine {}", x.0))
        }
    }
    fn pod(&self, x: PodNumber) -> Result<(), String> {
        if x.0 >= 1 && x.0 <= self.c.data.escape_pods.count {
            Ok(())
        } else {
            Err(format!("escape pod {}", x.0))
        }
    }
    fn deck_order(&self, deck: DeckKind, order: &[u8]) -> Result<(), String> {
        let d = &self.c.data;
        let len = match deck {
            DeckKind::Event => d.events.len(),
            DeckKind::Attack => d.attacks.len(),
            DeckKind::SeriousWound => d.serious_wounds.len(),
            DeckKind::Contamination => d.contamination.total as usize,
        };
        // A wound deck holds copies, so only the contamination and card decks are bounded by
        // count; every id must still be a card of that deck.
        let copies: usize = match deck {
            DeckKind::SeriousWound => d.serious_wounds.iter().map(|w| w.copies as usize).sum(),
            _ => len,
        };
        if order.len() > copies {
            return Err(format!("a deck of {} cards holds {}", copies, order.len()));
        }
        order.iter().try_for_each(|n| within("card", *n as usize, len))
    }
    fn track(&self, to: u8, moves: u8) -> Result<(), String> {
        if to <= moves {
            Ok(())
        } else {
            Err(format!("track space {to}"))
        }
    }

    /// Checks one event of the journal (the setup is checked by `from_setup`).
    pub fn check(&self, e: &Event) -> Result<(), String> {
        let d = &self.c.data;
        match e {
            Event::GameSetUp { .. } => Err("a second setup in the middle of a game".into()),
            Event::RoomTilesPlaced { tiles } => tiles.iter().try_for_each(|(at, t)| {
                self.location(*at)?;
                self.tile(*t)
            }),
            Event::ExplorationTokensPlaced { tokens } => tokens.iter().try_for_each(|(at, t)| {
                self.location(*at)?;
                self.exploration(*t)
            }),
            Event::CoordinatesPlaced { card } => self.coordinates(*card),
            Event::EscapePodsPlaced { pods } => {
                if pods.len() > d.escape_pods.count as usize {
                    return Err("more escape pods than the box holds".into());
                }
                pods.iter().try_for_each(|(n, _)| self.pod(*n))
            }
            Event::EnginesPlaced { .. } => Ok(()),
            Event::WeaknessesPlaced { cards } => cards.iter().try_for_each(|c| self.weakness(*c)),
            Event::BagFilled { tokens } => tokens.iter().try_for_each(|t| self.token(*t)),
            Event::DeckShuffled { deck, order } | Event::DeckReshuffled { deck, order } => self.deck_order(*deck, order),
            Event::ContaminationPrepared { infected } => {
                if infected.len() == d.contamination.total as usize {
                    Ok(())
                } else {
                    Err("the contamination deck has the wrong number of cards".into())
                }
            }
            Event::ObjectivesDealt { seat, cards } => {
                self.seat(*seat)?;
                cards.iter().try_for_each(|c| self.objective(*c))
            }
            Event::DraftOffered { seat, characters } => {
                self.seat(*seat)?;
                characters.iter().try_for_each(|c| self.character(*c))
            }
            Event::CharacterKept { seat, character } => {
                self.seat(*seat)?;
                self.character(*character)
            }
            Event::PlayStarted | Event::PhaseChanged { .. } => Ok(()),
            Event::TurnBegan { first_player, .. } => self.seat(*first_player),
            Event::HandSizeSet { seat, .. }
            | Event::SeriousWoundDressed { seat, .. }
            | Event::SeriousWoundHealed { seat, .. }
            | Event::CharacterDied { seat, .. }
            | Event::IntruderPlayerJoined { seat }
            | Event::FirstDeathSettled { seat }
            | Event::SlimeSet { seat, .. }
            | Event::SignalSent { seat }
            | Event::LarvaSet { seat, .. }
            | Event::ContaminationDeckEmpty { seat }
            | Event::EngineOrderReported { seat, .. }
            | Event::CharacterLeftPod { seat }
            | Event::CharacterHibernated { seat }
            | Event::EggTaken { seat }
            | Event::ContaminationChecked { seat, .. }
            | Event::ObjectiveJudged { seat, .. }
            | Event::LightWoundsSet { seat, .. } => self.seat(*seat),
            Event::CharacterMoved { seat, to } | Event::CharacterRevived { seat, at: to } => {
                self.seat(*seat)?;
                self.location(*to)
            }
            Event::RoomExplored { at, tile, token, .. } => {
                self.location(*at)?;
                self.tile(*tile)?;
                self.exploration(*token)
            }
            Event::NoiseRolled { seat, at, .. } => {
                seat.map_or(Ok(()), |s| self.seat(s))?;
                self.location(*at)
            }
            Event::NoisePlaced { spot } | Event::NoiseRemoved { spot } => self.spot(*spot),
            Event::DoorChanged { corridor, .. } => self.corridor(*corridor),
            Event::FirePlaced { at }
            | Event::FireRemoved { at }
            | Event::MalfunctionPlaced { at }
            | Event::MalfunctionRemoved { at }
            | Event::ItemsSet { at, .. }
            | Event::RoomEggsDestroyed { at, .. } => self.location(*at),
            Event::DiceRolled { .. } => Ok(()),
            Event::ObjectLeft { at, of, .. } => {
                if let Some(seat) = of {
                    self.seat(*seat)?;
                }
                self.location(*at)
            }
            Event::AirlockEnded { at, .. } => self.location(*at),
            Event::EncounterBegan { seat, at }
            | Event::AirlockStarted { seat, at }
            | Event::FireControlUsed { seat, at }
            | Event::EggsDropped { seat, at, .. }
            | Event::ObjectPickedUp { seat, at, .. }
            | Event::ObjectDropped { seat, at, .. } => {
                self.seat(*seat)?;
                self.location(*at)
            }
            Event::TokenDrawn { token, .. }
            | Event::TokenReturned { token }
            | Event::TokenToSupply { token }
            | Event::TokenAddedToBag { token } => self.token(*token),
            Event::BagWasEmpty { .. } => Ok(()),
            Event::IntruderPlaced { at, token, .. } => {
                self.location(*at)?;
                token.map_or(Ok(()), |t| self.token(t))
            }
            Event::IntruderMoved { to, .. } => self.location(*to),
            Event::IntruderLeftBoard { .. }
            | Event::IntruderKilled { .. }
            | Event::IntruderInjured { .. }
            | Event::IntruderHealed { .. }
            | Event::IntruderTransformed { .. }
            | Event::EnduranceChecked { .. } => Ok(()),
            Event::CharacterInfested { seat, .. }
            | Event::SurpriseAttack { seat, .. }
            | Event::AttackMissed { target: seat, .. }
            | Event::CharacterAttacked { seat, .. } => self.seat(*seat),
            Event::AttackCardDrawn { card, purpose } => {
                if let crate::event::AttackDraw::Attack { target, .. } = purpose {
                    self.seat(*target)?;
                }
                self.attack_card(*card)
            }
            Event::AttackCardsOffered { seat, target, cards, .. } => {
                self.seat(*seat)?;
                self.seat(*target)?;
                cards.iter().try_for_each(|c| self.attack_card(*c))
            }
            Event::AttackCardChosen { seat, card, rest } => {
                self.seat(*seat)?;
                self.attack_card(*card)?;
                rest.iter().try_for_each(|c| self.attack_card(*c))
            }
            Event::SeriousWoundDrawn { seat, card } => {
                self.seat(*seat)?;
                self.wound_card(*card)
            }
            Event::ContaminationGiven { seat, card }
            | Event::ContaminationScanned { seat, card, .. }
            | Event::ContaminationRemoved { seat, card } => {
                self.seat(*seat)?;
                self.contamination(*card)
            }
            Event::EngineChecked { seat, engine, .. }
            | Event::EngineRepairBegun { seat, engine, .. }
            | Event::EngineOrderSet { seat, engine, .. } => {
                self.seat(*seat)?;
                self.engine(*engine)
            }
            Event::CoordinatesChecked { seat, card } => {
                self.seat(*seat)?;
                self.coordinates(*card)
            }
            Event::DestinationSet { .. }
            | Event::SelfDestructStarted
            | Event::SelfDestructStopped
            | Event::SelfDestructCritical
            | Event::HibernationOpened
            | Event::FirstEncounter
            | Event::NestEggsDestroyed { .. }
            | Event::EggAdded
            | Event::NestDestroyed
            | Event::GameEnded { .. }
            | Event::ShipDestroyed
            | Event::VictoryStepReached { .. }
            | Event::EnginesRevealed { .. }
            | Event::PodsUnlocked { .. } => Ok(()),
            Event::SelfDestructAdvanced { to } => self.track(*to, d.self_destruct_track.moves),
            Event::TimeAdvanced { to } => self.track(*to, d.time_track.moves),
            Event::PodLockSet { pod, .. } | Event::PodLaunched { pod } | Event::PodEjected { pod } => self.pod(*pod),
            Event::CharacterEnteredPod { seat, pod } => {
                self.seat(*seat)?;
                self.pod(*pod)
            }
            Event::ObjectiveChosen { seat, objective } | Event::ObjectiveRevealed { seat, objective } => {
                self.seat(*seat)?;
                objective.map_or(Ok(()), |o| self.objective(o))
            }
            Event::WeaknessRevealed { card, .. } => self.weakness(*card),
            Event::RoomPeeked { seat, at, tile, token } => {
                self.seat(*seat)?;
                self.location(*at)?;
                self.tile(*tile)?;
                self.exploration(*token)
            }
            Event::EventCardDrawn { card, .. } | Event::EventCardResolved { card } | Event::EventCardDiscarded { card } => {
                self.event_card(*card)
            }
            Event::CoordinatesRevealed { card, .. } => card.map_or(Ok(()), |c| self.coordinates(c)),
        }
    }
}

/// Checks a whole journal's events, the setup first, naming the first one out of bounds.
pub fn check_events<'e>(c: &Content, events: impl IntoIterator<Item = &'e Event>) -> Result<(), String> {
    let mut it = events.into_iter();
    let first = it.next().ok_or("the game has no events")?;
    let b = Bounds::from_setup(c, first)?;
    it.try_for_each(|e| b.check(e))
}
