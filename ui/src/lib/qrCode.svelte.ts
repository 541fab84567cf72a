// A single-use code from the host shown as a QR (a seat's phone pairing, a private reveal, a
// shared display's pairing): asked, counted down, and asked again a second before it runs out,
// so the QR on screen never shows a code the host already forgot. The host's codes live about
// two minutes.

/** What the host answers for a code: its address, the QR as an SVG document, its lifetime. */
export interface QrOffer {
  url: string;
  svg: string;
  expires_in_ms: number;
}

export class QrCode {
  offer = $state<QrOffer | null>(null);
  failed = $state(false);
  left = $state(0);
  /** The QR as an image address. */
  src = $derived(this.offer ? `data:image/svg+xml;charset=utf-8,${encodeURIComponent(this.offer.svg)}` : "");
  /** The time left as the countdown says it, `m:ss`. */
  clock = $derived(`${Math.floor(this.left / 60000)}:${String(Math.floor((this.left % 60000) / 1000)).padStart(2, "0")}`);
  #ask: () => Promise<QrOffer | null>;
  #deadline = 0;
  #fetching = false;
  #alive = true;

  /** `ask` asks the host for a fresh code; `null` when it was refused. */
  constructor(ask: () => Promise<QrOffer | null>) {
    this.#ask = ask;
  }

  /** Asks for a fresh code (one ask at a time; none once stopped). */
  async fetch(): Promise<void> {
    if (this.#fetching || !this.#alive) return;
    this.#fetching = true;
    try {
      const offer = await this.#ask();
      if (!this.#alive) return;
      this.offer = offer;
      this.failed = offer === null;
      if (offer) {
        this.#deadline = Date.now() + offer.expires_in_ms;
        this.left = offer.expires_in_ms;
      }
    } finally {
      this.#fetching = false;
    }
  }

  /** The countdown's step, twice a second while the QR is shown. */
  tick(): void {
    if (!this.offer) return;
    this.left = Math.max(0, this.#deadline - Date.now());
    if (this.left <= 1000) void this.fetch();
  }

  /** The QR is gone from the screen: an answer still on its way is dropped. */
  stop(): void {
    this.#alive = false;
  }
}
