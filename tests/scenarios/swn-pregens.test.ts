/**
 * Scenario (issue 32): a Stars Without Number table ("d20 + SWN additions") plays its first shot with the pack's
 * actors — Juno Ash, the SWN expert (Alice's), and the Raider Boss NPC, both imported from the actors pack. Juno's laser
 * pistol comes without damage or range (the project's sources give no SWN weapon numbers): the sheet flags them and
 * the attack is refused until the GM enters them from the rulebook (here 1d6 and a 10 m increment: the GM's entries,
 * not the pack's). Then Alice opens the attack dialog from her sheet and rolls; the GM applies the hit.
 *
 * Numbers: Juno's attack bonus +1 (the pack's `swn.ab`) against the Raider Boss's AC 14 (SWN: AC, not Defense, ruling
 * 1); d20 15 + 1 = 16 hits. 1d6 [4] = 4: the boss's 9 hit points fall to 5.
 */
import { beforeEach, describe, expect, it } from "vitest";
import { resetAppRecords, settle as settleApps } from "../foundry/apps.js";
import { createTable, type Table } from "../foundry/world.js";
import {
  ALICE_ID,
  BRUNO_ID,
  cell,
  clickCard,
  closeTableAfterEach,
  everyone,
  G,
  GM_ID,
  id,
  onEveryClient,
  rowText,
  sceneSource,
  told,
} from "./kit.js";
import { swnSettings } from "./kit-d20.js";
import { attackDialogKit } from "./kit-dialog.js";
import { actorFromPack, packItemId, tokenFromPack } from "./kit-packs.js";

const SCENE = id("scenePregensSwn");
const JUNO = actorFromPack("juno-ash-swn-expert", { owner: ALICE_ID });
const BOSS = actorFromPack("raider-boss-swn-npc", { ownership: { default: 2 } });
const RENA = actorFromPack("rena-okoye-swn-warrior", { owner: ALICE_ID });
const SQUAD = actorFromPack("veteran-fighters-swn-squad", { ownership: { default: 2 } });
const RAIDERS = actorFromPack("raiders-swn-squad", { ownership: { default: 0 } });
const PISTOL = packItemId("juno-ash-swn-expert", "Laser Pistol (SWN)");
const TOK = { juno: id("tokJunoPregen"), boss: id("tokBossPregen") };

let table: Table;
beforeEach(() => resetAppRecords());
closeTableAfterEach(() => table);
const dialog = attackDialogKit(() => table, { actor: JUNO._id as string, target: TOK.boss });

const world = () => ({
  settings: swnSettings("Pregen"),
  actors: [JUNO, BOSS],
  scenes: [
    sceneSource({
      _id: SCENE,
      name: "Raider camp",
      tokens: [
        // Issue 32 (fixpacks): placed from the pack's prototype tokens (kit-packs.ts `tokenFromPack`).
        tokenFromPack("juno-ash-swn-expert", { _id: TOK.juno, actorId: JUNO._id as string, ...cell(0, 5) }),
        tokenFromPack("raider-boss-swn-npc", { _id: TOK.boss, actorId: BOSS._id as string, ...cell(6, 5) }),
      ],
    }),
  ],
});

describe("scenario: an SWN pregen's first shot with pack content (issue 32)", () => {
  it("SW-04 (the swn profile: AC and hit points, ruling 1): Juno Ash (pack) fires her laser pistol once the GM has entered its damage and range — d20 15 + 1 = 16 vs AC 14, 1d6 = 4: the pack's Raider Boss HP 9 → 5 on every client", async () => {
    table = await createTable({ world: world(), online: [GM_ID, ALICE_ID, BRUNO_ID] });
    const alice = table.client(ALICE_ID);
    // Before the GM enters the numbers the sources lack, the shot is refused with a message (nothing is rolled).
    alice.target(TOK.boss);
    await alice.run(async () => {
      const actor = G().game.actors.get(JUNO._id);
      const { attackWithWeapon } = await import("../../src/workflows/attack/attack.js");
      await attackWithWeapon(actor, actor.items.get(PISTOL), { fast: true });
    });
    await table.settle();
    expect(told(alice)).toEqual([
      "warn: Laser Pistol (SWN) has no range entered. Your Stars Without Number book prints a normal and a long range; this system plays one range step (−2 to hit per full step, at most 10 steps, 5 thrown): enter on the weapon's sheet the step the GM chooses from the book's ranges. Nothing was spent.",
    ]);
    expect(onEveryClient(table, () => G().game.messages.size)).toEqual(everyone(table, 0));
    // The GM enters the laser pistol's numbers from the rulebook on the item sheet's fields.
    await table
      .client(GM_ID)
      .run(() =>
        G()
          .game.actors.get(JUNO._id)
          .items.get(PISTOL)
          .update({ "system.d20.damage": "1d6", "system.d20.rangeIncrement": 10, "system.swn.tl": 4 }),
      );
    await table.settle();
    await dialog.aliceOpensAttack(alice, PISTOL);
    const msg = await dialog.aliceRolls(alice, 15, 4);
    expect(rowText(alice, msg, "Raider Boss")).toContain("d20 15 + 1 = 16 vs AC 14 → Hit 1d6 [4] = 4 dmg");
    clickCard(table.client(GM_ID), msg, "apply", "Raider Boss");
    await table.settle();
    // The boss's token is unlinked (a foe, as the pack's prototype says): the hit lands on the token's own actor.
    expect(
      onEveryClient(table, () => G().game.scenes.get(SCENE).tokens.get(TOK.boss).actor.system.swn.hp.value),
    ).toEqual(everyone(table, 5));
    expect(table.unhandled).toEqual([]);
  });

  it("SWN-17 SWN-19: the pack's Veteran Fighters squad, imported with Rena Okoye, is 3 units of HD 2 with 27 HP and Morale 9, led by Rena, on every client and on its sheet", async () => {
    table = await createTable({
      world: { ...world(), actors: [JUNO, BOSS, RENA, SQUAD] },
      online: [GM_ID, ALICE_ID, BRUNO_ID],
    });
    expect(
      onEveryClient(table, () => {
        const s = G().game.actors.get(SQUAD._id).system;
        return `HP ${s.hp.value}/${s.hp.max} units ${s.units.value}/${s.units.max} HD ${s.swn.hd} Morale ${s.swn.morale} led by ${s.ledBy}`;
      }),
    ).toEqual(everyone(table, `HP 27/27 units 3/3 HD 2 Morale 9 led by Actor.${RENA._id}`));
    const gm = table.client(GM_ID);
    await gm.run(() => G().game.actors.get(SQUAD._id).sheet.render({ force: true }));
    await gm.run(() => settleApps());
    const sheet = gm.run(() => G().game.actors.get(SQUAD._id).sheet.element as HTMLElement);
    expect(sheet.querySelector(".ft-squad-leader")?.textContent?.trim()).toBe("Rena Okoye (SWN Warrior)");
    expect(table.unhandled).toEqual([]);
  });

  it("SWN-17 SWN-19 (issue 32): the pack's second squad, the Raiders, is the foes' — 3 units of HD 2, 27 HP, Morale 9, led by the Raider Boss; placed from their prototypes, the Veteran Fighters' token is friendly and the Raiders' hostile, both linked", async () => {
    const SQ = { vets: id("tokVetsPregen"), raiders: id("tokRaidPregen") };
    const base = world();
    const scene = base.scenes[0]!;
    table = await createTable({
      world: {
        ...base,
        actors: [JUNO, BOSS, RENA, SQUAD, RAIDERS],
        scenes: [
          {
            ...scene,
            tokens: [
              ...(scene.tokens as Record<string, unknown>[]),
              tokenFromPack("veteran-fighters-swn-squad", {
                _id: SQ.vets,
                actorId: SQUAD._id as string,
                ...cell(0, 8),
              }),
              tokenFromPack("raiders-swn-squad", {
                _id: SQ.raiders,
                actorId: RAIDERS._id as string,
                ...cell(9, 8),
              }),
            ],
          },
        ],
      },
      online: [GM_ID, ALICE_ID, BRUNO_ID],
    });
    expect(
      onEveryClient(table, () => {
        const s = G().game.actors.get(RAIDERS._id).system;
        return `HP ${s.hp.value}/${s.hp.max} units ${s.units.value}/${s.units.max} HD ${s.swn.hd} Morale ${s.swn.morale} led by ${s.ledBy}`;
      }),
    ).toEqual(everyone(table, `HP 27/27 units 3/3 HD 2 Morale 9 led by Actor.${BOSS._id}`));
    expect(
      onEveryClient(table, () =>
        [TOK.juno, TOK.boss, SQ.vets, SQ.raiders].map((t) => {
          const tok = G().game.scenes.get(SCENE).tokens.get(t);
          return `${tok.actorLink ? "linked" : "unlinked"} ${tok.disposition}`;
        }),
      ),
    ).toEqual(everyone(table, ["linked 1", "unlinked -1", "linked 1", "linked -1"]));
    expect(table.unhandled).toEqual([]);
  });
});
