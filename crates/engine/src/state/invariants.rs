//! The bookkeeping a state must never break: every token, card and marker in exactly one place.

use super::*;

in_words!(
    /// The bookkeeping a state breaks, in words (see `State::check_invariants`).
    Broken
);

impl State {
    /// Checks every bookkeeping invariant; returns the first broken one.
    /// Used by property tests and by the host after loading a save.
    /// Every token, card and marker in exactly one place, no pool or track overrun, no pod over
    /// its seats: the bookkeeping a command must never break.
    pub fn check_invariants(&self) -> Result<(), Broken> {
        self.bookkeeping().map_err(Broken)
    }

    fn bookkeeping(&self) -> Result<(), String> {
        let c = self.content();
        let d = &c.data;
        if self.tokens.len() != d.intruder_tokens.len() {
            return Err("not every intruder token has a place".into());
        }
        for (i, place) in self.tokens.iter().enumerate() {
            if *place == TokenPlace::Drawn {
                return Err(format!("token {i} was drawn and never put anywhere"));
            }
            if let TokenPlace::OnBoard(id) = place {
                match self.intruder(*id) {
                    Some(intr) if intr.token == Some(TokenId(i as u8)) => {}
                    _ => return Err(format!("token {i} is set aside with an intruder that does not hold it")),
                }
            }
        }
        for intr in &self.intruders {
            if let Some(t) = intr.token {
                if self.tokens[t.0 as usize] != TokenPlace::OnBoard(intr.id) {
                    return Err(format!("intruder {} holds a token that is elsewhere", intr.id.0));
                }
            }
            if intr.at.0 == 0 || intr.at.0 as usize > self.board.rooms.len() {
                return Err("an intruder stands off the board".into());
            }
        }
        let adults = self.intruders.iter().filter(|i| i.kind == IntruderKind::Adult).count();
        if adults > d.pools.adult_miniatures as usize {
            return Err("more Adults on the board than there are miniatures".into());
        }
        if self.fire_count() > d.pools.fire || self.malfunction_count() > d.pools.malfunction {
            return Err("more Fire or Malfunction markers than the pool holds".into());
        }
        if self.noise_count() > d.pools.noise || self.doors_in_use() > d.pools.doors {
            return Err("more Noise markers or Doors than the pool holds".into());
        }
        if self.time > d.time_track.moves || self.self_destruct.is_some_and(|p| p > d.self_destruct_track.moves) {
            return Err("a track marker is past its last space".into());
        }
        let eggs_out: u8 = self.nest_eggs
            + self.board.rooms.iter().map(|r| r.eggs).sum::<u8>()
            + self.seats.iter().map(|(_, s)| s.eggs_carried).sum::<u8>();
        if eggs_out > d.pools.eggs {
            return Err("more eggs in play than egg tokens".into());
        }
        // Every card of each deck is in exactly one place.
        let mut seen = vec![0u8; d.events.len()];
        for c in self.events.draw.iter().chain(&self.events.discard).chain(&self.events.removed) {
            match seen.get_mut(c.0 as usize) {
                Some(n) => *n += 1,
                // A card that does not exist (only a hand-made journal can name one).
                None => return Err("a card that is not in the box is in play".into()),
            }
        }
        if seen.iter().any(|n| *n != 1) {
            return Err("an Event card is missing or in two places".into());
        }
        let mut seen = vec![0u8; d.attacks.len()];
        let offered = self.attack_offer.iter().flat_map(|o| &o.cards);
        for c in self.attacks.draw.iter().chain(&self.attacks.discard).chain(&self.attacks.removed).chain(offered) {
            match seen.get_mut(c.0 as usize) {
                Some(n) => *n += 1,
                // A card that does not exist (only a hand-made journal can name one).
                None => return Err("a card that is not in the box is in play".into()),
            }
        }
        if seen.iter().any(|n| *n != 1) {
            return Err("an Intruder Attack card is missing or in two places".into());
        }
        let held_wounds: usize = self.seats.iter().map(|(_, s)| s.serious.len()).sum();
        if self.wounds.draw.len() + self.wounds.discard.len() + held_wounds != c.wound_cards().len() {
            return Err("a Serious Wound card is missing or in two places".into());
        }
        let mut seen = vec![0u8; self.infected.len()];
        for c in self.contamination.draw.iter().chain(&self.contamination.removed) {
            match seen.get_mut(c.0 as usize) {
                Some(n) => *n += 1,
                // A card that does not exist (only a hand-made journal can name one).
                None => return Err("a card that is not in the box is in play".into()),
            }
        }
        for (_, s) in self.seats.iter() {
            for c in &s.contamination {
                match seen.get_mut(c.0 as usize) {
                Some(n) => *n += 1,
                // A card that does not exist (only a hand-made journal can name one).
                None => return Err("a card that is not in the box is in play".into()),
            }
            }
        }
        if seen.iter().any(|n| *n != 1) {
            return Err("a Contamination card is missing or in two places".into());
        }
        for (seat, s) in self.seats.iter() {
            if s.light_wounds > 2 || s.serious.len() > 3 {
                return Err(format!("seat {} has more wounds than the board can show", seat.0));
            }
            if let Life::InPod(p) = s.life {
                if !self.pod(p).is_some_and(|pod| pod.occupants.contains(&seat)) {
                    return Err("a character waits in a pod that does not hold them".into());
                }
            }
        }
        for p in &self.pods {
            if p.occupants.len() > d.escape_pods.seats as usize {
                return Err("an Escape Pod holds more characters than it has seats".into());
            }
        }
        Ok(())
    }
}
