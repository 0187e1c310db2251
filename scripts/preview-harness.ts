/**
 * Issue 33's new screens for `npm run previews` (review-play 1.4), from the table harness's real HTML: runs
 * tests/scenarios/preview-screens.test.ts (each screen opened as its user opens it) with FT_PREVIEW_DUMP set, and
 * turns each screen it writes into a preview in light and dark.
 *
 * The harness has no core language file, so core's keys the screens show (the roll-mode options, core's combatant
 * menu entries) are given core's English labels here, as PREVIEW_ROLL_MODES does for the attack dialog (v13
 * lang/en.json: CHAT.RollPublic … CHAT.RollSelf, COMBAT.CombatantUpdate … COMBAT.CombatantRemove).
 */
import { spawnSync } from "node:child_process";
import { existsSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { join } from "node:path";
import { PREVIEW_ROLL_MODES, type Preview } from "../tests/fixtures/previews.js";

const MODES = PREVIEW_ROLL_MODES.rollModes;
const CORE_EN: Record<string, string> = {
  "CHAT.RollPublic": MODES.publicroll,
  "CHAT.RollPrivate": MODES.gmroll,
  "CHAT.RollBlind": MODES.blindroll,
  "CHAT.RollSelf": MODES.selfroll,
  "COMBAT.CombatantUpdate": "Update Combatant",
  "COMBAT.CombatantClear": "Clear Initiative",
  "COMBAT.CombatantReroll": "Reroll Initiative",
  "COMBAT.CombatantRemove": "Remove Combatant",
};

interface Screen {
  name: string;
  title: string;
  kind: "app" | "chat" | "sidebar";
  classes: string;
  width: number;
  height: number;
  html: string;
}

/** Plays the screens through the harness; their previews, or an error message. */
export function harnessPreviews(root: string, out: string): Preview[] | string {
  const dir = join(out, "harness");
  rmSync(dir, { recursive: true, force: true });
  const run = spawnSync(
    "npx",
    ["vitest", "run", "--project", "scenarios", "tests/scenarios/preview-screens.test.ts"],
    { cwd: root, env: { ...process.env, FT_PREVIEW_DUMP: dir }, encoding: "utf8" },
  );
  if (run.status !== 0 || !existsSync(dir))
    return `the harness screens (tests/scenarios/preview-screens.test.ts) failed:\n${run.stdout?.slice(-3000)}${run.stderr?.slice(-2000)}`;
  const core = (html: string) => html.replace(/\b(CHAT|COMBAT)\.[A-Za-z]+\b/g, (k) => CORE_EN[k] ?? k);
  return readdirSync(dir)
    .filter((f) => f.endsWith(".json"))
    .sort()
    .flatMap((f) => {
      const s = JSON.parse(readFileSync(join(dir, f), "utf8")) as Screen;
      // Where the frame draws it: a chat card in the chat log, the tracker in the sidebar (preview-frame.ts kindOf).
      const templates =
        s.kind === "chat" ? ["chat/harness"] : s.kind === "sidebar" ? ["apps/tracker.hbs"] : [];
      return (["light", "dark"] as const).map(
        (theme): Preview => ({
          name: `${s.name}-${theme}`,
          title: s.title,
          theme,
          width: s.width,
          height: s.height,
          classes: s.kind === "sidebar" ? "" : s.classes,
          templates,
          context: {},
          rawHtml: core(s.html),
        }),
      );
    });
}
