//! The desktop app's entry: a window when there is a display; `serve` and `script` as in the
//! headless binary; and `serve` by itself when there is no display to open a window on.
#![cfg_attr(not(debug_assertions), windows_subsystem = "windows")]

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    if matches!(args.first().map(String::as_str), Some("serve" | "script" | "help" | "--help" | "-h")) {
        std::process::exit(nemesis_host::cli::main(args));
    }
    if !nemesis_table_app::has_display() {
        eprintln!("No display found: serving the table screen to a browser instead.");
        // Only the options serve understands are passed on (`--resume` is the window's own).
        let mut serve = vec!["serve".to_string()];
        let mut it = args.into_iter();
        while let Some(a) = it.next() {
            if a == "--port" || a == "--data" {
                serve.push(a);
                serve.extend(it.next());
            }
        }
        std::process::exit(nemesis_host::cli::main(serve));
    }
    std::process::exit(nemesis_table_app::run(args));
}
