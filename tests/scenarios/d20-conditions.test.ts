/**
 * Scenario (issue 31, SW-29 "Favorable and Unfavorable Conditions"): the conditions table's rows a token carries are
 * status effects the GM toggles on the token (v13 `Actor#toggleStatusEffect`), and the d20 attack reads them from
 * the attacker's and the defender's statuses — each a term on the card with the seed's number: "Defender Sitting or
 * Kneeling +2" (melee), "Defender Climbing +2b", "Defender Pinned +4b / −4b", "Attacker Concealed +2b" (b: the
 * defender loses its Dex bonus to Defense). "Attacker on Higher Ground +1" is read from the tokens' elevations.
 *
 * Numbers: Kara (BAB +6, Str 14: +8 with her lightsaber) beside the Thug (class +3, Dex 14: Defense 15; 13 without
 * his Dex).
 */
import { describe, expect, it } from "vitest";
import { createTable, type Table } from "../foundry/world.js";
import {
  ALICE_ID,
  actorSource,
  attack,
  cell,
  closeTableAfterEach,
  everyone,
  foeToken,
  G,
  GM_ID,
  id,
  itemFromPack,
  onEveryClient,
  renderMessage,
  sceneSource,
  settingSource,
  targetBlock,
  text,
  tokenSource,
  told,
} from "./kit.js";
import { d20Foe, HEROIC_POOLS } from "./kit-d20.js";

const SCENE = id("sceneD20Cond");
const KARA = id("actKaraCond");
const THUG = id("actThugCond");
const SABER = id("itmSaberCond");
const TOK = { kara: id("tokKaraCond"), thug: id("tokThugCond") };

let table: Table;
closeTableAfterEach(() => table);

const world = (karaElevation = 0) => ({
  settings: [settingSource(id("setEngineCond"), "engine", "d20")],
  actors: [
    actorSource({
      _id: KARA,
      name: "Kara",
      owner: ALICE_ID,
      items: [itemFromPack("d20", "lightsaber", SABER, { d20: { damage: "2d8" } })],
      system: { d20: { bab: 6, abilities: { str: 14, dex: 14 }, vitality: { value: 12, max: 12 } } },
    }),
    d20Foe(THUG, "Thug", HEROIC_POOLS),
  ],
  scenes: [
    sceneSource({
      _id: SCENE,
      name: "Ledge",
      tokens: [
        tokenSource({
          _id: TOK.kara,
          name: "Kara",
          actorId: KARA,
          actorLink: true,
          elevation: karaElevation,
          ...cell(0, 5),
        }),
        foeToken(TOK.thug, "Thug", THUG, cell(1, 5)),
      ],
    }),
  ],
});

/** The GM marks an actor's statuses as the token HUD does. */
async function gmMarks(actorId: string, ...statuses: string[]): Promise<void> {
  await table.client(GM_ID).run(async () => {
    for (const s of statuses) await G().game.actors.get(actorId).toggleStatusEffect(s, { active: true });
  });
}

/** Kara swings at the Thug; every client's roll line and the terms' text on the card. */
async function swing(...dice: number[]) {
  const alice = table.client(ALICE_ID);
  table.dice(...dice);
  const msg = await attack(table, alice, KARA, SABER, [TOK.thug]);
  expect(told(alice)).toEqual([]);
  const lines = onEveryClient(table, () => null as unknown as string[]);
  let terms = "";
  for (const c of table.all) {
    const row = targetBlock(renderMessage(c, msg!), "Thug");
    lines[c.user.name as string] = [...row.querySelectorAll(".ft-roll-line")].map((e) => text(e));
    if (c.user.id === GM_ID) terms = text(row);
  }
  return { lines, terms };
}

describe("scenario: d20 conditions from statuses (issue 31)", () => {
  it("SW-29: the Thug kneeling gives Kara's lightsaber +2 in melee — d20 5 + 10 = 15 hits Defense 15 on every client, 'Defender kneeling +2' on the card", async () => {
    table = await createTable({ world: world(), online: [GM_ID, ALICE_ID] });
    await gmMarks(THUG, "kneeling");
    const { lines, terms } = await swing(5, 3, 4);
    expect(terms).toContain("Defender kneelingSW-29+2");
    expect(lines).toEqual(everyone(table, ["d20 5 + 10 = 15 vs Defense 15 → Hit 2d8 [3, 4] + 2 = 9 dmg"]));
    expect(table.unhandled).toEqual([]);
  });

  it("SW-29: the Thug pinned (+4, loses his Dex: Defense 13) and Kara concealed (+2, b) — d20 2 + 14 = 16 hits Defense 13", async () => {
    table = await createTable({ world: world(), online: [GM_ID, ALICE_ID] });
    await gmMarks(THUG, "pinned");
    await gmMarks(KARA, "concealed");
    const { lines, terms } = await swing(2, 3, 4);
    expect(terms).toContain("Defender pinnedSW-29+4");
    expect(terms).toContain("Attacker unseenSW-29+2");
    expect(lines).toEqual(everyone(table, ["d20 2 + 14 = 16 vs Defense 13 → Hit 2d8 [3, 4] + 2 = 9 dmg"]));
    expect(table.unhandled).toEqual([]);
  });

  it("SW-29: the Thug climbing (+2, loses his Dex) and Kara a metre above him on the ledge (higher ground +1, from elevation) — d20 2 + 11 = 13 hits Defense 13", async () => {
    table = await createTable({ world: world(1), online: [GM_ID, ALICE_ID] });
    await gmMarks(THUG, "climbing");
    const { lines, terms } = await swing(2, 3, 4);
    expect(terms).toContain("Defender climbingSW-29+2");
    expect(terms).toContain("On higher groundSW-29+1");
    expect(lines).toEqual(everyone(table, ["d20 2 + 11 = 13 vs Defense 13 → Hit 2d8 [3, 4] + 2 = 9 dmg"]));
    expect(table.unhandled).toEqual([]);
  });

  it("SW-29: the Thug grappling someone else (Kara is not) — +0, and he loses his Dex: d20 5 + 8 = 13 hits Defense 13 (15 with his Dex)", async () => {
    table = await createTable({ world: world(), online: [GM_ID, ALICE_ID] });
    await gmMarks(THUG, "grappling");
    const { lines, terms } = await swing(5, 3, 4);
    // Review 3 (1.4): the card says why the Dex is gone (a term of 0 the GM's card check keys on).
    expect(terms).toContain("Defense = 13 BaseSW-08+10Class bonusSW-08+3No Dex: grapplingSW-290 d20");
    expect(lines).toEqual(everyone(table, ["d20 5 + 8 = 13 vs Defense 13 → Hit 2d8 [3, 4] + 2 = 9 dmg"]));
    expect(table.unhandled).toEqual([]);
  });

  it("SW-29: 'Attacker not' — Kara grappling the grappling Thug takes no row: his Dex stays, d20 5 + 8 = 13 misses Defense 15", async () => {
    table = await createTable({ world: world(), online: [GM_ID, ALICE_ID] });
    await gmMarks(THUG, "grappling");
    await gmMarks(KARA, "grappling");
    const { lines } = await swing(5, 3, 4);
    expect(lines).toEqual(everyone(table, ["d20 5 + 8 = 13 vs Defense 15 → Miss"]));
    expect(table.unhandled).toEqual([]);
  });

  it("SW-29: the statuses are registered for the token HUD on every client (CONFIG.statusEffects)", async () => {
    table = await createTable({ world: world(), online: [GM_ID, ALICE_ID] });
    const ids = onEveryClient(table, () => null as unknown as string[]);
    for (const c of table.all)
      ids[c.user.name as string] = await c.run(() =>
        G()
          .CONFIG.statusEffects.map((s: { id: string }) => s.id)
          .filter((s: string) => ["kneeling", "climbing", "grappling", "pinned", "concealed"].includes(s)),
      );
    expect(ids).toEqual(everyone(table, ["kneeling", "climbing", "grappling", "pinned", "concealed"]));
  });
});
