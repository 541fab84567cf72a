//! The views' wire shape where a view type gave way to the state's own (issue 30, item 5: view
//! types built from the state, not copied beside it): the JSON a table screen, a saved screen or a
//! phone of the same version reads stays the same, field for field and in the same order.

use crate::common::*;
use nemesis_engine::ids::{PodNumber, Seat, Section};
use nemesis_engine::state::{PodState, State};
use nemesis_engine::Actor;
use serde::{Deserialize, Serialize};

/// An Escape Pod as the public view sent it while it had its own copy (`PublicPod`): these
/// fields, in this order, and no other.
#[derive(Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct PodAsSent {
    number: PodNumber,
    section: Section,
    locked: bool,
    occupants: Vec<Seat>,
    state: PodState,
}

/// Each pod of this state's public view, read as it was sent before: how many had someone aboard.
fn pods_as_before(s: &State) -> usize {
    let mut boarded = 0;
    for pod in s.public_view().pods {
        let sent = serde_json::to_string(&pod).unwrap();
        let read: PodAsSent = serde_json::from_str(&sent).unwrap_or_else(|e| panic!("{sent} is not a pod as sent before: {e}"));
        assert_eq!(serde_json::to_string(&read).unwrap(), sent, "the pod's fields in their order");
        boarded += usize::from(!pod.occupants.is_empty());
    }
    boarded
}

#[test]
fn the_public_views_escape_pods_are_sent_as_before() {
    let mut steps = 0;
    for seed in 0..60u64 {
        let mut g = started(1 + (seed % 5) as usize, seed ^ 0x90D5);
        let mut p = Pick(seed * 7_919 + 3);
        for _ in 0..200 {
            let _ = g.submit(Actor::Table, random_command(state(&g), &mut p));
            pods_as_before(state(&g));
            steps += 1;
        }
    }
    // Random games seldom board a pod: one with two aboard, locked, beside one launched.
    let mut s = state(&started(3, 0x90D5)).clone();
    s.pods[0].occupants = vec![Seat(0), Seat(2)];
    s.pods[0].locked = true;
    s.pods[1].state = PodState::Launched;
    assert_eq!(pods_as_before(&s), 1, "the boarded pod is read as before");
    assert!(steps > 10_000, "the seeded games were played ({steps} steps)");
}
