/**
 * Scenario (issue 13, review table-ux findings #11, #19, #20): the round's phase and Foundry's current turn agree.
 * The GM steps the phase on the real tracker and Foundry's turn goes to the first combatant of the side acting in
 * it, in the same update; Foundry's Next turn walks the phase's combatants and, past the last one of its side,
 * starts the next phase (SF-X-01 Expanded: declare, B moves, A moves, A resolves, B resolves; SF-B-03 Basic: each
 * side moves and attacks). A player's End turn writes the turn (a player may not write the combat's flags) and the
 * active GM moves the phase after it. Movement recorded this round stays for the round. The strip shows no letters
 * and no phases before any side has rolled; the letter hint names the first mover for three sides; the holstered
 * "−3" of a hidden NPC side is the GM's only.
 *
 * Encounter (kit-phases.ts): Eusyl (Alice's, IM 6) against two pirates Vask and Orr (the GM's, IM 3); d10s 9 and 2:
 * friendly 15 is side A, the pirates 5 are side B and move first. Turn order Vask, Orr, Eusyl.
 */
import { describe, expect, it } from "vitest";
import { click } from "../foundry/apps.js";
import type { Client, Table } from "../foundry/world.js";
import { createTable } from "../foundry/world.js";
import {
  ALICE_ID,
  ASSISTANT_ID,
  BRUNO_ID,
  closeTableAfterEach,
  everyone,
  G,
  GM_ID,
  onEveryClient,
  openEncounter,
  text,
} from "./kit.js";
import { beginEncounter, currentPhase, nextPhase, phasesWorld, SCENE, TOK, tracker } from "./kit-phases.js";

let table: Table;
closeTableAfterEach(() => table);

/** What each client's tracker shows: the current phase chip and the highlighted (acting) combatant. */
async function shown(): Promise<Record<string, [string, string]>> {
  const out: Record<string, [string, string]> = {};
  for (const c of table.all) {
    const el = await tracker(c);
    out[c.user.name as string] = [currentPhase(el), text(el.querySelector("li.combatant.active .name"))];
  }
  return out;
}

/** The user clicks a control of their tracker (the footer's turn controls, the phase arrows). */
async function clickTracker(c: Client, action: string): Promise<void> {
  const el = await tracker(c);
  const button = el.querySelector(`[data-action="${action}"]`);
  if (!button) throw new Error(`${c.userId} has no ${action} control`);
  c.run(() => click(button));
  await table.settle();
}

const phaseFlag = () => onEveryClient(table, () => G().game.combat.phaseIndex);
const history = (tokenId: string) =>
  onEveryClient(table, () => G().game.scenes.get(SCENE).tokens.get(tokenId).movementHistory.length > 0);

describe("scenario: the round's phase and Foundry's turn agree (Expanded)", () => {
  it("SF-X-01: the GM steps the phase and every client shows the same phase and the first combatant of the side acting in it; movement stays for the round", async () => {
    const { world, tokens } = phasesWorld();
    table = await createTable({ world });
    const gm = table.client(GM_ID);
    await beginEncounter(table, gm, tokens);
    expect(await shown()).toEqual(everyone(table, ["Declare BA", "Vask"]));

    await nextPhase(table, gm);
    expect(await shown()).toEqual(everyone(table, ["Moves B", "Vask"]));
    // Vask runs 4 m in his side's move.
    await gm.run(() => {
      const vask = G().game.scenes.get(SCENE).tokens.get(TOK.vask);
      return vask.update({ x: vask.x + 400 });
    });
    await table.settle();
    expect(history(TOK.vask)).toEqual(everyone(table, true));

    const writes = table.server.log.length;
    await nextPhase(table, gm);
    expect(await shown()).toEqual(everyone(table, ["Moves A", "Eusyl"]));
    // Phase and turn in ONE write.
    expect(
      table.server.log.slice(writes).filter((r) => r.action === "update" && r.type === "Combat"),
    ).toHaveLength(1);

    await nextPhase(table, gm);
    expect(await shown()).toEqual(everyone(table, ["Resolves A", "Eusyl"]));
    await nextPhase(table, gm);
    // Back to the pirates' first combatant for their resolve; Vask's run of this round is still recorded.
    expect(await shown()).toEqual(everyone(table, ["Resolves B", "Vask"]));
    expect(history(TOK.vask)).toEqual(everyone(table, true));

    await clickTracker(gm, "phasePrev");
    expect(await shown()).toEqual(everyone(table, ["Resolves A", "Eusyl"]));
    expect(table.unhandled).toEqual([]);
  });

  it("SF-X-01 SF-X-07: Next turn walks each phase's combatants; past the last of the acting side it starts the next phase, past the last phase the next round", async () => {
    const { world, tokens } = phasesWorld();
    table = await createTable({ world });
    const gm = table.client(GM_ID);
    await beginEncounter(table, gm, tokens);
    const walk: [string, string][] = [];
    for (let i = 0; i < 8; i++) {
      await clickTracker(gm, "nextTurn");
      const seen = await shown();
      const gmSees = seen.Gamemaster!;
      expect(seen).toEqual(everyone(table, gmSees));
      walk.push(gmSees);
    }
    expect(walk).toEqual([
      ["Declare BA", "Orr"],
      ["Declare BA", "Eusyl"],
      ["Moves B", "Vask"],
      ["Moves B", "Orr"],
      ["Moves A", "Eusyl"],
      ["Resolves A", "Eusyl"],
      ["Resolves B", "Vask"],
      ["Resolves B", "Orr"],
    ]);
    // Previous turn walks back: Vask's resolve, then into the phase before at its last combatant (Eusyl's), then
    // into her side's move.
    await clickTracker(gm, "previousTurn");
    await clickTracker(gm, "previousTurn");
    expect(await shown()).toEqual(everyone(table, ["Resolves A", "Eusyl"]));
    await clickTracker(gm, "previousTurn");
    expect(await shown()).toEqual(everyone(table, ["Moves A", "Eusyl"]));
    await clickTracker(gm, "nextTurn");
    await clickTracker(gm, "nextTurn");
    await clickTracker(gm, "nextTurn");
    // Orr's resolve ends round 1: both sides re-roll (SF-B-04), friendly 4 + 6 = 10, pirates 6 + 3 = 9.
    table.dice(4, 6);
    await clickTracker(gm, "nextTurn");
    expect(onEveryClient(table, () => G().game.combat.round)).toEqual(everyone(table, 2));
    expect(await shown()).toEqual(everyone(table, ["Declare BA", "Vask"]));
    expect(table.unhandled).toEqual([]);
  });

  it("SF-X-01: Alice ends Eusyl's turn from her tracker; she writes the turn and the GM moves the phase after it, on every client", async () => {
    const { world, tokens } = phasesWorld();
    table = await createTable({ world });
    const [gm, alice] = [table.client(GM_ID), table.client(ALICE_ID)];
    await beginEncounter(table, gm, tokens);
    await clickTracker(gm, "nextTurn");
    await clickTracker(gm, "nextTurn");
    expect(await shown()).toEqual(everyone(table, ["Declare BA", "Eusyl"]));

    // The last declaration of the round: End turn goes on to the pirates' move (not to round 2, as core's last
    // turn would).
    await clickTracker(alice, "nextTurn");
    expect(onEveryClient(table, () => G().game.combat.round)).toEqual(everyone(table, 1));
    expect(await shown()).toEqual(everyone(table, ["Moves B", "Vask"]));
    expect(phaseFlag()).toEqual(everyone(table, 1));

    // Eusyl resolves her attacks; Alice's End turn hands the round to the pirates' resolve.
    await nextPhase(table, gm, 2);
    expect(await shown()).toEqual(everyone(table, ["Resolves A", "Eusyl"]));
    await clickTracker(alice, "nextTurn");
    expect(await shown()).toEqual(everyone(table, ["Resolves B", "Vask"]));
    expect(table.unhandled).toEqual([]);
  });
});

describe("scenario: the round's phase and Foundry's turn agree (Basic game)", () => {
  it("SF-B-03: Next turn past the initiative side's last combatant starts the other side's move-and-attack phase", async () => {
    const { world, tokens } = phasesWorld({ settings: [["variant", "basic"]] });
    table = await createTable({ world });
    const gm = table.client(GM_ID);
    await beginEncounter(table, gm, tokens);
    expect(await shown()).toEqual(everyone(table, ["Moves & attacks A", "Eusyl"]));
    await clickTracker(gm, "nextTurn");
    expect(await shown()).toEqual(everyone(table, ["Moves & attacks B", "Vask"]));
    await clickTracker(gm, "phasePrev");
    expect(await shown()).toEqual(everyone(table, ["Moves & attacks A", "Eusyl"]));
    expect(table.unhandled).toEqual([]);
  });
});

describe("scenario: what the tracker's strip and side headers show", () => {
  it("SF-X-01 SF-X-05: before any side has rolled there are no letters and no phases; with three sides the letter hint names C as the first mover and the declare chip names the sides in order", async () => {
    const { world, tokens } = phasesWorld();
    table = await createTable({ world });
    const gm = table.client(GM_ID);
    await openEncounter(table, gm, SCENE, tokens);
    const bare = async (c: Client) => {
      const el = await tracker(c);
      return {
        headers: el.querySelectorAll(".ft-side-header").length,
        letters: el.querySelectorAll(".ft-side-letter").length,
        phases: el.querySelectorAll(".ft-phase").length,
      };
    };
    for (const c of table.all) expect(await bare(c)).toEqual({ headers: 2, letters: 0, phases: 0 });

    // Every character its own side (SF-X-05): Eusyl 9 + 6 = 15, Vask 2 + 3 = 5, Orr 5 + 3 = 8.
    await clickTracker(gm, "individualSides");
    table.dice(9, 2, 5);
    await gm.run(() => G().game.combat.startCombat());
    await table.settle();
    const el = await tracker(gm);
    const letters = [...el.querySelectorAll<HTMLElement>(".ft-side-letter")];
    expect(letters.map((l) => text(l))).toEqual(["C", "B", "A"]);
    expect(letters[0]!.dataset.tooltipText).toBe(
      "Side A has initiative; side C declares and moves first, side A resolves its attacks first (SF-X-01)",
    );
    const chips = [...el.querySelectorAll<HTMLElement>(".ft-phase")];
    expect(chips.map((c) => text(c))).toEqual([
      "Declare CBA",
      "Moves C",
      "Moves B",
      "Moves A",
      "Resolves A",
      "Resolves B",
      "Resolves C",
    ]);
    expect(chips[0]!.dataset.tooltipText).toBe(
      "Declare in this order: Vask (side C), then Orr (side B), then Eusyl (side A)",
    );
    // Three groups under short labels, one row of chips each.
    expect([...el.querySelectorAll(".ft-phase-kind")].map((k) => text(k))).toEqual([
      "Declare",
      "Move",
      "Resolve",
    ]);
    expect(table.unhandled).toEqual([]);
  });

  it("SF-X-06 SF-X-04: the holstered −3 of a hidden NPC side is on the GM's tracker and not on Bruno's", async () => {
    const { world, tokens } = phasesWorld();
    // Both pirates (one unlinked actor) have their rifles holstered (SF-X-06).
    const pirate = world.actors.find((a) => a.name === "Pirate");
    if (!pirate) throw new Error("No pirate actor");
    (pirate.system as Record<string, unknown>).holstered = true;
    table = await createTable({ world, online: "players" });
    const [gm, bruno] = [table.client(GM_ID), table.client(BRUNO_ID)];
    await beginEncounter(table, gm, tokens);
    const holstered = async (c: Client) =>
      [...(await tracker(c)).querySelectorAll(".ft-side")]
        .filter((s) => s.querySelector(".ft-badge-holstered"))
        .map((s) => text(s.querySelector(".ft-side-name")));
    expect(await holstered(gm)).toEqual(["Hostile side"]);
    expect(await holstered(bruno)).toEqual([]);
    // Nor any "−3" anywhere on Bruno's tracker.
    expect(text(await tracker(bruno)).includes("−3")).toBe(false);
    expect(table.unhandled).toEqual([]);
  });
});

/** The GM removes a combatant from the combat (the tracker's "Remove combatant"), by its token. */
async function removeCombatant(gm: Client, tokenId: string): Promise<void> {
  await gm.run(() => {
    const combat = G().game.combat;
    return combat.combatants.find((c: { tokenId: string }) => c.tokenId === tokenId).delete();
  });
  await table.settle();
}

describe("scenario: the phase stays with the side acting when sides change mid-round (review 13c H1)", () => {
  it("SF-X-05 SF-X-01: three individual sides, Orr moving for side B; the GM removes Vask (side C): every client still shows B's move with Orr acting, and Next turn goes on to A's move", async () => {
    const { world, tokens } = phasesWorld();
    table = await createTable({ world });
    const gm = table.client(GM_ID);
    await openEncounter(table, gm, SCENE, tokens);
    await clickTracker(gm, "individualSides");
    // Eusyl 9 + 6 = 15 (A), Vask 2 + 3 = 5 (C), Orr 5 + 3 = 8 (B).
    table.dice(9, 2, 5);
    await gm.run(() => G().game.combat.startCombat());
    await table.settle();
    await nextPhase(table, gm, 2);
    expect(await shown()).toEqual(everyone(table, ["Moves B", "Orr"]));

    await removeCombatant(gm, TOK.vask);
    // Side C went with its last member: the letters are now B and A, and B is still moving.
    expect(await shown()).toEqual(everyone(table, ["Moves B", "Orr"]));
    expect(table.server.world.combats[0]?.system?.phase).toBe(1);
    await clickTracker(gm, "nextTurn");
    expect(await shown()).toEqual(everyone(table, ["Moves A", "Eusyl"]));
    expect(table.unhandled).toEqual([]);
  });

  it("SF-X-01: the GM removes the acting combatant: the turn goes to the next of the round as it stood (Orr moving → Eusyl's move; Eusyl resolving → the pirates' resolve, from Vask)", async () => {
    const { world, tokens } = phasesWorld();
    table = await createTable({ world });
    const gm = table.client(GM_ID);
    await beginEncounter(table, gm, tokens);
    await nextPhase(table, gm, 1);
    await clickTracker(gm, "nextTurn");
    expect(await shown()).toEqual(everyone(table, ["Moves B", "Orr"]));
    await removeCombatant(gm, TOK.orr);
    expect(await shown()).toEqual(everyone(table, ["Moves A", "Eusyl"]));

    await nextPhase(table, gm, 1);
    expect(await shown()).toEqual(everyone(table, ["Resolves A", "Eusyl"]));
    // Eusyl leaves (and her side with her): the pirates resolve, from Vask (core hands the turn back to Orr, the
    // survivor before her). The pirates are the only side left, so they are now side A: phases Declare, Moves,
    // Resolves, the last one current.
    await removeCombatant(gm, TOK.eusyl);
    expect(await shown()).toEqual(everyone(table, ["Resolves A", "Vask"]));
    expect(phaseFlag()).toEqual(everyone(table, 2));
    expect(table.unhandled).toEqual([]);
  });
});

/**
 * Every client's record of the turn events it runs (the combat's `_onEndTurn`, `_onStartTurn`, `_onEndRound`,
 * `_onStartRound`) and of the `combatTurnChange` hook. Returns each user's list, read after the clicks.
 */
function recordTurnEvents(): Record<string, { events: string[]; hooks: number }> {
  const out: Record<string, { events: string[]; hooks: number }> = {};
  for (const c of table.all) {
    const seen = { events: [] as string[], hooks: 0 };
    out[c.user.name as string] = seen;
    c.run(() => {
      const combat = G().game.combat;
      for (const [method, label] of [
        ["_onEndTurn", "end"],
        ["_onStartTurn", "start"],
      ] as const) {
        const real = combat[method].bind(combat);
        combat[method] = (who: { name: string }, ctx: unknown) => {
          seen.events.push(`${label}:${who.name}`);
          return real(who, ctx);
        };
      }
      for (const [method, label] of [
        ["_onEndRound", "endRound"],
        ["_onStartRound", "startRound"],
      ] as const) {
        const real = combat[method].bind(combat);
        combat[method] = (ctx: { round: number }) => {
          seen.events.push(`${label}:${ctx.round}`);
          return real(ctx);
        };
      }
      G().Hooks.on("combatTurnChange", () => {
        seen.hooks++;
      });
    });
  }
  return out;
}

describe("scenario: the phase stays with the acting combatant when sides are added or moved (review 13c H1)", () => {
  /** Three individual sides, begun: Eusyl 9 + 6 = 15 (A), Vask 2 + 3 = 5 (C), Orr 5 + 3 = 8 (B). */
  async function individualEncounter(opts: { kell?: boolean } = {}) {
    const { world, tokens } = phasesWorld(opts);
    table = await createTable({ world });
    const gm = table.client(GM_ID);
    await openEncounter(
      table,
      gm,
      SCENE,
      tokens.filter((t) => t._id !== TOK.kell),
    );
    await clickTracker(gm, "individualSides");
    table.dice(9, 2, 5);
    await gm.run(() => G().game.combat.startCombat());
    await table.settle();
    return { gm, tokens };
  }

  it("SF-X-05 SF-X-01: a newcomer joins while Eusyl resolves for side A: its own side moves last and resolves first, and every client still shows A resolving with Eusyl", async () => {
    const { gm, tokens } = await individualEncounter({ kell: true });
    await nextPhase(table, gm, 4);
    expect(await shown()).toEqual(everyone(table, ["Resolves A", "Eusyl"]));
    const kell = tokens.find((t) => t._id === TOK.kell)!;
    await gm.run(() =>
      G().game.combat.createEmbeddedDocuments("Combatant", [
        { tokenId: kell._id, sceneId: SCENE, actorId: kell.actorId },
      ]),
    );
    await table.settle();
    expect(await shown()).toEqual(everyone(table, ["Resolves A", "Eusyl"]));
    expect(table.unhandled).toEqual([]);
  });

  it("SF-X-05 SF-X-01: the GM moves Orr, moving for side B, to Vask's side: B is gone, Orr moves with his new side (now B of two), on every client", async () => {
    const { gm } = await individualEncounter();
    await nextPhase(table, gm, 2);
    expect(await shown()).toEqual(everyone(table, ["Moves B", "Orr"]));
    await gm.run(() => {
      const combat = G().game.combat;
      const id = (tokenId: string) =>
        combat.combatants.find((c: { tokenId: string }) => c.tokenId === tokenId);
      return combat.moveToSide(id(TOK.orr).id, id(TOK.vask).group.id);
    });
    await table.settle();
    expect(await shown()).toEqual(everyone(table, ["Moves B", "Orr"]));
    expect(phaseFlag()).toEqual(everyone(table, 1));
    expect(table.unhandled).toEqual([]);
  });
});

describe("scenario: turn events follow the phase walk (review 13c M1)", () => {
  it("SF-X-01 SF-B-04: each Next turn ends one turn and starts one, on the active GM only, even where the walk goes back in Foundry's order or stays on it; the round end fires no skipped turns", async () => {
    const { world, tokens } = phasesWorld();
    table = await createTable({ world, online: "every" });
    const gm = table.client(GM_ID);
    await beginEncounter(table, gm, tokens);
    const seen = recordTurnEvents();
    for (let i = 0; i < 8; i++) await clickTracker(gm, "nextTurn");
    // Orr's resolve ends round 1: friendly 4 + 6 = 10, pirates 6 + 3 = 9.
    table.dice(4, 6);
    await clickTracker(gm, "nextTurn");
    expect(await shown()).toEqual(everyone(table, ["Declare BA", "Vask"]));
    expect(seen.Gamemaster!.events).toEqual([
      "end:Vask",
      "start:Orr",
      "end:Orr",
      "start:Eusyl",
      // Declare → Moves B: back to index 0 in Foundry's order.
      "end:Eusyl",
      "start:Vask",
      "end:Vask",
      "start:Orr",
      "end:Orr",
      "start:Eusyl",
      // Moves A → Resolves A: the same index, a new turn.
      "end:Eusyl",
      "start:Eusyl",
      "end:Eusyl",
      "start:Vask",
      "end:Vask",
      "start:Orr",
      "end:Orr",
      "endRound:1",
      "startRound:2",
      "start:Vask",
    ]);
    for (const name of ["Assistant", "Alice", "Bruno"]) expect(seen[name]!.events).toEqual([]);
    for (const c of table.all) expect(seen[c.user.name as string]!.hooks).toBe(9);
    expect(table.unhandled).toEqual([]);
  });

  it("SF-B-04: with phases not enforced the turn walks Foundry's order as core does, and core's own turn events run, the round end included", async () => {
    const { world, tokens } = phasesWorld({ settings: [["enforcePhases", false]] });
    table = await createTable({ world });
    const gm = table.client(GM_ID);
    await beginEncounter(table, gm, tokens);
    const seen = recordTurnEvents();
    await clickTracker(gm, "nextTurn");
    await clickTracker(gm, "nextTurn");
    table.dice(4, 6);
    await clickTracker(gm, "nextTurn");
    expect(onEveryClient(table, () => G().game.combat.round)).toEqual(everyone(table, 2));
    expect(seen.Gamemaster!.events).toEqual([
      "end:Vask",
      "start:Orr",
      "end:Orr",
      "start:Eusyl",
      "end:Eusyl",
      "endRound:1",
      "startRound:2",
      "start:Vask",
    ]);
    expect(table.unhandled).toEqual([]);
  });
});

describe("scenario: the phase catches up with turns ended while no GM was connected (review 13c L4)", () => {
  it("SF-X-01: Alice ends Eusyl's declaration with both GMs away; the turn goes to Vask and the phase stays; when the GM's page loads, every client shows the pirates' move", async () => {
    const { world, tokens } = phasesWorld();
    table = await createTable({ world, online: "every" });
    const [gm, alice] = [table.client(GM_ID), table.client(ALICE_ID)];
    await beginEncounter(table, gm, tokens);
    await clickTracker(gm, "nextTurn");
    await clickTracker(gm, "nextTurn");
    expect(await shown()).toEqual(everyone(table, ["Declare BA", "Eusyl"]));

    table.disconnect(GM_ID);
    table.disconnect(ASSISTANT_ID);
    await clickTracker(alice, "nextTurn");
    // No GM to move the phase: the turn is Vask's, the chip still the declaration.
    expect(await shown()).toEqual(everyone(table, ["Declare BA", "Vask"]));

    await table.connect(GM_ID);
    await table.settle();
    expect(await shown()).toEqual(everyone(table, ["Moves B", "Vask"]));
    expect(phaseFlag()).toEqual(everyone(table, 1));
    expect(table.unhandled).toEqual([]);
  });
});

describe("scenario: world time over a round walked by phase (review 13c L5)", () => {
  it("SF-B-04: with 6 s rounds and 2 s turns, no step within the round moves world time and the round's end adds 6 + 3 × 2 = 12 s, whichever turn ended it; going back a round takes the same 12 s back", async () => {
    const { world, tokens } = phasesWorld();
    table = await createTable({ world });
    const gm = table.client(GM_ID);
    await beginEncounter(table, gm, tokens);
    const deltas: string[] = gm.run(() => {
      G().CONFIG.time.turnTime = 2;
      const out: string[] = [];
      for (const hook of ["combatTurn", "combatRound"])
        G().Hooks.on(hook, (_c: unknown, _d: unknown, o: { worldTime?: { delta: number } }) => {
          out.push(`${hook}:${o.worldTime?.delta}`);
        });
      return out;
    });
    expect(gm.run(() => G().CONFIG.time.roundTime)).toBe(6);
    for (let i = 0; i < 8; i++) await clickTracker(gm, "nextTurn");
    // Orr's resolve (Foundry's turn 1 of 3) ends round 1: friendly 4 + 6 = 10, pirates 6 + 3 = 9.
    table.dice(4, 6);
    await clickTracker(gm, "nextTurn");
    expect(await shown()).toEqual(everyone(table, ["Declare BA", "Vask"]));
    await clickTracker(gm, "previousTurn");
    expect(deltas).toEqual([
      ...Array.from({ length: 8 }, () => "combatTurn:0"),
      "combatRound:12",
      "combatRound:-12",
    ]);
    expect(table.unhandled).toEqual([]);
  });
});
