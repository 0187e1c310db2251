/**
 * The card of a squad's attack (SWN-17, squad-attack.ts): its numbers as every client reads them, and its HTML — the
 * attack card's row shape, so the attack card's buttons (Apply, Undo) and the GM's apply pipeline take it as they
 * take any other card. No import of attack.ts: `renderCard` draws a squad card with this.
 */

import type { AttackCardData, SquadCard } from "../../../data/chat/attack-card.js";
import type { CardViewer } from "../../../workflows/card/card-context.js";

const esc = (s: string): string => foundry.utils.escapeHTML(s);
/** A number with a true minus sign (−6). */
const minus = (n: number) => (n < 0 ? `−${-n}` : String(n));
const signed = (n: number) => (n < 0 ? `− ${-n}` : `+ ${n}`);
const t = (key: string, data?: Record<string, string | number>): string => {
  const i18n = game.i18n;
  if (!i18n) return key;
  return data
    ? i18n.format(key, Object.fromEntries(Object.entries(data).map(([k, v]) => [k, String(v)])))
    : i18n.localize(key);
};

/** SWN-17: the attack line, e.g. "d20 12 + 1 = 13 vs AC 13 → half (margin 0)". */
export function squadAttackLine(q: SquadCard): string {
  const roll = q.bonus === null ? `d20 ${q.natural}` : `d20 ${q.natural} ${signed(q.bonus)} = ${q.total}`;
  const vs = q.ac === null ? "" : ` ${t("FT.Squad.Attack.vsAc", { ac: q.ac })}`;
  const margin =
    q.total !== null && q.ac !== null
      ? ` ${t("FT.Squad.Attack.margin", { margin: minus(q.total - q.ac) })}`
      : "";
  const nat = q.natural20 ? ` ${t("FT.Squad.Attack.natural20")}` : "";
  return `${roll}${vs} → ${t(`FT.Squad.Attack.${q.hit}`)}${margin}${nat}`;
}

/** SWN-17: the damage line, e.g. "1d8 avg 4.5 × 4 units = 18, half 9". */
export function squadDamageLine(q: SquadCard): string {
  if (q.hit === "none") return t("FT.Squad.Attack.noDamage");
  const base = t("FT.Squad.Attack.flat", {
    formula: q.formula,
    average: q.average,
    units: q.units,
    full: q.full,
  });
  const half = q.hit === "half" ? `, ${t("FT.Squad.Attack.halfOf", { half: q.flat })}` : "";
  const cover = q.cover
    ? `, ${t("FT.Squad.Attack.cover", { cover: Number(q.cover), damage: Number(q.damage) })}`
    : "";
  return `${base}${half}${cover}`;
}

/**
 * The squad card's HTML for `viewer` (issue 28: drawn on each page from the card's data, for that page's user, as the
 * attack card is: Undo the GM's; Apply the GM's and the author's, the "GM applies" note for a player's target they
 * do not own). Its target row has the attack card's row shape (`li.ft-target[data-target-id]`, `.ft-applied`, the
 * Apply and Undo buttons), so `bindAttackCard` wires it as any other card's.
 */
export function squadCardHtml(card: AttackCardData & { squad: SquadCard }, viewer: CardViewer): string {
  const q = card.squad;
  const target = card.targets[0];
  const id = target?.id ?? "";
  const mark = card.applied.find((m) => m.targetId === id);
  const applied = !!mark && !mark.undone;
  const title = t("FT.Squad.Attack.title", { squad: q.name, target: q.targetName });
  const list = Array.isArray(q.terms) ? q.terms : [];
  const terms = list.length
    ? `<p class="ft-why">${list.map((m) => `${esc(t(m.label))} ${signed(Number(m.value))} <span class="ft-rule">${esc(m.ruleId)}</span>`).join(" · ")}</p>`
    : "";
  const appliedLine = applied
    ? `<p class="ft-applied"><span class="ft-applied-label">${esc(t("FT.Card.applied"))}</span>${mark?.unconscious ? ` <span class="ft-tag ft-bad">${esc(t("FT.Sheet.unconscious"))}</span>` : ""}</p>`
    : "";
  const offered = !applied && q.damage > 0;
  const mayApply =
    viewer.isGM || (viewer.isAuthor && !mark?.undone && (viewer.applyToAll || viewer.ownsTarget(id)));
  const gmApplies = !viewer.isGM && viewer.isAuthor && !mark?.undone && !mayApply;
  const apply =
    offered && mayApply
      ? `<button type="button" data-ft-action="apply" data-target-id="${esc(id)}"${mark?.undone ? " data-undone" : ""}><i class="fa-solid fa-heart-crack"></i> ${esc(t("FT.Card.apply"))} ${Number(q.damage)}</button>`
      : offered && gmApplies
        ? `<span class="ft-tag ft-gm-applies">${esc(t("FT.Card.gmAppliesLabel"))}</span>`
        : "";
  const undo =
    applied && viewer.isGM
      ? `<button type="button" class="ft-secondary" data-ft-action="undo" data-target-id="${esc(id)}"><i class="fa-solid fa-rotate-left"></i> ${esc(t("FT.Card.undo"))}</button>`
      : "";
  const undone = mark?.undone ? `<span class="ft-tag">${esc(t("FT.Card.undoneLabel"))}</span>` : "";
  return `<div class="ft-card ft-squad-card"><header class="ft-card-header"><h3>${esc(title)} <span class="ft-rule">SWN-17</span></h3><p class="ft-why">${esc(q.weapon)}</p></header><ol class="ft-targets"><li class="ft-target${q.hit === "none" ? "" : " hit"}" data-target-id="${esc(id)}"><div class="ft-target-head"><strong>${esc(q.targetName)}</strong></div>${terms}<p class="ft-roll-line ft-squad-roll">${esc(squadAttackLine(q))}</p><p class="ft-roll-line ft-squad-damage">${esc(squadDamageLine(q))}</p>${appliedLine}<div class="ft-buttons">${undone}${apply}${undo}</div></li></ol></div>`;
}
