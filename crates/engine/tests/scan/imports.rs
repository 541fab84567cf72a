//! Reading a crate's imports from its sources, for the layout tests of the engine and the host
//! (the host's test includes this file by path): comments dropped, the names after `crate::` or
//! `super::`, and a circle in the graph they make. One reader, so both crates are held to the same check.

use std::collections::{BTreeMap, BTreeSet};
use std::path::Path;

/// Source text without comments, so a module named in a doc comment is not an import.
pub fn code(path: &Path) -> String {
    std::fs::read_to_string(path).unwrap().lines().map(|l| l.split("//").next().unwrap_or("")).collect::<Vec<_>>().join("\n")
}

/// The names in `text` that follow `prefix` (`crate::` or `super::`), and those inside a
/// `prefix{a, b::c}` group.
pub fn named_after(text: &str, prefix: &str) -> BTreeSet<String> {
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
            out.insert(rest.chars().take_while(|c| c.is_alphanumeric() || *c == '_').collect());
        }
    }
    out
}

/// A circle in `graph`, if there is one, as the path that closes it.
pub fn circle(graph: &BTreeMap<String, BTreeSet<String>>) -> Option<Vec<String>> {
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

/// A graph from its edges, every node named (for the checks' own tests).
pub fn graph_of(edges: &[(&str, &str)]) -> BTreeMap<String, BTreeSet<String>> {
    let mut m: BTreeMap<String, BTreeSet<String>> = BTreeMap::new();
    for (a, b) in edges {
        m.entry(a.to_string()).or_default().insert(b.to_string());
        m.entry(b.to_string()).or_default();
    }
    m
}
