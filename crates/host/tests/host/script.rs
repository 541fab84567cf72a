//! The script door: JSON calls in, one JSON reply per line out, in order.

use crate::common::*;

use nemesis_engine::{Command, Request, Seat};
use nemesis_host::{script, Call, HostCode, Reply};

fn line(c: &Call) -> String {
    serde_json::to_string(c).unwrap()
}

fn run(t: &mut nemesis_host::Table, input: &str) -> Vec<Reply> {
    let mut out = Vec::new();
    script::run(t, std::io::Cursor::new(input.as_bytes().to_vec()), &mut out).expect("the script door runs to the end of its input");
    let text = String::from_utf8(out).expect("UTF-8 replies");
    assert!(text.is_empty() || text.ends_with('\n'), "every reply ends its line: {text:?}");
    text.lines().map(|l| serde_json::from_str(l).unwrap_or_else(|e| panic!("a reply per line ({e}): {l}"))).collect()
}

#[test]
fn one_reply_per_non_blank_line_in_order() {
    let dir = tempfile::tempdir().unwrap();
    let mut t = table_in(dir.path());
    let input = [
        line(&Call::Saves),
        "this is not a call".to_string(),
        String::new(),
        "   \t ".to_string(),
        line(&Call::NewGame { setup: options(2), title: Some("Scripted".into()) }),
        r#"{"call":"no_such_call"}"#.to_string(),
        line(&Call::Act { revision: None, request: Request::Do { command: Command::AdvanceTime, entered: vec![] } }),
        "\r".to_string(),
        line(&Call::Saves),
    ]
    .join("\n");
    let replies = run(&mut t, &(input + "\n"));
    assert_eq!(replies.len(), 6, "blank lines get no reply, every other line one: {replies:#?}");

    assert_eq!(replies[0], Reply::Saves { saves: vec![] }, "1: the empty saves list");
    match &replies[1] {
        Reply::Refused { fault } => assert_eq!(fault.code, HostCode::BadCall, "2: an unreadable line"),
        other => panic!("2: {other:?}"),
    }
    let id = match &replies[2] {
        Reply::Screen { screen } => {
            assert_eq!(open_game(screen).title, "Scripted");
            open_game(screen).id
        }
        other => panic!("3: the new game's screen, got {other:?}"),
    };
    match &replies[3] {
        Reply::Refused { fault } => assert_eq!(fault.code, HostCode::BadCall, "4: an unknown call"),
        other => panic!("4: {other:?}"),
    }
    match &replies[4] {
        Reply::Refused { fault } => assert_eq!(fault.code, nemesis_engine::Code::WrongPhase, "5: the engine's refusal"),
        other => panic!("5: {other:?}"),
    }
    match &replies[5] {
        Reply::Saves { saves } => assert_eq!(saves.iter().map(|s| s.id).collect::<Vec<_>>(), vec![id], "6: the new game is saved"),
        other => panic!("6: {other:?}"),
    }
    assert_eq!(entry_rows(&peek(t.store().path()), id), 1, "only the setup is stored");
}

#[test]
fn the_last_line_is_answered_without_a_newline() {
    let dir = tempfile::tempdir().unwrap();
    let mut t = table_in(dir.path());
    let replies = run(&mut t, &format!("{}\n{}", line(&Call::Screen), line(&Call::Saves)));
    assert_eq!(replies.len(), 2);
    assert!(matches!(replies[0], Reply::Screen { .. }));
    assert!(matches!(replies[1], Reply::Saves { .. }));
}

#[test]
fn empty_input_gives_no_reply() {
    let dir = tempfile::tempdir().unwrap();
    let mut t = table_in(dir.path());
    assert!(run(&mut t, "").is_empty());
    assert!(run(&mut t, "\n\n  \n").is_empty());
}

#[test]
fn a_scripted_game_is_saved_step_by_step_and_continues_in_a_later_run() {
    let dir = tempfile::tempdir().unwrap();
    let mut t = table_in(dir.path());
    let replies = run(&mut t, &format!("{}\n", line(&Call::NewGame { setup: options(2), title: None })));
    let id = match &replies[0] {
        Reply::Screen { screen } => open_game(screen).id,
        other => panic!("{other:?}"),
    };
    draft_all(&mut t);
    drop(t);

    // A later run (a new process) opens the game and plays on, one line per step.
    let mut t = table_in(dir.path());
    let input = [
        line(&Call::Open { game: id }),
        line(&Call::Act { revision: None, request: Request::Do { command: Command::SetHandSize { seat: Seat(0), cards: 2 }, entered: vec![] } }),
        line(&Call::Act { revision: None, request: Request::Undo }),
        line(&Call::Log),
    ]
    .join("\n");
    let replies = run(&mut t, &input);
    assert_eq!(replies.len(), 4);
    let revisions: Vec<u64> = replies[..3]
        .iter()
        .map(|r| match r {
            Reply::Screen { screen } => screen.revision,
            other => panic!("{other:?}"),
        })
        .collect();
    assert!(revisions.windows(2).all(|w| w[0] < w[1]), "each accepted line raises the revision: {revisions:?}");
    match &replies[3] {
        Reply::Log { lines } => assert!(lines.iter().any(|l| l.key == "undone"), "the log holds the undo"),
        other => panic!("{other:?}"),
    }
    let steps = t.open_game().unwrap().entries().len() as i64;
    assert_eq!(entry_rows(&peek(t.store().path()), id), steps, "every acknowledged step is on disk");
}

/// The longest line the script door reads (a whole exported game fits), as `script.rs` sets it.
const MAX_LINE: usize = nemesis_host::export::MAX_FILE_BYTES + 64 * 1024;

#[test]
fn an_overlong_line_is_refused_and_the_next_line_is_still_answered() {
    let dir = tempfile::tempdir().unwrap();
    let mut t = table_in(dir.path());
    let mut input = line(&Call::Screen);
    input.push_str(&" ".repeat(MAX_LINE + 10 - input.len()));
    input.push('\n');
    input.push_str(&line(&Call::Saves));
    input.push('\n');
    let replies = run(&mut t, &input);
    assert_eq!(replies.len(), 2, "{replies:?}");
    match &replies[0] {
        Reply::Refused { fault } => assert_eq!(fault.code, HostCode::BadCall),
        other => panic!("{other:?}"),
    }
    assert!(matches!(replies[1], Reply::Saves { .. }), "the line after the long one is answered");
}

#[test]
fn a_line_of_the_longest_allowed_length_is_read() {
    let dir = tempfile::tempdir().unwrap();
    let mut t = table_in(dir.path());
    let mut input = line(&Call::Screen);
    input.push_str(&" ".repeat(MAX_LINE - input.len()));
    assert_eq!(input.len(), MAX_LINE);
    input.push('\n');
    input.push_str(&line(&Call::Saves));
    input.push('\n');
    let replies = run(&mut t, &input);
    assert_eq!(replies.len(), 2, "{replies:?}");
    assert!(matches!(replies[0], Reply::Screen { .. }), "a line of MAX_LINE bytes is read: {:?}", replies[0]);
    assert!(matches!(replies[1], Reply::Saves { .. }), "and the next line is answered");
}
