//! The engine's layout, checked: its modules import each other without a circle, and each
//! chapter of the rules calls only the chapters above it in `rules/mod.rs` (issue: "calling
//! downwards, not back and forth"). Read from the sources, so a new import that closes a circle
//! fails here before anyone has to untangle it.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

fn src() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("src")
}

/// Source text without comments, so a module named in a doc comment is not an import.
fn code(path: &Path) -> String {
    std::fs::read_to_string(path)
        .unwrap()
        .lines()
        .map(|l| l.split("//").next().unwrap_or(""))
        .collect::<Vec<_>>()
        .join("\n")
}

/// The names in `text` that follow `prefix` (`crate::` or `super::`), and those inside a
/// `prefix{a, b::c}` group.
fn named_after(text: &str, prefix: &str) -> BTreeSet<String> {
    let mut out = BTreeSet::new();
    for (at, _) in text.match_indices(prefix) {
        let rest = &text[at + prefix.len()..];
        if let Some(group) = rest.strip_prefix('{') {
            let inner = &group[..group.find('}').unwrap_or(group.len())];
            for item in inner.split(',') {
                let name = item.trim().split("::").next().unwrap_or("").trim();
                if !name.is_empty() {
                    out.insert(name.to_string());
                }
            }
        } else {
            let name: String = rest.chars().take_while(|c| c.is_alphanumeric() || *c == '_').collect();
            out.insert(name);
        }
    }
    out
}

/// A circle in `graph`, if there is one, as the path that closes it.
fn circle(graph: &BTreeMap<String, BTreeSet<String>>) -> Option<Vec<String>> {
    fn visit(n: &str, g: &BTreeMap<String, BTreeSet<String>>, path: &mut Vec<String>, done: &mut BTreeSet<String>) -> Option<Vec<String>> {
        if let Some(i) = path.iter().position(|p| p == n) {
            let mut c = path[i..].to_vec();
            c.push(n.to_string());
            return Some(c);
        }
        if done.contains(n) {
            return None;
        }
        path.push(n.to_string());
        for m in g.get(n).into_iter().flatten() {
            if let Some(c) = visit(m, g, path, done) {
                return Some(c);
            }
        }
        path.pop();
        done.insert(n.to_string());
        None
    }
    let mut done = BTreeSet::new();
    graph.keys().find_map(|n| visit(n, graph, &mut Vec::new(), &mut done))
}

/// The engine's top-level modules and which others each one names.
fn module_graph() -> BTreeMap<String, BTreeSet<String>> {
    let mut graph = BTreeMap::new();
    for e in std::fs::read_dir(src()).unwrap().flatten() {
        let p = e.path();
        let name = p.file_stem().unwrap().to_string_lossy().to_string();
        if name == "lib" {
            continue;
        }
        let text = if p.is_dir() {
            std::fs::read_dir(&p).unwrap().flatten().map(|f| code(&f.path())).collect::<Vec<_>>().join("\n")
        } else {
            code(&p)
        };
        // A module may be a file and a folder of its parts (`view.rs` and `view/`): one node.
        let mut uses = named_after(&text, "crate::");
        uses.remove(&name);
        graph.entry(name).or_insert_with(BTreeSet::new).extend(uses);
    }
    let known: BTreeSet<String> = graph.keys().cloned().collect();
    for uses in graph.values_mut() {
        uses.retain(|u| known.contains(u));
    }
    graph
}

#[test]
fn the_engine_modules_import_each_other_without_a_circle() {
    let graph = module_graph();
    assert!(graph.len() >= 15 && graph["rules"].contains("state"), "the scan reads the modules: {graph:?}");
    assert_eq!(circle(&graph), None, "an import circle among the engine's modules");
}

#[test]
fn each_rules_chapter_calls_only_the_chapters_above_it() {
    let dir = src().join("rules");
    let mod_rs = code(&dir.join("mod.rs"));
    let order: Vec<String> = mod_rs.lines().filter_map(|l| l.trim().strip_prefix("mod ")).map(|m| m.trim_end_matches(';').to_string()).collect();
    assert!(order.len() >= 15, "the chapters are listed in rules/mod.rs: {order:?}");
    for (i, chapter) in order.iter().enumerate() {
        let text = code(&dir.join(format!("{chapter}.rs")));
        for called in named_after(&text, "super::") {
            if let Some(j) = order.iter().position(|c| *c == called) {
                assert!(j < i, "rules/{chapter}.rs calls rules/{called}.rs, which comes after it in rules/mod.rs");
            }
        }
    }
}

#[test]
fn no_rules_chapter_outgrows_a_chapter() {
    for e in std::fs::read_dir(src().join("rules")).unwrap().flatten() {
        let lines = std::fs::read_to_string(e.path()).unwrap().lines().count();
        assert!(lines <= 520, "{} has {lines} lines: split it by what a player would name", e.path().display());
    }
}

#[test]
fn the_circle_check_finds_a_circle() {
    // The check itself, on a small graph with a circle and one without.
    let g = |edges: &[(&str, &str)]| {
        let mut m: BTreeMap<String, BTreeSet<String>> = BTreeMap::new();
        for (a, b) in edges {
            m.entry(a.to_string()).or_default().insert(b.to_string());
            m.entry(b.to_string()).or_default();
        }
        m
    };
    assert!(circle(&g(&[("game", "rules"), ("rules", "log"), ("log", "game")])).is_some());
    assert_eq!(circle(&g(&[("game", "rules"), ("rules", "words"), ("log", "words")])), None);
}

#[test]
fn every_id_an_event_names_is_checked_by_the_bounds_walk() {
    // The walk is derived from the events' Serialize: an id type without a `Bounded` impl would
    // pass unchecked. Random games name every kind of id; only IntruderId is meant to be open.
    use crate::common::*;
    use nemesis_engine::bounds::Bounds;
    let c = nemesis_engine::Content::base();
    let mut seen = BTreeSet::new();
    let mut named = 0;
    for seed in 0..8u64 {
        let mut g = started(3, seed);
        let mut p = Pick(seed * 2 + 1);
        for _ in 0..300 {
            let req = random_command(state(&g), &mut p);
            let _ = g.submit(nemesis_engine::Actor::Table, req);
        }
        let events: Vec<nemesis_engine::Event> = g.entries().iter().flat_map(|e| e.events.clone()).collect();
        named += events.len();
        let b = Bounds::from_setup(c, &events[0]).unwrap();
        for e in &events {
            seen.extend(b.unclaimed_ids(e));
        }
    }
    assert!(named > 500, "the games named enough events to see every id ({named})");
    assert!(seen.remove("IntruderId"), "the walk meets intruder ids, which no bound claims");
    assert!(seen.is_empty(), "id types the bounds walk does not check: {seen:?}");
}
