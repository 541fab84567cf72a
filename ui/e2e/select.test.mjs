// The page's own list (components/Select.svelte, issue 20), which replaces every <select> because
// the list a native one opens is drawn by the platform (grey GTK menus in the desktop window).
// It follows the WAI-ARIA "select-only combobox" pattern, and its open list stays whole inside
// the viewport, even from the bottom of a column that hides its overflow at 1024×600. Mounted
// alone on a test page (e2e/fixtures/select.html) served by Vite.
import { test, after } from "node:test";
import assert from "node:assert/strict";
import { mkdirSync } from "node:fs";
import { join, resolve } from "node:path";
import { createServer } from "vite";
import { launch, root, unnamedControls } from "./harness.mjs";

const ui = resolve(import.meta.dirname, "..");
let server;
let browser;
after(async () => {
  await browser?.close();
  await server?.close();
});

async function open() {
  if (!server) {
    server = await createServer({ root: ui, configFile: resolve(ui, "vite.config.ts"), server: { port: 0, host: "127.0.0.1" }, logLevel: "error" });
    await server.listen();
    browser = await launch();
  }
  const page = await browser.newPage({ viewport: { width: 1024, height: 600 } });
  const errors = [];
  page.on("pageerror", (e) => errors.push(String(e)));
  await page.goto(server.resolvedUrls.local[0] + "e2e/fixtures/select.html");
  await page.locator('[data-test="room"]').waitFor({ timeout: 60000 });
  return { page, errors };
}

/** The open list's and its button's boxes, and whether the list's middle is really the list
 *  (not something drawn over it, nor cut away by the column). */
async function geometry(page, test) {
  return page.evaluate((t) => {
    const button = document.querySelector(`[data-test="${t}"]`);
    const list = document.getElementById(button.getAttribute("aria-controls"));
    const b = button.getBoundingClientRect();
    const l = list.getBoundingClientRect();
    const hit = document.elementFromPoint(l.left + l.width / 2, l.top + l.height / 2);
    return {
      button: { top: b.top, bottom: b.bottom },
      list: { top: l.top, bottom: l.bottom, left: l.left, right: l.right, height: l.height },
      scrolls: list.scrollHeight > list.clientHeight,
      onTop: list.contains(hit),
      viewport: { width: innerWidth, height: innerHeight },
    };
  }, test);
}

const expanded = (list) => list.getAttribute("aria-expanded");
/** The `data-value` of the option the open list's aria-activedescendant points at. */
async function active(page, list) {
  const id = await list.getAttribute("aria-activedescendant");
  assert.ok(id, "an open list names its active option");
  return page.locator(`[id="${id}"]`).getAttribute("data-value");
}
const focused = (page) => page.evaluate(() => document.activeElement?.getAttribute("data-test"));

test("a list opened near the bottom of a 1024×600 screen stays whole in view, above its button, and scrolls", { timeout: 180000 }, async () => {
  const { page, errors } = await open();
  const room = page.getByRole("combobox", { name: "Room" });
  assert.equal(await room.getAttribute("data-test"), "room", "the list is named by its visible label");
  await room.focus();
  await page.keyboard.press("Enter");
  assert.equal(await expanded(room), "true", "Enter opens the list");
  const g = await geometry(page, "room");
  assert.ok(g.list.top >= 0 && g.list.bottom <= g.viewport.height && g.list.left >= 0 && g.list.right <= g.viewport.width, `the list is inside the viewport: ${JSON.stringify(g)}`);
  assert.ok(g.list.bottom <= g.button.top, "with no room below, the list opens upward");
  assert.ok(g.scrolls, "a list longer than the room left scrolls inside itself");
  assert.ok(g.onTop, "the column's hidden overflow does not cut the list and nothing covers it");
  assert.deepEqual(await unnamedControls(page), [], "the open list and its options have names");
  mkdirSync(join(root, "target/e2e"), { recursive: true });
  await page.screenshot({ path: join(root, "target/e2e/select-1024x600.png") });
  // The page scrolling under an open list moves it with its button, and keeps the list's own scroll.
  const kept = await page.evaluate((id) => {
    const list = document.getElementById(id);
    list.scrollTop = 100;
    document.dispatchEvent(new Event("scroll"));
    return list.scrollTop;
  }, await room.getAttribute("aria-controls"));
  assert.equal(kept, 100, "the list keeps its own scroll when the page scrolls");

  // The same at 1280×800.
  await page.keyboard.press("Escape");
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.keyboard.press("Enter");
  const wide = await geometry(page, "room");
  assert.ok(wide.list.top >= 0 && wide.list.bottom <= wide.viewport.height, `the list is inside the viewport at 1280×800: ${JSON.stringify(wide)}`);
  await page.screenshot({ path: join(root, "target/e2e/select-1280x800.png") });
  await page.keyboard.press("Escape");

  // A list with room below opens downward.
  await page.locator('[data-test="top"]').click();
  const down = await geometry(page, "top");
  assert.ok(down.list.top >= down.button.bottom, "a list with room below opens below its button");
  await page.keyboard.press("Escape");
  assert.deepEqual(errors, []);
});

test("the keyboard drives a list as the select-only combobox pattern says, and the value stays a number", { timeout: 180000 }, async () => {
  const { page, errors } = await open();
  const room = page.locator('[data-test="room"]');
  const value = () => page.locator('[data-test="room-value"]').textContent();
  assert.equal(await value(), "number 3");
  assert.equal(await expanded(room), "false");
  assert.equal(await room.getAttribute("aria-activedescendant"), null, "a closed list has no active option");
  await room.focus();

  // Alt+Down opens on the chosen option; Down and Up step over a disabled one.
  await page.keyboard.press("Alt+ArrowDown");
  assert.equal(await expanded(room), "true", "Alt+Down opens the list");
  assert.equal(await active(page, room), "3", "the list opens on the chosen option");
  const listId = await room.getAttribute("aria-controls");
  assert.equal(await page.locator(`[id="${listId}"]`).getAttribute("role"), "listbox", "aria-controls names the listbox");
  assert.equal(await page.locator(`[id="${listId}"] [aria-selected="true"]`).getAttribute("data-value"), "3", "the chosen option is aria-selected");
  assert.equal(await page.locator(`[id="${listId}"] [aria-selected="true"] svg`).count(), 1, "the chosen option carries a tick, not only a colour");
  await page.keyboard.press("ArrowDown");
  assert.equal(await active(page, room), "4");
  await page.keyboard.press("ArrowDown");
  assert.equal(await active(page, room), "6", "Down skips the disabled option 5");
  await page.keyboard.press("ArrowUp");
  assert.equal(await active(page, room), "4");
  await page.keyboard.press("End");
  assert.equal(await active(page, room), "24", "End goes to the last option");
  await page.keyboard.press("PageUp");
  assert.equal(await active(page, room), "16", "Page Up goes eight options up");
  await page.keyboard.press("Home");
  assert.equal(await active(page, room), "1", "Home goes to the first option");
  await page.keyboard.press("PageDown");
  assert.equal(await active(page, room), "9", "Page Down goes eight options down");
  // The active option is scrolled into the list's view.
  const seen = await page.evaluate((id) => {
    const list = document.getElementById(id);
    const opt = document.getElementById(document.querySelector(`[aria-controls="${id}"]`).getAttribute("aria-activedescendant"));
    const l = list.getBoundingClientRect();
    const o = opt.getBoundingClientRect();
    return o.top >= l.top - 1 && o.bottom <= l.bottom + 1;
  }, listId);
  assert.ok(seen, "the active option is in the list's view");

  // Type-ahead by first letters, then Enter picks and closes, the focus still on the button.
  await page.keyboard.type("ev");
  assert.equal(await active(page, room), "12", "typing 'ev' goes to Evacuation Section A");
  await page.keyboard.press("Enter");
  assert.equal(await expanded(room), "false", "Enter closes the list");
  assert.equal(await value(), "number 12", "Enter picks the active option, and its value stays a number");
  assert.equal(await focused(page), "room", "the focus stays on the list's button");

  // Escape closes without picking and leaves the focus on the button.
  await page.keyboard.press("ArrowDown");
  assert.equal(await expanded(room), "true", "Down opens a closed list");
  await page.keyboard.press("ArrowDown");
  await page.keyboard.press("Escape");
  assert.equal(await expanded(room), "false", "Escape closes the list");
  assert.equal(await value(), "number 12", "Escape picks nothing");
  assert.equal(await focused(page), "room", "Escape gives the focus back to the button");

  // Space opens; Tab closes without picking and moves on.
  await page.keyboard.press(" ");
  assert.equal(await expanded(room), "true", "Space opens the list");
  await page.keyboard.press("ArrowDown");
  await page.keyboard.press("Tab");
  assert.equal(await expanded(room), "false", "Tab closes the list");
  assert.equal(await value(), "number 12");
  assert.equal(await focused(page), "after", "Tab moves to the next control");

  // The mouse: a disabled option cannot be picked, a click outside closes, a click picks.
  await room.click();
  await page.locator(`[id="${listId}"] [data-value="20"]`).click({ force: true });
  assert.equal(await expanded(room), "true", "a click on a disabled option does nothing");
  assert.equal(await value(), "number 12");
  await page.locator(".filler").click();
  assert.equal(await expanded(room), "false", "a click outside closes the list");
  await room.click();
  await page.locator(`[id="${listId}"] [role="option"]`, { hasText: "Canteen" }).click();
  assert.equal(await value(), "number 4", "a click picks the option");
  assert.equal(await expanded(room), "false");
  assert.equal(await focused(page), "room");

  // A disabled list does not open.
  const off = page.locator('[data-test="off"]');
  assert.ok(await off.isDisabled(), "a disabled list's button is disabled");
  await off.click({ force: true });
  assert.equal(await expanded(off), "false", "a disabled list does not open");
  assert.deepEqual(errors, []);
});
