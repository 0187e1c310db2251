/**
 * What the SWN block's actions share (moved out of actions.ts): each action's rule ID (SWN-01 to SWN-07, SWN-18),
 * its dialog and the checks on what is typed in it, the actor's SWN numbers, token and combatant, the one target in
 * melee reach, the attack line of a card and posting it, and laying a target prone (SWN-02).
 */
import { attackTargets, readTarget } from "../../../canvas/scene-facts.js";
import { keyed, line, literal, type RuleText } from "../../../data/chat/rule-card.js";
import { notify } from "../../../helpers/report.js";
import { pickedRollMode, rollModeSelectHTML } from "../../../helpers/roll-mode.js";
import { D20_REACH_M, RulesError, swnAttackHits } from "../../../rules/index.js";
import { keepsNumbersSecret } from "../../../workflows/card/card-render.js";
import { postRuleCard } from "../../../workflows/card/rule-card.js";
import { turnGate } from "../../../workflows/turn/turn-ledger.js";

type ActorI = Actor.Implementation;
type TokenP = Token.Implementation;

export const SWN_ACTIONS = [
  "shove",
  "charge",
  "vehicleCharge",
  "disarm",
  "protect",
  "protectMech",
  "jump",
  "recruit",
  "lead",
] as const;
export type SwnActionKind = (typeof SWN_ACTIONS)[number];

const RULE: Record<SwnActionKind, string> = {
  shove: "SWN-01",
  charge: "SWN-02",
  vehicleCharge: "SWN-03",
  disarm: "SWN-04",
  protect: "SWN-05",
  protectMech: "SWN-06",
  jump: "SWN-07",
  recruit: "SWN-18",
  lead: "SWN-19",
};

export const t = (key: string, data?: Record<string, string | number>): string =>
  (data
    ? game.i18n?.format(key, Object.fromEntries(Object.entries(data).map(([k, v]) => [k, String(v)])))
    : game.i18n?.localize(key)) ?? key;
const esc = (s: string): string => foundry.utils.escapeHTML(s);
/** A key and its data for a rule card, numbers written as text; a `{ key }` value is localized by each reader. */
export const k = (key: string, data: Record<string, string | number | { key: string }> = {}): RuleText =>
  keyed(
    key,
    Object.fromEntries(Object.entries(data).map(([n, v]) => [n, typeof v === "number" ? String(v) : v])),
  );
export const mod = (n: number) => (n < 0 ? `− ${-n}` : `+ ${n}`);

/** What `swn` holds on a character, creature or squad: HD and AC (a squad's too), the attack bonus. */
export function swnOf(actor: ActorI | null | undefined): { hd: number; ac: number; ab: number } | null {
  if (!actor) return null;
  const sys: unknown = actor.system;
  if (!sys || typeof sys !== "object" || !("swn" in sys)) return null;
  const swn: unknown = sys.swn;
  if (!swn || typeof swn !== "object") return null;
  const n = (k: string) => {
    const v: unknown = k in swn ? Reflect.get(swn, k) : undefined;
    return typeof v === "number" ? v : 0;
  };
  return { hd: n("hd"), ac: n("ac"), ab: n("ab") };
}

/** One field of an action's dialog. */
interface Field {
  readonly name: string;
  readonly label: string;
  readonly kind: "number" | "checkbox" | "select" | "text";
  readonly value?: string;
  readonly options?: readonly { readonly value: string; readonly label: string }[];
}

/**
 * The action's dialog: the values by name (a checkbox "on" or ""), or null when cancelled. A dialog whose action
 * posts a card (`card`, the default) also offers the roll mode the card is posted in (issue 33: `rollMode`, a v13
 * `CONFIG.Dice.rollModes` key, the chat's first; helpers/roll-mode.ts).
 */
export async function ask(
  kind: SwnActionKind,
  fields: readonly Field[],
  card = true,
): Promise<Record<string, string> | null> {
  const html = fields
    .map((f) => {
      if (f.kind === "checkbox")
        return `<label class="ft-check"><input type="checkbox" name="${f.name}"> ${esc(f.label)}</label>`;
      if (f.kind === "select")
        return `<label>${esc(f.label)} <select name="${f.name}">${(f.options ?? [])
          .map(
            (o) =>
              `<option value="${esc(o.value)}"${o.value === f.value ? " selected" : ""}>${esc(o.label)}</option>`,
          )
          .join("")}</select></label>`;
      const type = f.kind === "number" ? ' type="number" step="1"' : ' type="text"';
      return `<label>${esc(f.label)} <input${type} name="${f.name}" value="${esc(f.value ?? "")}"></label>`;
    })
    .join("");
  const result: unknown = await foundry.applications.api.DialogV2.prompt({
    window: { title: `${t(`FT.SWN.Act.${kind}`)} (${RULE[kind]})` },
    content: `<div class="ft-dialog ft-swn-action">${html}${card ? rollModeSelectHTML(t("FT.UX.rollMode")) : ""}</div>`,
    ok: {
      label: t("FT.SWN.Act.roll"),
      callback: (_ev: Event, button: HTMLButtonElement) => {
        const form = button.form;
        const out: Record<string, string> = {};
        for (const f of fields) {
          // Read by selector, not `instanceof`: a dialog's elements may come from another window's constructors.
          if (f.kind === "checkbox")
            out[f.name] = form?.querySelector<HTMLInputElement>(`input[name="${f.name}"]`)?.checked
              ? "on"
              : "";
          else
            out[f.name] =
              form?.querySelector<HTMLInputElement | HTMLSelectElement>(`[name="${f.name}"]`)?.value ?? "";
        }
        if (card)
          out.rollMode = pickedRollMode(form?.querySelector<HTMLSelectElement>('[name="rollMode"]')?.value);
        return out;
      },
    },
  });
  if (!result || typeof result !== "object") return null;
  return Object.fromEntries(Object.entries(result).map(([k, v]) => [k, String(v)]));
}

/** A whole number from a dialog field, within [lo, hi]; refused with the field's label otherwise. */
export function whole(raw: string | undefined, lo: number, hi: number, label: string): number {
  const n = Number(raw === undefined || raw.trim() === "" ? Number.NaN : raw);
  if (!Number.isInteger(n) || n < lo || n > hi)
    throw new RulesError(
      "FT.SWN.Act.badInput",
      `${label}: "${raw ?? ""}" is not a whole number from ${lo} to ${hi}`,
      {
        what: label,
        value: raw ?? "",
        lo,
        hi,
      },
    );
  return n;
}

/** The actor's token, refused (null, notified) without one. */
export function tokenOf(actor: ActorI): TokenP | null {
  const token = actor.getActiveTokens()[0];
  if (!token) notify("warn", "FT.Attack.noToken");
  return token ?? null;
}

/** The combatant of the token in the viewed combat. */
const combatantOf = (token: TokenP) => game.combat?.combatants.find((c) => c.tokenId === token.id);

/**
 * The user's one target within reach of the token (2 m, or the scene's one grid space: an adjacent 3 m hex), with
 * its SWN numbers. Refused with a notification (null) or a thrown RulesError.
 */
async function meleeTarget(
  token: TokenP,
): Promise<{ target: TokenP; name: string; swn: { hd: number; ac: number } } | null> {
  const targets = attackTargets();
  if (targets.length !== 1) {
    notify("warn", "FT.Melee.oneTarget");
    return null;
  }
  const target = targets[0]!;
  const scene = await readTarget(token, target, "m");
  const reach = Math.max(D20_REACH_M, canvas?.scene?.grid.distance ?? 0);
  if (scene.input.facts.distance > reach + 1e-9)
    throw new RulesError("FT.Error.outOfRange", "Out of reach", { target: scene.input.facts.name });
  const swn = swnOf(target.actor);
  if (!swn) throw new RulesError("FT.SWN.noFacts", "No SWN numbers", {});
  return { target, name: scene.input.facts.name, swn };
}

/** Post the action's card: its title and rule, and lines already escaped. */
export async function postCard(
  actor: ActorI,
  token: TokenP | null,
  kind: SwnActionKind,
  lines: readonly { readonly text: RuleText | readonly RuleText[]; readonly cls?: string }[],
  rolls: Roll[],
  /** Issue 33: the roll mode the action's dialog picked (`ask`); absent = the chat's. */
  rollMode?: string,
): Promise<void> {
  await postRuleCard(
    {
      kind: "ft-special-card ft-swn-card",
      ruleId: RULE[kind],
      title: k(`FT.SWN.Act.${kind}`),
      lines: lines.map((l) => line(l.text, l.cls)),
    },
    {
      speaker: ChatMessage.getSpeaker({ actor, ...(token ? { token: token.document } : {}) }),
      rolls,
      rollMode: pickedRollMode(rollMode),
    },
  );
}

export const roll = async (formula: string): Promise<Roll> => new Roll(formula).evaluate();
export const dice = (r: Roll): string =>
  `[${r.dice.flatMap((d) => d.results.map((x) => x.result)).join(", ")}]`;

/**
 * The attack line: "Kara: d20 12 + 1 = 13 vs AC 11 → Hit" — an NPC attacker's bonus and an NPC target's AC stay off
 * when players may not see them (R1-5).
 */
export function attackLine(
  actor: ActorI,
  d20: number,
  bonus: number,
  ac: number,
  acNote: string,
  secretTarget: boolean,
) {
  const hit = swnAttackHits(d20, bonus, ac);
  const total = keepsNumbersSecret(actor) ? `d20 ${d20}` : `d20 ${d20} ${mod(bonus)} = ${d20 + bonus}`;
  const vs = secretTarget ? [] : [k("FT.SWN.Act.vsAc", { ac }), ...(acNote ? [literal(acNote.trim())] : [])];
  return {
    hit,
    line: {
      text: [
        literal(`${actor.name ?? ""}: ${total}`),
        ...vs,
        literal("→"),
        k(hit ? "FT.Card.hit" : "FT.Card.miss"),
      ],
      cls: `ft-roll-line ${hit ? "hit" : "miss"}`,
    },
  };
}

/** Lay `actor` prone when this user may (the charger, or a target they own); else the card asks the GM. */
export async function layProne(who: ActorI | null, name: string): Promise<{ text: RuleText; cls: string }> {
  if (who?.isOwner) {
    await who.toggleStatusEffect("prone", { active: true });
    return { text: k("FT.SWN.Act.prone", { name }), cls: "ft-result" };
  }
  return { text: k("FT.SWN.Act.proneGm", { name }), cls: "ft-result" };
}

/**
 * What every attack-like action starts with: the actor's token, its combatant, the turn's gate (not while down, not
 * after the round's attack, SW-13) and the one target within reach; null (the user told why) when any is missing.
 */
export async function meleeStart(actor: ActorI) {
  const token = tokenOf(actor);
  if (!token) return null;
  const combatant = combatantOf(token);
  if (!turnGate(actor, null, combatant)) return null;
  const m = await meleeTarget(token);
  return m ? { token, combatant, m } : null;
}
