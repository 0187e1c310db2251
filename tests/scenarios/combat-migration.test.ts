/**
 * Scenario (issue 29): a combat saved by an earlier version, its combatants' marks in their flags
 * (`flags.frontier-tactics.state`, `.running`, `.dodging`, `.turn`), plays on once those marks are the Combatant's
 * data model (`system`, data/combatant/marks.ts). Each client moves them as it loads the combat
 * (documents/combatant.ts `migrateData`: v13 `Document.migrateData` sees the whole source, flags included), and the
 * old flag keys are gone from what it holds, so nothing reads a stale copy; the active GM writes the move once
 * (documents/combat/persist-migration.ts), so the stored combat holds the models and no old key:
 * - Kara, delaying (SW-34), is still delaying on every client's tracker, and the GM's "Act now" lets her in after
 *   the Guard, at his count;
 * - the Thug, running (SW-24), has his Dex back when his turn starts (the GM's turn-start write of the migrated mark);
 * - the Thug's dodging round and Kara's ledger are read from `system`;
 * - the Combat's own state (by count, who acted, whose turns started; in a sides combat the phase and the held
 *   damage, SF-X-01, SF-B-05) and a side's Morale holder (SWN-12) are moved the same way, by the Combat's
 *   `migrateData`.
 * The referee holds for old keys too: Alice's console writing `flags.frontier-tactics.state` is migrated by her own
 * client into a write of the mark, which the GM puts back (T2-3E); a write of an old key that goes around her client
 * (a raw socket request, modelled by the harness server) is taken out by the active GM.
 *
 * Without the change (flags read by nothing, marks read from `system`): Kara is not delaying, the Thug not running,
 * and every check below on the migrated marks fails.
 */
import { describe, expect, it } from "vitest";
import { notedCombats } from "../../src/documents/combat/persist-migration.js";
import { click } from "../foundry/apps.js";
import { createTable, type Table } from "../foundry/world.js";
import { ALICE_ID, closeTableAfterEach, everyone, G, GM_ID, id, onEveryClient, text, told } from "./kit.js";
import { d20Hangar } from "./kit-d20.js";
import {
  currentPhase,
  SCENE as DECK,
  TOK as DECK_TOK,
  nextPhase,
  phasesWorld,
  row,
  tracker,
} from "./kit-phases.js";

const SCENE = id("sceneMigrate");
const KARA = id("actKaraMig");
const THUG = id("actThugMig");
const GUARD = id("actGuardMig");
const PISTOL = id("itmPistolMig");
const COMBAT = id("combatMig");
const TOK = { kara: id("tokKaraMig"), thug: id("tokThugMig"), guard: id("tokGuardMig") };
const CMB = { kara: id("cmbKaraMig"), thug: id("cmbThugMig"), guard: id("cmbGuardMig") };
const SYS = "frontier-tactics";

const init = (dexScore: number) => ({ modifier: 1, dexScore, tieBreak: null, shift: 0 });

/**
 * The combat as an earlier version stored it: round 2; Kara (count 20) delayed her turn, the Guard (18) is acting,
 * the Thug (9) ran in his turn of round 1 (no Dex until his next turn).
 */
const oldCombat = () => ({
  _id: COMBAT,
  scene: SCENE,
  active: true,
  round: 2,
  turn: 1,
  flags: {
    [SYS]: {
      initiative: "individual",
      acted: [CMB.kara, CMB.guard, CMB.thug],
      turnStarts: { round: 2, ids: [CMB.kara, CMB.guard] },
    },
  },
  combatants: [
    {
      _id: CMB.guard,
      tokenId: TOK.guard,
      sceneId: SCENE,
      actorId: GUARD,
      initiative: 18,
      flags: { [SYS]: { init: init(10) } },
    },
    {
      _id: CMB.kara,
      tokenId: TOK.kara,
      sceneId: SCENE,
      actorId: KARA,
      initiative: 20,
      flags: {
        [SYS]: {
          init: init(14),
          state: "delaying",
          turn: { round: 2, shots: 0, reloaded: false, fired: { [PISTOL]: 1 } },
        },
      },
    },
    {
      _id: CMB.thug,
      tokenId: TOK.thug,
      sceneId: SCENE,
      actorId: THUG,
      initiative: 9,
      flags: { [SYS]: { init: init(12), running: { active: true, round: 1, count: 1 }, dodging: 1 } },
    },
  ],
});

const world = () => ({
  ...d20Hangar({
    setting: id("setEngineMig"),
    scene: SCENE,
    kara: KARA,
    pistol: PISTOL,
    thug: THUG,
    guard: GUARD,
    tok: TOK,
  }),
  combats: [oldCombat()],
});

let table: Table;
closeTableAfterEach(() => table);

/** Each combatant's marks and what is left of its flags, as every client holds them. */
const held = () =>
  onEveryClient(table, () =>
    Object.fromEntries(
      G().game.combat.combatants.map((c: any) => [
        c.name,
        {
          state: c.system.state,
          dodging: c.system.dodging,
          running: c.system.running ?? null,
          shots: c.system.turn?.shots ?? null,
          flags: Object.keys(c.flags[SYS] ?? {}).sort(),
        },
      ]),
    ),
  );

const badges = async (c: ReturnType<Table["client"]>) =>
  [...(await tracker(c)).querySelectorAll(".ft-badge-hold")].map(
    (b) => `${text(b.closest(".combatant")?.querySelector(".name"))} ${text(b)}`,
  );

describe("scenario: a combat saved with the old combatant flags plays on (issue 29)", () => {
  it("SW-34 SW-24 SF-X-10: the marks are moved into each combatant's system on every client, the old keys gone; Kara is still delaying on every tracker and the GM's Act now lets her in; the Thug's Dex is back at his turn", async () => {
    table = await createTable({ world: world(), online: [GM_ID, ALICE_ID] });
    const gm = table.client(GM_ID);
    const alice = table.client(ALICE_ID);
    const running = { active: true, round: 1, count: 1 };
    // Once `ready` has run no page keeps the loaded sources' notes: the GM wrote them, Alice's page dropped them.
    expect(onEveryClient(table, notedCombats)).toEqual(everyone(table, 0));
    expect(held()).toEqual(
      everyone(table, {
        Guard: { state: "none", dodging: null, running: null, shots: null, flags: ["init"] },
        Kara: { state: "delaying", dodging: null, running: null, shots: 0, flags: ["init"] },
        Thug: { state: "none", dodging: 1, running, shots: null, flags: ["init"] },
      }),
    );
    // The Combat's GM state (its own flags before) is its system: by count (SW-03), who has acted (SW-01), whose
    // turns have started this round (C2-3.1); no old key is left.
    expect(
      onEveryClient(table, () => {
        const c = G().game.combat;
        return [c.system.initiative, c.system.acted, c.system.turnStarts, Object.keys(c.flags[SYS] ?? {})];
      }),
    ).toEqual(
      everyone(table, [
        "individual",
        [CMB.kara, CMB.guard, CMB.thug],
        { round: 2, ids: [CMB.kara, CMB.guard] },
        [],
      ]),
    );
    // The active GM wrote the move once: the stored combat holds the models and no old key.
    await table.settle();
    const stored = table.server.world.combats[0] as any;
    expect([stored.system.initiative, stored.system.acted, Object.keys(stored.flags[SYS] ?? {})]).toEqual([
      "individual",
      [CMB.kara, CMB.guard, CMB.thug],
      [],
    ]);
    expect(
      stored.combatants.map((c: any) => [
        c._id,
        c.system.state,
        c.system.dodging,
        Object.keys(c.flags[SYS] ?? {}),
      ]),
    ).toEqual([
      [CMB.guard, undefined, undefined, ["init"]], // no old mark: not written
      [CMB.kara, "delaying", null, ["init"]],
      [CMB.thug, "none", 1, ["init"]],
    ]);
    expect(stored.combatants[2].system.running).toEqual(running);
    expect(onEveryClient(table, () => G().game.combat.combatant?.name)).toEqual(everyone(table, "Guard"));
    expect(await badges(alice)).toEqual(["Kara Delaying SW-34"]);
    expect(await badges(gm)).toEqual(["Kara Delaying SW-34"]);

    // SW-34: the GM lets Kara in now, after the Guard; her turn, the delay over.
    const button = row(await tracker(gm), "Kara").querySelector('[data-action="actFromHold"]');
    expect(button).not.toBeNull();
    gm.run(() => click(button!));
    await table.settle();
    expect(onEveryClient(table, () => G().game.combat.combatant?.name)).toEqual(everyone(table, "Kara"));
    expect(onEveryClient(table, () => G().game.combat.combatants.get(CMB.kara).system.state)).toEqual(
      everyone(table, "none"),
    );
    expect(await badges(alice)).toEqual([]);

    // SW-24: the Thug's turn starts; the GM's turn-start write gives his Dex back (the rounds run are kept).
    await gm.run(() => G().game.combat.nextTurn());
    await table.settle();
    expect(onEveryClient(table, () => G().game.combat.combatant?.name)).toEqual(everyone(table, "Thug"));
    expect(onEveryClient(table, () => G().game.combat.combatants.get(CMB.thug).system.running)).toEqual(
      everyone(table, { active: false, round: 1, count: 1 }),
    );
    expect(table.unhandled).toEqual([]);
  });

  it("T2-3E: on the Guard's turn Alice's console writes Kara's OLD flag key (readied): her client makes it a write of the mark, which the GM puts back; a raw write of an old key is taken out of the stored combatant", async () => {
    table = await createTable({ world: world(), online: [GM_ID, ALICE_ID] });
    const alice = table.client(ALICE_ID);
    const kara = () => G().game.combat.combatants.get(CMB.kara);
    await alice.run(() => kara().setFlag(SYS, "state", "readied"));
    await table.settle();
    expect(onEveryClient(table, () => kara().system.state)).toEqual(everyone(table, "delaying"));
    expect(told(alice).filter((n) => n.includes("put it back"))).toHaveLength(1);
    // Her whole `system` written anew (not merged): her delay would be lost with it; put back too.
    await alice.run(() => kara().update({ system: { turn: null } }, { recursive: false, diff: false }));
    await table.settle();
    expect(onEveryClient(table, () => kara().system.state)).toEqual(everyone(table, "delaying"));
    expect(told(alice).filter((n) => n.includes("put it back"))).toHaveLength(2);

    // Around her client's migration: the old key itself reaches the server and every client.
    const stored = () =>
      (table.server.world.combats[0] as any).combatants.find((c: any) => c._id === CMB.kara).flags[SYS];
    await table.server.request({
      action: "update",
      type: "Combatant",
      parentUuid: `Combat.${COMBAT}`,
      updates: [{ _id: CMB.kara, flags: { [SYS]: { running: { active: true, round: 1, count: 1 } } } }],
      options: {},
      userId: ALICE_ID,
    });
    await table.settle();
    expect(Object.keys(stored()).sort()).toEqual(["init"]);
    expect(onEveryClient(table, () => Object.keys(kara().flags[SYS]).sort())).toEqual(
      everyone(table, ["init"]),
    );
    expect(onEveryClient(table, () => kara().system.running ?? null)).toEqual(everyone(table, null));
    expect(table.unhandled).toEqual([]);
  });

  it("SF-X-01 SF-B-05: a sides combat saved in its move phase, with damage held, keeps both: every tracker shows the pirates' move phase, the GM steps on from it, and the held requests are still held", async () => {
    const { world: deck, tokens } = phasesWorld();
    const FRIENDLY = id("grpFriendlyMig");
    const HOSTILE = id("grpHostileMig");
    const side = (_id: string, name: string, key: string, roll: number, modifier: number) => ({
      _id,
      type: "side",
      name,
      initiative: roll + modifier,
      system: { roll, modifier, key, rolledRound: 1, colour: key === "friendly" ? "#1f7a8c" : "#a33" },
    });
    const member = (tok: Record<string, unknown>, group: string) => ({
      _id: id(`cmb${String(tok.name)}Mig`),
      tokenId: tok._id,
      sceneId: DECK,
      actorId: tok.actorId,
      group,
    });
    const held = [
      { messageId: id("msgHeldA"), ids: [], byGM: false },
      { messageId: id("msgHeldB"), ids: [`Scene.${DECK}.Token.${DECK_TOK.eusyl}`], byGM: true },
    ];
    const combat = {
      _id: id("combatDeckMig"),
      scene: DECK,
      active: true,
      round: 1,
      turn: 0,
      groups: [
        side(FRIENDLY, "Friendly", "friendly", 9, 6),
        // SWN-12: which GM browser holds the pirates' Morale factors (a flag before issue 29).
        {
          ...side(HOSTILE, "Hostile", "hostile", 2, 3),
          flags: { [SYS]: { moraleFactors: { user: GM_ID, key: "k1" } } },
        },
      ],
      combatants: [member(tokens[0]!, FRIENDLY), member(tokens[1]!, HOSTILE), member(tokens[2]!, HOSTILE)],
      flags: { [SYS]: { initiative: "sides", phase: 1, phaseTurn: 0, heldDamage: held } },
    };
    table = await createTable({ world: { ...deck, combats: [combat] }, online: [GM_ID, ALICE_ID] });
    const gm = table.client(GM_ID);
    const alice = table.client(ALICE_ID);
    expect(currentPhase(await tracker(alice))).toBe("Moves B");
    expect(currentPhase(await tracker(gm))).toBe("Moves B");
    expect(
      onEveryClient(table, () => {
        const c = G().game.combat;
        return [c.phaseIndex, c.heldDamage, Object.keys(c.flags[SYS] ?? {})];
      }),
    ).toEqual(everyone(table, [1, held, []]));
    expect(
      onEveryClient(table, () => {
        const g = G().game.combat.groups.get(HOSTILE);
        return [g.system.moraleFactors, Object.keys(g.flags[SYS] ?? {})];
      }),
    ).toEqual(everyone(table, [{ user: GM_ID, key: "k1" }, []]));
    // Written once by the active GM: the stored combat and side hold the models, no old key.
    await table.settle();
    const stored = table.server.world.combats[0] as any;
    expect([stored.system.phase, stored.system.heldDamage, Object.keys(stored.flags[SYS] ?? {})]).toEqual([
      1,
      held,
      [],
    ]);
    const hostile = stored.groups.find((g: any) => g._id === HOSTILE);
    expect([hostile.system.moraleFactors, Object.keys(hostile.flags[SYS] ?? {})]).toEqual([
      { user: GM_ID, key: "k1" },
      [],
    ]);
    await nextPhase(table, gm);
    expect(currentPhase(await tracker(alice))).toBe("Moves A");
    expect(onEveryClient(table, () => G().game.combat.heldDamage.length)).toEqual(everyone(table, 2));
    expect(table.unhandled).toEqual([]);
  });
});
