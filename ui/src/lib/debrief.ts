// The debrief's words and files (issue 22): a story line in the screen's language
// (`debrief.line.<key>`, the engine's English as the fallback), the figures, and the one-file
// report: a self-contained HTML page with its own styles and no script, image or font from
// anywhere, so it opens in any browser, offline, years later.
import type { BagCount } from "../bindings/BagCount";
import type { Debrief } from "../bindings/Debrief";
import type { Figures } from "../bindings/Figures";
import type { StoryLine } from "../bindings/StoryLine";
import { language, t, tMaybe } from "./i18n.svelte";
import { paramText } from "./logLine";

/** A story line in the current language. */
export function storyText(line: StoryLine): string {
  const values: Record<string, string> = {};
  for (const [name, p] of Object.entries(line.params)) if (p) values[name] = paramText(p);
  const text = tMaybe(`debrief.line.${line.key}`, values) ?? line.text;
  return text.charAt(0).toLocaleUpperCase(language()) + text.slice(1);
}

/** The bag's contents as "2 × Larva, 1 × Adult". */
export function bagText(bag: BagCount[]): string {
  return bag.map((b) => `${b.count} × ${tMaybe(`token.${b.kind}`) ?? b.kind}`).join(", ");
}

export function turnTitle(turn: number): string {
  return turn === 0 ? t("debrief.setup") : t("debrief.turn", { turn });
}

/** The figures shown, in order, with their labels. */
export function figureRows(f: Figures, durationMs: number | null): [string, string][] {
  const rows: [string, string][] = [[t("debrief.figure.turns"), String(f.turns)]];
  if (durationMs !== null && durationMs > 0) rows.push([t("debrief.figure.duration"), t("debrief.minutes", { minutes: Math.round(durationMs / 60000) })]);
  const keys: (keyof Figures)[] = ["intruders_killed", "encounters", "surprise_attacks", "noise_rolls", "bag_draws", "event_cards", "attack_cards", "deaths", "steps"];
  for (const k of keys) rows.push([t(`debrief.figure.${k}`), String(f[k])]);
  return rows;
}

export function playedOn(ms: number): string {
  return new Date(ms).toLocaleDateString(language(), { dateStyle: "long" });
}

function esc(s: string): string {
  return s.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c] ?? c);
}

/** The report: one HTML file, in the current language, holding the verdicts, the near misses,
 *  the figures and the whole timeline. Everything it shows is in the file itself: a strict
 *  content security policy forbids it to load or run anything. */
export function reportHtml(title: string, d: Debrief, startedMs: number, endedMs: number): string {
  const lang = language();
  const rows = figureRows(d.figures, endedMs - startedMs)
    .map(([k, v]) => `<tr><th>${esc(k)}</th><td>${esc(v)}</td></tr>`)
    .join("");
  const verdicts = d.verdicts
    .map((v) => {
      const who = v.character ? `${esc(v.name)} · ${esc(tMaybe(`card.character.${v.character.key}`) ?? v.character.name)}` : esc(v.name);
      const reasons = v.reasons.map((r) => `<li>${esc(storyText(r))}</li>`).join("");
      return `<section class="verdict ${v.won ? "won" : "lost"}"><h3>${who} <span class="badge">${esc(v.won ? t("debrief.won") : t("debrief.lost"))}</span></h3><ul>${reasons}</ul></section>`;
    })
    .join("");
  const near = d.near_misses.map((l) => `<li>${esc(storyText(l))}</li>`).join("");
  const turns = d.timeline
    .map((turn) => {
      const lines = turn.lines
        .map((l) => `<li>${esc(storyText(l))}${l.bag ? `<div class="bag">${esc(t("debrief.bag"))}: ${esc(bagText(l.bag))}</div>` : ""}</li>`)
        .join("");
      return `<section class="turn"><h3>${esc(turnTitle(turn.turn))}</h3><ol>${lines}</ol></section>`;
    })
    .join("");
  const heading = t("debrief.title", { title });
  return `<!doctype html>
<html lang="${esc(lang)}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'">
<title>${esc(heading)}</title>
<style>
body { font: 16px/1.45 system-ui, sans-serif; max-width: 860px; margin: 2em auto; padding: 0 1em; color: #1d2330; background: #fbfbf8; }
h1 { margin-bottom: 0.1em; } .muted { color: #5b6372; }
.verdict { border: 1px solid #ccd; border-left: 6px solid #999; border-radius: 6px; padding: 0.2em 1em; margin: 0.6em 0; }
.verdict.won { border-left-color: #2e8b57; } .verdict.lost { border-left-color: #b03a2e; }
.badge { font-size: 0.8em; padding: 0.1em 0.6em; border-radius: 999px; background: #e6e8ee; }
table { border-collapse: collapse; } th, td { text-align: left; padding: 0.2em 1em 0.2em 0; }
.turn ol { padding-left: 1.4em; } .bag { font-size: 0.85em; color: #5b6372; }
</style>
</head>
<body>
<h1>${esc(heading)}</h1>
<p class="muted">${esc(t("debrief.played", { date: playedOn(startedMs) }))} · ${esc(t(`mode.${d.mode}`))} · ${esc(tMaybe(`end.${d.cause}`) ?? d.cause)}</p>
<h2>${esc(t("debrief.verdicts"))}</h2>
<div data-test="report-verdicts">${verdicts}</div>
<h2>${esc(t("debrief.near_misses"))}</h2>
<ul>${near}</ul>
<h2>${esc(t("debrief.figures"))}</h2>
<table>${rows}</table>
<h2>${esc(t("debrief.story"))}</h2>
<div data-test="report-timeline">${turns}</div>
<p class="muted">${esc(t("debrief.report_note"))}</p>
</body>
</html>
`;
}
