//! Who may hear a seat's secrets: single-use pairing and reveal codes, the table's confirmation,
//! seat tokens, open phone streams, and the lockout of an address that keeps guessing.
//! Bookkeeping only: the HTTP side is `lan.rs`, and tokens are kept in the store by `table.rs`.
//! The table opens the phone server through `PhoneServer`, which the supervisor gives it.

use crate::protocol::{Fault, PhoneAsk, RevealOpened};
use nemesis_engine::Seat;
use std::collections::HashMap;
use std::net::IpAddr;
use std::time::{Duration, Instant};
use tokio::sync::{oneshot, watch};

/// The limits of pairing and guessing. Tests shorten them; the defaults follow PRIVACY.md.
#[derive(Clone, Debug)]
pub struct PhoneRules {
    /// How long a pairing or reveal code works (PRIVACY.md: about 2 minutes).
    pub code_life: Duration,
    /// How long a phone waits for the table to confirm it.
    pub ask_life: Duration,
    /// Bad codes or tokens from one address before it is locked out…
    pub strikes: u32,
    /// …counted over this window…
    pub strike_window: Duration,
    /// …and for how long.
    pub lockout: Duration,
    /// The port phones use; a saved address on a phone keeps working across restarts. 0 lets
    /// the system pick (and is the fallback when this one is taken).
    pub port: u16,
    /// How long a request body may take to arrive: a phone sends a few hundred bytes at once,
    /// so a body still missing after this is a client holding a connection open.
    pub body_time: Duration,
    /// The phone server's connection caps and head time limit (`http::Limits`). A phone's
    /// browser holds up to six connections, kept open between requests for the head time; the
    /// per-address cap leaves room for five phones tried out in browser tabs on this computer
    /// (all from 127.0.0.1), and the total for a full table of phones many times over.
    pub per_source: usize,
    pub connections: usize,
    pub header_time: Duration,
}

impl Default for PhoneRules {
    fn default() -> Self {
        PhoneRules {
            code_life: Duration::from_secs(120),
            ask_life: Duration::from_secs(120),
            strikes: 10,
            strike_window: Duration::from_secs(300),
            lockout: Duration::from_secs(300),
            port: 7421,
            body_time: Duration::from_secs(10),
            per_source: 64,
            connections: 256,
            header_time: Duration::from_secs(10),
        }
    }
}

/// How the table opens the phone server without knowing the server or a runtime: the supervisor
/// (`supervisor.rs`) hands the table one. Without it (the script door, a table in a test) phones
/// stay off.
pub trait PhoneServer: Send {
    /// Listens on `ip` under `rules`; the server runs until the `Listening` is dropped.
    fn listen(&self, ip: IpAddr, rules: &PhoneRules) -> Result<Listening, String>;
}

/// A running phone server as the table holds it: where phones reach it, and its stop.
pub struct Listening {
    pub ip: IpAddr,
    /// The port it listens on: the one asked for, or another when that one was taken.
    pub port: u16,
    pub url: String,
    /// The connections it holds now (its caps are `PhoneRules::per_source` and `connections`).
    pub connections: crate::http::Gauge,
    /// Dropping it stops the server and ends every phone stream (PRIVACY.md: the server runs
    /// only while a game is open and phones are on).
    pub stop: Box<dyn Send>,
}

/// A secret from the operating system's secure random source: 128 bits as 32 hex digits.
pub fn secret() -> String {
    let mut bytes = [0u8; 16];
    getrandom::getrandom(&mut bytes).expect("the operating system provides randomness");
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

/// Equal strings, in time that depends only on their lengths (a guess learns nothing from timing).
pub fn same(a: &str, b: &str) -> bool {
    a.len() == b.len() && a.bytes().zip(b.bytes()).fold(0u8, |acc, (x, y)| acc | (x ^ y)) == 0
}

/// The four digits a phone that spent pairing code `code` shows while it waits, and the table
/// shows next to its ask: FNV-1a of the code, mod 10,000. Each code works once, so two asks never
/// share a code, and a phone only shows digits for a code the host accepted from it (a spent
/// code is refused at once). The phone page computes the same (`ui/src/phone/phone.svelte.ts`).
pub fn match_code(code: &str) -> String {
    let mut h: u32 = 0x811c_9dc5;
    for b in code.bytes() {
        h ^= u32::from(b);
        h = h.wrapping_mul(0x0100_0193);
    }
    format!("{:04}", h % 10_000)
}

/// A paired phone: the seat its token proves. The token itself is kept nowhere: only its
/// SHA-256, in memory and in the save, so a copy of the save (or of the app's memory) does not
/// hand anyone a seat. `token` holds the token only in what `pair` returns, to give the phone once.
#[derive(Clone, Debug)]
pub struct SeatToken {
    pub seat: Seat,
    /// The token, right after `pair` only; empty everywhere else.
    pub token: String,
    /// SHA-256 of the token, 64 hex digits.
    pub hash: String,
    pub device: String,
}

/// The SHA-256 of a seat token, as 64 hex digits.
pub fn token_hash(token: &str) -> String {
    use sha2::Digest;
    sha2::Sha256::digest(token.as_bytes()).iter().map(|b| format!("{b:02x}")).collect()
}

/// Whom a token proves among those `held` (each a token's hash and its holder): every hash is
/// compared in constant time and none is skipped, so the time taken tells nothing of a match.
pub fn proved<'a, T>(held: impl IntoIterator<Item = (&'a str, T)>, token: &str) -> Option<T> {
    let given = token_hash(token);
    let mut found = None;
    for (hash, holder) in held {
        if same(hash, &given) {
            found = Some(holder);
        }
    }
    found
}

struct Code {
    secret: String,
    seat: Seat,
    expires: Instant,
    /// For reveal codes: the journal step whose private lines it opens.
    step: Option<u32>,
}

/// What a reveal code turned out to be: one to open now, one opened before, or none known.
pub enum RevealUse {
    Open { seat: Seat, step: u32 },
    Again { seat: Seat },
    Unknown,
}

/// A phone that used a pairing code and waits for the table's answer: its seat token, or `None`
/// when refused.
pub struct Ask {
    pub id: u32,
    pub seat: Seat,
    pub device: String,
    pub match_code: String,
    pub answer: oneshot::Sender<Option<String>>,
}

#[derive(Default)]
struct Strikes {
    count: u32,
    since: Option<Instant>,
    locked_until: Option<Instant>,
}

/// The phone bookkeeping of the open game. Emptied when the game closes.
#[derive(Default)]
pub struct Phones {
    pub rules: PhoneRules,
    pair_codes: Vec<Code>,
    reveal_codes: Vec<Code>,
    /// Reveal codes already opened, kept for the rest of their life: a second try is told.
    spent_reveals: Vec<Code>,
    /// Per seat, who opened its newest reveal (issue 32, item 7).
    opened: Vec<RevealOpened>,
    asks: Vec<Ask>,
    next_ask: u32,
    tokens: Vec<SeatToken>,
    streams: HashMap<Seat, u32>,
    strikes: HashMap<IpAddr, Strikes>,
    /// Per paired seat: turns true the moment its token stops working, so its open streams end
    /// at once, without waiting for the table (which may be busy writing the revocation).
    cuts: HashMap<Seat, watch::Sender<bool>>,
}

impl Phones {
    /// Forgets every code, ask and token: the game closed, or another one opened.
    pub fn clear(&mut self) {
        self.forget_codes();
        for ask in self.asks.drain(..) {
            let _ = ask.answer.send(None);
        }
        self.tokens.clear();
        self.streams.clear();
        for (_, cut) in self.cuts.drain() {
            cut.send_replace(true);
        }
    }

    pub fn set_tokens(&mut self, tokens: Vec<SeatToken>) {
        self.tokens = tokens;
    }

    /// What a stream of `seat`'s current token listens to: true once that token is revoked or
    /// replaced.
    pub fn cut_signal(&mut self, seat: Seat) -> watch::Receiver<bool> {
        self.cuts.entry(seat).or_insert_with(|| watch::channel(false).0).subscribe()
    }

    fn cut(&mut self, seat: Seat) {
        if let Some(cut) = self.cuts.remove(&seat) {
            cut.send_replace(true);
        }
    }

    pub fn token_of(&self, seat: Seat) -> Option<&SeatToken> {
        self.tokens.iter().find(|t| t.seat == seat)
    }

    /// Whether `ip` is locked out now; the lock lifts by itself.
    pub fn locked(&mut self, ip: IpAddr, now: Instant) -> bool {
        let Some(s) = self.strikes.get_mut(&ip) else { return false };
        match s.locked_until {
            Some(until) if now < until => true,
            Some(_) => {
                self.strikes.remove(&ip);
                false
            }
            None => false,
        }
    }

    /// Counts a bad code or token from `ip`; true when that locks it out.
    pub fn strike(&mut self, ip: IpAddr, now: Instant) -> bool {
        let rules = self.rules.clone();
        let s = self.strikes.entry(ip).or_default();
        if s.since.is_none_or(|since| now.duration_since(since) > rules.strike_window) {
            s.count = 0;
            s.since = Some(now);
        }
        s.count += 1;
        if s.count >= rules.strikes {
            s.locked_until = Some(now + rules.lockout);
            return true;
        }
        false
    }

    fn forget_old(&mut self, now: Instant) {
        self.pair_codes.retain(|c| c.expires > now);
        self.reveal_codes.retain(|c| c.expires > now);
        self.spent_reveals.retain(|c| c.expires > now);
    }

    /// A new pairing code for `seat`, replacing any earlier one for it (only the newest QR works).
    /// Phones still waiting for `seat` are refused: only the newest QR's phone may ask for it.
    pub fn pair_code(&mut self, seat: Seat, now: Instant) -> String {
        self.forget_old(now);
        self.pair_codes.retain(|c| c.seat != seat);
        self.refuse_asks_for(seat);
        let secret = secret();
        self.pair_codes.push(Code { secret: secret.clone(), seat, expires: now + self.rules.code_life, step: None });
        secret
    }

    /// A new one-reveal code for `seat`'s private lines of journal step `step`.
    pub fn reveal_code(&mut self, seat: Seat, step: u32, now: Instant) -> String {
        self.forget_old(now);
        self.reveal_codes.retain(|c| c.seat != seat);
        // A new QR on the table: what it says of an earlier one's opening is over.
        self.opened.retain(|o| o.seat != seat);
        let secret = secret();
        self.reveal_codes.push(Code { secret: secret.clone(), seat, expires: now + self.rules.code_life, step: Some(step) });
        secret
    }

    /// Uses a pairing code: it works once. Every live code is compared, in constant time each.
    pub fn use_pair_code(&mut self, code: &str, now: Instant) -> Option<Seat> {
        self.forget_old(now);
        let at = find(&self.pair_codes, code)?;
        Some(self.pair_codes.remove(at).seat)
    }

    /// Uses a reveal code: the seat and the step it opens, once; a code opened already is
    /// told apart from an unknown one for the rest of its life, so the table can be told.
    pub fn use_reveal_code(&mut self, code: &str, now: Instant) -> RevealUse {
        self.forget_old(now);
        if let Some(at) = find(&self.reveal_codes, code) {
            let c = self.reveal_codes.remove(at);
            let (seat, step) = (c.seat, c.step.unwrap_or(0));
            self.spent_reveals.push(c);
            return RevealUse::Open { seat, step };
        }
        match find(&self.spent_reveals, code) {
            Some(at) => RevealUse::Again { seat: self.spent_reveals[at].seat },
            None => RevealUse::Unknown,
        }
    }

    /// Notes which device opened `seat`'s reveal, for the table screen.
    pub fn reveal_opened(&mut self, seat: Seat, device: String, phone_of: Option<Seat>) {
        self.opened.retain(|o| o.seat != seat);
        self.opened.push(RevealOpened { seat, device, phone_of, again: Vec::new() });
    }

    /// Notes a refused second try at `seat`'s opened reveal (the first few devices).
    pub fn reveal_tried_again(&mut self, seat: Seat, device: String) {
        if let Some(o) = self.opened.iter_mut().find(|o| o.seat == seat).filter(|o| o.again.len() < 4) {
            o.again.push(device);
        }
    }

    pub fn reveals_opened(&self) -> Vec<RevealOpened> {
        self.opened.clone()
    }

    /// Refuses every waiting phone (the phone server stopped).
    pub fn refuse_asks(&mut self) {
        for ask in self.asks.drain(..) {
            let _ = ask.answer.send(None);
        }
    }

    /// Forgets the codes not yet used: no QR shown so far works any more.
    pub fn forget_codes(&mut self) {
        self.pair_codes.clear();
        self.reveal_codes.clear();
        self.spent_reveals.clear();
        self.opened.clear();
    }

    /// A phone waits for the table; the receiver hears its token when the table confirms it.
    pub fn ask(&mut self, seat: Seat, device: String, match_code: String) -> (u32, oneshot::Receiver<Option<String>>) {
        self.next_ask += 1;
        let (tx, rx) = oneshot::channel();
        self.asks.push(Ask { id: self.next_ask, seat, device, match_code, answer: tx });
        (self.next_ask, rx)
    }

    /// Refuses every phone waiting for `seat` (it was just given a phone, or a new QR).
    pub fn refuse_asks_for(&mut self, seat: Seat) -> bool {
        let (theirs, others): (Vec<Ask>, Vec<Ask>) = std::mem::take(&mut self.asks).into_iter().partition(|a| a.seat == seat);
        self.asks = others;
        let any = !theirs.is_empty();
        for ask in theirs {
            let _ = ask.answer.send(None);
        }
        any
    }

    /// The seat a waiting phone asks for.
    pub fn ask_seat(&self, id: u32) -> Option<Seat> {
        self.asks.iter().find(|a| a.id == id).map(|a| a.seat)
    }

    /// Takes a waiting phone out of the list so the table can answer it.
    pub fn take_ask(&mut self, id: u32) -> Result<Ask, Fault> {
        let at = self.asks.iter().position(|a| a.id == id).ok_or_else(|| Fault::new(nemesis_engine::Code::NoSuchThing, "That phone is no longer waiting."))?;
        Ok(self.asks.remove(at))
    }

    /// Drops an ask the phone gave up on (or that timed out); true if it was still there.
    pub fn drop_ask(&mut self, id: u32) -> bool {
        let before = self.asks.len();
        self.asks.retain(|a| a.id != id);
        before != self.asks.len()
    }

    pub fn asking(&self) -> Vec<PhoneAsk> {
        self.asks.iter().map(|a| PhoneAsk { ask: a.id, seat: a.seat, device: a.device.clone(), match_code: a.match_code.clone() }).collect()
    }

    /// The seat a token proves, comparing against every paired token in constant time each.
    pub fn seat_of(&self, token: &str) -> Option<Seat> {
        proved(self.tokens.iter().map(|t| (t.hash.as_str(), t.seat)), token)
    }

    /// A seat's new phone: its old token, if any, stops working.
    pub fn pair(&mut self, seat: Seat, device: String) -> SeatToken {
        self.tokens.retain(|t| t.seat != seat);
        self.cut(seat);
        let token = secret();
        let hash = token_hash(&token);
        self.tokens.push(SeatToken { seat, token: String::new(), hash: hash.clone(), device: device.clone() });
        SeatToken { seat, token, hash, device }
    }

    pub fn revoke(&mut self, seat: Seat) -> bool {
        self.cut(seat);
        let before = self.tokens.len();
        self.tokens.retain(|t| t.seat != seat);
        self.pair_codes.retain(|c| c.seat != seat);
        before != self.tokens.len()
    }

    pub fn stream_opened(&mut self, seat: Seat) {
        *self.streams.entry(seat).or_default() += 1;
    }

    pub fn stream_closed(&mut self, seat: Seat) {
        if let Some(n) = self.streams.get_mut(&seat) {
            *n = n.saturating_sub(1);
        }
    }

    pub fn streams(&self, seat: Seat) -> u32 {
        self.streams.get(&seat).copied().unwrap_or(0)
    }
}

fn find(codes: &[Code], given: &str) -> Option<usize> {
    let mut found = None;
    for (i, c) in codes.iter().enumerate() {
        if same(&c.secret, given) {
            found = Some(i);
        }
    }
    found
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_pairing_code_works_once_and_only_until_it_expires() {
        let mut p = Phones::default();
        let t0 = Instant::now();
        let code = p.pair_code(Seat(1), t0);
        assert_eq!(code.len(), 32, "128 bits as hex");
        assert_eq!(p.use_pair_code(&code, t0), Some(Seat(1)));
        assert_eq!(p.use_pair_code(&code, t0), None, "single use");
        let late = p.pair_code(Seat(2), t0);
        assert_eq!(p.use_pair_code(&late, t0 + p.rules.code_life + Duration::from_secs(1)), None, "expired");
    }

    #[test]
    fn a_new_code_for_a_seat_replaces_the_old_one() {
        let mut p = Phones::default();
        let t0 = Instant::now();
        let old = p.pair_code(Seat(0), t0);
        let new = p.pair_code(Seat(0), t0);
        assert_eq!(p.use_pair_code(&old, t0), None);
        assert_eq!(p.use_pair_code(&new, t0), Some(Seat(0)));
    }

    #[test]
    fn repeated_strikes_lock_an_address_out_for_a_while() {
        let mut p = Phones::default();
        let ip: IpAddr = "192.168.1.7".parse().unwrap();
        let other: IpAddr = "192.168.1.8".parse().unwrap();
        let t0 = Instant::now();
        for i in 1..p.rules.strikes {
            assert!(!p.strike(ip, t0), "strike {i} does not lock yet");
        }
        assert!(p.strike(ip, t0));
        assert!(p.locked(ip, t0 + Duration::from_secs(1)));
        assert!(!p.locked(other, t0), "only the guessing address");
        assert!(!p.locked(ip, t0 + p.rules.lockout + Duration::from_secs(1)), "the lock lifts");
    }

    #[test]
    fn pairing_again_revokes_the_seats_old_token() {
        let mut p = Phones::default();
        let first = p.pair(Seat(0), "old phone".into());
        let second = p.pair(Seat(0), "new phone".into());
        assert_eq!(p.seat_of(&first.token), None);
        assert_eq!(p.seat_of(&second.token), Some(Seat(0)));
        assert!(p.revoke(Seat(0)));
        assert_eq!(p.seat_of(&second.token), None);
    }

    #[test]
    fn only_a_tokens_hash_is_kept() {
        let mut p = Phones::default();
        let paired = p.pair(Seat(2), "phone".into());
        assert_eq!(paired.hash, token_hash(&paired.token));
        assert_eq!(paired.hash.len(), 64);
        let kept = p.token_of(Seat(2)).unwrap();
        assert!(kept.token.is_empty() && kept.hash == paired.hash, "the table keeps the hash alone");
        assert_eq!(p.seat_of(&paired.hash), None, "the hash itself proves nothing");
        assert_eq!(p.seat_of(&paired.token), Some(Seat(2)));
    }
}
