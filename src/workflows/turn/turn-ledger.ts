/**
 * What a combatant did this round (issue 12, "the turn"): the shots fired, the round each weapon last fired (½-rate
 * weapons), and whether it reloaded. Checked before an attack or a reload spends anything; written once after.
 *
 * Where it lives: the combatant's own `system.turn` (data/combatant/marks.ts, issue 29). v13's `BaseCombatant#canUpdate`
 * (common/documents/combatant.mjs) lets a user who may update the combatant's actor change `system`, `flags`,
 * `initiative` and `defeated`, so a player writes their own character's ledger with no GM round-trip. The ledger carries the round it
 * was written in: a ledger from an earlier round counts as empty (a new round resets it without any write). Outside
 * a started combat nothing is limited and nothing is written.
 *
 * Rules (seed 000 and 001): in a turn a character may move, fire, move and fire, reload, or do nothing (SF-B-02);
 * shots up to the weapon's rate of fire, declared for the turn, not per click (SF-X-30); one shot when wounded
 * (SF-X-27, unless an anesthetic); a ½-rate weapon fires every other turn (SF-X-30); reloading takes the turn and
 * a weapon cannot fire on the turn it is reloaded (SF-B-20, SF-X-37); an unconscious character cannot fire
 * (SF-B-15), nor a stunned one (SF-X-40).
 */

import { overwatchOf } from "../../canvas/overwatch.js";
import { movementOf } from "../../canvas/scene-facts.js";
import { FULL_ROUND_ACTIONS } from "../../data/combatant/marks.js";
import type { WeaponSystem } from "../../data/item/facts.js";
import { factsOf } from "../../data/item/facts.js";
import { actorSystem, isItemType } from "../../data/subtypes.js";
import type { MarkChange } from "../../documents/combatant.js";
import { isSide, sideOf } from "../../documents/subtypes.js";
import { currentGame } from "../../helpers/game.js";
import { notify, report } from "../../helpers/report.js";
import {
  type AttackFacts,
  attackOfOpportunity,
  DEFAULT_DECLARATIONS,
  isOverwatchShot,
  isUnconscious,
  type Movement,
  maxShots,
  RulesError,
  reloadBlocked,
  turnPlanProblem,
} from "../../rules/index.js";
import type { AttackPorts } from "../attack/attack-flow.js";
import type { AttackRequest } from "../attack/attack-plan.js";

type ActorI = Actor.Implementation;
type ItemI = Item.Implementation;
type CombatantI = Combatant.Implementation;

/** One combatant's round, as stored. */
export interface TurnLedger {
  /** The combat round it was written in. */
  readonly round: number;
  /** Shots fired this round, every weapon together (a burst is one shot). */
  readonly shots: number;
  /** The combatant reloaded this round (the turn is spent). */
  readonly reloaded: boolean;
  /** Item id → the last round that weapon fired. */
  readonly fired: Readonly<Record<string, number>>;
  /** SW-25: the combatant made its attack of opportunity this round. */
  readonly aoo?: boolean;
  /**
   * SW-24, SW-13: a full-round action other than an attack taken this round (run, disengage); SWN-08 overwatch; SW-17
   * total defense.
   */
  readonly action?: (typeof FULL_ROUND_ACTIONS)[number];
}

const EMPTY: TurnLedger = { round: 0, shots: 0, reloaded: false, fired: {} };

const wholeNumber = (v: unknown): v is number => typeof v === "number" && Number.isInteger(v) && v >= 0;

/**
 * The ledger for `round` from what is stored (anything: flags are free-form): shots and reloading count only in
 * the round they were written; the rounds weapons fired are kept.
 */
const isRoundAction = (a: unknown): a is (typeof FULL_ROUND_ACTIONS)[number] =>
  (FULL_ROUND_ACTIONS as readonly unknown[]).includes(a);

export function ledgerFor(stored: unknown, round: number): TurnLedger {
  if (!stored || typeof stored !== "object") return { ...EMPTY, round };
  const s = stored as Record<string, unknown>;
  const fired: Record<string, number> = {};
  if (s.fired && typeof s.fired === "object")
    for (const [id, r] of Object.entries(s.fired as Record<string, unknown>))
      if (wholeNumber(r)) fired[id] = r;
  const same = s.round === round;
  return {
    round,
    shots: same && wholeNumber(s.shots) ? s.shots : 0,
    reloaded: same && s.reloaded === true,
    fired,
    ...(same && s.aoo === true ? { aoo: true } : {}),
    // SW-17: total defense is the round's attack action too.
    ...(same && isRoundAction(s.action) ? { action: s.action } : {}),
  };
}

/** The rule a shot limit comes from (the reason keys of `maxShots`). */
const LIMIT_RULE: Readonly<Record<string, string>> = {
  "FT.Rof.weapon": "SF-X-30",
  "FT.Rof.reloading": "SF-X-30",
  "FT.Rof.wounded": "SF-X-27",
  "FT.Rof.scope": "SF-X-16",
  "FT.Rof.carefulAim": "SF-X-20",
  "FT.Rof.settingChanged": "SF-X-30",
  "FT.Rof.burst": "SF-X-24",
};

/**
 * Shots declared against what is left this round (SF-X-30, SF-X-27): the weapon's limit for these declarations,
 * less the shots already fired this round. A RulesError naming the rule, or null.
 */
export function shotsProblem(
  facts: AttackFacts,
  ledger: TurnLedger,
  firedLastTurn: boolean,
  name = "",
): RulesError | null {
  const limit = maxShots(facts, firedLastTurn);
  const declared = facts.declarations.burst ? 1 : facts.declarations.shots;
  if (ledger.shots + declared <= limit.max) return null;
  const data = {
    name,
    fired: ledger.shots,
    shots: declared,
    max: limit.max,
    reason: game.i18n?.localize(limit.reason) ?? limit.reason,
    rule: LIMIT_RULE[limit.reason] ?? "SF-X-30",
  };
  return new RulesError(
    ledger.shots > 0 ? "FT.Turn.noShotsLeft" : "FT.Turn.tooManyShots",
    `${ledger.shots} fired + ${declared} declared > ${limit.max}`,
    data,
  );
}

/** The combat a combatant is in is running: the rules of the turn apply. */
function inCombat(combatant: CombatantI | null | undefined): combatant is CombatantI {
  const combat = combatant?.parent;
  return !!combat?.started && combat.round >= 1;
}

function stored(combatant: CombatantI): TurnLedger {
  return ledgerFor(combatant.marks.turn, combatant.parent?.round ?? 0);
}

/** SWN-08: the write that spends the combatant's overwatch (its one shot), or nothing when it holds none. */
function spendOverwatch(combatant: CombatantI): MarkChange {
  const held = overwatchOf(combatant);
  return held ? { overwatch: { ...held, weaponId: held.weaponId, used: true } } : {};
}

/**
 * Write the ledger, and any other of our combatant flags the same attack changed (the declaration's count,
 * phase-gate.ts): one Combatant update, by the user who acted (the owner may write `flags`).
 */
async function save(
  combatant: CombatantI,
  ledger: TurnLedger,
  more: MarkChange | null = null,
): Promise<void> {
  await combatant.update({ system: { ...more, turn: ledger } });
}

/**
 * SW-13 (issue 15): record an attack made outside the attack flow (a d20 special attack or an object strike) as the
 * round's attack action in a combat by count, so no other attack follows it. Nothing outside such a combat.
 */
export async function recordD20Attack(combatant: CombatantI | null | undefined): Promise<void> {
  if (!inCombat(combatant) || !combatant.parent?.byCount) return;
  const ledger = stored(combatant);
  await save(combatant, { ...ledger, shots: ledger.shots + 1 });
}

/** SF-B-15, SF-X-40: why this actor cannot act at all, or null. */
export function downProblem(actor: ActorI): RulesError | null {
  const sys = actorSystem(actor);
  const name = actor.name ?? "";
  if ((sys && isUnconscious(sys.stamina.value)) || actor.statuses.has("unconscious"))
    return new RulesError("FT.Turn.unconscious", `${name} is unconscious`, { name });
  if (actor.statuses.has("stun")) return new RulesError("FT.Turn.stunned", `${name} is stunned`, { name });
  return null;
}

/** What an attack needs from the ledger: the ½-rate flag, a check of the declared shots, and the recording. */
export interface TurnGate {
  /** The weapon fired last round (for ½-rate weapons, `AttackRequest.firedLastTurn`). */
  readonly firedLastTurn: boolean;
  /** The request unchanged, or a RulesError thrown when its shots exceed what is left this round. */
  checked(req: AttackRequest): AttackRequest;
  /**
   * The ports with the dialog's answer checked and the shots recorded once the card is posted, with `more` flags
   * of the same attack in the same write.
   */
  ports<R>(ports: AttackPorts<R>, more?: (shots: number) => MarkChange | null): AttackPorts<R>;
}

/**
 * Before an attack spends anything: is this attacker allowed to fire this weapon now? Reported (with the rule ID)
 * and null when not; otherwise the gate for the rest of the attack. Outside a started combat only the attacker's
 * own state (unconscious, stunned) limits it. `item` is null for bare hands (melee.ts): its attacks a turn are the
 * request's `weapon.rof`, checked when the request is.
 */
export function turnGate(
  actor: ActorI,
  item: ItemI | null,
  combatant: CombatantI | null | undefined,
  /**
   * SW-25: an attack of opportunity, out of the combatant's turn (one a round, melee only — or, SW-43, a ranged one
   * into the area the combatant suppresses).
   */
  options: {
    readonly aoo?: boolean;
    readonly intoSuppressed?: boolean;
    /** SWN-08: the one overwatch shot, out of turn, while the combatant's overwatch holds. */
    readonly overwatch?: boolean;
  } = {},
): TurnGate | null {
  try {
    const down = downProblem(actor);
    if (down) throw down;
    // SF-X-02: a surprised side may only move and take cover in the first round (any attack: a weapon, a punch,
    // a shot at a door).
    const started = combatant?.parent?.started && (combatant.parent.round ?? 0) <= 1;
    const side = started && combatant ? sideOf(combatant) : null;
    if (side && isSide(side) && side.system.surprised)
      throw new RulesError("FT.Side.surprisedNoAttack", "surprised in the first round");
    const fighting = inCombat(combatant) ? combatant : null;
    const round = fighting?.parent?.round ?? 0;
    const ledger = fighting ? stored(fighting) : { ...EMPTY, round };
    const id = item?.id ?? "bareHands";
    const rof = item && isItemType(item, "weapon") ? (item.system.rof ?? 1) : 1;
    // SW-13 (issue 15): a combat by count (d20) has its own action economy — one attack action, or one full attack
    // as the round's full-round action — not Star Frontiers' rate of fire, reload turn or declared shots.
    const byCount = !!fighting?.parent?.byCount;
    // SW-25: an attack of opportunity is not the round's action: one a round, a melee weapon, in a combat by count.
    if (options.aoo) {
      if (!fighting || !byCount) throw new RulesError("FT.D20.AoO.noCombat", "Only in a running d20 combat");
      const weapon = item && isItemType(item, "weapon") ? item.system : null;
      const check = attackOfOpportunity({
        bab: 0,
        usedThisRound: !!ledger.aoo,
        melee:
          !!weapon &&
          (currentGame()
            .meleeWeapons(actor)
            .some((w) => w.id === item?.id) ||
            !!options.intoSuppressed),
      });
      if (check.reason) throw new RulesError(check.reason, check.reason, { name: actor.name ?? "" });
    } else if (options.overwatch) {
      // SWN-08: not the round's action (the overwatch was); one shot while it holds, checked where it is kept.
      if (!fighting || !byCount || !overwatchOf(fighting))
        throw new RulesError("FT.SWN.Overwatch.none", "No overwatch held", { target: "" });
    } else if (byCount && (ledger.shots > 0 || ledger.action)) {
      const name = actor.name ?? "";
      // SW-24: a run or a disengage was the round's full-round action; else an attack was.
      throw ledger.action
        ? new RulesError("FT.D20.Move.acted", `${name} has taken this round's action`, { name })
        : new RulesError("FT.D20.Action.attackedThisRound", `${name} has already attacked this round`, {
            name,
          });
    }
    const firedLastTurn = !!fighting && !byCount && rof < 1 && ledger.fired[id] === round - 1;
    if (fighting && !byCount) {
      const name = actor.name ?? "";
      // SF-X-37, SF-B-02: a weapon is not fired on the turn it is reloaded; reloading took the turn.
      if (turnPlanProblem({ movement: "stationary", fires: true, reloads: ledger.reloaded }))
        throw new RulesError("FT.Turn.reloadedThisTurn", `${name} reloaded this turn`, { name });
      if (firedLastTurn)
        throw new RulesError("FT.Turn.halfRate", `${item?.name} fired last turn`, {
          weapon: item?.name ?? "",
        });
    }
    const gate: TurnGate = {
      firedLastTurn,
      checked(req) {
        // SWN-08: the shot is made as the overwatch (its −2, its arc), while the overwatch still holds — a second
        // dialog opened beside the first finds it spent.
        if (options.overwatch) {
          if (!isOverwatchShot(req.attacker))
            throw new RulesError("FT.SWN.Overwatch.asOverwatch", "The overwatch shot is made as overwatch");
          if (!fighting || !overwatchOf(fighting))
            throw new RulesError("FT.SWN.Overwatch.none", "No overwatch held", { target: "" });
        }
        if (!fighting || byCount) return req;
        // The dialog's declarations (several shots, careful aim, a scope) against what is left this round.
        const first = req.targets[0];
        if (!first) return req;
        const facts = {
          attacker: req.attacker,
          weapon: req.weapon,
          target: first.facts,
          declarations: req.declarations,
        };
        const problem = shotsProblem(facts, ledger, firedLastTurn, actor.name ?? "");
        if (problem) throw problem;
        return req;
      },
      ports(p, more) {
        if (!fighting) return p;
        return {
          ...p,
          confirm: async (prep) => {
            const changed = await p.confirm(prep);
            return changed ? gate.checked(changed) : changed;
          },
          createCard: async (card, rolls) => {
            const messageId = await p.createCard(card, rolls);
            // One write per attack, after its card: what the round has now (a new object, so stale keys go).
            if (messageId)
              await save(
                fighting,
                options.aoo
                  ? { ...ledger, round, aoo: true }
                  : options.overwatch
                    ? { ...ledger, round }
                    : {
                        round,
                        shots: ledger.shots + card.shots,
                        reloaded: ledger.reloaded,
                        fired: { ...ledger.fired, [id]: round },
                        ...(ledger.aoo ? { aoo: true } : {}),
                      },
                // SWN-08: the overwatch shot spends the overwatch, in the same write.
                options.overwatch
                  ? { ...more?.(card.shots), ...spendOverwatch(fighting) }
                  : more?.(card.shots),
              );
            return messageId;
          },
        };
      },
    };
    // The shots left before the dialog: a click with none left is refused before it opens.
    if (fighting && !byCount && item && isItemType(item, "weapon")) {
      const facts = shotFacts(actor, item.name ?? "", item.system);
      const problem = shotsProblem(facts, ledger, firedLastTurn, actor.name ?? "");
      if (problem) throw problem;
    }
    return gate;
  } catch (e) {
    report(e);
    return null;
  }
}

/**
 * An action that fires a weapon outside the attack flow (SF-X-41, shooting a door or wall: workflows/optional/structure.ts):
 * whether `shots` more are left this round for this weapon (SF-X-30, SF-X-27), a RulesError or null. Outside a
 * started combat nothing is limited.
 */
export function extraShotsProblem(
  actor: ActorI,
  item: ItemI,
  combatant: CombatantI | null | undefined,
  shots: number,
): RulesError | null {
  if (!inCombat(combatant) || !isItemType(item, "weapon")) return null;
  const round = combatant.parent?.round ?? 0;
  const ledger = stored(combatant);
  const firedLastTurn = (item.system.rof ?? 1) < 1 && ledger.fired[item.id ?? ""] === round - 1;
  const facts = shotFacts(actor, item.name ?? "", item.system);
  return shotsProblem(
    { ...facts, declarations: { ...facts.declarations, shots } },
    ledger,
    firedLastTurn,
    actor.name ?? "",
  );
}

/**
 * Record `shots` fired with the weapon `itemId` this round in the combatant's ledger, with `more` flags of the same
 * action (the declaration's count) in the same write. Outside a started combat nothing is written.
 */
export async function recordShots(
  combatant: CombatantI | null | undefined,
  itemId: string,
  shots: number,
  more: MarkChange | null = null,
): Promise<void> {
  if (!inCombat(combatant)) return;
  const round = combatant.parent?.round ?? 0;
  const ledger = stored(combatant);
  await save(
    combatant,
    {
      round,
      shots: ledger.shots + shots,
      reloaded: ledger.reloaded,
      fired: { ...ledger.fired, [itemId]: round },
    },
    more,
  );
}

/** The facts `maxShots` reads, for one declared shot, from the sheet alone (before the scene is read). */
function shotFacts(actor: ActorI, name: string, sys: WeaponSystem): AttackFacts {
  const a = actorSystem(actor);
  return {
    attacker: {
      dex: 0,
      str: 0,
      rs: 0,
      stamina: { value: a?.stamina.value ?? 0, max: a?.stamina.max ?? 0 },
      skillLevel: 0,
      ambidextrous: false,
      movement: "stationary",
      vehicle: "none",
      inSkimmer: false,
      anesthetic: !!a?.anesthetic,
    },
    weapon: factsOf(name, sys),
    target: {
      id: "",
      name: "",
      distance: 0,
      visible: true,
      movement: "stationary",
      animal: null,
      vehicleMoving: false,
      size: "medium",
      prone: false,
      cover: "none",
      crowd: false,
    },
    declarations: { ...DEFAULT_DECLARATIONS, shots: 1 },
  };
}

/* -------------------------------------------- */
/*  Reload (SF-B-20, SF-X-37)                   */
/* -------------------------------------------- */

/** What a weapon's own clip is, by how it is fed. */
export interface ClipNeed {
  readonly unit: "rounds" | "seu" | "none";
  readonly kind: string;
  readonly skill: string;
  readonly blastRadius: number;
}

/**
 * The power-source kinds a weapon reloads from (our reading; the seeds list the clips by weapon without a table of
 * which fits which): SEU weapons take a powerclip; needle weapons a needleclip; gyrojet weapons a jetclip;
 * projectile weapons a bulletclip or, for the machine gun, a belt; explosive launchers a grenade bullet, shell or
 * rocket; a bow (thrown, rounds, no blast) a quiver. Thrown grenades and melee weapons reload from nothing. Among
 * the kinds listed, the clip must also hold what the weapon holds (see {@link clipFits}).
 */
export function clipKinds(w: ClipNeed): readonly string[] {
  if (w.unit === "none") return [];
  if (w.unit === "seu") return ["powerclip"];
  if (w.skill === "thrown") return w.blastRadius > 0 ? [] : ["quiver"];
  if (w.skill === "melee") return [];
  switch (w.kind) {
    case "needle":
      return ["needleclip"];
    case "gyrojet":
      return ["jetclip"];
    case "projectile":
      return ["bulletclip", "belt"];
    case "explosive":
      return ["grenadeBullet", "grenadeShell", "rocket"];
    default:
      return [];
  }
}

export interface ClipLike {
  readonly kind: string;
  readonly capacity: number | null;
  readonly remaining: number | null;
  readonly quantity: number;
}

/** A fresh clip of the right kind: at least one in the stack, something in it, the weapon's capacity if both say. */
export function clipFits(clip: ClipLike, kinds: readonly string[], weaponCapacity: number | null): boolean {
  if (!kinds.includes(clip.kind) || clip.quantity < 1) return false;
  if ((clip.remaining ?? clip.capacity ?? 0) <= 0) return false;
  return clip.capacity === null || weaponCapacity === null || clip.capacity === weaponCapacity;
}

/**
 * The sheet's Reload on a weapon row (SF-B-20, SF-X-37): a fresh clip of the right kind from the inventory (its
 * quantity goes down by one; the spent clip is dropped), the weapon full again, and — in a started combat — the
 * turn spent: the character cannot fire this round, and cannot reload after firing or while running. Refused with
 * the rule ID before anything is written. Writes: one actor update of both items; in combat one combatant update.
 */
export async function reloadWeapon(
  actor: ActorI,
  item: ItemI,
  combatant: CombatantI | null | undefined,
  movement: Movement = "stationary",
): Promise<void> {
  try {
    if (!isItemType(item, "weapon")) return;
    const down = downProblem(actor);
    if (down) throw down;
    // SF-X-02: a surprised side may only move and take cover in the first round (any attack: a weapon, a punch,
    // a shot at a door).
    const started = combatant?.parent?.started && (combatant.parent.round ?? 0) <= 1;
    const side = started && combatant ? sideOf(combatant) : null;
    if (side && isSide(side) && side.system.surprised)
      throw new RulesError("FT.Side.surprisedNoAttack", "surprised in the first round");
    const sys = item.system;
    const weapon = item.name ?? "";
    const name = actor.name ?? "";
    if (sys.ammo.powerSource)
      throw new RulesError("FT.Turn.reloadLinked", `${weapon} draws from a pack`, { weapon });
    const kinds = clipKinds({
      unit: sys.ammo.unit,
      kind: sys.kind,
      skill: sys.skill,
      blastRadius: sys.blastRadius,
    });
    if (!kinds.length) throw new RulesError("FT.Turn.nothingToReload", `${weapon} takes no clip`, { weapon });
    const clip = actor.items.contents.find(
      (i) => isItemType(i, "powerSource") && clipFits(i.system, kinds, sys.ammo.capacity),
    );
    if (!clip || !isItemType(clip, "powerSource"))
      throw new RulesError("FT.Turn.noClip", `No clip for ${weapon}`, {
        weapon,
        name,
        clip: kinds.map((k) => game.i18n?.localize(`FT.PowerKind.${k}`) ?? k).join(" / "),
      });
    const c = clip.system;
    const full = Math.min(sys.ammo.capacity ?? c.capacity ?? 0, c.remaining ?? c.capacity ?? 0);
    if (sys.ammo.remaining !== null && sys.ammo.remaining >= full)
      return notify("info", "FT.Turn.full", { weapon });
    const fighting = inCombat(combatant) ? combatant : null;
    const ledger = fighting ? stored(fighting) : null;
    if (ledger) {
      if (ledger.reloaded) throw new RulesError("FT.Turn.alreadyReloaded", `${name} reloaded`, { name });
      const blocked = reloadBlocked(movement, ledger.shots > 0);
      if (blocked === "FT.Error.reloadAfterFiring")
        throw new RulesError("FT.Turn.reloadAfterFiring", `${name} fired this turn`, { name });
      if (blocked) throw new RulesError("FT.Turn.reloadWhileRunning", `${name} ran this turn`, { name });
    }
    // Two items of different types (a weapon and a power source) in one batch: fvtt-types wants one item type's
    // update data per call, which would cost a second write.
    await actor.updateEmbeddedDocuments("Item", [
      { _id: item.id, system: { ammo: { remaining: full } } },
      { _id: clip.id, system: { quantity: c.quantity - 1 } },
    ] as never);
    if (fighting && ledger) await save(fighting, { ...ledger, reloaded: true });
    notify("info", "FT.Turn.reloaded", { name, weapon, clip: clip.name ?? "", left: c.quantity - 1 });
  } catch (e) {
    report(e);
  }
}

/** The sheet's Reload: the actor's token on the viewed scene, its combatant in the current combat, how it moved. */
export async function reloadFromSheet(actor: ActorI, item: ItemI): Promise<void> {
  const token = actor.getActiveTokens()[0];
  const combatant = token ? game.combat?.combatants.find((c) => c.tokenId === token.id) : undefined;
  await reloadWeapon(actor, item, combatant, token ? movementOf(token) : "stationary");
}

/**
 * A full-round action of the acting combatant (SW-24 run and disengage, SWN-08 overwatch): its own turn in a running
 * d20 combat, taken by its owner or the GM, not while down nor after the round's attack or another such action
 * (SW-13). Throws the refusal; null when the turn's gate already told the user.
 */
export function ownTurnAction(combatant: CombatantI) {
  const combat = combatant.parent;
  const actor = combatant.actor;
  if (!combat?.started || !combat.byCount || combat.combatant?.id !== combatant.id || !actor)
    throw new RulesError("FT.D20.Move.notYourTurn", "Only on the combatant's own turn in a d20 combat", {
      name: combatant.name ?? "",
    });
  if (!(game.user?.isGM || combatant.isOwner))
    throw new RulesError("FT.D20.Move.notYours", "Not your combatant", { name: combatant.name ?? "" });
  // Not while down, nor after the round's attack (SW-13): the same gate as an attack.
  if (!turnGate(actor, null, combatant)) return null;
  const round = combat.round;
  const ledger = ledgerFor(combatant.marks.turn, round);
  if (ledger.action)
    throw new RulesError("FT.D20.Move.acted", `${actor.name} has taken this round's action`, {
      name: actor.name ?? "",
    });
  return { combat, actor, round, ledger };
}
