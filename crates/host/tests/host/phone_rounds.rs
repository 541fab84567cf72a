//! A player's round on their own phone (issue 32) over real HTTP on loopback: the phone of the
//! seat whose round it is gets that round's offers and sends them, paying their cost (p. 12); no
//! other phone gets them; a phone acting out of its round, for another seat, as a correction or
//! from a screen the game has moved on from is refused before the rules see it, and nothing
//! changes; the table can still act for any seat; the table's log says which phone took a step.

use crate::common::http::*;
use crate::common::*;
use crate::phones::{assert_fault, hand_of, lan, pair, phone, phones_screen, Lan};

use nemesis_engine::offers::Offer;
use nemesis_engine::{Actor, Command, Request, Seat};
use nemesis_host::protocol::{PhoneReply, PhoneScreen};
use nemesis_host::{Call, Reply};
use serde_json::json;

const HAND: &str = r#"{"call":"hand"}"#;

async fn screen(l: &Lan, token: &str) -> PhoneScreen {
    hand_of(&phone(l.port, Some(token), HAND).await)
}

fn act_body(command: &Command, revision: u32) -> String {
    json!({ "call": "act", "command": command, "entered": [], "revision": revision }).to_string()
}

/// The seat whose round it is and the next seat in turn order (one that holds no round now).
fn holder_and_other(l: &Lan) -> (Seat, Seat) {
    let game = phones_screen(&l.table).game.expect("a game");
    let holder = game.view.rounds.turn_of.expect("a round is on");
    let order = &game.view.turn_order;
    let at = order.iter().position(|s| *s == holder).unwrap();
    (holder, order[(at + 1) % order.len()])
}

/// A Move the round offers that needs no physical result: the first basic Action of a round.
fn a_move(offers: &[Offer]) -> Offer {
    offers.iter().find(|o| matches!(o.command, Command::MoveCharacter { careful_noise: None, .. }) && !o.needs_result).cloned().expect("a Move is offered")
}

/// The journal's length and the table screen's revision: what must not move when a call is refused.
fn unchanged(l: &Lan) -> (usize, u64) {
    let revision = phones_screen(&l.table).revision;
    (on_table(&l.table, |t| t.open_game().unwrap().entries().len()), revision)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_phone_of_the_seat_whose_round_it_is_plays_it_and_pays_its_cost_p10_p12() {
    let l = lan(3).await;
    let (holder, other) = holder_and_other(&l);
    let mine = pair(&l, holder).await;
    let theirs = pair(&l, other).await;

    let now = screen(&l, &mine).await;
    let game = now.game.as_ref().unwrap();
    assert_eq!(game.rounds.turn_of, Some(holder));
    let table_offers = phones_screen(&l.table).game.unwrap().offers;
    assert_eq!(game.offers, table_offers, "the phone offers what the table's round panel offers");
    assert!(game.offers.iter().any(|o| matches!(o.command, Command::Pass { .. })), "Pass is offered");
    // Offers are public facts, but each seat is sent only its own.
    let waiting = screen(&l, &theirs).await;
    let w = waiting.game.as_ref().unwrap();
    assert!(w.offers.is_empty(), "a phone out of its round is offered nothing");
    assert_eq!(w.rounds.turn_of, Some(holder), "and is told whose round it is");

    let take = a_move(&game.offers);
    let before = game.me.hand;
    let r = phone(l.port, Some(&mine), &act_body(&take.command, game.revision)).await;
    let after = hand_of(&r);
    let after = after.game.as_ref().unwrap();
    assert_eq!(after.me.hand, before - take.cost.unwrap(), "the Move's cost was paid from the hand");
    assert_eq!(after.revision, game.revision + 1);
    assert_eq!(after.rounds.actions, 1, "the round's first Action is taken");
    // The step is the seat's own, journaled as sent by its phone, and the table's log says so.
    let last = on_table(&l.table, |t| t.open_game().unwrap().entries().last().cloned().unwrap());
    assert_eq!(last.actor, Actor::Seat(holder));
    let log = phones_screen(&l.table).game.unwrap().log;
    let name = format!("Player {}", holder.0 + 1);
    let by = log.iter().find(|line| line.seq == last.seq && line.key == "on_phone").expect("the table's log names the phone");
    assert_eq!(by.text, format!("From {name}'s phone:"));
    // Pass, from the phone: the round goes on to the next seat.
    let pass = Command::Pass { seat: holder };
    let r = phone(l.port, Some(&mine), &act_body(&pass, after.revision)).await;
    assert!(hand_of(&r).game.unwrap().offers.is_empty(), "after its Pass the phone is offered nothing");
    let next = screen(&l, &theirs).await;
    assert_eq!(next.game.as_ref().unwrap().rounds.turn_of, Some(other), "the next seat's round");
    assert!(!next.game.unwrap().offers.is_empty(), "and now its phone gets the offers");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_phone_out_of_its_round_for_another_seat_for_a_correction_or_from_a_stale_screen_is_refused_and_nothing_changes() {
    let l = lan(3).await;
    let (holder, other) = holder_and_other(&l);
    let mine = pair(&l, holder).await;
    let theirs = pair(&l, other).await;
    let now = screen(&l, &mine).await;
    let game = now.game.unwrap();
    let take = a_move(&game.offers);
    let before = unchanged(&l);

    // Another seat's phone sends the holder's Action as it stands: not its seat.
    assert_fault(&phone(l.port, Some(&theirs), &act_body(&take.command, game.revision)).await, 403, "not_your_seat", "another seat's Action");
    // Its own Search, out of its round: the round is someone else's, and the reason names them.
    let search = Command::SearchRoom { seat: other };
    let r = phone(l.port, Some(&theirs), &act_body(&search, game.revision)).await;
    assert_fault(&r, 403, "not_your_round", "out of its round");
    assert!(r.json()["fault"]["reason"].as_str().unwrap().contains(&format!("Player {}", holder.0 + 1)), "{}", r.body);
    // Its own Pass out of its round.
    assert_fault(&phone(l.port, Some(&theirs), &act_body(&Command::Pass { seat: other }, game.revision)).await, 403, "not_your_round", "a Pass out of its round");
    // The holder's own corrections and the table's bookkeeping.
    for command in [Command::SetHandSize { seat: holder, cards: 5 }, Command::GiveRound { seat: holder }, Command::PlaceCharacter { seat: holder, at: nemesis_engine::Location(1) }, Command::EndPlayerPhase] {
        assert_fault(&phone(l.port, Some(&mine), &act_body(&command, game.revision)).await, 403, "not_your_seat", &format!("{command:?}"));
    }
    // A result the Action does not take.
    let body = json!({ "call": "act", "command": take.command, "entered": [{ "kind": "destination", "destination": "earth" }], "revision": game.revision }).to_string();
    assert_fault(&phone(l.port, Some(&mine), &body).await, 409, "bad_result", "a result a Move does not take");
    // A screen the game has moved on from.
    let stale = phone(l.port, Some(&mine), &act_body(&take.command, game.revision - 1)).await;
    assert_fault(&stale, 409, "moved_on", "a stale screen");
    assert_eq!(stale.json()["fault"]["key"], "the_table_moved_on_since_this_screen_was");
    assert_eq!(unchanged(&l), before, "nothing changed");

    // The table moves on (it can act for any seat): the phone's screen of before is stale now.
    let table_revision = phones_screen(&l.table).game.unwrap().revision;
    let stale_table = table_call_act(&l, take.command.clone(), table_revision - 1);
    assert_eq!(fault_of(stale_table).code, nemesis_host::protocol::HostCode::MovedOn, "the table's own stale call too");
    assert_eq!(unchanged(&l), before, "nothing changed");
    assert!(matches!(table_call_act(&l, take.command.clone(), table_revision), Reply::Screen { .. }), "the table acts for the holder");
    assert_fault(&phone(l.port, Some(&mine), &act_body(&take.command, game.revision)).await, 409, "moved_on", "the phone's screen from before the table's step");
}

fn table_call_act(l: &Lan, command: Command, revision: u32) -> Reply {
    on_table(&l.table, |t| t.call(Actor::Table, Call::Act { revision: Some(revision), request: Request::Do { command, entered: Vec::new() } }))
}

/// Issue 30: a phone's own step reaches it once. A phone that reads its stream and says so gets
/// `accepted` with the revision, and the screen on its stream.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_streaming_phone_gets_its_own_steps_screen_once_on_its_stream() {
    let l = lan(2).await;
    let (holder, _) = holder_and_other(&l);
    let mine = pair(&l, holder).await;
    let auth = format!("Bearer {mine}");
    let (status, _, mut events) = EventStream::open_with(l.port, "/api/stream", &[("Authorization", &auth)]).await;
    assert_eq!(status, 200);
    let (name, first) = events.next().await;
    assert_eq!(name, "hand");
    let first: PhoneScreen = serde_json::from_value(first).unwrap();
    let game = first.game.unwrap();
    let take = a_move(&game.offers);
    let body = json!({ "call": "act", "command": take.command, "entered": [], "revision": game.revision, "streamed": true }).to_string();
    let r = phone(l.port, Some(&mine), &body).await;
    assert_eq!(r.status, 200, "{}", r.body);
    match r.reply::<PhoneReply>() {
        PhoneReply::Accepted { revision } => assert_eq!(revision, game.revision + 1),
        other => panic!("a streaming phone is answered with the revision only: {other:?}"),
    }
    let (name, next) = events.next().await;
    assert_eq!(name, "hand");
    let next: PhoneScreen = serde_json::from_value(next).unwrap();
    assert_eq!(next.game.unwrap().revision, game.revision + 1, "the stream carries the step's screen");
}

/// p. 20: a Contamination card leaves only by a card's, a room's or an Item's procedure. A phone's
/// scan answers the question its seat was asked (Rest, Eclosion, the Alcohol); sent unasked, in its
/// round or out of it, it is refused with the reason and nothing changes, however it names the
/// procedure. The table's scan, a correction, still stands.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_phone_scan_nobody_asked_is_refused_and_changes_nothing_p20() {
    let l = lan(3).await;
    let (holder, other) = holder_and_other(&l);
    let mine = pair(&l, holder).await;
    let theirs = pair(&l, other).await;
    for seat in [holder, other] {
        on_table(&l.table, |t| act(t, Command::GiveContamination { seat, count: 2 }));
    }
    let before = unchanged(&l);
    for (token, seat) in [(&mine, holder), (&theirs, other)] {
        let now = screen(&l, token).await;
        let game = now.game.unwrap();
        let cards: Vec<_> = game.hand.contamination.iter().map(|c| c.id).collect();
        assert_eq!(cards.len(), 2);
        for procedure in [nemesis_engine::ScanProcedure::Rest, nemesis_engine::ScanProcedure::Alcohol, nemesis_engine::ScanProcedure::Look, nemesis_engine::ScanProcedure::Antidote] {
            let scan = Command::ScanContamination { seat, cards: cards.clone(), procedure, scanned: 0 };
            let r = phone(l.port, Some(token), &act_body(&scan, game.revision)).await;
            assert_fault(&r, 409, "not_allowed", &format!("{procedure:?} unasked"));
            let key = if procedure == nemesis_engine::ScanProcedure::Antidote { "the_antidote_is_played_as_its_item_card" } else { "no_scan_is_asked_of_this_player_now" };
            assert_eq!(r.json()["fault"]["key"], key, "{}", r.body);
        }
    }
    assert_eq!(unchanged(&l), before, "nothing changed");
    let seat_cards = on_table(&l.table, |t| t.open_game().unwrap().state().unwrap().seats[holder].contamination.clone());
    assert_eq!(seat_cards.len(), 2, "both cards are still held");
    let scan = Command::ScanContamination { seat: holder, cards: seat_cards, procedure: nemesis_engine::ScanProcedure::Antidote, scanned: 0 };
    on_table(&l.table, |t| act(t, scan));
    assert_eq!(unchanged(&l).0, before.0 + 1, "the table's correction is taken");
}
