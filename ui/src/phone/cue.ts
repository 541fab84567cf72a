// The phone's own signals that something came for its player: a buzz where the browser allows
// it, and a short cue sound made here (no sound file), for the players who turn it on.

export function vibrate(ms: number | number[]) {
  try {
    if ("vibrate" in navigator) navigator.vibrate(ms);
  } catch {
    // Not allowed without a tap first on some phones: the notice on screen is enough.
  }
}

let audio: AudioContext | null = null;

/** Two short rising notes, made here (WebAudio): no sound file to load. Quiet, under a second.
 *  Called from a tap first (turning the cue on), so the browser lets it play later. */
export function cue() {
  try {
    audio ??= new AudioContext();
    void audio.resume().catch(() => {});
    const at = audio.currentTime + 0.02;
    [660, 880].forEach((hz, i) => {
      const tone = audio!.createOscillator();
      const level = audio!.createGain();
      const start = at + i * 0.17;
      tone.frequency.value = hz;
      level.gain.setValueAtTime(0.0001, start);
      level.gain.exponentialRampToValueAtTime(0.3, start + 0.02);
      level.gain.exponentialRampToValueAtTime(0.0001, start + 0.16);
      tone.connect(level).connect(audio!.destination);
      tone.start(start);
      tone.stop(start + 0.17);
    });
  } catch {
    // No audio here (or not allowed yet): the buzz and the screen say it.
  }
}
