//! The engine's layout, checked: its modules import each other without a circle, and each
//! chapter of the rules calls only the chapters above it in `rules/mod.rs`, never the dispatcher
//! in `rules/mod.rs` itself (issues: "calling downwards, not back and forth"; 30, "no circles"), and no file
//! outside the tests outgrows 500 lines. Read from the sources, so a new import that closes a circle
//! fails here before anyone has to untangle it.

#[path = "../scan/imports.rs"]
mod imports;
#[path = "../scan/size.rs"]
mod size;

use imports::{circle, code, graph_of, named_after};
use std::collections::{BTreeMap, BTreeSet};
use std::path::PathBuf;

fn src() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("src")
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

/// The chapters of the rules, in their order in `rules/mod.rs` (lowest first).
fn chapter_order() -> Vec<String> {
    let mod_rs = code(&src().join("rules").join("mod.rs"));
    mod_rs.lines().filter_map(|l| l.trim().strip_prefix("mod ")).map(|m| m.trim_end_matches(';').to_string()).collect()
}

/// The dispatcher's node in the chapters' graph: `rules/mod.rs`, which imports every chapter.
const DISPATCHER: &str = "mod";

/// Which chapters (and whether the dispatcher) each chapter names. `super::x` names chapter `x`;
/// anything else reached through `super::` or `crate::rules::` is declared in `rules/mod.rs`, so
/// naming it imports the dispatcher. The dispatcher names every chapter.
fn chapter_graph(order: &[String]) -> BTreeMap<String, BTreeSet<String>> {
    let dir = src().join("rules");
    let mut graph = BTreeMap::new();
    for chapter in order {
        let text = code(&dir.join(format!("{chapter}.rs")));
        let named = named_after(&text, "super::").into_iter().chain(named_after(&text, "crate::rules::"));
        let uses = named.map(|n| if order.contains(&n) { n } else { DISPATCHER.to_string() }).filter(|n| n != chapter).collect();
        graph.insert(chapter.clone(), uses);
    }
    graph.insert(DISPATCHER.to_string(), order.iter().cloned().collect());
    graph
}

/// What breaks the layering of the rules: a chapter that imports the dispatcher (a circle through
/// `rules/mod.rs`) or a chapter at or below itself in `order`, and any circle left.
fn layering_faults(order: &[String], graph: &BTreeMap<String, BTreeSet<String>>) -> Vec<String> {
    let mut faults = Vec::new();
    for (i, chapter) in order.iter().enumerate() {
        for called in graph.get(chapter).into_iter().flatten() {
            match order.iter().position(|c| c == called) {
                None => faults.push(format!("rules/{chapter}.rs imports rules/mod.rs, the dispatcher that imports every chapter: a circle")),
                Some(j) if j >= i => faults.push(format!("rules/{chapter}.rs calls rules/{called}.rs, which comes after it in rules/mod.rs")),
                Some(_) => {}
            }
        }
    }
    if let Some(c) = circle(graph) {
        faults.push(format!("a circle among the rules' chapters: {}", c.join(" -> ")));
    }
    faults
}

#[test]
fn each_rules_chapter_calls_only_the_chapters_above_it_and_never_the_dispatcher() {
    let order = chapter_order();
    assert!(order.len() >= 15, "the chapters are listed in rules/mod.rs: {order:?}");
    let graph = chapter_graph(&order);
    assert!(graph["rooms"].contains("combat") && graph["combat"].contains("ctx"), "the scan reads the chapters' imports: {graph:?}");
    assert_eq!(layering_faults(&order, &graph), Vec::<String>::new());
}

#[test]
fn the_layering_check_finds_a_chapter_importing_the_dispatcher_or_one_below() {
    // The check itself, on made-up chapters: `ctx` lowest, then `wounds`, then `combat`.
    let order: Vec<String> = ["ctx", "wounds", "combat"].map(String::from).to_vec();
    let graph = |edges: &[(&str, &str)]| {
        let mut m: BTreeMap<String, BTreeSet<String>> = order.iter().map(|c| (c.clone(), BTreeSet::new())).collect();
        m.insert(DISPATCHER.to_string(), order.iter().cloned().collect());
        for (a, b) in edges {
            m.entry(a.to_string()).or_default().insert(b.to_string());
        }
        m
    };
    assert_eq!(layering_faults(&order, &graph(&[("wounds", "ctx"), ("combat", "wounds"), ("combat", "ctx")])), Vec::<String>::new());
    // `ctx` naming `super::Applied` declared in rules/mod.rs: the circle of issue 30.
    let through_dispatcher = layering_faults(&order, &graph(&[("ctx", DISPATCHER), ("combat", "ctx")]));
    assert!(through_dispatcher.iter().any(|f| f.contains("rules/ctx.rs imports rules/mod.rs")), "{through_dispatcher:?}");
    assert!(through_dispatcher.iter().any(|f| f.starts_with("a circle")), "{through_dispatcher:?}");
    let upwards = layering_faults(&order, &graph(&[("wounds", "combat")]));
    assert!(upwards.iter().any(|f| f.contains("rules/wounds.rs calls rules/combat.rs")), "{upwards:?}");
}

#[test]
fn no_engine_file_outside_the_tests_outgrows_500_lines() {
    let root = PathBuf::from(env!("CARGO_MANIFEST_DIR"));
    let files = size::sources(&root);
    // The scan reaches every folder: the rules' chapters, a module's parts, the benches and examples.
    for part in ["src/rules/combat.rs", "src/log/hands.rs", "benches/engine.rs", "examples/fairness.rs"] {
        assert!(files.contains(&root.join(part)), "the scan reads {part}: {files:?}");
    }
    assert!(!files.iter().any(|f| f.starts_with(root.join("tests"))), "the tests are not held to it");
    let faults = size::too_long_files(&root);
    assert!(faults.is_empty(), "{faults:#?}");
}

#[test]
fn the_size_check_finds_a_file_over_500_lines() {
    let at = std::path::Path::new("src/long.rs");
    assert_eq!(size::too_long(at, &"x\n".repeat(500)), None);
    assert!(size::too_long(at, &"x\n".repeat(501)).is_some_and(|f| f.contains("src/long.rs has 501 lines")));
}

#[test]
fn the_circle_check_finds_a_circle() {
    // The check itself, on a small graph with a circle and one without.
    assert!(circle(&graph_of(&[("game", "rules"), ("rules", "log"), ("log", "game")])).is_some());
    assert_eq!(circle(&graph_of(&[("game", "rules"), ("rules", "words"), ("log", "words")])), None);
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
