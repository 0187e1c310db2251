/**
 * Scenario helpers of the grenades stream: a user's sheet clicks (Attack, a gear item's Use) on the real sheet
 * rendered on their own client, a card-wide button, and what each client sees of a status's duration.
 */
import { click, settle as settleApps } from "../foundry/apps.js";
import type { Client, Table } from "../foundry/world.js";
import { G, renderMessage, text } from "./kit.js";

/** The user opens the actor's sheet as a double-click does, on their own client; returns its element. */
export async function openSheet(client: Client, actorId: string): Promise<HTMLElement> {
  await client.run(() => G().game.actors.get(actorId).sheet.render({ force: true }));
  await client.run(() => settleApps());
  return client.run(() => G().game.actors.get(actorId).sheet.element as HTMLElement);
}

/** Click a sheet action on an item's row (`[data-item-id] [data-action]`), shift held or not; the table settles. */
export async function clickSheetItem(
  table: Table,
  client: Client,
  actorId: string,
  itemId: string,
  action: "attack" | "useGear",
  shiftKey = false,
): Promise<void> {
  const sheet = await openSheet(client, actorId);
  const button = sheet.querySelector<HTMLElement>(`[data-item-id="${itemId}"] [data-action="${action}"]`);
  if (!button) throw new Error(`${client.userId} has no ${action} for item ${itemId} on the sheet`);
  client.run(() => click(button, { shiftKey }));
  await client.run(() => settleApps());
  await table.settle();
}

/** The newest attack card's id on a client. */
export const lastCard = (client: Client): string | null =>
  client.run(() => {
    const cards = G().game.messages.contents.filter((m: any) => m.type === "attack");
    return cards.length ? (cards[cards.length - 1].id as string) : null;
  });

/** Click a card-wide button (not on a target's row) as this user; `await table.settle()` after. */
export function clickCardWide(client: Client, messageId: string, action: string): void {
  const card = renderMessage(client, messageId);
  const button = [...card.querySelectorAll<HTMLButtonElement>(`[data-ft-action="${action}"]`)].find(
    (b) => !b.closest("li.ft-target"),
  );
  if (!button) throw new Error(`${client.userId} has no card-wide ${action} button`);
  client.run(() => button.click());
}

/** The card's text on a client (whitespace collapsed). */
export const cardOn = (client: Client, messageId: string): string => text(renderMessage(client, messageId));

/**
 * How long a status on a token's actor lasts, as this client has it: the effect's `duration.rounds` and `seconds`
 * (null when the token has no such status).
 */
export function statusDuration(
  client: Client,
  tokenId: string,
  status: string,
): { rounds: number | null; seconds: number | null } | null {
  return client.run(() => {
    const actor = G().game.scenes.viewed.tokens.get(tokenId)?.actor;
    const e = actor?.effects.find((x: any) => [...(x.statuses ?? [])].includes(status));
    return e ? { rounds: e.duration?.rounds ?? null, seconds: e.duration?.seconds ?? null } : null;
  });
}

/** An item's quantity on a world actor, as this client has it. */
export const quantityOf = (client: Client, actorId: string, itemId: string): number =>
  client.run(() => G().game.actors.get(actorId).items.get(itemId).system.quantity);
