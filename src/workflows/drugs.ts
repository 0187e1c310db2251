/**
 * Using a Stimdose or a Staydose from the gear on the sheet (SF-B-22, SF-B-15, SF-B-18). The user picks the target:
 * the one token they target, or their own character when they target none. What the drug may do is decided first
 * (`drug-plan.ts`): a refusal names the rule and spends nothing. A user who owns the target writes it and spends
 * the dose; otherwise the active GM does both (`gm-request.ts`, kind `drug`), and knows who asks from the server:
 * the asker must own the actor whose gear it is.
 */
import { SYSTEM_ID } from "../constants.js";
import { actorSystem, isItemType, tokenByUuid } from "../documents/subtypes.js";
import { type GMAnswer, type GMRequestBody, registerGMRequest, requestGM } from "../helpers/gm-request.js";
import { notify } from "../helpers/report.js";
import { SECONDS_PER_TURN } from "../rules/index.js";
import { onGMQueue } from "./attack-flow.js";
import { type Drug, type DrugPlan, drugOf, planDrug, STIMDOSE_TURNS } from "./drug-plan.js";

type ActorI = Actor.Implementation;
type ItemI = Item.Implementation;
type UserI = User.Implementation;

/** The rule each refusal names (shown in the notification). */
const RULE: Record<Drug, string> = { stimdose: "SF-B-22", staydose: "SF-B-15" };

/** The drug's state of a target actor. */
function targetState(actor: ActorI): Parameters<typeof planDrug>[1] | null {
  const sys = actorSystem(actor);
  if (!sys) return null;
  return {
    stamina: { value: sys.stamina.value, max: sys.stamina.max },
    unconscious: actor.statuses.has("unconscious"),
    stabilized: actor.effects.some((e) => e.getFlag(SYSTEM_ID, "drug") === "staydose"),
  };
}

/** The target's reference a request carries: a token's UUID, or a world actor's id. */
function targetRef(actor: ActorI): string {
  return actor.isToken && actor.token ? actor.token.uuid : `Actor.${actor.id}`;
}

/** What the table calls the target: its token's name (an unlinked NPC's actor is named for the whole crew). */
const nameOf = (actor: ActorI): string => (actor.isToken ? actor.token?.name : null) ?? actor.name ?? "";

function targetOf(ref: string): ActorI | null {
  const token = tokenByUuid(ref);
  if (token) return token.actor ?? null;
  const m = /^Actor\.([A-Za-z0-9]{16})$/.exec(ref);
  return m ? (game.actors?.get(m[1]!) ?? null) : null;
}

/** Write what the drug does to the target, then spend one dose from the item. */
async function carryOut(plan: Extract<DrugPlan, { ok: true }>, target: ActorI, item: ItemI): Promise<void> {
  const sys = actorSystem(target);
  if (sys && plan.stamina !== sys.stamina.value)
    await target.update({ system: { stamina: { value: plan.stamina } } });
  if (plan.wake) await target.toggleStatusEffect("unconscious", { active: false });
  const effect: ActiveEffect.CreateData | null =
    plan.drug === "stimdose" && plan.gained > 0
      ? {
          // +10 Stamina for three hours, then lost (SF-B-22): the effect's duration tells the GM when.
          name: `${game.i18n?.localize("FT.Drug.stimdose") ?? "Stimdose"} +${plan.gained}`,
          img: "icons/svg/regen.svg",
          duration: {
            rounds: STIMDOSE_TURNS,
            seconds: STIMDOSE_TURNS * SECONDS_PER_TURN,
            startTime: game.time?.worldTime ?? 0,
          },
          flags: { [SYSTEM_ID]: { drug: "stimdose", gained: plan.gained } },
        }
      : plan.stabilize
        ? {
            name: game.i18n?.localize("FT.Drug.keptAlive") ?? "Kept alive (Staydose)",
            img: "icons/svg/heal.svg",
            flags: { [SYSTEM_ID]: { drug: "staydose" } },
          }
        : null;
  if (effect) await target.createEmbeddedDocuments("ActiveEffect", [effect]);
  const left = Math.max(0, (isItemType(item, "gear") ? item.system.quantity : 0) - 1);
  await item.update({ system: { quantity: left } });
}

/**
 * The sheet's Use on a gear item. Refusals (no dose left, a Stimdose on a character below 0, a Staydose on one who
 * is not dying) are notifications naming the rule; nothing is spent.
 */
export async function useGear(actor: ActorI, item: ItemI): Promise<void> {
  const drug = isItemType(item, "gear") ? drugOf(item) : null;
  if (!drug || !isItemType(item, "gear")) return notify("info", "FT.Drug.notADrug");
  const targets = [...(game.user?.targets ?? [])];
  if (targets.length > 1) return notify("warn", "FT.Drug.oneTarget");
  const target = targets[0]?.actor ?? actor;
  const state = targetState(target);
  if (!state) return notify("warn", "FT.Drug.noTarget");
  const plan = planDrug(drug, state, item.system.quantity);
  const data = { rule: RULE[drug], target: nameOf(target), drug: item.name ?? "" };
  if (!plan.ok) return notify("warn", plan.reason, data);
  if (target.isOwner && actor.isOwner) {
    await carryOut(plan, target, item);
    return notify("info", "FT.Drug.used", data);
  }
  const answer = await requestGM({
    kind: "drug",
    actorId: actor.id ?? "",
    itemId: item.id ?? "",
    target: targetRef(target),
  });
  for (const s of answer.skipped.slice(0, 5)) notify("warn", s.reason, { ...data, ...(s.data ?? {}) });
  if (answer.applied.length) notify("info", "FT.Drug.used", data);
}

/**
 * The active GM: carry out a drug request for `requester` (whom the server vouched for). The asker must own the
 * actor whose gear it is; the target must be a token on a scene (one hidden from players only for a GM) or a
 * world actor; the rule is checked again here, against the target as the GM's client has it.
 */
export async function handleDrugRequest(
  body: Extract<GMRequestBody, { kind: "drug" }>,
  requester: UserI,
): Promise<GMAnswer> {
  const refuse = (reason: string, data: Record<string, string> = {}): GMAnswer => ({
    applied: [],
    skipped: [{ id: body.target, reason, data }],
  });
  const actor = game.actors?.get(body.actorId);
  if (!actor?.testUserPermission(requester, "OWNER")) return refuse("FT.Drug.notYours");
  const item = actor.items.get(body.itemId);
  const drug = item && isItemType(item, "gear") ? drugOf(item) : null;
  if (!item || !drug || !isItemType(item, "gear")) return refuse("FT.Drug.notADrug");
  const token = tokenByUuid(body.target);
  if (token?.hidden && !requester.isGM) return refuse("FT.Drug.noTarget");
  return onGMQueue(async () => {
    const target = targetOf(body.target);
    const state = target ? targetState(target) : null;
    if (!target || !state) return refuse("FT.Drug.noTarget");
    const data = { rule: RULE[drug], target: nameOf(target), drug: item.name ?? "" };
    const plan = planDrug(drug, state, item.system.quantity);
    if (!plan.ok) return refuse(plan.reason, data);
    await carryOut(plan, target, item);
    return { applied: [body.target], skipped: [] };
  });
}

/** Register the GM's side of drug requests (init). */
export function registerDrugRequests(): void {
  registerGMRequest("drug", handleDrugRequest);
}
