//! The calls every door accepts and the replies and screens it sends back. Declared once here;
//! the TypeScript types in `ui/src/bindings/` are generated from these (see `tests/host/bindings.rs`).

use nemesis_engine::{Hint, LogLine, Mode, Moment, PublicView, Request, Seat, SeatView};
use serde::{Deserialize, Serialize};
use std::sync::Arc;

pub use crate::fault::{Fault, FaultCode, HostCode};

mod sharing;
pub use sharing::*;
use ts_rs::TS;

/// What the table screen (or a script) asks of the host.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, TS)]
#[serde(rename_all = "snake_case", tag = "call")]
pub enum Call {
    /// The current screen, as a push would carry it.
    Screen,
    /// Saved games, newest first.
    Saves,
    /// The box's contents for one pack (names, keys, the board): what the screens print. Only
    /// what is printed on the components; no game's secrets.
    Content {
        #[serde(default)]
        pack: nemesis_engine::Pack,
    },
    /// Starts a new game with this setup, saves it and opens it.
    NewGame { setup: nemesis_engine::SetupOptions, #[serde(default)] title: Option<String> },
    /// Opens a saved game (closing the one open).
    Open {
        #[ts(type = "number")]
        game: i64,
    },
    /// Closes the open game; it stays saved.
    Close,
    /// Deletes a saved game for good.
    Delete {
        #[ts(type = "number")]
        game: i64,
    },
    /// A game as one JSON file.
    Export {
        #[ts(type = "number")]
        game: i64,
    },
    /// Reads an exported file back as a new saved game (a bad file changes nothing).
    Import { file: String },
    /// The open game's whole log for the table.
    Log,
    /// Acts on the open game: a command, an undo, or a correction. `revision`: the open game's
    /// revision (`OpenGame::revision`) on the screen it was made from; when the game has moved on
    /// since, the call is refused (`moved_on`) and nothing changes. Left out, the call stands as
    /// it is (a script).
    Act {
        request: Request,
        #[serde(default)]
        #[ts(optional)]
        revision: Option<u32>,
    },
    /// What a command would set off, explained before it runs (the action helpers); changes
    /// nothing. Read from the public view: never a secret.
    Explain { command: nemesis_engine::Command },
    /// One seat's private hand, for the "pass the device" curtain on the table screen: the
    /// table shows it only while that player holds the device.
    Private { seat: Seat },
    /// Turns the phone server on (at one of `phones.addresses`, the first when left out) or off.
    Phones {
        on: bool,
        #[serde(default)]
        address: Option<String>,
    },
    /// A fresh single-use pairing QR for a seat without a phone.
    PairCode { seat: Seat },
    /// The table's answer to a phone asking for a seat. Accepting a phone for a seat that already
    /// has one is refused unless `replace` says the table means to replace it.
    AnswerPhone {
        ask: u32,
        accept: bool,
        #[serde(default)]
        replace: bool,
    },
    /// Frees a seat's phone: its token stops working at once.
    RevokePhone { seat: Seat },
    /// A fresh single-use QR that pairs a shared display (a tablet or TV showing the public
    /// table screen), bound to no seat; a new one replaces the one shown before.
    DisplayCode,
    /// The table's answer to a display asking to show the table.
    AnswerDisplay { ask: u32, accept: bool },
    /// Frees a display: its token stops working at once and its stream ends.
    RevokeDisplay { display: u32 },
    /// A single-use QR that opens this seat's newest private reveal once, on a phone that did
    /// not pair.
    RevealCode { seat: Seat },
    /// The open game's debrief: refused (`wrong_phase`) until its victory check is done.
    Debrief,
    /// The open game's public board at the end of each turn, with the table's log: refused as
    /// the debrief is.
    Replay,
    /// A finished saved game's play record (players, characters, who won, duration) as JSON and CSV.
    PlayRecord {
        #[ts(type = "number")]
        game: i64,
    },
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, TS)]
#[serde(rename_all = "snake_case", tag = "reply")]
pub enum Reply {
    /// The call was accepted; this is the screen after it (the one published, not a copy).
    Screen { screen: Arc<TableScreen> },
    /// The call was accepted and its screen published as this revision: a caller that streams
    /// the table's screens (and said so) gets it once, on its stream, not a second time here.
    Accepted {
        #[ts(type = "number")]
        revision: u64,
    },
    Saves { saves: Vec<SaveSummary> },
    Content { content: nemesis_engine::content::ContentData },
    Exported { file_name: String, file: String },
    Imported {
        #[ts(type = "number")]
        game: i64,
    },
    Log { lines: Vec<LogLine> },
    /// The action helpers' hints for a command (only for `Call::Explain`).
    Hints { hints: Vec<Hint> },
    /// A seat's own view and its private log lines (only for `Call::Private`).
    Private { view: SeatView, log: Vec<LogLine> },
    /// A pairing or one-reveal QR for the table to show.
    Offer { offer: PhoneOffer },
    /// A display's pairing QR for the table to show: the address with its single-use code.
    DisplayOffer {
        url: String,
        svg: String,
        #[ts(type = "number")]
        expires_in_ms: u64,
    },
    /// The whole story of a finished game (only for `Call::Debrief`); the times are the save's.
    Debrief {
        title: String,
        debrief: nemesis_engine::debrief::Debrief,
        #[ts(type = "number")]
        started_ms: i64,
        #[ts(type = "number")]
        ended_ms: i64,
    },
    /// The replay's frames, and the table's log that goes with them (only for `Call::Replay`).
    Replay { frames: Vec<nemesis_engine::debrief::ReplayFrame>, log: Vec<LogLine> },
    /// A play record, ready to save as `<file_stem>.json` and `<file_stem>.csv`.
    PlayRecord { file_stem: String, json: String, csv: String },
    Refused { fault: Fault },
}

/// The reply for a door whose caller streams the table's screens and asked not to get them twice:
/// a published screen becomes its revision. `Call::Screen` answers with a screen built on the
/// spot, which no stream carries, so it keeps it.
pub fn streamed(asked_screen: bool, reply: Reply) -> Reply {
    match reply {
        Reply::Screen { screen } if !asked_screen => Reply::Accepted { revision: screen.revision },
        other => other,
    }
}

/// Everything the shared table screen shows. Pushed after every accepted call.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, TS)]
pub struct TableScreen {
    /// Grows with every change the host makes; a door keeps the highest it has seen.
    #[ts(type = "number")]
    pub revision: u64,
    pub game: Option<OpenGame>,
    /// The phone server and each seat's phone.
    pub phones: PhonesStatus,
}

/// What the table screen shows of phones. Never a code or a token: those travel only in an
/// `Offer` the table asked for, and in the pairing reply to the phone the table confirmed.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize, TS)]
pub struct PhonesStatus {
    pub on: bool,
    /// Where phones reach the table while on, e.g. `http://192.168.1.20:7421`.
    pub url: Option<String>,
    /// The addresses this machine can offer; the table picks one when there are several.
    pub addresses: Vec<LanAddress>,
    pub seats: Vec<PhoneSeat>,
    /// Phones that used a pairing code and wait for the table to confirm them.
    pub asking: Vec<PhoneAsk>,
    /// The port phones reached the table on last time, when it could not be kept (another
    /// program holds it): phones paired then must scan a new code. `None` when it was kept.
    pub moved_from: Option<u16>,
    /// The shared displays paired, and those waiting for the table (issue 32, item 5).
    pub displays: DisplaysStatus,
    /// Per seat, the one-time reveal QR last opened since its newest code was shown: on which
    /// device, and the later tries to open it again (refused). Issue 32, item 7.
    #[serde(default)]
    pub reveals: Vec<RevealOpened>,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, TS)]
pub struct LanAddress {
    pub ip: String,
    /// The network interface, e.g. `wlan0`.
    pub interface: String,
    /// Only this computer can reach it (useful for trying phones out in a browser here).
    pub loopback: bool,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, TS)]
pub struct PhoneSeat {
    pub seat: Seat,
    /// A phone holds this seat's token.
    pub paired: bool,
    /// How the phone described itself when it paired (e.g. "iPhone").
    pub device: Option<String>,
    /// Open streams from that phone right now (0 while it sleeps).
    pub connected: u32,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, TS)]
pub struct PhoneAsk {
    pub ask: u32,
    pub seat: Seat,
    pub device: String,
    /// Four digits the asking phone shows too (`phones::match_code` of the code it spent): the
    /// table confirms the ask whose digits match the phone the player holds, whatever its name.
    pub match_code: String,
}

/// A QR to show on the table: the address with a single-use code in its fragment.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, TS)]
pub struct PhoneOffer {
    pub seat: Seat,
    pub url: String,
    /// The QR as an SVG document.
    pub svg: String,
    /// How long the code stays valid.
    #[ts(type = "number")]
    pub expires_in_ms: u64,
    /// `pair` or `reveal`.
    pub purpose: OfferPurpose,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(rename_all = "snake_case")]
pub enum OfferPurpose {
    Pair,
    Reveal,
}

/// What a phone asks of the host. The seat is never in the message: it comes from the token.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, TS)]
#[serde(rename_all = "snake_case", tag = "call")]
pub enum PhoneCall {
    /// Uses a pairing code from the QR; answered once the table confirms.
    Pair {
        code: String,
        #[serde(default)]
        device: Option<String>,
    },
    /// Opens a one-reveal code once. `device`: how the phone names itself, told to the table
    /// with the fact that it opened the reveal (and a seat token, when the phone holds one, in
    /// the Authorization header: whether it is the seat's own phone).
    Reveal {
        code: String,
        #[serde(default)]
        #[ts(optional)]
        device: Option<String>,
    },
    /// This seat's screen now.
    Hand,
    /// One of the seat's private choices (`draft_keep`, `choose_objective`, `set_engine_order`,
    /// `choose_attack_card`) or, while the seat holds the round, one of its round's Actions or its
    /// Pass (the catalogue's `sent_by`), with the physical results that Action needs in `entered`.
    /// `revision`: the game's revision on the phone's screen (`PhoneGame::revision`); a call made
    /// from a screen the game has moved on from is refused (`moved_on`). `streamed`: the phone
    /// reads its stream, so an accepted call is answered `accepted` and its screen comes once,
    /// on the stream.
    Act {
        command: nemesis_engine::Command,
        #[serde(default)]
        entered: Vec<nemesis_engine::Entered>,
        #[serde(default)]
        #[ts(optional)]
        revision: Option<u32>,
        #[serde(default)]
        #[ts(optional)]
        streamed: Option<bool>,
    },
    /// Gives the seat back: the token stops working.
    Leave,
    /// The board graph of a pack (locations, exits, room tiles): printed on the board, no
    /// secret; asked once by a paired phone to draw its map.
    Board { pack: nemesis_engine::Pack },
    /// The box's whole contents for a pack (every card's name and facts): printed on the
    /// components, no secret; asked when the phone's player enters a card the table holds.
    Content { pack: nemesis_engine::Pack },
    /// This seat's own part of the debrief, once the game is over.
    Debrief,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, TS)]
#[serde(rename_all = "snake_case", tag = "reply")]
pub enum PhoneReply {
    /// Keep `token` in the phone's storage; it proves `seat` from now on.
    Paired { token: String, seat: Seat, name: String },
    /// One reveal, shown once.
    Reveal { seat: Seat, name: String, lines: Vec<LogLine> },
    Hand { screen: Arc<PhoneScreen> },
    /// The phone's `act` was accepted as the game's `revision`: its screen comes on the stream.
    Accepted { revision: u32 },
    /// This seat's verdict and the secrets it held; nothing of another seat's.
    Debrief { title: String, debrief: nemesis_engine::debrief::SeatDebrief },
    Left,
    Board { board: nemesis_engine::content::BoardGraph },
    Content { content: nemesis_engine::content::ContentData },
    Refused { fault: Fault },
}

/// One seat's phone: its own public state and its private hand, nothing of anyone else's.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, TS)]
pub struct PhoneScreen {
    pub seat: Seat,
    /// `None` once the table closed the game.
    pub game: Option<PhoneGame>,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, TS)]
pub struct PhoneGame {
    pub title: String,
    pub turn: u16,
    pub phase: nemesis_engine::state::Phase,
    /// This seat as the whole table sees it (character, wounds, state).
    pub me: nemesis_engine::view::PublicSeat,
    /// This seat's secrets as it knows them now.
    pub hand: SeatView,
    /// This seat's private log lines, newest last: every reveal as it happened.
    pub reveals: Vec<LogLine>,
    /// The ship as the whole table sees it, for the phone's read-only map (issue 18): one
    /// board per step, shared by every seat's screen.
    pub board: Arc<PhoneBoard>,
    /// The game's revision: the steps in its journal. A phone's `act` names it.
    pub revision: u32,
    /// Whose round it is and how far it went, as the table's round strip shows it (public).
    pub rounds: nemesis_engine::view::PublicRounds,
    /// What this seat may do now, as the table's round panel offers it (`offers::offers`): only
    /// while this seat holds the round, else empty. Each seat gets only its own (issue 32).
    pub offers: Vec<nemesis_engine::offers::Offer>,
    /// The public lines of the newest step when it acted for this seat (its Move, its Search, its
    /// Pass): the room revealed, the Fire, the Noise roll, as the table's outcome reads them, so
    /// the player who acted learns it on their own phone (issue 32); while Eclosion's scan waits
    /// for this seat, the public lines of the step that read the card (issue 31). Empty otherwise.
    #[serde(default)]
    pub outcome: Vec<LogLine>,
    /// `outcome` is another's step that wounded, contaminated or killed this seat (a Grenade
    /// thrown into its room, an Intruder's attack): its lines say whose and how (issue 31).
    #[serde(default)]
    pub outcome_hit: bool,
}

/// The board's public pieces, cut from the table's `PublicView` and nothing else: every value
/// here is on the table screen too, so a phone's map can show no more than the table does.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, TS)]
pub struct PhoneBoard {
    /// The box the game is played with, for `PhoneCall::Content`.
    pub pack: nemesis_engine::Pack,
    pub seats: Vec<nemesis_engine::view::PublicSeat>,
    pub rooms: Vec<nemesis_engine::view::PublicRoom>,
    pub corridors: Vec<nemesis_engine::view::PublicCorridor>,
    pub technical_noise: bool,
    pub intruders: Vec<nemesis_engine::view::PublicIntruder>,
    pub pods: Vec<nemesis_engine::state::Pod>,
    pub nest_destroyed: bool,
}

impl PhoneBoard {
    pub fn of(view: &PublicView) -> Self {
        PhoneBoard {
            pack: view.pack,
            seats: view.seats.clone(),
            rooms: view.rooms.clone(),
            corridors: view.corridors.clone(),
            technical_noise: view.technical_noise,
            intruders: view.intruders.clone(),
            pods: view.pods.clone(),
            nest_destroyed: view.nest_destroyed,
        }
    }
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, TS)]
pub struct OpenGame {
    #[ts(type = "number")]
    pub id: i64,
    pub title: String,
    /// The game's revision: the steps in its journal (undos included). An `act` names it, so a
    /// call made from a screen the game has moved on from is refused (`moved_on`).
    pub revision: u32,
    pub view: PublicView,
    /// The newest lines of the table's log (the whole log through `Call::Log`).
    pub log: Vec<LogLine>,
    pub log_total: u32,
    /// The last step still in force, for the outcome panel and undo / correct.
    pub last: Option<LastStep>,
    pub can_undo: bool,
    pub can_correct: bool,
    /// What the player whose round it is may do now, as the engine's rules judge it (p. 10-13):
    /// the guide offers only these, so it never offers what the engine would refuse.
    pub offers: Vec<nemesis_engine::offers::Offer>,
    /// The step the game waits for outside the rounds (the draft, ending the phase, the Event
    /// Phase's steps, the victory check), as the engine decides it (`offers::next_steps`).
    pub next: Vec<nemesis_engine::offers::NextStep>,
    /// When the game was created and its newest step saved (milliseconds since 1970, UTC, by the
    /// host's clock): the game's duration, shown at the end.
    #[ts(type = "number")]
    pub created_ms: i64,
    #[ts(type = "number")]
    pub updated_ms: i64,
}

/// The engine's command catalogue as a TypeScript module the UI imports (`commandCatalogue.ts`
/// beside the generated types): the forms read their fields, bounds and groups from it.
pub fn catalogue_module() -> String {
    let c = nemesis_engine::catalogue::catalogue();
    // One entry a line: small, and a change to one command is a one-line diff.
    let lines = |items: Vec<String>| items.iter().map(|i| format!("    {i},\n")).collect::<String>();
    fn json_of(v: &impl Serialize) -> String {
        serde_json::to_string(v).unwrap_or_default()
    }
    let json = format!(
        "{{\n  commands: [\n{}  ],\n  groups: {},\n  entered: [\n{}  ],\n  setup: {},\n  choices: [\n{}  ],\n}}",
        lines(c.commands.iter().map(json_of).collect()),
        json_of(&c.groups),
        lines(c.entered.iter().map(json_of).collect()),
        json_of(&c.setup),
        lines(c.choices.iter().map(json_of).collect()),
    );
    format!("// Generated from the engine's command catalogue (crates/engine/src/catalogue.rs). Do not edit this file manually.\nimport type {{ Catalogue }} from \"./Catalogue\";\n\nexport const catalogue: Catalogue = {json};\n")
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, TS)]
pub struct LastStep {
    pub seq: u32,
    /// The command's `type` tag, e.g. `develop_bag`; `None` for an undo.
    pub command: Option<String>,
    /// What the table may read of its outcome.
    pub lines: Vec<LogLine>,
    /// Whether a private result of it went to a seat's own hand.
    pub private: bool,
    /// Which seats received that private result (who, never what).
    pub private_seats: Vec<Seat>,
    /// The critical moments the step brought about (the first Encounter, the first death …).
    pub moments: Vec<Moment>,
    /// What the table hears of it, decided by the engine from public facts only (`cues::of_step`).
    pub cues: Vec<nemesis_engine::cues::Cue>,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, TS)]
pub struct SaveSummary {
    #[ts(type = "number")]
    pub id: i64,
    pub title: String,
    pub players: u8,
    pub mode: Mode,
    pub turn: u16,
    pub finished: bool,
    /// Milliseconds since 1970 (UTC).
    #[ts(type = "number")]
    pub created_ms: i64,
    #[ts(type = "number")]
    pub updated_ms: i64,
    pub steps: u32,
    /// Who won, once a finished game's victory check is done (`None` before).
    #[serde(default)]
    pub winners: Option<Vec<String>>,
    /// Why the game cannot be read back (`None` when it can): it is listed with what its row
    /// says, and can still be exported as it is or deleted, but not opened.
    #[serde(default)]
    pub damaged: Option<String>,
}

/// The answer to `Call::Content`: the pack's box contents. Needs no table, so a window whose
/// saves could not be opened still gets the names its home screen prints.
pub fn content_reply(pack: nemesis_engine::Pack) -> Reply {
    Reply::Content { content: nemesis_engine::Content::pack(pack).data.clone() }
}
