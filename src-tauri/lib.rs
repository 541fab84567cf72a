//! The desktop shell only: builds the window, forwards the one IPC command to the host's single
//! writer, and streams each new table screen to the window. No game logic lives here.

use nemesis_engine::Actor;
use nemesis_host::store::Store;
use nemesis_host::table::ScreenWatch;
use nemesis_host::{Call, Fault, HostCode, Reply, Shared, Table};
use std::sync::Mutex;
use tauri::ipc::{Channel, InvokeResponseBody};

/// Set when NEMESIS_TABLE_TRACE is: the first call from the window is reported on stderr, the
/// start-up benchmark's first moment (the page's code is loaded and asks for the box's contents;
/// nothing is drawn yet).
static TRACE_FIRST_CALL: std::sync::Once = std::sync::Once::new();
/// Its second moment, the first screen painted (see `shown`).
static TRACE_SHOWN: std::sync::Once = std::sync::Once::new();
/// The kept first frame painted, before the table's code mounted (see `first_frame`).
static TRACE_FRAME: std::sync::Once = std::sync::Once::new();

/// The page says its first screen is painted (once, after the first frame that shows it), or,
/// with `frame`, that the kept first frame is. Only reported, under NEMESIS_TABLE_TRACE.
#[tauri::command]
fn shown(frame: Option<bool>) {
    if std::env::var_os("NEMESIS_TABLE_TRACE").is_some() {
        if frame == Some(true) {
            TRACE_FRAME.call_once(|| eprintln!("trace: first frame painted"));
        } else {
            TRACE_SHOWN.call_once(|| eprintln!("trace: first screen shown"));
        }
    }
}

/// The data folder, where the window keeps its first frame beside the saves.
struct DataDir(std::path::PathBuf);

/// The page's drawing of the table at a game's revision, kept for the next start that resumes
/// it there (`nemesis_host::first_frame`).
#[tauri::command]
fn keep_frame(dir: tauri::State<'_, DataDir>, game: i64, revision: u32, html: String) -> Result<(), String> {
    nemesis_host::first_frame::keep(&dir.0, game, revision, html)
}

/// The window's pages, carried once in the binary (issue 35, item 3): Tauri embeds only
/// index.html (`frontendDist` names that one file), with the Content-Security-Policy it works out
/// for it at build time; every other file comes from the host's embedded copy, the one the phone
/// server and the serve door send.
/// A resumed game's kept first frame goes into index.html (`nemesis_host::first_frame`).
struct Pages<R: tauri::Runtime> {
    shell: Box<dyn tauri::Assets<R>>,
    frame: Option<String>,
}

impl<R: tauri::Runtime> tauri::Assets<R> for Pages<R> {
    fn get(&self, key: &tauri::utils::assets::AssetKey) -> Option<std::borrow::Cow<'_, [u8]>> {
        let page = self.shell.get(key).or_else(|| nemesis_host::assets::find(key.as_ref()).map(|(bytes, _)| bytes))?;
        match &self.frame {
            Some(frame) if key.as_ref().trim_start_matches('/') == "index.html" => {
                Some(nemesis_host::first_frame::into_page(&page, frame).map_or(page, std::borrow::Cow::Owned))
            }
            _ => Some(page),
        }
    }

    fn iter(&self) -> Box<tauri::utils::assets::AssetsIter<'_>> {
        self.shell.iter()
    }

    fn csp_hashes(&self, html_path: &tauri::utils::assets::AssetKey) -> Box<dyn Iterator<Item = tauri::utils::assets::CspHash<'_>> + '_> {
        self.shell.csp_hashes(html_path)
    }
}

/// Holds the place of Tauri's own pages for the moment they move into `Pages`.
struct NoPages;

impl<R: tauri::Runtime> tauri::Assets<R> for NoPages {
    fn get(&self, _: &tauri::utils::assets::AssetKey) -> Option<std::borrow::Cow<'_, [u8]>> {
        None
    }

    fn iter(&self) -> Box<tauri::utils::assets::AssetsIter<'_>> {
        Box::new(std::iter::empty())
    }

    fn csp_hashes(&self, _: &tauri::utils::assets::AssetKey) -> Box<dyn Iterator<Item = tauri::utils::assets::CspHash<'_>> + '_> {
        Box::new(std::iter::empty())
    }
}

fn window_context(frame: Option<String>) -> tauri::Context {
    let mut context = tauri::generate_context!();
    let shell = context.set_assets(Box::new(NoPages));
    context.set_assets(Box::new(Pages { shell, frame }));
    context
}

/// What the window talks to: the table, or, when the save file could not be opened (damaged, or
/// written by a newer version of the app), that refusal. A menu-started app has no terminal to
/// print to, so the window opens anyway and its home screen explains; nothing touches the file.
enum Host {
    Table(Shared),
    Refused(Fault),
}

/// Every call from the window: one line, the host does the rest (commit, then push).
#[tauri::command]
async fn call(host: tauri::State<'_, Host>, screens: tauri::State<'_, Screens>, call: serde_json::Value, streamed: Option<bool>) -> Result<Reply, String> {
    if std::env::var_os("NEMESIS_TABLE_TRACE").is_some() {
        TRACE_FIRST_CALL.call_once(|| eprintln!("trace: first call from the window"));
    }
    // Read here rather than by Tauri, so an unreadable call gets the same `bad_call` reply as on
    // the other doors instead of a rejected promise.
    let call: Call = match serde_json::from_value(call) {
        Ok(c) => c,
        Err(e) => return Ok(Reply::Refused { fault: Fault::new(HostCode::BadCall, format!("That request could not be read ({e}).")) }),
    };
    let table = match host.inner() {
        Host::Table(table) => table.clone(),
        Host::Refused(fault) => {
            return Ok(match call {
                Call::Content { pack } => nemesis_host::protocol::content_reply(pack),
                _ => Reply::Refused { fault: fault.clone() },
            })
        }
    };
    // While the page streams screens (`watch`), an accepted call's screen reaches it once, through
    // the stream; the reply only names its revision (a 45 KB screen late in a game, not sent twice).
    let streamed = streamed == Some(true)
        && screens.stream.lock().unwrap_or_else(|e| e.into_inner()).as_ref().is_some_and(|t| !t.inner().is_finished());
    let asked_screen = matches!(call, Call::Screen);
    // A message to the table's writer; this task waits without holding a thread.
    let reply = table.ask(move |t| t.call(Actor::Table, call)).await.ok_or_else(|| "The table stopped while answering.".to_string())?;
    Ok(if streamed { nemesis_host::protocol::streamed(asked_screen, reply) } else { reply })
}

/// The newest table screen, and the task streaming it to the page (one page per window; a reload
/// replaces it).
struct Screens {
    /// None when the save file was refused: there is no table to stream.
    latest: Option<ScreenWatch>,
    stream: Mutex<Option<tauri::async_runtime::JoinHandle<()>>>,
}

/// The page asks for every new table screen through a channel rather than an event: Tauri
/// evaluates an event as a script with the whole screen written into its source, while a channel
/// lets the page fetch a large screen over the IPC protocol and parse it as JSON. Over 500
/// commands the web process grew by 126 MB this way against 167 MB with events (both with
/// compositing on; docs/benchmarks.md).
#[tauri::command]
fn watch(screens: tauri::State<'_, Screens>, to: Channel<InvokeResponseBody>) {
    let Some(mut latest) = screens.latest.clone() else { return };
    // The current screen first, then every change: a call answered with only a revision can
    // count on that revision reaching the page.
    let task = tauri::async_runtime::spawn(async move {
        loop {
            let screen = latest.borrow_and_update().clone();
            let Ok(json) = serde_json::to_string(&*screen) else { break };
            if to.send(InvokeResponseBody::Json(json)).is_err() || latest.changed().await.is_err() {
                break;
            }
        }
    });
    if let Some(old) = screens.stream.lock().unwrap_or_else(|e| e.into_inner()).replace(task) {
        old.abort();
    }
}

/// Writes an exported game into the Downloads folder (a web view cannot download a file
/// itself) and says where it went.
#[tauri::command]
fn save_export(file_name: String, file: String) -> Result<String, String> {
    let name: String = file_name.chars().filter(|c| c.is_alphanumeric() || matches!(c, '-' | '_' | '.')).collect();
    // A saved game (JSON), a debrief report (HTML) or a play record (JSON, CSV): nothing else.
    let known = [".json", ".html", ".csv"].iter().any(|ext| name.ends_with(ext) && name.len() > ext.len());
    let name = if known { name } else { "nemesis-game.json".to_string() };
    let dir = dirs::download_dir().or_else(dirs::home_dir).ok_or("No folder to save into was found.")?;
    // Owner-only, never over an existing file or through a link: a taken name gets a number.
    let path = nemesis_host::export::save_new(&dir, &name, &file)?;
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
/// `--resume` opens the most recently played unfinished game straight away. A save file that
/// cannot be opened is said on stderr and on the window's home screen, and the exit code is 1.
pub fn run(args: Vec<String>) -> i32 {
    // WebKitGTK's accelerated compositing keeps layer backing stores for the whole page. On this
    // flat, mostly static screen, turning it off took the app with a game open from 332 to 235 MB,
    // its growth over 500 commands from 126 to 61 MB, and a click from 37 to 14 ms (median), with
    // no visible change (docs/benchmarks.md). Set before GTK starts, while this is the only
    // thread; a value already in the environment wins (`0` turns compositing back on).
    if cfg!(target_os = "linux") && std::env::var_os("WEBKIT_DISABLE_COMPOSITING_MODE").is_none() {
        std::env::set_var("WEBKIT_DISABLE_COMPOSITING_MODE", "1");
    }
    // The web process's growth over a game was JavaScriptCore's: each step's screen and re-render
    // survive the young-generation collection they meet and pile up in the old generation until a
    // full one (its log: 8 to 10 MB live, 20 to 50 MB held), and its optimizing compiler's code and
    // data for the page's hot functions. With every collection a full one and no optimizing tier
    // (the baseline tiers still compile), the app after 500 commands holds 1.11–1.12× the game
    // freshly opened instead of 1.20–1.27×. The optimizing tier alone back on (1.18×) saves a click
    // only 2–3 ms on a quiet machine (docs/benchmarks.md). The web process inherits both from
    // here; a value in the environment wins.
    for (option, value) in [("JSC_useGenerationalGC", "0"), ("JSC_useDFGJIT", "0")] {
        if std::env::var_os(option).is_none() {
            std::env::set_var(option, value);
        }
    }
    let data = match args.iter().position(|a| a == "--data") {
        Some(i) => args.get(i + 1).map(std::path::PathBuf::from),
        None => std::env::var_os("NEMESIS_TABLE_DATA").map(std::path::PathBuf::from),
    }
    .unwrap_or_else(nemesis_host::default_data_dir);
    // Each phone connection is an open file; the caps bound them, this gives the bound room.
    nemesis_host::http::raise_open_files();
    let opening = std::time::Instant::now();
    let (host, latest) = match Store::open_dir(&data) {
        Ok(store) => {
            let mut table = Table::new(store);
            // The window and benchmark tests play the same game on every run (issue 34, item 10).
            if let Some(seed) = std::env::var("NEMESIS_TEST_SEED").ok().and_then(|v| v.parse::<u64>().ok()) {
                table.seed_games(seed);
            }
            if args.iter().any(|a| a == "--resume") {
                let latest = table.store().list().ok().and_then(|saves| saves.into_iter().find(|s| !s.finished));
                if let Some(save) = latest {
                    if let Reply::Refused { fault } = table.call(Actor::Table, Call::Open { game: save.id }) {
                        eprintln!("could not resume \"{}\": {}", save.title, fault.reason);
                    }
                }
            }
            // The supervisor serves phones on Tauri's runtime (entered here to hand it over).
            let table = tauri::async_runtime::block_on(async move { Shared::new(table) });
            let latest = table.screens();
            (Host::Table(table), Some(latest))
        }
        Err(f) => {
            eprintln!("{}", f.reason);
            (Host::Refused(f), None)
        }
    };
    if std::env::var_os("NEMESIS_TABLE_TRACE").is_some() {
        eprintln!("trace: saves opened and the game resumed in {} µs", opening.elapsed().as_micros());
    }
    let refused = matches!(host, Host::Refused(_));
    // The resumed game's table as the page last drew it at this very revision, if it was kept.
    let frame = latest.as_ref().and_then(|watch| {
        let screen = watch.borrow();
        screen.game.as_ref().and_then(|game| nemesis_host::first_frame::of(&data, game.id, game.revision))
    });
    let result = tauri::Builder::default()
        .manage(host)
        .manage(Screens { latest, stream: Mutex::new(None) })
        .manage(DataDir(data))
        .invoke_handler(tauri::generate_handler![call, watch, save_export, shown, keep_frame])
        .run(window_context(frame));
    match result {
        // A refused save file still ends in failure, for whoever started the app from a script.
        Ok(()) => i32::from(refused),
        Err(e) => {
            eprintln!("the window could not run: {e}");
            1
        }
    }
}
