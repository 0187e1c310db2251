/**
 * Scenario helpers of the rule references (issue 13): what a user's rendered rule ID offers (its tooltip, its link
 * role and focus), a click or an Enter on it as that user, and the journal sheet it opened on their client.
 */
import { appInstances, click, settle as settleApps } from "../foundry/apps.js";
import type { JournalEntrySheet } from "../foundry/compendium.js";
import type { Client, Table } from "../foundry/world.js";
import { text } from "./kit.js";

/** What a rendered rule reference offers a user: its text, tooltip, role, tab stop and accessible name. */
export function refOf(el: HTMLElement | null): Record<string, unknown> {
  if (!el) throw new Error("no rule reference");
  return {
    text: text(el),
    tooltip: el.dataset.tooltipText,
    role: el.getAttribute("role"),
    tabIndex: el.tabIndex,
    ariaLabel: el.getAttribute("aria-label"),
  };
}

/** The rule reference for `id` under `root` (any `.ft-rule` whose text is the ID). */
export function ruleRef(root: ParentNode, id: string): HTMLElement {
  const el = [...root.querySelectorAll<HTMLElement>(".ft-rule")].find(
    (e) => text(e) === id && !e.querySelector(".ft-rule"),
  );
  if (!el) throw new Error(`no .ft-rule ${id}`);
  return el;
}

/** The journal sheets open on the client's page: entry name, page name, the heading scrolled to and what follows it. */
export function openJournals(
  client: Client,
): { entry: string; page: string | undefined; at: string | null; says: string | null }[] {
  return client.run(() =>
    [...appInstances().values()]
      .filter((a: any) => a.constructor.name === "JournalEntrySheet" && a.rendered)
      .map((a) => {
        const sheet = a as unknown as JournalEntrySheet;
        const heading = sheet.scrolledTo;
        return {
          entry: sheet.entry.name,
          page: sheet.pageId ? sheet.entry.pages.get(sheet.pageId)?.name : undefined,
          at: heading ? `${heading.getAttribute("data-anchor")} ${text(heading)}` : null,
          says: heading?.nextElementSibling ? text(heading.nextElementSibling) : null,
        };
      }),
  );
}

/** The user clicks (or presses Enter on) the reference; what it starts is awaited. */
export async function activate(
  table: Table,
  client: Client,
  el: HTMLElement,
  how: "click" | "enter",
): Promise<void> {
  client.run(() => {
    if (how === "click") click(el);
    else {
      el.focus();
      const W = el.ownerDocument.defaultView as unknown as typeof globalThis;
      el.dispatchEvent(new W.KeyboardEvent("keydown", { key: "Enter", bubbles: true, cancelable: true }));
    }
  });
  await table.settle();
  await client.run(() => settleApps());
}

/** Close every journal sheet open on the client. */
export async function closeJournals(client: Client): Promise<void> {
  await client.run(async () => {
    for (const a of [...appInstances().values()])
      if (a.constructor.name === "JournalEntrySheet" && a.rendered) await a.close();
  });
}
