/**
 * SW-33 coup de grace (issue 31), from the d20 block of the sheet. Seed 002: "As a full-round action …, you can use a
 * melee weapon to deliver a coup de grace to a helpless opponent. You can also use a ranged weapon, provided you are
 * adjacent to the target. You automatically hit and score a critical hit. If the defender survives, he must make a
 * Fortitude save (DC 10 + the amount of damage inflicted) or die." The pure rule is rules/d20/coup-de-grace.ts.
 *
 * The user's client checks what it can see (its one target within 2 m, helpless; its own turn and round's action —
 * a full-round action: not after an attack, not while disabled, SW-10) and asks the active GM (gm-request.ts: the
 * target is rarely the user's to write). The GM checks everything again from the stored documents, inside its one
 * queue (trust review 1.2): the asker owns the token, the weapon is its, the asker is neither disabled nor helpless,
 * it is the asker's own turn with its round's action unspent (its ledger and the GM's record of attacks) in a combat
 * by count, the target still helpless and adjacent. It records the blow as the round's full-round action, rolls the damage (the weapon's d20 dice, + Str in melee,
 * SW-07) and — if the defender survives — the defender's Fortitude save, writes the wounds and, on a failed save,
 * core's `dead` status with the combatant defeated, and posts one card. The save is rolled at once by the GM, the
 * referee of a defender the asker does not own (a helpless defender has no choice to make).
 */
import { attackTargets, readTarget } from "../../../canvas/scene-facts.js";
import { keyed, line, literal } from "../../../data/chat/rule-card.js";
import { actorSystem, isItemType } from "../../../data/subtypes.js";
import { tokenByUuid } from "../../../documents/subtypes.js";
import type { GMAnswer, GMRequestBody } from "../../../helpers/gm-request.js";
import { requestGM } from "../../../helpers/gm-request.js";
import { notify, report } from "../../../helpers/report.js";
import {
  coupDeGraceProblem,
  coupDeGrace as coupDeGraceRule,
  D20_REACH_M,
  disabledActionProblem,
  helplessForCoupDeGrace,
  RulesError,
} from "../../../rules/index.js";
import { onGMQueue } from "../../../workflows/card/card-apply.js";
import { keepsNumbersSecret } from "../../../workflows/card/card-render.js";
import { postRuleCard } from "../../../workflows/card/rule-card.js";
import { turnGate } from "../../../workflows/turn/turn-ledger.js";
import { fortitudeBonus } from "./d20-fortitude.js";
import { edgeGap, recordRoundAction, roundOf } from "./gm-action.js";

type ActorI = Actor.Implementation;
type WeaponI = Item.OfType<"weapon">;

/** The weapon of the blow: the first equipped d20 weapon with damage dice, a melee one first. */
function weaponOf(actor: ActorI): WeaponI | null {
  const weapons = actor.items.contents.filter(
    (i): i is WeaponI =>
      isItemType(i, "weapon") && i.system.equipped && !!i.system.d20.damage && !i.system.d20.grenade,
  );
  return weapons.find((w) => w.system.d20.attack === "melee") ?? weapons[0] ?? null;
}

/** SW-33: the user's coup de grace at their one target (the sheet's button). Refusals are notifications. */
export async function coupDeGrace(actor: ActorI): Promise<void> {
  try {
    const token = actor.getActiveTokens()[0];
    if (!token) return notify("warn", "FT.Attack.noToken");
    const combatant = game.combat?.combatants.find((c) => c.tokenId === token.id);
    // Not while down, nor after the round's action (SW-13): the gate of every attack.
    if (!turnGate(actor, null, combatant)) return;
    // SW-10: a full-round action, which a disabled character cannot take.
    const disabled = disabledActionProblem(actorSystem(actor)?.d20?.wounds.value ?? 1, "fullRound");
    if (disabled) throw new RulesError(disabled, "Disabled: no full-round action");
    const targets = attackTargets();
    if (targets.length !== 1) return notify("warn", "FT.Melee.oneTarget");
    const target = targets[0]!;
    const weapon = weaponOf(actor);
    if (!weapon) throw new RulesError("FT.D20.CoupDeGrace.noWeapon", "No weapon", { name: actor.name ?? "" });
    const scene = await readTarget(token, target, "m");
    const problem = coupDeGraceProblem({
      helpless: helplessForCoupDeGrace(target.actor?.statuses ?? new Set()),
      melee: weapon.system.d20.attack === "melee",
      distance: scene.input.facts.distance,
      reach: D20_REACH_M,
    });
    if (problem) throw new RulesError(problem, problem, { target: scene.input.facts.name });
    const answer = await requestGM({
      kind: "coupDeGrace",
      tokenUuid: token.document.uuid,
      target: target.document.uuid,
      itemId: weapon.id ?? "",
    });
    for (const s of answer.skipped) notify("warn", s.reason, s.data ?? {});
    // SW-13: the round's action (a full-round one) in a combat by count is recorded by the active GM
    // (`handleCoupDeGrace`, trust review 1.2), never by this page.
  } catch (e) {
    report(e);
  }
}

/** The active GM's side of a coup de grace request (registered in games/d20/init.ts). */
export async function handleCoupDeGrace(
  body: Extract<GMRequestBody, { kind: "coupDeGrace" }>,
  requester: User.Implementation,
): Promise<GMAnswer> {
  const refuse = (reason: string, data: Record<string, string> = {}): GMAnswer => ({
    applied: [],
    skipped: [{ id: body.target, reason, data }],
  });
  // Trust review 1.2: every check runs inside the GM's one queue, from the stored documents, so two requests queued
  // together are judged one after the other (the second sees the first's blow and its recorded action).
  return onGMQueue(async () => {
    const token = tokenByUuid(body.tokenUuid);
    const actor = token?.actor;
    if (!token || !actor?.testUserPermission(requester, "OWNER"))
      return refuse("FT.D20.CoupDeGrace.notYours", { name: token?.name ?? "" });
    const item = actor.items.get(body.itemId);
    if (!item || !isItemType(item, "weapon") || !item.system.d20.damage)
      return refuse("FT.D20.CoupDeGrace.noWeapon", { name: actor.name ?? "" });
    const target = tokenByUuid(body.target);
    const defender = target?.actor;
    const dsys = actorSystem(defender);
    if (!target || !defender || !dsys?.d20 || target.parent !== token.parent) return refuse("FT.D20.noFacts");
    const name = actor.name ?? "";
    // SW-10: a full-round action, which a disabled character cannot take; a helpless one takes none (SW-33).
    const disabled = disabledActionProblem(actorSystem(actor)?.d20?.wounds.value ?? 1, "fullRound");
    if (disabled) return refuse(disabled, { name });
    if (helplessForCoupDeGrace(actor.statuses)) return refuse("FT.D20.CoupDeGrace.helplessAsker", { name });
    const turn = roundOf(token, requester);
    if (turn && "refused" in turn) return refuse(turn.refused, { name });
    const problem = coupDeGraceProblem({
      helpless: helplessForCoupDeGrace(defender.statuses),
      melee: item.system.d20.attack === "melee",
      distance: edgeGap(token, target),
      reach: D20_REACH_M,
    });
    if (problem) return refuse(problem, { target: target.name ?? "" });
    // SW-33, SW-13: the blow is the round's full-round action, recorded by the GM before anything is rolled — in the
    // combatant's ledger (its own client's gate then refuses a second action) and in the GM's record of attacks (a
    // later attack card of the round is refused as over allowance, attack-record.ts).
    if (turn) await recordRoundAction(turn, actor.uuid, requester, "coupDeGrace");
    const melee = item.system.d20.attack === "melee";
    const str = actorSystem(actor)?.derived?.d20?.mods.str ?? 0;
    // SW-07: a melee weapon adds the Strength modifier to its damage.
    const formula = melee && str ? `${item.system.d20.damage} + ${str}` : item.system.d20.damage;
    const dmg = await new Roll(formula).evaluate();
    const damage = Math.max(1, dmg.total ?? 0);
    const health = {
      heroic: dsys.d20.heroic,
      vitality: dsys.d20.vitality.value,
      wounds: dsys.d20.wounds.value,
      dr: dsys.derived?.d20?.dr ?? 0,
    };
    const blow = coupDeGraceRule(health, damage, null);
    let save: { die: number; bonus: number; total: number } | null = null;
    if (blow.dc !== null) {
      const roll = await new Roll("1d20").evaluate();
      const bonus = fortitudeBonus(dsys);
      save = { die: roll.total ?? 0, bonus, total: (roll.total ?? 0) + bonus };
    }
    const result = coupDeGraceRule(health, damage, save?.total ?? null);
    await defender.update({
      system: { d20: { vitality: { value: result.vitality }, wounds: { value: result.wounds } } },
    });
    if (result.dead) {
      for (const s of ["dying", "stable", "disabled"])
        if (defender.statuses.has(s)) await defender.toggleStatusEffect(s, { active: false });
      await defender.toggleStatusEffect("dead", { active: true, overlay: true });
      const combatant = game.combat?.combatants.find((c) => c.tokenId === target.id);
      if (combatant) await combatant.update({ defeated: true });
    }
    const secret = keepsNumbersSecret(defender);
    const targetName = target.name ?? "";
    const sign = (n: number) => (n < 0 ? `− ${-n}` : `+ ${n}`);
    const minus = (n: number) => (n < 0 ? `−${-n}` : String(n));
    const lines = [
      line([
        literal(`${token.name ?? ""}:`),
        keyed("FT.D20.CoupDeGrace.blow", { weapon: item.name ?? "", damage: String(damage) }),
        ...(secret ? [] : [literal(`(WP ${minus(health.wounds)} → ${minus(result.wounds)})`)]),
      ]),
    ];
    if (save && blow.dc !== null)
      lines.push(
        line([
          literal(`${targetName}:`),
          keyed("FT.D20UI.fortitudeSave"),
          literal(secret ? `d20 ${save.die}` : `d20 ${save.die} ${sign(save.bonus)} = ${save.total}`),
          keyed("FT.D20UI.vsDc"),
          literal(`${blow.dc} →`),
          keyed(result.dead ? "FT.D20.CoupDeGrace.dies" : "FT.D20.CoupDeGrace.survives"),
        ]),
      );
    else lines.push(line([literal(`${targetName}:`), keyed("FT.D20.CoupDeGrace.dies")]));
    await postRuleCard(
      { kind: "ft-special-card", ruleId: "SW-33", title: [keyed("FT.D20.CoupDeGrace.title")], lines },
      { speaker: ChatMessage.getSpeaker({ actor }), rolls: [dmg] },
    );
    return { applied: [body.target], skipped: [] };
  });
}
