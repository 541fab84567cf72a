// The phone page's entry point (phone.html): a seat's own screen on a player's phone.
import { mount } from "svelte";
import Phone from "./Phone.svelte";
import { start } from "./phone.svelte";
import "../app.css";
import "./phone.css";

start();
mount(Phone, { target: document.getElementById("phone")! });
