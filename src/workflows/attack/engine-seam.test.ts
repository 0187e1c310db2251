/**
 * The attack workflow is engine-blind (issue 14): the same `runAttack` rolls whatever dice the engine asks for, in
 * the order its dice are shown, with no branch on the engine or the variant. Played here with the d20 engine
 * (not yet offered in a world's settings) and Alpha Dawn's stray d100, through fake ports that script the dice.
 */
import { readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it, vi } from "vitest";
import { attacker, target, weapon } from "../../../tests/fixtures/rules.js";
import type { AttackCardData } from "../../data/chat/attack-card.js";
import { createAlphaDawnEngine, createEngine, DEFAULT_DECLARATIONS } from "../../rules/index.js";
import { type AttackPorts, runAttack } from "./attack-flow.js";
import { type AttackRequest, prepareAttack } from "./attack-plan.js";

function ports(rolls: number[][]) {
  const formulas: string[] = [];
  const cards: AttackCardData[] = [];
  const p: AttackPorts = {
    confirm: vi.fn(async (prep) => prep.request),
    roll: vi.fn(async (formula: string) => {
      formulas.push(formula);
      const dice = rolls.shift();
      if (!dice) throw new Error(`unscripted ${formula}`);
      return { total: dice.reduce((a, b) => a + b, 0), dice, roll: { formula } };
    }),
    spendAmmo: vi.fn(async () => {}),
    createCard: vi.fn(async (card: AttackCardData) => {
      cards.push(card);
      return "msgSeam000000001";
    }),
  };
  return { p, formulas, cards };
}

/** A blaster pistol shot at 5 m: BAB +3, Dex +2 against Defense 10 + 4 + 2 = 16 (50 %). */
function blasterRequest(over: { threat?: number; missChance?: number } = {}): AttackRequest {
  return {
    engine: createEngine("d20"),
    variant: "expanded",
    attacker: attacker({ d20: { bab: 3, strMod: 1, dexMod: 2, size: "medium" } }),
    weapon: weapon({
      name: "Blaster pistol",
      damage: { formula: "3d6" },
      d20: { damage: "3d6", threat: over.threat ?? 20, rangeIncrement: 10 },
    }),
    ammo: { unit: "none", perShot: 0, perSeu: false, remaining: null, capacity: null, sourceId: "blaster" },
    targets: [
      {
        facts: target({
          id: "Scene.s.Token.trooper",
          name: "Trooper",
          distance: 5,
          d20: { classDefense: 4, dexMod: 2, size: "medium", missChance: over.missChance ?? 0 },
        }),
        coverReason: null,
        inTheWay: [],
      },
    ],
    declarations: DEFAULT_DECLARATIONS,
  };
}

const meta = { actorUuid: "Actor.hero", fast: true };

describe("one workflow, the dice each engine asks for (issue 14)", () => {
  it("SW-04 SW-18: d20 19 threatens (19–20), the 3d6 roll, then the confirmation 11 + 5 = 16 confirms: 15 damage, critical", async () => {
    const { p, formulas, cards } = ports([[19], [4, 5, 6], [11]]);
    const { card } = await runAttack(blasterRequest({ threat: 19 }), p, meta);
    expect(formulas).toEqual(["1d20", "3d6", "1d20"]);
    expect(card.d100).toEqual([19]);
    expect(card.targets[0]).toMatchObject({ chance: 50, column: null });
    expect(card.result.shots[0]!.outcome).toMatchObject({
      engine: "d20",
      roll: 19,
      hit: true,
      total: 24,
      target: 16,
      margin: 8,
      critical: "confirmed",
    });
    expect(card.result.damage).toEqual([{ targetId: "Scene.s.Token.trooper", damage: 15 }]);
    expect(cards).toHaveLength(1);
  });

  it("SW-32: a hit on a target in 20 % fog rolls the d% after the damage dice; 12 conceals it: a miss, no damage", async () => {
    const { p, formulas, cards } = ports([[15], [4, 5, 6], [12]]);
    await runAttack(blasterRequest({ missChance: 20 }), p, meta);
    expect(formulas).toEqual(["1d20", "3d6", "1d100"]);
    expect(cards[0]!.targets[0]!.chance).toBe(40);
    expect(cards[0]!.result.shots[0]!.outcome).toMatchObject({ hit: false, critical: "none" });
    expect(cards[0]!.result.damage[0]!.damage).toBe(0);
  });

  it("SW-04: a miss asks for nothing more than the d20 and the damage dice the workflow always rolls", async () => {
    const { p, formulas } = ports([[3], [1, 1, 1]]);
    await runAttack(blasterRequest({ missChance: 20 }), p, meta);
    expect(formulas).toEqual(["1d20", "3d6"]);
  });

  it("SF-X-35: Alpha Dawn through the same loop: d100 70 misses into a crowd, then the laser's 1d10, then the stray d100", async () => {
    const req: AttackRequest = {
      ...blasterRequest(),
      engine: createAlphaDawnEngine(),
      weapon: weapon(),
      attacker: attacker(),
      ammo: { unit: "none", perShot: 0, perSeu: false, remaining: null, capacity: null, sourceId: "laser" },
      targets: [
        {
          facts: target({ id: "Scene.s.Token.pirate", distance: 3, crowd: true }),
          coverReason: null,
          inTheWay: ["Scene.s.Token.worker"],
        },
      ],
      declarations: { ...DEFAULT_DECLARATIONS, powerSetting: 1 },
    };
    const { p, formulas, cards } = ports([[70], [7], [20]]);
    await runAttack(req, p, meta);
    expect(formulas).toEqual(["1d100", "1d10", "1d100"]);
    expect(cards[0]!.stray).toMatchObject({ rolls: [20], hits: 1, damage: 7 });
  });

  it("SW-08: the Defense terms are overridden apart from the attack's (both have a dex)", () => {
    const req = blasterRequest();
    const prep = prepareAttack({
      ...req,
      overrides: { "*": { dex: 0 } },
      targetOverrides: { "Scene.s.Token.trooper": { dex: 5 } },
    });
    const t = prep.targets[0]!;
    expect(t.modifiers.map((m) => [m.id, m.value])).toEqual([
      ["bab", 3],
      ["dex", 0],
    ]);
    expect(t.targetModifiers.map((m) => [m.id, m.value])).toEqual([
      ["base", 10],
      ["class", 4],
      ["dex", 5],
    ]);
    // +3 against 19: naturals 16–20 hit, 25 %.
    expect(t.check.chance).toBe(25);
  });
});

describe("the attack path names no engine and no variant (issue 14)", () => {
  /** The files an attack goes through from the facts to the applied hit. */
  const ATTACK_PATH = [
    "attack-plan.ts",
    "attack-flow.ts",
    "stray.ts",
    "../damage/apply-damage.ts",
    "../damage/apply-records.ts",
    "../damage/apply-pools.ts",
    "../damage/undo-damage.ts",
    "../card/card-data.ts",
  ];
  const BRANCH =
    /\b(engine|variant)\s*[!=]==|\.id\s*[!=]==\s*["'](alphaDawn|zebulon|d20)["']|["'](alphaDawn|zebulon|d20|basic|expanded)["']\s*[!=]==/;

  it("no branch on an engine id or an Alpha Dawn variant in the attack path's workflows", () => {
    const dir = dirname(fileURLToPath(import.meta.url));
    const found = ATTACK_PATH.flatMap((f) =>
      readFileSync(join(dir, f), "utf8")
        .split("\n")
        .flatMap((line, i) => (BRANCH.test(line) ? [`${f}:${i + 1}: ${line.trim()}`] : [])),
    );
    expect(found).toEqual([]);
    // The pattern does catch what stray.ts had before (issue 14 moved it behind the engine).
    expect(BRANCH.test(`if (!check?.crowd || check.engine === "zebulon") return [];`)).toBe(true);
    expect(BRANCH.test(`if (prep.burst || prep.request.variant === "basic") return [];`)).toBe(true);
  });
});

describe("a target whose numbers the user may not see (review 14 H2)", () => {
  it("SW-08 SW-32: its Defense overrides are ignored (class −20 would be an automatic hit), its concealment percentage still raises the miss chance", () => {
    const forged = {
      ...blasterRequest(),
      targetOverrides: { "Scene.s.Token.trooper": { class: -20, concealment: 20 } },
    };
    const open = prepareAttack(forged).targets[0]!;
    expect(open.check.kind === "d20" && open.check.target.value).toBe(-8);
    const secret = prepareAttack({ ...forged, secretTargets: ["Scene.s.Token.trooper"] }).targets[0]!;
    expect(secret.check.kind === "d20" && [secret.check.target.value, secret.check.missChance]).toEqual([
      16, 20,
    ]);
  });
});

describe("declarations the engine does not read (review 14b H1)", () => {
  it("SW-04 SF-X-24 SF-X-30: a d20 request carrying a burst, two shots and careful aim (a default, a macro, the Declare phase) is one plain d20 shot; the referee's cannot-miss is kept", () => {
    const req = {
      ...blasterRequest(),
      declarations: { ...DEFAULT_DECLARATIONS, burst: true, shots: 2, carefulAim: true, cannotMiss: true },
    };
    const prep = prepareAttack(req);
    expect(prep.request.declarations).toEqual({ ...DEFAULT_DECLARATIONS, cannotMiss: true });
    expect(prep.burst).toBeNull();
  });

  it("SF-X-24: an Alpha Dawn request keeps every declaration it was given", () => {
    const req = { ...blasterRequest(), engine: createAlphaDawnEngine() };
    const declarations = { ...DEFAULT_DECLARATIONS, carefulAim: true, wrongHand: true };
    expect(prepareAttack({ ...req, declarations }).request.declarations).toEqual(declarations);
  });
});
