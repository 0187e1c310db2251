/**
 * Shared helpers for the grenade, Basic-tie and Zebulon scenarios: world sources built from the compendium YAML
 * (actors, tokens, scenes, world settings), a user's click as the table makes it (the sheet's attack action, a chat
 * card rendered into that user's DOM with its buttons bound by the system's `renderChatMessageHTML` hook), and
 * what a client sees (Stamina, statuses, the card's text and the buttons it gives that user).
 */

import type { Client, Table } from "../foundry/world.js";
import { packEntry } from "../pack-data.js";

type Src = Record<string, any>;
const G = () => globalThis as any;

/* -------------------------------------------- */
/*  World sources                               */
/* -------------------------------------------- */

/** An item for an actor's `items`, from a compendium YAML file, with its system data changed by `system`. */
export function packItem(pack: string, file: string, system: Src = {}): Src {
  const { _key, folder, sort, ...entry } = packEntry(pack, file) as Src;
  return { ...entry, system: { ...entry.system, ...system } };
}

export interface ActorSpec {
  name: string;
  type?: "character" | "creature";
  /** Ability scores (each 45 unless given). */
  abilities?: Partial<Record<"str" | "sta" | "dex" | "rs" | "int" | "log" | "per" | "ldr", number>>;
  stamina?: number;
  items?: Src[];
  /** The player who owns it (OWNER); nobody but the GM when omitted. */
  owner?: string;
  system?: Src;
}

export function actorSource(id: string, spec: ActorSpec): Src {
  const scores = { str: 45, sta: 45, dex: 45, rs: 45, int: 45, log: 45, per: 45, ldr: 45, ...spec.abilities };
  const stamina = spec.stamina ?? scores.sta;
  return {
    _id: id,
    name: spec.name,
    type: spec.type ?? "character",
    system: {
      abilities: Object.fromEntries(Object.entries(scores).map(([k, v]) => [k, { value: v }])),
      stamina: { value: stamina, max: stamina },
      ...spec.system,
    },
    items: spec.items ?? [],
    ownership: spec.owner ? { default: 0, [spec.owner]: 3 } : { default: 0 },
  };
}

/** The grid every scene here uses: 100 px squares of 1 m (or 5 m for the Basic game's squares). */
export const GRID = 100;
/** The scene rectangle of a default 4000 × 3000 scene with 0.25 padding starts at (1000, 800). */
export const ORIGIN = { x: 1000, y: 800 } as const;

/** Top-left pixel of grid cell (col, row) counted from the scene rectangle's corner. */
export function cell(col: number, row: number): { x: number; y: number } {
  return { x: ORIGIN.x + col * GRID, y: ORIGIN.y + row * GRID };
}

/** Centre pixel of grid cell (col, row). */
export function centre(col: number, row: number): { x: number; y: number } {
  const c = cell(col, row);
  return { x: c.x + GRID / 2, y: c.y + GRID / 2 };
}

export function tokenSource(
  id: string,
  actorId: string,
  name: string,
  at: { col: number; row: number },
  options: { disposition?: number; actorLink?: boolean; delta?: Src } = {},
): Src {
  return {
    _id: id,
    name,
    actorId,
    actorLink: options.actorLink ?? true,
    disposition: options.disposition ?? -1,
    ...cell(at.col, at.row),
    ...(options.delta ? { delta: options.delta } : {}),
  };
}

/** A stored world setting (`world.settings`): `frontier-tactics.<key>` with its value as JSON. */
export function settingSource(id: string, key: string, value: unknown): Src {
  return { _id: id, key: `frontier-tactics.${key}`, value: JSON.stringify(value) };
}

/* -------------------------------------------- */
/*  What a user does                            */
/* -------------------------------------------- */

/**
 * The sheet's attack button, shift-clicked (no dialog), by `client`'s user: targets the tokens, then
 * `attackWithWeapon(actor, item, {fast: true})` as the sheet's action does. Returns the new chat message's id.
 */
export async function attack(
  table: Table,
  client: Client,
  actorId: string,
  itemName: string,
  targets: string[],
): Promise<string | null> {
  client.target(...targets);
  const before = new Set(client.run(() => G().game.messages.contents.map((m: any) => m.id)));
  const { attackWithWeapon } = await import("../../src/workflows/attack.js");
  await client.run(async () => {
    const actor = G().game.actors.get(actorId);
    const item = actor.items.find((i: any) => i.name === itemName);
    if (!item) throw new Error(`${actor.name} has no ${itemName}`);
    await attackWithWeapon(actor, item, { fast: true });
  });
  await table.settle();
  const made = client.run(() => G().game.messages.contents.filter((m: any) => !before.has(m.id)));
  return made.length ? made[made.length - 1].id : null;
}

/** A chat message rendered into `client`'s DOM as the chat log does, with the system's render hook run on it. */
export function renderMessage(client: Client, messageId: string): HTMLElement {
  return client.run(() => {
    const message = G().game.messages.get(messageId);
    if (!message) throw new Error(`${client.userId} has no message ${messageId}`);
    const li = G().document.createElement("li") as HTMLElement;
    li.className = "chat-message message";
    li.dataset.messageId = messageId;
    const content = G().document.createElement("div") as HTMLElement;
    content.className = "message-content";
    content.innerHTML = message.content;
    li.append(content);
    G().document.body.append(li);
    G().Hooks.callAll("renderChatMessageHTML", message, li, {});
    return li;
  });
}

/** The card's text as the user reads it (whitespace collapsed). */
export function cardText(client: Client, messageId: string): string {
  const el = renderMessage(client, messageId);
  const text = (el.textContent ?? "").replace(/\s+/g, " ").trim();
  el.remove();
  return text;
}

/** The target rows of a rendered attack card, by the name each shows. */
function rows(el: HTMLElement): Map<string, HTMLElement> {
  const out = new Map<string, HTMLElement>();
  for (const li of el.querySelectorAll<HTMLElement>(".ft-target")) {
    const name = li.querySelector("strong")?.textContent?.trim() ?? "";
    out.set(name, li);
  }
  return out;
}

/** The buttons the card gives `client`'s user: "apply:Name", "undo:Name", "place". */
export function buttons(client: Client, messageId: string): string[] {
  const el = renderMessage(client, messageId);
  const out: string[] = [];
  for (const b of el.querySelectorAll<HTMLElement>("[data-ft-action]")) {
    const row = b.closest<HTMLElement>(".ft-target");
    const name = row?.querySelector("strong")?.textContent?.trim();
    out.push(name ? `${b.dataset.ftAction}:${name}` : String(b.dataset.ftAction));
  }
  el.remove();
  return out;
}

/** The text of one target's row on the card, as `client`'s user reads it. */
export function rowText(client: Client, messageId: string, name: string): string {
  const el = renderMessage(client, messageId);
  const row = rows(el).get(name);
  const text = (row?.textContent ?? "").replace(/\s+/g, " ").trim();
  el.remove();
  return text;
}

/**
 * `client`'s user clicks a card button: the message is rendered into their DOM, the button for `name`'s row (or
 * the card's own button when `name` is omitted) is clicked, and the table settles. Throws when the user has no
 * such button, so a missing button fails the scenario where it is clicked.
 */
export async function click(
  table: Table,
  client: Client,
  messageId: string,
  action: string,
  name?: string,
): Promise<void> {
  const el = renderMessage(client, messageId);
  const scope = name ? rows(el).get(name) : el;
  const button = scope?.querySelector<HTMLButtonElement>(`[data-ft-action="${action}"]`);
  if (!button) {
    const have = buttons(client, messageId);
    el.remove();
    throw new Error(
      `${client.userId} has no "${action}" button${name ? ` for ${name}` : ""} (has: ${have.join(", ") || "none"})`,
    );
  }
  client.run(() => button.click());
  await table.settle();
  el.remove();
}

/* -------------------------------------------- */
/*  What a client sees                          */
/* -------------------------------------------- */

/** The actor of a token on the viewed scene, as `client` has it (the world actor when linked). */
function tokenActor(client: Client, tokenId: string): any {
  return client.run(() => G().game.scenes.viewed.tokens.get(tokenId)?.actor ?? null);
}

/** A token's current Stamina on `client`. */
export function staminaOf(client: Client, tokenId: string): number {
  return tokenActor(client, tokenId)?.system?.stamina?.value;
}

/** A token's status ids on `client` (sorted). */
export function statusesOf(client: Client, tokenId: string): string[] {
  return [...(tokenActor(client, tokenId)?.statuses ?? [])].sort();
}

/** The stored Stamina of a world actor (what a client loading the world would get). */
export function storedStamina(table: Table, actorId: string): number {
  return table.server.world.actors.find((a: Src) => a._id === actorId)?.system?.stamina?.value;
}

/** Every message of one type `client` has, in order. */
export function messagesOfType(client: Client, type: string): string[] {
  return client.run(() =>
    G()
      .game.messages.contents.filter((m: any) => m.type === type)
      .map((m: any) => m.id),
  );
}
