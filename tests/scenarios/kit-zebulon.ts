/**
 * Scenario helpers of the "zebulon" stream (column shifts and checks): a user opens a sheet and clicks on it, the
 * attack dialog that click opens, the prompt a shift-click opens, and what each client's chat shows of a check.
 */
import { answerDialog, appInstances, click, openDialogs, settle as settleApps } from "../foundry/apps.js";
import type { Client, Table } from "../foundry/world.js";
import { G, text } from "./kit.js";

type Any = any;

/** The user opens an actor's sheet as a double-click does, on their own client; returns its element. */
export async function openSheet(client: Client, actorId: string): Promise<HTMLElement> {
  await client.run(() => G().game.actors.get(actorId).sheet.render({ force: true }));
  await client.run(() => settleApps());
  return client.run(() => G().game.actors.get(actorId).sheet.element as HTMLElement);
}

/** The user clicks what `selector` finds on the actor's open sheet (shift held when `shift`); the table settles. */
export async function clickSheet(
  table: Table,
  client: Client,
  actorId: string,
  selector: string,
  { shift = false } = {},
): Promise<void> {
  const sheet = await openSheet(client, actorId);
  const el = sheet.querySelector<HTMLElement>(selector);
  if (!el) throw new Error(`${client.userId}'s sheet has nothing matching ${selector}`);
  client.run(() => click(el, { shiftKey: shift }));
  await client.run(() => settleApps());
  await table.settle();
}

/** The attack dialog open on this client, if any. */
export function attackDialog(client: Client): Any {
  return client.run(() =>
    [...appInstances().values()].find((a: Any) => a.constructor.name === "AttackDialog" && a.rendered),
  );
}

/** A field of the open prompt (DialogV2) on this client, by name. */
export function promptField(client: Client, name: string): HTMLInputElement | HTMLSelectElement {
  return client.run(() => {
    const dialog = openDialogs().at(-1);
    if (!dialog) throw new Error(`${client.userId} has no open prompt`);
    const field = dialog.element.querySelector(`[name="${name}"]`);
    if (!field) throw new Error(`The prompt has no field ${name}`);
    return field as HTMLInputElement | HTMLSelectElement;
  });
}

/** The user presses the open prompt's button (its "ok" by default); the table settles. */
export async function answerPrompt(table: Table, client: Client, action = "ok"): Promise<void> {
  client.run(() => answerDialog(action));
  await client.run(() => settleApps());
  await table.settle();
}

/** Open prompts (DialogV2) on this client, by title. */
export const promptTitles = (client: Client): string[] =>
  client.run(() => openDialogs().map((d) => String(d.options.window?.title ?? "")));

/** How many chat messages this client holds. */
export const messageCount = (client: Client): number => client.run(() => G().game.messages.size as number);

/**
 * The newest chat message as this client renders it: the flavor, then the content with what the system's
 * `renderChatMessageHTML` adds (the check's verdict, for whoever may read the roll).
 */
export function lastMessageText(client: Client): string {
  return client.run(() => {
    const m = G().game.messages.contents.at(-1);
    const el = document.createElement("div");
    el.innerHTML = `<span class="flavor-text">${m.flavor ?? ""}</span><div class="message-content"></div>`;
    G().Hooks.callAll("renderChatMessageHTML", m, el, {});
    return `${text(el.querySelector(".flavor-text"))} ${text(el.querySelector(".message-content"))}`.trim();
  });
}
