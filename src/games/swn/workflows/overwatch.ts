/**
 * Overwatch at the table (seed 003, SWN-08), under the d20 engine's swn profile: from the acting combatant's tracker
 * row, its owner (or the GM) takes overwatch — the round's action — facing one of the six hex sides on a hex scene
 * (one of eight compass points on a square one, `overwatchFacings`) with a ranged
 * weapon; until the start of its next turn the row offers one overwatch shot, out of turn, at a target in the 60° arc:
 * −2, ignoring the cover's armour, not its concealment (the engine: `rules/d20/engine.ts`). One Combatant update and
 * one card to declare it; the shot spends it. Loaded when first used.
 */

import { keyed, line } from "../../../data/chat/rule-card.js";
import { isItemType } from "../../../data/subtypes.js";
import { notify, report } from "../../../helpers/report.js";
import { pickedRollMode, type RollMode, rollModeSelectHTML } from "../../../helpers/roll-mode.js";
import { overwatchFacings, overwatchGridOf } from "../../../rules/index.js";
import { postRuleCard } from "../../../workflows/card/rule-card.js";
import { ownTurnAction } from "../../../workflows/turn/turn-ledger.js";

type CombatantI = Combatant.Implementation;

const t = (key: string, data?: Record<string, string>) =>
  (data ? game.i18n?.format(key, data) : game.i18n?.localize(key)) ?? key;
const esc = (s: string) => foundry.utils.escapeHTML(s);

/** The facing the user picks, and the ranged weapon to watch with; null when cancelled. */
async function pickFacing(
  weapons: readonly Item.Implementation[],
  facings: readonly number[],
): Promise<{ facing: number; weaponId: string; rollMode: RollMode } | null> {
  const option = (v: string, label: string) => `<option value="${esc(v)}">${esc(label)}</option>`;
  const content = `<div class="ft-dialog ft-overwatch">
    <label>${t("FT.SWN.Overwatch.facing")} <select name="facing">${facings.map((f) => option(String(f), t(`FT.SWN.Overwatch.dir.${f}`))).join("")}</select></label>
    <label>${t("FT.SWN.Overwatch.weapon")} <select name="weaponId">${weapons.map((w) => option(w.id ?? "", w.name ?? "")).join("")}</select></label>${rollModeSelectHTML(t("FT.UX.rollMode"))}</div>`;
  const result: unknown = await foundry.applications.api.DialogV2.prompt({
    window: { title: t("FT.SWN.Overwatch.title") },
    content,
    ok: {
      label: t("FT.SWN.Overwatch.take"),
      callback: (_ev: Event, button: HTMLButtonElement) => ({
        facing: button.form?.querySelector<HTMLSelectElement>('[name="facing"]')?.value ?? "",
        weaponId: button.form?.querySelector<HTMLSelectElement>('[name="weaponId"]')?.value ?? "",
        // Review-ux 2.2: the card's roll mode (helpers/roll-mode.ts).
        rollMode: pickedRollMode(button.form?.querySelector<HTMLSelectElement>('[name="rollMode"]')?.value),
      }),
    },
  });
  if (!result || typeof result !== "object" || !("facing" in result) || !("weaponId" in result)) return null;
  const facing = Number(result.facing);
  if (!facings.some((f) => f === facing)) return null;
  const rollMode = pickedRollMode("rollMode" in result ? result.rollMode : undefined);
  return { facing, weaponId: String(result.weaponId), rollMode };
}

/**
 * SWN-08: the acting combatant takes overwatch (its owner or the GM), as the round's action: refused with a
 * notification when it is not its turn, it has acted this round, or it has no ranged weapon.
 */
export async function declareOverwatch(combatant: CombatantI): Promise<void> {
  try {
    const own = ownTurnAction(combatant);
    if (!own) return;
    const { actor, round, ledger } = own;
    const weapons = actor.items.contents.filter(
      (i) => isItemType(i, "weapon") && i.system.d20.attack !== "melee" && !i.system.d20.grenade,
    );
    if (!weapons.length) return notify("warn", "FT.SWN.Overwatch.noWeapon", { name: actor.name ?? "" });
    // SWN-08: the hex sides of the overwatcher's scene (its grid type, v13 `Scene#grid`), compass points on squares.
    const facings = overwatchFacings(overwatchGridOf(combatant.token?.parent?.grid.type));
    const picked = await pickFacing(weapons, facings);
    if (!picked) return;
    const weapon = actor.items.get(picked.weaponId) ?? weapons[0]!;
    await combatant.update({
      system: {
        turn: { ...ledger, round, action: "overwatch" },
        overwatch: { round, facing: picked.facing, used: false, weaponId: weapon.id ?? "" },
      },
    });
    await postRuleCard(
      {
        kind: "ft-overwatch-card",
        ruleId: "SWN-08",
        title: keyed("FT.SWN.Overwatch.title"),
        lines: [
          line(
            keyed("FT.SWN.Overwatch.taken", {
              name: actor.name ?? "",
              dir: { key: `FT.SWN.Overwatch.dir.${picked.facing}` },
              weapon: weapon.name ?? "",
            }),
            "ft-result",
          ),
        ],
      },
      { speaker: ChatMessage.getSpeaker({ actor }), rollMode: picked.rollMode },
    );
  } catch (e) {
    report(e);
  }
}
