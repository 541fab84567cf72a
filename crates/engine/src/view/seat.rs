//! One seat's private view built from the state and the reveals it was given: only its own secrets.

use super::*;

impl State {
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
                    coordinates = Some(KnownCoordinates { card: k.clone(), turn: *turn });
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
                                summary: a.provenance.summary.clone(),
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
