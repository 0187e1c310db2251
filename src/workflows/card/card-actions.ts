import { placeBlastArea } from "../../canvas/blast-area.js";
import { squareGrid } from "../../canvas/grid-support.js";
import { cellCentres } from "../../canvas/scene-facts.js";
import { SYSTEM_ID } from "../../constants.js";
import { type AppliedMark, type StoredCard, tokenIds } from "../../data/chat/attack-card.js";
import { type DefenseSystem, defenseState, screenPack } from "../../data/item/facts.js";
import { actorSystem, isAttackMessage, isItemType, isSquad, tokenByUuid } from "../../documents/subtypes.js";
import { registerGMRequest, requestGM } from "../../helpers/gm-request.js";
import { perPage } from "../../helpers/page-state.js";
import { guard, notify } from "../../helpers/report.js";
import { clientSettings, SETTINGS } from "../../helpers/settings.js";
import { UNITS_PER_HEX, unitsLeft } from "../../rules/swn/squad.js";
import { d20Health } from "../attack/d20-facts.js";
import {
  APPLIED_STATUSES,
  type AppliedRecord,
  type AppliedStatus,
  actorKey,
  type ItemLevels,
  poolsOf,
  type TargetState,
  type WriteBatch,
} from "../damage/apply-damage.js";
import { fortitudeButton, mayRollFortitude } from "../damage/d20-fortitude.js";
import { planCard } from "./card-apply.js";
import { appliedOf, damageOf } from "./card-data.js";
import { drawCard, redrawOnSeals } from "./card-draw.js";
import { loadCardTemplate } from "./card-render.js";
import { cardDigest, cardOfMessage } from "./card-seal.js";
import { d20AppliedText } from "./d20-card.js";
import { d20GrenadeOf } from "./d20-grenade.js";

/** The card's word for each pool a hit changes. */
const POOL_LABEL = {
  stamina: "FT.Card.stamina",
  vitality: "FT.Card.vitality",
  wounds: "FT.Card.wounds",
  swnHp: "FT.Card.swnHp",
  hp: "FT.Card.swnHp",
} as const;

type Msg = ChatMessage.Implementation;
type ActorI = Actor.Implementation;

/** The card stored on a message, in the current shape whichever version stored it (see `card-data.ts`). */
export const cardOf = cardOfMessage;

export const setting = (key: "playersApplyToAll" | "showNpcNumbers"): boolean =>
  !!clientSettings().get(SYSTEM_ID, SETTINGS[key]);

/** The seals of deleted cards this page's GM has yet to drop (C2 3.2: one User update for a cleared log). */
const droppedSeals = perPage(() => ({ ids: new Set<string>(), queued: false }));

/** Clicks in flight, so a double click sends one request. */
const inFlight = perPage(() => new Set<string>());

/** The actor a card target stands for on this client (the token's, or a linked actor whose token is gone). */
export function targetActor(
  id: string,
  mark?: Pick<AppliedMark, "linked" | "actorId"> | null,
): ActorI | null {
  const token = tokenByUuid(id);
  if (token?.actor) return token.actor;
  return mark?.linked ? (game.actors?.get(mark.actorId) ?? null) : null;
}

export function bindAttackCard(message: Msg, html: HTMLElement): void {
  if (!isAttackMessage(message)) return;
  const user = game.user;
  if (!user) return;
  // T2-1E: the body is drawn from the card's checked data on this page, never the author's stored HTML.
  drawCard(message, html);
  const card = cardOf(message);
  // Issue 28: the card was drawn for this user (card-render.ts `viewerOf`, card-context.ts `CardViewer`): only the
  // controls this user may use are there — undo the GM's, apply the GM's and the author's (a player's target they do
  // not own says the GM applies unless the world lets players apply to all), the stray pick the GM's (SF-X-35).
  // Here they are only bound; the GM still checks every request (R1-1).
  const isGM = user.isGM;
  // T2-2F: writes of this card that did not land: the GM finishes them.
  if (isGM && unlandedOf(message.id ?? "")) html.querySelector(".message-content")?.append(finishButton());
  if (card) showAppliedNumbers(message, card, html);
  if (card) showReflexSaves(card, html);
  if (card) showApplyPreview(message, card, html);
  // The preview is recomputed from the target as it is when the user points at or tabs to the button: the chat
  // log re-renders a card only when the card changes, not its targets (review 13c M2).
  for (const button of html.querySelectorAll<HTMLButtonElement>('[data-ft-action="apply"]'))
    for (const type of ["pointerenter", "focus"])
      button.addEventListener(type, () => {
        const now = cardOf(message);
        if (now) previewOn(message, now, button);
      });
  for (const button of html.querySelectorAll<HTMLButtonElement>("[data-ft-action]")) {
    // Whatever goes wrong (no GM, no answer in time, a refusal) is reported to the user, never thrown.
    button.addEventListener("click", (event) => {
      event.preventDefault();
      void guard(() => onCardButton(message, button));
    });
  }
}

/** The GM's button that writes what did not land of a card's writes (T2-2F). */
function finishButton(): HTMLElement {
  const b = document.createElement("button");
  b.type = "button";
  b.dataset.ftAction = "finish";
  b.textContent = game.i18n?.localize("FT.Card.finish") ?? "Finish";
  return b;
}

/**
 * What a hit did, on the rows of users who may see it: the GM, those who can observe the target, everyone when
 * the world shows NPC numbers. Read from the target's record, so the card's stored data never carries it.
 */
function showAppliedNumbers(message: Msg, card: StoredCard, html: HTMLElement): void {
  const user = game.user;
  if (!user) return;
  const everyone = setting("showNpcNumbers");
  for (const row of html.querySelectorAll<HTMLElement>("li[data-target-id]")) {
    const id = row.dataset.targetId ?? "";
    const mark = card.applied.find((m) => m.targetId === id);
    const line = row.querySelector<HTMLElement>(".ft-applied");
    if (!mark || !line) continue;
    const actor = targetActor(id, mark);
    if (!actor || !(user.isGM || everyone || actor.testUserPermission(user, "OBSERVER"))) continue;
    const rec = recordOn(actor, message.id ?? "", mark.tokenId);
    if (!rec) continue;
    const span = document.createElement("span");
    span.className = "ft-applied-numbers";
    const steps = rec.steps
      // A screen whose pack ran dry says so (SF-X-36: no power, no effect).
      .map(
        (s) =>
          ` · ${s.name} ${s.before}→${s.after}${s.seu ? ` (${s.seu} SEU)` : ""}${s.failed ? ` (${game.i18n?.localize(s.failed) ?? s.failed})` : ""}`,
      )
      .join("");
    // Each pool the hit changed: Stamina, or vitality and wound points (issue 14).
    const pools = poolsOf(rec)
      .map((p) => `${game.i18n?.localize(POOL_LABEL[p.pool]) ?? p.pool} ${p.before} → ${p.after}`)
      .join(", ");
    // SWN-17: a squad's hit says the units the burst caught and the units left standing.
    const squad = rec.squad
      ? ` · ${game.i18n?.format("FT.Squad.appliedUnits", { hit: String(rec.squad.unitsHit), before: String(rec.squad.unitsBefore), after: String(rec.squad.unitsAfter) }) ?? ""}`
      : "";
    span.textContent =
      rec.health === "vitalityWounds"
        ? `: ${d20AppliedText(rec, (k) => game.i18n?.localize(k) ?? k)}`
        : `: ${rec.taken} (${pools})${squad}${steps}`;
    line.querySelector(".ft-applied-label")?.after(span);
    // SW-10 (issue 14): the Fortitude save the hit calls for, for the target's owner or the GM, once.
    if (
      rec.fortitudeDC &&
      !fortitudeRolled(actor, message.id ?? "", mark.tokenId) &&
      mayRollFortitude(actor, user)
    )
      row.querySelector(".ft-buttons")?.prepend(fortitudeButton(id, rec.fortitudeDC));
  }
}

/**
 * SW-38 (issue 15): the Reflex save a d20 burst allows, on the rows of the creatures it caught, for the creature's
 * owner and the GM, until it is rolled or the damage applied (the card says both; every client re-renders it).
 */
function showReflexSaves(card: StoredCard, html: HTMLElement): void {
  const g = d20GrenadeOf(card);
  const user = game.user;
  if (!g || !user) return;
  for (const row of html.querySelectorAll<HTMLElement>("li[data-target-id]")) {
    const id = row.dataset.targetId ?? "";
    if (!g.cover.some((c) => c.id === id) || g.saves.some((s) => s.id === id)) continue;
    if (card.applied.some((m) => m.targetId === id)) continue;
    const actor = targetActor(id, null);
    if (!actor || !mayRollFortitude(actor, user)) continue;
    const b = document.createElement("button");
    b.type = "button";
    b.dataset.ftAction = "reflex";
    b.dataset.targetId = id;
    b.textContent =
      game.i18n?.format("FT.D20.Grenade.reflexButton", { dc: String(g.reflexDC) }) ??
      `Reflex DC ${g.reflexDC}`;
    row.querySelector(".ft-buttons")?.prepend(b);
  }
}

/**
 * What Apply will do, on the Apply buttons of users who may see the target's numbers (as `showAppliedNumbers`):
 * "Apply 13 → Stamina −6 (Inertia Screen takes 7, 2 SEU)". Planned by the GM's own function (`planCard`, which
 * the apply writes) from the target as this client has it now, each button alone: that button's click applies
 * that target alone, so it never assumes another target of the card was applied first (review 13c L1). Added to
 * this user's page only: the card's content, which every client receives, never carries it.
 */
function showApplyPreview(message: Msg, card: StoredCard, html: HTMLElement): void {
  for (const button of html.querySelectorAll<HTMLButtonElement>('[data-ft-action="apply"]'))
    previewOn(message, card, button);
}

/**
 * Review 13c M2: when a target's actor, items or token change on this client (another card applied, a GM's edit),
 * the previews on the Apply buttons for it that this page shows are planned again, so a second card on a screened
 * target says what the screen has left. DOM-only, for the buttons in this page's chat log and popouts.
 */
function refreshPreviews(touches: (targetId: string) => boolean): void {
  if (typeof document === "undefined") return;
  for (const button of document.querySelectorAll<HTMLButtonElement>(
    '[data-ft-action="apply"][data-target-id]',
  )) {
    const id = button.dataset.targetId ?? "";
    const messageId = button.closest<HTMLElement>("[data-message-id]")?.dataset.messageId;
    const message = messageId ? game.messages?.get(messageId) : null;
    const card = message ? cardOf(message) : null;
    if (!message || !card || !touches(id)) continue;
    previewOn(message, card, button);
  }
}

/** The Foundry events that change what an Apply would do, and the targets each one touches. */
function watchPreviews(): void {
  const byActor = (actor: ActorI | null | undefined) => (id: string) =>
    !!actor && targetActor(id, null) === actor;
  Hooks.on("updateActor", (actor: ActorI) => {
    refreshPreviews(byActor(actor));
    dropRolledFortitude();
  });
  for (const hook of ["createItem", "updateItem", "deleteItem"] as const)
    Hooks.on(hook, (item: Item.Implementation) =>
      refreshPreviews(byActor(item.parent instanceof Actor ? item.parent : null)),
    );
  Hooks.on("updateToken", (token: TokenDocument.Implementation) => {
    refreshPreviews((id) => id === token.uuid || (!!token.actor && targetActor(id, null) === token.actor));
    dropRolledFortitude();
  });
}

/**
 * SW-10 (issue 14): once a hit's Fortitude save is rolled (kept on the hit's record on the target, which every
 * client receives), the cards this page already shows stop offering it. DOM-only, like the previews.
 */
function dropRolledFortitude(): void {
  if (typeof document === "undefined") return;
  for (const button of document.querySelectorAll<HTMLButtonElement>('[data-ft-action="fortitude"]')) {
    const id = button.dataset.targetId ?? "";
    const messageId = button.closest<HTMLElement>("[data-message-id]")?.dataset.messageId ?? "";
    const message = game.messages?.get(messageId);
    const mark = message ? cardOf(message)?.applied.find((m) => m.targetId === id && !m.undone) : null;
    const actor = mark ? targetActor(id, mark) : null;
    if (!mark || !actor || fortitudeRolled(actor, messageId, mark.tokenId)) button.remove();
  }
}

/** Put (or put back) the preview on one Apply button, from the target as this client has it now. */
function previewOn(message: Msg, card: StoredCard, button: HTMLButtonElement): void {
  const user = game.user;
  if (!user) return;
  for (const old of button.querySelectorAll(".ft-apply-preview")) old.remove();
  const id = button.dataset.targetId ?? "";
  const messageId = message.id ?? "";
  const mark = card.applied.find((m) => m.targetId === id);
  const actor = targetActor(id, mark);
  if (!actor || !(user.isGM || setting("showNpcNumbers") || actor.testUserPermission(user, "OBSERVER")))
    return;
  if (appliedOf(card, id)) return;
  let rec: AppliedRecord | undefined;
  try {
    const states = [targetState(messageId, id, mark)];
    rec = planCard(messageId, card, [id], states, itemLevelsOf(states)).applied.find(
      (r) => r.targetId === id,
    );
  } catch (e) {
    // A preview that cannot be planned is left out; the GM's apply reports the problem when clicked.
    console.warn(`${SYSTEM_ID} | apply preview`, e);
    return;
  }
  if (!rec) return;
  const i18n = game.i18n;
  const localize = (key: string) => i18n?.localize(key) ?? key;
  const format = (key: string, data: Record<string, string>) => i18n?.format(key, data) ?? key;
  const steps = rec.steps
    .filter((s) => s.failed || s.before !== s.after)
    .map((s) =>
      s.failed
        ? `${s.name}: ${localize(s.failed)}`
        : `${format("FT.Card.previewStep", { name: s.name, amount: String(s.before - s.after) })}${s.seu ? `, ${s.seu} SEU` : ""}`,
    );
  // What the click turns on (review 13c L2): a doze grenade's sleep, a stun (SF-X-40), unconscious from the hit;
  // a doze that is not enough says how many grenades it takes (SF-X-42).
  const on = rec.statuses ?? [];
  const effects: string[] = [];
  if (rec.doze)
    effects.push(
      rec.doze.knockedOut
        ? localize("FT.Card.previewAsleep")
        : format("FT.Card.previewAwake", { needed: String(rec.doze.needed) }),
    );
  else if (on.includes("unconscious")) effects.push(localize("FT.Card.previewUnconscious"));
  if (on.includes("stun")) effects.push(localize("FT.Card.previewStunned"));
  const damaging = damageOf(card, id) > 0;
  if (!damaging && !effects.length) return;
  const span = document.createElement("span");
  span.className = "ft-apply-preview";
  // Issue 14: a vitality/wound target's preview reads as its applied line ("→ VP 3 → 0, WP 14 → 11 (DR 2)").
  const d20 = damaging && rec.health === "vitalityWounds";
  span.textContent = d20
    ? ` → ${d20AppliedText(rec, localize)}`
    : damaging
      ? ` ${format("FT.Card.previewStamina", { change: rec.taken ? `−${rec.taken}` : "±0" })}`
      : ` → ${effects.join(", ")}`;
  if (damaging && !d20 && steps.length) {
    const why = document.createElement("span");
    why.className = "ft-apply-steps";
    why.textContent = ` (${steps.join("; ")})`;
    span.append(why);
  }
  if (damaging && effects.length) span.append(`, ${effects.join(", ")}`);
  button.append(span);
}

/**
 * SW-10 (issue 14): the Fortitude save a hit of this card calls for. The target's owner and every GM are offered it,
 * so two of them can click at once on their own clients; each reading "not rolled yet" would roll twice (review 14
 * M3). The click is a request to the active GM, whose one queue (`onGMQueue`, the one apply and undo use) rolls it
 * once; a second request finds the save on the hit's record and is told so.
 */
async function fortitudeFromCard(message: Msg, targetId: string): Promise<void> {
  await request(message, "fortitude", [targetId]);
}

/**
 * SW-10, T2-3A: has this hit's Fortitude save been rolled? Any GM's mark on their own User (which no player may
 * write), or the save on the hit's record on the target (a save rolled before the GM's mark existed).
 */
export function fortitudeRolled(actor: ActorI, messageId: string, tokenId: string): boolean {
  const gm = (game.users?.contents ?? []).some(
    (u) => u.isGM && !!u.getFlag(SYSTEM_ID, "saves")?.[messageId]?.[tokenId],
  );
  return gm || !!rawRecord(actor, messageId, tokenId)?.fortitude;
}

/** This card's stored record on an actor for one token, as stored. */
function rawRecord(actor: ActorI, messageId: string, tokenId: string): Record<string, unknown> | null {
  const r: unknown = actor.getFlag(SYSTEM_ID, "hits")?.[messageId]?.[tokenId];
  return r && typeof r === "object" ? (r as Record<string, unknown>) : null;
}

/** Did a GM undo this card's hit on the actor's token (the record on the target says so)? */
export function undoneOn(actor: ActorI | null, messageId: string, tokenId: string): boolean {
  return !!actor && rawRecord(actor, messageId, tokenId)?.undone === true;
}

/** The turn now, as doze records name it: a running combat's round, or the world's time outside combat. */
function turnNow(): string {
  const c = game.combat;
  return c?.started ? `combat:${c.id}:${c.round}` : `time:${game.time?.worldTime ?? 0}`;
}

/**
 * SF-X-42: doze grenades on one creature count together while their gas lasts — the turn they burst (SF-B-18).
 * Our choice: count the OTHER doze cards applied to this token in this turn, from the records the GM wrote on the
 * target (each carries the turn it was applied in; undone ones do not count). The GM applies them one after the
 * other in one queue, so the second card's apply sees the first's record.
 */
function dozeTally(actor: ActorI, messageId: string, tokenId: string): { turn: string; earlier: number } {
  const turn = turnNow();
  const hits: unknown = actor.getFlag(SYSTEM_ID, "hits");
  let earlier = 0;
  if (hits && typeof hits === "object")
    for (const [id, byToken] of Object.entries(hits as Record<string, unknown>)) {
      if (id === messageId || !byToken || typeof byToken !== "object") continue;
      const r = (byToken as Record<string, unknown>)[tokenId] as
        | { undone?: unknown; doze?: { turn?: unknown } }
        | undefined;
      if (r && r.undone !== true && r.doze?.turn === turn) earlier++;
    }
  return { turn, earlier };
}

/** One pool change as a record stores it (`apply-damage.ts` `PoolChange`). */
function isPoolChange(p: unknown): boolean {
  if (!p || typeof p !== "object") return false;
  const c = p as Record<string, unknown>;
  return (
    (c.pool === "stamina" ||
      c.pool === "vitality" ||
      c.pool === "wounds" ||
      c.pool === "swnHp" ||
      c.pool === "hp") &&
    Number.isFinite(c.before) &&
    Number.isFinite(c.after)
  );
}

/** This card's record on an actor for one token, if it is one this system wrote (numbers where numbers go). */
export function recordOn(actor: ActorI, messageId: string, tokenId: string): AppliedRecord | null {
  const r = rawRecord(actor, messageId, tokenId);
  if (!r || r.undone === true) return null;
  const o = r;
  // A Stamina record has its two numbers; another health model's record lists the pools it changed (issue 14).
  const pools = o.pools;
  const poolsOk = Array.isArray(pools) && pools.every((p) => isPoolChange(p));
  const nums =
    ["rolled", "taken"].every((k) => Number.isFinite(o[k])) &&
    (poolsOk || ["staminaBefore", "staminaAfter"].every((k) => Number.isFinite(o[k])));
  const maps = [o.drains, o.wear].every(
    (m) => !!m && typeof m === "object" && Object.values(m).every((v) => Number.isFinite(v)),
  );
  if (!nums || !maps || !Array.isArray(o.steps)) return null;
  const statuses = Array.isArray(o.statuses)
    ? o.statuses.filter((s): s is AppliedStatus => (APPLIED_STATUSES as readonly unknown[]).includes(s))
    : [];
  // SW-10: the wound log's share is a count of wound points; anything else is dropped (undo then leaves the log).
  const log = o.woundLog as Record<string, unknown> | null | undefined;
  const woundLog =
    log && typeof log.combatId === "string" && Number.isInteger(log.round) && Number.isInteger(log.lost)
      ? { combatId: log.combatId, round: log.round as number, lost: Math.max(0, log.lost as number) }
      : null;
  // SW-10: a failed Fortitude save on this hit knocked the target out (d20-fortitude.ts writes `fortitude`).
  const save = o.fortitude as Record<string, unknown> | null | undefined;
  const knockedOut = !!save && typeof save === "object" && save.passed === false;
  // Stored JSON whose numbers, maps and steps were checked just above; the rest is what planApplication wrote.
  // SWN-17: a squad's units, three counts (dropped when they are not).
  const q = o.squad as Record<string, unknown> | null | undefined;
  const squad =
    q && ["unitsHit", "unitsBefore", "unitsAfter"].every((k) => Number.isInteger(q[k]))
      ? {
          unitsHit: q.unitsHit as number,
          unitsBefore: q.unitsBefore as number,
          unitsAfter: q.unitsAfter as number,
        }
      : undefined;
  return {
    ...(o as unknown as AppliedRecord),
    statuses,
    woundLog,
    knockedOut,
    ...(squad ? { squad } : { squad: undefined }),
  };
}

async function onCardButton(message: Msg, button: HTMLButtonElement): Promise<void> {
  const action = button.dataset.ftAction;
  const targetId = button.dataset.targetId ?? "";
  const key = `${message.id}:${action}:${targetId}`;
  const flying = inFlight();
  if (flying.has(key)) return;
  flying.add(key);
  button.disabled = true;
  try {
    if (action === "apply" || action === "undo") await request(message, action, targetId ? [targetId] : []);
    if (action === "applyAll") await request(message, "apply", []);
    if (action === "finish") await request(message, "undo", []);
    if (action === "place") await placeFromCard(message);
    if (action === "fortitude") await fortitudeFromCard(message, targetId);
    if (action === "reflex") await request(message, "reflex", [targetId]);
    if (action === "stray") {
      const pick = button.closest(".ft-stray")?.querySelector<HTMLSelectElement>("select")?.value ?? "";
      await request(message, "stray", pick ? [pick] : []);
    }
  } finally {
    flying.delete(key);
    button.disabled = false;
  }
}

/** Answers that lose nothing: said as information, not as a warning. */
const INFO_ONLY = new Set(["FT.Card.held", "FT.Card.alreadyApplied", "FT.D20UI.alreadySaved"]);

async function request(
  message: Msg,
  kind: "apply" | "undo" | "stray" | "fortitude" | "reflex",
  ids: string[],
): Promise<void> {
  const r = await requestGM({ kind, messageId: message.id ?? "", ids });
  const card = cardOf(message);
  const nameOf = (id: string) => card?.targets.find((t) => t.id === id)?.name ?? id;
  // The answer came from the GM's client; only its keys and names are shown, formatted (escaped) by Foundry.
  for (const s of r.skipped.slice(0, 10))
    notify(INFO_ONLY.has(s.reason) ? "info" : "warn", s.reason, { ...(s.data ?? {}), target: nameOf(s.id) });
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

/** Register the GM's side of card requests (init). */
export function registerCardRequests(): void {
  registerGMRequest("apply", async (body, user) => (await gmSide()).handleCardRequest(body, user));
  registerGMRequest("undo", async (body, user) => (await gmSide()).handleCardRequest(body, user));
  registerGMRequest("stray", async (body, user) => (await gmSide()).handleStrayRequest(body, user));
  // d20 saves and suppression (SW-10, SW-38, SW-43) are loaded when first asked (d20-card-requests.ts): the
  // system's first load stays within its budget (architecture.md).
  // A GM's page starts loading them once it is ready, so the first request does not wait on the fetch.
  let loading: Promise<typeof import("./d20-card-requests.js")> | null = null;
  const d20 = () => {
    // A failed fetch is forgotten, so the next request tries again (not one failure for the whole session).
    loading ??= import("./d20-card-requests.js").catch((e: unknown) => {
      loading = null;
      throw e;
    });
    return loading;
  };
  Hooks.once("ready", () => {
    if (game.user?.isGM) void d20();
  });
  registerGMRequest("fortitude", async (body, user) => (await d20()).handleFortitudeRequest(body, user));
  registerGMRequest("reflex", async (body, user) => (await d20()).handleReflexRequest(body, user));
  registerGMRequest("suppress", async (body, user) => (await d20()).handleSuppressRequest(body, user));
}

let gmLoading: Promise<typeof import("./card-gm.js")> | null = null;
/**
 * The GM's side of the card (card-gm.ts: checks, seals, the batched writes), loaded when first needed. A GM's page
 * fetches it once ready (`watchCards`), so a GM's first apply or seal does not wait on the fetch; a player's page
 * never loads it.
 */
export function gmSide(): Promise<typeof import("./card-gm.js")> {
  // A failed fetch (a blip, a system updated under an open page) is forgotten: the next request tries again.
  gmLoading ??= import("./card-gm.js").catch((e: unknown) => {
    gmLoading = null;
    throw e;
  });
  return gmLoading;
}

/**
 * The active GM seals each attack card when it is created (its data as its author rolled it), seals it again when a
 * GM rewrites the card's data (a GM vouches for what it then says; the GM's own apply keeps the same digest and
 * writes nothing), and drops the seal of a deleted card. A reveal, a pin or any write that leaves the card's data
 * alone changes nothing, whoever makes it.
 */
export function watchCards(): void {
  const isActiveGM = () => game.user?.id === game.users?.activeGM?.id;
  const seal = (m: Msg, vouch: boolean) => {
    const card = cardOf(m);
    if (!card || !m.id) return;
    // The digest is taken now, from this event's state, before any later write lands; the card with it.
    const digest = cardDigest(m, card);
    const kept = foundry.utils.deepClone(card);
    void gmSide()
      .then((gm) => gm.sealCard(m, kept, digest, vouch))
      .catch((e: unknown) => console.error(e));
  };
  Hooks.on("createChatMessage", (m: Msg) => {
    if (isAttackMessage(m) && isActiveGM()) seal(m, false);
  });
  Hooks.on("updateChatMessage", (m: Msg, changed, _options, userId) => {
    if (isAttackMessage(m) && isActiveGM() && "system" in changed && game.users?.get(userId)?.isGM)
      seal(m, true);
  });
  Hooks.on("ready", () => {
    if (!game.user?.isGM) return;
    void gmSide()
      .then((gm) => gm.sealOnReady())
      .catch((e: unknown) => console.error(e));
  });
  watchPreviews();
  // T2-1E: each page draws cards from their data: the template is loaded now, and a card is drawn again when the
  // GM's seal or record of it changes.
  void loadCardTemplate().catch((e: unknown) => console.error(e));
  redrawOnSeals();
  // C2 3.2: clearing the log deletes every card in one operation, and v13 calls `deleteChatMessage` for each of them
  // in one synchronous pass (client/data/client-backend.mjs, the delete callbacks): the seals they drop are
  // collected and removed in one User update, once the pass is over (a microtask later).
  Hooks.on("deleteChatMessage", (m: Msg) => {
    const id = m.id ?? "";
    const me = game.user;
    if (!isActiveGM() || !me?.getFlag(SYSTEM_ID, "seals")?.[id]) return;
    const drop = droppedSeals();
    drop.ids.add(id);
    if (drop.queued) return;
    drop.queued = true;
    queueMicrotask(() => {
      const update = Object.fromEntries([...drop.ids].map((i) => [`flags.${SYSTEM_ID}.seals.-=${i}`, null]));
      drop.ids.clear();
      drop.queued = false;
      void me.update(update).catch((e: unknown) => console.error(e));
    });
  });
}

export function isUuid(s: string): s is string & Parameters<typeof fromUuidSync>[0] {
  return /^(Scene\.[A-Za-z0-9]{16}\.Token\.[A-Za-z0-9]{16}\.)?Actor\.[A-Za-z0-9]{16}$/.test(s);
}

/**
 * A card target as it is now on this client (its Stamina, screens and suits, this card's record on it), or null
 * when it is gone. What the GM's apply plans from, and what the Apply preview plans from on each client.
 */
export function targetState(messageId: string, uuid: string, mark?: AppliedMark | null): TargetState | null {
  const token = tokenByUuid(uuid);
  const actor = targetActor(uuid, mark ?? null);
  const ids2 = tokenIds(uuid);
  // SWN-17: a squad's one pool of hit points (its units follow from it).
  if (actor && ids2 && isSquad(actor)) {
    const q = actor.system;
    const linked = token ? !!token.actorLink : true;
    return {
      id: uuid,
      name: token?.name ?? actor.name ?? "",
      sceneId: ids2.sceneId,
      tokenId: ids2.tokenId,
      actorId: linked ? (actor.id ?? "") : (token?.actorId ?? ""),
      linked,
      stamina: { value: 0, max: 0 },
      defenses: [],
      health: {
        model: "squad",
        hp: q.hp.value,
        hd: q.swn.hd,
        units: { value: q.units.value, max: q.units.max },
        ...areaUnitsOf(messageId, uuid, token, unitsLeft(q.hp.value, q.swn.hd, q.units.max)),
      },
      recorded: recordOn(actor, messageId, ids2.tokenId),
      undone: undoneOn(actor, messageId, ids2.tokenId),
      statuses: [...actor.statuses],
    };
  }
  const sys = actorSystem(actor);
  if (!actor || !sys || !ids2) return null;
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
  const linked = token ? !!token.actorLink : true;
  return {
    id: uuid,
    name: token?.name ?? actor.name ?? "",
    sceneId: ids2.sceneId,
    tokenId: ids2.tokenId,
    actorId: linked ? (actor.id ?? "") : (token?.actorId ?? ""),
    linked,
    stamina: { value: sys.stamina.value, max: sys.stamina.max },
    defenses,
    // Issue 14: its vitality and wound points, for the hits of a d20 card (planCard picks the model by the card).
    ...(sys.d20 ? { health: d20Health(sys, roundNow(ids2.sceneId, ids2.tokenId)) } : {}),
    // Ruling 1: its SWN hit points, for the hits of an swn card.
    ...(sys.swn
      ? { swnHp: { model: "hitPoints" as const, hp: { value: sys.swn.hp.value, max: sys.swn.hp.max } } }
      : {}),
    recorded: recordOn(actor, messageId, ids2.tokenId),
    undone: undoneOn(actor, messageId, ids2.tokenId),
    statuses: [...actor.statuses],
    doze: dozeTally(actor, messageId, ids2.tokenId),
  };
}

/**
 * SWN-17: the units of a squad a d20 grenade card's burst reaches, measured here from where the card says it burst
 * and the squad token's grid cells now — 3 units to each cell within the radius, at least one cell (the burst caught
 * it), at most those standing — never the card's own count (a player's card is its author's word). Nothing for a
 * card without a burst, or a squad the burst did not catch.
 */
function areaUnitsOf(
  messageId: string,
  uuid: string,
  token: TokenDocument.Implementation | null | undefined,
  standing: number,
): { areaUnits?: number } {
  const message = game.messages?.get(messageId);
  const g = message ? cardOf(message)?.grenade : null;
  const scene = token?.parent;
  if (!g?.d20 || !token || !scene || !g.caught.some((c) => c.id === uuid)) return {};
  const size = scene.grid.size;
  squareGrid(scene, "squadBurst"); // Squares only (review ui-canvas-2 §3.3): a hex scene is warned about.
  const radius = (g.radius * size) / (scene.grid.distance || 1);
  const inside = cellCentres(token.x, token.y, token.width ?? 1, token.height ?? 1, size).filter(
    (c) => Math.hypot(c.x - g.landing.x, c.y - g.landing.y) <= radius + 1e-6,
  ).length;
  // No cell within the radius: the burst's edge reached it (× 1, the single hit).
  if (!inside) return {};
  return { areaUnits: Math.max(1, Math.min(standing, UNITS_PER_HEX * inside)) };
}

/**
 * The combat and round the target is fighting in now, for its d20 wound log (SW-10: the wound points lost "this
 * round"): the started combat that has the token as a combatant — not the combat the GM happens to be viewing
 * (review 14 L4) — else the active one; null outside combat.
 */
function roundNow(sceneId: string, tokenId: string): { combatId: string; round: number } | null {
  const combats = game.combats?.contents ?? [];
  const c =
    combats.find(
      (x) => x.started && x.combatants.some((cb) => cb.tokenId === tokenId && cb.sceneId === sceneId),
    ) ??
    game.combats?.active ??
    null;
  return c?.id ? { combatId: c.id, round: c.round ?? 0 } : null;
}

/** What each target's power sources and suits hold now, by actor key. */
export function itemLevelsOf(targets: readonly (TargetState | null)[]): Record<string, ItemLevels> {
  const out: Record<string, ItemLevels> = {};
  for (const t of targets) {
    if (!t) continue;
    const actor = targetActor(t.id, t);
    if (!actor) continue;
    const power: Record<string, number> = {};
    const powerMax: Record<string, number> = {};
    const capacity: Record<string, number> = {};
    const capacityMax: Record<string, number> = {};
    for (const i of actor.items) {
      if (isItemType(i, "powerSource") && typeof i.system.remaining === "number") {
        power[i.id ?? ""] = i.system.remaining;
        if (typeof i.system.capacity === "number") powerMax[i.id ?? ""] = i.system.capacity;
      }
      if (isItemType(i, "defense") && i.system.capacity.value != null) {
        capacity[i.id ?? ""] = i.system.capacity.value;
        if (i.system.capacity.max != null) capacityMax[i.id ?? ""] = i.system.capacity.max;
      }
    }
    out[actorKey(t)] = { power, capacity, powerMax, capacityMax };
  }
  return out;
}

export type Rest = Pick<WriteBatch, "items" | "statuses">;

export function unlandedOf(messageId: string): Rest | null {
  for (const u of game.users ?? []) {
    if (!u.isGM) continue;
    const r = u.getFlag(SYSTEM_ID, "unlanded")?.[messageId];
    if (r && (Object.keys(r.items ?? {}).length || Object.keys(r.statuses ?? {}).length))
      return { items: r.items ?? {}, statuses: r.statuses ?? {} };
  }
  return null;
}
