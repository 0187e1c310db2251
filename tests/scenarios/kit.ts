/**
 * Shared helpers for attack scenarios played through the table harness (`tests/foundry/world.ts`): world data built
 * from the compendium YAML, a user's sheet action, a chat card rendered into one client's DOM with the system's
 * `renderChatMessageHTML` binding, the card's buttons as that user has them, and what each client sees.
 *
 * Everything here reads or acts as ONE user on THEIR client (`client.run`): no helper reaches into another client's
 * state, and none reads a card's stored fields (their shape is being changed); cards are read as rendered HTML.
 */

import { type Client, DEFAULT_USERS, type Table } from "../foundry/world.js";
import { packEntry } from "../pack-data.js";

// biome-ignore lint/suspicious/noExplicitAny: the harness's globals are untyped on purpose (one per client).
type Any = any;
type Src = Record<string, unknown>;

/** The current client's Foundry globals (`game`, `canvas`, `CONFIG` …), untyped. */
export const G = (): Any => globalThis as Any;

export const [GM_ID, ASSISTANT_ID, ALICE_ID, BRUNO_ID] = DEFAULT_USERS.map((u) => u.id) as [
  string,
  string,
  string,
  string,
];

/** A 16-character document id from a readable stem (`id("tokVask")` → `tokVask000000000`). */
export function id(stem: string): string {
  if (!/^[A-Za-z0-9]{1,16}$/.test(stem)) throw new Error(`Bad id stem ${stem}`);
  return stem.padEnd(16, "0");
}

/* -------------------------------------------- */
/*  World data                                  */
/* -------------------------------------------- */

function merge(base: Src, over: Src): Src {
  const out: Src = { ...base };
  for (const [k, v] of Object.entries(over)) {
    const b = out[k];
    out[k] =
      v && typeof v === "object" && !Array.isArray(v) && b && typeof b === "object" && !Array.isArray(b)
        ? merge(b as Src, v as Src)
        : v;
  }
  return out;
}

/**
 * An owned item's source from a compendium entry (`packs/<pack>/<file>.yml`), as a drop onto a sheet creates it:
 * the pack's system data, a new id, and the given system changes merged over it.
 */
export function itemFromPack(pack: string, file: string, _id: string, system: Src = {}, name?: string): Src {
  const e = packEntry(pack, file);
  return {
    _id,
    name: name ?? e.name,
    type: e.type,
    img: (e as Src).img ?? "icons/svg/item-bag.svg",
    system: merge(e.system as Src, system),
    effects: [],
    flags: {},
  };
}

export type AbilityKey = "str" | "sta" | "dex" | "rs" | "int" | "log" | "per" | "ldr";

/** Abilities, 45 unless given. */
export function abilities(values: Partial<Record<AbilityKey, number>> = {}): Src {
  const keys: AbilityKey[] = ["str", "sta", "dex", "rs", "int", "log", "per", "ldr"];
  return Object.fromEntries(keys.map((k) => [k, { value: values[k] ?? 45 }]));
}

export interface ActorSpec {
  _id: string;
  name: string;
  type?: "character" | "creature";
  abilities?: Partial<Record<AbilityKey, number>>;
  stamina: number;
  items?: Src[];
  /** The player who owns it (OWNER), or none (a GM's NPC). */
  owner?: string | null;
  system?: Src;
}

export function actorSource(a: ActorSpec): Src {
  return {
    _id: a._id,
    name: a.name,
    type: a.type ?? "character",
    system: merge(
      { abilities: abilities(a.abilities), stamina: { value: a.stamina, max: a.stamina } },
      a.system ?? {},
    ),
    items: a.items ?? [],
    ownership: a.owner ? { default: 0, [a.owner]: 3 } : { default: 0 },
  };
}

export interface TokenSpec {
  _id: string;
  name: string;
  actorId: string;
  /** Top-left corner in canvas pixels. */
  x: number;
  y: number;
  /** Player characters are linked; NPC tokens usually not (their damage goes to the token's delta). */
  actorLink: boolean;
  disposition?: number;
}

export function tokenSource(t: TokenSpec): Src {
  return { disposition: t.actorLink ? 1 : -1, delta: {}, ...t };
}

/* -------------------------------------------- */
/*  A user's actions                            */
/* -------------------------------------------- */

/**
 * Whose sheet: a world actor by id (a player character, linked token), or an unlinked token's own actor (the sheet
 * a GM opens by double-clicking an NPC token: `token.actor`, a synthetic actor over the token's delta).
 */
export type ActorRef = string | { sceneId: string; tokenId: string };

/** The actor document for a reference, on the current client. */
export function actorOf(ref: ActorRef): Any {
  const game = G().game;
  return typeof ref === "string"
    ? game.actors.get(ref)
    : game.scenes.get(ref.sceneId)?.tokens.get(ref.tokenId)?.actor;
}

/**
 * The sheet's Attack button, as `FrontierActorSheet.#onAttack` runs it: `attackWithWeapon(actor, item, {fast:
 * event.shiftKey})` on the clicking user's client. (The sheet itself is not rendered until the applications
 * harness lands; this is the call its action makes.)
 */
export async function attackFromSheet(
  client: Client,
  actor: ActorRef,
  itemId: string,
  options: { fast: boolean },
): Promise<void> {
  await client.run(async () => {
    const doc = actorOf(actor);
    const item = doc?.items.get(itemId);
    if (!item) throw new Error(`${client.userId} has no item ${itemId} on actor ${JSON.stringify(actor)}`);
    const { attackWithWeapon } = await import("../../src/workflows/attack.js");
    await attackWithWeapon(doc, item, options);
  });
}

/* -------------------------------------------- */
/*  Chat cards as a user sees them              */
/* -------------------------------------------- */

/** The ids of the chat messages of a type on a client, oldest first. */
export function messageIds(client: Client, type = "attack"): string[] {
  return client.run(() =>
    G()
      .game.messages.contents.filter((m: Any) => m.type === type)
      .map((m: Any) => m.id as string),
  );
}

/**
 * The message as this user's chat log shows it: its content in an element of the client's DOM, passed through the
 * `renderChatMessageHTML` hook (v13: `(message, html, context)`), where the system removes the controls this user
 * may not use and binds the others. Render again after every update of the message (the chat log does).
 */
export function renderMessage(client: Client, messageId: string): HTMLElement {
  return client.run(() => {
    const message = G().game.messages.get(messageId);
    if (!message) throw new Error(`${client.userId} has no message ${messageId}`);
    const el = G().document.createElement("div") as HTMLElement;
    el.className = "chat-message message";
    el.dataset.messageId = messageId;
    el.innerHTML = message.content;
    G().document.body.append(el);
    G().Hooks.callAll("renderChatMessageHTML", message, el, {});
    return el;
  });
}

/** The card's per-target block for a target by name (`li.ft-target` whose heading is that name). */
export function targetBlock(card: HTMLElement, targetName: string): HTMLElement {
  const li = [...card.querySelectorAll<HTMLElement>("li.ft-target")].find(
    (l) => l.querySelector("strong")?.textContent?.trim() === targetName,
  );
  if (!li) throw new Error(`No target "${targetName}" on the card`);
  return li;
}

/** Whitespace-collapsed text. */
export const text = (el: Element | null | undefined): string =>
  (el?.textContent ?? "").replace(/\s+/g, " ").trim();

/** The buttons this user has on the card, as "action:target name" (target blank for card-wide buttons). */
export function buttonsOf(card: HTMLElement): string[] {
  return [...card.querySelectorAll<HTMLButtonElement>("[data-ft-action]")].map((b) => {
    const li = b.closest("li.ft-target");
    return `${b.dataset.ftAction}:${li ? text(li.querySelector("strong")) : ""}`;
  });
}

/**
 * Click a card button as a user: render the message on their client, find the button for the target, click it
 * (on their client, so the listener runs as them). Does not wait for what the click starts: `await table.settle()`.
 * Returns the rendered card, so a second click can land on the same button.
 */
export function clickCard(
  client: Client,
  messageId: string,
  action: "apply" | "undo" | "place",
  targetName: string | null,
  card: HTMLElement = renderMessage(client, messageId),
): HTMLElement {
  const scope = targetName ? targetBlock(card, targetName) : card;
  const button = scope.querySelector<HTMLButtonElement>(`[data-ft-action="${action}"]`);
  if (!button)
    throw new Error(`${client.userId} has no ${action} button${targetName ? ` for ${targetName}` : ""}`);
  client.run(() => button.click());
  return card;
}

/* -------------------------------------------- */
/*  What each client sees                       */
/* -------------------------------------------- */

/** The same reading on every connected client, keyed by user name (so a failure says whose client differs). */
export function onEveryClient<T>(table: Table, read: () => T): Record<string, T> {
  const out: Record<string, T> = {};
  for (const c of table.all) out[c.user.name as string] = c.run(read);
  return out;
}

/** `{Gamemaster: v, Assistant: v, …}` for every connected client: what `onEveryClient` should return. */
export function everyone<T>(table: Table, value: T): Record<string, T> {
  return Object.fromEntries(table.all.map((c) => [c.user.name as string, value]));
}

/** A token's actor's Stamina as this client has it (linked: the world actor; unlinked: the token's own). */
export function tokenStamina(sceneId: string, tokenId: string): number {
  return G().game.scenes.get(sceneId).tokens.get(tokenId).actor.system.stamina.value;
}

/** An item's system data on an actor (world actor or unlinked token's), as this client has it. */
export function itemSystem(actor: ActorRef, itemId: string): Any {
  return actorOf(actor).items.get(itemId).system;
}

/** Requests the server received since `from` (an index into `table.server.log`), as "action Type by user". */
export function requestsSince(table: Table, from: number): string[] {
  const names = new Map(table.server.world.users.map((u) => [u._id as string, u.name as string]));
  return table.server.log
    .slice(from)
    .map(
      (r) => `${r.action} ${r.type} by ${names.get(r.userId) ?? r.userId}${r.refused ? " (refused)" : ""}`,
    );
}

/** What this user was told, as "type: message". */
export function told(client: Client): string[] {
  return client.notifications.log.map((n) => `${n.type}: ${n.message}`);
}

/* -------------------------------------------- */
/*  Stored attack cards                         */
/* -------------------------------------------- */

/** The world ids a fixture card (`tests/fixtures/cards.ts`) is placed in. */
export interface CardIds {
  scene: string;
  /** The tokens of the card's targets 1, 2, 3 ("Scene.s.Token.t1" …). */
  tokens: [string, string, string];
  /** The attacker's world actor ("Actor.eusyl"). */
  actor: string;
}

/**
 * A fixture card with its placeholder ids (scene "s", tokens "Scene.s.Token.tN", attacker "Actor.eusyl") replaced
 * by a world's, everywhere: values and (in a version 1 card) keys.
 */
export function cardFor<T>(card: T, ids: CardIds): T {
  let json = JSON.stringify(card);
  ids.tokens.forEach((t, i) => {
    json = json.split(`Scene.s.Token.t${i + 1}`).join(`Scene.${ids.scene}.Token.${t}`);
  });
  json = json.split('"sceneId":"s"').join(`"sceneId":"${ids.scene}"`);
  json = json.split('"Actor.eusyl"').join(`"Actor.${ids.actor}"`);
  return JSON.parse(json) as T;
}

/** A target's token UUID on the card. */
export const tokenUuid = (scene: string, token: string): string => `Scene.${scene}.Token.${token}`;

/**
 * `client`'s user posts an attack card as the attack workflow's `createCard` does: `ChatMessage.create` with the
 * card in `system.card` and its HTML from `renderCard` (an older card's HTML from its current reading). Returns the
 * new message's id.
 */
export async function postCard(table: Table, client: Client, card: unknown): Promise<string> {
  const id = await client.run(async () => {
    const { renderCard } = await import("../../src/workflows/attack.js");
    const { readCard } = await import("../../src/workflows/card-data.js");
    const msg = await G().ChatMessage.create({
      type: "attack",
      system: { card },
      content: await renderCard((readCard(card) ?? card) as never),
    });
    return msg.id as string;
  });
  await table.settle();
  return id;
}

/* -------------------------------------------- */
/*  Queries and writes as a client sends them   */
/* -------------------------------------------- */

/**
 * Record what `client`'s query handler `name` receives (v13 passes `(data, {timeout})`, never the sender), while
 * it still answers as registered. Returns the list the calls are appended to.
 */
export function recordQueries(client: Client, name: string): unknown[][] {
  const seen: unknown[][] = [];
  client.run(() => {
    const queries = G().CONFIG.queries;
    const handler = queries[name];
    if (!handler) throw new Error(`${client.userId} has no query handler ${name}`);
    queries[name] = (...args: unknown[]) => {
      seen.push(structuredClone(args));
      return handler(...args);
    };
  });
  return seen;
}

/**
 * Record every `preUpdate<type>` a client runs (v13 calls it on the requesting client only, with the expanded
 * changes and the operation's options). Call the returned `stop()` when done.
 */
export function recordUpdates(type: string): { updates: { changes: Any; options: Any }[]; stop(): void } {
  const updates: { changes: Any; options: Any }[] = [];
  const H = G().Hooks;
  const hook = H.on(`preUpdate${type}`, (_doc: unknown, changes: unknown, options: unknown) => {
    updates.push({
      changes: JSON.parse(JSON.stringify(changes)),
      options: JSON.parse(JSON.stringify(options)),
    });
  });
  return { updates, stop: () => H.off(`preUpdate${type}`, hook) };
}
