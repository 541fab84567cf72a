//! Hostile input, fuzzed (issue 6; ARCHITECTURE.md "bad input gets a clear error and changes
//! nothing"): the command decoder of the script door, the import parser, and the phone API's
//! request bodies over real HTTP. Inputs are random JSON built from the protocol's own words,
//! mutations of valid calls, and raw bytes. Every refusal must leave the saves and the open game
//! exactly as they were; nothing may panic. FUZZ_CASES sets the cases per target (CI's quick
//! run uses the default); each target writes its tally to target/evidence/ for docs/reliability.md.
//!
//! Not a module of `tests/host/`: its panic hook counts every panic in the process, so a panic in
//! any other test running beside it would be counted as the fuzzer's (see `main.rs`).

use crate::common;
use common::http::*;
use common::*;

use nemesis_engine::Actor;
use nemesis_host::protocol::SaveSummary;
use nemesis_host::{Call, Reply, Table};
use proptest::prelude::*;
use proptest::sample::{select, Index};
use proptest::test_runner::{Config, TestCaseError, TestRunner};
use serde_json::{json, Value};
use std::cell::RefCell;
use std::collections::BTreeMap;
use std::sync::atomic::{AtomicU64, Ordering};

fn cases(default: u32) -> u32 {
    std::env::var("FUZZ_CASES").ok().and_then(|v| v.parse().ok()).unwrap_or(default)
}

fn runner(cases: u32) -> TestRunner {
    // A fixed seed: the quick run is the same every time, and a failure names its input.
    TestRunner::new_with_rng(
        Config { cases, failure_persistence: None, max_shrink_iters: 2000, ..Config::default() },
        proptest::test_runner::TestRng::from_seed(proptest::test_runner::RngAlgorithm::ChaCha, &[7; 32]),
    )
}

/// Panics anywhere in this test binary, including ones a guard catches on purpose (the import
/// parser catches a panic while replaying a hand-made journal and calls the file damaged).
static PANICS: AtomicU64 = AtomicU64::new(0);

fn count_panics() -> std::sync::MutexGuard<'static, ()> {
    static ONCE: std::sync::Once = std::sync::Once::new();
    ONCE.call_once(|| {
        let default = std::panic::take_hook();
        std::panic::set_hook(Box::new(move |info| {
            PANICS.fetch_add(1, Ordering::SeqCst);
            default(info);
        }));
    });
    // The targets take turns (with the binary's other tests too), so each one's count is its own.
    crate::alone()
}

/// One target's tally, written for the reliability report.
#[derive(Default, serde::Serialize)]
struct Tally {
    target: &'static str,
    cases: u64,
    accepted: u64,
    refused: u64,
    codes: BTreeMap<String, u64>,
    panics: u64,
    /// Panics the import parser's guard caught while replaying a hand-made journal: the file was
    /// refused as damaged and nothing changed, but each is a place the engine's fold trusts its
    /// events (docs/reliability.md lists them as a gap).
    caught_in_guard: u64,
    changed_on_refusal: u64,
}

impl Tally {
    fn refused(&mut self, code: &str) {
        self.refused += 1;
        *self.codes.entry(code.to_string()).or_default() += 1;
    }
    fn write(&self) {
        evidence(&format!("fuzz-{}", self.target), &serde_json::to_value(self).unwrap());
    }
}

// ---- inputs -------------------------------------------------------------------------------

/// Valid calls of every kind the script door takes, with valid commands of every kind: the
/// fuzzer mutates these so most inputs get past the decoder and reach the rules.
fn seed_calls() -> Vec<Value> {
    let commands = [
        json!({"type": "draft_draw", "seat": 0}),
        json!({"type": "draft_keep", "seat": 0, "character": "captain"}),
        json!({"type": "end_player_phase"}),
        json!({"type": "advance_time"}),
        json!({"type": "resolve_intruder_attacks"}),
        json!({"type": "resolve_fire_damage"}),
        json!({"type": "resolve_event_card"}),
        json!({"type": "develop_bag"}),
        json!({"type": "set_hand_size", "seat": 1, "cards": 5}),
        json!({"type": "move_character", "seat": 0, "to": 3, "careful_noise": null}),
        json!({"type": "place_character", "seat": 0, "at": 1}),
        json!({"type": "noise_roll", "seat": 2}),
        json!({"type": "encounter", "seat": 1}),
        json!({"type": "set_noise", "spot": {"kind": "corridor", "id": 4}, "on": true}),
        json!({"type": "set_noise", "spot": {"kind": "technical"}, "on": false}),
        json!({"type": "set_door", "corridor": 2, "state": "closed"}),
        json!({"type": "set_fire", "at": 5, "on": true}),
        json!({"type": "set_malfunction", "at": 6, "on": true}),
        json!({"type": "roll_dice", "die": "noise", "count": 2}),
        json!({"type": "place_intruder", "kind": "adult", "at": 4}),
        json!({"type": "move_intruder", "id": 1, "corridor": 1}),
        json!({"type": "attack_character", "id": 1, "target": 0}),
        json!({"type": "injure_intruder", "id": 1, "injuries": 2}),
        json!({"type": "kill_intruder", "id": 1}),
        json!({"type": "intruder_flees", "id": 1}),
        json!({"type": "wound", "seat": 0, "light": 1, "serious": 1}),
        json!({"type": "dress_serious_wound", "seat": 0, "index": 0}),
        json!({"type": "heal_serious_wound", "seat": 0, "index": 0}),
        json!({"type": "heal_light_wounds", "seat": 0, "count": 1}),
        json!({"type": "set_slime", "seat": 3, "on": true}),
        json!({"type": "send_signal", "seat": 0}),
        json!({"type": "kill_character", "seat": 3}),
        json!({"type": "give_contamination", "seat": 0, "count": 1}),
        json!({"type": "scan_contamination", "seat": 0, "cards": [1, 2], "procedure": "look"}),
        json!({"type": "check_engine", "seat": 0, "engine": 1}),
        json!({"type": "check_all_engines", "seat": 1}),
        json!({"type": "begin_engine_repair", "seat": 0, "engine": 2}),
        json!({"type": "set_engine_order", "seat": 0, "top": "working"}),
        json!({"type": "report_engine_order", "seat": 0, "engine": 3, "changed": true}),
        json!({"type": "check_coordinates", "seat": 0}),
        json!({"type": "set_destination", "seat": 0, "letter": "b"}),
        json!({"type": "start_self_destruct", "seat": 0}),
        json!({"type": "stop_self_destruct", "seat": 0}),
        json!({"type": "set_pod_lock", "pod": 1, "locked": false}),
        json!({"type": "try_enter_pod", "seat": 0, "pod": 1}),
        json!({"type": "launch_pod", "pod": 1}),
        json!({"type": "leave_pod", "seat": 0}),
        json!({"type": "try_hibernate", "seat": 0}),
        json!({"type": "choose_objective", "seat": 0, "objective": null}),
        json!({"type": "take_egg", "seat": 0}),
        json!({"type": "destroy_eggs", "seat": 0, "count": 1}),
        json!({"type": "drop_eggs", "seat": 0}),
        json!({"type": "research", "seat": 0, "object": "carcass"}),
        json!({"type": "peek_room", "seat": 0, "at": 7}),
        json!({"type": "search_room", "seat": 0}),
        json!({"type": "reveal_engines"}),
        json!({"type": "reveal_coordinates", "quarantine": [1]}),
        json!({"type": "check_contamination", "seat": 0}),
        json!({"type": "reveal_objective", "seat": 0}),
        json!({"type": "judge_objective", "seat": 0, "met": true}),
    ];
    let entered = [
        json!({"kind": "noise", "face": "danger"}),
        json!({"kind": "combat", "face": "blank"}),
        json!({"kind": "token", "token": "adult", "back": 3}),
        json!({"kind": "event_card", "key": "hatching"}),
        json!({"kind": "attack_card", "key": "bite", "blood": null}),
        json!({"kind": "room", "tile": "lab", "effect": "silence", "items": 2}),
        json!({"kind": "draft", "characters": ["captain", "pilot"]}),
        json!({"kind": "infected", "infected": true}),
        json!({"kind": "engine", "status": "damaged"}),
        json!({"kind": "contamination_draw", "contamination": 2}),
    ];
    let mut calls: Vec<Value> = commands.iter().map(|c| json!({"call": "act", "request": {"request": "do", "command": c, "entered": []}})).collect();
    calls.extend(entered.iter().map(|e| json!({"call": "act", "request": {"request": "do", "command": {"type": "noise_roll", "seat": 0}, "entered": [e]}})));
    calls.extend(entered.iter().map(|e| json!({"call": "act", "request": {"request": "correct", "entered": [e]}})));
    calls.extend([
        json!({"call": "act", "request": {"request": "undo"}}),
        json!({"call": "screen"}),
        json!({"call": "saves"}),
        json!({"call": "log"}),
        json!({"call": "close"}),
        json!({"call": "open", "game": 1}),
        json!({"call": "export", "game": 1}),
        json!({"call": "delete", "game": 2}),
        json!({"call": "import", "file": "{}"}),
        json!({"call": "private", "seat": 1}),
        json!({"call": "pair_code", "seat": 0}),
        json!({"call": "answer_phone", "ask": 1, "accept": true}),
        json!({"call": "revoke_phone", "seat": 0}),
        json!({"call": "reveal_code", "seat": 0}),
        json!({"call": "phones", "on": false}),
        json!({"call": "new_game", "setup": {"players": ["A", "B"], "mode": "standard", "handled": ["dice", "intruder_bag"], "infected_cards": null, "player_numbers": [1, 2], "pods": null}, "title": "t"}),
        json!({"call": "new_game", "setup": {"players": ["Solo"], "mode": "solo", "handled": []}}),
    ]);
    calls
}

/// Every object key and string in `seeds`: the words random JSON is built from.
fn words(seeds: &[Value]) -> (Vec<String>, Vec<String>) {
    fn walk(v: &Value, keys: &mut Vec<String>, strings: &mut Vec<String>) {
        match v {
            Value::Object(m) => {
                for (k, x) in m {
                    keys.push(k.clone());
                    walk(x, keys, strings);
                }
            }
            Value::Array(xs) => xs.iter().for_each(|x| walk(x, keys, strings)),
            Value::String(s) => strings.push(s.clone()),
            _ => {}
        }
    }
    let (mut keys, mut strings) = (Vec::new(), Vec::new());
    seeds.iter().for_each(|s| walk(s, &mut keys, &mut strings));
    keys.sort();
    keys.dedup();
    strings.sort();
    strings.dedup();
    (keys, strings)
}

/// A JSON scalar, mostly the protocol's own words and edge-case numbers.
fn leaf(strings: Vec<String>) -> BoxedStrategy<Value> {
    let number = prop_oneof![
        Just(0i64),
        Just(1),
        Just(-1),
        Just(255),
        Just(256),
        Just(65_536),
        Just(u32::MAX as i64 + 1),
        Just(i64::MAX),
        Just(i64::MIN),
        -3i64..40,
        any::<i64>(),
    ]
    .prop_map(Value::from);
    let leaf = prop_oneof![
        1 => Just(Value::Null),
        1 => any::<bool>().prop_map(Value::from),
        1 => number,
        1 => any::<f64>().prop_map(|f| serde_json::Number::from_f64(f).map(Value::Number).unwrap_or(Value::Null)),
        3 => select(strings).prop_map(Value::String),
        1 => any::<String>().prop_map(Value::String),
    ];
    leaf.boxed()
}

/// Any JSON, made mostly of the protocol's own keys and words, with edge-case numbers.
fn any_json(keys: Vec<String>, strings: Vec<String>) -> BoxedStrategy<Value> {
    leaf(strings).prop_recursive(4, 40, 6, move |inner| {
        prop_oneof![
            1 => prop::collection::vec(inner.clone(), 0..6).prop_map(Value::Array),
            3 => prop::collection::vec((select(keys.clone()), inner), 0..6).prop_map(|kv| Value::Object(kv.into_iter().collect())),
        ]
    })
    .boxed()
}

/// How many nodes `v` has, counted in pre-order.
fn size(v: &Value) -> usize {
    1 + match v {
        Value::Array(xs) => xs.iter().map(size).sum(),
        Value::Object(m) => m.values().map(size).sum(),
        _ => 0,
    }
}

/// Replaces the `n`th node of `v` (pre-order) with `with`, or drops it when it is a member.
fn mutate(v: &mut Value, n: &mut usize, with: &Value, drop: bool) -> bool {
    if *n == 0 {
        *v = with.clone();
        return true;
    }
    *n -= 1;
    match v {
        Value::Array(xs) => {
            for i in 0..xs.len() {
                if *n == 0 && drop {
                    xs.remove(i);
                    return true;
                }
                if mutate(&mut xs[i], n, with, drop) {
                    return true;
                }
            }
        }
        Value::Object(m) => {
            let keys: Vec<String> = m.keys().cloned().collect();
            for k in keys {
                if *n == 0 && drop {
                    m.remove(&k);
                    return true;
                }
                if mutate(m.get_mut(&k).unwrap(), n, with, drop) {
                    return true;
                }
            }
        }
        _ => {}
    }
    false
}

/// A valid input with a few of its nodes replaced (by values from `with`) or dropped.
fn mutated(seeds: Vec<Value>, with: BoxedStrategy<Value>) -> impl Strategy<Value = Value> {
    (select(seeds), prop::collection::vec((any::<Index>(), with, any::<bool>()), 1..4)).prop_map(|(mut v, edits)| {
        for (at, with, drop) in edits {
            let mut n = at.index(size(&v));
            mutate(&mut v, &mut n, &with, drop);
        }
        v
    })
}

/// The `n`th scalar of `v` (pre-order), changed to another value of its own type: a number to
/// another (edge cases included), a string to another of the protocol's words, a bool flipped.
fn retyped(v: &mut Value, n: &mut usize, number: i64, word: &str) -> bool {
    match v {
        Value::Array(xs) => xs.iter_mut().any(|x| retyped(x, n, number, word)),
        Value::Object(m) => m.values_mut().any(|x| retyped(x, n, number, word)),
        _ if *n > 0 => {
            *n -= 1;
            false
        }
        Value::Number(_) => {
            *v = Value::from(number);
            true
        }
        Value::String(_) => {
            *v = Value::from(word);
            true
        }
        Value::Bool(b) => {
            *b = !*b;
            true
        }
        Value::Null => {
            *v = Value::from(number);
            true
        }
    }
}

/// A valid input with one to three scalars changed within their type: it still decodes, so
/// it tests the rules' refusals (a seat that does not exist, a card not in the deck, …).
fn well_typed(seeds: Vec<Value>, strings: Vec<String>) -> impl Strategy<Value = Value> {
    let number = prop_oneof![4 => -1i64..30, 1 => Just(255i64), 1 => Just(256), 1 => any::<i64>()];
    (select(seeds), prop::collection::vec((any::<Index>(), number, select(strings)), 1..4)).prop_map(|(mut v, edits)| {
        for (at, number, word) in edits {
            let leaves = size(&v);
            retyped(&mut v, &mut at.index(leaves), number, &word);
        }
        v
    })
}

/// Bytes to send: a mutated valid input, random JSON, or its text cut or flipped, or any bytes.
fn inputs(seeds: Vec<Value>) -> impl Strategy<Value = Vec<u8>> {
    let (keys, strings) = words(&seeds);
    let text = prop_oneof![
        // Edits that keep the call's shape and types reach the rules rather than the decoder.
        4 => well_typed(seeds.clone(), strings.clone()),
        2 => mutated(seeds.clone(), leaf(strings.clone())),
        3 => mutated(seeds.clone(), any_json(keys.clone(), strings.clone())),
        2 => any_json(keys, strings),
        1 => select(seeds),
    ]
    .prop_map(|v| v.to_string().into_bytes());
    prop_oneof![
        6 => text.clone(),
        1 => (text.clone(), any::<Index>()).prop_map(|(b, at)| b[..at.index(b.len() + 1)].to_vec()),
        1 => (text, any::<Index>(), any::<u8>()).prop_map(|(mut b, at, x)| {
            if !b.is_empty() {
                let i = at.index(b.len());
                b[i] ^= x.max(1);
            }
            b
        }),
        1 => prop::collection::vec(any::<u8>(), 0..200),
    ]
}

// ---- what "changes nothing" means ---------------------------------------------------------

/// Everything a refused call must leave as it was: the saves, the open game's journal and the
/// generator's position.
#[derive(PartialEq, Debug)]
struct Record {
    saves: Vec<(i64, u32, bool)>,
    open: Option<(i64, usize, String)>,
}

fn record(t: &mut Table) -> Record {
    let saves = match t.call(Actor::Table, Call::Saves) {
        Reply::Saves { saves } => saves.iter().map(|s: &SaveSummary| (s.id, s.steps, s.finished)).collect(),
        other => panic!("the saves list, got {other:?}"),
    };
    let id = current(t).game.as_ref().map(|g| g.id);
    let open = t.open_game().zip(id).map(|(g, id)| (id, g.entries().len(), serde_json::to_string(&g.fate_snapshot()).unwrap()));
    Record { saves, open }
}

/// Keeps a game open so most inputs reach the rules (a fuzzed `delete` or `close` may end it).
fn keep_a_game_open(t: &mut Table) {
    if t.open_game().is_some() {
        return;
    }
    let saved = saves(t);
    if let Some(s) = saved.iter().find(|s| !s.finished) {
        if matches!(call(t, Call::Open { game: s.id }), Reply::Screen { .. }) {
            return;
        }
    }
    started(t, 4);
}

// ---- the targets --------------------------------------------------------------------------

#[test]
fn a_fuzzed_script_line_is_answered_or_refused_and_a_refusal_changes_nothing() {
    let _turn = count_panics();
    let dir = tempfile::tempdir().unwrap();
    let mut t = table_in(dir.path());
    started(&mut t, 4);
    let t = RefCell::new(t);
    let tally = RefCell::new(Tally { target: "script_calls", ..Tally::default() });
    let before = PANICS.load(Ordering::SeqCst);
    runner(cases(1500))
        .run(&inputs(seed_calls()), |line| {
            let t = &mut *t.borrow_mut();
            keep_a_game_open(t);
            let was = record(t);
            // The script door itself: one line in, one reply line out.
            let mut input = line.clone();
            input.push(b'\n');
            let mut out = Vec::new();
            nemesis_host::script::run(t, &input[..], &mut out).map_err(|e| TestCaseError::fail(format!("the door failed: {e}")))?;
            let replies: Vec<&[u8]> = out.split(|b| *b == b'\n').filter(|l| !l.is_empty()).collect();
            let blank = String::from_utf8_lossy(&line).trim().is_empty() || line.contains(&b'\n');
            if blank {
                return Ok(());
            }
            prop_assert_eq!(replies.len(), 1, "one reply per line");
            let reply: Reply = serde_json::from_slice(replies[0]).map_err(|e| TestCaseError::fail(format!("the reply reads back: {e}")))?;
            let mut tally = tally.borrow_mut();
            tally.cases += 1;
            match reply {
                Reply::Refused { fault } => {
                    tally.refused(&format!("{:?}", fault.code));
                    prop_assert!(!fault.reason.is_empty(), "a refusal gives a reason");
                    let now = record(t);
                    if now != was {
                        tally.changed_on_refusal += 1;
                    }
                    prop_assert_eq!(now, was, "a refused call changes nothing");
                }
                _ => tally.accepted += 1,
            }
            Ok(())
        })
        .unwrap();
    let mut tally = tally.into_inner();
    tally.panics = PANICS.load(Ordering::SeqCst) - before;
    tally.write();
    assert_eq!(tally.panics, 0, "no panic while answering fuzzed calls");
    assert!(tally.accepted > 0 && tally.refused > 0, "the fuzzer reaches both answers: {} accepted, {} refused", tally.accepted, tally.refused);
    let mut t = t.into_inner();
    assert_eq!(t.store().integrity().unwrap(), "ok");
    keep_a_game_open(&mut t);
}

/// A real exported game of a few dozen steps: the import fuzzer's starting point.
fn exported_game() -> String {
    let dir = tempfile::tempdir().unwrap();
    let mut t = table_in(dir.path());
    let game = started(&mut t, 3);
    for i in 0..20u8 {
        try_act(&mut t, nemesis_engine::Command::SetHandSize { seat: nemesis_engine::Seat(i % 3), cards: i % 6 });
    }
    play_event_phase(&mut t);
    match call(&mut t, Call::Export { game }) {
        Reply::Exported { file, .. } => file,
        other => panic!("an exported file, got {other:?}"),
    }
}

#[test]
fn a_fuzzed_export_file_is_imported_whole_or_refused_and_a_refusal_changes_nothing() {
    let _turn = count_panics();
    let file = exported_game();
    let seed: Value = serde_json::from_str(&file).unwrap();
    let dir = tempfile::tempdir().unwrap();
    let t = RefCell::new(table_in(dir.path()));
    let tally = RefCell::new(Tally { target: "import", ..Tally::default() });
    let caught = AtomicU64::new(0);
    let (keys, strings) = words(std::slice::from_ref(&seed));
    // Mutations of the real file's tree, and its text cut or with a byte flipped.
    let strategy = prop_oneof![
        3 => well_typed(vec![seed.clone()], strings.clone()).prop_map(|v| v.to_string()),
        1 => mutated(vec![seed.clone()], leaf(strings.clone())).prop_map(|v| v.to_string()),
        3 => mutated(vec![seed.clone()], any_json(keys, strings)).prop_map(|v| v.to_string()),
        1 => any::<Index>().prop_map({ let f = file.clone(); move |at| f[..f.floor_char_boundary(at.index(f.len()))].to_string() }),
        1 => (any::<Index>(), any::<u8>()).prop_map({
            let f = file.clone();
            move |(at, x)| {
                let mut b = f.clone().into_bytes();
                let i = at.index(b.len());
                b[i] ^= x.max(1);
                String::from_utf8_lossy(&b).into_owned()
            }
        }),
    ];
    runner(cases(300))
        .run(&strategy, |text| {
            let t = &mut *t.borrow_mut();
            let was = record(t);
            let panics_before = PANICS.load(Ordering::SeqCst);
            let reply = t.call(Actor::Table, Call::Import { file: text });
            let panicked = PANICS.load(Ordering::SeqCst) - panics_before;
            caught.fetch_add(panicked, Ordering::SeqCst);
            // The replay guard is the second line: the bounds check should refuse a file whose
            // steps name ids outside the box before anything folds it.
            prop_assert_eq!(panicked, 0, "nothing panics while reading a file, even inside the guard");
            let mut tally = tally.borrow_mut();
            tally.cases += 1;
            match reply {
                Reply::Refused { fault } => {
                    tally.refused(&format!("{:?}", fault.code));
                    prop_assert!(!fault.reason.is_empty());
                    prop_assert_eq!(record(t), was, "a refused file changes nothing");
                }
                Reply::Imported { game } => {
                    tally.accepted += 1;
                    // An accepted file is a sound game: it opens and replays.
                    prop_assert!(matches!(t.call(Actor::Table, Call::Open { game }), Reply::Screen { .. }), "an imported game opens");
                    t.call(Actor::Table, Call::Close);
                }
                other => prop_assert!(false, "import answers imported or refused, got {:?}", other),
            }
            Ok(())
        })
        .unwrap();
    let mut tally = tally.into_inner();
    // A panic the import guard caught while replaying a hand-made journal is still reported; an
    // uncaught one would have failed the case above.
    tally.caught_in_guard = caught.load(Ordering::SeqCst);
    tally.write();
    assert!(tally.refused > 0, "the fuzzer produces damaged files");
    assert_eq!(t.into_inner().store().integrity().unwrap(), "ok");
}

/// Phone bodies over real HTTP, sent with a real seat token: the body decoder and every phone
/// call behind it. A seat that left is paired again so the cases keep reaching the seat calls.
#[test]
fn a_fuzzed_phone_body_gets_a_status_and_a_reason_and_a_refusal_changes_nothing() {
    let _turn = count_panics();
    let rt = tokio::runtime::Builder::new_multi_thread().worker_threads(2).enable_all().build().unwrap();
    let _inside = rt.enter();
    let dir = tempfile::tempdir().unwrap();
    let mut t = table_in(dir.path());
    t.phone_rules_mut().port = 0;
    // The fuzzer guesses codes on purpose; the lockout has its own tests (phones.rs, load.rs).
    t.phone_rules_mut().strikes = u32::MAX;
    started(&mut t, 4);
    let table = nemesis_host::Shared::new(t);
    let port = phones_on(&table);
    let seat = nemesis_engine::Seat(0);
    let token = RefCell::new(on_table(&table, |t| t.phones().pair(seat, "Fuzz".into()).token.clone()));
    let seeds = vec![
        json!({"call": "hand"}),
        json!({"call": "leave"}),
        json!({"call": "content", "pack": "base"}),
        json!({"call": "board", "pack": "base"}),
        json!({"call": "pair", "code": "00112233445566778899aabbccddeeff", "device": "Pixel"}),
        json!({"call": "reveal", "code": "00112233445566778899aabbccddeeff"}),
        json!({"call": "act", "command": {"type": "draft_keep", "seat": 0, "character": "captain"}}),
        json!({"call": "act", "command": {"type": "choose_objective", "seat": 0, "objective": null}}),
        json!({"call": "act", "command": {"type": "set_engine_order", "seat": 0, "top": "damaged"}}),
        json!({"call": "act", "command": {"type": "set_hand_size", "seat": 0, "cards": 3}}),
        json!({"call": "act", "command": {"type": "check_engine", "seat": 1, "engine": 1}}),
    ];
    let tally = RefCell::new(Tally { target: "phone_bodies", ..Tally::default() });
    let before = PANICS.load(Ordering::SeqCst);
    let steps = |t: &mut Table| t.open_game().map(|g| g.entries().len());
    runner(cases(1500))
        .run(&inputs(seeds), |body| {
            let was = on_table(&table, steps);
            let auth = format!("Bearer {}", token.borrow());
            let res = rt.block_on(request_bytes(port, "POST", "/api/phone", &[("Authorization", &auth)], Some(&body)));
            let mut tally = tally.borrow_mut();
            tally.cases += 1;
            prop_assert!(res.status < 500, "no server error: {} {}", res.status, res.body);
            if res.status == 200 {
                tally.accepted += 1;
            } else {
                let fault: Value = serde_json::from_str(&res.body).map_err(|e| TestCaseError::fail(format!("a refusal is JSON ({e}): {}", res.body)))?;
                let code = fault["fault"]["code"].as_str().unwrap_or("?").to_string();
                prop_assert!(fault["fault"]["reason"].as_str().is_some_and(|r| !r.is_empty()), "a refusal gives a reason: {}", res.body);
                tally.refused(&code);
                prop_assert_eq!(on_table(&table, steps), was, "a refused body changes nothing");
            }
            // A fuzzed `leave` frees the seat: pair it again for the next case.
            if on_table(&table, |t| t.phones().seat_of(&token.borrow()).is_none()) {
                *token.borrow_mut() = on_table(&table, |t| t.phones().pair(seat, "Fuzz".into()).token.clone());
            }
            Ok(())
        })
        .unwrap();
    let mut tally = tally.into_inner();
    tally.panics = PANICS.load(Ordering::SeqCst) - before;
    tally.write();
    assert_eq!(tally.panics, 0, "no panic while answering fuzzed phone bodies");
    assert!(tally.accepted > 0 && tally.refused > 0, "both answers reached: {} accepted, {} refused", tally.accepted, tally.refused);
    on_table(&table, |t| t.call(Actor::Table, Call::Phones { on: false, address: None }));
}
