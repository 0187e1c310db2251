/**
 * The attack card's apply and undo on the active GM's page (moved out of attack-flow.ts in issue 28, and out of the
 * module every page loads in issue 29): apply and undo against small ports (`GMPorts`, filled with Foundry's
 * documents in card-gm.ts and with counting fakes in the tests), in the GM's one queue (card-apply.ts), planned by
 * `planCard` as every Apply preview is.
 */
import type { AppliedMark, AttackCardData, DamageScale } from "../../data/chat/attack-card.js";
import type { AppliedRecord, ItemLevels, TargetState, WriteBatch } from "../damage/apply-records.js";
import { planUndo } from "../damage/undo-damage.js";
import { onGMQueue, planCard } from "./card-apply.js";
import { damageOf, scaled } from "./card-data.js";

/** What the GM needs from Foundry to apply damage from a card. */
export interface GMPorts {
  /** The card as its author created it, checked (`cardProblem`), or a refusal; null when the message is gone. */
  loadCard(
    messageId: string,
  ): Promise<AttackCardData | { refused: string; data?: Record<string, string> } | null>;
  /**
   * The targets as they are now, with this card's record on each (`recorded`). `marks` lets a linked actor be
   * found when its token has been deleted since (undo by actor).
   */
  loadTargets(
    messageId: string,
    ids: readonly string[],
    marks?: readonly AppliedMark[],
  ): Promise<(TargetState | null)[]>;
  itemLevels(targets: readonly (TargetState | null)[]): Promise<Record<string, ItemLevels>>;
  /**
   * Write a batch; the ids of targets whose Stamina write did not land (refused, invalid, thrown). What did not land
   * of its item and status writes is kept for the card `messageId` to finish (T2-2F).
   */
  write(batch: WriteBatch, messageId?: string): Promise<{ failed: string[] }>;
  /**
   * Store the public marks of `set` on the card (replacing a target's old one) and remove those of `clear`,
   * writing the card `basis` that was checked when it was loaded — never what the message holds now, which its
   * author may have changed meanwhile (a GM's save would otherwise make that change look like the GM's).
   */
  saveApplied(
    messageId: string,
    set: readonly AppliedMark[],
    clear: readonly string[],
    basis: AttackCardData,
  ): Promise<void>;
}

export interface ApplyResponse {
  readonly applied: string[];
  /** Why each target was not applied: a localization key, and what it names besides the target. */
  readonly skipped: { id: string; reason: string; data?: Readonly<Record<string, string>> }[];
}

const refusedAll = (ids: readonly string[], reason: string, data?: Readonly<Record<string, string>>) => ({
  applied: [],
  skipped: (ids.length ? ids : [""]).map((id) => ({ id, reason, ...(data ? { data } : {}) })),
});

/**
 * GM: apply a card's damage to `ids` (all its damaged targets when empty). Idempotent per target: the record on
 * the target is written with its Stamina, and a target with a record (or a mark on the card) is skipped. Only
 * targets the card has damage for are considered: another id is skipped, not hit for 0.
 */
export function gmApplyDamage(
  messageId: string,
  ids: readonly string[],
  ports: GMPorts,
  byGM = true,
  scale?: DamageScale,
): Promise<ApplyResponse> {
  return onGMQueue(() => applyNow(messageId, ids, ports, byGM, scale));
}

function isCard(c: Awaited<ReturnType<GMPorts["loadCard"]>>): c is AttackCardData {
  return !!c && !("refused" in c);
}

async function applyNow(
  messageId: string,
  ids: readonly string[],
  ports: GMPorts,
  byGM: boolean,
  scale: DamageScale | undefined,
): Promise<ApplyResponse> {
  const card = await ports.loadCard(messageId);
  if (!card) return refusedAll(ids, "FT.Card.gone");
  if (!isCard(card)) return refusedAll(ids, card.refused, card.data);
  const onCard = new Set(card.result.damage.map((d) => d.targetId));
  const asked = ids.length ? [...new Set(ids)] : [...onCard];
  const wanted = asked.filter((id) => onCard.has(id));
  const notOnCard = asked.filter((id) => !onCard.has(id)).map((id) => ({ id, reason: "FT.Card.notOnCard" }));
  // A hit a GM undid is applied again only by a GM — checked here, in the queue, so an undo in flight when a
  // player's request arrives is seen (review 3, S1).
  const loaded = await ports.loadTargets(messageId, wanted);
  const undone = (id: string, t: TargetState | null) =>
    !byGM && (!!t?.undone || card.applied.some((m) => m.targetId === id && m.undone));
  const refusedUndone = wanted.filter((id, i) => undone(id, loaded[i] ?? null));
  const targets = loaded.map((t, i) => (undone(wanted[i]!, t) ? null : t));
  const levels = await ports.itemLevels(targets);
  const plan = planCard(messageId, card, wanted, targets, levels);
  const byId = new Map(targets.filter((t): t is TargetState => !!t).map((t) => [t.id, t]));
  const markOf = (r: AppliedRecord): AppliedMark =>
    markFor(byId.get(r.targetId)!, {
      unconscious: r.unconscious || !!r.doze?.knockedOut,
      stunned: (r.statuses ?? []).includes("stun") || (card.stunned ?? []).includes(r.targetId),
    });
  // A target with its record but no mark (the card's save failed after the write): the card is put right.
  const unmarked = targets
    .filter(
      (t): t is TargetState => !!t?.recorded && !card.applied.some((m) => m.targetId === t.id && !m.undone),
    )
    .map((t) => markOf({ ...t.recorded!, targetId: t.id }));
  const { failed } = plan.applied.length
    ? await ports.write(plan.batch, messageId)
    : { failed: [] as string[] };
  const landed = plan.applied.filter((r) => !failed.includes(r.targetId));
  // The GM's ruling (card-scale.ts) goes on the marks of the hits it applied: Undo's bound is the scaled number.
  const marks = [...landed.map((r) => ({ ...markOf(r), ...(scale ? { scale } : {}) })), ...unmarked];
  const skipped: ApplyResponse["skipped"] = [
    ...plan.skipped.filter((k) => !refusedUndone.includes(k.id)),
    ...refusedUndone.map((id) => ({ id, reason: "FT.Card.undone" })),
    ...notOnCard,
    ...failed.map((id) => ({ id, reason: "FT.Card.writeFailed" })),
  ];
  // The records on the targets already make a second apply a no-op; the card shows what landed.
  if (marks.length) {
    try {
      await ports.saveApplied(messageId, marks, [], card);
    } catch (e) {
      console.error(e);
      skipped.push({ id: "", reason: "FT.Card.notSaved" });
    }
  }
  return { applied: landed.map((r) => r.targetId), skipped };
}

/** A target's public mark on the card: where it is, and the outcome every client may read. */
function markFor(
  t: TargetState,
  outcome: Pick<AppliedMark, "unconscious" | "stunned" | "undone">,
): AppliedMark {
  return {
    targetId: t.id,
    sceneId: t.sceneId,
    tokenId: t.tokenId,
    actorId: t.actorId,
    linked: t.linked,
    ...outcome,
  };
}

/** GM: undo what was applied to `ids` from a card, from the records on the targets. */
export function gmUndoDamage(
  messageId: string,
  ids: readonly string[],
  ports: GMPorts,
): Promise<ApplyResponse> {
  return onGMQueue(() => undoNow(messageId, ids, ports));
}

async function undoNow(messageId: string, ids: readonly string[], ports: GMPorts): Promise<ApplyResponse> {
  const card = await ports.loadCard(messageId);
  if (!card) return refusedAll(ids, "FT.Card.gone");
  // A changed card's damage (the undo's bound) is not to be trusted: its hits are undone by hand, and nothing is
  // written (review 4: an undo bounded at 0 marked the hit undone and restored nothing).
  if (!isCard(card)) return refusedAll(ids, "FT.Card.undoByHand");
  const trusted = card;
  const marks = trusted.applied ?? [];
  const skipped: ApplyResponse["skipped"] = [];
  const wanted = [...new Set(ids)];
  const targets = await ports.loadTargets(messageId, wanted, marks);
  const records: AppliedRecord[] = [];
  const live: (TargetState | null)[] = [];
  for (const [i, id] of wanted.entries()) {
    const t = targets[i] ?? null;
    const mark = marks.find((m) => m.targetId === id);
    if (!t) skipped.push({ id, reason: "FT.Card.undoGone" });
    else if (!t.recorded)
      skipped.push({ id, reason: mark?.legacy ? "FT.Card.legacyUndo" : "FT.Card.nothingToUndo" });
    else {
      records.push({ ...t.recorded, targetId: id });
      live.push(t);
    }
  }
  if (!records.length) return { applied: [], skipped };
  const levels = await ports.itemLevels(live);
  // The bound is the card's number at the ruling its mark was applied under (review-final-trust 1.1: a ×2 record
  // took twice the card's number). The record on the target caps it too (`planUndo`: never more than it took), so
  // neither a forged record (a player's own actor) nor a forged mark (the card is its author's to write; its marks
  // are outside the seal's digest) alone gives back more than the GM's ruling and the honest other half allow.
  const bound = Object.fromEntries(
    records.map((r) => {
      // A mark's scale is stored as text (attack-card-schema.ts): only the two rulings scale the bound.
      const ruling = marks.find((m) => m.targetId === r.targetId)?.scale;
      const damage = damageOf(trusted, r.targetId);
      return [r.targetId, ruling === "half" || ruling === "double" ? scaled(damage, ruling) : damage];
    }),
  );
  const batch = planUndo(messageId, records, live, levels, bound);
  const { failed } = await ports.write(batch, messageId);
  const undone = records.map((r) => r.targetId).filter((id) => !failed.includes(id));
  // Each undone target keeps a mark that says so: only a GM applies it again.
  const undoneMarks = live
    .filter((t): t is TargetState => !!t && undone.includes(t.id))
    .map((t) => markFor(t, { unconscious: false, stunned: false, undone: true }));
  if (undoneMarks.length) await ports.saveApplied(messageId, undoneMarks, [], trusted);
  return {
    applied: undone,
    skipped: [...skipped, ...failed.map((id) => ({ id, reason: "FT.Card.writeFailed" }))],
  };
}
