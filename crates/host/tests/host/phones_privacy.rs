//! The privacy test on the wire (PRIVACY.md, secrets rule 4, carried to the phone server): five
//! paired phones follow long random games, and play their own rounds from their phones (issue 32); everything the server sends each seat's stream and
//! everything pushed to the table is recorded, and no byte of it belongs to the wrong audience.
//! Two shared displays follow the same games: each of their messages is one the public may see.

use crate::common::http::*;
use crate::common::*;

use nemesis_engine::log::{log, Audience};
use nemesis_engine::state::Phase;
use nemesis_engine::{Actor, Command, EngineNumber, EngineStatus, Location, Request, ScanProcedure, Seat};
use nemesis_host::protocol::{PhoneBoard, PhoneReply, PhoneScreen};
use nemesis_host::{Call, Reply, Shared, Table};
use std::collections::HashSet;
use std::time::Duration;

const PLAYERS: u8 = 5;

/// A small deterministic generator, so a failing game can be replayed by its number.
struct Pick(u64);

impl Pick {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }
    fn below(&mut self, n: u64) -> u64 {
        self.next() % n.max(1)
    }
}

/// What the engine itself says each seat may see right now: its view and its private lines.
fn expected(table: &Shared) -> Vec<(String, Vec<String>)> {
    on_table(table, |t| {
        let game = t.open_game().unwrap();
        let state = game.state().unwrap();
        (0..PLAYERS)
            .map(|i| {
                let seat = Seat(i);
                let view = serde_json::to_string(&state.seat_view(seat).unwrap()).unwrap();
                let lines = log(game.entries(), Audience::Seat(seat)).into_iter().filter(|l| l.private).map(|l| l.text).collect();
                (view, lines)
            })
            .collect()
    })
}

async fn phone_act(port: u16, token: &str, command: serde_json::Value) -> bool {
    let body = serde_json::json!({ "call": "act", "command": command }).to_string();
    let auth = format!("Bearer {token}");
    let r = request(port, "POST", "/api/phone", &[("Authorization", &auth)], Some(&body)).await;
    matches!(r.reply::<PhoneReply>(), PhoneReply::Hand { .. })
}

async fn pair_all(table: &Shared, port: u16) -> Vec<String> {
    let mut tokens = Vec::new();
    for i in 0..PLAYERS {
        let seat = Seat(i);
        let Reply::Offer { offer } = on_table(table, |t| t.call(Actor::Table, Call::PairCode { seat })) else { panic!("an offer") };
        let code = offer.url.split_once("#pair=").unwrap().1.split('&').next().unwrap().to_string();
        let body = serde_json::json!({ "call": "pair", "code": code }).to_string();
        let waiting = tokio::spawn(async move { request(port, "POST", "/api/phone", &[], Some(&body)).await });
        let ask = loop {
            let screen = screen_of(on_table(table, |t| t.call(Actor::Table, Call::Screen)));
            if let Some(a) = screen.phones.asking.first() {
                break a.ask;
            }
            tokio::time::sleep(Duration::from_millis(5)).await;
        };
        on_table(table, |t| t.call(Actor::Table, Call::AnswerPhone { ask, accept: true, replace: false }));
        match waiting.await.unwrap().reply::<PhoneReply>() {
            PhoneReply::Paired { token, .. } => tokens.push(token),
            other => panic!("pairing failed: {other:?}"),
        }
    }
    tokens
}

/// One random step of a game, by the table or by a seat's phone.
/// One random step; `boards` gets every public board the table passed through on the way (a
/// Room Action first stands the character in its room, and the round and cards are arranged):
/// a phone's stream may catch any of them.
async fn step(table: &Shared, port: u16, tokens: &[String], p: &mut Pick, boards: &mut HashSet<String>) {
    let (phase, seats, attack) = on_table(table, |t| {
        let s = t.open_game().unwrap().state().unwrap();
        let views: Vec<_> = (0..PLAYERS).map(|i| (s.seat_view(Seat(i)).unwrap(), s.public_view().seats[i as usize].clone())).collect();
        // The Intruder player's ATTACK (p. 27), when an Intruder stands with a character.
        let attack = s.intruder_player_now().and_then(|by| {
            s.intruders.iter().find_map(|i| s.characters_at(i.at).first().map(|on| (by, i.id, *on)))
        });
        (s.phase, views, attack)
    });
    // The Intruder player's pick among the Attack cards they drew is made on their phone.
    if let Some((hand, _)) = seats.iter().find(|(h, _)| h.attack_offer.is_some()) {
        let offer = hand.attack_offer.as_ref().unwrap();
        let card = offer.cards[p.below(offer.cards.len() as u64) as usize].id;
        assert!(phone_act(port, &tokens[hand.seat.0 as usize], serde_json::json!({"type": "choose_attack_card", "seat": hand.seat, "card": card})).await);
        return;
    }
    let seat = Seat(p.below(PLAYERS as u64) as u8);
    let (hand, me) = &seats[seat.0 as usize];
    let token = &tokens[seat.0 as usize];
    // Private choices go through the phone whenever one is due.
    if phase == Phase::Draft {
        let drafting = seats.iter().filter(|(_, m)| m.character.is_none()).min_by_key(|(_, m)| m.number.0).map(|(_, m)| m.clone());
        if let Some(m) = drafting {
            if m.draft_offer.is_empty() {
                on_table(table, |t| try_act(t, Command::DraftDraw { seat: m.seat }));
            } else {
                let key = m.draft_offer[p.below(m.draft_offer.len() as u64) as usize].key.clone();
                assert!(phone_act(port, &tokens[m.seat.0 as usize], serde_json::json!({"type": "draft_keep", "seat": m.seat, "character": key})).await);
            }
        }
        return;
    }
    if hand.must_choose_objective && !hand.objectives.is_empty() {
        let key = hand.objectives[p.below(hand.objectives.len() as u64) as usize].card.key.clone();
        phone_act(port, token, serde_json::json!({"type": "choose_objective", "seat": seat, "objective": key})).await;
        return;
    }
    if hand.engine_in_hand.is_some() {
        let top = if p.below(2) == 0 { EngineStatus::Working } else { EngineStatus::Damaged };
        phone_act(port, token, serde_json::json!({"type": "set_engine_order", "seat": seat, "top": top})).await;
        return;
    }
    // Issue 32: the seat whose round it is often plays it on its phone, from what its phone is
    // offered, naming the revision its screen showed.
    let holder = on_table(table, |t| t.open_game().unwrap().state().unwrap().rounds.turn_of);
    if let Some(holder) = holder.filter(|_| phase == Phase::Player && p.below(2) == 0) {
        let token = &tokens[holder.0 as usize];
        let auth = format!("Bearer {token}");
        let r = request(port, "POST", "/api/phone", &[("Authorization", &auth)], Some(r#"{"call":"hand"}"#)).await;
        let PhoneReply::Hand { screen } = r.reply::<PhoneReply>() else { panic!("the holder's screen: {}", r.body) };
        let game = screen.game.as_ref().unwrap();
        let offers: Vec<_> = game.offers.iter().filter(|o| !o.needs_result).collect();
        assert!(!offers.is_empty(), "the holder's phone is offered its round (Pass at least)");
        let o = offers[p.below(offers.len() as u64) as usize];
        let body = serde_json::json!({ "call": "act", "command": o.command, "entered": [], "revision": game.revision }).to_string();
        let r = request(port, "POST", "/api/phone", &[("Authorization", &auth)], Some(&body)).await;
        assert!(matches!(r.reply::<PhoneReply>(), PhoneReply::Hand { .. }), "an offered step is taken from the phone: {:?} {}", o.command, r.body);
        return;
    }
    let engine = EngineNumber(1 + p.below(3) as u8);
    let command = match p.below(20) {
        0 => Command::EndPlayerPhase,
        1 => Command::AdvanceTime,
        2 => Command::ResolveIntruderAttacks,
        3 => Command::ResolveFireDamage,
        4 => Command::ResolveEventCard,
        5 => Command::DevelopBag,
        6 => Command::CheckEngine { seat, engine },
        7 => Command::CheckAllEngines { seat },
        8 => Command::CheckCoordinates { seat },
        9 => Command::PeekRoom { seat, at: Location(1 + p.below(21) as u8) },
        10 => Command::Encounter { seat },
        11 => Command::MoveCharacter { seat, to: Location(1 + p.below(21) as u8), careful_noise: None },
        12 => Command::GiveContamination { seat, count: 1 },
        13 => Command::ScanContamination { seat, cards: hand.contamination.iter().map(|c| c.id).collect(), procedure: ScanProcedure::Look, scanned: 0 },
        14 => Command::BeginEngineRepair { seat, engine, paid: 1 },
        15 => Command::NoiseRoll { seat },
        16 => Command::SetHandSize { seat, cards: p.below(6) as u8 },
        17 if p.below(4) == 0 => {
            on_table(table, |t| t.call(Actor::Table, Call::Act { revision: None, request: Request::Undo }));
            return;
        }
        18 if me.life == nemesis_engine::state::Life::Awake && p.below(10) == 0 => Command::KillCharacter { seat },
        19 => match attack {
            Some((by, id, target)) => Command::IntruderPlayerAttack { seat: by, id, target, card_number: 1 + p.below(4) as u8 },
            None => Command::BecomeIntruderPlayer { seat },
        },
        _ => Command::EndPlayerPhase,
    };
    // A Room Action is taken in its room (p. 24): the table stands the character there first,
    // as a player would walk there, so the random games still reach the private checks.
    let content = nemesis_engine::Content::base();
    let room = match &command {
        Command::CheckEngine { engine, .. } | Command::BeginEngineRepair { engine, .. } => content.engine_location(*engine),
        Command::CheckCoordinates { .. } => Some(content.location_of_kind(nemesis_engine::content::LocationKind::Cockpit)),
        _ => None,
    };
    let board = |t: &mut Table| serde_json::to_string(&PhoneBoard::of(&t.open_game().unwrap().state().unwrap().public_view())).unwrap();
    if let Some(at) = room {
        boards.insert(on_table(table, |t| {
            try_act(t, Command::PlaceCharacter { seat, at });
            board(t)
        }));
    }
    // Ending the phase: each objective kept and each pass first is a step of its own, which a
    // phone's stream may catch (more of them since the phones play their rounds): each recorded.
    if matches!(command, Command::EndPlayerPhase) {
        for _ in 0..32 {
            let board = on_table(table, |t| {
                let s = t.open_game().unwrap().state().unwrap().clone();
                if s.phase != Phase::Player {
                    return None;
                }
                let step = match nemesis_engine::rules::objectives_due(&s).next() {
                    Some(seat) => Command::ChooseObjective { seat, objective: s.seats[seat].objectives.first().map(|o| s.content().data.objectives[o.0 as usize].key.clone()) },
                    None => Command::Pass { seat: s.rounds.turn_of? },
                };
                matches!(try_act(t, step), Reply::Screen { .. }).then(|| board(t))
            });
            match board {
                Some(b) => {
                    boards.insert(b);
                }
                None => break,
            }
        }
    }
    // The random seat gets the round and the cards it needs, as the table would (p. 10, p. 12).
    boards.insert(on_table(table, |t| {
        arrange(t, &command);
        board(t)
    }));
    on_table(table, |t| try_act(t, command));
}

/// Collects every event of one display's stream until the server stops.
fn record_display(port: u16, token: String) -> tokio::task::JoinHandle<Vec<(String, String)>> {
    tokio::spawn(async move {
        let auth = format!("Bearer {token}");
        let (status, _, mut events) = EventStream::open_with(port, "/api/display/stream", &[("Authorization", &auth)]).await;
        assert_eq!(status, 200);
        let mut out = Vec::new();
        while let Some(e) = events.next_text().await {
            out.push(e);
        }
        out
    })
}

/// Collects every event of one seat's stream until the server stops.
fn record(port: u16, token: String) -> tokio::task::JoinHandle<Vec<(String, String)>> {
    tokio::spawn(async move {
        let auth = format!("Bearer {token}");
        let (status, _, mut events) = EventStream::open_with(port, "/api/stream", &[("Authorization", &auth)]).await;
        assert_eq!(status, 200);
        let mut out = Vec::new();
        while let Some(e) = events.next_text().await {
            out.push(e);
        }
        out
    })
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn no_seat_and_not_the_table_ever_receive_another_audiences_secret() {
    let games: u64 = std::env::var("PRIVACY_GAMES").ok().and_then(|v| v.parse().ok()).unwrap_or(3);
    let steps: usize = std::env::var("PRIVACY_STEPS").ok().and_then(|v| v.parse().ok()).unwrap_or(300);
    let mut checked_events = 0usize;
    let mut display_pushes = 0usize;
    let mut private_lines_seen = 0usize;
    let (mut engine_reveals, mut coordinate_reveals) = (0usize, 0usize);
    for g in 0..games {
        let dir = tempfile::tempdir().unwrap();
        let mut t = table_in(dir.path());
        t.phone_rules_mut().port = 0;
        new_game(&mut t, options(PLAYERS as usize));
        let table = nemesis_host::Shared::new(t);
        let mut table_screens = on_table(&table, |t| t.subscribe());
        let port = phones_on(&table);
        let tokens = pair_all(&table, port).await;
        let recorders: Vec<_> = tokens.iter().map(|tk| record(port, tk.clone())).collect();
        // Two shared displays, paired the whole way, each recording its own stream.
        let mut displays = Vec::new();
        for device in ["TV", "Tablet"] {
            let token = crate::displays::pair_display(&table, port, device).await;
            displays.push((token.clone(), record_display(port, token)));
        }
        // Everything the table's doors push: the serialized screens, as the serve door sends them.
        let table_log = tokio::spawn(async move {
            let mut out = Vec::new();
            while table_screens.changed().await.is_ok() {
                out.push(serde_json::to_string(&*table_screens.borrow_and_update().clone()).unwrap());
            }
            out
        });
        let mut allowed: Vec<HashSet<String>> = vec![HashSet::new(); PLAYERS as usize];
        let mut allowed_lines: Vec<HashSet<String>> = vec![HashSet::new(); PLAYERS as usize];
        // The boards the table's public view showed: a phone's map may carry only one of them.
        let mut boards: HashSet<String> = HashSet::new();
        let board_now = || on_table(&table, |t| serde_json::to_string(&PhoneBoard::of(&t.open_game().unwrap().state().unwrap().public_view())).unwrap());
        let mut p = Pick(0x9E37_79B9_7F4A_7C15 ^ (g + 1));
        let note = |allowed: &mut Vec<HashSet<String>>, lines: &mut Vec<HashSet<String>>| {
            for (i, (view, l)) in expected(&table).into_iter().enumerate() {
                allowed[i].insert(view);
                lines[i].extend(l);
            }
        };
        note(&mut allowed, &mut allowed_lines);
        boards.insert(board_now());
        for _ in 0..steps {
            step(&table, port, &tokens, &mut p, &mut boards).await;
            note(&mut allowed, &mut allowed_lines);
            boards.insert(board_now());
            if on_table(&table, |t| t.open_game().unwrap().state().unwrap().is_over()) {
                break;
            }
        }
        // A long random game exports and imports back (the import's checks of names, titles and
        // cards dealt twice, issue 21, refuse no game the engine played).
        on_table(&table, |t| {
            // The log the host extended step by step (issue 21, item 7) is the engine's log of
            // the whole journal, for the table and for every seat, undos included.
            let entries = t.open_game().unwrap().entries().to_vec();
            let Reply::Log { lines } = t.call(Actor::Table, Call::Log) else { panic!("the log") };
            assert_eq!(lines, log(&entries, Audience::Table), "game {g}: the table's log");
            for seat in (0..PLAYERS).map(Seat) {
                let Reply::Private { log: mine, .. } = t.call(Actor::Table, Call::Private { seat }) else { panic!("a seat's view") };
                let whole: Vec<_> = log(&entries, Audience::Seat(seat)).into_iter().filter(|l| l.private).collect();
                assert_eq!(mine, whole, "game {g}: seat {}'s private lines", seat.0);
            }
            let id = t.open_game().map(|_| t.screen().game.unwrap().id).unwrap();
            let Reply::Exported { file, .. } = t.call(Actor::Table, Call::Export { game: id }) else { panic!("the game exports") };
            let imported = t.call(Actor::Table, Call::Import { file });
            assert!(matches!(imported, Reply::Imported { .. }), "game {g} imports back: {imported:?}");
        });
        // Let the streams catch up with the last change, then stop the server: they end.
        tokio::time::sleep(Duration::from_millis(200)).await;
        on_table(&table, |t| t.call(Actor::Table, Call::Phones { on: false, address: None }));
        let mut display_events = Vec::new();
        for (token, r) in displays {
            display_events.push((token, tokio::time::timeout(WAIT, r).await.expect("display streams end with the server").unwrap()));
        }
        let mut received = Vec::new();
        for r in recorders {
            received.push(tokio::time::timeout(WAIT, r).await.expect("streams end with the server").unwrap());
        }
        drop(table);
        let table_pushes = tokio::time::timeout(WAIT, table_log).await.expect("the table's pushes end with the table").unwrap();

        // Each seat's secrets: its objective keys while they are secret, and its private lines.
        let finals = expected_finals(&received);
        for (i, events) in received.iter().enumerate() {
            assert!(!events.is_empty(), "game {g}: seat {i} heard nothing");
            for (name, data) in events {
                assert_eq!(name, "hand", "game {g}: seat {i} got a {name} event");
                let screen: PhoneScreen = serde_json::from_str(data).unwrap();
                assert_eq!(screen.seat, Seat(i as u8), "game {g}: seat {i}'s stream carried another seat's screen");
                let Some(game) = &screen.game else { continue };
                assert_eq!(game.me.seat, screen.seat);
                assert!(game.offers.is_empty() || game.rounds.turn_of == Some(screen.seat), "game {g}: seat {i} was sent another seat's round");
                let hand = serde_json::to_string(&game.hand).unwrap();
                assert!(allowed[i].contains(&hand), "game {g}: seat {i} got a hand the engine never built for it: {hand}");
                let board = serde_json::to_string(&game.board).unwrap();
                assert!(boards.contains(&board), "game {g}: seat {i}'s map carried a board the table's public view never showed: {board}");
                for line in &game.reveals {
                    engine_reveals += usize::from(line.key.starts_with("engine_"));
                    coordinate_reveals += usize::from(line.key == "coordinates_private");
                    assert!(line.private && allowed_lines[i].contains(&line.text), "game {g}: seat {i} got a line not its own: {line:?}");
                    private_lines_seen += 1;
                }
                for (j, secrets) in finals.iter().enumerate() {
                    if j == i {
                        continue;
                    }
                    for key in &secrets.objectives {
                        assert!(!data.contains(&format!("\"{key}\"")), "game {g}: seat {i} received seat {j}'s objective {key}");
                    }
                    for text in secrets.lines.difference(&allowed_lines[i]) {
                        assert!(!data.contains(text.as_str()), "game {g}: seat {i} received seat {j}'s private line {text:?}");
                    }
                }
                checked_events += 1;
            }
        }
        // What the displays heard: public screens only, cut from the table's, never a seat's.
        for (display_token, events) in &display_events {
            assert!(!events.is_empty(), "game {g}: a display heard nothing");
            for (name, data) in events {
                assert_eq!(name, "screen", "game {g}: a display got a {name} event");
                let screen: nemesis_host::displays::DisplayScreen = serde_json::from_str(data).unwrap();
                let Some(game) = &screen.game else { continue };
                let board = serde_json::to_string(&PhoneBoard::of(&game.view)).unwrap();
                assert!(boards.contains(&board), "game {g}: a display showed a board the table's public view never showed: {board}");
                for (j, secrets) in finals.iter().enumerate() {
                    for text in &secrets.lines {
                        assert!(!data.contains(text.as_str()), "game {g}: a display received seat {j}'s private line {text:?}");
                    }
                    if !data.contains("\"revealed_objective\":{") {
                        for key in &secrets.objectives {
                            assert!(!data.contains(&format!("\"{key}\"")), "game {g}: a display received seat {j}'s objective {key}");
                        }
                    }
                }
                for token in tokens.iter().chain(std::iter::once(display_token)) {
                    assert!(!data.contains(token.as_str()), "game {g}: a display received a token");
                }
                checked_events += 1;
                display_pushes += 1;
            }
        }
        for push in &table_pushes {
            for (j, secrets) in finals.iter().enumerate() {
                for text in &secrets.lines {
                    assert!(!push.contains(text.as_str()), "game {g}: the table screen carried seat {j}'s private line {text:?}");
                }
                if !push.contains("\"revealed_objective\":{") {
                    for key in &secrets.objectives {
                        assert!(!push.contains(&format!("\"{key}\"")), "game {g}: the table screen carried seat {j}'s objective {key}");
                    }
                }
            }
            // A seat token travels as a string field; a log line's intruder token is an object.
            assert!(!push.contains("\"token\":\"") && !push.contains("#pair="), "game {g}: the table screen carried a token or code");
            for token in &tokens {
                assert!(!push.contains(token.as_str()), "game {g}: the table screen carried a seat token");
            }
            checked_events += 1;
        }
    }
    eprintln!("privacy on the wire: {games} games, {checked_events} pushes checked, {private_lines_seen} private lines on phones, {engine_reveals} engine and {coordinate_reveals} coordinates reveals");
    assert!(checked_events > 100, "enough traffic was checked: {checked_events}");
    assert!(engine_reveals > 0 && coordinate_reveals > 0, "the games reached private engine and coordinates checks");
    assert!(private_lines_seen > 0, "private reveals reached phones");
    assert!(display_pushes > games as usize * 10, "the displays followed the games: {display_pushes} screens");
    evidence(
        "privacy",
        &serde_json::json!({"games": games, "steps_per_game": steps, "seats": PLAYERS, "pushes_checked": checked_events, "display_screens_checked": display_pushes, "private_lines_on_phones": private_lines_seen, "engine_reveals": engine_reveals, "coordinates_reveals": coordinate_reveals, "leaks": 0}),
    );
}

struct Secrets {
    objectives: HashSet<String>,
    lines: HashSet<String>,
}

/// Each seat's secrets as its own stream shows them: the objective cards dealt to it and every
/// private line it received.
fn expected_finals(received: &[Vec<(String, String)>]) -> Vec<Secrets> {
    received
        .iter()
        .map(|events| {
            let mut s = Secrets { objectives: HashSet::new(), lines: HashSet::new() };
            for (name, data) in events {
                if name != "hand" {
                    continue;
                }
                let screen: PhoneScreen = serde_json::from_str(data).unwrap();
                if let Some(g) = screen.game {
                    s.objectives.extend(g.hand.objectives.iter().map(|o| o.card.key.clone()));
                    s.lines.extend(g.reveals.iter().map(|l| l.text.clone()));
                }
            }
            s
        })
        .collect()
}
