/**
 * The d20 reaction scenarios' common moves (d20-provoke, trust-provoke, trust-d20-reads, trust-d20-actions): Kara
 * (Alice's) between the Thug and the Raider, initiative d20s 18, 10, 5 → Kara first; the GM's next turn; a token
 * dragged along waypoints (v13 `TokenDocument#move` with the "dragging" method, client/documents/token.mjs); the
 * attack-of-opportunity offer cards as each client sees, draws and clicks them.
 */
import { expect } from "vitest";
import { click, settle as settleApps } from "../foundry/apps.js";
import type { Client, Table } from "../foundry/world.js";
import { currentTurn, G, GM_ID, onEveryClient, renderMessage, text, told } from "./kit.js";
import { openD20Combat } from "./kit-d20.js";

/** The three combatants' ids: Kara's, the Thug's and the Raider's (combatant, token, actor). */
export interface ThreeIds {
  readonly cmb: { readonly kara: string; readonly thug: string; readonly raider: string };
  readonly tok: { readonly kara: string; readonly thug: string; readonly raider: string };
  readonly act: { readonly kara: string; readonly thug: string; readonly raider: string };
}

/** The GM's encounter on `scene`: Kara 20, Thug 12, Raider 7; Kara's turn. */
export async function startEncounter(table: Table, scene: string, ids: ThreeIds): Promise<void> {
  const gm = table.client(GM_ID);
  await openD20Combat(table, scene, [
    { _id: ids.cmb.kara, tokenId: ids.tok.kara, actorId: ids.act.kara },
    { _id: ids.cmb.thug, tokenId: ids.tok.thug, actorId: ids.act.thug },
    { _id: ids.cmb.raider, tokenId: ids.tok.raider, actorId: ids.act.raider },
  ]);
  table.dice(18, 10, 5);
  await gm.run(() => G().game.combat.startCombat());
  await table.settle();
  expect(currentTurn(gm)).toBe("Kara");
}

/** The GM ends the current turn. */
export async function gmNextTurn(table: Table): Promise<void> {
  await table.client(GM_ID).run(() => G().game.combat.nextTurn());
  await table.settle();
}

/** `who` drags token `tokenId` of `scene` through `waypoints` (top-left pixels), each with `action`. */
export async function dragThrough(
  table: Table,
  who: Client,
  scene: string,
  tokenId: string,
  waypoints: readonly { x: number; y: number }[],
  action = "walk",
): Promise<void> {
  await who.run(() =>
    G()
      .game.scenes.get(scene)
      .tokens.get(tokenId)
      .move(
        waypoints.map((w) => ({ ...w, action })),
        { method: "dragging" },
      ),
  );
  await table.settle();
}

/** The offers (attack of opportunity cards) each client's chat log shows: their ids. */
export const offersSeen = (table: Table) =>
  onEveryClient(table, () =>
    G()
      .game.messages.contents.filter((m: any) => m.visible && m.system?.kind === "ft-aoo-offer")
      .map((m: any) => m.id as string),
  );

/** The offer's title and line and whether its button is there, as `c` draws it. */
export function offerOn(c: Client, messageId: string): { text: string; button: boolean } {
  const card = renderMessage(c, messageId);
  return {
    text: [...card.querySelectorAll("h3, p")].map((e) => text(e)).join(" "),
    button: !!card.querySelector('[data-ft-action="attackOfOpportunity"]'),
  };
}

/** `c` clicks the offer's button; the attack dialog opens on that page, with nothing told. */
export async function takeOffer(table: Table, c: Client, messageId: string): Promise<void> {
  const button = renderMessage(c, messageId).querySelector('[data-ft-action="attackOfOpportunity"]');
  expect(button).not.toBeNull();
  const before = told(c).length;
  c.run(() => click(button!));
  await c.run(() => settleApps());
  await table.settle();
  expect(told(c).slice(before)).toEqual([]);
}
