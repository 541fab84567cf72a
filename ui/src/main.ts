// Entry point: mounts the app; everything else lives in App.svelte and src/lib.
import { mount } from "svelte";
import App from "./App.svelte";
import { TABLE_LANGUAGE_KEY } from "./lib/app.svelte";
import { restoreLanguage } from "./lib/i18n.svelte";
import "./app.css";

// The table's language first, so the first paint is already in it.
void restoreLanguage(TABLE_LANGUAGE_KEY).then(() => mount(App, { target: document.getElementById("app")! }));
