// One IPC call once the page has loaded: the same moment the app's start-up benchmark waits for;
// then one more after its first painted frame, the moment the app reports its table drawn.
window.addEventListener("DOMContentLoaded", () => {
  window.__TAURI_INTERNALS__.invoke("ready");
  requestAnimationFrame(() => setTimeout(() => window.__TAURI_INTERNALS__.invoke("shown")));
});
