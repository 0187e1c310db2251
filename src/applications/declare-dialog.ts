/**
 * The declaration dialog (SF-X-07), opened from the combatant's row on the tracker in the declare phase: the
 * weapon the shots are declared for, the number of shots, a burst, the power setting, careful aim, melee and area
 * fire. The declaration is checked (`checkDeclaration`) and written on the combatant's own flag by the declaring
 * user (an owner may write a Combatant's flags, v13 common/documents/combatant.mjs `#canUpdate`).
 */
import { factsOf } from "../data/item/facts.js";
import { isItemType } from "../data/subtypes.js";
import {
  checkDeclaration,
  type DeclarationInput,
  declaredThisRound,
} from "../workflows/turn/declarations.js";
import { mayDeclare } from "../workflows/turn/phase-gate.js";

const esc = (s: string) => foundry.utils.escapeHTML(s);

/** The ranged weapons a declaration may name (melee is declared with its own box). */
function weaponsOf(actor: Actor.Implementation | null) {
  return (actor?.items.contents ?? [])
    .filter((i) => isItemType(i, "weapon") && i.system.skill !== "melee")
    .map((i) => i as Item.OfType<"weapon">);
}

/** Open the dialog for a combatant and store what the user declares. Refusals are told to the user. */
export async function declareFor(
  combat: Combat.Implementation,
  combatant: Combatant.Implementation,
): Promise<void> {
  if (!mayDeclare(combat, combatant)) return;
  const t = (k: string) => game.i18n?.localize(k) ?? k;
  const weapons = weaponsOf(combatant.actor);
  const before = declaredThisRound(combatant.marks.declared, combat.round);
  const options = weapons
    .map((w) => `<option value="${esc(w.id ?? "")}">${esc(w.name ?? "")}</option>`)
    .join("");
  const box = (name: string, label: string, on: boolean | undefined) =>
    `<div class="form-group"><label>${t(label)}</label><input type="checkbox" name="${name}" ${on ? "checked" : ""}></div>`;
  const content = `<p class="ft-declare-name">${esc(combatant.name ?? "")}</p>
    <div class="form-group"><label>${t("FT.Phases.dialog.weapon")}</label><select name="weapon">${options}</select></div>
    <div class="form-group"><label>${t("FT.Phases.dialog.shots")}</label><input type="number" name="shots" min="1" step="1" value="${before?.shots ?? 1}"></div>
    ${box("burst", "FT.Phases.dialog.burst", before?.burst)}
    <div class="form-group"><label>${t("FT.Phases.dialog.power")}</label><input type="number" name="powerSetting" min="1" step="1" value="${before?.powerSetting ?? ""}"></div>
    ${box("carefulAim", "FT.Phases.dialog.carefulAim", before?.carefulAim)}
    ${box("melee", "FT.Phases.dialog.melee", before?.melee)}
    <div class="form-group"><label>${t("FT.Phases.dialog.area")}</label><input type="number" name="areaWidth" min="0" max="5" step="0.5" value="${before?.areaWidth ?? 0}"></div>`;
  const answer = await foundry.applications.api.DialogV2.prompt({
    window: { title: t("FT.Phases.dialog.title") },
    content,
    ok: {
      label: t("FT.Phases.dialog.declare"),
      callback: (_e: Event, button: HTMLButtonElement) => {
        const f = button.form!;
        const field = (n: string) => f.elements.namedItem(n) as HTMLInputElement | null;
        const num = (n: string) => {
          const v = field(n)?.value ?? "";
          return v === "" ? null : Number(v);
        };
        return {
          weapon: field("weapon")?.value ?? "",
          shots: num("shots") ?? 1,
          burst: !!field("burst")?.checked,
          powerSetting: num("powerSetting"),
          carefulAim: !!field("carefulAim")?.checked,
          melee: !!field("melee")?.checked,
          areaWidth: num("areaWidth") ?? 0,
        };
      },
    },
  });
  // v13 resolves with the callback's value (null when dismissed); fvtt-types 13.345 types it as the action id.
  const r = answer as (DeclarationInput & { weapon: string }) | null;
  if (!r) return;
  const item = weapons.find((w) => w.id === r.weapon) ?? null;
  const { weapon: _, ...input } = r;
  const facts = item ? factsOf(item.name ?? "", item.system) : null;
  const checked = checkDeclaration(input, facts ? { rof: facts.rof, burst: !!facts.burst } : null);
  await combatant.update({
    system: {
      declared: {
        ...checked,
        round: combat.round,
        // A declaration changed in the declare phase keeps what was already fired (nothing, before the moves).
        fired: before?.fired ?? 0,
        opportunity: before?.opportunity ?? 0,
      },
    },
  });
}
