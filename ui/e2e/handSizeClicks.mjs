// The page-side clicks of the Chromium memory probes (heap-probe.mjs, alloc-probe.mjs): Set hand
// size `n` times through the bookkeeping form, each click waiting for the log's newest line to
// change (the log shows a tail, so its length may not) and the button to be enabled again. The
// same commands as the window's benchmark (scripts/click-batch.mjs), without its timings.
export const clickSetHandSize = (page, n) => page.evaluate(async (n) => {
  const wait = (f) => new Promise((r) => { const tick = () => f() ? r(f()) : setTimeout(tick, 10); tick(); });
  if (!document.querySelector('[data-test="cmd-set_hand_size"]')) document.querySelector('[data-test="group-characters"]').click();
  for (let i = 0; i < n; i++) {
    const b = await wait(() => { const b = document.querySelector('[data-test="do-set_hand_size"]'); if (!b) document.querySelector('[data-test="cmd-set_hand_size"]')?.click(); return b && !b.disabled ? b : null; });
    const log = document.querySelector('[data-test="log"] ol');
    const newest = () => log.lastElementChild?.querySelector(".seq")?.textContent;
    const before = newest();
    b.click();
    await wait(() => newest() !== before);
  }
}, n);
