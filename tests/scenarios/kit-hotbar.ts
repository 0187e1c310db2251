/**
 * Scenario helpers of the hotbar (issue 33): a drag started on a sheet, as the sheet's own dragstart listener writes
 * its data, and a drop on a hotbar slot, as v13's Hotbar#_onDrop (client/applications/ui/hotbar.mjs) begins: the
 * "hotbarDrop" hook with the drag data.
 */
import { expect } from "vitest";
import { settle as settleApps } from "../foundry/apps.js";
import type { Client, Table } from "../foundry/world.js";
import { G } from "./kit.js";
import { openSheet } from "./kit-zebulon.js";

/** What `selector` finds on the actor's sheet as `client` opens it (it must be there). */
export async function sheetElement(client: Client, actorId: string, selector: string): Promise<HTMLElement> {
  const sheet = await openSheet(client, actorId);
  const el = sheet.querySelector<HTMLElement>(selector);
  expect(el).not.toBeNull();
  return el!;
}

/** A user starts dragging `el`: a bubbling dragstart with a DataTransfer stand-in; the "text/plain" data it wrote. */
export function dragStartData(client: Client, el: HTMLElement): Record<string, unknown> {
  return client.run(() => {
    const store = new Map<string, string>();
    const dataTransfer = {
      setData: (t: string, v: string) => void store.set(t, v),
      getData: (t: string) => store.get(t) ?? "",
    };
    const win = el.ownerDocument.defaultView as unknown as typeof globalThis;
    const e = new win.Event("dragstart", { bubbles: true, cancelable: true });
    Object.defineProperty(e, "dataTransfer", { value: dataTransfer });
    el.dispatchEvent(e);
    return JSON.parse(store.get("text/plain") ?? "{}");
  });
}

/**
 * The drop on hotbar slot `slot`: the "hotbarDrop" hook with the client's Hotbar and the drag data; returns whether
 * core would go on to make its own macro (false: the system took it). The table settles.
 */
export async function dropOnHotbar(
  table: Table,
  client: Client,
  data: Record<string, unknown>,
  slot: number,
): Promise<boolean> {
  const goOn = client.run(() => G().Hooks.call("hotbarDrop", G().ui.hotbar ?? null, data, slot) as boolean);
  await client.run(() => settleApps());
  await table.settle();
  return goOn;
}
