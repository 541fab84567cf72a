// Tauri's build step: reads tauri.conf.json and the capabilities, embeds the context.
fn main() {
    tauri_build::build()
}
