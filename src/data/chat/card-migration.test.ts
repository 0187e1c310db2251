/**
 * Issue 28: the attack card's migration (once, from the `attack` model's `migrateData`) and its typed schema. The
 * migration reads every earlier version as the current card; the schema names every field a card carries, so
 * Foundry's cleaning (`SchemaField#_cleanType`, which deletes what a schema does not name) drops nothing, and a
 * current card cleans to itself (its GM seal, a digest of its data, holds).
 */
import { describe, expect, it } from "vitest";
import {
  BURST_CARD,
  BURST_CARD_V1,
  BURST_CARD_V2,
  D20_CONCEALED_CARD,
  D20_CRIT_CARD,
  D20_STRUCK_CARD,
  DOZE_CARD,
  GRENADE_BOUNCED_CARD,
  NO_POWER_CARD,
  PUNCH_CARD,
  SINGLE_HIT_CARD,
  SINGLE_MISS_CARD,
  STRAY_CARD,
  ZEBULON_CARD,
} from "../../../tests/fixtures/cards.js";
import { droppedPaths, validateData } from "../spec.js";
import type { AppliedMark } from "./attack-card.js";
import { ATTACK_CARD_SPEC, attackCardFields } from "./attack-card-schema.js";
import { migrateCard } from "./card-migration.js";
import { partKeys, registerCardPart } from "./parts/registry.js";

const T = (n: number) => `Scene.s.Token.t${n}`;
const SCENE = "sceneDeck3000000";
const TOKEN = (n: number) => `tokPirate${n}000000`;
/** The fixture with world ids (a mark is read from a target id only when it is a real token UUID). */
const real = <C>(card: C): C => {
  let json = JSON.stringify(card);
  for (const n of [1, 2, 3]) json = json.split(T(n)).join(`Scene.${SCENE}.Token.${TOKEN(n)}`);
  return JSON.parse(json.split('"sceneId":"s"').join(`"sceneId":"${SCENE}"`)) as C;
};

/** What an older card's full record of Pirate 2 reads as, in a world: a legacy mark from its token UUID. */
const LEGACY_T2: AppliedMark = {
  targetId: `Scene.${SCENE}.Token.${TOKEN(2)}`,
  sceneId: SCENE,
  tokenId: TOKEN(2),
  actorId: "",
  linked: false,
  unconscious: false,
  stunned: false,
  legacy: true,
};

describe("The attack card's migration (issue 28: once, in the model's migrateData)", () => {
  it("SF-X-24 a version 3 card migrates to itself (so a seal written over it holds)", () => {
    expect(migrateCard(structuredClone(BURST_CARD))).toEqual(BURST_CARD);
    expect(migrateCard(migrateCard(real(BURST_CARD_V1)))).toEqual(migrateCard(real(BURST_CARD_V1)));
  });

  it("SF-X-24 a version 2 card migrates to version 3: its full record is a legacy mark, the numbers left behind", () => {
    const read = migrateCard(real(BURST_CARD_V2));
    expect(read).toEqual({ ...real(BURST_CARD), migratedFrom: 2, applied: [LEGACY_T2] });
    expect(JSON.stringify(read)).not.toMatch(/taken|stamina|drains|steps/);
  });

  it("SF-X-24 a version 1 card, stored as written or as Foundry expanded it, migrates to version 3", () => {
    const asV3 = {
      ...real(BURST_CARD),
      migratedFrom: 1,
      sceneId: null,
      rangeUnit: "m",
      applied: [LEGACY_T2],
    };
    const v1 = real(BURST_CARD_V1);
    expect(migrateCard(structuredClone(v1))).toEqual(asV3);
    const expanded = {
      ...v1,
      result: {
        ...v1.result,
        damageByTarget: { Scene: { [SCENE]: { Token: { [TOKEN(1)]: 13, [TOKEN(2)]: 13, [TOKEN(3)]: 13 } } } },
      },
      applied: { Scene: { [SCENE]: { Token: { [TOKEN(2)]: real(BURST_CARD_V2).applied[0] } } } },
    };
    expect(migrateCard(expanded)).toEqual(asV3);
  });

  it("a partial change (core migrates an update's changes too) and what is not a card pass through as they are", () => {
    const partial = { applied: [] };
    expect(migrateCard(partial)).toBe(partial);
    expect(migrateCard(null)).toBeNull();
    expect(migrateCard({ result: {} })).toEqual({ result: {} });
  });
});

const FIXTURES = {
  BURST_CARD,
  DOZE_CARD,
  STRAY_CARD,
  PUNCH_CARD,
  NO_POWER_CARD,
  SINGLE_HIT_CARD,
  SINGLE_MISS_CARD,
  ZEBULON_CARD,
  GRENADE_BOUNCED_CARD,
  D20_CRIT_CARD,
  D20_STRUCK_CARD,
  D20_CONCEALED_CARD,
};

describe("The attack card's typed schema (issue 28)", () => {
  it.each(Object.entries(FIXTURES))(
    "%s: every field is named (nothing dropped) and it cleans to itself",
    (_, card) => {
      expect(droppedPaths(attackCardFields(), card)).toEqual([]);
      const { value, issues } = validateData(ATTACK_CARD_SPEC, { card });
      expect(issues).toEqual([]);
      expect(value.card).toEqual(card);
      // Absent stays absent: cleaning fills in no optional field (a key added would change the card's seal).
      expect(Object.keys(value.card as object).sort()).toEqual(Object.keys(card).sort());
    },
  );

  it("a card of the wrong shape is refused with its path: text for a number, a target list that is not a list", () => {
    const bad = {
      ...BURST_CARD,
      shots: "three",
      result: { ...BURST_CARD.result, damage: [{ targetId: T(1), damage: {} }] },
    };
    const { issues } = validateData(ATTACK_CARD_SPEC, { card: bad });
    expect(issues.map((i) => i.path)).toEqual(["card.shots", "card.result.damage[0].damage"]);
    expect(validateData(ATTACK_CARD_SPEC, { card: { ...BURST_CARD, targets: "all" } }).issues).toEqual([
      { path: "card.targets", message: "must be a list" },
    ]);
  });

  it("the blocks are parts: the grenade, stray, suppression and squad on the card, d20 on a target and a grenade", () => {
    expect(partKeys("card")).toEqual(["grenade", "stray", "suppression", "squad"]);
    expect(partKeys("target")).toEqual(["d20"]);
    expect(partKeys("grenade")).toEqual(["d20"]);
    expect(() =>
      registerCardPart({ place: "card", key: "stray", field: () => ({ kind: "object" }) }),
    ).toThrow(/already has a part "stray"/);
  });
});
