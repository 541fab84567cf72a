//! Fire and Malfunction markers (p. 17): hidden tiles staying hidden, and the ninth marker that
//! loses the ship (p. 11).

use crate::common::*;

use nemesis_engine::command::Command;
use nemesis_engine::content::Content;
use nemesis_engine::ids::*;
use nemesis_engine::state::*;
use nemesis_engine::{apply, Actor, Fate};

#[test]
fn a_malfunction_on_an_unexplored_room_never_betrays_its_hidden_tile_p17() {
    // Whatever hides under a face-down tile, placing a Malfunction there is accepted alike.
    let g = started(3, 16);
    let s = state(&g).clone();
    let c = Content::base();
    for at in c.board.locations().filter(|l| !s.room(*l).explored) {
        let a = apply(Some(&s), &mut Fate::seeded(1), Actor::Table, &Command::SetMalfunction { at, on: true }, &[]);
        assert!(a.is_ok(), "room {} answered differently from the others", at.0);
    }
}

#[test]
fn ninth_fire_marker_loses_the_ship_p11_p17() {
    let (mut s, mut f) = table(2, 113);
    for at in 1..=8 {
        s.room_mut(Location(at)).fire = true;
    }
    let a = ok(&s, &mut f, Command::SetFire { at: Location(9), on: true }, vec![]);
    assert!(matches!(a.state.phase, Phase::Over { cause: EndCause::Fire, .. }), "a 9th Fire marker ends the game");
    assert!(a.state.ship_destroyed, "the ship loses hull integrity");
    assert!(a.state.seats.iter().all(|(_, x)| x.life == Life::Dead), "everyone aboard dies");
    assert_eq!(a.state.fire_count(), 8, "there is no 9th marker to place");

    s.room_mut(Location(8)).fire = false;
    let a = ok(&s, &mut f, Command::SetFire { at: Location(9), on: true }, vec![]);
    assert_eq!(a.state.phase, Phase::Player, "the 8th Fire marker is fine");
}

#[test]
fn ninth_malfunction_marker_loses_the_ship_p11_p17() {
    let (mut s, mut f) = table(2, 114);
    let c = Content::base();
    let fit: Vec<Location> = c
        .board
        .locations()
        .filter(|l| !s.room(*l).tile.is_some_and(|t| matches!(c.tile(t).key.as_str(), "nest" | "room_covered_with_slime")))
        .collect();
    for at in &fit[..8] {
        s.room_mut(*at).malfunction = true;
    }
    let a = ok(&s, &mut f, Command::SetMalfunction { at: fit[8], on: true }, vec![]);
    assert!(matches!(a.state.phase, Phase::Over { cause: EndCause::Malfunction, .. }), "a 9th Malfunction marker ends the game");
    assert!(a.state.ship_destroyed && a.state.seats.iter().all(|(_, x)| x.life == Life::Dead), "the ship and crew are lost");
}
