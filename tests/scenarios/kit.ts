/**
 * The one kit for scenarios played through the table harness (`tests/foundry/world.ts`): world sources built from
 * the compendium YAML (actors, items, tokens, scenes on a grid, world settings), the table's life in a test, a
 * user's sheet action, a chat card rendered into one client's DOM with the system's `renderChatMessageHTML`
 * binding, the card's text and the buttons it gives that user, and what each client sees.
 *
 * Everything here reads or acts as ONE user on THEIR client (`client.run`): no helper reaches into another client's
 * state, and none reads a card's stored fields (their shape is being changed); cards are read as rendered HTML.
 */

import { afterEach } from "vitest";
import { type Client, closeOpenTables, DEFAULT_USERS, type Table } from "../foundry/world.js";
import { packEntry } from "../pack-data.js";

type Any = any;
type Src = Record<string, unknown>;
/** A document's source with the ids a scenario refers to it by. */
type Sourced<K extends string> = Src & Record<K, string>;

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
 * the pack's system data, a new id (the pack entry's own when none is given), and the given system changes merged
 * over it.
 */
export function itemFromPack(pack: string, file: string, _id?: string, system: Src = {}, name?: string): Src {
  const e = packEntry(pack, file);
  return {
    _id: _id ?? e._id,
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
  /** Current and maximum Stamina; the STA score when omitted. */
  stamina?: number;
  items?: Src[];
  /** The player who owns it (OWNER), or none (a GM's NPC). */
  owner?: string | null;
  system?: Src;
}

export function actorSource(a: ActorSpec): Sourced<"_id" | "name"> {
  const stamina = a.stamina ?? a.abilities?.sta ?? 45;
  return {
    _id: a._id,
    name: a.name,
    type: a.type ?? "character",
    system: merge(
      { abilities: abilities(a.abilities), stamina: { value: stamina, max: stamina } },
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
  /** Grid cells across and down (1 unless given): a squad takes 1 hex per 3 units (SWN-17). */
  width?: number;
  height?: number;
  /** The token's elevation in the scene's units (v13 `TokenDocument#elevation`; SW-29 higher ground). */
  elevation?: number;
}

export function tokenSource(t: TokenSpec): Sourced<"_id" | "name" | "actorId"> {
  return { disposition: t.actorLink ? 1 : -1, delta: {}, ...t };
}

/** A hostile NPC's token linked to its own actor, at a cell (`cell(col, row)`): the foe of most d20 scenarios. */
export function foeToken(
  _id: string,
  name: string,
  actorId: string,
  at: { x: number; y: number },
): Sourced<"_id" | "name" | "actorId"> {
  return tokenSource({ _id, name, actorId, actorLink: true, disposition: -1, ...at });
}

/** The grid of the scenes laid out by cell: 100 px squares (of 1 m, or 5 m for the Basic game's squares). */
export const GRID = 100;
/** The scene rectangle of a default 4000 × 3000 scene with 0.25 padding starts at (1000, 800). */
export const ORIGIN = { x: 1000, y: 800 } as const;

/** Top-left pixel of grid cell (col, row) counted from the scene rectangle's corner (a token's `x`, `y`). */
export function cell(col: number, row: number): { x: number; y: number } {
  return { x: ORIGIN.x + col * GRID, y: ORIGIN.y + row * GRID };
}

/** Centre pixel of grid cell (col, row). */
export function centre(col: number, row: number): { x: number; y: number } {
  const c = cell(col, row);
  return { x: c.x + GRID / 2, y: c.y + GRID / 2 };
}

export interface SceneSpec {
  _id: string;
  name: string;
  /** Whether players are on it; true unless given. */
  active?: boolean;
  /** 100 px squares of 1 m unless given. */
  grid?: Src;
  tokens?: Src[];
  walls?: Src[];
  lights?: Src[];
  /** Regions with their behaviours (v13 `common/documents/region.mjs`). */
  regions?: Src[];
}

/** A scene's source: active, on a grid of 1 m squares unless told otherwise. */
export function sceneSource({
  active = true,
  grid = { size: GRID, distance: 1, units: "m" },
  ...rest
}: SceneSpec): Src {
  return { ...rest, active, grid };
}

/** A stored world setting (`world.settings`): `frontier-tactics.<key>` with its value as JSON. */
export function settingSource(_id: string, key: string, value: unknown): Src {
  return { _id, key: `frontier-tactics.${key}`, value: JSON.stringify(value) };
}

/* -------------------------------------------- */
/*  The table in a test                         */
/* -------------------------------------------- */

/**
 * After every test of the file: close its table (`current()`, the test's `table` variable) and any other it left
 * open (closing a table drops the dice it did not use), and run `more` (e.g. the applications harness's
 * `resetAppRecords`).
 */
export function closeTableAfterEach(current: () => Table | undefined, ...more: (() => void)[]): void {
  afterEach(() => {
    current()?.close();
    closeOpenTables();
    for (const f of more) f();
  });
}

/** The GM opens an encounter on the scene with these tokens as combatants (sides come from their dispositions). */
export async function openEncounter(table: Table, gm: Client, sceneId: string, tokens: Src[]): Promise<void> {
  await gm.run(async () => {
    const combat = await G().Combat.create({ scene: sceneId, active: true });
    await combat.createEmbeddedDocuments(
      "Combatant",
      tokens.map((t) => ({ tokenId: t._id, sceneId, actorId: t.actorId })),
    );
  });
  await table.settle();
}

/** The encounter's turn order by combatant name, and whose turn it is, as this client has them. */
export const turnOrder = (c: Client): string[] => c.run(() => G().game.combat.turns.map((t: Any) => t.name));
export const currentTurn = (c: Client): string | undefined => c.run(() => G().game.combat.combatant?.name);

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
 * event.shiftKey})` on the clicking user's client, for the item with this id (or, failing that, this name). (The
 * sheet itself is not rendered until the applications harness lands; this is the call its action makes.)
 */
export async function attackFromSheet(
  client: Client,
  actor: ActorRef,
  item_: string,
  options: { fast: boolean },
): Promise<void> {
  await client.run(async () => {
    const doc = actorOf(actor);
    const item = doc?.items.get(item_) ?? doc?.items.getName(item_);
    if (!item) throw new Error(`${client.userId} has no item ${item_} on actor ${JSON.stringify(actor)}`);
    const { attackWithWeapon } = await import("../../src/workflows/attack/attack.js");
    await attackWithWeapon(doc, item, options);
  });
}

/**
 * The user targets the tokens and shift-clicks the sheet's Attack (no dialog) for the item by id or name; the table
 * settles. Returns the id of the chat message it posted (null when none was).
 */
export async function attack(
  table: Table,
  client: Client,
  actor: ActorRef,
  item: string,
  targets: string[],
): Promise<string | null> {
  client.target(...targets);
  const before = new Set(client.run(() => G().game.messages.contents.map((m: Any) => m.id as string)));
  await attackFromSheet(client, actor, item, { fast: true });
  await table.settle();
  // Issue 31: an attack of opportunity the attack provoked (SW-43) is offered on a card of its own, after it.
  const made = client.run(() =>
    G().game.messages.contents.filter((m: Any) => !before.has(m.id) && m.system?.kind !== "ft-aoo-offer"),
  );
  return made.length ? (made[made.length - 1].id as string) : null;
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
 * The message as this user's chat log shows it: `li.chat-message` with its content in `div.message-content`, in
 * the client's DOM, passed through the `renderChatMessageHTML` hook (v13: `(message, html, context)`), where the
 * system removes the controls this user may not use and binds the others. Render again after every update of the
 * message (the chat log does).
 */
export function renderMessage(client: Client, messageId: string): HTMLElement {
  return client.run(() => {
    const message = G().game.messages.get(messageId);
    if (!message) throw new Error(`${client.userId} has no message ${messageId}`);
    const li = G().document.createElement("li") as HTMLElement;
    li.className = "chat-message message";
    li.dataset.messageId = messageId;
    const content = G().document.createElement("div") as HTMLElement;
    content.className = "message-content";
    content.innerHTML = coreBody(message);
    li.append(content);
    G().document.body.append(li);
    G().Hooks.callAll("renderChatMessageHTML", message, li, {});
    return li;
  });
}

/**
 * Inside `client.run`: the body core draws before the hook. v13 `ChatMessage#renderHTML` → `_renderRollContent`
 * (client/documents/chat-message.mjs): a roll this user may not see (`isContentVisible` false: a blind roll, or one
 * whispered to others) is drawn "rolled privately" — the flavor `CHAT.PrivateRollContent` and each roll rendered
 * private (`Roll#render({isPrivate: true})`: formula "???", total "?") — in place of the stored content.
 */
export function coreBody(message: Any): string {
  if (!message.isRoll || message.isContentVisible) return message.content;
  const rolls = (message.rolls as unknown[])
    .map(
      () => '<div class="dice-roll"><div class="dice-formula">???</div><h4 class="dice-total">?</h4></div>',
    )
    .join("");
  return `<span class="flavor-text">CHAT.PrivateRollContent</span>${rolls}`;
}

/**
 * Inside `client.run`: the message's body as this client's chat log draws it (the HTML of its `.message-content`
 * after the `renderChatMessageHTML` hook). A `rule` card (issue 28) stores no HTML (`content` is ""): its body is
 * drawn from its data there; any other message shows its content.
 */
export function shown(message: Any): string {
  const li = G().document.createElement("li") as HTMLElement;
  li.className = "chat-message message";
  const content = G().document.createElement("div") as HTMLElement;
  content.className = "message-content";
  content.innerHTML = message.content;
  li.append(content);
  G().Hooks.callAll("renderChatMessageHTML", message, li, {});
  return content.innerHTML;
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

/** The buttons this user has on the card, as "action:target name", or "action" for a card-wide button. */
export function buttonsOf(card: HTMLElement): string[] {
  return [...card.querySelectorAll<HTMLButtonElement>("[data-ft-action]")].map((b) => {
    const li = b.closest("li.ft-target");
    return li ? `${b.dataset.ftAction}:${text(li.querySelector("strong"))}` : String(b.dataset.ftAction);
  });
}

/** The card's text as `client`'s user reads it (whitespace collapsed), freshly rendered. */
export const cardText = (client: Client, messageId: string): string => text(renderMessage(client, messageId));

/** The text of one target's block on the card as `client`'s user reads it, freshly rendered. */
export const rowText = (client: Client, messageId: string, targetName: string): string =>
  text(targetBlock(renderMessage(client, messageId), targetName));

/** The buttons the card gives `client`'s user ("apply:Name", "undo:Name", "place"), freshly rendered. */
export const cardButtons = (client: Client, messageId: string): string[] =>
  buttonsOf(renderMessage(client, messageId));

/**
 * Click a card button as a user: render the message on their client, find the button for the target, click it
 * (on their client, so the listener runs as them). Does not wait for what the click starts: `await table.settle()`.
 * Returns the rendered card, so a second click can land on the same button.
 */
export function clickCard(
  client: Client,
  messageId: string,
  action: "apply" | "undo" | "place" | "coverHit",
  targetName: string | null,
  card: HTMLElement = renderMessage(client, messageId),
): HTMLElement {
  const scope = targetName ? targetBlock(card, targetName) : card;
  const button = scope.querySelector<HTMLButtonElement>(`[data-ft-action="${action}"]`);
  if (!button) {
    const has = buttonsOf(card).join(", ") || "none";
    throw new Error(
      `${client.userId} has no ${action} button${targetName ? ` for ${targetName}` : ""} (has: ${has})`,
    );
  }
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

/** A token's actor on the viewed scene, as `client` has it (the world actor when linked). */
const viewedTokenActor = (client: Client, tokenId: string): Any =>
  client.run(() => G().game.scenes.viewed.tokens.get(tokenId)?.actor ?? null);

/** A token's current Stamina on `client` (the viewed scene's token). */
export function staminaOf(client: Client, tokenId: string): number {
  return viewedTokenActor(client, tokenId)?.system?.stamina?.value;
}

/** A token's status ids on `client` (sorted; the viewed scene's token). */
export function statusesOf(client: Client, tokenId: string): string[] {
  return [...(viewedTokenActor(client, tokenId)?.statuses ?? [])].sort();
}

/** The stored Stamina of a world actor (what a client loading the world would get). */
export function storedStamina(table: Table, actorId: string): number {
  return table.server.world.actors.find((a: Any) => a._id === actorId)?.system?.stamina?.value;
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

/**
 * The Alley (Star Frontiers): Kara (Alice's, STR 45, DEX 60, Stamina 50) at cell (5, 5) and a Pirate creature (Stamina
 * 40) on an unlinked token beside her, at (6, 5).
 */
export const alleyWorld = (ids: {
  scene: string;
  kara: string;
  pirate: string;
  tokKara: string;
  tokNear: string;
}) => ({
  actors: [
    actorSource({
      _id: ids.kara,
      name: "Kara",
      owner: ALICE_ID,
      abilities: { str: 45, dex: 60 },
      stamina: 50,
    }),
    actorSource({ _id: ids.pirate, name: "Pirate", type: "creature", stamina: 40 }),
  ],
  scenes: [
    sceneSource({
      _id: ids.scene,
      name: "Alley",
      tokens: [
        tokenSource({ _id: ids.tokKara, name: "Kara", actorId: ids.kara, actorLink: true, ...cell(5, 5) }),
        tokenSource({
          _id: ids.tokNear,
          name: "Pirate",
          actorId: ids.pirate,
          actorLink: false,
          ...cell(6, 5),
        }),
      ],
    }),
  ],
});

/** Hero (`heroActor`, linked) at cell (5, 5) and the hostile Foe (`foeActor`, linked) one square east, at (6, 5). */
export const heroAndFoeTokens = (
  tok: { hero: string; foe: string },
  heroActor: string,
  foeActor: string,
): Src[] => [
  tokenSource({ _id: tok.hero, name: "Hero", actorId: heroActor, actorLink: true, ...cell(5, 5) }),
  tokenSource({
    _id: tok.foe,
    name: "Foe",
    actorId: foeActor,
    actorLink: true,
    disposition: -1,
    ...cell(6, 5),
  }),
];

/**
 * Deck 3, where the stored cards are played: Eusyl (Alice's, Stamina 45, with an Automatic Pistol, the card's
 * attacker `ids.actor`) and
 * Pirates 1–3 (actors "pirate1"…, Stamina 30) on unlinked tokens `ids.tokens`, 1 m apart in a row at y 1200.
 */
export function deckThree(ids: CardIds): { actors: Src[]; scene: Src } {
  return {
    actors: [
      // The fixture cards are bursts of her Automatic Pistol: the GM checks a player's card against the weapon
      // its attacker holds (issue "trust").
      actorSource({
        _id: ids.actor,
        name: "Eusyl",
        owner: ALICE_ID,
        stamina: 45,
        items: [itemFromPack("weapons", "automatic-pistol")],
      }),
      ...[1, 2, 3].map((n) => actorSource({ _id: id(`pirate${n}`), name: `Pirate ${n}`, stamina: 30 })),
    ],
    scene: sceneSource({
      _id: ids.scene,
      name: "Deck 3",
      tokens: ids.tokens.map((t, i) =>
        tokenSource({
          _id: t,
          name: `Pirate ${i + 1}`,
          actorId: id(`pirate${i + 1}`),
          actorLink: false,
          x: 1500 + 100 * i,
          y: 1200,
        }),
      ),
    }),
  };
}

/**
 * Deck 3's world as the card-drawing scenarios play it: `deckThree`, Eusyl's own token `eusylToken` at (1500, 1500),
 * and players may apply to every token (`playersApplyToAll`).
 */
export function deckThreeWorld(
  ids: CardIds,
  eusylToken: string,
): { settings: Src[]; actors: Src[]; scenes: Src[] } {
  const deck = deckThree(ids);
  return {
    settings: [settingSource("settingApplyAll1", "playersApplyToAll", true)],
    actors: deck.actors,
    scenes: [
      {
        ...deck.scene,
        tokens: [
          ...(deck.scene.tokens as object[]),
          tokenSource({
            _id: eusylToken,
            name: "Eusyl",
            actorId: ids.actor,
            actorLink: true,
            x: 1500,
            y: 1500,
          }),
        ],
      },
    ],
  };
}

/** The message as `client`'s chat log draws it: v13's `ChatMessage#renderHTML`, awaited. */
export const drawn = (client: Client, messageId: string): Promise<HTMLElement> =>
  client.run(() => G().game.messages.get(messageId).renderHTML() as Promise<HTMLElement>);

/** A target's token UUID on the card. */
export const tokenUuid = (scene: string, token: string): string => `Scene.${scene}.Token.${token}`;

/**
 * `client`'s user posts an attack card as the attack workflow's `createCard` does: `ChatMessage.create` with the
 * card in `system.card` and its HTML from `renderCard` (an older card's HTML from its current reading). Returns the
 * new message's id.
 */
export async function postCard(table: Table, client: Client, card: unknown): Promise<string> {
  const id = await client.run(async () => {
    const { renderCard } = await import("../../src/workflows/card/card-render.js");
    const { migrateCard } = await import("../../src/data/chat/card-migration.js");
    const msg = await G().ChatMessage.create({
      type: "attack",
      system: { card },
      content: await renderCard((migrateCard(card) ?? card) as never),
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

/**
 * What `client` reads on an applied row (issue "trust", R1-5): "Applied: <numbers>" when its user is a GM or may
 * observe the target's actor, "Applied" alone otherwise — a creature's Stamina and screens are not for everyone.
 */
export function appliedSeen(client: Client, actorId: string, numbers: string): string {
  const sees = client.run(() => {
    const user = G().game.user;
    return !!user.isGM || !!G().game.actors.get(actorId)?.testUserPermission(user, "OBSERVER");
  });
  return sees ? `Applied: ${numbers}` : "Applied";
}
