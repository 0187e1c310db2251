/**
 * Scenario (issue 13, review table-ux R5 / #10 / #12): the GM manages sides from the combat tracker on their own
 * client — "Move to side…" in a combatant's context menu, "Each character its own side" and back to sides by
 * disposition, and the labelled surprise switch — and every client's tracker follows. Players have none of these
 * controls, and the server refuses a player's own write of a combatant's `group`.
 * Encounter: Eusyl (Alice, RS 50 → IM 5) and Kraal (Bruno, RS 40 → IM 4) friendly, a pirate (RS 30 → IM 3)
 * hostile, a beast (RS 70 → IM 7) neutral. "Hide NPC initiative" is off so every side's numbers are on the sides.
 */
import { describe, expect, it } from "vitest";
import {
  answerDialog,
  chooseContextOption,
  click,
  openDialogs,
  settle as settleApps,
} from "../foundry/apps.js";
import { createTable, type Table } from "../foundry/world.js";
import {
  ALICE_ID,
  ASSISTANT_ID,
  actorSource,
  BRUNO_ID,
  cell,
  closeTableAfterEach,
  currentTurn,
  everyone,
  G,
  GM_ID,
  id,
  onEveryClient,
  openEncounter,
  requestsSince,
  sceneSource,
  settingSource,
  text,
  tokenSource,
  turnOrder,
} from "./kit.js";
import { row, tracker } from "./kit-phases.js";

const SCENE = id("sceneSides");
const ACT = { eusyl: id("actEusyl"), kraal: id("actKraal"), pirate: id("actPirate"), beast: id("actBeast") };
const TOKENS = [
  tokenSource({ _id: id("tokEusyl"), name: "Eusyl", actorId: ACT.eusyl, actorLink: true, ...cell(1, 1) }),
  tokenSource({ _id: id("tokKraal"), name: "Kraal", actorId: ACT.kraal, actorLink: true, ...cell(2, 1) }),
  tokenSource({ _id: id("tokPirate"), name: "Pirate", actorId: ACT.pirate, actorLink: false, ...cell(8, 1) }),
  tokenSource({
    _id: id("tokBeast"),
    name: "Beast",
    actorId: ACT.beast,
    actorLink: false,
    disposition: 0,
    ...cell(8, 6),
  }),
];

let table: Table;
closeTableAfterEach(() => table);

/** Every side on a client's freshly rendered tracker: its name and the names of the rows under it. */
async function sidesShown(c: ReturnType<Table["client"]>): Promise<[string, string[]][]> {
  const el = await tracker(c);
  return [...el.querySelectorAll<HTMLElement>("li.ft-side")].map((li) => [
    text(li.querySelector(".ft-side-name")),
    [...li.querySelectorAll<HTMLElement>("li.combatant .name")].map((n) => text(n)),
  ]);
}

async function sidesEverywhere(): Promise<Record<string, [string, string[]][]>> {
  const out: Record<string, [string, string[]][]> = {};
  for (const c of table.all) out[c.user.name as string] = await sidesShown(c);
  return out;
}

const combatantId = (name: string): string =>
  G().game.combat.combatants.find((c: { name: string }) => c.name === name).id;
const groupOf = (name: string): string | null =>
  G().game.combat.combatants.find((c: { name: string }) => c.name === name)._source.group;
const sideId = (key: string): string =>
  G().game.combat.groups.find((g: { system: { key: string } }) => g.system.key === key).id;

describe("scenario: the GM manages sides from the tracker (issue 13)", () => {
  it("SF-X-05 SF-X-02: the GM moves Kraal to the neutral side from his row's menu (one write; every client shows him there, with that side's roll and place), marks a side surprised with the labelled switch, makes every character its own side and goes back to sides by disposition; players have none of these controls and the server refuses their writes of a group", async () => {
    table = await createTable({
      world: {
        settings: [settingSource(id("setHideNpc"), "hideNpcInitiative", false)],
        actors: [
          actorSource({ _id: ACT.eusyl, name: "Eusyl", owner: ALICE_ID, abilities: { rs: 50 } }),
          actorSource({ _id: ACT.kraal, name: "Kraal", owner: BRUNO_ID, abilities: { rs: 40 } }),
          actorSource({ _id: ACT.pirate, name: "Pirate", type: "creature", abilities: { rs: 30 } }),
          actorSource({ _id: ACT.beast, name: "Beast", type: "creature", abilities: { rs: 70 } }),
        ],
        scenes: [sceneSource({ _id: SCENE, name: "Outpost", tokens: TOKENS })],
      },
      online: "every",
    });
    const [gm, alice, bruno] = [table.client(GM_ID), table.client(ALICE_ID), table.client(BRUNO_ID)];
    await openEncounter(table, gm, SCENE, TOKENS);
    // Round 1, one d10 per side as the sides were made: friendly 10 + 5 = 15, hostile 6 + 3 = 9, neutral 1 + 7 = 8.
    table.dice(10, 6, 1);
    await gm.run(() => G().game.combat.startCombat());
    await table.settle();
    // SF-X-05: the lowest total moves first.
    for (const c of table.all) expect(turnOrder(c)).toEqual(["Beast", "Pirate", "Eusyl", "Kraal"]);
    await gm.run(() => G().game.combat.nextTurn());
    await table.settle();
    expect(currentTurn(gm)).toBe("Pirate");

    // The GM right-clicks Kraal's row: "Move to side…" offers the two other sides; the GM picks the neutral one.
    const gmTracker = await tracker(gm);
    const from = table.server.log.length;
    gm.run(() => chooseContextOption(row(gmTracker, "Kraal"), "FT.Side.moveTo"));
    await gm.run(() => settleApps());
    const offered = gm.run(() =>
      [...openDialogs().at(-1)!.element.querySelectorAll<HTMLLabelElement>("label.ft-move-side")].map((l) =>
        text(l),
      ),
    );
    expect(offered).toEqual(["Hostile side", "Neutral side"]);
    gm.run(() => {
      const dialog = openDialogs().at(-1)!;
      const radio = dialog.element.querySelector<HTMLInputElement>(`input[value="${sideId("neutral")}"]`)!;
      radio.checked = true;
      answerDialog("ok");
    });
    await table.settle();
    // One write: Kraal's group, by the GM.
    expect(requestsSince(table, from)).toEqual(["update Combatant by Gamemaster"]);
    const neutral = gm.run(() => sideId("neutral"));
    expect(onEveryClient(table, () => groupOf("Kraal"))).toEqual(everyone(table, neutral));
    // Every tracker shows him under the neutral side (first: a player character leads its side); he acts at its 8,
    // before the pirate; the pirate keeps the turn.
    expect(await sidesEverywhere()).toEqual(
      everyone(table, [
        ["Neutral side", ["Kraal", "Beast"]],
        ["Hostile side", ["Pirate"]],
        ["Friendly side", ["Eusyl"]],
      ]),
    );
    expect(
      onEveryClient(table, () => G().game.combat.combatants.get(combatantId("Kraal")).initiative),
    ).toEqual(everyone(table, 8));
    for (const c of table.all) {
      expect(turnOrder(c)).toEqual(["Kraal", "Beast", "Pirate", "Eusyl"]);
      expect(currentTurn(c)).toBe("Pirate");
    }

    // The surprise switch is a labelled button of its own on each side (GM only); the state is a labelled badge.
    const friendlyToggle = (el: HTMLElement) =>
      el.querySelector<HTMLElement>(`li.ft-side[data-group-id="${sideId("friendly")}"] .ft-surprise-toggle`);
    let el = await tracker(gm);
    expect(gm.run(() => text(friendlyToggle(el)))).toBe("Mark surprised");
    gm.run(() => click(friendlyToggle(el)!));
    await table.settle();
    el = await tracker(gm);
    expect(
      gm.run(() => [text(friendlyToggle(el)), friendlyToggle(el)!.getAttribute("aria-pressed")]),
    ).toEqual(["No longer surprised", "true"]);
    for (const c of table.all) {
      const t = await tracker(c);
      expect(
        c.run(() =>
          [...t.querySelectorAll(".ft-badge-surprised")].map((b) =>
            text(b.closest("li.ft-side")!.querySelector(".ft-side-name")),
          ),
        ),
      ).toEqual(["Friendly side"]);
      // SF-X-02: a surprised side loses the initiative in round 1: the friendly side now moves first.
      expect(turnOrder(c)).toEqual(["Eusyl", "Kraal", "Beast", "Pirate"]);
      expect(currentTurn(c)).toBe("Pirate");
    }

    // Players have none of these controls: no side buttons, no surprise switch, no "Move to side…".
    for (const player of [alice, bruno]) {
      const t = await tracker(player);
      expect(
        player.run(
          () =>
            t.querySelectorAll(
              '[data-action="individualSides"], [data-action="dispositionSides"], [data-action="toggleSurprised"]',
            ).length,
        ),
      ).toBe(0);
      expect(player.run(() => t.querySelectorAll(".ft-badge-surprised").length)).toBe(1);
      expect(() => player.run(() => chooseContextOption(row(t, "Eusyl"), "FT.Side.moveTo"))).toThrow(
        "Context menu entry FT.Side.moveTo is not offered",
      );
    }
    // …and a player's own write of a group is refused by the server: Alice moving Kraal (Bruno's) or her own Eusyl.
    const hostile = gm.run(() => sideId("hostile"));
    const before = table.server.log.length;
    for (const name of ["Kraal", "Eusyl"])
      await alice.run(async () => {
        try {
          await G().game.combat.combatants.get(combatantId(name)).update({ group: hostile });
        } catch {
          // The refusal is the point; what every client holds is checked below.
        }
      });
    await table.settle();
    expect(requestsSince(table, before)).toEqual([
      "update Combatant by Alice (refused)",
      "update Combatant by Alice (refused)",
    ]);
    expect(onEveryClient(table, () => [groupOf("Kraal"), groupOf("Eusyl")])).toEqual(
      everyone(table, [neutral, gm.run(() => sideId("friendly"))]),
    );

    // SF-X-05: the GM clicks "Each character its own side": every client shows one side per combatant, named after it.
    el = await tracker(gm);
    gm.run(() => click(el.querySelector('[data-action="individualSides"]')!));
    await table.settle();
    const own = await sidesEverywhere();
    expect(own).toEqual(
      everyone(table, [
        ["Eusyl", ["Eusyl"]],
        ["Kraal", ["Kraal"]],
        ["Pirate", ["Pirate"]],
        ["Beast", ["Beast"]],
      ]),
    );
    expect(onEveryClient(table, () => G().game.combat.groups.size)).toEqual(everyone(table, 4));
    // The beast leaves and comes back: a newcomer to a combat of individual sides gets a side of its own too.
    await gm.run(async () => {
      const combat = G().game.combat;
      await combat.deleteEmbeddedDocuments("Combatant", [
        combat.combatants.find((c: any) => c.name === "Beast").id,
      ]);
      await combat.createEmbeddedDocuments("Combatant", [
        { tokenId: TOKENS[3]!._id, sceneId: SCENE, actorId: ACT.beast },
      ]);
    });
    await table.settle();
    expect((await sidesEverywhere())[gm.user.name as string]).toContainEqual(["Beast", ["Beast"]]);
    expect(
      onEveryClient(table, () => G().game.combat.groups.filter((g: any) => g.name === "Beast").length),
    ).toEqual(everyone(table, 1));

    // And back, by the assistant GM (not the active GM): the same place now offers "Sides by disposition".
    const assistant = table.client(ASSISTANT_ID);
    el = await tracker(assistant);
    expect(assistant.run(() => text(el.querySelector('[data-action="dispositionSides"]')))).toBe(
      "Sides by disposition",
    );
    assistant.run(() => click(el.querySelector('[data-action="dispositionSides"]')!));
    await table.settle();
    expect(await sidesEverywhere()).toEqual(
      everyone(table, [
        ["Friendly side", ["Eusyl", "Kraal"]],
        ["Hostile side", ["Pirate"]],
        ["Neutral side", ["Beast"]],
      ]),
    );
    expect(alice.notifications.log).toEqual([]);
    expect(table.unhandled).toEqual([]);
  });
});
