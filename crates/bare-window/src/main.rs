//! A bare Tauri window with one IPC command: the floor for the app's start-up and memory
//! benchmarks (scripts/bench-app.mjs builds and measures both in the same run).

static FIRST_CALL: std::sync::Once = std::sync::Once::new();

/// Reports the page's first call on stderr, as the app does under NEMESIS_TABLE_TRACE.
#[tauri::command]
fn ready() {
    FIRST_CALL.call_once(|| eprintln!("trace: first call from the window"));
}

static SHOWN: std::sync::Once = std::sync::Once::new();

/// Reports the page's first painted frame, as the app reports its first screen shown.
#[tauri::command]
fn shown() {
    SHOWN.call_once(|| eprintln!("trace: first screen shown"));
}

fn main() {
    if let Err(e) = tauri::Builder::default().invoke_handler(tauri::generate_handler![ready, shown]).run(tauri::generate_context!()) {
        eprintln!("the bare window could not run: {e}");
        std::process::exit(1);
    }
}
