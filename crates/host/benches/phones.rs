//! Phones, measured against the real release binary in serve mode on loopback (issue 4's
//! targets): how long a private reveal takes from the table's call to the seat's phone stream
//! with five paired seats, and what 100 open seat streams cost the host in memory (PSS), with a
//! check that every stream got the last change. Writes target/bench/phones.json for scripts/bench.

#[allow(dead_code)] // The tests use more of the client than this benchmark.
#[path = "../tests/common/http.rs"]
mod http;

use http::*;
use serde_json::{json, Value};
use std::io::{BufRead, BufReader};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

const SEATS: usize = 5;
const REVEALS: usize = 300;
const STREAMS: usize = 100;

fn percentile(sorted: &[f64], p: f64) -> f64 {
    sorted[((sorted.len() as f64 - 1.0) * p).round() as usize]
}

/// Proportional set size of a process in KiB (its share of pages it shares with others).
fn pss_kib(pid: u32) -> u64 {
    let text = std::fs::read_to_string(format!("/proc/{pid}/smaps_rollup")).expect("smaps_rollup is readable");
    text.lines().find_map(|l| l.strip_prefix("Pss:")).and_then(|v| v.trim().trim_end_matches("kB").trim().parse().ok()).expect("a Pss line")
}

struct Host {
    port: u16,
    key: String,
}

impl Host {
    async fn call(&self, c: Value) -> Value {
        let r = request(self.port, "POST", "/api/call", &[("x-table-key", &self.key)], Some(&c.to_string())).await;
        r.json()
    }
    async fn act(&self, command: Value) -> Value {
        self.call(json!({"call": "act", "request": {"request": "do", "command": command, "entered": []}})).await
    }
    /// Readies `seat` to check Engine 1, 2 or 3 (the `i`th sample's), and says which: checking an
    /// Engine is a Room Action, taken in that Engine's room (p. 26), in the seat's round and paid
    /// with Action cards (pp. 10, 12).
    async fn ready_to_check(&self, seat: usize, i: usize) -> u8 {
        let engine = 1 + (i % 3) as u8;
        let room = nemesis_engine::Content::base().engine_location(nemesis_engine::EngineNumber(engine)).expect("the Engine's room");
        for arranged in [json!({"type": "place_character", "seat": seat, "at": room}), json!({"type": "give_round", "seat": seat}), json!({"type": "set_hand_size", "seat": seat, "cards": 5})] {
            let r = self.act(arranged).await;
            assert_eq!(r["reply"], "screen", "{r}");
        }
        engine
    }
    async fn view(&self) -> Value {
        self.call(json!({"call": "screen"})).await["screen"]["game"]["view"].clone()
    }
}

async fn pair(host: &Host, lan: u16, seat: usize) -> String {
    let offer = host.call(json!({"call": "pair_code", "seat": seat})).await;
    let url = offer["offer"]["url"].as_str().expect("an offer").to_string();
    let code = url.split_once("#pair=").unwrap().1.split('&').next().unwrap().to_string();
    let body = json!({"call": "pair", "code": code, "device": "bench"}).to_string();
    let waiting = tokio::spawn(async move { request(lan, "POST", "/api/phone", &[], Some(&body)).await });
    let ask = loop {
        let s = host.call(json!({"call": "screen"})).await;
        if let Some(a) = s["screen"]["phones"]["asking"].as_array().and_then(|a| a.first()) {
            break a["ask"].clone();
        }
        tokio::time::sleep(Duration::from_millis(5)).await;
    };
    host.call(json!({"call": "answer_phone", "ask": ask, "accept": true})).await;
    waiting.await.unwrap().json()["token"].as_str().expect("a token").to_string()
}

/// Reads one stream until an event's newest reveal is at step `seq` or later.
async fn until_reveal(events: &mut EventStream, seq: u64) {
    loop {
        let (name, data) = events.next_text().await.expect("the stream stays open");
        if name != "hand" {
            continue;
        }
        let v: Value = serde_json::from_str(&data).unwrap();
        let newest = v["game"]["reveals"].as_array().and_then(|r| r.last()).and_then(|l| l["seq"].as_u64()).unwrap_or(0);
        if newest >= seq {
            return;
        }
    }
}

/// The host under measurement, ended with the benchmark even when a check fails: left running, it
/// would keep the scratch folder and whatever the benchmark's own process had open.
struct Serve(std::process::Child);

impl Drop for Serve {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

#[tokio::main(flavor = "multi_thread", worker_threads = 2)]
async fn main() {
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
    let bin = std::env::var("NEMESIS_HOST_BIN").map(std::path::PathBuf::from).unwrap_or_else(|_| root.join("target/release/nemesis-host"));
    let data = tempfile::tempdir().expect("a scratch folder");
    let mut child = Serve(Command::new(&bin)
        .args(["serve", "--port", "0", "--data"])
        .arg(data.path())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .unwrap_or_else(|e| panic!("{} runs ({e}): build it with cargo build --release -p nemesis-host", bin.display())));
    let mut line = String::new();
    BufReader::new(child.0.stdout.take().unwrap()).read_line(&mut line).expect("serve prints its address");
    let url = line.split_whitespace().last().expect("an address").to_string();
    let port: u16 = url.split(':').nth(2).unwrap().split('/').next().unwrap().parse().unwrap();
    let key = url.split("key=").nth(1).unwrap().to_string();
    let host = Host { port, key };

    let players: Vec<String> = (1..=SEATS).map(|i| format!("P{i}")).collect();
    let handled = serde_json::to_value(nemesis_engine::Component::ALL).unwrap();
    let r = host.call(json!({"call": "new_game", "setup": {"players": players, "mode": "standard", "handled": handled}})).await;
    assert_eq!(r["reply"], "screen", "{r}");
    let r = host.call(json!({"call": "phones", "on": true, "address": "127.0.0.1"})).await;
    let lan: u16 = r["screen"]["phones"]["url"].as_str().expect("phones on").rsplit(':').next().unwrap().parse().unwrap();
    let mut tokens = Vec::new();
    for seat in 0..SEATS {
        tokens.push(pair(&host, lan, seat).await);
    }
    // The draft, kept on the phones as at a real table.
    loop {
        let v = host.view().await;
        let mut seats: Vec<Value> = v["seats"].as_array().unwrap().clone();
        seats.sort_by_key(|s| s["number"].as_u64());
        let Some(next) = seats.into_iter().find(|s| s["character"].is_null()) else { break };
        let seat = next["seat"].as_u64().unwrap() as usize;
        host.act(json!({"type": "draft_draw", "seat": seat})).await;
        let v = host.view().await;
        let key = v["seats"][seat]["draft_offer"][0]["key"].clone();
        let body = json!({"call": "act", "command": {"type": "draft_keep", "seat": seat, "character": key}}).to_string();
        let auth = format!("Bearer {}", tokens[seat]);
        request(lan, "POST", "/api/phone", &[("Authorization", &auth)], Some(&body)).await;
    }

    // 1. Reveal to phone, five seats connected.
    let mut streams = Vec::new();
    for t in &tokens {
        let auth = format!("Bearer {t}");
        let (status, _, events) = EventStream::open_with(lan, "/api/stream", &[("Authorization", &auth)]).await;
        assert_eq!(status, 200);
        streams.push(events);
    }
    let mut reveal_ms = Vec::with_capacity(REVEALS);
    for i in 0..REVEALS {
        let seat = i % SEATS;
        let engine = host.ready_to_check(seat, i).await;
        let started = Instant::now();
        let r = host.act(json!({"type": "check_engine", "seat": seat, "engine": engine})).await;
        assert_eq!(r["reply"], "screen", "{r}");
        let seq = r["screen"]["game"]["last"]["seq"].as_u64().unwrap();
        tokio::time::timeout(WAIT, until_reveal(&mut streams[seat], seq)).await.expect("the reveal reaches the phone");
        reveal_ms.push(started.elapsed().as_secs_f64() * 1e3);
    }
    reveal_ms.sort_by(f64::total_cmp);
    drop(streams);
    tokio::time::sleep(Duration::from_millis(300)).await;

    // 2. 100 seat streams: memory and missed events.
    let before = pss_kib(child.0.id());
    let mut many = Vec::new();
    for i in 0..STREAMS {
        let auth = format!("Bearer {}", tokens[i % SEATS]);
        // Twenty phones on each of five addresses: the phone port caps connections per address
        // (issue 21), as a table of real phones would come from as many addresses.
        let source = std::net::Ipv4Addr::new(127, 0, 0, 1 + (i / 20) as u8);
        let (status, _, events) = EventStream::open_from(source, lan, "/api/stream", &[("Authorization", &auth)]).await;
        assert_eq!(status, 200);
        many.push((i % SEATS, events));
    }
    let mut last = vec![0u64; SEATS];
    for i in 0..50 {
        let seat = i % SEATS;
        let engine = host.ready_to_check(seat, i).await;
        let r = host.act(json!({"type": "check_engine", "seat": seat, "engine": engine})).await;
        last[seat] = r["screen"]["game"]["last"]["seq"].as_u64().unwrap_or_else(|| panic!("an accepted Engine check: {r}"));
    }
    let mut missed = 0;
    for (seat, events) in many.iter_mut() {
        if tokio::time::timeout(Duration::from_secs(10), until_reveal(events, last[*seat])).await.is_err() {
            missed += 1;
        }
    }
    let after = pss_kib(child.0.id());
    drop(child);

    let result = json!({
        "reveal_ms": { "p50": percentile(&reveal_ms, 0.5), "p99": percentile(&reveal_ms, 0.99), "n": reveal_ms.len(), "seats": SEATS },
        "streams": { "n": STREAMS, "pss_before_kib": before, "pss_after_kib": after, "delta_mb": (after as f64 - before as f64) / 1024.0, "missed": missed },
    });
    let out = root.join("target/bench");
    std::fs::create_dir_all(&out).expect("target is writable");
    std::fs::write(out.join("phones.json"), serde_json::to_string_pretty(&result).unwrap()).expect("written");
    println!("{result}");
}
