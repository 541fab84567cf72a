// The window's first frame (issue 35): when the app resumes a game at the revision the page last
// drew, the host puts that drawing into #app (nemesis_host::first_frame), hidden. It is shown once
// the typeface is there, so no text appears in a fallback face and then jumps; the table's code
// replaces it with the live table when it mounts (main.ts). A plain script, run as the page is
// read: it needs none of the table's code.
(function () {
  var app = document.getElementById("app");
  if (!app || !app.hasAttribute("data-first-frame")) return;
  var done = false;
  function show() {
    if (done) return;
    done = true;
    if (app.hasAttribute("data-first-frame")) app.style.visibility = "";
    // Seen by the real-window test (and a profile): this start painted a kept frame.
    if (performance.mark) performance.mark("nemesis:first-frame");
    // The start-up benchmark's moment: the frame painted (reported only when the app traces).
    requestAnimationFrame(function () {
      setTimeout(function () {
        var tauri = window.__TAURI_INTERNALS__;
        if (tauri && app.hasAttribute("data-first-frame")) tauri.invoke("shown", { frame: true }).catch(function () {});
        // The live table waits for this (main.ts), so the frame is painted before it gives way.
        window.nemesisFramePainted = true;
        window.dispatchEvent(new Event("nemesis:frame-painted"));
      }, 0);
    });
  }
  var face = document.fonts && document.fonts.load ? document.fonts.load('1em "Saira Variable"') : Promise.resolve();
  // Never held back long by the typeface: the page's own wait gives up after a second too.
  setTimeout(show, 500);
  face.then(show, show);
})();
