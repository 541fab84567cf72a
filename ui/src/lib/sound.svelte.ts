// The table screen's sound: off until switched on, one volume, both kept in this screen's
// storage. Every sound is synthesized here with Web Audio (nothing is downloaded or bundled);
// the ship's computer speaks through the platform's speech synthesis where it has one, and is
// silently left out where it has none (some WebKitGTK builds). What to play is the engine's
// decision (`LastStep.cues`): this module only plays it.
import type { Announcement } from "../bindings/Announcement";
import type { Cue } from "../bindings/Cue";
import type { Sound } from "../bindings/Sound";
import { language, t } from "./i18n.svelte";

const KEY = "nemesis-table-sound";

function loadSettings(): { on: boolean; volume: number } {
  try {
    const v = JSON.parse(localStorage.getItem(KEY) ?? "null") as { on?: unknown; volume?: unknown } | null;
    const volume = typeof v?.volume === "number" && v.volume >= 0 && v.volume <= 1 ? v.volume : 0.6;
    return { on: v?.on === true, volume };
  } catch {
    return { on: false, volume: 0.6 };
  }
}

export const sound = $state(loadSettings());

export const speechAvailable = typeof window !== "undefined" && "speechSynthesis" in window;

function save() {
  try {
    localStorage.setItem(KEY, JSON.stringify({ on: sound.on, volume: sound.volume }));
  } catch {
    // Storage refused (private window): the choice lasts until the page closes.
  }
}

let ctx: AudioContext | null = null;
let master: GainNode | null = null;
let hum: { stop: () => void } | null = null;

/** The audio graph, made on the first switch-on (a tap: browsers start audio only after one). */
function audio(): AudioContext | null {
  if (ctx) return ctx;
  const Ctx = (window as unknown as { AudioContext?: typeof AudioContext; webkitAudioContext?: typeof AudioContext }).AudioContext ?? (window as unknown as { webkitAudioContext?: typeof AudioContext }).webkitAudioContext;
  if (!Ctx) return null;
  try {
    ctx = new Ctx();
  } catch {
    return null;
  }
  master = ctx.createGain();
  master.gain.value = sound.volume;
  master.connect(ctx.destination);
  return ctx;
}

/** Switches the sound on or off; called from the switch's click, so audio may start. */
export function setSound(on: boolean) {
  sound.on = on;
  save();
  if (on) {
    const a = audio();
    void a?.resume();
    startHum();
  } else {
    hum?.stop();
    hum = null;
    if (speechAvailable) window.speechSynthesis.cancel();
    void ctx?.suspend();
  }
}

/** The table screen opened: the hum starts again if the sound is on. A browser may hold audio
 *  back until the first tap on the page; the hum then starts with that tap. */
export function resumeSound() {
  if (!sound.on) return;
  const a = audio();
  if (!a) return;
  startHum();
  if (a.state !== "running") {
    void a.resume();
    const once = () => void a.resume();
    window.addEventListener("pointerdown", once, { once: true });
    window.addEventListener("keydown", once, { once: true });
  }
}

/** The table screen closed: the hum stops, the choice stays. */
export function pauseSound() {
  hum?.stop();
  hum = null;
  if (speechAvailable) window.speechSynthesis.cancel();
}

export function setVolume(v: number) {
  sound.volume = Math.min(1, Math.max(0, v));
  save();
  if (ctx && master) master.gain.setTargetAtTime(sound.volume, ctx.currentTime, 0.05);
}

// --- The building blocks ------------------------------------------------------------------------

function noiseBuffer(a: AudioContext, seconds: number): AudioBuffer {
  const b = a.createBuffer(1, Math.floor(a.sampleRate * seconds), a.sampleRate);
  const d = b.getChannelData(0);
  let last = 0;
  for (let i = 0; i < d.length; i++) {
    // Brown-ish noise: softer than white, closer to air and machinery.
    last = (last + 0.02 * (Math.random() * 2 - 1)) / 1.02;
    d[i] = last * 3.5;
  }
  return b;
}

/** One tone with an attack and a decay, optionally sliding in pitch. */
function tone(a: AudioContext, out: AudioNode, at: number, o: { freq: number; to?: number; dur: number; type?: OscillatorType; gain?: number; attack?: number }) {
  const osc = a.createOscillator();
  osc.type = o.type ?? "sine";
  osc.frequency.setValueAtTime(o.freq, at);
  if (o.to) osc.frequency.exponentialRampToValueAtTime(o.to, at + o.dur);
  const g = a.createGain();
  const peak = o.gain ?? 0.3;
  g.gain.setValueAtTime(0.0001, at);
  g.gain.exponentialRampToValueAtTime(peak, at + (o.attack ?? 0.01));
  g.gain.exponentialRampToValueAtTime(0.0001, at + o.dur);
  osc.connect(g).connect(out);
  osc.start(at);
  osc.stop(at + o.dur + 0.05);
}

/** A burst of filtered noise (air, hiss, blast). */
function burst(a: AudioContext, out: AudioNode, at: number, o: { dur: number; from: number; to: number; type?: BiquadFilterType; gain?: number }) {
  const src = a.createBufferSource();
  src.buffer = noiseBuffer(a, o.dur + 0.1);
  const f = a.createBiquadFilter();
  f.type = o.type ?? "lowpass";
  f.frequency.setValueAtTime(o.from, at);
  f.frequency.exponentialRampToValueAtTime(o.to, at + o.dur);
  const g = a.createGain();
  g.gain.setValueAtTime(o.gain ?? 0.5, at);
  g.gain.exponentialRampToValueAtTime(0.0001, at + o.dur);
  src.connect(f).connect(g).connect(out);
  src.start(at);
  src.stop(at + o.dur + 0.1);
}

/** The ship's hum: two low, slightly detuned tones and a bed of filtered air, breathing slowly. */
function startHum() {
  const a = audio();
  if (!a || !master || hum) return;
  const bus = a.createGain();
  bus.gain.value = 0.0001;
  bus.gain.setTargetAtTime(0.12, a.currentTime, 1.5);
  bus.connect(master);
  const low = a.createBiquadFilter();
  low.type = "lowpass";
  low.frequency.value = 220;
  low.connect(bus);
  const oscs = [55, 55.3, 110.2].map((f, i) => {
    const o = a.createOscillator();
    o.type = i === 2 ? "triangle" : "sawtooth";
    o.frequency.value = f;
    const g = a.createGain();
    g.gain.value = i === 2 ? 0.15 : 0.3;
    o.connect(g).connect(low);
    o.start();
    return o;
  });
  const air = a.createBufferSource();
  air.buffer = noiseBuffer(a, 4);
  air.loop = true;
  const airFilter = a.createBiquadFilter();
  airFilter.type = "bandpass";
  airFilter.frequency.value = 400;
  airFilter.Q.value = 0.7;
  const airGain = a.createGain();
  airGain.gain.value = 0.25;
  air.connect(airFilter).connect(airGain).connect(bus);
  air.start();
  // A slow swell, as if the ventilation cycled.
  const lfo = a.createOscillator();
  lfo.frequency.value = 0.07;
  const depth = a.createGain();
  depth.gain.value = 0.1;
  lfo.connect(depth).connect(airGain.gain);
  lfo.start();
  hum = {
    stop() {
      const now = a.currentTime;
      bus.gain.setTargetAtTime(0.0001, now, 0.3);
      for (const o of [...oscs, air, lfo]) o.stop(now + 1.5);
    },
  };
}

/** Plays one sound at `at`; returns how long it lasts (seconds). */
function play(a: AudioContext, out: AudioNode, s: Sound, at: number): number {
  switch (s) {
    case "klaxon": {
      // Two rising honks: the Self-Destruct klaxon.
      for (const k of [0, 0.55]) tone(a, out, at + k, { freq: 330, to: 520, dur: 0.45, type: "sawtooth", gain: 0.22, attack: 0.03 });
      return 1.1;
    }
    case "stand_down":
      tone(a, out, at, { freq: 660, dur: 0.35, gain: 0.25 });
      tone(a, out, at + 0.3, { freq: 440, dur: 0.6, gain: 0.25 });
      return 0.95;
    case "chambers":
      // Seals giving way: a long hiss falling, then a soft low thud.
      burst(a, out, at, { dur: 1.8, from: 4000, to: 300, type: "bandpass", gain: 0.7 });
      tone(a, out, at + 1.5, { freq: 90, to: 45, dur: 0.6, gain: 0.4 });
      return 2.1;
    case "encounter":
      // A dissonant stinger.
      for (const f of [110, 116.5, 155.6, 233]) tone(a, out, at, { freq: f, dur: 2.2, type: "sawtooth", gain: 0.08, attack: 0.005 });
      burst(a, out, at, { dur: 0.4, from: 3000, to: 200, gain: 0.5 });
      return 2.2;
    case "warning":
      for (const [k, f] of [[0, 880], [0.25, 660], [0.5, 880], [0.75, 660]] as const) tone(a, out, at + k, { freq: f, dur: 0.22, type: "square", gain: 0.12 });
      return 1.0;
    case "alarm":
      for (let k = 0; k < 8; k++) tone(a, out, at + k * 0.16, { freq: 1040, dur: 0.12, type: "square", gain: 0.12 });
      return 1.4;
    case "intruder_appears":
      // A screech: a rising, wavering cry through a narrow band.
      tone(a, out, at, { freq: 700, to: 2300, dur: 0.7, type: "sawtooth", gain: 0.12, attack: 0.05 });
      burst(a, out, at, { dur: 0.7, from: 2500, to: 1200, type: "bandpass", gain: 0.5 });
      return 0.8;
    case "intruder_attacks":
      tone(a, out, at, { freq: 140, to: 40, dur: 0.35, gain: 0.6 });
      burst(a, out, at, { dur: 0.3, from: 1800, to: 200, gain: 0.7 });
      return 0.45;
    case "death":
      // A low toll.
      tone(a, out, at, { freq: 98, dur: 2.6, gain: 0.4, attack: 0.01 });
      tone(a, out, at, { freq: 196.5, dur: 1.8, gain: 0.15, attack: 0.01 });
      return 2.0;
    case "explosion":
      burst(a, out, at, { dur: 3.2, from: 1200, to: 60, gain: 1.0 });
      tone(a, out, at, { freq: 60, to: 25, dur: 3.0, gain: 0.6 });
      return 3.2;
  }
}

/** The computer's words for an announcement, in the table's language. */
export function sayText(a: Announcement): string {
  if (a.key === "moment") return t(`say.${a.moment}`);
  return a.key === "self_destruct_left" ? t("say.self_destruct_left", { left: a.left }) : t(`say.${a.key}`);
}

function speak(text: string) {
  if (!speechAvailable) return;
  const s = window.speechSynthesis;
  const u = new SpeechSynthesisUtterance(text);
  u.lang = language();
  const voices = s.getVoices();
  const voice = voices.find((v) => v.lang === u.lang) ?? voices.find((v) => v.lang.startsWith(u.lang.split("-")[0]));
  if (voice) u.voice = voice;
  u.volume = sound.volume;
  u.rate = 0.95;
  s.speak(u);
}

/** Plays one step's cues one after the other, each announcement after its sound. */
export function playCues(cues: Cue[]) {
  if (!sound.on || cues.length === 0) return;
  const a = audio();
  if (a && master) {
    let at = a.currentTime + 0.05;
    let offset = 0;
    for (const c of cues) {
      const length = play(a, master, c.sound, at);
      if (c.say) {
        const text = sayText(c.say);
        setTimeout(() => sound.on && speak(text), (offset + length * 0.8) * 1000);
      }
      at += length;
      offset += length;
    }
  } else {
    for (const c of cues) if (c.say) speak(sayText(c.say));
  }
}
