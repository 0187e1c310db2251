/**
 * "Move to side…" in the combat tracker's combatant menu (GM only): a dialog lists the combat's other sides by name
 * and colour; the choice is written as ONE update of the combatant's `group` (`FrontierCombat#moveToSide`). The
 * entry sits in the tracker's own `_getEntryContextOptions`, which v13's `_createContextMenu` reads each time the
 * menu is built, before the `getCombatTrackerContextOptions` hook (client/applications/api/application.mjs). The
 * sides are read when the dialog opens, not when the menu was built, so a side made or removed since is right.
 */

import { safeColour } from "../documents/combat/side-initiative.js";
import { isSide, sideIdOf } from "../documents/subtypes.js";
import { guard, notify } from "../helpers/report.js";

type MenuEntry = foundry.applications.ux.ContextMenu.Entry<HTMLElement>;
type CombatI = Combat.Implementation;

const t = (k: string) => game.i18n?.localize(k) ?? k;

/** The sides a combatant may be moved to: every side of its combat but its own, as [id, name, colour]. */
export function otherSides(combat: CombatI, combatantId: string): [string, string, string][] {
  const combatant = combat.combatants.get(combatantId);
  if (!combatant) return [];
  const own = sideIdOf(combatant);
  return combat.groups.contents
    .filter(isSide)
    .filter((g) => g.id !== own)
    .map((g) => [g.id ?? "", g.name ?? "", safeColour(g.system.colour)]);
}

/** The GM picks the side in a dialog; null when dismissed or nothing was picked. */
async function pickSide(name: string, sides: [string, string, string][]): Promise<string | null> {
  const esc = foundry.utils.escapeHTML;
  const options = sides
    .map(
      ([id, sideName, colour], i) =>
        `<label class="ft-move-side"><input type="radio" name="side" value="${esc(id)}"${i === 0 ? " checked" : ""}>` +
        `<span class="ft-side-swatch" style="--side-colour: ${colour}"></span> ${esc(sideName)}</label>`,
    )
    .join("");
  const result = await foundry.applications.api.DialogV2.prompt({
    // A combatant's or side's name goes into the HTML escaped, never into the window title (H5).
    window: { title: t("FT.Side.moveTitle") },
    content: `<p>${esc(name)}</p><fieldset class="ft-move-sides"><legend>${t("FT.Side.moveLegend")}</legend>${options}</fieldset>`,
    ok: {
      label: t("FT.Side.moveOk"),
      callback: (_ev: Event, button: HTMLButtonElement) => {
        const checked = button.form?.querySelector<HTMLInputElement>('input[name="side"]:checked');
        return checked?.value ?? null;
      },
    },
  });
  // v13 resolves with the callback's value (null when dismissed); fvtt-types 13.345 types it as the action id.
  return typeof result === "string" && sides.some(([id]) => id === result) ? result : null;
}

/** The menu entry; `combat` is the tracker's viewed combat when the entry is used. */
export function moveToSideEntry(combat: () => CombatI | null | undefined): MenuEntry {
  return {
    name: "FT.Side.moveTo",
    icon: '<i class="fa-solid fa-people-arrows"></i>',
    condition: (li) => {
      const c = combat();
      return !!game.user?.isGM && !!c && otherSides(c, li.dataset.combatantId ?? "").length > 0;
    },
    callback: (li) =>
      guard(async () => {
        const c = combat();
        const id = li.dataset.combatantId ?? "";
        const combatant = c?.combatants.get(id);
        if (!c || !combatant || !game.user?.isGM) return notify("warn", "FT.Side.moveFailed");
        const side = await pickSide(combatant.name ?? "", otherSides(c, id));
        // The side (or the combatant) may have gone while the dialog was open.
        if (side && !(await c.moveToSide(id, side))) notify("warn", "FT.Side.moveFailed");
      }),
  };
}
