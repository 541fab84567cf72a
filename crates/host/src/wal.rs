//! Reads a save's write-ahead file (`games.sqlite3-wal`) on its own, before SQLite opens the save:
//! SQLite stops at the first frame whose checksum fails and silently drops every step after it,
//! then rewrites the file on its first write. Damage that hides committed steps is found here,
//! while both files are still exactly as the crash left them.
//!
//! The format is SQLite's (<https://sqlite.org/fileformat2.html#walformat>): a 32-byte header,
//! then frames of a 24-byte header and one page. Each frame's checksum runs on from the one
//! before it, so a frame can be checked alone from its predecessor's stored checksum: a sound
//! commit frame after a broken one is a committed transaction SQLite would drop.

use std::path::Path;

const HEADER: usize = 32;
const FRAME_HEADER: usize = 24;

/// What reading the write-ahead file found.
#[derive(Debug, PartialEq, Eq)]
pub enum Verdict {
    /// No file, or nothing in it that SQLite would drop: the save opens as it was committed.
    Sound,
    /// Committed steps sit behind damage and SQLite would drop them. Says where.
    Damaged(String),
}

fn word(bytes: &[u8], big: bool) -> u32 {
    let b = [bytes[0], bytes[1], bytes[2], bytes[3]];
    if big {
        u32::from_be_bytes(b)
    } else {
        u32::from_le_bytes(b)
    }
}

/// SQLite's WAL checksum of `data` (a multiple of 8 bytes) running on from `seed`.
fn checksum(seed: (u32, u32), data: &[u8], big: bool) -> (u32, u32) {
    let (mut s0, mut s1) = seed;
    for pair in data.chunks_exact(8) {
        s0 = s0.wrapping_add(word(&pair[..4], big)).wrapping_add(s1);
        s1 = s1.wrapping_add(word(&pair[4..], big)).wrapping_add(s0);
    }
    (s0, s1)
}

/// Checks the write-ahead file at `path` (absent is sound).
pub fn check(path: &Path) -> std::io::Result<Verdict> {
    let bytes = match std::fs::read(path) {
        Ok(b) => b,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(Verdict::Sound),
        Err(e) => return Err(e),
    };
    Ok(verdict(&bytes))
}

/// The verdict on the bytes of a write-ahead file.
pub fn verdict(bytes: &[u8]) -> Verdict {
    // Shorter than its header: SQLite had not written a frame yet.
    if bytes.len() < HEADER {
        return Verdict::Sound;
    }
    let magic = u32::from_be_bytes([bytes[0], bytes[1], bytes[2], bytes[3]]);
    let big = magic & 1 == 1;
    let page = u32::from_be_bytes([bytes[8], bytes[9], bytes[10], bytes[11]]);
    let page = if page == 1 { 65536 } else { page as usize };
    let head_ok = (magic & !1) == 0x377f_0682
        && u32::from_be_bytes([bytes[4], bytes[5], bytes[6], bytes[7]]) == 3_007_000
        && page.is_power_of_two()
        && (512..=65536).contains(&page)
        && checksum((0, 0), &bytes[..24], big) == (u32::from_be_bytes([bytes[24], bytes[25], bytes[26], bytes[27]]), u32::from_be_bytes([bytes[28], bytes[29], bytes[30], bytes[31]]));
    if !head_ok {
        // SQLite ignores a write-ahead file whose header fails, frames and all: harmless only
        // when no frame could be in it (the header is written just before the first frame).
        return if bytes.len() >= HEADER + FRAME_HEADER + 512 { Verdict::Damaged("its header is damaged".into()) } else { Verdict::Sound };
    }
    let salts = &bytes[16..24];
    let frame = FRAME_HEADER + page;
    let stored = |at: usize| (u32::from_be_bytes([bytes[at + 16], bytes[at + 17], bytes[at + 18], bytes[at + 19]]), u32::from_be_bytes([bytes[at + 20], bytes[at + 21], bytes[at + 22], bytes[at + 23]]));
    let frames = (bytes.len() - HEADER) / frame;
    // The frames SQLite will read: from the start while each belongs to this file's generation
    // (its salts) and its checksum holds.
    let mut seed = stored(HEADER - FRAME_HEADER);
    let mut broken = None;
    for i in 0..frames {
        let at = HEADER + i * frame;
        let sum = checksum(checksum(seed, &bytes[at..at + 8], big), &bytes[at + FRAME_HEADER..at + frame], big);
        if &bytes[at + 8..at + 16] != salts || sum != stored(at) {
            broken = Some(i);
            break;
        }
        seed = sum;
    }
    let Some(first_bad) = broken else { return Verdict::Sound };
    // After the break: a commit frame of this generation that checks out from its predecessor is
    // a whole committed transaction (committed means synced: synchronous=FULL) SQLite would
    // drop. Frames of an older generation, and a torn last transaction, are not.
    for i in first_bad + 1..frames {
        let at = HEADER + i * frame;
        let before = at - frame;
        let sum = checksum(checksum(stored(before), &bytes[at..at + 8], big), &bytes[at + FRAME_HEADER..at + frame], big);
        let commit = u32::from_be_bytes([bytes[at + 4], bytes[at + 5], bytes[at + 6], bytes[at + 7]]) != 0;
        if &bytes[at + 8..at + 16] == salts && commit && sum == stored(at) {
            return Verdict::Damaged(format!("frame {} of {frames} is damaged and committed steps follow it", first_bad + 1));
        }
    }
    Verdict::Sound
}

/// The marks (`store.rs`: a save's name, 32 hex digits, a space and an epoch) in the pages the
/// write-ahead file at `path` would apply; `None` when it would apply nothing (absent, empty, or
/// only a torn transaction).
pub fn marks_applied(path: &Path) -> std::io::Result<Option<Vec<(String, u64)>>> {
    let bytes = match std::fs::read(path) {
        Ok(b) => b,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(None),
        Err(e) => return Err(e),
    };
    let frames = committed_frames(&bytes);
    if frames == 0 {
        return Ok(None);
    }
    let page = u32::from_be_bytes([bytes[8], bytes[9], bytes[10], bytes[11]]);
    let page = if page == 1 { 65536 } else { page as usize };
    let mut found = Vec::new();
    for i in 0..frames {
        let at = HEADER + i * (FRAME_HEADER + page) + FRAME_HEADER;
        marks_in(&bytes[at..at + page], &mut found);
    }
    Ok(Some(found))
}

/// Every run of 32 lowercase hex digits (the end of a longer run: the record's bytes before the
/// value may be hex letters too) followed by a space and a number in `page`.
fn marks_in(page: &[u8], out: &mut Vec<(String, u64)>) {
    let hex = |b: u8| b.is_ascii_digit() || (b'a'..=b'f').contains(&b);
    let mut run = 0;
    for (i, &b) in page.iter().enumerate() {
        if hex(b) {
            run += 1;
            continue;
        }
        if run >= 32 && b == b' ' {
            let digits: Vec<u8> = page[i + 1..].iter().take(20).take_while(|d| d.is_ascii_digit()).copied().collect();
            if let Ok(epoch) = String::from_utf8_lossy(&digits).parse::<u64>() {
                out.push((String::from_utf8_lossy(&page[i - 32..i]).into_owned(), epoch));
            }
        }
        run = 0;
    }
}

/// How many frames from the start SQLite would apply: the sound frames of this generation up to
/// and including the last commit frame among them.
pub fn committed_frames(bytes: &[u8]) -> usize {
    if bytes.len() < HEADER {
        return 0;
    }
    let magic = u32::from_be_bytes([bytes[0], bytes[1], bytes[2], bytes[3]]);
    let big = magic & 1 == 1;
    let page = u32::from_be_bytes([bytes[8], bytes[9], bytes[10], bytes[11]]);
    let page = if page == 1 { 65536 } else { page as usize };
    if (magic & !1) != 0x377f_0682 || !page.is_power_of_two() || !(512..=65536).contains(&page) {
        return 0;
    }
    let header_sum = (u32::from_be_bytes([bytes[24], bytes[25], bytes[26], bytes[27]]), u32::from_be_bytes([bytes[28], bytes[29], bytes[30], bytes[31]]));
    if checksum((0, 0), &bytes[..24], big) != header_sum {
        return 0;
    }
    let salts = &bytes[16..24];
    let frame = FRAME_HEADER + page;
    let mut seed = header_sum;
    let mut applied = 0;
    for i in 0..(bytes.len() - HEADER) / frame {
        let at = HEADER + i * frame;
        let sum = checksum(checksum(seed, &bytes[at..at + 8], big), &bytes[at + FRAME_HEADER..at + frame], big);
        let stored = (u32::from_be_bytes([bytes[at + 16], bytes[at + 17], bytes[at + 18], bytes[at + 19]]), u32::from_be_bytes([bytes[at + 20], bytes[at + 21], bytes[at + 22], bytes[at + 23]]));
        if &bytes[at + 8..at + 16] != salts || sum != stored {
            break;
        }
        seed = sum;
        if u32::from_be_bytes([bytes[at + 4], bytes[at + 5], bytes[at + 6], bytes[at + 7]]) != 0 {
            applied = i + 1;
        }
    }
    applied
}
