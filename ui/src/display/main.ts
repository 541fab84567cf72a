// The shared display's entry point (display.html, served at "/display" by the phone server): the
// public table screen on a tablet or TV for the whole room (issue 32, item 5).
import { mount } from "svelte";
import Display from "./Display.svelte";
import { start, DISPLAY_LANGUAGE_KEY } from "./display.svelte";
import { restoreLanguage, usePhoneParts } from "../lib/i18n.svelte";
import { later, parts, prefixes, shapes } from "virtual:display-strings";
import "../phone/font.css";
import "../app.css";

// Only the display's part of one language's strings (scripts/phone-strings.mjs), as on a phone.
usePhoneParts(parts, later, prefixes, shapes);

void restoreLanguage(DISPLAY_LANGUAGE_KEY).then(() => {
  start();
  mount(Display, { target: document.getElementById("display")! });
});
