//! Every refusal a player can meet is in the catalogues: each reason written in the engine's and
//! the host's sources (`refuse`, `refuse_with`, `Rejection`, `Fault::new` or `Fault::with` with a literal) has its
//! `refusal.<key>` in en.json word for word, as does each result the table may be asked to enter
//! (`need.<key>`). The engine writes each key beside its template; the host's faults still take
//! theirs from the template's first words (`key_of`). The screens render the key in their own language; the other catalogues'
//! completeness is the translation check's (ui/scripts/check-i18n.mjs).

use nemesis_engine::rejection::key_of;
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../..")
}

fn english() -> BTreeMap<String, String> {
    serde_json::from_str(&std::fs::read_to_string(root().join("ui/src/locales/en.json")).unwrap()).unwrap()
}

fn sources(dir: &Path, out: &mut Vec<(PathBuf, String)>) {
    for e in std::fs::read_dir(dir).unwrap().flatten() {
        let p = e.path();
        if p.is_dir() {
            sources(&p, out);
        } else if p.extension().is_some_and(|x| x == "rs") {
            out.push((p.clone(), std::fs::read_to_string(&p).unwrap()));
        }
    }
}

/// The string literal at the start of `arg`, and what follows it.
fn literal(arg: &str) -> Option<(String, &str)> {
    let mut chars = arg.char_indices();
    if chars.next()?.1 != '"' {
        return None;
    }
    let mut out = String::new();
    while let Some((i, c)) = chars.next() {
        match c {
            '\\' => out.push(chars.next()?.1),
            '"' => return Some((out, &arg[i + 1..])),
            c => out.push(c),
        }
    }
    None
}

/// The argument after the call's first comma as (key, text): with an explicit key (two literals,
/// as the engine writes them) or, with one literal, the key made from the text.
fn literal_after_first_comma(rest: &str) -> Option<(String, String)> {
    let comma = rest.find(',')?;
    let (first, after) = literal(rest[comma + 1..].trim_start())?;
    match after.trim_start().strip_prefix(',').and_then(|a| literal(a.trim_start())) {
        Some((text, _)) => Some((first, text)),
        None => Some((key_of(&first), first)),
    }
}

/// (call, literal) for every refusal written with a literal reason, and every call whose reason
/// is not a literal. A call is `name(` followed (across any whitespace) by `prefix`, outside a
/// comment.
fn reasons(calls: &[(&str, &str)]) -> (Vec<(String, String, String)>, Vec<String>) {
    let mut files = Vec::new();
    sources(&root().join("crates/engine/src"), &mut files);
    sources(&root().join("crates/host/src"), &mut files);
    let mut found = Vec::new();
    let mut dynamic = Vec::new();
    for (path, text) in &files {
        for (name, prefix) in calls {
            for (at, _) in text.match_indices(name) {
                let line_start = text[..at].rfind('\n').map_or(0, |i| i + 1);
                if text[line_start..at].trim_start().starts_with("//") {
                    continue;
                }
                let rest = &text[at + name.len()..];
                if !rest.trim_start().starts_with(prefix) {
                    continue;
                }
                let here = format!("{}:{}", path.file_name().unwrap().to_string_lossy(), text[..at].lines().count());
                match literal_after_first_comma(rest) {
                    Some((key, text)) => found.push((here, key, text)),
                    None => dynamic.push(format!("{here} {name}{}", rest.lines().next().unwrap_or(""))),
                }
            }
        }
    }
    (found, dynamic)
}

const REFUSALS: &[(&str, &str)] = &[
    ("refuse(", "Code::"),
    ("refuse_with(", "Code::"),
    ("Rejection::new(", "Code::"),
    ("Rejection::with(", "Code::"),
    // The host's own codes, named as its enum names them (issue 30: mapped at the door).
    ("Fault::new(", "HostCode::"),
    ("Fault::with(", "HostCode::"),
    ("refusal(", "HostCode::"),
    // The host refusing with one of the engine's codes (issue 30: one vocabulary).
    ("Fault::new(", "nemesis_engine::Code::"),
    ("Fault::with(", "nemesis_engine::Code::"),
];

#[test]
fn every_written_refusal_reason_is_in_the_english_catalogue_word_for_word() {
    let en = english();
    let (found, _) = reasons(REFUSALS);
    assert!(found.len() > 150, "the scan finds the refusals ({} found)", found.len());
    let mut keys: BTreeMap<String, String> = BTreeMap::new();
    for (at, key, text) in &found {
        if let Some(other) = keys.insert(key.clone(), text.clone()) {
            assert_eq!(&other, text, "two reasons share the key {key}: give one a key of its own ({at})");
        }
        assert_eq!(en.get(&format!("refusal.{key}")), Some(text), "refusal.{key} in en.json ({at})");
    }
    let stale: Vec<&String> = en.keys().filter(|k| k.strip_prefix("refusal.").is_some_and(|k| !keys.contains_key(k))).collect();
    assert!(stale.is_empty(), "refusal keys no source writes any more: {stale:?}");
}

#[test]
fn every_result_the_table_may_be_asked_to_enter_is_in_the_english_catalogue() {
    let en = english();
    let (found, dynamic) = reasons(&[(".need(", "Component::")]);
    assert!(dynamic.is_empty(), "need() takes a literal: {dynamic:?}");
    assert!(found.len() >= 10, "the scan finds the physical results ({} found)", found.len());
    for (at, key, what) in &found {
        assert_eq!(en.get(&format!("need.{key}")), Some(what), "need.{key} in en.json ({at})");
    }
}

#[test]
fn the_engine_writes_no_refusal_whose_words_the_catalogue_cannot_hold() {
    // A reason with values goes through `refuse_with` / `Rejection::with` and its template; only
    // the host's faults that carry a system error's own words (storage, a file, a socket) are
    // built at run time, and they show in English.
    let (_, dynamic) = reasons(&REFUSALS[..4]);
    assert!(dynamic.is_empty(), "engine refusals built at run time: {dynamic:?}");
}
