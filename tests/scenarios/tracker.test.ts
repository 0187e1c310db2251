/**
 * Scenario: the combat tracker on every seat. The GM and two players each render the real FrontierCombatTracker
 * (v13 CombatTracker subclass) on their own client and click it: rows select and pan to a token the user may
 * control, the GM re-rolls a side from a row's context menu and resets initiative from the encounter menu, the
 * acting player ends their own turn, a hidden NPC side stays off the players' trackers, and movement recorded this
 * round is cleared only when a new round starts. Rules: SF-X-04, SF-X-05 (side totals and order), SF-B-04 (a new
 * round re-rolls), SF-X-09/SF-X-12 (movement this turn, read from the token's history).
 */
import { describe, expect, it } from "vitest";
import { chooseContextOption, click, settle as settleApps } from "../foundry/apps.js";
import { errors as hookErrors } from "../foundry/hooks.js";
import { type Client, createTable, DEFAULT_USERS, type Table } from "../foundry/world.js";
import { closeTableAfterEach } from "./kit.js";

/**
 * Each side's total as the GM knows it: the group's initiative, or for a side sealed from players ("hide NPC
 * initiative", R1-5d) the GM's own numbers (its blind card).
 */
const gmTotals = () =>
  (globalThis as any).game.combat.groups.contents.map((g: any) => {
    if (!g.system.sealed) return g.initiative;
    const s = (globalThis as any).game.combat.sideSecrets().get(g.id);
    return s ? s.roll + s.modifier : null;
  });

const [GM, , ALICE, BRUNO] = DEFAULT_USERS.map((u) => u.id) as [string, string, string, string];
const SCENE = "sceneTrack000001";
let table: Table;
closeTableAfterEach(() => table);

const G = () => globalThis as any;
const abilities = (rs: number) =>
  Object.fromEntries(
    ["str", "sta", "dex", "rs", "int", "log", "per", "ldr"].map((k) => [k, { value: k === "rs" ? rs : 45 }]),
  );
const actor = (id: string, name: string, type: string, rs: number, owner: string | null) => ({
  _id: id,
  name,
  type,
  system: { abilities: abilities(rs) },
  ownership: owner ? { default: 0, [owner]: 3 } : { default: 0 },
});
const token = (
  id: string,
  actorId: string,
  name: string,
  disposition: number,
  x: number,
  hidden = false,
) => ({
  _id: id,
  name,
  actorId,
  actorLink: true,
  disposition,
  hidden,
  x,
  y: 1200,
});
const WORLD = {
  actors: [
    actor("eusyl00000000001", "Eusyl", "character", 50, ALICE), // IM 5
    actor("kraal00000000002", "Kraal", "character", 40, BRUNO), // IM 4
    actor("pirate0000000003", "Pirate", "creature", 30, null), // IM 3
    actor("beast00000000004", "Beast", "creature", 70, null), // IM 7, hidden by the GM
  ],
  scenes: [
    {
      _id: SCENE,
      name: "Docks",
      active: true,
      tokens: [
        token("tokEusyl00000001", "eusyl00000000001", "Eusyl", 1, 1200),
        token("tokKraal00000002", "kraal00000000002", "Kraal", 1, 1300),
        token("tokPirate0000003", "pirate0000000003", "Pirate", -1, 2000),
        token("tokBeast00000004", "beast00000000004", "Beast", 0, 2500, true),
      ],
    },
  ],
};

async function render(c: Client): Promise<HTMLElement> {
  await c.run(() => G().ui.combat.render({ force: true }));
  await c.run(() => settleApps());
  return c.run(() => G().ui.combat.element as HTMLElement);
}
const row = (el: HTMLElement, name: string) =>
  [...el.querySelectorAll<HTMLElement>("li.combatant")].find(
    (li) => li.querySelector(".name")?.textContent === name,
  );
const sides = (el: HTMLElement) =>
  [...el.querySelectorAll(".ft-side .ft-side-name")].map((n) => n.textContent);
/** A user's click happens on their own client: DOM listeners run in the context of whoever dispatches. */
const totals = (el: HTMLElement) =>
  [...el.querySelectorAll(".ft-side .ft-total")].map((n) => n.textContent?.trim());

describe("scenario: the combat tracker on every seat (SF-X-04, SF-X-05, SF-B-04)", () => {
  it("rows, context menus, the acting player's End Turn, a hidden side, and movement kept for the round", async () => {
    table = await createTable({ world: WORLD, online: "every" });
    const [gm, alice, bruno] = [table.client(GM), table.client(ALICE), table.client(BRUNO)];
    const before = hookErrors.length;

    await gm.run(async () => {
      const combat = await G().Combat.create({ scene: SCENE, active: true });
      await combat.createEmbeddedDocuments(
        "Combatant",
        WORLD.scenes[0]!.tokens.map((t) => ({
          tokenId: t._id,
          sceneId: SCENE,
          actorId: t.actorId,
          hidden: t.hidden,
        })),
      );
    });
    await table.settle();
    // friendly 5 + 5 = 10, hostile 3 + 3 = 6, neutral 8 + 7 = 15: the lowest moves first (SF-X-05).
    table.dice(5, 3, 8);
    await gm.run(() => G().game.combat.startCombat());
    await table.settle();

    const gmEl = await render(gm);
    const aliceEl = await render(alice);
    expect(sides(gmEl)).toEqual(["Hostile side", "Friendly side", "Neutral side"]);
    expect(totals(gmEl)).toEqual(["6", "10", "15"]);
    // The beast's side has no member Alice can see: no header, no row, no numbers for her.
    expect(sides(aliceEl)).toEqual(["Hostile side", "Friendly side"]);
    expect(row(aliceEl, "Beast")).toBeUndefined();
    // NPC numbers are hidden from players (hideNpcInitiative, on by default).
    expect(totals(aliceEl)).toEqual(["?", "10"]);

    // Alice clicks her own row: her token is controlled and her view pans to it; a pirate's row does nothing.
    alice.run(() => click(row(aliceEl, "Eusyl")!));
    await alice.run(() => settleApps());
    expect(alice.run(() => G().canvas.tokens.controlled.map((t: any) => t.name))).toEqual(["Eusyl"]);
    expect(alice.run(() => G().canvas.pans.length)).toBe(1);
    alice.run(() => click(row(aliceEl, "Pirate")!));
    await alice.run(() => settleApps());
    expect(alice.run(() => G().canvas.tokens.controlled.map((t: any) => t.name))).toEqual(["Eusyl"]);
    expect(alice.run(() => G().canvas.pans.length)).toBe(1);

    // Round 1, the pirate acts; Alice walks Eusyl 3 m (three 1 m squares): recorded in the round's history.
    await alice.run(() => G().game.scenes.viewed.tokens.get("tokEusyl00000001").update({ x: 1500 }));
    const history = (c: Client) =>
      c.run(() =>
        G()
          .game.scenes.viewed.tokens.get("tokEusyl00000001")
          .movementHistory.map((w: any) => w.x),
      );
    expect(history(gm)).toEqual([1200, 1500]);

    // The GM ends the pirate's turn: Eusyl acts, and the movement made this round is still there.
    await gm.run(() => G().game.combat.nextTurn());
    await table.settle();
    for (const c of table.all) expect(c.run(() => G().game.combat.combatant.name)).toBe("Eusyl");
    expect(history(bruno)).toEqual([1200, 1500]);

    // The acting player has End Turn on her own tracker and uses it; Bruno is next.
    const aliceNow = await render(alice);
    const endTurn = aliceNow.querySelector<HTMLElement>('[data-action="nextTurn"]');
    expect(endTurn).not.toBeNull();
    alice.run(() => click(endTurn!));
    await alice.run(() => settleApps());
    await table.settle();
    for (const c of table.all) expect(c.run(() => G().game.combat.combatant.name)).toBe("Kraal");

    // The GM re-rolls the pirates' side from a row's context menu, mid-round: a new card, a new total.
    table.dice(9); // 9 + 3 = 12
    const gmNow = await render(gm);
    gm.run(() => chooseContextOption(row(gmNow, "Pirate")!, "COMBAT.CombatantReroll"));
    await gm.run(() => settleApps());
    await table.settle();
    expect(gm.run(() => gmTotals())).toEqual([10, 12, 15]);
    // Kraal keeps the turn though the order changed (friendly 10, hostile 12, neutral 15).
    for (const c of table.all) {
      expect(c.run(() => G().game.combat.turns.map((t: any) => t.name))).toEqual([
        "Eusyl",
        "Kraal",
        "Pirate",
        "Beast",
      ]);
      expect(c.run(() => G().game.combat.combatant.name)).toBe("Kraal");
    }

    // A new round: every side re-rolls (SF-B-04) and this round's movement is cleared on every client.
    table.dice(1, 1, 1); // friendly 6, hostile 4, neutral 8
    await gm.run(() => G().game.combat.nextRound());
    await table.settle();
    for (const c of table.all) {
      expect(c.run(() => G().game.combat.round)).toBe(2);
      expect(history(c)).toEqual([]);
    }

    // Reset initiative from the encounter menu: every side shows its Roll button again.
    const gmReset = await render(gm);
    const encounter = gmReset.closest("[data-application-part]")?.parentElement ?? gmReset;
    const menuTarget = encounter.querySelector<HTMLElement>(
      ".encounter-context-menu, [data-action='toggleContextMenu']",
    );
    expect(menuTarget).not.toBeNull();
    gm.run(() => chooseContextOption(menuTarget!, "COMBAT.InitiativeReset", { button: 0 }));
    await gm.run(() => settleApps());
    await table.settle();
    const afterReset = await render(gm);
    expect(afterReset.querySelectorAll('[data-action="rollSide"]')).toHaveLength(3);
    expect(gm.run(() => gmTotals())).toEqual([null, null, null]);

    // No data preparation failed on any client (core clones the combat for every combatant change).
    expect(hookErrors.slice(before).map((e) => String((e.error as Error)?.message ?? e.error))).toEqual([]);
    expect(table.unhandled).toEqual([]);
  }, 30_000);
});
