//! The desktop shell only: builds the window, forwards the one IPC command to the host's single
//! writer, and emits each new table screen to the window. No game logic lives here.

use nemesis_engine::Actor;
use nemesis_host::store::Store;
use nemesis_host::{Call, Fault, FaultCode, Reply, Shared, Table};
use tauri::Emitter;

/// Set when NEMESIS_TABLE_TRACE is: the first call from the window is reported on stderr, which
/// is how the start-up benchmark knows the table screen is up and answering.
static TRACE_FIRST_CALL: std::sync::Once = std::sync::Once::new();

/// Every call from the window: one line, the host does the rest (commit, then push).
#[tauri::command]
async fn call(table: tauri::State<'_, Shared>, call: serde_json::Value) -> Result<Reply, String> {
    if std::env::var_os("NEMESIS_TABLE_TRACE").is_some() {
        TRACE_FIRST_CALL.call_once(|| eprintln!("trace: first call from the window"));
    }
    // Read here rather than by Tauri, so an unreadable call gets the same `bad_call` reply as on
    // the other doors instead of a rejected promise.
    let call: Call = match serde_json::from_value(call) {
        Ok(c) => c,
        Err(e) => return Ok(Reply::Refused { fault: Fault::new(FaultCode::BadCall, format!("That request could not be read ({e}).")) }),
    };
    let table = table.inner().clone();
    tauri::async_runtime::spawn_blocking(move || nemesis_host::table::lock(&table).call(Actor::Table, call))
        .await
        .map_err(|e| e.to_string())
}

/// Writes an exported game into the Downloads folder (a web view cannot download a file
/// itself) and says where it went.
#[tauri::command]
fn save_export(file_name: String, file: String) -> Result<String, String> {
    let name: String = file_name.chars().filter(|c| c.is_alphanumeric() || matches!(c, '-' | '_' | '.')).collect();
    let name = if name.ends_with(".json") && name.len() > 5 { name } else { "nemesis-game.json".to_string() };
    let dir = dirs::download_dir().or_else(dirs::home_dir).ok_or("No folder to save into was found.")?;
    let path = dir.join(name);
    std::fs::write(&path, file).map_err(|e| format!("The file could not be written: {e}."))?;
    Ok(path.display().to_string())
}

/// Whether a window can be opened here (Linux needs an X11 or Wayland display).
pub fn has_display() -> bool {
    if cfg!(target_os = "linux") {
        std::env::var_os("DISPLAY").is_some_and(|d| !d.is_empty()) || std::env::var_os("WAYLAND_DISPLAY").is_some_and(|d| !d.is_empty())
    } else {
        true
    }
}

/// Opens the window; `--data DIR` (or NEMESIS_TABLE_DATA) chooses where saves live, and
/// `--resume` opens the most recently played unfinished game straight away.
pub fn run(args: Vec<String>) -> i32 {
    let data = match args.iter().position(|a| a == "--data") {
        Some(i) => args.get(i + 1).map(std::path::PathBuf::from),
        None => std::env::var_os("NEMESIS_TABLE_DATA").map(std::path::PathBuf::from),
    }
    .unwrap_or_else(nemesis_host::default_data_dir);
    let store = match Store::open_dir(&data) {
        Ok(s) => s,
        Err(f) => {
            eprintln!("{}", f.reason);
            return 1;
        }
    };
    let mut table = Table::new(store);
    if args.iter().any(|a| a == "--resume") {
        let latest = table.store().list().ok().and_then(|saves| saves.into_iter().find(|s| !s.finished));
        if let Some(save) = latest {
            if let Reply::Refused { fault } = table.call(Actor::Table, Call::Open { game: save.id }) {
                eprintln!("could not resume \"{}\": {}", save.title, fault.reason);
            }
        }
    }
    let table = table.shared();
    let screens = nemesis_host::table::lock(&table).subscribe();
    let result = tauri::Builder::default()
        .manage(table)
        .invoke_handler(tauri::generate_handler![call, save_export])
        .setup(move |app| {
            let handle = app.handle().clone();
            let mut screens = screens;
            tauri::async_runtime::spawn(async move {
                while screens.changed().await.is_ok() {
                    let screen = screens.borrow_and_update().clone();
                    let _ = handle.emit("screen", &*screen);
                }
            });
            Ok(())
        })
        .run(tauri::generate_context!());
    match result {
        Ok(()) => 0,
        Err(e) => {
            eprintln!("the window could not run: {e}");
            1
        }
    }
}
