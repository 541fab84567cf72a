//! What the Phones panel shows of the table's other hands and eyes: shared displays, and who
//! opened a one-time reveal.

use nemesis_engine::Seat;
use serde::{Deserialize, Serialize};
use ts_rs::TS;

/// What the table's Phones panel shows of displays: never a code or a token.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize, TS)]
pub struct DisplaysStatus {
    pub paired: Vec<PairedDisplay>,
    /// Displays that used the pairing code and wait for the table to confirm them.
    pub asking: Vec<DisplayAsk>,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, TS)]
pub struct PairedDisplay {
    /// The display's number at this table, for freeing it.
    pub display: u32,
    pub device: String,
    /// The four digits it showed while it waited, to tell two displays apart.
    pub match_code: String,
    /// The language it said it shows.
    pub language: Option<String>,
    /// Open streams from it right now.
    pub connected: u32,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, TS)]
pub struct DisplayAsk {
    pub ask: u32,
    pub device: String,
    /// The digits the waiting display shows (`phones::match_code` of the code it spent).
    pub match_code: String,
}

/// Who opened a seat's one-time reveal: a QR photographed by a neighbour does not go unnoticed.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, TS)]
pub struct RevealOpened {
    pub seat: Seat,
    /// How the opening device named itself (cleaned as for pairing; the device says it, so it
    /// is a hint, not a proof).
    pub device: String,
    /// The seat whose paired phone opened it (its token came with the call); `None` for a
    /// device no seat paired. The seat itself: the player's own phone.
    pub phone_of: Option<Seat>,
    /// The devices that tried to open the same code again, refused (the first few).
    pub again: Vec<String>,
}
