/**
 * Scenario (issue 14, "Cover and concealment from the scene"): in a d20 world, the walls between a shooter and a
 * target give d20 cover (SW-30) and concealment (SW-32) read from one 16-point lattice (ruling 3): a low wall (the
 * wall configuration's Height select, `flags.frontier-tactics.height: "low"`) gives a standing target ¼ (+2) and a
 * kneeling one ¾ (+7); a full wall across half the target gives ½ (+4); a curtain of smoke (a terrain wall: one
 * limits sight without blocking it, so it is soft cover) hides it: total concealment, 50 %, and the d% after a hit decides.
 * The walls are built as Foundry's wall tools make them (`wallData`) and read through v13's collision backends.
 *
 * Numbers: Kara has BAB +3 and Dex 14 (+2); the blaster pistol's increment is 10 m, the Thug stands 10 m away
 * (one full increment: −2): attack +3. The Thug: class +3, Dex 14 (+2), Medium: Defense 15 (SW-08).
 */
import { describe, expect, it } from "vitest";
import { wallData } from "../foundry/canvas.js";
import { createTable, type Table } from "../foundry/world.js";
import {
  ALICE_ID,
  attack,
  cardButtons,
  cell,
  clickCard,
  closeTableAfterEach,
  G,
  GM_ID,
  id,
  renderMessage,
  sceneSource,
  settingSource,
  targetBlock,
  text,
  tokenSource,
  told,
} from "./kit.js";
import { d20Foe, HEROIC_POOLS, karaWithBlaster } from "./kit-d20.js";
import { attackDialogKit } from "./kit-dialog.js";

const SCENE = id("sceneD20Cover");
const KARA = id("actKaraCover");
const THUG = id("actThugCover");
const PISTOL = id("itmPistolCover");
const TOK = { kara: id("tokKaraCover"), thug: id("tokThugCover") };

let table: Table;
closeTableAfterEach(() => table);

/** The Thug's token spans x 2000–2100, y 1300–1400; the walls stand 0.5 m in front of it, at x = 1950. */
const X = cell(10, 5).x - 50;
const TOP = cell(10, 5).y;

const world = (walls: Record<string, unknown>[], more: { tokens?: Record<string, unknown>[] } = {}) => ({
  settings: [settingSource(id("setEngineCover"), "engine", "d20")],
  actors: [karaWithBlaster(KARA, PISTOL), d20Foe(THUG, "Thug", HEROIC_POOLS)],
  scenes: [
    sceneSource({
      _id: SCENE,
      name: "Loading dock",
      tokens: [
        tokenSource({ _id: TOK.kara, name: "Kara", actorId: KARA, actorLink: true, ...cell(0, 5) }),
        tokenSource({
          _id: TOK.thug,
          name: "Thug",
          actorId: THUG,
          actorLink: true,
          disposition: -1,
          ...cell(10, 5),
        }),
        ...(more.tokens ?? []),
      ],
      walls,
    }),
  ],
});

/**
 * A crate line about 1 m high: it stops movement, not sight (Foundry's invisible wall); in the wall configuration the
 * GM sets its cover to hard (an invisible wall is no cover by type) and its height to low (SW-30).
 */
const lowWall = () => ({
  ...wallData("invisible", [X, TOP - 100, X, TOP + 200]),
  _id: id("wallCrates"),
  flags: { "frontier-tactics": { cover: "hard", height: "low" } },
});

async function shoot(dice: number[]): Promise<string> {
  const alice = table.client(ALICE_ID);
  table.dice(...dice);
  const msg = await attack(table, alice, KARA, PISTOL, [TOK.thug]);
  expect(told(alice)).toEqual([]);
  expect(msg).not.toBeNull();
  return msg!;
}

/** The Thug's row of the card as each client renders it. */
const rows = (msg: string) => table.all.map((c) => text(targetBlock(renderMessage(c, msg), "Thug")));

describe("scenario: d20 cover and concealment from the walls (issue 14)", () => {
  it("SW-30 ruling 4b: behind a low wall the standing Thug has ¼ cover (+2): d20 14 + 3 = 17 hits Defense 17 on every client", async () => {
    table = await createTable({ world: world([lowWall()]), online: [GM_ID, ALICE_ID] });
    const msg = await shoot([14, 4, 5, 6]);
    for (const row of rows(msg)) {
      expect(row).toContain("d20 14 + 3 = 17 vs Defense 17 → Hit");
      expect(row).toContain("CoverSW-30+2");
      // The d20 cover is the Defense term; Star Frontiers' "Hard cover, 5 of 5 rays" is not on a d20 card.
      expect(row).not.toContain("rays blocked");
    }
    expect(table.unhandled).toEqual([]);
  });

  it("SW-30 ruling 4b: the GM has the Thug kneel behind the low wall: ¾ cover (+7), d20 16 + 3 = 19 misses Defense 22 on every client", async () => {
    table = await createTable({ world: world([lowWall()]), online: [GM_ID, ALICE_ID] });
    await table
      .client(GM_ID)
      .run(() => G().game.actors.get(THUG).toggleStatusEffect("kneeling", { active: true }));
    await table.settle();
    const msg = await shoot([16, 4, 5, 6]);
    for (const row of rows(msg)) {
      expect(row).toContain("d20 16 + 3 = 19 vs Defense 22 → Miss");
      expect(row).toContain("CoverSW-30+7");
      // SW-31: 19 would have hit Defense 15 without the cover: the shot struck the crates.
      expect(row).toContain("Struck the cover: the shot would have hit without it SW-31");
    }
    expect(table.unhandled).toEqual([]);
  });

  it("SW-31 ruling 4b: a prone Thug in the open (+4 from posture) missed by d20 12 + 3 = 15 vs Defense 19: nothing to strike; behind the kneeling cover d20 4 + 3 = 7 misses Defense 22 by more than the cover: nothing struck either", async () => {
    table = await createTable({ world: world([]), online: [GM_ID, ALICE_ID] });
    await table
      .client(GM_ID)
      .run(() => G().game.actors.get(THUG).toggleStatusEffect("prone", { active: true }));
    await table.settle();
    const msg = await shoot([12, 4, 5, 6]);
    for (const row of rows(msg)) {
      expect(row).toContain("d20 12 + 3 = 15 vs Defense 19 → Miss");
      expect(row).not.toContain("Struck");
    }
    table.close();
    table = await createTable({ world: world([lowWall()]), online: [GM_ID, ALICE_ID] });
    await table
      .client(GM_ID)
      .run(() => G().game.actors.get(THUG).toggleStatusEffect("kneeling", { active: true }));
    await table.settle();
    const far = await shoot([4, 4, 5, 6]);
    for (const row of rows(far)) {
      expect(row).toContain("d20 4 + 3 = 7 vs Defense 22 → Miss");
      expect(row).not.toContain("Struck");
    }
    expect(table.unhandled).toEqual([]);
  });

  it("SW-30 ruling 3: a full wall across the top half of the Thug hides 8 of 16 lattice rays: ½ cover (+4), Defense 19", async () => {
    const corner = { ...wallData("walls", [X, TOP - 300, X, TOP + 50]), _id: id("wallCorner") };
    table = await createTable({ world: world([corner]), online: [GM_ID, ALICE_ID] });
    const msg = await shoot([16, 4, 5, 6]);
    for (const row of rows(msg)) {
      expect(row).toContain("d20 16 + 3 = 19 vs Defense 19 → Hit");
      expect(row).toContain("CoverSW-30+4");
    }
    expect(table.unhandled).toEqual([]);
  });

  it("SW-32: behind a curtain of smoke (a terrain wall) the Thug is totally concealed (50 %): d20 16 + 3 = 19 hits Defense 15, then the d% 40 ≤ 50 turns it into a miss on every client", async () => {
    const curtain = { ...wallData("terrain", [X, TOP - 100, X, TOP + 200]), _id: id("wallCurtain") };
    table = await createTable({ world: world([curtain]), online: [GM_ID, ALICE_ID] });
    const msg = await shoot([16, 4, 5, 6, 40]);
    for (const row of rows(msg)) {
      expect(row).toContain("d20 16 + 3 = 19 vs Defense 15");
      expect(row).toMatch(/Concealment.*40.*50/);
      expect(row).not.toContain("dmg");
    }
    expect(table.unhandled).toEqual([]);
  });
});

describe("scenario: a creature used as cover (issue 14, SW-30, SW-31)", () => {
  it("SW-30 SW-31: a crewman stands in the line of fire: the Thug has ½ cover (+4, Defense 19); d20 14 + 3 = 17 misses, and the card says it struck the creature used as cover, on every client", async () => {
    const crewman = tokenSource({
      _id: id("tokCrewCover"),
      name: "Crewman",
      actorId: THUG,
      actorLink: false,
      disposition: 0,
      ...cell(5, 5),
    });
    table = await createTable({ world: world([], { tokens: [crewman] }), online: [GM_ID, ALICE_ID] });
    const msg = await shoot([14, 4, 5, 6]);
    for (const row of rows(msg)) {
      expect(row).toContain("d20 14 + 3 = 17 vs Defense 19 → Miss");
      expect(row).toContain("CoverSW-30+4");
      expect(row).toContain(
        "Struck the creature used as cover: the GM applies it if the roll reaches its Defense SW-31",
      );
    }
    expect(table.unhandled).toEqual([]);
  });

  /**
   * SW-31, seed 002 "Striking the Cover Instead of a Missed Target": "If the cover is actually a creature, the attack
   * hits that creature if the attack roll exceeds the creature's Defense." The Crewman (a Thug: class +3, Dex +2,
   * Defense 15) stands in the line of fire; 17 reaches its Defense, so the blaster's 3d6 (4 + 5 + 6 = 15) strike it.
   */
  it("SW-31: the miss d20 14 + 3 = 17 reaches the Crewman's Defense 15: the GM's \"Apply to Crewman\" takes its 15 damage (VP 10 → 0, WP 14 → 9) on every client; Alice has no such button, and her console's request is refused", async () => {
    const CREW = id("tokCrewCover");
    const crewman = tokenSource({
      _id: CREW,
      name: "Crewman",
      actorId: THUG,
      actorLink: false,
      disposition: 0,
      ...cell(5, 5),
    });
    table = await createTable({ world: world([], { tokens: [crewman] }), online: [GM_ID, ALICE_ID] });
    const msg = await shoot([14, 4, 5, 6]);
    const alice = table.client(ALICE_ID);
    expect(cardButtons(alice, msg).filter((b) => b.startsWith("coverHit"))).toEqual([]);
    // A request from Alice's console is the referee's to refuse: the struck creature is the GM's call.
    const thugUuid = `Scene.${SCENE}.Token.${TOK.thug}`;
    const forged = await alice.run(async () => {
      const { requestGM } = await import("../../src/helpers/gm-request.js");
      return requestGM({ kind: "coverHit", messageId: msg, ids: [thugUuid] });
    });
    expect(forged.skipped.map((s: { reason: string }) => s.reason)).toEqual(["FT.D20UI.coverHitGMOnly"]);
    await table.settle();
    const gm = table.client(GM_ID);
    const card = renderMessage(gm, msg);
    expect(text(targetBlock(card, "Thug").querySelector('[data-ft-action="coverHit"]'))).toBe(
      "Apply to Crewman SW-31",
    );
    clickCard(gm, msg, "coverHit", "Thug", card);
    await table.settle();
    expect(told(gm).filter((m) => !m.startsWith("info"))).toEqual([]);
    for (const c of table.all) {
      const crew = c.run(() => G().game.scenes.get(SCENE).tokens.get(CREW).actor.system.d20);
      expect([crew.vitality.value, crew.wounds.value]).toEqual([0, 9]);
      const crewRow = text(targetBlock(renderMessage(c, msg), "Crewman"));
      expect(crewRow).toContain("Applied");
      // The Thug's Defense 19 is not carried onto the Crewman's row.
      expect(crewRow).not.toContain("19");
      // The Thug behind it is not hurt.
      expect(c.run(() => G().game.actors.get(THUG).system.d20.vitality.value)).toBe(10);
    }
    // Once applied, no second strike.
    expect(cardButtons(gm, msg).filter((b) => b.startsWith("coverHit"))).toEqual([]);
    expect(table.unhandled).toEqual([]);
  });
});

describe("scenario: an NPC shoots a secret NPC behind cover (review 14b)", () => {
  it("SW-31: the GM's raider shoots the secret kneeling Thug behind the low wall: d20 16 + 3 misses; the players' card keeps both NPCs' numbers out and still says the shot struck the cover", async () => {
    const RAIDER = id("actRaiderCover");
    const RIFLE = id("itmRifleCover");
    const w = world([lowWall()]);
    const raider = {
      ...karaWithBlaster(RAIDER, RIFLE),
      name: "Raider",
      ownership: { default: 0 },
    };
    w.actors = [w.actors[0]!, raider, { ...d20Foe(THUG, "Thug", HEROIC_POOLS), ownership: { default: 0 } }];
    w.scenes[0]!.tokens = [
      ...(w.scenes[0]!.tokens as Record<string, unknown>[]).filter((t) => t._id !== TOK.kara),
      tokenSource({
        _id: id("tokRaiderCover"),
        name: "Raider",
        actorId: RAIDER,
        actorLink: true,
        ...cell(0, 5),
      }),
    ];
    table = await createTable({ world: w, online: [GM_ID, ALICE_ID] });
    const gm = table.client(GM_ID);
    await gm.run(() => G().game.actors.get(THUG).toggleStatusEffect("kneeling", { active: true }));
    await table.settle();
    table.dice(16, 4, 5, 6);
    const msg = await attack(table, gm, RAIDER, RIFLE, [TOK.thug]);
    expect(told(gm).filter((m) => !m.startsWith("info"))).toEqual([]);
    const aliceRow = text(targetBlock(renderMessage(table.client(ALICE_ID), msg!), "Thug"));
    expect(aliceRow).not.toContain("Defense");
    expect(aliceRow).not.toContain("+ 3");
    expect(aliceRow).toContain("Struck the cover: the shot would have hit without it SW-31");
    expect(table.unhandled).toEqual([]);
  });
});

describe("scenario: d20 concealment from a fog region (issue 14, SW-32)", () => {
  /**
   * The GM draws a region over the far end of the dock — 5 squares around the Thug, up to 3 m high — and gives it the
   * system's Obscurement behaviour at one-half ("dense fog at 2 meters", 20 %), as the Regions layer makes it: a
   * rectangle shape and one behaviour embedded in the region (v13 `common/documents/region.mjs`).
   */
  async function fog(degree = "half", top: number | null = 3): Promise<void> {
    const at = cell(8, 3);
    await table.client(GM_ID).run(() =>
      G()
        .game.scenes.get(SCENE)
        .createEmbeddedDocuments("Region", [
          {
            name: "Fog bank",
            shapes: [
              { type: "rectangle", x: at.x, y: at.y, width: 500, height: 500, rotation: 0, hole: false },
            ],
            elevation: { bottom: null, top },
            behaviors: [{ type: "frontier-tactics.obscurement", system: { degree } }],
          },
        ]),
    );
    await table.settle();
  }

  const kneel = async () => {
    await table
      .client(GM_ID)
      .run(() => G().game.actors.get(THUG).toggleStatusEffect("kneeling", { active: true }));
    await table.settle();
  };

  it("SW-30 SW-32: a blaster shot from behind a low wall at the kneeling Thug in fog: d20 19 + 3 = 22 hits Defense 22 (¾ cover), then the d% 15 ≤ 20 % (dense fog) turns it into a miss on every client", async () => {
    table = await createTable({ world: world([lowWall()]), online: [GM_ID, ALICE_ID] });
    await fog();
    await kneel();
    const msg = await shoot([19, 4, 5, 6, 15]);
    for (const row of rows(msg)) {
      expect(row).toContain("d20 19 + 3 = 22 vs Defense 22");
      expect(row).toContain("CoverSW-30+7");
      expect(row).toMatch(/Concealment.*15.*20/);
      expect(row).not.toContain("dmg");
    }
    expect(table.unhandled).toEqual([]);
  });

  it("SW-32: the same shot with the d% 21 > 20 % hits through the fog and does damage", async () => {
    table = await createTable({ world: world([lowWall()]), online: [GM_ID, ALICE_ID] });
    await fog();
    await kneel();
    const msg = await shoot([19, 4, 5, 6, 21]);
    for (const row of rows(msg)) {
      expect(row).toMatch(/Concealment.*21.*20/);
      expect(row).toContain("dmg");
    }
    expect(table.unhandled).toEqual([]);
  });

  it("SW-32: the highest concealment applies — total fog (50 %) beats the dialog's 30 % (the row says so), and the GM disabling the behaviour lifts it", async () => {
    table = await createTable({ world: world([]), online: [GM_ID, ALICE_ID] });
    await fog("total");
    const alice = table.client(ALICE_ID);
    const dialogKit = attackDialogKit(() => table, { actor: KARA, target: TOK.thug });
    await dialogKit.aliceOpensAttack(alice, PISTOL);
    // +3 against Defense 15: 45 % to hit, of which the fog's 50 % misses: 22.5 %; her 30 % changes nothing.
    expect(dialogKit.chance(alice)).toBe("22.5%");
    const field = `def.Scene.${SCENE}.Token.${TOK.thug}.concealment`;
    const concealmentRow = () =>
      alice.run(() =>
        text(
          [...G().document.querySelectorAll("table.ft-d20-defense tbody tr")].find((r: Element) =>
            r.textContent?.includes("Concealment"),
          ),
        ),
      );
    expect(concealmentRow()).toContain("the scene gives 50 % — the highest applies");
    await dialogKit.set(alice, field, "30");
    expect(dialogKit.chance(alice)).toBe("22.5%");
    // Review 14 L1: her lower 30 % is not dropped unexplained: the field shows the 50 % that applies, and why.
    expect(dialogKit.field(alice, field).value).toBe("50");
    expect(concealmentRow()).toContain("the scene gives 50 % — the highest applies");
    const msg = await dialogKit.aliceRolls(alice, 16, 4, 5, 6, 40);
    for (const row of rows(msg)) expect(row).toMatch(/Concealment.*40.*50/);
    await table
      .client(GM_ID)
      .run(() =>
        G()
          .game.scenes.get(SCENE)
          .regions.getName("Fog bank")
          .behaviors.contents[0].update({ disabled: true }),
      );
    await table.settle();
    const clear = await shoot([16, 4, 5, 6]);
    for (const row of rows(clear)) {
      expect(row).toContain("d20 16 + 3 = 19 vs Defense 15 → Hit");
      expect(row).not.toContain("Concealment");
    }
    expect(table.unhandled).toEqual([]);
  });

  it("SW-32: the fog bank is 3 m high; with Kara and the Thug both on a gantry at 5 m the line of fire passes over it: no concealment", async () => {
    table = await createTable({ world: world([]), online: [GM_ID, ALICE_ID] });
    await fog();
    await table.client(GM_ID).run(() =>
      G()
        .game.scenes.get(SCENE)
        .updateEmbeddedDocuments("Token", [
          { _id: TOK.kara, elevation: 5 },
          { _id: TOK.thug, elevation: 5 },
        ]),
    );
    await table.settle();
    const msg = await shoot([16, 4, 5, 6]);
    for (const row of rows(msg)) {
      expect(row).toContain("d20 16 + 3 = 19 vs Defense 15 → Hit");
      expect(row).not.toContain("Concealment");
    }
    expect(table.unhandled).toEqual([]);
  });

  it("a player cannot draw the fog: creating a region behaviour is the GM's (v13 BaseRegionBehavior#canCreate)", async () => {
    table = await createTable({ world: world([]), online: [GM_ID, ALICE_ID] });
    await fog();
    const refused = await table.client(ALICE_ID).run(() =>
      G()
        .game.scenes.get(SCENE)
        .regions.getName("Fog bank")
        .createEmbeddedDocuments("RegionBehavior", [
          { type: "frontier-tactics.obscurement", system: { degree: "total" } },
        ])
        .then(
          () => "created",
          (e: Error) => e.message,
        ),
    );
    expect(refused).toMatch(/lacks permission/);
    expect(table.unhandled).toEqual([]);
  });
});

describe("scenario: d20 melee facts from the tokens (issue 14)", () => {
  /** Kara's ally: a friendly token (Kara's own disposition) of the same actor, standing where the test puts it. */
  const ally = (col: number, row: number) =>
    tokenSource({
      _id: id("tokAllyCover"),
      name: "Ally",
      actorId: KARA,
      actorLink: true,
      disposition: 1,
      ...cell(col, row),
    });

  it("SW-19: an ally stands next to the Thug (engaged in melee): Kara's shot takes −4 for shooting into melee, d20 16 − 1 = 15 vs Defense 15 on every client", async () => {
    table = await createTable({ world: world([], { tokens: [ally(11, 5)] }), online: [GM_ID, ALICE_ID] });
    const msg = await shoot([16, 4, 5, 6]);
    for (const row of rows(msg)) {
      expect(row).toContain("Shooting into meleeSW-19−4");
      expect(row).toContain("d20 16 − 1 = 15 vs Defense 15 → Hit");
    }
    expect(table.unhandled).toEqual([]);
  });

  it("SW-19 review 14 L9: a neutral Kara and a neutral bystander next to the Thug are not a team: no −4 for shooting into melee", async () => {
    const w = world([], { tokens: [{ ...ally(11, 5), disposition: 0 }] });
    const tokens = w.scenes[0]!.tokens as Record<string, unknown>[];
    const kara = tokens.find((t) => t._id === TOK.kara)!;
    kara.disposition = 0;
    table = await createTable({ world: w, online: [GM_ID, ALICE_ID] });
    const msg = await shoot([16, 4, 5, 6]);
    for (const row of rows(msg)) {
      expect(row).not.toContain("Shooting into melee");
      expect(row).toContain("d20 16 + 3 = 19 vs Defense 15 → Hit");
    }
    expect(table.unhandled).toEqual([]);
  });

  it("SW-19: an ally 2 m from the Thug (two empty 1 m squares between them) is not engaged: no −4, d20 16 + 3 = 19", async () => {
    table = await createTable({ world: world([], { tokens: [ally(13, 5)] }), online: [GM_ID, ALICE_ID] });
    const msg = await shoot([16, 4, 5, 6]);
    for (const row of rows(msg)) {
      expect(row).not.toContain("Shooting into melee");
      expect(row).toContain("d20 16 + 3 = 19 vs Defense 15 → Hit");
    }
    expect(table.unhandled).toEqual([]);
  });
});
