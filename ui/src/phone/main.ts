// The phone page's entry point (phone.html): a seat's own screen on a player's phone.
import { mount } from "svelte";
import Phone from "./Phone.svelte";
import { start, PHONE_LANGUAGE_KEY } from "./phone.svelte";
import { restoreLanguage, usePhoneParts } from "../lib/i18n.svelte";
import { later, parts, prefixes, shapes } from "virtual:phone-strings";
import "./font.css";
import "../app.css";
import "./phone.css";

// Only the phone's part of one language's strings (scripts/phone-strings.mjs), never a whole
// catalogue: a phone's first load stays light (issue 21).
usePhoneParts(parts, later, prefixes, shapes);

// This phone's language first, so the first paint is already in it.
void restoreLanguage(PHONE_LANGUAGE_KEY).then(() => {
  start();
  mount(Phone, { target: document.getElementById("phone")! });
});
