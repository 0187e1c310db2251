/**
 * `npm run bench`: performance figures against the budgets in the architecture, one JSON line each:
 *   {"name": "cover.pair.500walls", "value": 0.042, "unit": "ms", "budget": 0.1}
 * Synthetic scenes keep the wall density constant (the area grows with the wall count), which is what a spatial
 * prefilter is for. Timings are medians of many runs; write counts come from the real workflows with fakes.
 */
import { performance } from "node:perf_hooks";
import { measureD20Cover } from "../src/rules/d20/cover.js";
import {
  burstStrip,
  createAlphaDawnEngine,
  createEngine,
  DEFAULT_DECLARATIONS,
  type Footprint,
  GridCaster,
  measureCover,
  type Wall,
} from "../src/rules/index.js";
import { countWrites } from "../src/workflows/apply-damage.js";
import { gmApplyDamage, runAttack } from "../src/workflows/attack-flow.js";
import { rollD20Initiative } from "../src/workflows/d20-initiative.js";
import { rollSides } from "../src/workflows/side-initiative.js";
import {
  type MoraleWrites,
  NO_FACTORS,
  recordIntimidation,
  settleSide,
} from "../src/workflows/side-morale.js";
import { sideView } from "../tests/fixtures/combat.js";
import {
  attacker as attackerFacts,
  target as targetFacts,
  weapon as weaponFacts,
} from "../tests/fixtures/rules.js";
import { packWeapon } from "../tests/pack-data.js";

function rng(seed: number) {
  let s = seed >>> 0;
  return () => {
    s = (s * 1664525 + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

function scene(n: number, seed = 1) {
  const r = rng(seed);
  const side = Math.sqrt(n) * 15;
  const walls: Wall[] = [];
  for (let i = 0; i < n; i++) {
    const x = r() * side;
    const y = r() * side;
    const a = r() * Math.PI * 2;
    const len = 2 + r() * 8;
    const hard = r() < 0.7;
    walls.push({
      id: `w${i}`,
      a: { x, y },
      b: { x: x + Math.cos(a) * len, y: y + Math.sin(a) * len },
      cover: hard ? "hard" : "soft",
      blocksSight: hard,
      blocksMove: hard,
    });
  }
  return { walls, side, r };
}

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)]!;
}

const out = (name: string, value: number, unit: string, budget: number | null) =>
  console.log(JSON.stringify({ name, value: Number(value.toFixed(4)), unit, budget }));

type Measure = (a: Footprint, b: Footprint, caster: GridCaster) => unknown;

function coverFigure(n: number, measure: Measure = measureCover): number {
  const { walls, side, r } = scene(n, 7);
  const caster = new GridCaster(walls, 10);
  const pairs = Array.from({ length: 4000 }, () => {
    const ax = side / 4 + (r() * side) / 2;
    const ay = side / 4 + (r() * side) / 2;
    const ang = r() * Math.PI * 2;
    return [
      { x: ax, y: ay, w: 1, h: 1 },
      { x: ax + Math.cos(ang) * 30, y: ay + Math.sin(ang) * 30, w: 1, h: 1 },
    ] as const;
  });
  // Each sample times 40 pairs (timer resolution), the figure is the median per pair over 100 samples.
  const times: number[] = [];
  for (let s = 0; s < 100; s++) {
    const t0 = performance.now();
    for (let i = 0; i < 40; i++) {
      const [a, b] = pairs[s * 40 + i]!;
      measure(a, b, caster);
    }
    times.push((performance.now() - t0) / 40);
  }
  return median(times);
}

// Warm up the JIT, then measure.
coverFigure(500);
const c500 = coverFigure(500);
const c5000 = coverFigure(5000);
out("cover.pair.500walls", c500, "ms", 0.1);
out("cover.pair.5000walls", c5000, "ms", Number((2 * c500).toFixed(4)));
// Ruling 3: the d20 engine's 16-point lattice from the attacker's best eye (up to 5 × 16 rays), same budget.
coverFigure(500, measureD20Cover);
const d500 = coverFigure(500, measureD20Cover);
const d5000 = coverFigure(5000, measureD20Cover);
out("cover.pair.d20.500walls", d500, "ms", 0.1);
out("cover.pair.d20.5000walls", d5000, "ms", Number((2 * d500).toFixed(4)));

{
  const { walls, side, r } = scene(500, 11);
  const caster = new GridCaster(walls, 10);
  const times: number[] = [];
  for (let i = 0; i < 500; i++) {
    const a = { x: side / 2, y: side / 2, w: 1, h: 1 };
    const targets = Array.from({ length: 5 }, (_, k) => ({
      x: side / 2 + 25,
      y: side / 2 - 4 + k * 2 + r() * 0.5,
      w: 1,
      h: 1,
    }));
    const t0 = performance.now();
    for (const t of targets) measureCover(a, t, caster);
    burstStrip(a, targets);
    times.push(performance.now() - t0);
  }
  out("burst.5targets.cover_and_strip", median(times), "ms", null);
}

// Document writes: a side-initiative roll with 3 sides and 40 combatants.
{
  const writes = { groups: 0, messages: 0 };
  const sides = ["A", "B", "C"].map((id) => sideView(id, {}, id));
  const members = Array.from({ length: 40 }, (_, i) => ({
    id: `m${i}`,
    name: `m${i}`,
    sideId: ["A", "B", "C"][i % 3]!,
    isPlayerCharacter: false,
    sort: i,
    rs: 40,
    initiativeModifier: 4,
    holstered: false,
    disposition: -1,
  }));
  await rollSides(
    { round: 1, sides, members },
    {
      rollD10: async () => ({ total: 5, roll: null }),
      updateSides: async () => void writes.groups++,
      postCards: async (cards) => {
        writes.messages += cards.length;
      },
    },
    { variant: "expanded", round: 1 },
  );
  out("initiative.roll.3sides40.groupUpdates", writes.groups, "writes", 1);
  out("initiative.roll.3sides40.chatMessages", writes.messages, "writes", 3);
}

// Document writes: applying a burst's damage to 5 targets on one scene.
{
  const t = (id: string) => ({
    facts: targetFacts({ id, name: id, distance: 12 }),
    coverReason: null,
    inTheWay: [],
  });
  const dice = [[20], [5, 5, 5, 5, 5, 5, 5, 5, 5]];
  const { card } = await runAttack(
    {
      engine: createAlphaDawnEngine(),
      variant: "expanded",
      attacker: attackerFacts({ skillLevel: 2 }),
      weapon: packWeapon("weapons", "automatic-pistol"),
      ammo: { unit: "rounds", perShot: 1, perSeu: false, remaining: 20, capacity: 20, sourceId: "p" },
      targets: ["t1", "t2", "t3", "t4", "t5"].map(t),
      declarations: { ...DEFAULT_DECLARATIONS, burst: true },
    },
    {
      confirm: async (p) => p.request,
      roll: async () => {
        const d = dice.shift()!;
        return { total: d.reduce((a, b) => a + b, 0), dice: d, roll: null };
      },
      spendAmmo: async () => {},
      createCard: async () => "m",
    },
    { actorUuid: "a", fast: true },
  );
  // The player's click is one request to the GM (a flag on the player's own User, gm-request.ts); the GM applies.
  const requests = 1;
  let writes = 0;
  await gmApplyDamage("m", [], {
    loadCard: async () => card,
    loadTargets: async (_messageId, ids) =>
      ids.map((id) => ({
        id,
        name: id,
        sceneId: "s",
        tokenId: id,
        actorId: id,
        linked: false,
        stamina: { value: 40, max: 40 },
        defenses: [],
      })),
    itemLevels: async () => ({}),
    write: async (b) => {
      writes += countWrites(b);
      return { failed: [] };
    },
    saveApplied: async () => {},
  });
  out("burst.apply.5targets.gmRequests", requests, "writes", 1);
  out("burst.apply.5targets.batchedUpdates", writes, "writes", 1);
}

// Document writes (issue 15, SW-22, SW-35): a d20 full attack of three — autofire at BAB +3, one attack at each of
// three targets — is one card; applying its three hits is one request to the GM and one batched update for the scene.
{
  const t = (id: string) => ({
    facts: targetFacts({ id, name: id, distance: 5, d20: { classDefense: 4, dexMod: 2, size: "medium" } }),
    coverReason: null,
    inTheWay: [],
  });
  let cardsMade = 0;
  const d20s = [19, 18, 17];
  const card = (
    await runAttack(
      {
        engine: createEngine("d20"),
        variant: "expanded",
        attacker: attackerFacts({ d20: { bab: 3, strMod: 1, dexMod: 2, size: "medium" } }),
        weapon: weaponFacts({
          name: "Blaster rifle",
          damage: { formula: "3d8" },
          d20: {
            damage: "3d8",
            threat: 20,
            rangeIncrement: 30,
            fire: { single: true, multi: false, auto: true },
            rifle: true,
            twoHanded: true,
          },
        }),
        ammo: { unit: "none", perShot: 0, perSeu: false, remaining: null, capacity: null, sourceId: "b" },
        targets: [t("h1"), t("h2"), t("h3")],
        declarations: DEFAULT_DECLARATIONS,
        plan: { fullAttack: true, mode: "autofire", targets: ["h1", "h2", "h3"] },
      },
      {
        confirm: async (p) => p.request,
        roll: async (formula: string) => {
          const d = formula === "1d20" ? [d20s.shift() ?? 1] : [4, 5, 6];
          return { total: d.reduce((a, b) => a + b, 0), dice: d, roll: null };
        },
        spendAmmo: async () => {},
        createCard: async () => {
          cardsMade++;
          return "m";
        },
      },
      { actorUuid: "a", fast: true },
    )
  ).card;
  if (card.shots !== 3) throw new Error(`the d20 full attack should make three attacks, not ${card.shots}`);
  out("d20.fullAttack3.cards", cardsMade, "writes", 1);
  const hits = card.result.shots.filter((s) => s.outcome.hit).length;
  if (hits !== 3) throw new Error(`the d20 bench card should have three hits, not ${hits}`);
  const requests = 1;
  let writes = 0;
  await gmApplyDamage("m", [], {
    loadCard: async () => card,
    loadTargets: async (_messageId, ids) =>
      ids.map((id) => ({
        id,
        name: id,
        sceneId: "s",
        tokenId: id,
        actorId: id,
        linked: false,
        stamina: { value: 0, max: 0 },
        defenses: [],
        health: {
          model: "vitalityWounds" as const,
          vitality: { value: 10, max: 10 },
          wounds: { value: 14, max: 14 },
          heroic: true,
          dr: 2,
          lostThisRound: 0,
        },
      })),
    itemLevels: async () => ({}),
    write: async (b) => {
      writes += countWrites(b);
      return { failed: [] };
    },
    saveApplied: async () => {},
  });
  out("d20.apply.3hits.gmRequests", requests, "writes", 1);
  out("d20.apply.3hits.batchedUpdates", writes, "writes", 1);
}

// Document writes (issue 15, SW-03): d20 initiative for 40 combatants — one batched Combatant update and one chat
// message, tie-break dice included (a d20 per combatant: many ties among 40).
{
  const writes = { combatants: 0, messages: 0 };
  let n = 0;
  await rollD20Initiative(
    Array.from({ length: 40 }, (_, i) => ({
      id: `c${i}`,
      name: `c${i}`,
      dexScore: 10 + (i % 5),
      secret: i % 2 === 0,
    })),
    [],
    {
      rollD20: async () => ({ value: (n++ % 20) + 1, roll: null }),
      updateCombatants: async () => void writes.combatants++,
      postRolls: async () => void writes.messages++,
    },
  );
  out("initiative.d20.roll40.combatantUpdates", writes.combatants, "writes", 1);
  out("initiative.d20.roll40.chatMessages", writes.messages, "writes", 1);
}

// Document writes (issue 16, SWN-09, SWN-12, SWN-13): a side's Morale changing — an Intimidate that succeeds and
// moves the pirates from Careful (6) to Tactical Retreat (5): one group update and one card; a casualty that moves
// its band: the same. The real workflow's functions with counting writes.
{
  const writes = { groups: 0, cards: 0 };
  const count: MoraleWrites = {
    updateSide: async () => void writes.groups++,
    postBand: async () => void writes.cards++,
  };
  const pirate = (i: number, hp: number) => ({
    id: `p${i}`,
    isPC: false,
    morale: 8,
    immune: false,
    hp,
    down: hp <= 0,
  });
  const members = [pirate(0, 0), pirate(1, 5), pirate(2, 5), pirate(3, 5), pirate(4, 5)];
  const pub = { band: "careful", intimidated: [], start: { members: 5, hp: 25 } };
  const gm = { ...NO_FACTORS, leaderId: "p0" };
  // 8 + 1 − 2 − 1 = 6 (Careful); intimidated (2d6 + 1 = 9 ≥ 6) → 5, Tactical Retreat: the card is the Intimidate's.
  const r = await recordIntimidation(members, gm, pub, 1, 9, {
    ...count,
    postIntimidation: async () => void writes.cards++,
  });
  if (!r.success || r.band !== "tacticalRetreat")
    throw new Error("the Morale bench should reach Tactical Retreat");
  out("morale.intimidate.groupUpdates", writes.groups, "writes", 1);
  out("morale.intimidate.cards", writes.cards, "writes", 1);
  writes.groups = 0;
  writes.cards = 0;
  // A second pirate falls: 8 + 1 − 2 − 2 = 5 → Tactical Retreat from Careful.
  await settleSide([pirate(0, 0), pirate(1, 0), ...members.slice(2)], gm, pub, true, count);
  out("morale.casualty.groupUpdates", writes.groups, "writes", 1);
  out("morale.casualty.cards", writes.cards, "writes", 1);
}

// Document writes (issue 16, SWN-17): a hit on a squad of five — one actor update (its units follow its HP).
{
  const card = {
    version: 3,
    engine: "d20",
    profile: "swn",
    result: { damage: [{ targetId: "q", damage: 9 }], shots: [] },
    targets: [{ id: "q" }],
    applied: [],
    kind: "laser",
    effect: null,
  };
  let writes = 0;
  await gmApplyDamage("m", ["q"], {
    loadCard: async () => card as never,
    loadTargets: async () => [
      {
        id: "q",
        name: "Marines",
        sceneId: "s",
        tokenId: "q",
        actorId: "q",
        linked: true,
        stamina: { value: 0, max: 0 },
        defenses: [],
        health: { model: "squad" as const, hp: 23, hd: 1, units: { value: 5, max: 5 } },
      },
    ],
    itemLevels: async () => ({}),
    write: async (b) => {
      writes += countWrites(b);
      return { failed: [] };
    },
    saveApplied: async () => {},
  });
  out("squad.apply.rifleHit.actorUpdates", writes, "writes", 1);
}
