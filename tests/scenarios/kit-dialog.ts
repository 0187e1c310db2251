/**
 * The attack dialog as Alice uses it in a scenario (shared by dialog-modifiers and vision): open it from her sheet,
 * change a field (with happy-dom's re-rendered selects read as a browser shows them), read the chance and the
 * "add a modifier" options, roll, and read the card's modifier line as every client shows it.
 */
import { expect } from "vitest";
import { appInstances, change, click, settle as settleApps } from "../foundry/apps.js";
import { pendingDice } from "../foundry/dice.js";
import type { Client, Table } from "../foundry/world.js";
import { everyone, G, messageIds, onEveryClient, renderMessage, text } from "./kit.js";

export function attackDialogKit(getTable: () => Table, ids: { actor: string; target: string }) {
  /** The attack dialog open on this client, if any. */
  function attackDialog(client: Client): any {
    return client.run(() =>
      [...appInstances().values()].find((a: any) => a.constructor.name === "AttackDialog" && a.rendered),
    );
  }

  /** Alice targets the pirate and clicks Attack (no shift) on the weapon's row of her sheet: the dialog opens. */
  async function aliceOpensAttack(alice: Client, itemId: string): Promise<any> {
    alice.target(ids.target);
    await alice.run(() => G().game.actors.get(ids.actor).sheet.render({ force: true }));
    await alice.run(() => settleApps());
    const sheet = alice.run(() => G().game.actors.get(ids.actor).sheet.element as HTMLElement);
    const attack = sheet.querySelector<HTMLElement>(`tr[data-item-id="${itemId}"] [data-action="attack"]`);
    expect(attack).not.toBeNull();
    alice.run(() => click(attack!));
    await alice.run(() => settleApps());
    await getTable().settle();
    const dialog = attackDialog(alice);
    expect(dialog).toBeDefined();
    return dialog;
  }

  /** A field of the open dialog, by name. */
  function field(alice: Client, name: string): HTMLInputElement & HTMLSelectElement {
    const dialog = attackDialog(alice);
    const el = alice.run(() => (dialog.element as HTMLFormElement).elements.namedItem(name));
    if (!el) throw new Error(`The dialog has no field ${name}`);
    return el as HTMLInputElement & HTMLSelectElement;
  }

  /**
   * After the body is drawn again, each select shows the option its template marked `selected` (happy-dom 20 reads the
   * wrong option from a parsed `selected` attribute; a browser shows the marked one).
   */
  function asBrowserShows(alice: Client): void {
    const dialog = attackDialog(alice);
    alice.run(() => {
      for (const s of dialog.element.querySelectorAll("select") as NodeListOf<HTMLSelectElement>) {
        const marked = s.querySelector("option[selected]");
        s.value = marked ? (marked.getAttribute("value") ?? "") : (s.options[0]?.value ?? "");
      }
    });
  }

  /** The user cancels the open dialog (its promise settles; nothing is rolled); the table settles. */
  async function cancel(client: Client): Promise<void> {
    const dialog = attackDialog(client);
    client.run(() => click(dialog.element.querySelector('[data-action="cancel"]')));
    await client.run(() => settleApps());
    await getTable().settle();
  }

  /** The dialog's body element (drawn again when rows appear or go). */
  const body = (alice: Client): Element =>
    alice.run(() => attackDialog(alice).element.querySelector('[data-application-part="body"]'));

  /** Alice changes a dialog field (a select, a checkbox) and the dialog redraws what it must. */
  async function set(alice: Client, name: string, value: string | boolean): Promise<void> {
    const before = body(alice);
    alice.run(() => change(field(alice, name), value));
    await alice.run(() => settleApps());
    if (body(alice) !== before) asBrowserShows(alice);
  }

  /** The options the "add a modifier" control of target `i` offers, as the user reads them. */
  function addOptions(alice: Client, i = 0): string[] {
    const select = field(alice, `add.${i}`);
    return [...select.options].filter((o) => o.value).map((o) => text(o));
  }

  /** The chance the dialog shows for target `i`; for a burst, its one chance (the headline, SF-X-24). */
  function chance(alice: Client, i = 0): string {
    const dialog = attackDialog(alice);
    return alice.run(() => {
      const burst = dialog.element.querySelector(".ft-burst-headline .ft-chance");
      return text(burst ?? dialog.element.querySelectorAll("fieldset.ft-target-mods .ft-chance")[i]);
    });
  }

  /** Alice clicks Roll; the attack is rolled and posted; returns the new card's id. */
  async function aliceRolls(alice: Client, ...dice: number[]): Promise<string> {
    const before = messageIds(alice).length;
    getTable().dice(...dice);
    const dialog = attackDialog(alice);
    alice.run(() => click(dialog.element.querySelector("button.ft-attack")));
    await alice.run(() => settleApps());
    await getTable().settle();
    expect(pendingDice()).toEqual([]);
    const ids = messageIds(alice);
    expect(ids.length).toBe(before + 1);
    return ids.at(-1)!;
  }

  /**
   * The card's modifiers and outcome ("Modifiers = …% … <roll> Hit|Miss"; a burst: "Burst (n) <roll> ≤ …% Hit … Modifiers
   * …"), the same on every client.
   */
  function cardLine(cardId: string): string {
    const lines = onEveryClient<string | null>(getTable(), () => null);
    for (const c of getTable().all) {
      const t = text(renderMessage(c, cardId));
      const m = /Burst \(\d+\) .*? Modifiers .*?(?= Pirate )|Modifiers = .*? \d+ (Hit|Miss)/.exec(t);
      lines[c.user.name as string] = m ? m[0] : t;
    }
    // "Every client" must include a seat that neither rolled nor referees: a bystander reads the same card.
    expect(Object.keys(lines).length).toBeGreaterThanOrEqual(3);
    const first = Object.values(lines)[0]!;
    expect(lines).toEqual(everyone(getTable(), first));
    return first!;
  }

  return {
    attackDialog,
    aliceOpensAttack,
    field,
    asBrowserShows,
    body,
    set,
    addOptions,
    chance,
    aliceRolls,
    cardLine,
    cancel,
  };
}
