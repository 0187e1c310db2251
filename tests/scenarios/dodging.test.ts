/**
 * Scenario: "Dodging this round" (SF-X-10) against the phases of the round (SF-X-01, SF-X-31), played from the
 * tracker's combatant menu on each user's own client.
 * - Alice may mark Eusyl dodging only in the declare phase or her own side's move phase: in the pirates' move phase
 *   the menu refuses her with the rule ID and nothing is written; in her side's move phase it is written.
 * - A pirate marked dodging that moved 3 m is a dodging target: an opportunity shot needs 5 m, as at a runner
 *   (SF-X-31), not the 2 m of a walker.
 * Encounter of kit-phases.ts: Eusyl's side is A, the pirates B (B declares and moves first).
 */

import { describe, expect, it } from "vitest";
import { chooseContextOption, settle as settleApps } from "../foundry/apps.js";
import { createTable, type Table } from "../foundry/world.js";
import {
  ALICE_ID,
  attackFromSheet,
  closeTableAfterEach,
  everyone,
  G,
  GM_ID,
  onEveryClient,
  requestsSince,
  told,
} from "./kit.js";
import {
  beginEncounter,
  currentPhase,
  declare,
  EUSYL,
  nextPhase,
  phasesWorld,
  RIFLE,
  row,
  SCENE,
  TOK,
  tracker,
} from "./kit-phases.js";

let table: Table;
closeTableAfterEach(() => table);

const dodgeFlag = (tokenId: string) =>
  onEveryClient(
    table,
    () => G().game.combat.combatants.find((c: any) => c.tokenId === tokenId).system.dodging,
  );

async function mark(c: ReturnType<Table["client"]>, name: string, entry: string) {
  const el = await tracker(c);
  c.run(() => chooseContextOption(row(el, name), entry));
  await c.run(() => settleApps());
  await table.settle();
}

describe("scenario: dodging this round and the phases", () => {
  it("SF-X-10 SF-X-01: Alice cannot mark Eusyl dodging in the pirates' move phase (refused, nothing written); in her side's move phase she can", async () => {
    const { world, tokens } = phasesWorld();
    table = await createTable({ world });
    const [gm, alice] = [table.client(GM_ID), table.client(ALICE_ID)];
    await beginEncounter(table, gm, tokens);
    await nextPhase(table, gm);
    expect(currentPhase(await tracker(alice))).toBe("Moves B");

    const from = table.server.log.length;
    await mark(alice, "Eusyl", "FT.Dodge.mark");
    expect(told(alice)).toEqual([
      "warn: SF-X-10: Eusyl may mark or clear dodging only in the declare phase or their side's move phase, not in Moves.",
    ]);
    expect(requestsSince(table, from)).toEqual([]);
    expect(dodgeFlag(TOK.eusyl)).toEqual(everyone(table, null));

    await nextPhase(table, gm);
    expect(currentPhase(await tracker(alice))).toBe("Moves A");
    alice.notifications.log.length = 0;
    await mark(alice, "Eusyl", "FT.Dodge.mark");
    expect(told(alice)).toEqual([]);
    expect(dodgeFlag(TOK.eusyl)).toEqual(everyone(table, 1));

    // In her side's resolve phase, the mark stays: she cannot clear it just before being shot at, or after.
    await nextPhase(table, gm, 2);
    await mark(alice, "Eusyl", "FT.Dodge.clear");
    expect(told(alice)).toEqual([
      "warn: SF-X-10: Eusyl may mark or clear dodging only in the declare phase or their side's move phase, not in Resolves.",
    ]);
    expect(dodgeFlag(TOK.eusyl)).toEqual(everyone(table, 1));
    expect(table.unhandled).toEqual([]);
  }, 30_000);

  it("T2-2B SF-X-10 SF-X-01: in the pirates' move phase Alice's console writes Eusyl's dodging mark itself (the server lets an owner write a Combatant's system): the active GM puts it back and Alice is told; in her side's move phase the same write stands", async () => {
    const { world, tokens } = phasesWorld();
    table = await createTable({ world });
    const [gm, alice] = [table.client(GM_ID), table.client(ALICE_ID)];
    await beginEncounter(table, gm, tokens);
    await nextPhase(table, gm);
    expect(currentPhase(await tracker(alice))).toBe("Moves B");
    const write = async () => {
      await alice.run(() =>
        G()
          .game.combat.combatants.find((c: any) => c.name === "Eusyl")
          .update({ "system.dodging": G().game.combat.round }),
      );
      await table.settle();
    };
    await write();
    expect(dodgeFlag(TOK.eusyl)).toEqual(everyone(table, null));
    expect(told(alice)).toEqual([
      "warn: The rules do not let that mark be set or cleared now (dodging SF-X-10, delay and ready SW-34, running SW-24, overwatch SWN-08): the GM's client put it back.",
    ]);
    await nextPhase(table, gm);
    expect(currentPhase(await tracker(alice))).toBe("Moves A");
    await write();
    expect(dodgeFlag(TOK.eusyl)).toEqual(everyone(table, 1));
    expect(table.unhandled).toEqual([]);
  }, 30_000);

  it("SF-X-10 SF-X-31: Orr, marked dodging, moves 3 m while the pirates move: an opportunity shot at a dodging target needs 5 m, so Alice's is refused", async () => {
    const { world, tokens } = phasesWorld();
    table = await createTable({ world });
    const [gm, alice] = [table.client(GM_ID), table.client(ALICE_ID)];
    await beginEncounter(table, gm, tokens);
    await declare(table, alice, "Eusyl", { shots: 3 });
    await nextPhase(table, gm);
    expect(currentPhase(await tracker(gm))).toBe("Moves B");
    await mark(gm, "Orr", "FT.Dodge.mark");
    expect(dodgeFlag(TOK.orr)).toEqual(everyone(table, 1));
    await gm.run(async () => {
      const doc = G().game.scenes.get(SCENE).tokens.get(TOK.orr);
      await doc.update({ y: doc.y + 300 });
    });
    await table.settle();

    const from = table.server.log.length;
    alice.target(TOK.orr);
    await attackFromSheet(alice, EUSYL, RIFLE, { fast: true });
    await table.settle();
    expect(told(alice)).toEqual([
      "warn: SF-X-31: Orr has moved 3 m this turn; an opportunity shot needs a running or dodging target that moved at least 5 m, or a walking one at least 2 m.",
    ]);
    expect(requestsSince(table, from)).toEqual([]);
    expect(table.unhandled).toEqual([]);
  }, 30_000);
});
