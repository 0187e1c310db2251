/**
 * Scenario (issue 13, "Rule references"): each user shows or hides the rule IDs (`.ft-rule`) in our sheets, dialog,
 * tracker and cards with their own client setting `showRuleIds` (a client setting lives in that user's browser only;
 * v13 client/helpers/client-settings.mjs). Off puts `ft-hide-rules` on that client's `document.body`, which the
 * stylesheet turns into `display: none` for every `.ft-rule`; on removes it. Another user's page is not touched.
 */
import { readFileSync } from "node:fs";
import { afterEach, describe, expect, it } from "vitest";
import { resetAppRecords } from "../foundry/apps.js";
import { type Client, createTable, type Table } from "../foundry/world.js";
import {
  ALICE_ID,
  actorSource,
  closeTableAfterEach,
  G,
  GM_ID,
  id,
  itemFromPack,
  renderMessage,
  sceneSource,
  settingSource,
  tokenSource,
  told,
} from "./kit.js";
import { attackDialogKit } from "./kit-dialog.js";
import { activate, closeJournals, openJournals, refOf, ruleRef } from "./kit-rulerefs.js";

let table: Table;
closeTableAfterEach(() => table);

const hidden = (userId: string): boolean =>
  table.client(userId).run(() => (G().document as Document).body.classList.contains("ft-hide-rules"));

describe("scenario: rule references shown or hidden by each user's client setting (issue 13)", () => {
  it("rule IDs show by default; Alice turns them off on her client (her page hides them, the GM's does not) and on again", async () => {
    table = await createTable({ online: [GM_ID, ALICE_ID] });
    const alice = table.client(ALICE_ID);
    // Registered as a client setting the user sees in Configure Settings, on by default; the page shows rule IDs.
    alice.run(() => {
      const config = G().game.settings.settings.get("frontier-tactics.showRuleIds");
      expect(config).toMatchObject({ scope: "client", config: true, default: true, type: Boolean });
      expect(G().game.settings.get("frontier-tactics", "showRuleIds")).toBe(true);
    });
    expect(hidden(ALICE_ID)).toBe(false);
    expect(hidden(GM_ID)).toBe(false);

    await alice.run(() => G().game.settings.set("frontier-tactics", "showRuleIds", false));
    await table.settle();
    expect(hidden(ALICE_ID)).toBe(true);
    expect(hidden(GM_ID)).toBe(false);
    // A client setting is never written to the server.
    expect(table.server.log.filter((r) => JSON.stringify(r).includes("showRuleIds"))).toEqual([]);

    await alice.run(() => G().game.settings.set("frontier-tactics", "showRuleIds", true));
    await table.settle();
    expect(hidden(ALICE_ID)).toBe(false);
    expect(table.unhandled).toEqual([]);
  });

  it("the stylesheet hides every rule ID under the body class", () => {
    const css = readFileSync(new URL("../../styles/frontier-tactics.css", import.meta.url), "utf8");
    expect(css).toMatch(/body\.ft-hide-rules \.ft-rule \{\s*display: none;\s*\}/);
  });
});

/* -------------------------------------------- */
/*  The references themselves (rulerefs stream) */
/* -------------------------------------------- */

const SCENE = id("sceneRefYard");
const EUSYL = id("actRefEusyl");
const PIRATE = id("actRefPirate");
const TOK_EUSYL = id("tokRefEusyl");
const TOK_PIRATE = id("tokRefPirate");
const PISTOL = id("itmRefLaser");

/** Eusyl (Alice's, DEX 80) with a laser pistol, 10 m from a pirate that has not moved; no combat, no walls. */
function yard() {
  return {
    settings: [settingSource("settingPhases001", "enforcePhases", false)],
    actors: [
      actorSource({
        _id: EUSYL,
        name: "Eusyl",
        owner: ALICE_ID,
        abilities: { dex: 80 },
        stamina: 45,
        items: [itemFromPack("weapons", "laser-pistol", PISTOL)],
      }),
      actorSource({ _id: PIRATE, name: "Pirate", type: "creature", stamina: 40 }),
    ],
    scenes: [
      sceneSource({
        _id: SCENE,
        name: "Yard",
        grid: { size: 100, distance: 1, units: "m" },
        tokens: [
          tokenSource({ _id: TOK_EUSYL, name: "Eusyl", actorId: EUSYL, actorLink: true, x: 1500, y: 1500 }),
          tokenSource({
            _id: TOK_PIRATE,
            name: "Pirate",
            actorId: PIRATE,
            actorLink: false,
            x: 2500,
            y: 1500,
          }),
        ],
      }),
    ],
  };
}

const dialogKit = attackDialogKit(() => table, { actor: EUSYL, target: TOK_PIRATE });
afterEach(async () => {
  for (const c of table?.all ?? []) await closeJournals(c);
  const open = table?.all.find((c) => c.userId === ALICE_ID && dialogKit.attackDialog(c));
  if (open) await open.run(() => dialogKit.attackDialog(open).close());
  resetAppRecords();
});

const OPENS = "Opens the rule index at this rule.";
const EXPANDED = "Star Frontiers Expanded Game combat";

describe("scenario: a rule ID is a reference — its title and source in a tooltip, a link to the Rule Index (issue 13)", () => {
  it("SF-X-11 SF-X-28: in Alice's attack dialog the rule IDs name their rule, show it on focus, and open the Rule Index at the rule (Enter or a click, which does not tick the wrong-hand box)", async () => {
    table = await createTable({ world: yard(), online: [GM_ID, ALICE_ID] });
    const alice = table.client(ALICE_ID);
    const dialog = await dialogKit.aliceOpensAttack(alice, PISTOL);
    const el = (): HTMLElement => alice.run(() => dialog.element as HTMLElement);

    // ½ DEX +40 is a row of the modifier table: its rule cell stays a cell, the ID inside it is the reference.
    const dex = ruleRef(el(), "SF-X-11");
    expect(dex.parentElement?.tagName).toBe("TD");
    expect(dex.parentElement?.classList.contains("ft-rule")).toBe(true);
    const dexTip =
      "SF-X-11 · Ranged chance to hit starts at ½ Dexterity — Star Frontiers Expanded Game combat";
    // In a form a reference is a link but no tab stop (the fieldset's one "Rules" stop stands for it, see below).
    expect(refOf(dex)).toEqual({
      text: "SF-X-11",
      tooltip: dexTip,
      role: "link",
      tabIndex: -1,
      ariaLabel: `${dexTip}. ${OPENS}`,
    });
    // Plain text for v13's TooltipManager (`data-tooltip-text` is set as textContent; `data-tooltip` would be
    // localized or parsed as HTML). Tooltips open on pointerenter only, so focus opens it through `game.tooltip`.
    expect(dex.dataset.tooltip).toBeUndefined();
    const shown = alice.run(() => {
      const seen: string[] = [];
      const g = G().game as { tooltip?: unknown };
      // What rule-refs.ts calls of v13's TooltipManager: activate(element), deactivate(), element.
      const tip: { element: HTMLElement | null; activate(e: HTMLElement): void; deactivate(): void } = {
        element: null,
        activate(e) {
          tip.element = e;
          seen.push(`on ${e.dataset.tooltipText}`);
        },
        deactivate() {
          seen.push(`off ${tip.element?.dataset.ftRule}`);
          tip.element = null;
        },
      };
      g.tooltip = tip;
      dex.focus();
      dex.blur();
      delete g.tooltip;
      return seen;
    });
    expect(shown).toEqual([`on ${dexTip}`, "off SF-X-11"]);
    // Enter on the focused ID (a click gives it the focus) opens the rules compendium's Rule Index page at SF-X-11.
    await activate(table, alice, dex, "enter");
    expect(alice.run(() => (G().document as Document).activeElement)).toBe(dex);
    expect(openJournals(alice)).toEqual([
      {
        entry: "Rule Index",
        page: "Rule index",
        at: "sf-x-11 SF-X-11",
        says: "Ranged chance to hit starts at ½ Dexterity (automated). Ranged chance to hit starts at ½ Dexterity, rounded up.",
      },
    ]);
    // Nothing opened on the GM's page; nothing was written.
    expect(openJournals(table.client(GM_ID))).toEqual([]);

    // The wrong-hand declaration's ID sits inside the checkbox's label: a click opens the index, it does not tick.
    const wrong = ruleRef(el(), "SF-X-28");
    expect(refOf(wrong).tooltip).toBe(`SF-X-28 · Wrong hand −10 — ${EXPANDED}`);
    await activate(table, alice, wrong, "click");
    expect(dialogKit.field(alice, "decl.wrongHand").checked).toBe(false);
    expect(dialogKit.chance(alice)).toBe("40%");
    expect(openJournals(alice).map((j) => j.at)).toEqual(["sf-x-28 SF-X-28"]);
    expect(table.unhandled).toEqual([]);
    expect(told(alice)).toEqual([]);
  }, 30_000);

  it("SF-X-11 SF-X-14 SF-X-17: on the attack card every client shows the modifiers' rule IDs as references; Alice clicks SF-X-14 and the Rule Index opens at Range modifiers", async () => {
    table = await createTable({ world: yard(), online: "players" });
    const alice = table.client(ALICE_ID);
    await dialogKit.aliceOpensAttack(alice, PISTOL);
    // ½ DEX +40, Short −10, stationary +10: 40 %; d100 08 hits, the pistol's 1 SEU die shows 7.
    const cardId = await dialogKit.aliceRolls(alice, 8, 7);
    expect(dialogKit.cardLine(cardId)).toBe(
      "Modifiers = 40% ½ DexteritySF-X-11+40ShortSF-X-14−10Target stationarySF-X-17+10 8 ≤ 40 Hit",
    );
    const tips = (c: Client) => {
      const card = renderMessage(c, cardId);
      return ["SF-X-11", "SF-X-14", "SF-X-17"].map((r) => {
        const ref = refOf(ruleRef(card, r));
        return `${ref.role} ${ref.tabIndex} ${ref.tooltip}`;
      });
    };
    const expected = [
      `link 0 SF-X-11 · Ranged chance to hit starts at ½ Dexterity — ${EXPANDED}`,
      `link 0 SF-X-14 · Range modifiers as in the Basic Game — ${EXPANDED}`,
      `link 0 SF-X-17 · Movement modifiers for attacker and target — ${EXPANDED}`,
    ];
    expect(tips(alice)).toEqual(expected);
    expect(tips(table.client(GM_ID))).toEqual(expected);

    const card = renderMessage(alice, cardId);
    await activate(table, alice, ruleRef(card, "SF-X-14"), "click");
    expect(openJournals(alice)).toEqual([
      {
        entry: "Rule Index",
        page: "Rule index",
        at: "sf-x-14 SF-X-14",
        says: "Range modifiers as in the Basic Game (automated). Range modifiers as in the Basic Game, in metres per weapon.",
      },
    ]);
    expect(table.unhandled).toEqual([]);
  }, 30_000);

  it("SF-X-14: with Alice's setting off the card's rule references are hidden on her page (display none, so no tab stop either); the GM's still show", async () => {
    table = await createTable({ world: yard(), online: [GM_ID, ALICE_ID] });
    const alice = table.client(ALICE_ID);
    const gm = table.client(GM_ID);
    await dialogKit.aliceOpensAttack(alice, PISTOL);
    const cardId = await dialogKit.aliceRolls(alice, 8, 7);
    await alice.run(() => G().game.settings.set("frontier-tactics", "showRuleIds", false));
    await table.settle();
    // The real stylesheet on each page. happy-dom 20 skips the rules inside `@layer` blocks; every rule of ours sits
    // in the one layer `frontier-tactics`, so without the wrappers they cascade among themselves the same.
    const css = readFileSync(new URL("../../styles/frontier-tactics.css", import.meta.url), "utf8")
      .replace(/^@layer frontier-tactics \{$/gm, "")
      .replace(/^\}$/gm, "");
    const display = (c: Client): string =>
      c.run(() => {
        const d = G().document as Document;
        if (!d.getElementById("ft-css")) {
          const style = d.createElement("style");
          style.id = "ft-css";
          style.textContent = css;
          d.head.append(style);
        }
        const ref = ruleRef(renderMessage(c, cardId), "SF-X-14");
        return `${ref.dataset.tooltipText ? "reference" : "text"} ${d.defaultView!.getComputedStyle(ref).display}`;
      });
    expect(display(alice)).toBe("reference none");
    // The GM's page has no rule that hides it (happy-dom reports no value for a span no display rule sets).
    expect(display(gm)).toMatch(/^reference (?!none)/);
  }, 30_000);
});

/** What tabbing through the dialog meets, in order: each control's accessible name as the page gives it. */
function tabStops(root: HTMLElement): string[] {
  const nameOf = (e: HTMLElement): string => {
    const label = e.getAttribute("aria-label");
    if (label) return label;
    const host = e.closest("label") ?? e;
    const copy = host.cloneNode(true) as HTMLElement;
    // The accessible name leaves out what is aria-hidden (accname 1.2, step 2A).
    for (const h of copy.querySelectorAll('[aria-hidden="true"], select, input')) h.remove();
    return (copy.textContent ?? "").replace(/\s+/g, " ").trim();
  };
  return [...root.querySelectorAll<HTMLElement>("input, select, button, [tabindex]")]
    .filter((e) => e.tabIndex >= 0 && (e as HTMLInputElement).type !== "hidden")
    .map(
      (e) => `${e.tagName.toLowerCase()}${e.classList.contains("ft-rule-key") ? ".key" : ""} ${nameOf(e)}`,
    );
}

describe("scenario: in a form the rule references label nothing and cost one tab stop per fieldset (review 13b M1)", () => {
  it("SF-X-07 SF-X-11 SF-X-28: Alice's dialog controls are named by their own labels; Tab meets one Rules stop per fieldset, whose Enter opens the Rule Index at its first rule", async () => {
    table = await createTable({ world: yard(), online: [GM_ID, ALICE_ID] });
    const alice = table.client(ALICE_ID);
    const dialog = await dialogKit.aliceOpensAttack(alice, PISTOL);
    const el = (): HTMLElement => alice.run(() => dialog.element as HTMLElement);

    // The wrong-hand box's label holds SF-X-28: the reference is aria-hidden, so the name is the label's text alone.
    const wrong = ruleRef(el(), "SF-X-28");
    expect([wrong.getAttribute("aria-hidden"), wrong.tabIndex]).toEqual(["true", -1]);
    // From the first field to Roll: the controls by their own labels, and one "Rules" stop per fieldset (before
    // this fix each of the 14 rule IDs was a stop, and each label's name carried its reference's whole aria-label).
    const stops = tabStops(el()).filter((s) => !s.startsWith("button APPLICATION."));
    expect(stops).toEqual([
      // Issue 30: the dialog's one toggle of its rule IDs (review table-ux-2 #11).
      "button Rule IDs",
      "select Shots this turn",
      "input Power setting (SEU)",
      "select You moved",
      "select Your vehicle",
      "select Your vision aid",
      "input Careful aim",
      "input Telescopic sight",
      "input Firing two weapons",
      "input Wrong hand",
      "input Setting changed this turn",
      // Issue 30: the referee's "cannot miss" (SF-X-33) is drawn only in a GM's dialog.
      "span.key Rules: SF-X-07, SF-X-30, SF-X-36, SF-X-17, SF-X-19, SF-X-23, SF-X-20, SF-X-16, SF-X-29, SF-X-28. Opens the rule index at SF-X-07.",
      "select Add a modifier",
      "input ½ Dexterity",
      "input Short",
      "input Target stationary",
      "span.key Rules: SF-X-11, SF-X-14, SF-X-17. Opens the rule index at SF-X-11.",
      // Issue 33: the roll mode the card is posted in, named by its aria-label, beside the buttons.
      "select Roll mode",
      "button Cancel",
      "button Roll",
    ]);

    // Enter on the target fieldset's Rules stop opens the Rule Index at its first rule, ½ DEX.
    const key = alice.run(() => el().querySelectorAll<HTMLElement>(".ft-rule-key")[1]!);
    expect(key.dataset.tooltipText).toBe(
      `Rules: SF-X-11 · Ranged chance to hit starts at ½ Dexterity — ${EXPANDED}; SF-X-14 · Range modifiers as in the Basic Game — ${EXPANDED}; SF-X-17 · Movement modifiers for attacker and target — ${EXPANDED}`,
    );
    await activate(table, alice, key, "enter");
    expect(openJournals(alice).map((j) => j.at)).toEqual(["sf-x-11 SF-X-11"]);
    // A mouse still reaches each reference: a click on SF-X-28 in the label opens its rule and does not tick the box.
    await closeJournals(alice);
    await activate(table, alice, wrong, "click");
    expect(openJournals(alice).map((j) => j.at)).toEqual(["sf-x-28 SF-X-28"]);
    expect(dialogKit.field(alice, "decl.wrongHand").checked).toBe(false);
    expect(table.unhandled).toEqual([]);
  }, 30_000);
});
