/**
 * Side Morale's controls (issue 16; SWN-09, SWN-10, SWN-12): Intimidate and Read Morale from a character's sheet
 * (the roll is the GM's, `games/swn/workflows/side-morale.ts`), the GM's factor editor and the tracker's Morale strip. Loaded
 * when first used.
 */
import { isSide, sideIdOf } from "../../../documents/subtypes.js";
import { requestGM } from "../../../helpers/gm-request.js";
import { notify, report } from "../../../helpers/report.js";
import {
  chatRollMode,
  pickedRollMode,
  type RollMode,
  rollModeSelectHTML,
} from "../../../helpers/roll-mode.js";
import { RulesError } from "../../../rules/index.js";
import {
  type GmMoraleFactors,
  gmFactors,
  holdsFactors,
  isRecord,
  moraleOfSide,
  moraleRead,
  notHeld,
} from "../workflows/side-morale.js";
import { setGmFactors } from "../workflows/side-morale-gm.js";

const t = (key: string, data?: Record<string, string>) =>
  (data ? game.i18n?.format(key, data) : game.i18n?.localize(key)) ?? key;
const esc = (s: string) => foundry.utils.escapeHTML(s);

/** The fight the actor is in: the viewed combat, started, with one of the actor's tokens as a combatant. */
function fightOf(actor: Actor.Implementation): Combat.Implementation {
  const combat = game.combat;
  if (!combat?.started || !combat.combatants.some((c) => c.actor === actor))
    throw new RulesError("FT.SWN.Morale.notInFight", "You have no combatant in this fight");
  return combat;
}

/**
 * Issue 33: the roll mode the GM posts a Morale check's card in (the request carries it; the GM keeps it only if it
 * is one of v13's, helpers/roll-mode-asked.ts). A click asks the chat's mode (the core client setting, as a v13 roll
 * made without a dialog); a shift-click first opens a prompt with the roll-mode select (as the sheet's ability
 * checks do): a GM often rolls Morale secretly (Private GM Roll, Blind GM Roll). Null when the prompt is closed.
 */
async function rollModeFor(title: string, ask: boolean): Promise<RollMode | null> {
  if (!ask) return chatRollMode();
  const data: unknown = await foundry.applications.api.DialogV2.input({
    window: { title },
    content: rollModeSelectHTML(t("FT.UX.rollMode")),
    ok: { label: t("FT.SWN.Morale.roll"), icon: "fa-solid fa-dice" },
  });
  if (!data || typeof data !== "object") return null;
  return pickedRollMode("rollMode" in data ? data.rollMode : undefined);
}

/**
 * SWN-09: Intimidate the side of the user's one target — the GM rolls 2d6 + the actor's Lead and Charisma (worked
 * out by the GM from the sheet: the user gives no bonus, review trust-and-faults-2 §2-C) against that side's Morale.
 * Refused with a notification: no fight, no target or several, the target on the actor's own side.
 */
export async function intimidateFrom(actor: Actor.Implementation, ask = false): Promise<void> {
  try {
    const combat = fightOf(actor);
    const targets = [...(game.user?.targets ?? [])];
    if (targets.length !== 1) return notify("warn", "FT.SWN.Intimidate.oneTarget");
    const c = targets[0]?.document.combatant;
    const sideId = c && c.parent === combat ? sideIdOf(c) : null;
    if (!sideId) return notify("warn", "FT.SWN.Intimidate.oneTarget");
    const side = combat.groups.get(sideId)?.name ?? "";
    const rollMode = await rollModeFor(t("FT.SWN.Intimidate.title", { side }), ask);
    if (!rollMode) return;
    await requestGM({
      kind: "intimidate",
      combatId: combat.id ?? "",
      actorId: actor.id ?? "",
      sideId,
      rollMode,
    });
  } catch (e) {
    report(e);
  }
}

/**
 * SWN-10: Read Morale — the GM rolls 2d6 + the actor's Notice and better of Wisdom and Charisma (from the sheet)
 * against 6, once per actor per round, and on a success writes the reading on this user's User.
 */
export async function readMoraleFrom(actor: Actor.Implementation, ask = false): Promise<void> {
  try {
    const combat = fightOf(actor);
    const rollMode = await rollModeFor(t("FT.SWN.ReadMorale.title"), ask);
    if (!rollMode) return;
    await requestGM({ kind: "readMorale", combatId: combat.id ?? "", actorId: actor.id ?? "", rollMode });
  } catch (e) {
    report(e);
  }
}

/**
 * The GM edits a side's Morale factors (SWN-12): kept in this browser, which the side then names as their holder
 * (taking it over from another browser), then the side is recomputed.
 */
export async function editMorale(combat: Combat.Implementation, groupId: string): Promise<void> {
  try {
    if (!game.user?.isGM) return;
    // The factors live in the active GM's browser, where the side is worked out: another GM's edits would be lost.
    if (!game.user.isActiveGM) return notify("warn", "FT.SWN.Morale.activeGMOnly");
    const group = combat.groups.get(groupId);
    if (!group || !isSide(group)) return;
    const f = gmFactors(combat.id ?? "", groupId);
    // Review §2-E: another browser holds this side's factors; saving here takes the side over, and the GM is told so.
    const taken = holdsFactors(combat, group) ? null : notHeld(group);
    const elsewhere = taken
      ? `<p class="hint ft-warning">${esc(
          t(taken.key, Object.fromEntries(Object.entries(taken.data).map(([k, v]) => [k, String(v)]))),
        )}</p>`
      : "";
    const members = combat.combatants.contents.filter((c) => sideIdOf(c) === groupId);
    const option = (v: string, label: string, on: boolean) =>
      `<option value="${esc(v)}"${on ? " selected" : ""}>${esc(label)}</option>`;
    const content = `<div class="ft-dialog ft-morale-edit">
      <label>${t("FT.SWN.Morale.base")} <input type="number" name="base" min="2" max="12" step="1" value="${f.base ?? ""}" placeholder="${t("FT.SWN.Morale.baseDefault")}"></label>
      <label>${t("FT.SWN.Morale.leader")} <select name="leaderId">${option("", t("FT.SWN.Morale.noLeader"), !f.leaderId)}${members.map((m) => option(m.id ?? "", m.name ?? "", m.id === f.leaderId)).join("")}</select></label>
      <label>${t("FT.SWN.Morale.leaderKind")} <select name="leaderKind">${option("ordinary", t("FT.SWN.Morale.ordinary"), f.leaderKind === "ordinary")}${option("great", t("FT.SWN.Morale.great"), f.leaderKind === "great")}</select></label>
      <label class="ft-check"><input type="checkbox" name="surprised"${f.surprised ? " checked" : ""}> ${t("FT.SWN.Morale.surprised")}</label>
      <label>${t("FT.SWN.Morale.outgunned")} <input type="number" name="outgunned" min="-5" max="5" step="1" value="${f.outgunned}"></label>
      <label class="ft-check"><input type="checkbox" name="homeGround"${f.homeGround ? " checked" : ""}> ${t("FT.SWN.Morale.homeGround")}</label>
      <p class="hint">${t("FT.SWN.Morale.editHint")}</p>${elsewhere}</div>`;
    const result: unknown = await foundry.applications.api.DialogV2.prompt({
      window: { title: t("FT.SWN.Morale.editTitle", { side: group.name ?? "" }) },
      content,
      ok: {
        label: t("FT.SWN.Morale.save"),
        callback: (_ev: Event, button: HTMLButtonElement) => {
          const form = button.form;
          const val = (n: string) => form?.querySelector<HTMLInputElement>(`[name="${n}"]`)?.value ?? "";
          const on = (n: string) => !!form?.querySelector<HTMLInputElement>(`[name="${n}"]`)?.checked;
          return {
            base: val("base"),
            leaderId: val("leaderId"),
            leaderKind: val("leaderKind"),
            surprised: on("surprised"),
            outgunned: val("outgunned"),
            homeGround: on("homeGround"),
          };
        },
      },
    });
    if (!isRecord(result)) return;
    const r = result;
    const whole = (v: unknown, lo: number, hi: number, what: string): number => {
      const n = Number(v);
      if (!Number.isInteger(n) || n < lo || n > hi)
        throw new RulesError("FT.SWN.Morale.badFactor", `${what} is a whole number from ${lo} to ${hi}`, {
          what,
          lo: String(lo),
          hi: String(hi),
        });
      return n;
    };
    const next: GmMoraleFactors = {
      base: r.base === "" ? null : whole(r.base, 2, 12, t("FT.SWN.Morale.base")),
      leaderId: members.some((m) => m.id === r.leaderId) ? String(r.leaderId) : "",
      leaderKind: r.leaderKind === "great" ? "great" : "ordinary",
      surprised: r.surprised === true,
      outgunned: r.outgunned === "" ? 0 : whole(r.outgunned, -5, 5, t("FT.SWN.Morale.outgunned")),
      homeGround: r.homeGround === true,
    };
    await setGmFactors(combat, groupId, next);
    ui.combat?.render();
  } catch (e) {
    report(e);
  }
}

/** One side in the tracker's Morale strip. */
export interface MoraleStripEntry {
  readonly id: string;
  readonly name: string;
  readonly colour: string;
  readonly value: number | null;
  readonly bandLabel: string;
  /** The factors, as a tooltip (GM). */
  readonly tooltip: string;
  /** A player's reading: the round they read it in. */
  readonly readData: { readonly round: string } | null;
}

/**
 * The Morale strip of a combat by count (SWN-12, SWN-13): for the GM every side with Morale — its number, band and
 * factors; for a player only the sides they read (SWN-10), as they read them.
 */
export function moraleStrip(combat: Combat.Implementation): MoraleStripEntry[] {
  // The number is worked out in the active GM's browser that holds the factors; another GM browser sees the band
  // only, and why (review trust-and-faults-2 §2-E).
  const isGM = !!game.user?.isGM;
  const active = !!game.user?.isActiveGM;
  const read = moraleRead()[combat.id ?? ""] ?? {};
  const out: MoraleStripEntry[] = [];
  for (const group of combat.groups.contents) {
    if (!isSide(group)) continue;
    const id = group.id ?? "";
    const base = { id, name: group.name ?? "", colour: group.system.colour };
    if (isGM && (!active || !holdsFactors(combat, group))) {
      const elsewhere = active ? notHeld(group) : null;
      if (group.system.morale.band)
        out.push({
          ...base,
          value: null,
          bandLabel: `FT.SWN.Morale.${group.system.morale.band}`,
          tooltip: elsewhere
            ? t(
                elsewhere.key,
                Object.fromEntries(Object.entries(elsewhere.data).map(([k, v]) => [k, String(v)])),
              )
            : t("FT.SWN.Morale.activeGMOnly"),
          readData: null,
        });
    } else if (isGM) {
      const now = moraleOfSide(combat, group);
      if (!now) continue;
      const tooltip = now.factors.map((m) => `${t(m.label)} ${m.value > 0 ? "+" : ""}${m.value}`).join(" · ");
      out.push({
        ...base,
        value: now.value,
        bandLabel: `FT.SWN.Morale.${now.band}`,
        tooltip,
        readData: null,
      });
    } else if (read[id]) {
      const r = read[id];
      out.push({
        ...base,
        value: r.value,
        bandLabel: `FT.SWN.Morale.${r.band}`,
        tooltip: "",
        readData: { round: String(r.round) },
      });
    }
  }
  return out;
}
