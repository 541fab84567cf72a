// Tauri's build step for the bare window: reads its tauri.conf.json and embeds the context.
fn main() {
    tauri_build::build()
}
