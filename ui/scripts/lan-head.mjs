// The head of the pages the phone server serves, the phone's (phone.html) and the shared
// display's (display.html): dark, sized to the device and its notch, no referrer sent, no number
// turned into a phone link, no favicon request, and a policy that lets the page reach its own
// origin only. Written once here; each page says where it goes with the marker below.
const MARK = "<!-- lan-head -->";

const HEAD = `<meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1, viewport-fit=cover" />
    <meta name="color-scheme" content="dark" />
    <meta name="theme-color" content="#0f1216" />
    <meta name="referrer" content="no-referrer" />
    <meta name="format-detection" content="telephone=no" />
    <meta http-equiv="Content-Security-Policy" content="default-src 'self'; connect-src 'self'; img-src 'self' data:; style-src 'self' 'unsafe-inline'; script-src 'self'" />
    <link rel="icon" href="data:," />`;

/** Vite plugin: puts the shared head where a page has the marker; a phone server's page
 *  without it fails the build (it would go out with no policy). */
export function lanHead() {
  return {
    name: "lan-head",
    transformIndexHtml: {
      order: "pre",
      handler(html, ctx) {
        if (html.includes(MARK)) return html.replace(MARK, HEAD);
        if (/(^|[\\/])(phone|display)\.html$/.test(ctx.filename)) throw new Error(`${ctx.filename} has no ${MARK}`);
        return html;
      },
    },
  };
}
