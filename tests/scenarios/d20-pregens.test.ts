/**
 * Scenario (issue 32): a d20 table plays its first shot with pack content only — Kestra Vol, the pregenerated soldier
 * (Alice's), and the pack's Stormtrooper, both imported from the actors pack; Kestra's blaster rifle from the d20
 * pack (RCR Table 7-2: 3d8, 30 m increment). Alice opens the attack dialog from her sheet and rolls; the GM applies
 * the hit.
 *
 * Numbers: Kestra's attack bonus is BAB +1 + Dex 14's +2 = +3 (SW-04); the stormtrooper 12 m away is within one
 * 30 m increment (no range penalty, SW-06) and beyond Point Blank Shot's 10 m (SW-15). Its Defense is the book's
 * Low-Level Stormtrooper's 12: 10 + class 2 + Dex 11's +0 (SW-08). d20 10 + 3 = 13 hits. 3d8 [4, 5, 6] = 15;
 * an ordinary foe has no vitality (SW-18), so the damage goes to wound points, less the armour's DR 5 (SW-11):
 * 12 − 10 = 2 wound points, fatigued (SW-10).
 *
 * Issue 32 (fixpacks): the tokens are placed from each pack actor's prototype token, as a drop from the compendium
 * does (kit-packs.ts `tokenFromPack`): Kestra linked and friendly, the stormtroopers unlinked and hostile. A second
 * stormtrooper stands beside the first: were Kestra on the troopers' side (the v13 default disposition, HOSTILE, of a
 * prototype the pack does not give), the first would be "in melee with one of her allies" and the shot would take
 * SW-19's −4 (13 − 4 = 9, a miss).
 */
import { beforeEach, describe, expect, it } from "vitest";
import { resetAppRecords } from "../foundry/apps.js";
import { createTable, type Table } from "../foundry/world.js";
import { packEntry } from "../pack-data.js";
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
  settingSource,
  told,
} from "./kit.js";
import { attackDialogKit } from "./kit-dialog.js";
import { cardOn, clickSheetItem, openSheet } from "./kit-grenades.js";
import { actorFromPack, packItemId, tokenFromPack } from "./kit-packs.js";

const SCENE = id("scenePregensD20");
const KESTRA = actorFromPack("kestra-vol-soldier", { owner: ALICE_ID });
const TROOPER = actorFromPack("stormtrooper", { ownership: { default: 2 } });
const ILAN = actorFromPack("ilan-sorr-jedi-guardian", { owner: BRUNO_ID });
const RIFLE = packItemId("kestra-vol-soldier", "Blaster Rifle");
const GRENADE = packItemId("kestra-vol-soldier", "Frag Grenade");
const SABER = packItemId("ilan-sorr-jedi-guardian", "Lightsaber");
// The pack's stun grenade, carried by Kestra for the third test (RCR Table 7-2: "— (stun only)", stun DC 15).
const STUN = id("stunGrenPregen");
{
  const { _key, folder, ...stun } = packEntry("d20", "stun-grenade") as Record<string, unknown>;
  (KESTRA.items as Record<string, unknown>[]).push({ ...stun, _id: STUN });
}
const TOK = {
  kestra: id("tokKestraPregen"),
  trooper: id("tokTrooperPregen"),
  trooper2: id("tokTroop2Pregen"),
  ilan: id("tokIlanPregen"),
};

let table: Table;
beforeEach(() => resetAppRecords());
closeTableAfterEach(() => table);
const dialog = attackDialogKit(() => table, { actor: KESTRA._id as string, target: TOK.trooper });
const ilanDialog = attackDialogKit(() => table, { actor: ILAN._id as string, target: TOK.trooper });

/** Ilan stands far off unless a test puts him beside the first stormtrooper (he would be Kestra's ally in melee). */
const world = (ilanAt = cell(2, 20)) => ({
  settings: [settingSource(id("setEnginePregen"), "engine", "d20")],
  actors: [KESTRA, TROOPER, ILAN],
  scenes: [
    sceneSource({
      _id: SCENE,
      name: "Hangar",
      tokens: [
        tokenFromPack("kestra-vol-soldier", {
          _id: TOK.kestra,
          actorId: KESTRA._id as string,
          ...cell(0, 5),
        }),
        tokenFromPack("stormtrooper", { _id: TOK.trooper, actorId: TROOPER._id as string, ...cell(12, 5) }),
        tokenFromPack("stormtrooper", { _id: TOK.trooper2, actorId: TROOPER._id as string, ...cell(13, 5) }),
        tokenFromPack("ilan-sorr-jedi-guardian", { _id: TOK.ilan, actorId: ILAN._id as string, ...ilanAt }),
      ],
    }),
  ],
});

/** The first stormtrooper token's own (unlinked) actor's pools, on every client. */
const pools = () =>
  onEveryClient(table, () => {
    const d = G().game.scenes.get(SCENE).tokens.get(TOK.trooper).actor.system.d20;
    return `VP ${d.vitality.value} WP ${d.wounds.value}`;
  });

describe("scenario: a d20 pregen's first shot with pack content (issue 32)", () => {
  it("SW-04 SW-08 SW-11 SW-18 SW-19: Kestra Vol (pack) fires the pack's blaster rifle through the dialog at the pack's Stormtrooper (tokens from the pack's prototypes: she is friendly and linked, the troopers hostile and unlinked, so no shooting-into-melee −4) — d20 10 + 3 = 13 vs Defense 12, 3d8 = 15 − DR 5 → WP 12 → 2, fatigued on every client; the loaded rifle has 49 shots left", async () => {
    table = await createTable({ world: world(), online: [GM_ID, ALICE_ID, BRUNO_ID] });
    const alice = table.client(ALICE_ID);
    // The prototypes the pack ships: heroes linked and friendly, foes unlinked and hostile.
    expect(
      onEveryClient(table, () =>
        [TOK.kestra, TOK.trooper, TOK.trooper2, TOK.ilan].map((t) => {
          const tok = G().game.scenes.get(SCENE).tokens.get(t);
          return `${tok.actorLink ? "linked" : "unlinked"} ${tok.disposition}`;
        }),
      ),
    ).toEqual(everyone(table, ["linked 1", "unlinked -1", "unlinked -1", "linked 1"]));
    // The sheet computes what the pack gives: Kestra's Defense 15 (10 + class 3 + Dex 2), the trooper's 12.
    expect(
      onEveryClient(table, () =>
        [KESTRA._id, TROOPER._id].map((a) => G().game.actors.get(a).system.derived.d20.defense.total),
      ),
    ).toEqual(everyone(table, [15, 12]));
    await dialog.aliceOpensAttack(alice, RIFLE);
    const msg = await dialog.aliceRolls(alice, 10, 4, 5, 6);
    expect(rowText(alice, msg, "Stormtrooper")).toContain(
      "d20 10 + 3 = 13 vs Defense 12 → Hit 3d8 [4, 5, 6] = 15 dmg",
    );
    // The pregen carries its rifle loaded (a full 50-shot pack, RCR Table 7-2): one shot spent.
    expect(
      onEveryClient(table, () => G().game.actors.get(KESTRA._id).items.get(RIFLE).system.ammo.remaining),
    ).toEqual(everyone(table, 49));
    clickCard(table.client(GM_ID), msg, "apply", "Stormtrooper");
    await table.settle();
    expect(pools()).toEqual(everyone(table, "VP 0 WP 2"));
    expect(
      onEveryClient(table, () =>
        [...G().game.scenes.get(SCENE).tokens.get(TOK.trooper).actor.statuses].sort(),
      ),
    ).toEqual(everyone(table, ["fatigued"]));
    expect(table.unhandled).toEqual([]);
  });

  it("SW-10 SW-38: Alice opens Kestra Vol's sheet — her saves read what she rolls, the base save + its ability: Fortitude +2 + Con +2 = +4, Reflex +0 + Dex +2 = +2, Will +0 + Wis +1 = +1 (the book's stat blocks print these totals), the base in each tooltip", async () => {
    table = await createTable({ world: world(), online: [GM_ID, ALICE_ID] });
    const alice = table.client(ALICE_ID);
    const sheet = await openSheet(alice, KESTRA._id as string);
    const save = (key: string) => sheet.querySelector<HTMLElement>(`[data-ft-save="${key}"]`);
    expect(["fort", "ref", "will"].map((k) => save(k)?.textContent)).toEqual(["+4", "+2", "+1"]);
    expect(save("fort")?.dataset.tooltip).toBe("Base save +2, Con +2");
  });

  it("SW-38: Kestra's pack frag grenades are counted — she carries two; each throw through the dialog spends one, and with none left her sheet's Attack is disabled and nothing is rolled", async () => {
    table = await createTable({ world: world(), online: [GM_ID, ALICE_ID, BRUNO_ID] });
    const alice = table.client(ALICE_ID);
    const left = () =>
      onEveryClient(table, () => G().game.actors.get(KESTRA._id).items.get(GRENADE).system.ammo.remaining);
    expect(left()).toEqual(everyone(table, 2));
    await dialog.aliceOpensAttack(alice, GRENADE);
    await dialog.aliceRolls(alice, 15, 3, 3, 3, 3);
    expect(left()).toEqual(everyone(table, 1));
    await dialog.aliceOpensAttack(alice, GRENADE);
    await dialog.aliceRolls(alice, 15, 3, 3, 3, 3);
    expect(left()).toEqual(everyone(table, 0));
    // Out of grenades: the sheet's Attack is disabled (as for any empty weapon), and a click rolls nothing.
    const sheet = await openSheet(alice, KESTRA._id as string);
    const attack = sheet.querySelector<HTMLButtonElement>(
      `[data-item-id="${GRENADE}"] [data-action="attack"]`,
    );
    expect(attack?.disabled).toBe(true);
    const before = alice.run(() => G().game.messages.size);
    await clickSheetItem(table, alice, KESTRA._id as string, GRENADE, "attack", true);
    expect(alice.run(() => G().game.messages.size)).toBe(before);
    expect(left()).toEqual(everyone(table, 0));
  });

  it("SW-38 (issue 32): the pack's stun grenade (no damage dice in the book: \"— (stun only)\") is thrown through the dialog at the trooper's square, not refused for missing dice — d20 15 − 3 = 12 vs the square's Defense 5 hits, one grenade is spent, no damage is rolled, and the card says the stun, Fortitude DC 15, is the GM's call", async () => {
    table = await createTable({ world: world(), online: [GM_ID, ALICE_ID, BRUNO_ID] });
    const alice = table.client(ALICE_ID);
    await dialog.aliceOpensAttack(alice, STUN);
    // Only the d20 is rolled: the grenade has no damage dice.
    const msg = await dialog.aliceRolls(alice, 15);
    expect(told(alice).join(" | ")).not.toContain("enter them");
    expect(rowText(alice, msg, "Stormtrooper")).toContain("d20 15 − 3 = 12 vs Defense 5 → Hit");
    expect(cardOn(alice, msg)).toContain(
      "No damage dice (the book gives none): on a hit, a stun — Fortitude DC 15; applying it is the GM's call.",
    );
    expect(
      onEveryClient(table, () => G().game.actors.get(KESTRA._id).items.get(STUN).system.ammo.remaining),
    ).toEqual(everyone(table, 0));
    expect(table.unhandled).toEqual([]);
  });

  it("SW-11: Ilan Sorr's pack lightsaber ignores the stormtrooper armour's DR 5 — the card says so, and Apply takes 2d8 + 2 = 11 off WP 12 → 1 on every client", async () => {
    table = await createTable({ world: world(cell(11, 5)), online: [GM_ID, ALICE_ID, BRUNO_ID] });
    const bruno = table.client(BRUNO_ID);
    await ilanDialog.aliceOpensAttack(bruno, SABER);
    const msg = await ilanDialog.aliceRolls(bruno, 10, 4, 5);
    expect(rowText(bruno, msg, "Stormtrooper")).toContain("= 11 dmg");
    expect(cardOn(bruno, msg)).toContain("Ignores armour's DR: Apply takes none off");
    clickCard(table.client(GM_ID), msg, "apply", "Stormtrooper");
    await table.settle();
    expect(pools()).toEqual(everyone(table, "VP 0 WP 1"));
    expect(table.unhandled).toEqual([]);
  });
});
