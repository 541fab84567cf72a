//! The fold: how each event changes the state, and the replay of a whole stream. It never draws
//! from the generator and never fails on events the engine produced, so a stored journal always
//! rebuilds the same game.

mod start;

use crate::event::*;
use crate::ids::*;
use crate::state::*;

/// A deck's cards in the order an event recorded them.
fn deck_ids<C: From<u8>>(order: &[u8]) -> Vec<C> {
    order.iter().map(|n| C::from(*n)).collect()
}

impl State {
    /// Folds a whole stream from the first event.
    pub fn replay<'a>(events: impl IntoIterator<Item = &'a Event>) -> Option<State> {
        let mut it = events.into_iter();
        let mut s = match it.next()? {
            Event::GameSetUp { config, seats, first_player } => State::from_setup(config.clone(), seats, *first_player),
            _ => return None,
        };
        for e in it {
            s.fold(e);
        }
        Some(s)
    }

    fn turn_now(&self) -> u16 {
        self.turn
    }

    /// Applies one event. Events come from `apply`, which checked them; fold only records.
    pub fn fold(&mut self, e: &Event) {
        let turn = self.turn_now();
        match e {
            Event::GameSetUp { .. } => {}
            Event::RoomTilesPlaced { tiles } => {
                for (at, t) in tiles {
                    self.room_mut(*at).tile = Some(*t);
                }
            }
            Event::ExplorationTokensPlaced { tokens } => {
                for (at, t) in tokens {
                    self.room_mut(*at).token = Some(*t);
                }
            }
            Event::CoordinatesPlaced { card } => self.coordinates = Hidden::Known(*card),
            Event::EscapePodsPlaced { pods } => {
                self.pods = pods
                    .iter()
                    .map(|(n, s)| Pod { number: *n, section: *s, locked: true, occupants: Vec::new(), state: PodState::Docked })
                    .collect();
            }
            Event::EnginesPlaced { tops } => self.engines = tops.map(Hidden::Known),
            Event::WeaknessesPlaced { cards } => {
                for (i, c) in cards.iter().enumerate() {
                    self.weaknesses[i].card = Some(*c);
                }
            }
            Event::BagFilled { tokens } => {
                for t in tokens {
                    self.tokens[t.0 as usize] = TokenPlace::Bag;
                }
            }
            Event::DeckShuffled { deck, order } | Event::DeckReshuffled { deck, order } => match deck {
                DeckKind::Event => self.events.set_draw(deck_ids(order)),
                DeckKind::Attack => self.attacks.set_draw(deck_ids(order)),
                DeckKind::SeriousWound => self.wounds.set_draw(deck_ids(order)),
                DeckKind::Contamination => self.contamination.set_draw(deck_ids(order)),
            },
            Event::ContaminationPrepared { infected } => {
                self.infected = infected.iter().map(|b| Hidden::Known(*b)).collect();
            }
            Event::ObjectivesDealt { seat, cards } => self.seats[*seat].objectives = cards.clone(),
            Event::DraftOffered { seat, characters } => {
                self.draft.retain(|c| !characters.contains(c));
                self.seats[*seat].draft_offer = characters.clone();
            }
            Event::CharacterKept { seat, character } => {
                let s = &mut self.seats[*seat];
                for c in s.draft_offer.drain(..) {
                    if c != *character {
                        self.draft.push(c);
                    }
                }
                self.draft.retain(|c| c != character);
                self.draft.sort();
                s.character = Some(*character);
            }
            Event::PlayStarted => {
                self.turn = 1;
                self.phase = Phase::Player;
            }
            Event::PhaseChanged { phase } => {
                self.phase = *phase;
                self.rounds = Rounds::default();
            }
            Event::TurnBegan { turn, first_player } => {
                self.turn = *turn;
                self.first_player = *first_player;
                self.phase = Phase::Player;
                self.rounds = Rounds::default();
            }
            Event::HandSizeSet { seat, cards } => {
                let s = &mut self.seats[*seat];
                s.hand = *cards;
                // An empty hand holds no card a scan found there.
                if *cards == 0 {
                    s.infected_in_hand.clear();
                }
            }
            Event::RoundBegan { seat, .. } | Event::RoundGiven { seat } => {
                self.rounds.started = true;
                self.rounds.turn_of = Some(*seat);
                self.rounds.actions = 0;
                self.rounds.passed.retain(|s| s != seat);
            }
            Event::ActionTaken { seat, cards } => {
                let s = &mut self.seats[*seat];
                s.hand = s.hand.saturating_sub(*cards);
                self.rounds.actions = self.rounds.actions.saturating_add(1);
            }
            Event::RoundEnded { seat, passed } => {
                self.rounds.started = true;
                self.rounds.turn_of = None;
                self.rounds.actions = 0;
                if *passed && !self.rounds.passed.contains(seat) {
                    self.rounds.passed.push(*seat);
                }
                // Passing, the player may discard any cards from the hand (p. 10): from here the
                // app no longer knows that a card found INFECTED is still there.
                if *passed {
                    self.seats[*seat].infected_in_hand.clear();
                }
            }
            Event::CharacterMoved { seat, to } => self.seats[*seat].location = *to,
            Event::RoomExplored { at, tile, token, items } => {
                let r = self.room_mut(*at);
                r.explored = true;
                r.tile = Some(*tile);
                r.token = Some(*token);
                r.items = Some(*items);
            }
            Event::NoiseRolled { .. } | Event::DiceRolled { .. } | Event::CharacterAttacked { .. } | Event::EggsAttacked { .. } => {}
            // What the table does with its own cards and tokens, and attempts that changed nothing.
            Event::AmmoSpent { .. } | Event::ItemsSearched { .. } | Event::HibernationFailed { .. } | Event::PodEntryFailed { .. } => {}
            Event::NoisePlaced { spot } => self.set_noise(*spot, true),
            Event::NoiseRemoved { spot } => self.set_noise(*spot, false),
            Event::DoorChanged { corridor, state } => self.board.doors[corridor.0 as usize] = *state,
            Event::FirePlaced { at } => self.room_mut(*at).fire = true,
            Event::FireRemoved { at } => self.room_mut(*at).fire = false,
            Event::MalfunctionPlaced { at } => self.room_mut(*at).malfunction = true,
            Event::MalfunctionRemoved { at } => self.room_mut(*at).malfunction = false,
            Event::ItemsSet { at, items } => self.room_mut(*at).items = Some(*items),
            Event::EncounterBegan { .. } | Event::BagWasEmpty { .. } => {}
            Event::TokenDrawn { token, .. } => self.tokens[token.0 as usize] = TokenPlace::Drawn,
            Event::TokenReturned { token } | Event::TokenAddedToBag { token } => {
                self.tokens[token.0 as usize] = TokenPlace::Bag
            }
            Event::TokenToSupply { token } => {
                self.tokens[token.0 as usize] = TokenPlace::Supply;
                // A transformed Creeper's token leaves its miniature (the Breeder keeps none).
                for i in self.intruders.iter_mut().filter(|i| i.token == Some(*token)) {
                    i.token = None;
                }
            }
            Event::IntruderPlaced { id, kind, at, token } => {
                self.intruders.push(Intruder { id: *id, kind: *kind, at: *at, injuries: 0, token: *token });
                self.next_intruder = self.next_intruder.max(id.0.saturating_add(1));
                if let Some(t) = token {
                    self.tokens[t.0 as usize] = TokenPlace::OnBoard(*id);
                }
            }
            Event::IntruderMoved { id, to, .. } => {
                if let Some(i) = self.intruders.iter_mut().find(|i| i.id == *id) {
                    i.at = *to;
                }
            }
            Event::IntruderLeftBoard { id } => {
                if let Some(p) = self.intruders.iter().position(|i| i.id == *id) {
                    let i = self.intruders.remove(p);
                    if let Some(t) = i.token {
                        self.tokens[t.0 as usize] = TokenPlace::Bag;
                    }
                }
            }
            Event::IntruderKilled { id } => {
                if let Some(p) = self.intruders.iter().position(|i| i.id == *id) {
                    let i = self.intruders.remove(p);
                    if let Some(t) = i.token {
                        self.tokens[t.0 as usize] = TokenPlace::OutOfPlay;
                    }
                }
            }
            Event::CharacterInfested { seat, id } => {
                if let Some(p) = self.intruders.iter().position(|i| i.id == *id) {
                    let i = self.intruders.remove(p);
                    if let Some(t) = i.token {
                        self.tokens[t.0 as usize] = TokenPlace::Supply;
                    }
                }
                self.seats[*seat].larva = true;
            }
            Event::IntruderInjured { id, injuries } => {
                if let Some(i) = self.intruders.iter_mut().find(|i| i.id == *id) {
                    i.injuries = i.injuries.saturating_add(*injuries);
                }
            }
            Event::IntruderHealed { id, injuries } => {
                if let Some(i) = self.intruders.iter_mut().find(|i| i.id == *id) {
                    i.injuries = i.injuries.saturating_sub(*injuries);
                }
            }
            Event::IntruderTransformed { id, into } => {
                if let Some(i) = self.intruders.iter_mut().find(|i| i.id == *id) {
                    i.kind = *into;
                }
            }
            Event::SurpriseAttack { .. } | Event::NoSurpriseAttack { .. } | Event::AttackMissed { .. } | Event::EnduranceChecked { .. } => {}
            Event::AttackCardDrawn { card, .. } => {
                self.attacks.draw.retain(|c| c != card);
                self.attacks.discard.push(*card);
            }
            Event::LightWoundsSet { seat, light, .. } => self.seats[*seat].light_wounds = *light,
            Event::SeriousWoundDrawn { seat, card, .. } => {
                if let Some(p) = self.wounds.draw.iter().rposition(|c| c == card) {
                    self.wounds.draw.remove(p);
                }
                self.seats[*seat].serious.push(SeriousWound { card: *card, dressed: false });
            }
            Event::SeriousWoundDressed { seat, index } => {
                if let Some(w) = self.seats[*seat].serious.get_mut(*index as usize) {
                    w.dressed = true;
                }
            }
            Event::SeriousWoundHealed { seat, index } => {
                let s = &mut self.seats[*seat];
                if (*index as usize) < s.serious.len() {
                    let w = s.serious.remove(*index as usize);
                    self.wounds.discard.push(w.card);
                }
            }
            Event::CharacterDied { seat, .. } => {
                let at = self.seats[*seat].location;
                let s = &mut self.seats[*seat];
                if let Life::InPod(p) = s.life {
                    if let Some(pod) = self.pods.iter_mut().find(|x| x.number == p) {
                        pod.occupants.retain(|o| o != seat);
                    }
                }
                self.first_dead.get_or_insert(*seat);
                self.deaths = self.deaths.saturating_add(1);
                let s = &mut self.seats[*seat];
                s.life = Life::Dead;
                let eggs = std::mem::take(&mut s.eggs_carried);
                // Heavy Objects fall where the character dies (p. 21).
                let carcasses = std::mem::take(&mut s.carcasses_carried);
                let corpses = std::mem::take(&mut s.corpses_carried);
                let r = self.room_mut(at);
                r.eggs = r.eggs.saturating_add(eggs);
                r.carcasses = r.carcasses.saturating_add(carcasses);
                r.corpses = r.corpses.saturating_add(corpses);
            }
            Event::FirstDeathSettled { seat } => self.first_dead = Some(*seat),
            Event::IntruderPlayerJoined { seat } => {
                self.intruder_player = Some((*seat, self.turn + 1));
                // The former character's cards leave with it; the Intruder deck starts in the box.
                self.seats[*seat].hand = 0;
            }
            Event::AttackCardsOffered { seat, intruder, target, cards } => {
                self.attacks.draw.retain(|c| !cards.contains(c));
                self.attack_offer = Some(AttackOffer { seat: *seat, intruder: *intruder, target: *target, cards: cards.clone() });
            }
            Event::AttackCardChosen { card, rest, .. } => {
                self.attack_offer = None;
                self.attacks.discard.push(*card);
                // The draw pile's top is its end, so its bottom is the front.
                self.attacks.draw.splice(0..0, rest.iter().rev().copied());
            }
            Event::CharacterRevived { seat, at } => {
                let s = &mut self.seats[*seat];
                s.life = Life::Awake;
                s.location = *at;
                s.light_wounds = 0;
                for w in &mut s.serious {
                    w.dressed = true;
                }
            }
            Event::SlimeSet { seat, on } => self.seats[*seat].slime = *on,
            Event::SignalSent { seat } => self.seats[*seat].signal = true,
            Event::LarvaSet { seat, on } => self.seats[*seat].larva = *on,
            Event::ContaminationGiven { seat, card, .. } => {
                self.contamination.draw.retain(|c| c != card);
                self.seats[*seat].contamination.push(*card);
            }
            Event::ContaminationScanned { seat, card, infected, kept_in_hand } => {
                let reveal = Reveal::Contamination { card: *card, infected: *infected, turn };
                let s = &mut self.seats[*seat];
                if *infected && *kept_in_hand && !s.infected_in_hand.contains(card) {
                    s.infected_in_hand.push(*card);
                }
                s.reveals.retain(|r| !matches!(r, Reveal::Contamination { card: c, .. } if c == card));
                s.reveals.push(reveal);
            }
            Event::ContaminationRemoved { seat, card } => {
                self.seats[*seat].contamination.retain(|c| c != card);
                self.seats[*seat].infected_in_hand.retain(|c| c != card);
                self.contamination.removed.push(*card);
            }
            Event::ContaminationDeckEmpty { .. } | Event::ContaminationPicked { .. } => {}
            Event::EngineChecked { seat, engine, top } | Event::EngineRepairBegun { seat, engine, top } => {
                self.seats[*seat].reveals.push(Reveal::Engine { engine: *engine, top: *top, turn });
                if matches!(e, Event::EngineRepairBegun { .. }) {
                    self.repair = Some((*seat, *engine));
                }
            }
            Event::EngineOrderSet { seat, engine, top, .. } => {
                self.engines[engine.0 as usize - 1] = Hidden::Known(*top);
                self.seats[*seat].reveals.push(Reveal::Engine { engine: *engine, top: *top, turn });
                self.repair = None;
            }
            Event::EngineOrderReported { .. } => self.repair = None,
            Event::CoordinatesChecked { seat, card } => {
                self.seats[*seat].reveals.push(Reveal::Coordinates { card: *card, turn })
            }
            Event::DestinationSet { letter } => self.destination = *letter,
            Event::SelfDestructStarted => self.self_destruct = Some(0),
            Event::SelfDestructStopped => self.self_destruct = None,
            Event::SelfDestructAdvanced { to, .. } => self.self_destruct = Some(*to),
            Event::SelfDestructCritical => {}
            Event::TimeAdvanced { to, .. } => self.time = *to,
            Event::HibernationOpened => {}
            Event::PodLockSet { pod, locked } => {
                if let Some(p) = self.pods.iter_mut().find(|p| p.number == *pod) {
                    p.locked = *locked;
                }
            }
            Event::PodsUnlocked { reason } => {
                for p in &mut self.pods {
                    p.locked = false;
                }
                if *reason == UnlockReason::FirstDeath {
                    self.first_death = true;
                }
            }
            Event::CharacterEnteredPod { seat, pod } => {
                if let Some(p) = self.pods.iter_mut().find(|p| p.number == *pod) {
                    p.occupants.push(*seat);
                }
                self.seats[*seat].life = Life::InPod(*pod);
            }
            Event::CharacterLeftPod { seat } => {
                for p in &mut self.pods {
                    p.occupants.retain(|o| o != seat);
                }
                self.seats[*seat].life = Life::Awake;
            }
            Event::PodLaunched { pod } | Event::PodEjected { pod } => {
                let launched = matches!(e, Event::PodLaunched { .. });
                if let Some(p) = self.pods.iter_mut().find(|p| p.number == *pod) {
                    p.state = if launched { PodState::Launched } else { PodState::Ejected };
                    for o in p.occupants.drain(..) {
                        self.seats[o].life = Life::Escaped;
                    }
                }
            }
            Event::CharacterHibernated { seat } => self.seats[*seat].life = Life::Hibernating,
            Event::FirstEncounter => self.first_encounter = true,
            Event::ObjectiveChosen { seat, objective } => {
                self.seats[*seat].objective = ObjectiveChoice::Chosen(*objective)
            }
            Event::ObjectLeft { object, at, .. } => {
                let r = self.room_mut(*at);
                match object {
                    ResearchObject::IntruderCarcass => r.carcasses = r.carcasses.saturating_add(1),
                    ResearchObject::CharacterCorpse => r.corpses = r.corpses.saturating_add(1),
                    ResearchObject::IntruderEgg => r.eggs = r.eggs.saturating_add(1),
                }
            }
            Event::ObjectPickedUp { seat, object, at } => {
                let r = self.room_mut(*at);
                match object {
                    ResearchObject::IntruderCarcass => r.carcasses = r.carcasses.saturating_sub(1),
                    ResearchObject::CharacterCorpse => r.corpses = r.corpses.saturating_sub(1),
                    ResearchObject::IntruderEgg => r.eggs = r.eggs.saturating_sub(1),
                }
                let s = &mut self.seats[*seat];
                match object {
                    ResearchObject::IntruderCarcass => s.carcasses_carried = s.carcasses_carried.saturating_add(1),
                    ResearchObject::CharacterCorpse => s.corpses_carried = s.corpses_carried.saturating_add(1),
                    ResearchObject::IntruderEgg => s.eggs_carried = s.eggs_carried.saturating_add(1),
                }
            }
            Event::ObjectDropped { seat, object, at, .. } => {
                let s = &mut self.seats[*seat];
                match object {
                    ResearchObject::IntruderCarcass => s.carcasses_carried = s.carcasses_carried.saturating_sub(1),
                    ResearchObject::CharacterCorpse => s.corpses_carried = s.corpses_carried.saturating_sub(1),
                    ResearchObject::IntruderEgg => s.eggs_carried = s.eggs_carried.saturating_sub(1),
                }
                let r = self.room_mut(*at);
                match object {
                    ResearchObject::IntruderCarcass => r.carcasses = r.carcasses.saturating_add(1),
                    ResearchObject::CharacterCorpse => r.corpses = r.corpses.saturating_add(1),
                    ResearchObject::IntruderEgg => r.eggs = r.eggs.saturating_add(1),
                }
            }
            Event::AirlockStarted { at, .. } => self.airlock = Some(*at),
            Event::AirlockEnded { .. } => self.airlock = None,
            Event::FireControlUsed { .. } => {}
            Event::TableDoes { .. } => {}
            Event::HandScanDue { seat, due } => {
                self.seats[*seat].hand_scan_due = *due;
                // Saves written before `ScanAnswered`: their answer closed Eclosion's as well.
                if !*due {
                    self.seats[*seat].eclosion_scan_due = false;
                }
            }
            // Shown to the holder of the Comms Key alone, in their log: the state keeps nothing.
            Event::ObjectiveSeen { .. } => {}
            Event::ScanAsked { seat, question } => self.seats[*seat].set_scan_due(*question, true),
            Event::ScanAnswered { seat, question } => self.seats[*seat].set_scan_due(*question, false),
            Event::EggTaken { seat } => {
                self.nest_eggs = self.nest_eggs.saturating_sub(1);
                let s = &mut self.seats[*seat];
                s.eggs_carried = s.eggs_carried.saturating_add(1);
            }
            Event::EggsDropped { seat, at, count, .. } => {
                let s = &mut self.seats[*seat];
                s.eggs_carried = s.eggs_carried.saturating_sub(*count);
                let r = self.room_mut(*at);
                r.eggs = r.eggs.saturating_add(*count);
            }
            Event::NestEggsDestroyed { count } => self.nest_eggs = self.nest_eggs.saturating_sub(*count),
            Event::RoomEggsDestroyed { at, count } => {
                let r = self.room_mut(*at);
                r.eggs = r.eggs.saturating_sub(*count)
            }
            Event::EggAdded => self.nest_eggs = self.nest_eggs.saturating_add(1),
            Event::NestDestroyed => self.nest_destroyed = true,
            Event::WeaknessRevealed { slot, card } => self.weaknesses[slot.slot()].revealed = Some(*card),
            Event::RoomPeeked { seat, at, tile, token } => {
                self.seats[*seat].reveals.push(Reveal::Room { at: *at, tile: *tile, token: *token, turn })
            }
            Event::EventCardDrawn { card, .. } => self.events.draw.retain(|c| c != card),
            Event::EventCardResolved { card } => {
                let fate = self.content().event(*card).fate;
                match fate {
                    crate::content::EventFate::Discard => self.events.discard.push(*card),
                    crate::content::EventFate::Removed => self.events.removed.push(*card),
                    // The card joins the draw pile; the DeckReshuffled that follows sets the order.
                    crate::content::EventFate::ShuffledBack => self.events.draw.push(*card),
                }
            }
            Event::EventCardDiscarded { card } => self.events.discard.push(*card),
            // Instructions to the table: the state does not change.
            // Eclosion: a player who owns Contamination cards is asked to scan those drawn.
            Event::EclosionDraw { seat, holds } => self.seats[*seat].eclosion_scan_due = *holds > 0,
            Event::EventCardIdle { .. } | Event::TechnicalNoiseRolls { .. } | Event::EventStepIdle { .. } => {}
            Event::GameEnded { cause, .. } => {
                self.phase = Phase::Over { cause: *cause, check: VictoryStep::Engines };
            }
            Event::ShipDestroyed => self.ship_destroyed = true,
            Event::VictoryStepReached { step } => {
                if let Phase::Over { cause, .. } = self.phase {
                    self.phase = Phase::Over { cause, check: *step };
                }
            }
            Event::EnginesRevealed { tops } => self.engines_revealed = Some(*tops),
            Event::CoordinatesRevealed { destination, .. } => {
                self.coordinates_revealed = true;
                self.revealed_destination = Some(*destination);
            }
            Event::ContaminationChecked { seat, .. } => self.seats[*seat].contamination_checked = true,
            Event::ObjectiveRevealed { seat, .. } => self.seats[*seat].objective_revealed = true,
            Event::ObjectiveJudged { seat, met } => self.seats[*seat].objective_met = Some(*met),
        }
    }

    fn set_noise(&mut self, spot: NoiseSpot, on: bool) {
        match spot {
            NoiseSpot::Corridor(c) => self.board.noise[c.0 as usize] = on,
            NoiseSpot::Technical => self.board.technical_noise = on,
        }
    }
}
