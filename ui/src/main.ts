// Entry point: mounts the app; everything else lives in App.svelte and src/lib.
import { mount } from "svelte";
import App from "./App.svelte";
import "./app.css";

mount(App, { target: document.getElementById("app")! });
