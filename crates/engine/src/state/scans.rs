//! The scan questions a seat's phone answers (p. 20): each one asked and closed on its own.

use super::SeatState;
use serde::{Deserialize, Serialize};

/// A scan question a player answers on their own phone (or the table for them).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "snake_case")]
pub enum ScanQuestion {
    /// A Rest card's (and the Canteen's or the Shower Room's, p. 25): how many of the
    /// character's Contamination cards are in hand (p. 20).
    Rest,
    /// Eclosion's: how many Contamination cards are among the 4 drawn (the card; p. 20's Look).
    Eclosion,
    /// The Alcohol's: the one Contamination card of the hand it scans and removes (docs/cards.md).
    Alcohol,
    /// The Antidote's: how many Contamination cards are in hand, asked before every card is
    /// scanned, so the INFECTED ones among them leave the hand (docs/cards.md).
    Antidote,
}

impl SeatState {
    /// Whether this scan question waits for the player's answer.
    pub fn scan_due(&self, question: ScanQuestion) -> bool {
        match question {
            ScanQuestion::Rest => self.hand_scan_due,
            ScanQuestion::Eclosion => self.eclosion_scan_due,
            ScanQuestion::Alcohol => self.alcohol_scan_due,
            ScanQuestion::Antidote => self.antidote_scan_due,
        }
    }

    /// Asks (`due`) or closes one scan question, leaving the others as they are.
    pub(crate) fn set_scan_due(&mut self, question: ScanQuestion, due: bool) {
        match question {
            ScanQuestion::Rest => self.hand_scan_due = due,
            ScanQuestion::Eclosion => self.eclosion_scan_due = due,
            ScanQuestion::Alcohol => self.alcohol_scan_due = due,
            ScanQuestion::Antidote => self.antidote_scan_due = due,
        }
    }
}
