// The window's clicks for the app benchmarks (bench-app.mjs, mem-probe.mjs): one WebDriver async
// script that opens the bookkeeping forms behind "More" and sets a hand size `n` times, each click
// timed from the click to the next frame after the log's newest line changed (the log shows a
// tail, so its length may not), at most 10 s a click. `.click()` acts on a button whether it is
// rendered or not, so a page with parts taken out of rendering plays the same game.
// It answers { times, stalled, elements, nodes }: the per-click times in ms, the clicks that got
// no new line, and the page's elements and every node (Svelte's anchors are comments).
export const clickBatch = (n) => `
  const done = arguments[arguments.length - 1];
  // Polls f until it gives something, at most 10 s (then null: a click that got no line).
  const wait = (f) => new Promise((r) => { const end = Date.now() + 10000; const tick = () => { const v = f(); if (v || Date.now() > end) r(v || null); else setTimeout(tick, 20); }; tick(); });
  (async () => {
    // The bookkeeping forms sit behind "More" (issue 33): opened first when closed.
    await wait(() => document.querySelector('[data-test="group-characters"]') || document.querySelector('[data-test="more"]'));
    if (!document.querySelector('[data-test="group-characters"]')) document.querySelector('[data-test="more"]').click();
    await wait(() => document.querySelector('[data-test="group-characters"]'));
    if (!document.querySelector('[data-test="cmd-set_hand_size"]')) document.querySelector('[data-test="group-characters"]').click();
    await wait(() => document.querySelector('[data-test="cmd-set_hand_size"]'));
    const times = [];
    let stalled = 0;
    for (let i = 0; i < ${n}; i++) {
      // The next click waits for the previous call to finish: its screen arrives before its
      // reply, and until then the button is disabled (a click would do nothing, as for a
      // player). A form closed by the previous success is opened again.
      await wait(() => {
        const b = document.querySelector('[data-test="do-set_hand_size"]');
        if (!b) document.querySelector('[data-test="cmd-set_hand_size"]')?.click();
        return b && !b.disabled ? b : null;
      });
      const log = document.querySelector('[data-test="log"] ol');
      const newest = () => log.lastElementChild?.querySelector(".seq")?.textContent;
      const before = newest();
      const t0 = performance.now();
      document.querySelector('[data-test="do-set_hand_size"]').click();
      const changed = await new Promise((r) => {
        const timer = setTimeout(() => { obs.disconnect(); r(false); }, 10000);
        const obs = new MutationObserver(() => { if (newest() !== before) { clearTimeout(timer); obs.disconnect(); r(true); } });
        obs.observe(log, { childList: true, subtree: true, characterData: true });
      });
      await new Promise((r) => requestAnimationFrame(() => r()));
      if (changed) times.push(performance.now() - t0); else stalled++;
    }
    let nodes = 0;
    for (const it = document.createNodeIterator(document, NodeFilter.SHOW_ALL); it.nextNode(); ) nodes++;
    done({ times, stalled, elements: document.getElementsByTagName("*").length, nodes });
  })();`;
