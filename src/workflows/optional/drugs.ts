/**
 * Using a Stimdose or a Staydose from the gear on the sheet (SF-B-22, SF-B-15, SF-B-18). The user picks the target:
 * the one token they target, or their own character when they target none. What the drug may do is decided first
 * (`drug-plan.ts`): a refusal names the rule and spends nothing. A user who owns the target writes it and spends
 * the dose; otherwise the active GM does both (`gm-request.ts`, kind `drug`), and knows who asks from the server:
 * the asker must own the actor whose gear it is.
 *
 * What the GM cannot trust: the player owns the gear, so its name, `uses` and quantity are the player's word (any
 * item renamed "Stimdose" passes). The GM therefore bounds what a dose may do rather than whether it exists: the
 * target is a token the asker may see (not hidden) on the scene of a token of the giver, and next to it (a drug is
 * given by hand, `withinReach`), or the asker's own character; a target a Stimdose still works in takes no other
 * (SF-B-22: afterwards 24 hours' rest), so one dose per target whatever the quantity says; and every dose given
 * through the GM leaves a chat line the GMs read ("Alice gave Pirate 1 a Stimdose"). A refusal about a target whose
 * sheet the asker may not read is one neutral sentence: it tells nothing of that target's Stamina.
 */
import { SYSTEM_ID } from "../../constants.js";
import { keyed, line } from "../../data/chat/rule-card.js";
import { actorSystem, isItemType } from "../../data/subtypes.js";
import { tokenByUuid } from "../../documents/subtypes.js";
import { type GMAnswer, type GMRequestBody, requestGM } from "../../helpers/gm-request.js";
import { notify, report } from "../../helpers/report.js";
import { SECONDS_PER_TURN } from "../../rules/index.js";
import { onGMQueue } from "../card/card-apply.js";
import { postRuleCard } from "../card/rule-card.js";
import { downProblem } from "../turn/turn-ledger.js";
import {
  type Drug,
  type DrugPlan,
  drugOf,
  planDrug,
  type Spot,
  STIMDOSE_TURNS,
  withinReach,
} from "./drug-plan.js";

type ActorI = Actor.Implementation;
type ItemI = Item.Implementation;
type UserI = User.Implementation;
type TokenD = TokenDocument.Implementation;

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
    stimmed: stillStimmed(actor, game.time?.worldTime ?? 0),
  };
}

/** SF-B-22: a Stimdose works for 3 hours; afterwards the character needs 24 hours' rest before another helps. */
const REST_SECONDS = 24 * 3600;

/** Is a Stimdose still working on the actor, or its rest not over, at world time `now` (the effect's stored start)? */
export function stillStimmed(actor: ActorI, now: number): boolean {
  return actor.effects.some((e) => {
    if (e.disabled || e.getFlag(SYSTEM_ID, "drug") !== "stimdose") return false;
    const d = e._source.duration;
    return (d.startTime ?? 0) + (d.seconds ?? 0) + REST_SECONDS > now;
  });
}

/** A token document's rectangle on its scene, in pixels. */
function spotOf(doc: TokenD): Spot {
  const size = doc.parent?.grid.size ?? 100;
  return { x: doc.x ?? 0, y: doc.y ?? 0, w: (doc.width ?? 1) * size, h: (doc.height ?? 1) * size };
}

/**
 * Does a token of the giver stand next to the target's token on its scene (a drug is given by hand)? The giver's
 * tokens are those of its actor on that scene (an unlinked giver: its own token).
 */
function giverReaches(giver: ActorI, target: TokenD): boolean {
  const scene = target.parent;
  if (!scene) return false;
  const grid = { size: scene.grid.size, distance: scene.grid.distance };
  const mine = giver.isToken
    ? [giver.token].filter((t): t is TokenD => t?.parent === scene)
    : scene.tokens.filter((t) => t.actorId === giver.id);
  return mine.some((t) => t.id !== target.id && withinReach(spotOf(t), spotOf(target), grid));
}

/** Tell the GMs (and the asker) who gave whom a drug: a forged or fabricated dose shows up at the table. */
async function postGiven(user: UserI, giver: ActorI, target: ActorI, drug: string): Promise<void> {
  const gms = (game.users?.contents ?? []).filter((u) => u.isGM).map((u) => u.id ?? "");
  await postRuleCard(
    {
      kind: "ft-drug",
      ruleId: "",
      title: [],
      lines: [
        line(
          keyed("FT.Drug.given", {
            user: user.name ?? "",
            giver: giver.name ?? "",
            target: nameOf(target),
            drug,
          }),
          "",
        ),
      ],
    },
    {
      speaker: ChatMessage.getSpeaker({ actor: giver }),
      whisper: [...new Set([...gms, user.id ?? ""])].filter(Boolean),
    },
  );
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
  const stim = game.i18n?.localize("FT.Drug.stimdose") ?? "Stimdose";
  const effect: ActiveEffect.CreateData | null =
    plan.drug === "stimdose"
      ? {
          // +10 Stamina for three hours, then lost (SF-B-22): the effect's duration tells the GM when. A dose that
          // only woke a dozed character leaves it too: while it is on, no second Stimdose (`stimmed`).
          name: plan.gained > 0 ? `${stim} +${plan.gained}` : stim,
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
  if (plan.wake) await target.toggleStatusEffect("unconscious", { active: false });
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
  // SF-B-15, SF-X-40: an unconscious or stunned character gives no drug (not even to themself).
  const down = downProblem(actor);
  if (down) return report(down);
  const targets = [...(game.user?.targets ?? [])];
  if (targets.length > 1) return notify("warn", "FT.Drug.oneTarget");
  const token = targets[0]?.document ?? null;
  const target = targets[0]?.actor ?? actor;
  const state = targetState(target);
  if (!state) return notify("warn", "FT.Drug.noTarget");
  const data = { rule: RULE[drug], target: nameOf(target), drug: item.name ?? "", giver: actor.name ?? "" };
  if (!(item.system.quantity >= 1)) return notify("warn", "FT.Drug.noneLeft", data);
  // Given by hand: the giver stands next to the target (its own character needs no token).
  if (token && target !== actor && !giverReaches(actor, token))
    return notify("warn", "FT.Drug.outOfReach", data);
  // The rule's refusals name the target's Stamina: checked here only for a target whose sheet this user may read.
  // Any other is the GM's to check, who answers with one neutral sentence.
  const reads = !!game.user && target.testUserPermission(game.user, "OBSERVER");
  const plan = planDrug(drug, state, item.system.quantity);
  if (!plan.ok && reads) return notify("warn", plan.reason, data);
  if (plan.ok && target.isOwner && actor.isOwner) {
    await carryOut(plan, target, item);
    return notify("info", "FT.Drug.used", data);
  }
  const answer = await requestGM({
    kind: "drug",
    actorId: actor.id ?? "",
    itemId: item.id ?? "",
    target: token ? token.uuid : targetRef(target),
  });
  for (const s of answer.skipped.slice(0, 5)) notify("warn", s.reason, { ...data, ...(s.data ?? {}) });
  if (answer.applied.length) notify("info", "FT.Drug.used", data);
}

/**
 * The active GM: carry out a drug request for `requester` (whom the server vouched for). The asker must own the
 * actor whose gear it is; the target must be a token (one hidden from players only for a GM) next to a token of
 * that actor on its scene, or the asker's own character; the rule is checked again here, against the target as
 * the GM's client has it, and a target a Stimdose still works in takes no other. A target whose sheet the asker
 * may not read gets one neutral refusal (`FT.Drug.noEffect`), whatever the reason.
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
  const down = downProblem(actor);
  if (down)
    return refuse(down.key, Object.fromEntries(Object.entries(down.data).map(([k, v]) => [k, String(v)])));
  const rule = { rule: RULE[drug], drug: item.name ?? "" };
  // A token, or else the asker's own character (never another world actor: whoever it is, wherever it stands).
  const token = tokenByUuid(body.target);
  if (!token && body.target !== `Actor.${actor.id}`) return refuse("FT.Drug.noTarget");
  if (token?.hidden && !requester.isGM) return refuse("FT.Drug.noTarget");
  const reads = (a: ActorI) => a.testUserPermission(requester, "OBSERVER");
  // Given by hand: next to a token of the giver, on the target's scene.
  const far = !!token && token.actor !== actor && !giverReaches(actor, token);
  return onGMQueue(async () => {
    const target = targetOf(body.target);
    const state = target ? targetState(target) : null;
    if (!target || !state) return refuse("FT.Drug.noTarget");
    const data = { ...rule, target: nameOf(target), giver: actor.name ?? "" };
    if (far) return reads(target) ? refuse("FT.Drug.outOfReach", data) : refuse("FT.Drug.noEffect", rule);
    const plan = planDrug(drug, state, item.system.quantity);
    if (!plan.ok)
      return reads(target) || plan.reason === "FT.Drug.noneLeft"
        ? refuse(plan.reason, data)
        : refuse("FT.Drug.noEffect", rule);
    await carryOut(plan, target, item);
    await postGiven(requester, actor, target, item.name ?? "");
    return { applied: [body.target], skipped: [] };
  });
}

/** Register the GM's side of drug requests (init). */
