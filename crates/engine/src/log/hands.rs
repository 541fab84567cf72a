//! The log's hand lines for basic Actions whose pieces the table holds (issue 31): which Item deck
//! a Search draws from and how many cards (p. 23), and which weapon's card a Shoot takes its Ammo
//! off (p. 20). The app holds none of these cards, so the line is the whole instruction.

use super::{named, player, said, term, Said};
use crate::command::Weapon;
use crate::content::RoomColour;
use crate::event::Event;
use crate::words::LogParam;
use crate::state::State;

pub(super) fn describe(s: &State, e: &Event) -> Option<Said> {
    let public = |k: &'static str, p| said(k, p, false);
    let who = |seat| ("player", player(s, seat));
    let c = s.content();
    match e {
        Event::ItemsSearched { seat, at } => {
            // p. 23: the room's colour names the deck; a white room lets the player choose one.
            let room = ("room", LogParam::room(at.0));
            match s.room(*at).tile.map(|t| c.tile(t).colour) {
                Some(colour @ (RoomColour::Red | RoomColour::Yellow | RoomColour::Green)) => {
                    public("items_searched", vec![who(*seat), room, ("deck", named("item_deck", &colour))])
                }
                _ => public("items_searched_white", vec![who(*seat), room]),
            }
        }
        Event::AmmoSpent { seat, weapon } => match (weapon, s.seats.get(*seat).and_then(|x| x.character)) {
            (Weapon::Own, Some(ch)) => {
                let ch = &c.data.characters[ch.0 as usize];
                public("ammo_spent_own", vec![who(*seat), ("weapon", term(format!("weapon_name.{}", ch.key), ch.weapon.clone()))])
            }
            _ => public("ammo_spent_carried", vec![who(*seat)]),
        },
        _ => None,
    }
}
