// The turn guide's content: which step card the engine's phase and step call for, the rule that
// explains it, and the critical moments a step's log lines announce. Texts live in the catalogues.
import type { LogLine } from "../bindings/LogLine";
import type { PublicView } from "../bindings/PublicView";

export interface StepCard {
  /** `guide.<step>.table` and `guide.<step>.app` in the catalogues. */
  step: string;
  /** The rules-reference entry behind the step. */
  rule: string;
}

const ruleOfStep: Record<string, string> = {
  draft: "setup",
  player: "player_phase",
  time_track: "time_track",
  intruder_attack: "intruder_attack",
  fire_damage: "fire_damage",
  event_card: "event_card",
  bag_development: "bag_development",
  over: "victory_check",
};

export function stepCard(view: PublicView): StepCard {
  const p = view.phase;
  const step = p.phase === "event" ? p.step : p.phase;
  return { step, rule: ruleOfStep[step] ?? "turn" };
}

export interface Moment {
  /** `moment.<key>.title` and `moment.<key>.body` in the catalogues. */
  key: string;
  rule: string;
}

const termKey = (line: LogLine, name: string) => {
  const p = line.params[name];
  return p && p.kind === "term" ? p.key : undefined;
};

/** The critical moments the last step's lines bring about, in the order they happened. */
export function moments(lines: LogLine[], view: PublicView): Moment[] {
  const out: Moment[] = [];
  const add = (key: string, rule: string) => {
    if (!out.some((m) => m.key === key)) out.push({ key, rule });
  };
  for (const l of lines) {
    if (l.key === "first_encounter") add("first_encounter", "first_encounter");
    if (l.key === "pods_unlocked" && termKey(l, "reason") === "unlock.first_death") add("first_death", "first_death");
    if (l.key === "hibernation_opened") add("hibernation_opened", "hibernation");
    if (l.key === "self_destruct_critical") add("self_destruct_critical", "self_destruct");
    // The pools count what is on the board now, so a marker placed this step shows as the 7th or 8th.
    if (l.key === "fire_placed" && (view.fire.used === 7 || view.fire.used === 8)) add(`fire_${view.fire.used}`, "fire");
    if (l.key === "malfunction_placed" && (view.malfunction.used === 7 || view.malfunction.used === 8)) add(`malfunction_${view.malfunction.used}`, "malfunction");
    if ((l.key === "game_ended" || l.key === "phase_changed_over") && view.seats.every((s) => s.life.kind !== "awake" && s.life.kind !== "in_pod")) {
      add("last_character", "end_of_game");
    }
  }
  return out;
}
