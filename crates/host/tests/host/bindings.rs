//! The TypeScript types in `ui/src/bindings/` are generated from the Rust protocol. This test
//! regenerates them into a scratch folder and fails when the committed copies differ; run it with
//! `UPDATE_BINDINGS=1` to write them.

use nemesis_host::protocol::{Call, PhoneCall, PhoneReply, Reply};
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use ts_rs::TS;

fn read_dir(dir: &Path) -> BTreeMap<String, String> {
    let mut out = BTreeMap::new();
    if let Ok(read) = std::fs::read_dir(dir) {
        for e in read.flatten() {
            let p = e.path();
            if p.extension().is_some_and(|x| x == "ts") {
                out.insert(p.file_name().unwrap().to_string_lossy().into_owned(), std::fs::read_to_string(&p).unwrap());
            }
        }
    }
    out
}

#[test]
fn typescript_bindings_match_the_rust_protocol() {
    let scratch = tempfile::tempdir().unwrap();
    let cfg = ts_rs::Config::new().with_out_dir(scratch.path());
    Call::export_all(&cfg).unwrap();
    Reply::export_all(&cfg).unwrap();
    PhoneCall::export_all(&cfg).unwrap();
    PhoneReply::export_all(&cfg).unwrap();
    nemesis_host::displays::DisplayCall::export_all(&cfg).unwrap();
    nemesis_host::displays::DisplayReply::export_all(&cfg).unwrap();
    nemesis_host::displays::DisplayScreen::export_all(&cfg).unwrap();
    nemesis_engine::catalogue::Catalogue::export_all(&cfg).unwrap();
    std::fs::write(scratch.path().join("commandCatalogue.ts"), nemesis_host::protocol::catalogue_module()).unwrap();
    let fresh = read_dir(scratch.path());
    assert!(fresh.contains_key("Call.ts") && fresh.contains_key("PublicView.ts"), "export wrote {:?}", fresh.keys());
    let committed_dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../ui/src/bindings");
    if std::env::var_os("UPDATE_BINDINGS").is_some() {
        let _ = std::fs::remove_dir_all(&committed_dir);
        std::fs::create_dir_all(&committed_dir).unwrap();
        for (name, text) in &fresh {
            std::fs::write(committed_dir.join(name), text).unwrap();
        }
    }
    let committed = read_dir(&committed_dir);
    let stale: Vec<&String> = fresh.keys().filter(|k| committed.get(*k) != fresh.get(*k)).collect();
    let extra: Vec<&String> = committed.keys().filter(|k| !fresh.contains_key(*k)).collect();
    assert!(
        stale.is_empty() && extra.is_empty(),
        "ui/src/bindings is stale (changed: {stale:?}, no longer generated: {extra:?}); run UPDATE_BINDINGS=1 cargo test -p nemesis-host --test host bindings"
    );
}
