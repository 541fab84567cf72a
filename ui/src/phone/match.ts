// The four digits a phone and the table both show while the table confirms a pairing (a phone's
// or a display's): the table confirms the device the player holds, whatever name it gives.

/** The four digits shown here and on the table for a phone that spent `code`: FNV-1a of the
 *  code, mod 10,000. The same function as the host's `phones::match_code` (tested there on the
 *  same example). No crypto.subtle: the page works without a secure context. */
export function matchCode(code: string): string {
  let h = 0x811c9dc5;
  for (let i = 0; i < code.length; i++) {
    h ^= code.charCodeAt(i) & 0xff;
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return String(h % 10000).padStart(4, "0");
}
