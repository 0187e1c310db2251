/**
 * Attack card buttons (wired in the `renderChatMessageHTML` hook, no jQuery) and the GM side of them. Apply and
 * undo go to the active GM through `CONFIG.queries`; the GM reads the targets, writes one batch, records what was
 * applied on the card and re-renders it. A second click finds the record and changes nothing.
 */
import { placeBlastArea } from "../canvas/blast-area.js";
import { type DefenseSystem, defenseState, screenPack } from "../data/item/facts.js";
import { actorSystem, isAttackMessage, isItemType, tokenByUuid } from "../documents/subtypes.js";
import { asGM, foundryUsers, QUERY } from "../helpers/gm-query.js";
import { guard, notify } from "../helpers/report.js";
import type { ItemLevels, TargetState, WriteBatch } from "./apply-damage.js";
import { renderCard } from "./attack.js";
import { type ApplyResponse, type GMPorts, gmApplyDamage, gmUndoDamage } from "./attack-flow.js";
import { mergeApplied, readCard, type StoredCard } from "./card-data.js";

type Msg = ChatMessage.Implementation;
type TokenDoc = TokenDocument.Implementation;

/** The card stored on a message, in the current shape whichever version stored it (see `card-data.ts`). */
const cardOf = (m: Msg): StoredCard | null => (isAttackMessage(m) ? readCard(m.system.card) : null);

/** Clicks in flight, so a double click sends one request. */
const inFlight = new Set<string>();

export function bindAttackCard(message: Msg, html: HTMLElement): void {
  if (!isAttackMessage(message)) return;
  // Controls this user may not use: undo is the GM's; apply is the GM's and the attack's author's.
  const isGM = !!game.user?.isGM;
  const isAuthor = message.author?.id === game.user?.id;
  for (const el of html.querySelectorAll<HTMLElement>('[data-ft-action="undo"]')) if (!isGM) el.remove();
  for (const el of html.querySelectorAll<HTMLElement>('[data-ft-action="apply"]'))
    if (!isGM && !isAuthor) el.remove();
  for (const button of html.querySelectorAll<HTMLButtonElement>("[data-ft-action]")) {
    // Whatever goes wrong (no GM, no answer in time, a refusal) is reported to the user, never thrown.
    button.addEventListener("click", (event) => {
      event.preventDefault();
      void guard(() => onCardButton(message, button));
    });
  }
}

async function onCardButton(message: Msg, button: HTMLButtonElement): Promise<void> {
  const action = button.dataset.ftAction;
  const targetId = button.dataset.targetId ?? "";
  const key = `${message.id}:${action}:${targetId}`;
  if (inFlight.has(key)) return;
  inFlight.add(key);
  button.disabled = true;
  try {
    if (action === "apply") await requestApply(message, targetId ? [targetId] : []);
    if (action === "undo") await requestUndo(message, [targetId]);
    if (action === "place") await placeFromCard(message);
  } finally {
    inFlight.delete(key);
    button.disabled = false;
  }
}

async function requestApply(message: Msg, ids: string[]): Promise<void> {
  const r = await asGM<ApplyResponse>(foundryUsers(), QUERY.applyDamage, { messageId: message.id, ids }, () =>
    handleApplyQuery({ messageId: message.id ?? "", ids }),
  );
  const card = cardOf(message);
  const nameOf = (id: string) => card?.targets.find((t) => t.id === id)?.name ?? id;
  for (const s of r.skipped) notify("info", s.reason, { target: nameOf(s.id) });
}

async function requestUndo(message: Msg, ids: string[]): Promise<void> {
  if (!game.user?.isGM) return;
  await gmUndoDamage(message.id ?? "", ids, foundryGMPorts());
}

/** The blast area goes on the attack's scene: a user viewing another scene is told to switch to it. */
async function placeFromCard(message: Msg): Promise<void> {
  const card = cardOf(message);
  const g = card?.grenade;
  if (!card || !g) return;
  if (card.sceneId && canvas?.scene?.id !== card.sceneId) {
    const scene = game.scenes?.get(card.sceneId);
    return notify("warn", "FT.Card.placeOtherScene", { scene: scene?.name ?? card.sceneId });
  }
  await placeBlastArea({
    x: g.landing.x,
    y: g.landing.y,
    radius: g.radius,
    colour: "#e0a100",
    label: "Blast",
  });
}

/**
 * GM query handler for apply clicks. On a Basic-game initiative tie the request is held on the combat and applied
 * when the exchange ends (SF-B-05).
 */
export async function handleApplyQuery(data: { messageId: string; ids: string[] }): Promise<ApplyResponse> {
  // What a player sends is theirs to write: a request of another shape is refused, not obeyed.
  const req: unknown = data;
  const shaped =
    !!req &&
    typeof req === "object" &&
    "messageId" in req &&
    typeof req.messageId === "string" &&
    "ids" in req &&
    Array.isArray(req.ids) &&
    req.ids.length <= 50 &&
    req.ids.every((id: unknown) => typeof id === "string");
  if (!shaped) throw new Error("That apply request is not one this system sends.");
  const combat = game.combat;
  if (combat?.holdsDamage) {
    // Only targets on that card are held (SF-B-05), one entry per card: nothing else waits for the round's end.
    const m = game.messages?.get(data.messageId);
    const card = m ? cardOf(m) : null;
    if (!card) throw new Error("That card no longer exists.");
    const onCard = new Set(card.targets.map((t) => t.id));
    const ids = data.ids.filter((id) => onCard.has(id));
    const refused = data.ids.filter((id) => !onCard.has(id));
    if (ids.length || data.ids.length === 0) await combat.holdDamage({ messageId: data.messageId, ids });
    return {
      applied: [],
      skipped: [
        ...(data.ids.length ? ids : card.targets.map((t) => t.id)).map((id) => ({
          id,
          reason: "FT.Card.held",
        })),
        ...refused.map((id) => ({ id, reason: "FT.Card.notOnCard" })),
      ],
    };
  }
  return gmApplyDamage(data.messageId, data.ids, foundryGMPorts());
}

function actorOfToken(doc: TokenDoc | null): Actor.Implementation | null {
  return doc?.actor ?? null;
}

/** The GM's ports: targets are token UUIDs on the card. */
export function foundryGMPorts(): GMPorts {
  return {
    loadCard: async (messageId) => {
      const m = game.messages?.get(messageId);
      return m ? cardOf(m) : null;
    },
    loadTargets: async (ids) =>
      Promise.all(
        ids.map(async (uuid): Promise<TargetState | null> => {
          const token = tokenByUuid(uuid);
          const actor = actorOfToken(token);
          const sys = actorSystem(actor);
          if (!token || !actor || !sys) return null;
          const packs = actor.items.contents
            .filter((i) => isItemType(i, "powerSource"))
            .map((i) => ({ id: i.id ?? "", kind: i.system.kind }));
          const defenses = actor.items.contents
            .filter((i) => isItemType(i, "defense"))
            .map((i) => {
              const d: DefenseSystem = i.system;
              const packId = screenPack(d, packs);
              const pack = packId ? actor.items.get(packId) : null;
              const power = pack && isItemType(pack, "powerSource") ? (pack.system.remaining ?? 0) : 0;
              return defenseState(i.id ?? "", i.name ?? "", d, power, packId);
            });
          return {
            id: uuid,
            name: token.name ?? actor.name ?? "",
            sceneId: token.parent?.id ?? "",
            tokenId: token.id ?? "",
            actorId: actor.id ?? "",
            linked: !!token.actorLink,
            stamina: { value: sys.stamina.value, max: sys.stamina.max },
            defenses,
          };
        }),
      ),
    itemLevels: async (targets) => {
      const out: Record<string, ItemLevels> = {};
      for (const t of targets) {
        if (!t) continue;
        const token = game.scenes?.get(t.sceneId)?.tokens.get(t.tokenId);
        const actor = actorOfToken(token ?? null);
        if (!actor) continue;
        const key = t.linked ? `actor:${t.actorId}` : `token:${t.sceneId}.${t.tokenId}`;
        const power: Record<string, number> = {};
        const capacity: Record<string, number> = {};
        for (const i of actor.items) {
          if (isItemType(i, "powerSource") && typeof i.system.remaining === "number")
            power[i.id ?? ""] = i.system.remaining;
          if (isItemType(i, "defense") && i.system.capacity.value != null)
            capacity[i.id ?? ""] = i.system.capacity.value;
        }
        out[key] = { power, capacity };
      }
      return out;
    },
    write: async (batch: WriteBatch) => {
      // The batch is dotted-path update data (`"system.stamina.value": 17`), valid for Foundry (expandObject) but
      // not expressible in fvtt-types' UpdateData: the three writes below cast it for that reason only.
      if (batch.actors.length) await Actor.implementation.updateDocuments(batch.actors as never);
      for (const [sceneId, updates] of Object.entries(batch.tokens)) {
        await game.scenes?.get(sceneId)?.updateEmbeddedDocuments("Token", updates as never);
      }
      for (const [key, updates] of Object.entries(batch.items)) {
        const actor = key.startsWith("actor:")
          ? game.actors?.get(key.slice(6))
          : actorOfToken(
              game.scenes?.get(key.slice(6).split(".")[0] ?? "")?.tokens.get(key.split(".")[1] ?? "") ?? null,
            );
        await actor?.updateEmbeddedDocuments("Item", updates as never);
      }
      for (const uuid of batch.stunned) {
        await actorOfToken(tokenByUuid(uuid))?.toggleStatusEffect("stun", { active: true, overlay: false });
      }
      for (const uuid of batch.unconscious) {
        await actorOfToken(tokenByUuid(uuid))?.toggleStatusEffect("unconscious", {
          active: true,
          overlay: true,
        });
      }
    },
    saveApplied: async (messageId, set, clear) => {
      const m = game.messages?.get(messageId);
      const card = m ? cardOf(m) : null;
      if (!m || !card) return;
      const updated: StoredCard = { ...card, applied: mergeApplied(card.applied, set, clear) };
      // recursive: false replaces the stored card whole, so an undone target's record is really removed
      // (a merge would keep keys that are no longer there).
      await m.update({ system: { card: updated }, content: await renderCard(updated) }, { recursive: false });
    },
  };
}
