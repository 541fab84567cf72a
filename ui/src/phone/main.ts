// The phone page's entry point (phone.html): a seat's own screen on a player's phone.
import { mount } from "svelte";
import Phone from "./Phone.svelte";
import { start, PHONE_LANGUAGE_KEY } from "./phone.svelte";
import { restoreLanguage } from "../lib/i18n.svelte";
import "../app.css";
import "./phone.css";

// This phone's language first, so the first paint is already in it.
void restoreLanguage(PHONE_LANGUAGE_KEY).then(() => {
  start();
  mount(Phone, { target: document.getElementById("phone")! });
});
