/**
 * Scenario: Alice's attack dialog (the real `AttackDialog` on the harness's ApplicationV2 + HandlebarsApplication
 * classes, `tests/foundry/apps.ts`) rendered in HER client's DOM, with the templates and helpers her client's `init`
 * registered. A 3-target automatic-pistol burst (tests/fixtures/dialog.ts): she edits modifiers, the dialog updates
 * its numbers in place (the Roll button she is about to click is never replaced), refuses a declaration it cannot
 * roll, and a dialog that cannot be drawn rejects instead of leaving the attack waiting.
 */
import { beforeEach, describe, expect, it } from "vitest";
import type { AttackRequest } from "../../src/workflows/attack/attack-plan.js";
import { burstPrep, d20AutofirePrep } from "../fixtures/dialog.js";
import {
  captureUnhandledRejections,
  change,
  click,
  resetAppRecords,
  settle as settleApps,
} from "../foundry/apps.js";
import { type Client, createTable, type Table } from "../foundry/world.js";
import { ALICE_ID, closeTableAfterEach, G, GM_ID } from "./kit.js";

let table: Table;
let alice: Client;
beforeEach(async () => {
  resetAppRecords();
  table = await createTable({ online: [GM_ID, ALICE_ID] });
  alice = table.client(ALICE_ID);
});
closeTableAfterEach(() => table);

/** On Alice's client: her document's elements. */
const $ = <T extends Element = HTMLElement>(selector: string): T | null =>
  alice.run(() => (G().document as Document).querySelector<T>(selector)) as T | null;
const field = (name: string) => $(`[data-ft-field="${name}"]`)!;
const input = (name: string) =>
  alice.run(() => ($("form") as HTMLFormElement).elements.namedItem(name)) as HTMLInputElement;
/** Alice does something in her DOM, then her client's queued renders finish. */
const act = async (fn: () => unknown) => {
  alice.run(fn);
  await alice.run(() => settleApps());
};
/** Alice's attack opens its dialog (as `attackWithWeapon`'s confirm port does); resolves once it is drawn. */
async function prompt(): Promise<{ asked: Promise<AttackRequest | null> }> {
  const { AttackDialog } = await alice.run(() => import("../../src/applications/attack-dialog.js"));
  const asked = alice.run(() => AttackDialog.prompt(burstPrep(), "Automatic Pistol"));
  asked.catch(() => undefined); // a test that expects the rejection awaits `asked` itself
  await alice.run(() => settleApps());
  return { asked };
}

describe("scenario: the attack dialog while the user edits", () => {
  it("SF-X-24 an edit updates the chance in place; the Roll button is never replaced and its first click rolls", async () => {
    const { asked } = await prompt();
    const roll = $<HTMLButtonElement>("button.ft-attack")!;
    const body = $('[data-application-part="body"]');
    // The burst's one chance (SF-X-24) is the headline: the worst of each modifier over the three pirates.
    expect(field("burst.chance").textContent).toBe("30");

    // Alice types −5 for the range all three share; the change fires when the field loses focus.
    await act(() => change(input("mod.*.range"), "-5"));
    expect(field("burst.chance").textContent).toBe("35");
    expect(input("mod.*.range").closest("tr")!.classList.contains("overridden")).toBe(true);
    expect($("button.ft-attack")).toBe(roll);
    expect($('[data-application-part="body"]')).toBe(body);

    // Running adds a row: the body is drawn again, the buttons are not.
    await act(() => change(input("attacker.movement") as unknown as HTMLSelectElement, "ran"));
    expect($('[data-application-part="body"]')).not.toBe(body);
    expect($("button.ft-attack")).toBe(roll);
    expect(input("mod.*.attackerMovement").value).toBe("−10");
    expect(input("mod.*.range").value).toBe("−5");
    // The new body shows running; happy-dom 20 reads the wrong option from a parsed `selected` attribute, so the
    // select's value is set again as a browser would have it.
    const redrawn = input("attacker.movement") as unknown as HTMLSelectElement;
    expect(redrawn.querySelector("option[selected]")?.getAttribute("value")).toBe("ran");
    redrawn.value = "ran";

    await act(() => click(roll));
    const req = (await asked) as AttackRequest;
    expect(req.overrides?.["*"]).toEqual({ range: -5 });
    expect(req.attacker.movement).toBe("ran");
    expect($("form")).toBeNull();
    expect(table.unhandled).toEqual([]);
  });

  it("SF-X-24 a refused change shows its reason in place and Roll does not roll", async () => {
    let answer: unknown = "pending";
    const { asked } = await prompt();
    void asked.then((r) => {
      answer = r;
    });
    const burst = input("decl.burst");
    await act(() => change(burst, false));
    const error = field("error");
    expect(error.hidden).toBe(false);
    expect(error.textContent).toContain("Only a burst can be aimed at several targets");
    await act(() => click($("button.ft-attack")!));
    expect($("form")).not.toBeNull();
    expect(answer).toBe("pending");
    await act(() => change(burst, true));
    expect(field("error").hidden).toBe(true);
    await act(() => click($('[data-action="cancel"]')!));
    expect(await asked).toBeNull();
    expect(table.unhandled).toEqual([]);
  });

  it("a dialog that cannot be drawn rejects with a clear error instead of leaving the attack waiting", async () => {
    const hb = G().Handlebars;
    const ftFormat = hb.helpers.ftFormat;
    hb.unregisterHelper("ftFormat");
    const capture = captureUnhandledRejections();
    try {
      await expect((await prompt()).asked).rejects.toThrow(
        /The attack dialog could not open: Failed to render Application/,
      );
      await alice.run(() => settleApps());
      expect(capture.reasons).toEqual([]);
      expect($("form")).toBeNull();
    } finally {
      capture.dispose();
      hb.registerHelper("ftFormat", ftFormat);
    }
    expect(table.unhandled).toEqual([]);
  });
});

/**
 * Issue 30 (review table-ux-2 #11): "Cannot miss (referee)" (SF-X-33) is the referee's ruling. The GM's dialog draws
 * it; a player's never does, and a player's form that carries the field anyway (typed in at the console, a forged
 * form) is read without it — the request Roll resolves has `cannotMiss: false`.
 */
describe("scenario: the referee's rows in the attack dialog are the GM's alone (SF-X-33)", () => {
  /** `client` opens the same burst's dialog; resolves once drawn. */
  async function promptOn(client: Client): Promise<{ asked: Promise<AttackRequest | null> }> {
    const { AttackDialog } = await client.run(() => import("../../src/applications/attack-dialog.js"));
    const asked = client.run(() => AttackDialog.prompt(burstPrep(), "Automatic Pistol"));
    await client.run(() => settleApps());
    return { asked };
  }
  const on = <T>(client: Client, fn: (doc: Document) => T): T =>
    client.run(() => fn(G().document as Document));

  it("SF-X-33 Alice's dialog has no 'cannot miss' and refuses the field she adds; the GM's draws it, with its rule, and rolls with it", async () => {
    const { asked } = await promptOn(alice);
    expect(on(alice, (d) => d.querySelector('[name="decl.cannotMiss"]'))).toBeNull();
    expect(on(alice, (d) => d.querySelector(".ft-dialog")?.textContent ?? "")).not.toContain("Cannot miss");
    // Alice adds the field herself, checked, and rolls.
    on(alice, (d) => {
      const forged = d.createElement("input");
      forged.type = "checkbox";
      forged.name = "decl.cannotMiss";
      forged.checked = true;
      d.querySelector(".ft-decl .ft-grid")!.append(forged);
    });
    await act(() => click($("button.ft-attack")!));
    expect(((await asked) as AttackRequest).declarations.cannotMiss).toBe(false);

    const gm = table.client(GM_ID);
    const byGM = await promptOn(gm);
    const box = on(gm, (d) => d.querySelector<HTMLInputElement>('[name="decl.cannotMiss"]'));
    expect(box).not.toBeNull();
    expect(gm.run(() => box!.closest("label")!.textContent!.replace(/\s+/g, " ").trim())).toBe(
      "Cannot miss (referee) SF-X-33",
    );
    gm.run(() => change(box!, true));
    await gm.run(() => settleApps());
    gm.run(() => click(on(gm, (d) => d.querySelector<HTMLButtonElement>("button.ft-attack")!)));
    await gm.run(() => settleApps());
    expect(((await byGM.asked) as AttackRequest).declarations.cannotMiss).toBe(true);
    expect(table.unhandled).toEqual([]);
  });
});

/**
 * Issue 30 (review table-ux-2 #11): the d20 autofire dialog fits 800 pixels. Its rarer help (combined fire, aid, the
 * situations) and each target's Defense terms are folded, their summaries naming what counts (combined fire 2,
 * Defense 15); a fold Alice opens stays open when the body is drawn again; the rule IDs are behind one toggle.
 */
describe("scenario: the compact d20 dialog — folds that stay open, one toggle for the rule IDs (SW-22, SW-35)", () => {
  it("SW-27 SW-08 SW-16: the folds name combined fire 2 and Defense 15; opened, the help stays open when ticking an improvised weapon redraws the body; Rule IDs toggles on the window and stays pressed", async () => {
    const { AttackDialog } = await alice.run(() => import("../../src/applications/attack-dialog.js"));
    const asked = alice.run(() => AttackDialog.prompt(d20AutofirePrep(), "Blaster rifle"));
    await alice.run(() => settleApps());
    const fold = (name: string) => $<HTMLDetailsElement>(`details[data-ft-fold="${name}"]`)!;
    const summary = (name: string) =>
      fold(name).querySelector("summary")!.textContent!.replace(/\s+/g, " ").trim();
    expect([fold("assist").open, summary("assist")]).toEqual([
      false,
      "More help and situations: combined fire 2",
    ]);
    expect([fold("def.Scene.s.Token.guard").open, summary("def.Scene.s.Token.guard")]).toEqual([
      false,
      "Defense 15",
    ]);

    // Alice opens the help (her click on its summary) and ticks "improvised": a new modifier row redraws the body.
    // (Issue 31: not "charging" any more — a charge with an autofire rifle is refused, SW-21.)
    const body = $('[data-application-part="body"]');
    await act(() => {
      fold("assist").open = true;
    });
    await act(() => change(input("assist.improvised"), true));
    expect($('[data-application-part="body"]')).not.toBe(body);
    expect(fold("assist").open).toBe(true);
    expect(summary("assist")).toBe("More help and situations: combined fire 2, Improvised weapon (−4)");
    expect(fold("def.Scene.s.Token.guard").open).toBe(false);

    // The one toggle of the rule IDs: pressed, the window shows them; a redraw keeps it pressed.
    const toggle = () => $<HTMLButtonElement>('[data-action="toggleRules"]')!;
    expect([$("form")!.classList.contains("ft-rules-shown"), toggle().getAttribute("aria-pressed")]).toEqual([
      false,
      "false",
    ]);
    await act(() => click(toggle()));
    expect([$("form")!.classList.contains("ft-rules-shown"), toggle().getAttribute("aria-pressed")]).toEqual([
      true,
      "true",
    ]);
    await act(() => change(input("assist.improvised"), false));
    expect([$("form")!.classList.contains("ft-rules-shown"), toggle().getAttribute("aria-pressed")]).toEqual([
      true,
      "true",
    ]);
    // Pressed again for the next test's dialog (the choice is kept for the page).
    await act(() => click(toggle()));
    await act(() => click($('[data-action="cancel"]')!));
    expect(await asked).toBeNull();
    expect(table.unhandled).toEqual([]);
  });
});
