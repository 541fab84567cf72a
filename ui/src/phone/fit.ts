// Fitting a held secret to the screen (issue 33, item 5): a finger holds the button, so the
// secret above it must be read without scrolling. When it is taller than its box, the box's
// first child is drawn smaller, step by step, down to a size still read at arm's length; past
// that the box scrolls rather than hide a line.

/** The smallest scale a secret is drawn at. */
export const SMALLEST = 0.62;

/** A Svelte action on the box: fits its first child whenever the box or the child changes size. */
export function fitSecret(box: HTMLElement) {
  const inner = box.firstElementChild as HTMLElement | null;
  if (!inner) return {};
  let scale = 1;
  let frame = 0;
  const apply = () => {
    inner.style.zoom = String(scale);
    box.dataset.fit = String(scale);
  };
  const fit = () => {
    cancelAnimationFrame(frame);
    scale = 1;
    apply();
    frame = requestAnimationFrame(function shrink() {
      const room = box.clientHeight;
      const content = box.scrollHeight;
      if (content <= room + 1 || scale <= SMALLEST) return;
      scale = Math.max(SMALLEST, Math.floor(scale * Math.max(0.85, room / content) * 100) / 100);
      apply();
      frame = requestAnimationFrame(shrink);
    });
  };
  const watch = new ResizeObserver(() => fit());
  watch.observe(box);
  const changes = new MutationObserver(() => fit());
  changes.observe(inner, { childList: true, subtree: true, characterData: true });
  fit();
  return {
    destroy() {
      cancelAnimationFrame(frame);
      watch.disconnect();
      changes.disconnect();
    },
  };
}
