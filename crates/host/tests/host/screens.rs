//! A screen once per audience per step (issue 30): after an accepted step the table works out the
//! public view once, builds its own screen once and each streaming seat's screen once, and every
//! door is handed those same screens, not copies.

use crate::common::*;
use nemesis_engine::{Command, Request, Seat};
use nemesis_host::screen::BuiltCount;
use nemesis_host::{Call, Reply, Table};
use std::sync::Arc;

fn hand_size(t: &mut Table, seat: u8, cards: u8) -> Reply {
    call(t, Call::Act { revision: None, request: Request::Do { command: Command::SetHandSize { seat: Seat(seat), cards }, entered: Vec::new() } })
}

#[test]
fn a_step_builds_one_public_view_one_table_screen_and_one_screen_per_streaming_seat() {
    let dir = tempfile::tempdir().unwrap();
    let mut t = table_in(dir.path());
    started(&mut t, 5);
    let feeds: Vec<_> = (0..5)
        .map(|i| {
            t.phones().stream_opened(Seat(i));
            t.phone_feed(Seat(i))
        })
        .collect();
    let before = t.screens_built();
    let Reply::Screen { screen } = hand_size(&mut t, 0, 3) else { panic!("accepted") };
    assert_eq!(t.screens_built() - before, BuiltCount { public_views: 1, table_screens: 1, seat_screens: 5, display_screens: 0 });
    // The reply is the screen every stream got, not a copy of it.
    assert!(Arc::ptr_eq(&screen, &t.subscribe().borrow()), "the reply carries the published screen");
    // A phone asking for its screen after the step gets the one its streams got: nothing more is built.
    for (i, feed) in feeds.iter().enumerate() {
        assert!(Arc::ptr_eq(&feed.borrow(), &t.phone_screen(Seat(i as u8))), "seat {i}'s screen is built once");
    }
    assert_eq!(t.screens_built() - before, BuiltCount { public_views: 1, table_screens: 1, seat_screens: 5, display_screens: 0 });

    // A seat whose phone stopped streaming costs the step nothing.
    t.phones().stream_closed(Seat(4));
    let before = t.screens_built();
    hand_size(&mut t, 1, 2);
    assert_eq!(t.screens_built() - before, BuiltCount { public_views: 1, table_screens: 1, seat_screens: 4, display_screens: 0 });
}

#[test]
fn a_step_that_changes_nothing_of_a_seat_wakes_none_of_its_streams() {
    let dir = tempfile::tempdir().unwrap();
    let mut t = table_in(dir.path());
    started(&mut t, 2);
    t.phones().stream_opened(Seat(0));
    let mut feed = t.phone_feed(Seat(0));
    hand_size(&mut t, 1, 4);
    let seen = feed.has_changed().unwrap();
    // Seat 1's hand size is public: seat 0's board shows it, so seat 0's screen changed.
    assert!(seen, "a public change reaches every phone");
    feed.borrow_and_update();
    assert!(matches!(call(&mut t, Call::Screen), Reply::Screen { .. }));
    assert!(!feed.has_changed().unwrap(), "asking for the table's screen changes no phone's");
}
