/**
 * Scenario (SWN-17, review foundry-v13-ui-canvas-2 §2.1): a squad's token shows its hit-point pool as a bar. v13 finds
 * bar attributes in the type's schema (`TokenDocument.getTrackedAttributes`: an object is a bar when its schema has
 * `value` and `max`), and a new actor's prototype token takes bar1 from the system's `primaryTokenAttribute`
 * ("stamina", which a squad does not have). So the squad's `hp` has `max` in its schema (filled in
 * `prepareDerivedData`) and a new squad's prototype token shows `hp` in bar1.
 *
 * Numbers (SWN-17): 3 units of HD 2 hold 27 HP (4.5 × 2 × 3).
 */
import { describe, expect, it } from "vitest";
import { createTable, type Table } from "../foundry/world.js";
import { closeTableAfterEach, everyone, G, GM_ID, onEveryClient } from "./kit.js";

let table: Table;
closeTableAfterEach(() => table);

describe("scenario: a squad's token bar is its hit-point pool (SWN-17)", () => {
  it("SWN-17: the GM makes a squad of 3 units of HD 2; every client offers hp as a bar, and its prototype token's bar1 shows hp 27 / 27", async () => {
    table = await createTable({ world: {} });
    const gm = table.client(GM_ID);
    const actorId: string = await gm.run(
      async () =>
        (
          await G().Actor.create({
            name: "Marines",
            type: "squad",
            system: { units: { max: 3 }, swn: { hd: 2 } },
          })
        ).id,
    );
    await table.settle();
    const bars = onEveryClient(table, () =>
      G()
        .CONFIG.Token.documentClass.getTrackedAttributes("squad")
        .bar.map((p: string[]) => p.join(".")),
    );
    for (const list of Object.values(bars)) expect(list).toContain("hp");
    expect(
      onEveryClient(table, () => {
        const actor = G().game.actors.get(actorId);
        const proto = actor.prototypeToken;
        return G().CONFIG.Token.documentClass.prototype.getBarAttribute.call(
          { bar1: proto.bar1, actor },
          "bar1",
        );
      }),
    ).toEqual(everyone(table, { type: "bar", attribute: "hp", value: 27, max: 27, editable: true }));
    expect(table.unhandled).toEqual([]);
  });

  it("SWN-17: a squad made with its own bar1 keeps it", async () => {
    table = await createTable({ world: {} });
    const gm = table.client(GM_ID);
    const actorId: string = await gm.run(
      async () =>
        (
          await G().Actor.create({
            name: "Marines",
            type: "squad",
            prototypeToken: { bar1: { attribute: "units" } },
          })
        ).id,
    );
    await table.settle();
    expect(onEveryClient(table, () => G().game.actors.get(actorId).prototypeToken.bar1?.attribute)).toEqual(
      everyone(table, "units"),
    );
  });
});
