/**
 * Issue 30: each game's sheets show only that game. Every sheet screen of every game (tests/fixtures/game-sheets.ts:
 * the character in play and edit, the creature, each item type, built by the sheets' own context builders with
 * the game's `sheet` section) is rendered with the real templates, and its HTML is checked for named controls and
 * fields: no Star Frontiers control on a d20 or SWN screen, no d20 or SWN one on a Star Frontiers screen, and no
 * Star Wars d20 block on an SWN one. The SWN weapon row's attack number is the sheet's attack bonus, the one its
 * attack rolls (swnAttackTerms: AB replaces the d20 BAB, Dex and size terms).
 */
import { describe, expect, it } from "vitest";
import type { GameId } from "../src/helpers/game.js";
import { ACTOR_PARTS, type GameScreen, gameScreens, ITEM_PARTS } from "./fixtures/game-sheets.js";
import { createEnv, render } from "./handlebars-env.js";

const hb = createEnv();
const html = (s: GameScreen) =>
  (s.kind === "actor" ? ACTOR_PARTS : ITEM_PARTS).map((t) => render(hb, t, s.context)).join("\n");

/** Star Frontiers controls and fields, by what names them in the page. */
const SF_ONLY: Record<string, RegExp> = {
  "race chip": /data-ft-race|name="system\.race"/,
  "handedness select": /name="system\.handedness"/,
  "initiative modifier (IM)": /data-ft-im/,
  "Stamina bar": /class="ft-stamina|name="system\.stamina\./,
  "percentile abilities": /class="ft-abilities"|data-action="abilityCheck"|data-action="npcReaction"/,
  "Ranged/Melee base %": /FT\.Sheet\.rangedHint/,
  "Weapon holstered (−3 initiative)": /name="system\.holstered"/,
  Anesthetic: /name="system\.anesthetic"/,
  Punch: /data-action="punch"/,
  Spotting: /data-action="spotting"/,
  "percent chance column": /data-ft-chance/,
  "ROF column": /data-ft-rof/,
  "Structure button": /data-action="structure"/,
  "no ranges entered": /no ranges entered/,
  "creature percentile attack": /data-action="creatureAttack"|name="system\.attack"/,
  "SF weapon fields (skill, bands, ROF, structural, burst)":
    /name="system\.skill"|name="system\.ranges\.|name="system\.rof"|name="system\.structural\.|name="system\.burst\./,
  "SF screen rules": /name="system\.rules\.|data-action="addRule"/,
  "suits and screens": /data-ft-slot|Suits and screens/,
};

/** The d20 engine's controls and fields (both d20 games). */
const D20_ENGINE: Record<string, RegExp> = {
  "d20 item fields": /name="system\.d20\./,
  "d20 attack bonus": /data-ft-d20-bonus/,
  "critical column": /data-ft-critical/,
  "fire-mode column": /data-ft-fire/,
};
/** Star Wars d20 only: its block and special attacks. */
const D20_BLOCK: Record<string, RegExp> = {
  "d20 block": /class="ft-d20" data-ft-d20/,
  "Defense / flat-footed / touch": /data-ft-defense/,
  "vitality / wounds": /data-ft-vitality|data-ft-wounds|name="system\.d20\.vitality/,
  "special attacks (SW-41)": /data-action="specialAttack"/,
  "d20 attack bonus": /data-ft-d20-bonus/,
};
/** What the swn profile never reads (ruling 1): criticals, armour's DR and maximum Dex. */
const SWN_NEVER: Record<string, RegExp> = {
  "critical column": /data-ft-critical/,
  "threat range": /name="system\.d20\.threat"/,
  "critical multiplier": /name="system\.d20\.critMultiplier"/,
  "armour DR": /name="system\.d20\.dr"/,
  "armour maximum Dex": /name="system\.d20\.maxDex"/,
  "a Star Wars d20 heading": /<h3 class="ft-section">d20 (weapon|armour)<\/h3>/,
};
/** SWN only: its block, its actions, its attack number. */
const SWN_ONLY: Record<string, RegExp> = {
  "SWN block": /data-ft-swn(?!-)/,
  "SWN fields": /name="system\.swn\./,
  "Morale actions": /data-action="moraleAction"/,
  "SWN actions": /data-action="swnAction"/,
  "SWN attack": /data-ft-swn-attack/,
};

const found = (page: string, named: Record<string, RegExp>) =>
  Object.entries(named)
    .filter(([, re]) => re.test(page))
    .map(([name]) => name);

const percentile: GameId[] = ["alphaDawn", "zebulon"];

describe("each game's sheet screens show only that game (issue 30)", () => {
  for (const game of percentile)
    for (const s of gameScreens(game))
      it(`${game} ${s.screen}: no d20 or SWN control`, () => {
        const page = html(s);
        expect(found(page, { ...D20_ENGINE, ...D20_BLOCK, ...SWN_ONLY })).toEqual([]);
      });

  // SW-20 (issue 31): d20's Punch is its own unarmed strike, not the Star Frontiers bare hand.
  const sfNotD20 = Object.fromEntries(Object.entries(SF_ONLY).filter(([name]) => name !== "Punch"));
  for (const s of gameScreens("d20"))
    it(`d20 ${s.screen}: no Star Frontiers or SWN control`, () => {
      const page = html(s);
      expect(found(page, { ...sfNotD20, ...SWN_ONLY })).toEqual([]);
    });

  for (const s of gameScreens("swn"))
    it(`swn ${s.screen}: no Star Frontiers control, no Star Wars d20 block`, () => {
      const page = html(s);
      // The SWN weapon's item body is the d20 engine's (damage, increment, fire) with its SWN-15 numbers; its sheet's
      // weapon rows have the fire-mode column, but no d20 attack bonus. Ruling 1: the swn profile rolls no critical,
      // so no screen shows a critical column, a threat range or a multiplier; its hit points take no DR and its AC
      // is the sheet's, so armour shows neither DR nor a maximum Dex.
      expect(found(page, { ...SF_ONLY, ...D20_BLOCK, ...SWN_NEVER })).toEqual([]);
    });

  it("SF-X-11 the Star Frontiers character shows its own controls (the percent chance, Stamina, race, IM, holstered, Structure)", () => {
    const page = html(gameScreens("alphaDawn")[0]!);
    for (const name of [
      "race chip",
      "initiative modifier (IM)",
      "Stamina bar",
      "percentile abilities",
      "Weapon holstered (−3 initiative)",
      "Punch",
      "percent chance column",
      "ROF column",
      "Structure button",
    ])
      expect(found(page, SF_ONLY), name).toContain(name);
    expect(page).toMatch(/class="ft-chance">48%/);
  });

  it("SW-04 SW-08 SW-18 SW-35 the d20 character shows its block and the weapon's attack +4, damage, critical, increment and fire modes; the thrown grenade has no Reload", () => {
    const page = html(gameScreens("d20")[0]!);
    expect(found(page, D20_BLOCK)).toEqual(Object.keys(D20_BLOCK));
    // BAB 3 + Dex 14 fatigued to 12 (+1, SW-10) + Medium 0 = +4; the pack's blaster with the GM's 3d6, 10 m.
    const blaster = page.match(/<tr data-item-id="w1"[\s\S]*?<\/tr>/)![0];
    const cells = [...blaster.matchAll(/<td data-ft-([\w-]+) class="[^"]*">([^<]*)<\/td>/g)].map((m) => [
      m[1],
      m[2],
    ]);
    expect(cells).toEqual([
      ["d20-bonus", "+4"],
      ["damage", "3d6"],
      ["critical", "20"],
      ["range", "10 m"],
      ["fire", "Single, Multifire"],
    ]);
    expect(blaster).toContain('data-action="reload"');
    const knife = page.match(/<tr data-item-id="w3"[\s\S]*?<\/tr>/)![0];
    expect(knife).toContain("19–20 ×2");
    const grenade = page.match(/<tr data-item-id="w4"[\s\S]*?<\/tr>/)![0];
    expect(grenade).toContain('data-action="attack"');
    expect(grenade).not.toContain('data-action="reload"');
    // The rifle has no bands and no increment: Attack stays enabled (refused when clicked, d20WeaponProblem).
    const rifle = page.match(/<tr data-item-id="w2"[\s\S]*?<\/tr>/)![0];
    expect(rifle).not.toMatch(/data-action="attack" disabled/);
  });

  it("SW-04 as SWN (ruling 1): the SWN weapon rows show the attack bonus its attack rolls (+2), not the d20 BAB + Dex + size (+4)", () => {
    const page = html(gameScreens("swn")[0]!);
    expect(found(page, SWN_ONLY)).toEqual(Object.keys(SWN_ONLY).filter((n) => n !== "SWN fields"));
    const attacks = [...page.matchAll(/<td data-ft-swn-attack class="ft-chance">([^<]*)<\/td>/g)].map(
      (m) => m[1],
    );
    expect(attacks).toEqual(["+2", "+2", "+2", "+2"]);
    expect(page).not.toContain("+4");
    expect(page).toMatch(/data-ft-swn="ab">2</);
  });

  it("the d20 weapon item sheet leads with its d20 numbers; the Star Frontiers one with its skill", () => {
    const d20 = html(gameScreens("d20").find((s) => s.screen === "item-weapon")!);
    const body = d20.slice(d20.indexOf('class="ft-item-body"'));
    expect(body.indexOf('name="system.d20.attack"')).toBeGreaterThan(0);
    expect(body.indexOf('name="system.d20.attack"')).toBeLessThan(body.indexOf('name="system.ammo.unit"'));
    const sf = html(gameScreens("alphaDawn").find((s) => s.screen === "item-weapon")!);
    expect(sf).toContain('name="system.skill"');
    expect(sf).toContain('name="system.burst.capable"');
  });
});
