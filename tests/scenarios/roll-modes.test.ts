/**
 * Scenario: Alice rolls an ability check from her sheet (SF-B-24: d100 at or under the score) in each of core's
 * roll modes, and each seat receives what v13's ChatMessage rules give it (client/documents/chat-message.mjs
 * `applyRollMode`, `visible`, `isContentVisible`): the message reaches every client (document data is not
 * filtered), but who may read the roll differs.
 */
import { afterEach, describe, expect, it } from "vitest";
import { click, settle as settleApps } from "../foundry/apps.js";
import { createTable, DEFAULT_USERS, type Table } from "../foundry/world.js";

const [GM, , ALICE, BRUNO] = DEFAULT_USERS.map((u) => u.id) as [string, string, string, string];
const EUSYL = "eusyl00000000001";
const G = () => globalThis as any;
let table: Table;
afterEach(() => table?.close());

const seats = () => [table.client(GM), table.client(ALICE), table.client(BRUNO)];
const lastMessage = (c: ReturnType<Table["client"]>) =>
  c.run(() => {
    const m = G().game.messages.contents.at(-1);
    return { visible: m.visible, content: m.isContentVisible, whisper: m.whisper.length, blind: m.blind };
  });

describe("scenario: roll modes (SF-B-24 ability check from the sheet)", () => {
  it("public, private (GM), blind and self rolls reach each seat as core decides", async () => {
    table = await createTable({
      online: [GM, ALICE, BRUNO],
      world: {
        actors: [
          {
            _id: EUSYL,
            name: "Eusyl",
            type: "character",
            system: { abilities: { dex: { value: 40 } } },
            ownership: { default: 0, [ALICE]: 3 },
          },
        ],
      },
    });
    const alice = table.client(ALICE);
    await alice.run(() => G().game.actors.get(EUSYL).sheet.render({ force: true }));
    await alice.run(() => settleApps());
    const expected: Record<string, [boolean, boolean][]> = {
      // [visible, content visible] for the GM, Alice, Bruno
      publicroll: [
        [true, true],
        [true, true],
        [true, true],
      ],
      gmroll: [
        [true, true],
        [true, true],
        [true, false],
      ],
      blindroll: [
        [true, true],
        [true, false],
        [true, false],
      ],
      selfroll: [
        [true, false],
        [true, true],
        [true, false],
      ],
    };
    const faces = { publicroll: 12, gmroll: 55, blindroll: 40, selfroll: 41 };
    for (const [mode, seen] of Object.entries(expected)) {
      await alice.run(() => G().game.settings.set("core", "rollMode", mode));
      table.dice(faces[mode as keyof typeof faces]);
      const dex = alice.run(() =>
        document.querySelector<HTMLElement>('[data-action="abilityCheck"][data-ability="dex"]'),
      );
      expect(dex).not.toBeNull();
      alice.run(() => click(dex!));
      await alice.run(() => settleApps());
      await table.settle();
      expect(
        seats()
          .map((c) => lastMessage(c))
          .map((m) => [m.visible, m.content]),
      ).toEqual(seen);
      // The roll itself is in the data every client received, whatever the mode (document data is not filtered).
      for (const c of seats())
        expect(c.run(() => JSON.parse(G().game.messages.contents.at(-1)._source.rolls[0]).total)).toBe(
          faces[mode as keyof typeof faces],
        );
    }
    expect(table.unhandled).toEqual([]);
  });
});
