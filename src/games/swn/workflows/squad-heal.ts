/**
 * Healing a squad (seed 003, SWN-17: "when psychically healing a squad you can only restore 1 Unit at a time"):
 * from the squad's sheet its owner or the GM heals an amount; the pool rises by at most the next unit's worth
 * (`healSquad`, rules/health/squad.ts), the units standing follow — one write — and a card says it. Editing the HP
 * field by hand stays the GM's free correction. A "Tissue Integrity Field" box (SWN-17: "When using Tissue Integrity
 * Field, you can multiply the healing by max units") multiplies the amount by the squad's size and lifts the
 * one-unit limit. Loaded when first used.
 */

import { keyed, line } from "../../../data/chat/rule-card.js";
import { isSquad } from "../../../data/subtypes.js";
import { notify, report } from "../../../helpers/report.js";
import { pickedRollMode, type RollMode, rollModeSelectHTML } from "../../../helpers/roll-mode.js";
import { healSquad, RulesError } from "../../../rules/index.js";
import { postRuleCard } from "../../../workflows/card/rule-card.js";

const t = (key: string, data?: Record<string, string>) =>
  (data ? game.i18n?.format(key, data) : game.i18n?.localize(key)) ?? key;

interface HealAnswer {
  readonly amount: string;
  readonly tif: boolean;
  readonly rollMode?: RollMode;
}

/** The prompt's answer (null when closed). */
function isHealAnswer(v: unknown): v is HealAnswer {
  return typeof v === "object" && v !== null && "amount" in v && "tif" in v;
}

/** SWN-17: heal a squad one unit at a time (the amount the user gives; what is past the next unit is lost). */
export async function healFromSheet(actor: Actor.Implementation): Promise<void> {
  try {
    if (!isSquad(actor)) return;
    if (!actor.isOwner) return notify("warn", "FT.Squad.Heal.notYours", { name: actor.name ?? "" });
    const result: unknown = await foundry.applications.api.DialogV2.prompt({
      window: { title: t("FT.Squad.Heal.title", { name: actor.name ?? "" }) },
      content: `<div class="ft-dialog ft-squad-heal"><label>${t("FT.Squad.Heal.amount")} <input type="number" name="amount" value="0" min="0" step="1"></label><p class="hint">${t("FT.Squad.Heal.hint")}</p><label><input type="checkbox" name="tif"> ${t("FT.Squad.Heal.tif", { max: String(actor.system.units.max) })}</label>${rollModeSelectHTML(t("FT.UX.rollMode"))}</div>`,
      ok: {
        label: t("FT.Squad.Heal.button"),
        callback: (_ev: Event, button: HTMLButtonElement) => ({
          amount: button.form?.querySelector<HTMLInputElement>('[name="amount"]')?.value ?? "0",
          tif: button.form?.querySelector<HTMLInputElement>('[name="tif"]')?.checked === true,
          // Review-ux 2.2: the card's roll mode, as every roll dialog offers it (helpers/roll-mode.ts).
          rollMode: pickedRollMode(button.form?.querySelector<HTMLSelectElement>('[name="rollMode"]')?.value),
        }),
      },
    });
    if (!isHealAnswer(result)) return;
    const amount = Number(result.amount);
    if (!Number.isInteger(amount) || amount < 0)
      throw new RulesError("FT.Squad.Heal.bad", `"${result.amount}" is not a whole number of hit points`, {
        value: result.amount,
      });
    const q = actor.system;
    const healed = healSquad(
      {
        model: "squad",
        hp: q.hp.value,
        hd: q.swn.hd,
        units: { value: q.units.value, max: q.units.max },
        armor: 0,
      },
      amount,
      { tif: result.tif },
    );
    if (healed.hp.after === healed.hp.before) return notify("info", "FT.Squad.Heal.nothing");
    await actor.update({ system: { hp: { value: healed.hp.after }, units: { value: healed.units.after } } });
    await postRuleCard(
      {
        kind: "ft-squad-heal-card",
        ruleId: "SWN-17",
        title: keyed("FT.Squad.Heal.title", { name: actor.name ?? "" }),
        lines: [
          line(
            keyed(result.tif ? "FT.Squad.Heal.resultTif" : "FT.Squad.Heal.result", {
              before: String(healed.hp.before),
              after: String(healed.hp.after),
              units: String(healed.units.after),
              amount: String(amount),
              max: String(q.units.max),
            }),
            "ft-result",
          ),
        ],
      },
      { speaker: ChatMessage.getSpeaker({ actor }), rollMode: result.rollMode },
    );
  } catch (e) {
    report(e);
  }
}
