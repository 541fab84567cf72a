// Entry point: mounts the app; everything else lives in App.svelte and src/lib.
import { mount } from "svelte";
import App from "./App.svelte";
import { TABLE_LANGUAGE_KEY } from "./lib/app.svelte";
import { restoreLanguage } from "./lib/i18n.svelte";
import { loadContent } from "./lib/content";
import "./app.css";

// The table's language and the box's contents first, so the first paint is already in that
// language and every name is there.
void Promise.all([restoreLanguage(TABLE_LANGUAGE_KEY), loadContent()]).then(() => mount(App, { target: document.getElementById("app")! }));
