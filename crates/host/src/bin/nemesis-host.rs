//! The headless table: `serve` (the table screen in a browser on this machine) or `script`
//! (JSON lines on stdin/stdout). The desktop app accepts the same two words.

fn main() {
    std::process::exit(nemesis_host::cli::main(std::env::args().skip(1).collect()));
}
