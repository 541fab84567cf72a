//! The shared table screen built from the state: what every seat and the table may see.

use super::*;

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
                hand_scan_due: s.hand_scan_due,
                eclosion_scan_due: s.eclosion_scan_due,
                alcohol_scan_due: s.alcohol_scan_due,
                antidote_scan_due: s.antidote_scan_due,
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
            // A ship destroyed kills everything aboard, the Intruders too (p. 11): none is shown alive.
            intruders: self
                .intruders
                .iter()
                .filter(|_| !self.ship_destroyed)
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
            pods: self.pods.clone(),
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
}
