//! The host's layout, checked from its sources (issue 30): its modules import each other without
//! a circle (the table once started the phone server, which reached back into the table), the
//! single writer imports no door, and no file outside the tests outgrows 500 lines.

#[path = "../../../engine/tests/scan/imports.rs"]
mod imports;
#[path = "../../../engine/tests/scan/size.rs"]
mod size;

use imports::{circle, code, graph_of, named_after};
use std::collections::{BTreeMap, BTreeSet};
use std::path::PathBuf;

fn src() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("src")
}

/// What `lib.rs` re-exports at the crate's root, by the module it comes from: `crate::Shared`
/// is the supervisor's, and an import of it is an import of `supervisor`.
fn reexports(lib: &str) -> BTreeMap<String, String> {
    let mut out = BTreeMap::new();
    for line in lib.lines() {
        let Some(rest) = line.trim().strip_prefix("pub use ") else { continue };
        let module = rest.split("::").next().unwrap_or("").to_string();
        let names = rest[module.len()..].trim_start_matches("::").trim_end_matches(';');
        for name in names.trim_matches(|c| c == '{' || c == '}').split(',') {
            out.insert(name.trim().to_string(), module.clone());
        }
    }
    out
}

/// The host's modules and which others each one names.
fn module_graph() -> BTreeMap<String, BTreeSet<String>> {
    let roots = reexports(&code(&src().join("lib.rs")));
    let mut graph = BTreeMap::new();
    for e in std::fs::read_dir(src()).unwrap().flatten() {
        let p = e.path();
        let name = p.file_stem().unwrap().to_string_lossy().to_string();
        if name == "lib" || p.extension().is_none_or(|x| x != "rs") {
            continue;
        }
        // A module's parts in its folder (`table/pairing.rs`) are the module: one node.
        let mut text = code(&p);
        if let Ok(parts) = std::fs::read_dir(src().join(&name)) {
            for part in parts.flatten() {
                text.push('\n');
                text.push_str(&code(&part.path()));
            }
        }
        let uses: BTreeSet<String> = named_after(&text, "crate::").into_iter().map(|u| roots.get(&u).cloned().unwrap_or(u)).filter(|u| *u != name).collect();
        graph.insert(name, uses);
    }
    let known: BTreeSet<String> = graph.keys().cloned().collect();
    for uses in graph.values_mut() {
        uses.retain(|u| known.contains(u));
    }
    graph
}

#[test]
fn the_host_modules_import_each_other_without_a_circle() {
    let graph = module_graph();
    assert!(graph.len() >= 15 && graph["lan"].contains("writer") && graph["serve"].contains("writer"), "the scan reads the modules and the root's re-exports: {graph:?}");
    assert_eq!(circle(&graph), None, "an import circle among the host's modules");
}

#[test]
fn the_single_writer_imports_no_door_and_no_supervisor() {
    let graph = module_graph();
    // (It may name `http::Gauge`: the phone server's connection count, which it reports.)
    for door in ["lan", "serve", "script", "supervisor", "writer", "cli"] {
        assert!(!graph["table"].contains(door), "table.rs imports {door}: the writer knows no server, no runtime and no door");
    }
    // Nor does it start a runtime or a thread of its own.
    let mut table = code(&src().join("table.rs"));
    for part in std::fs::read_dir(src().join("table")).unwrap().flatten() {
        table.push_str(&code(&part.path()));
    }
    for started in ["tokio::runtime", "std::thread", "spawn"] {
        assert!(!table.contains(started), "table.rs names {started}: the supervisor owns threads and runtimes");
    }
}

#[test]
fn no_host_file_outside_the_tests_outgrows_500_lines() {
    let root = PathBuf::from(env!("CARGO_MANIFEST_DIR"));
    let files = size::sources(&root);
    // The scan reaches every folder: a module's parts, the binary, the benches and the build script.
    for part in ["src/table/pairing.rs", "src/bin/nemesis-host.rs", "benches/commit.rs", "build.rs"] {
        assert!(files.contains(&root.join(part)), "the scan reads {part}: {files:?}");
    }
    assert!(files.len() >= 25 && !files.iter().any(|f| f.starts_with(root.join("tests"))), "the tests are not held to it: {files:?}");
    let faults = size::too_long_files(&root);
    assert!(faults.is_empty(), "{faults:#?}");
}

#[test]
fn the_circle_check_finds_a_circle() {
    // The check itself: the circle the host had (the table starting the phone server, which
    // reached back into the table), and the same modules in layers.
    let g = graph_of;
    assert_eq!(circle(&g(&[("table", "lan"), ("lan", "phones"), ("lan", "table")])), Some(vec!["lan".into(), "table".into(), "lan".into()]));
    assert_eq!(circle(&g(&[("supervisor", "writer"), ("supervisor", "lan"), ("lan", "writer"), ("writer", "table"), ("table", "phones")])), None);
    // And the scan itself: a re-exported name counts as its module.
    let roots = reexports("pub use supervisor::Shared;\npub use protocol::{Call, Reply};");
    assert_eq!((roots["Shared"].as_str(), roots["Reply"].as_str()), ("supervisor", "protocol"));
    assert_eq!(named_after("use crate::{lan, table::Table};\nlet x = crate::reach::addresses();", "crate::"), ["lan", "reach", "table"].map(String::from).into());
}
