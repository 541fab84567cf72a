// Entry point: mounts the app; everything else lives in App.svelte and src/lib.
import { mount } from "svelte";
import App from "./App.svelte";
import { TABLE_LANGUAGE_KEY } from "./lib/app.svelte";
import { restoreLanguage, useWhole } from "./lib/i18n.svelte";
import en from "./locales/en.json";
import { loadContent } from "./lib/loadContent";
// The whole Saira face, both axes (theme.css says why the phone has its own cut).
import "@fontsource-variable/saira/wdth.css";
import "./app.css";

// The whole English catalogue is in the start-up bundle: the table's text fallback, always there.
useWhole("en", en);

// The table's language and the box's contents first, so the first paint is already in that
// language and every name is there.
void Promise.all([restoreLanguage(TABLE_LANGUAGE_KEY), loadContent()]).then(() => mount(App, { target: document.getElementById("app")! }));
