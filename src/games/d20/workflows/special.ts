/**
 * The d20 special attacks as opposed checks (SW-41, issue 15): bantha rush, trip, overrun, grapple and disarm, from
 * the d20 block of the sheet, at the user's one target within reach (SW-14). The user picks what the rules ask
 * (charging, a stable defender, a blocking defender), both d20s are rolled on the user's client as Foundry rolls
 * every die, and one chat card says the totals and the outcome by the rules (`rules/d20/actions.ts`). What follows —
 * a push, a fall to prone, a grapple held, a weapon dropped — is the referee's to play on the canvas (SW-41 is an
 * assisted rule): the card says it. An NPC defender's bonus stays off the card when players may not see its numbers.
 */
import { attackTargets, readTarget } from "../../../canvas/scene-facts.js";
import { keyed, line, literal, type RuleText } from "../../../data/chat/rule-card.js";
import { isItemType } from "../../../data/subtypes.js";
import { requestGM } from "../../../helpers/gm-request.js";
import { notify, report } from "../../../helpers/report.js";
import { pickedRollMode, type RollMode, rollModeSelectHTML } from "../../../helpers/roll-mode.js";
import {
  banthaRush,
  D20_REACH_M,
  D20_SIZES,
  type D20Size,
  disarmModifiers,
  grappleAutoLoss,
  grappleBonus,
  meleeTouchAttack,
  OBJECT_SUBSTANCES,
  objectDamage,
  objectStrike,
  opposed,
  overrun,
  RulesError,
  sizeAllows,
  startsWithTouch,
  trip,
} from "../../../rules/index.js";
import { keepsNumbersSecret } from "../../../workflows/card/card-render.js";
import { postRuleCard } from "../../../workflows/card/rule-card.js";
import { recordD20Attack, turnGate } from "../../../workflows/turn/turn-ledger.js";
import { disabledStrainAfter } from "./dying.js";

type ActorI = Actor.Implementation;

export const SPECIAL_ATTACKS = ["banthaRush", "trip", "overrun", "grapple", "disarm"] as const;
export type SpecialAttack = (typeof SPECIAL_ATTACKS)[number];

/** What a special attack reads of a d20 actor: BAB, size, Str and Dex modifiers. */
interface Side {
  readonly bab: number;
  readonly size: D20Size;
  readonly str: number;
  readonly dex: number;
  /** Its first equipped melee weapon's size ("" = not entered) and whether it is held in two hands (disarm). */
  readonly weaponSize: string;
  readonly twoHanded: boolean;
  readonly hasMeleeWeapon: boolean;
  /** SW-09: its touch Defense (no class bonus), as its sheet shows it. */
  readonly touch: number;
}

function sideOf(actor: ActorI): Side | null {
  const sys = actor.system as {
    d20?: { bab: number; size: string };
    derived?: { d20?: { mods: { str: number; dex: number }; defense: { touch: number } } };
  };
  if (!sys.d20) return null;
  const size = (D20_SIZES as readonly string[]).includes(sys.d20.size) ? (sys.d20.size as D20Size) : "medium";
  const weapon = actor.items.contents.find(
    (i) => isItemType(i, "weapon") && i.system.d20.attack === "melee" && i.system.equipped,
  );
  const w = weapon && isItemType(weapon, "weapon") ? weapon.system.d20 : null;
  return {
    bab: sys.d20.bab,
    size,
    str: sys.derived?.d20?.mods.str ?? 0,
    dex: sys.derived?.d20?.mods.dex ?? 0,
    weaponSize: w?.size ?? "",
    twoHanded: !!w?.twoHanded,
    hasMeleeWeapon: !!w,
    touch: sys.derived?.d20?.defense.touch ?? 10,
  };
}

export interface SpecialOptions {
  readonly charging?: boolean;
  readonly defenderStable?: boolean;
  /** Overrun: the defender blocks rather than steps aside. */
  readonly defenderBlocks?: boolean;
}

export interface SpecialResult {
  readonly attackerBonus: number;
  readonly defenderBonus: number;
  readonly attackerTotal: number;
  readonly defenderTotal: number;
  readonly won: boolean;
  /** The i18n key of what happens, and its data. */
  readonly outcome: { readonly key: string; readonly data: Readonly<Record<string, string>> };
}

const mod = (n: number) => (n < 0 ? `− ${-n}` : `+ ${n}`);

/** Text for the card's HTML: names are the users' own. */
const esc = (s: string): string => foundry.utils.escapeHTML(s);

/**
 * SW-41: the opposed check of `kind` from both d20s. Bantha rush: Strength checks with size, charge and stability;
 * trip and overrun's block: Strength against the better of Strength and Dexterity, with size and stability; grapple:
 * BAB + Str + the grapple size modifier on each side; disarm: opposed attack rolls (BAB + Str) with the weapons'
 * size difference, +4 to a two-handed defender, −4 when the defender holds no melee weapon.
 */
export function resolveSpecial(
  kind: SpecialAttack,
  a: Side,
  d: Side,
  dice: { readonly attacker: number; readonly defender: number },
  o: SpecialOptions,
): SpecialResult {
  const rush = (won: boolean, push: number): SpecialResult["outcome"] =>
    won
      ? { key: "FT.D20.Special.pushed", data: { metres: String(push) } }
      : { key: "FT.D20.Special.pushedBack", data: {} };
  if (kind === "banthaRush") {
    const r = banthaRush({
      attackerSize: a.size,
      defenderSize: d.size,
      attackerRoll: dice.attacker + a.str,
      defenderRoll: dice.defender + d.str,
      charging: !!o.charging,
      defenderStable: !!o.defenderStable,
    });
    return {
      attackerBonus: r.attackerTotal - dice.attacker,
      defenderBonus: r.defenderTotal - dice.defender,
      attackerTotal: r.attackerTotal,
      defenderTotal: r.defenderTotal,
      won: r.won,
      outcome: rush(r.won, r.pushMetres),
    };
  }
  if (kind === "trip" || kind === "overrun") {
    const r = trip({
      attackerSize: a.size,
      defenderSize: d.size,
      attackerRoll: dice.attacker + a.str,
      defenderRoll: dice.defender + Math.max(d.str, d.dex),
      defenderStable: !!o.defenderStable,
    });
    const base = {
      attackerBonus: r.attackerTotal - dice.attacker,
      defenderBonus: r.defenderTotal - dice.defender,
      attackerTotal: r.attackerTotal,
      defenderTotal: r.defenderTotal,
      won: r.won,
    };
    if (kind === "trip")
      return {
        ...base,
        outcome: r.won
          ? { key: "FT.D20.Special.tripped", data: {} }
          : { key: "FT.D20.Special.tripFailed", data: {} },
      };
    // Overrun: the defender who steps aside lets the charge go on; a block is a trip, and a lost block may trip
    // the attacker in return (the referee's roll: here, the card says the loser may be tripped).
    const way = overrun(o.defenderBlocks ?? true, r.won, false);
    return {
      ...base,
      won: way === "continue",
      outcome: { key: `FT.D20.Special.overrunResult.${way}`, data: {} },
    };
  }
  if (kind === "grapple") {
    const at = dice.attacker + grappleBonus(a.bab, a.str, a.size);
    const de = dice.defender + grappleBonus(d.bab, d.str, d.size);
    const r = opposed(at, de);
    return {
      attackerBonus: at - dice.attacker,
      defenderBonus: de - dice.defender,
      attackerTotal: at,
      defenderTotal: de,
      won: r.won,
      outcome: r.won
        ? { key: "FT.D20.Special.grappled", data: {} }
        : { key: "FT.D20.Special.grappleFailed", data: {} },
    };
  }
  const size = (s: string): D20Size =>
    (D20_SIZES as readonly string[]).includes(s) ? (s as D20Size) : "medium";
  const m = disarmModifiers({
    attackerWeapon: size(a.weaponSize),
    defenderWeapon: size(d.weaponSize),
    defenderTwoHanded: d.twoHanded,
    itemIsMeleeWeapon: d.hasMeleeWeapon,
  });
  const at = dice.attacker + a.bab + a.str + m.attacker;
  const de = dice.defender + d.bab + d.str + m.defender;
  const r = opposed(at, de);
  return {
    attackerBonus: at - dice.attacker,
    defenderBonus: de - dice.defender,
    attackerTotal: at,
    defenderTotal: de,
    won: r.won,
    outcome: r.won
      ? { key: "FT.D20.Special.disarmed", data: {} }
      : { key: "FT.D20.Special.disarmFailed", data: {} },
  };
}

/**
 * SW-41: the touch attack's line — "Touch attack: d20 12 + 8 = 20 vs touch Defense 12 → Hit"; an NPC attacker's
 * bonus and an NPC defender's touch Defense stay off the card (R1-5).
 */
function touchLine(
  actor: ActorI,
  defender: ActorI | null,
  natural: number,
  t: { readonly bonus: number; readonly total: number; readonly hit: boolean },
  touchDefense: number,
): RuleText[] {
  const roll = keepsNumbersSecret(actor) ? `d20 ${natural}` : `d20 ${natural} ${mod(t.bonus)} = ${t.total}`;
  const vs = keepsNumbersSecret(defender)
    ? []
    : [keyed("FT.D20.Special.vsTouch"), literal(String(touchDefense))];
  return [
    keyed("FT.D20.Special.touchAttack"),
    literal(roll),
    ...vs,
    literal("→"),
    keyed(t.hit ? "FT.Card.hit" : "FT.Card.miss"),
  ];
}

/** The options the kind asks for, picked in a dialog; null = cancelled. */
async function pickOptions(kind: SpecialAttack): Promise<(SpecialOptions & { rollMode?: string }) | null> {
  const asks: (keyof SpecialOptions)[] =
    kind === "banthaRush"
      ? ["charging", "defenderStable"]
      : kind === "trip"
        ? ["defenderStable"]
        : kind === "overrun"
          ? ["defenderBlocks", "defenderStable"]
          : [];
  if (!asks.length) return {};
  const i18n = game.i18n;
  const content = asks
    .map(
      (k) =>
        `<label class="ft-check"><input type="checkbox" name="${k}"${k === "defenderBlocks" ? " checked" : ""}> ${i18n?.localize(`FT.D20.Special.${k}`) ?? k}</label>`,
    )
    .join("");
  const result: unknown = await foundry.applications.api.DialogV2.prompt({
    window: { title: i18n?.localize(`FT.D20.Special.${kind}`) ?? kind },
    // Issue 33: the roll mode its card is posted in (helpers/roll-mode.ts), the chat's chosen first.
    content: `<div class="ft-dialog ft-special">${content}${rollModeSelectHTML(i18n?.localize("FT.UX.rollMode") ?? "")}</div>`,
    ok: {
      label: i18n?.localize("FT.D20.Special.roll") ?? "Roll",
      callback: (_ev: Event, button: HTMLButtonElement) => {
        const on = (k: string) =>
          !!button.form?.querySelector<HTMLInputElement>(`input[name="${k}"]`)?.checked;
        const mode = button.form?.querySelector<HTMLSelectElement>('select[name="rollMode"]')?.value;
        return { ...Object.fromEntries(asks.map((k) => [k, on(k)])), rollMode: pickedRollMode(mode) };
      },
    },
  });
  return result && typeof result === "object" ? (result as SpecialOptions & { rollMode: string }) : null;
}

/**
 * SW-41: the special attack of `kind` by the actor at the user's one target within reach: the options, both d20s,
 * one card. Refused with a notification, nothing rolled: no token, no target or several, out of reach, a defender
 * more than one size larger (bantha rush, trip, overrun), an actor without d20 numbers.
 */
export async function specialAttack(actor: ActorI, kind: SpecialAttack): Promise<void> {
  try {
    const token = actor.getActiveTokens()[0];
    if (!token) return notify("warn", "FT.Attack.noToken");
    // Not while down (SF-B-15, SF-X-40 as the attacks), nor after the round's attack in a combat by count (SW-13).
    const combatant = game.combat?.combatants.find((c) => c.tokenId === token.id);
    if (!turnGate(actor, null, combatant)) return;
    const targets = attackTargets();
    if (targets.length !== 1) return notify("warn", "FT.Melee.oneTarget");
    const target = targets[0]!;
    const scene = await readTarget(token, target, "m");
    if (scene.input.facts.distance > D20_REACH_M + 1e-9)
      throw new RulesError("FT.Error.outOfRange", "Out of reach", { target: scene.input.facts.name });
    const a = sideOf(actor);
    const defender = target.actor;
    const d = defender ? sideOf(defender) : null;
    if (!a || !d) throw new RulesError("FT.D20.noFacts", "No d20 numbers", {});
    if (kind !== "grapple" && kind !== "disarm" && !sizeAllows(a.size, d.size))
      throw new RulesError("FT.D20.Special.tooLarge", "Too large", { target: scene.input.facts.name });
    const options = await pickOptions(kind);
    if (!options) return;
    // SW-41: a grapple's grab and a disarm provoke the target's attack of opportunity; the active GM offers it before
    // anything is rolled (provoke-action.ts). No GM: the attempt goes on, the card says nothing of it.
    if (kind === "grapple" || kind === "disarm")
      await requestGM({
        kind: "provoke",
        tokenUuid: token.document.uuid,
        target: target.document.uuid,
        action: kind,
      }).catch(report);
    const name = scene.input.facts.name;
    const speaker = ChatMessage.getSpeaker({ actor, token: token.document });
    // Issue 33: the dialog's roll mode; a special attack asked nothing of keeps the chat's.
    const rollMode = pickedRollMode(options.rollMode);
    // SW-41: "Make a melee touch attack. If the attack succeeds…" — a trip, an overrun's block and a grapple first
    // roll a melee touch attack against touch Defense; a miss ends it there, on the card, with no opposed check.
    let touch: { roll: Roll; text: RuleText[] } | null = null;
    if (startsWithTouch(kind, options.defenderBlocks ?? true)) {
      const roll = await new Roll("1d20").evaluate();
      const natural = roll.total ?? 1;
      const t = meleeTouchAttack({
        d20: natural,
        bab: a.bab,
        str: a.str,
        size: a.size,
        touchDefense: d.touch,
      });
      touch = { roll, text: touchLine(actor, defender, natural, t, d.touch) };
      const autoLoss = kind === "grapple" && t.hit && grappleAutoLoss(a.size, d.size);
      if (!t.hit || autoLoss) {
        const outcome = !t.hit ? `FT.D20.Special.touchMissed.${kind}` : "FT.D20.Special.grappleAutoLoss";
        await postRuleCard(
          {
            kind: "ft-special-card",
            ruleId: "SW-41",
            title: keyed(`FT.D20.Special.${kind}`),
            lines: [line(touch.text), line(keyed(outcome, { name }), "ft-result miss")],
          },
          { speaker, rolls: [roll], rollMode },
        );
        // SW-13: it was the round's attack action.
        await recordD20Attack(combatant);
        // SW-10: an attack action costs a disabled attacker 1 wound point (dying.ts).
        await disabledStrainAfter(actor);
        return;
      }
    }
    const rollA = await new Roll("1d20").evaluate();
    const rollD = await new Roll("1d20").evaluate();
    const r = resolveSpecial(kind, a, d, { attacker: rollA.total ?? 1, defender: rollD.total ?? 1 }, options);
    const secret = keepsNumbersSecret(defender);
    // An NPC's bonus (its BAB, Str, size) stays off the card as the defender's does (R1-5).
    const attackerLine = keepsNumbersSecret(actor)
      ? `${actor.name ?? ""}: d20 ${rollA.total}`
      : `${actor.name ?? ""}: d20 ${rollA.total} ${mod(r.attackerBonus)} = ${r.attackerTotal}`;
    const defenderLine = secret
      ? `${name}: d20 ${rollD.total}`
      : `${name}: d20 ${rollD.total} ${mod(r.defenderBonus)} = ${r.defenderTotal}`;
    await postRuleCard(
      {
        kind: "ft-special-card",
        ruleId: "SW-41",
        title: keyed(`FT.D20.Special.${kind}`),
        lines: [
          ...(touch ? [line(touch.text)] : []),
          line(literal(attackerLine)),
          line(literal(defenderLine)),
          line(keyed(r.outcome.key, { ...r.outcome.data, name }), `ft-result ${r.won ? "hit" : "miss"}`),
        ],
      },
      { speaker, rolls: [...(touch ? [touch.roll] : []), rollA, rollD], rollMode },
    );
    // SW-13: it was the round's attack action.
    await recordD20Attack(combatant);
    // SW-10: an attack action costs a disabled attacker 1 wound point (dying.ts).
    await disabledStrainAfter(actor);
  } catch (e) {
    report(e);
  }
}

const OBJECT_STATES = ["inanimate", "carried", "held"] as const;

/**
 * SW-40: a strike at an object (a door, a console, a held blaster), from the d20 block of the sheet: the user picks
 * the weapon, the object's size, state, substance and thickness (and whether a full round was spent lining it up);
 * the d20 is rolled against the object's Defense, the damage on a hit, and the card says what gets through the
 * substance's damage reduction against the object's wound points. Keeping the object's wound points is the referee's
 * (an assisted rule). A held object's holder's Dex and class bonus are the referee's to add: the card says so.
 */
export async function strikeObject(actor: ActorI): Promise<void> {
  try {
    const token = actor.getActiveTokens()[0];
    if (!token) return notify("warn", "FT.Attack.noToken");
    const combatant = game.combat?.combatants.find((c) => c.tokenId === token.id);
    if (!turnGate(actor, null, combatant)) return;
    const me = sideOf(actor);
    if (!me) throw new RulesError("FT.D20.noFacts", "No d20 numbers", {});
    const weapons = actor.items.contents.flatMap((i) =>
      isItemType(i, "weapon") && i.system.d20.damage && !i.system.d20.grenade ? [i] : [],
    );
    if (!weapons.length) return notify("warn", "FT.D20.Object.noWeapon", { name: actor.name ?? "" });
    const i18n = game.i18n;
    const t = (k: string) => i18n?.localize(k) ?? k;
    const options = (values: readonly string[], label: (v: string) => string, selected: string) =>
      values
        .map((v) => `<option value="${v}"${v === selected ? " selected" : ""}>${esc(label(v))}</option>`)
        .join("");
    const content = `<div class="ft-dialog ft-object">
      <label>${t("FT.D20.Object.weapon")} <select name="weapon">${options(
        weapons.map((w) => w.id ?? ""),
        (id) => weapons.find((w) => w.id === id)?.name ?? id,
        weapons[0]!.id ?? "",
      )}</select></label>
      <label>${t("FT.D20.Object.size")} <select name="size">${options(D20_SIZES, (s) => t(`FT.D20.Size.${s}`), "medium")}</select></label>
      <label>${t("FT.D20.Object.state")} <select name="state">${options(OBJECT_STATES, (s) => t(`FT.D20.Object.${s}`), "inanimate")}</select></label>
      <label>${t("FT.D20.Object.substance")} <select name="substance">${options(Object.keys(OBJECT_SUBSTANCES), (s) => t(`FT.D20.Object.substances.${s}`), "wood")}</select></label>
      <label>${t("FT.D20.Object.thickness")} <input type="number" name="thickness" value="5" min="0" step="0.5"></label>
      <label class="ft-check"><input type="checkbox" name="linedUp"> ${t("FT.D20.Object.linedUpAsk")}</label>
      ${rollModeSelectHTML(t("FT.UX.rollMode"))}
    </div>`;
    const picked: unknown = await foundry.applications.api.DialogV2.prompt({
      window: { title: t("FT.D20.Object.title") },
      content,
      ok: {
        label: t("FT.D20.Special.roll"),
        callback: (_ev: Event, button: HTMLButtonElement) => {
          const f = button.form;
          const v = (n: string) =>
            f?.querySelector<HTMLInputElement | HTMLSelectElement>(`[name="${n}"]`)?.value ?? "";
          return {
            weapon: v("weapon"),
            size: v("size"),
            state: v("state"),
            substance: v("substance"),
            thickness: Number(v("thickness")),
            linedUp: !!f?.querySelector<HTMLInputElement>('[name="linedUp"]')?.checked,
            // Issue 33: the roll mode the card is posted in (helpers/roll-mode.ts), the chat's chosen first.
            rollMode: pickedRollMode(v("rollMode")),
          };
        },
      },
    });
    if (!picked || typeof picked !== "object") return;
    const p = picked as {
      weapon: string;
      size: string;
      state: string;
      substance: string;
      thickness: number;
      linedUp: boolean;
      rollMode: RollMode;
    };
    const weapon = weapons.find((w) => w.id === p.weapon);
    const size = D20_SIZES.find((s) => s === p.size);
    const state = OBJECT_STATES.find((s) => s === p.state);
    const substance = OBJECT_SUBSTANCES[p.substance];
    if (!weapon || !isItemType(weapon, "weapon") || !size || !state || !substance)
      throw new RulesError("FT.D20.Object.bad", "Choose the weapon and the object", {});
    if (!Number.isFinite(p.thickness) || p.thickness < 0)
      throw new RulesError("FT.D20.Object.badThickness", "A thickness is a number of cm ≥ 0", {
        value: String(p.thickness),
      });
    const melee = weapon.system.d20.attack === "melee";
    const strike = objectStrike({
      bab: me.bab,
      abilityMod: melee ? me.str : me.dex,
      attackerSize: me.size,
      melee,
      objectSize: size,
      state,
      linedUp: p.linedUp,
    });
    const rolls: Roll[] = [];
    const d20 = strike.automatic ? null : await new Roll("1d20").evaluate();
    if (d20) rolls.push(d20);
    const roll = d20?.total ?? 0;
    const hit = strike.automatic || roll === 20 || (roll !== 1 && roll + strike.bonus >= strike.defense);
    let damageLine: RuleText | null = null;
    if (hit) {
      const dmg = await new Roll(weapon.system.d20.damage).evaluate();
      rolls.push(dmg);
      // SW-07: Strength to a melee blow.
      const total = Math.max(1, (dmg.total ?? 0) + (melee ? me.str : 0));
      const through = objectDamage(total, substance.dr);
      const wp = Math.floor(substance.wpPerCm * p.thickness);
      damageLine = keyed("FT.D20.Object.damage", {
        total: String(total),
        dr: String(substance.dr),
        through: String(through),
        wp: String(wp),
      });
    }
    // An NPC striker's terms and bonus stay off the card (R1-5): its d20, the object's Defense and the outcome stay.
    const secret = keepsNumbersSecret(actor);
    // "· Base attack bonus + 3, Strength + 2": each term's label a key each reader localizes.
    const terms: RuleText[] = secret
      ? []
      : [
          literal("·"),
          ...strike.terms.flatMap((m, i) => [
            keyed(m.label),
            literal(`${mod(m.value)}${i < strike.terms.length - 1 ? "," : ""}`),
          ]),
        ];
    const bonusText = secret ? "" : ` ${mod(strike.bonus)} = ${roll + strike.bonus}`;
    const rollLine: RuleText[] = strike.automatic
      ? [keyed("FT.D20.Object.automatic")]
      : [
          literal(`d20 ${roll}${bonusText}`),
          keyed("FT.D20UI.vsDefense"),
          literal(`${strike.defense} →`),
          keyed(hit ? "FT.Card.hit" : "FT.Card.miss"),
        ];
    await postRuleCard(
      {
        kind: "ft-special-card",
        ruleId: "SW-40",
        title: [keyed("FT.D20.Object.title"), literal("·"), literal(weapon.name ?? "")],
        lines: [
          line(
            [
              keyed("FT.D20.Object.describe", {
                state: { key: `FT.D20.Object.${state}` },
                size: { key: `FT.D20.Size.${size}` },
                substance: { key: `FT.D20.Object.substances.${p.substance}` },
                thickness: String(p.thickness),
              }),
              ...terms,
            ],
            "ft-why",
          ),
          line(rollLine),
          ...(damageLine ? [line(damageLine)] : []),
          ...(state === "inanimate" ? [] : [line(keyed("FT.D20.Object.holderNote"), "ft-why")]),
        ],
      },
      {
        speaker: ChatMessage.getSpeaker({ actor, token: token.document }),
        rolls,
        // Issue 33: v13 ChatMessage.applyRollMode (client/documents/chat-message.mjs) on the striker's client.
        rollMode: p.rollMode,
      },
    );
    // SW-13: it was the round's attack action.
    await recordD20Attack(combatant);
    // SW-10: an attack action costs a disabled attacker 1 wound point (dying.ts).
    await disabledStrainAfter(actor);
  } catch (e) {
    report(e);
  }
}
