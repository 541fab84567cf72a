//! The script door: one JSON `Call` per line on stdin, one JSON `Reply` per line on stdout.
//! A reply is written only after its command is durable, so an acknowledged line is never lost.

use crate::protocol::{Call, Fault, HostCode, Reply};
use crate::Table;
use nemesis_engine::Actor;
use std::io::{BufRead, Write};

/// Longest line read (a whole exported game fits).
const MAX_LINE: usize = crate::export::MAX_FILE_BYTES + 64 * 1024;

pub fn run(table: &mut Table, input: impl BufRead, output: impl Write) -> std::io::Result<()> {
    lines(|call| table.call(Actor::Table, call), input, output)
}

/// `run` on a shared table, locked for each call only: the table's save settler copies the log
/// into the save in the quiet moments between lines (a script that is killed leaves the save
/// whole in `games.sqlite3` a moment after its last reply, as the window and the serve door do).
pub fn run_shared(table: &crate::Shared, input: impl BufRead, output: impl Write) -> std::io::Result<()> {
    let done = lines(|call| table.with(|t| t.call(Actor::Table, call)), input, output);
    // On close, the save is left as one file.
    let _ = table.with(|t| t.settle_now());
    done
}

fn lines(mut call: impl FnMut(Call) -> Reply, mut input: impl BufRead, mut output: impl Write) -> std::io::Result<()> {
    let mut line = Vec::new();
    loop {
        line.clear();
        let n = std::io::Read::take(&mut input, MAX_LINE as u64 + 1).read_until(b'\n', &mut line)?;
        if n == 0 {
            return Ok(());
        }
        let reply = if line.len() > MAX_LINE && !line.ends_with(b"\n") {
            skip_line(&mut input)?;
            Reply::Refused { fault: Fault::new(HostCode::BadCall, "That line is too long.") }
        } else {
            let text = String::from_utf8_lossy(&line);
            if text.trim().is_empty() {
                continue;
            }
            match serde_json::from_str::<Call>(text.trim()) {
                Ok(c) => call(c),
                Err(e) => Reply::Refused { fault: Fault::new(HostCode::BadCall, format!("That line could not be read ({e}).")) },
            }
        };
        serde_json::to_writer(&mut output, &reply)?;
        output.write_all(b"\n")?;
        output.flush()?;
    }
}

/// Discards the rest of an overlong line without holding it in memory.
fn skip_line(input: &mut impl BufRead) -> std::io::Result<()> {
    loop {
        let buf = input.fill_buf()?;
        if buf.is_empty() {
            return Ok(());
        }
        match buf.iter().position(|b| *b == b'\n') {
            Some(i) => {
                input.consume(i + 1);
                return Ok(());
            }
            None => {
                let n = buf.len();
                input.consume(n);
            }
        }
    }
}
