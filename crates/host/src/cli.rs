//! The command line shared by the headless binary and the desktop app:
//! `serve [--port N] [--data DIR] [--seed N]`, `script [--data DIR] [--seed N]` and `backup FILE [--data DIR]`.

use crate::serve::{self, Door};
use crate::store::Store;
use crate::Table;
use std::path::PathBuf;

pub const USAGE: &str = "usage:
  serve [--port N] [--data DIR]   the table screen in a browser on this machine (prints its address)
  script [--data DIR]             JSON calls on stdin, one reply per line on stdout
  backup FILE [--data DIR]        every saved game, copied into one new file (also while the app runs)
The saves live in DIR (default: the platform's data folder, nemesis-table).
--seed N (serve, script) makes every new game draw the same way from the number N (tests, bug reports).";

pub struct Options {
    pub port: u16,
    pub data: PathBuf,
    pub seed: Option<u64>,
}

/// Reads `--port` and `--data`; `Err` holds what to tell the user.
pub fn options(args: &[String]) -> Result<Options, String> {
    let mut o = Options { port: 7420, data: crate::default_data_dir(), seed: None };
    let mut it = args.iter();
    while let Some(a) = it.next() {
        match a.as_str() {
            "--port" => o.port = it.next().and_then(|p| p.parse().ok()).ok_or("--port needs a number from 0 to 65535")?,
            "--data" => o.data = PathBuf::from(it.next().ok_or("--data needs a folder")?),
            "--seed" => o.seed = Some(it.next().and_then(|n| n.parse().ok()).ok_or("--seed needs a whole number from 0 to 18446744073709551615")?),
            other => return Err(format!("unknown option {other}")),
        }
    }
    Ok(o)
}

/// The options after the mode, or a usage error said on stderr and its exit code.
fn options_or_usage(args: &[String]) -> Result<Options, i32> {
    options(args).map_err(|e| {
        eprintln!("{e}\n{USAGE}");
        2
    })
}

/// `backup FILE [--data DIR]`: a consistent copy of the save file, taken without writing to it.
fn backup(args: &[String]) -> i32 {
    let Some(to) = args.first().filter(|a| !a.starts_with("--")) else {
        eprintln!("backup needs the name of a new file\n{USAGE}");
        return 2;
    };
    let opts = match options_or_usage(&args[1..]) {
        Ok(o) => o,
        Err(code) => return code,
    };
    match crate::store::backup(&opts.data.join("games.sqlite3"), std::path::Path::new(to)) {
        Ok(()) => {
            println!("Every saved game was copied into {to}.");
            0
        }
        Err(f) => {
            eprintln!("{}", f.reason);
            1
        }
    }
}

pub fn main(args: Vec<String>) -> i32 {
    let Some(mode) = args.first() else {
        eprintln!("{USAGE}");
        return 2;
    };
    match mode.as_str() {
        "serve" | "script" => {}
        "backup" => return backup(&args[1..]),
        "--help" | "-h" | "help" => {
            println!("{USAGE}");
            return 0;
        }
        other => {
            eprintln!("unknown mode {other}\n{USAGE}");
            return 2;
        }
    }
    let opts = match options_or_usage(&args[1..]) {
        Ok(o) => o,
        Err(code) => return code,
    };
    crate::http::raise_open_files();
    let store = match Store::open_dir(&opts.data) {
        Ok(s) => s,
        Err(f) => {
            eprintln!("{}", f.reason);
            return 1;
        }
    };
    let mut table = Table::new(store);
    // Browser and process tests play the same game on every run (issue 34, item 10). Said out
    // loud: a table started this way deals what anyone with the number can work out.
    // `--seed N`, or NEMESIS_TEST_SEED for the tests that start a host through scripts.
    let seed = opts.seed.or_else(|| std::env::var("NEMESIS_TEST_SEED").ok().and_then(|v| v.parse::<u64>().ok()));
    if let Some(seed) = seed {
        eprintln!("note: every game's draws follow seed {seed} (for tests and bug reports only; never play a real game like this)");
        table.seed_games(seed);
    }
    match mode.as_str() {
        "script" => {
            // No runtime: phones stay off; the writer settles the save while idle.
            let table = crate::Shared::new(table);
            let stdin = std::io::stdin();
            match crate::script::run_shared(&table, stdin.lock(), std::io::stdout().lock()) {
                Ok(()) => 0,
                Err(e) => {
                    eprintln!("{e}");
                    1
                }
            }
        }
        "serve" => {
            let runtime = tokio::runtime::Builder::new_multi_thread().enable_all().build().expect("a tokio runtime starts");
            runtime.block_on(async move {
                let listener = match serve::bind(opts.port).await {
                    Ok(l) => l,
                    // The usual port is taken (another table?): let the system pick one.
                    Err(_) if opts.port != 0 => match serve::bind(0).await {
                        Ok(l) => l,
                        Err(e) => {
                            eprintln!("could not listen on loopback: {e}");
                            return 1;
                        }
                    },
                    Err(e) => {
                        eprintln!("could not listen on loopback: {e}");
                        return 1;
                    }
                };
                let port = listener.local_addr().map(|a| a.port()).unwrap_or(opts.port);
                let door = Door { table: crate::Shared::new(table), key: serve::new_key().into(), port };
                println!("Nemesis table: open {}", door.url());
                if !crate::assets::present() {
                    eprintln!("note: this binary was built without the table screen (ui/dist); run ./scripts/run");
                }
                let stop = async {
                    let _ = tokio::signal::ctrl_c().await;
                };
                match serve::run(listener, door, stop).await {
                    Ok(()) => 0,
                    Err(e) => {
                        eprintln!("{e}");
                        1
                    }
                }
            })
        }
        _ => unreachable!("checked above"),
    }
}
