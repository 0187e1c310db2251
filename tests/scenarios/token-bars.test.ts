/**
 * Scenario (issue 30: one table per game, its token bars): the GM makes a character in each game and drops it on the
 * scene; the token every client sees carries that game's bars — Star Frontiers (Alpha Dawn, Zebulon) its Stamina,
 * Star Wars d20 its vitality then wound points (SW-10), Stars Without Number its hit points (and a squad its pool,
 * SWN-17). v13 gives a new prototype token system.json's `primaryTokenAttribute` ("stamina", the same in every game;
 * common/documents/token.mjs), and a dropped token copies its prototype's bars (client/documents/actor.mjs
 * `getTokenDocument`); the game's own bars are written on the prototype token when the actor is made
 * (documents/actor.ts). A creator's own bar stays; a bar that is another game's default (an actor saved in a Star
 * Frontiers world, a compendium's) takes this game's.
 *
 * Numbers: a new character's Stamina is 45/45 (data/actor/specs.ts), its d20 vitality 18/18 and wounds 14/14 as
 * given, its SWN hit points 9/12 as given; 3 units of HD 2 hold 27 HP (4.5 × 2 × 3, SWN-17).
 */
import { describe, expect, it } from "vitest";
import { createTable, type Table } from "../foundry/world.js";
import {
  closeTableAfterEach,
  everyone,
  G,
  GM_ID,
  id,
  onEveryClient,
  sceneSource,
  settingSource,
} from "./kit.js";
import { swnSettings } from "./kit-d20.js";

let table: Table;
closeTableAfterEach(() => table);

const SCENE = id("barsScene");

/** The world of a game: its engine (and SWN's profile) and one empty scene. */
function world(game: "alphaDawn" | "zebulon" | "d20" | "swn") {
  const settings =
    game === "swn"
      ? swnSettings("Bars")
      : game === "alphaDawn"
        ? []
        : [settingSource(id("barsEngine"), "engine", game)];
  return { settings, scenes: [sceneSource({ _id: SCENE, name: "Deck" })] };
}

/** The GM makes an actor and drops it on the scene as v13's drop does (its prototype token, at a place). */
async function dropNew(actor: Record<string, unknown>): Promise<string> {
  const gm = table.client(GM_ID);
  const tokenId: string = await gm.run(async () => {
    const made = await G().Actor.create(actor);
    const proto = made.prototypeToken;
    const data =
      typeof proto?.toObject === "function" ? proto.toObject() : G().foundry.utils.deepClone(proto ?? {});
    const scene = G().game.scenes.get(SCENE);
    const [token] = await scene.createEmbeddedDocuments("Token", [
      { ...data, name: made.name, actorId: made.id, actorLink: true, x: 100, y: 100 },
    ]);
    return token.id;
  });
  await table.settle();
  return tokenId;
}

/** What every client's token shows in its two bars: each bar's attribute and its numbers. */
function barsOn(tokenId: string) {
  return onEveryClient(table, () => {
    const token = G().game.scenes.get(SCENE).tokens.get(tokenId);
    const read = (bar: string) => {
      const b = token.getBarAttribute(bar);
      return b ? `${b.attribute} ${b.value}/${b.max}` : null;
    };
    return { bar1: read("bar1"), bar2: read("bar2") };
  });
}

describe("scenario: a new token shows its game's bars (issue 30)", () => {
  it("SF-B-15 (Alpha Dawn): a new character's token shows its Stamina, 45/45, and no second bar", async () => {
    table = await createTable({ world: world("alphaDawn") });
    const tokenId = await dropNew({ name: "Kara", type: "character" });
    expect(barsOn(tokenId)).toEqual(everyone(table, { bar1: "stamina 45/45", bar2: null }));
  });

  it("SF-B-15 (Zebulon's Guide): a new creature's token shows its Stamina too", async () => {
    table = await createTable({ world: world("zebulon") });
    const tokenId = await dropNew({
      name: "Quickdeath",
      type: "creature",
      system: { stamina: { value: 80, max: 80 } },
    });
    expect(barsOn(tokenId)).toEqual(everyone(table, { bar1: "stamina 80/80", bar2: null }));
  });

  it("SW-10 (Star Wars d20): a new character's token shows vitality 18/18 then wound points 14/14", async () => {
    table = await createTable({ world: world("d20") });
    const tokenId = await dropNew({
      name: "Kara",
      type: "character",
      system: { d20: { vitality: { value: 18, max: 18 }, wounds: { value: 14, max: 14 } } },
    });
    expect(barsOn(tokenId)).toEqual(
      everyone(table, { bar1: "d20.vitality 18/18", bar2: "d20.wounds 14/14" }),
    );
  });

  it("SWN: a new character's token shows its hit points 9/12; a squad of 3 units of HD 2 its pool, 27/27 (SWN-17)", async () => {
    table = await createTable({ world: world("swn") });
    const kara = await dropNew({
      name: "Kara",
      type: "character",
      system: { swn: { hp: { value: 9, max: 12 } } },
    });
    expect(barsOn(kara)).toEqual(everyone(table, { bar1: "swn.hp 9/12", bar2: null }));
    const squad = await dropNew({
      name: "Marines",
      type: "squad",
      system: { units: { max: 3 }, swn: { hd: 2 } },
    });
    expect(barsOn(squad)).toEqual(everyone(table, { bar1: "hp 27/27", bar2: null }));
  });

  it("SW-10: a bar its creator chose stays (Kara made in a d20 world with her wounds in bar1 keeps them)", async () => {
    table = await createTable({ world: world("d20") });
    const kara = await dropNew({
      name: "Kara",
      type: "character",
      system: { d20: { vitality: { value: 18, max: 18 }, wounds: { value: 14, max: 14 } } },
      prototypeToken: { bar1: { attribute: "d20.wounds" } },
    });
    // Not twice: the game's second bar is the one she chose for her first.
    expect(barsOn(kara)).toEqual(everyone(table, { bar1: "d20.wounds 14/14", bar2: null }));
    expect(table.unhandled).toEqual([]);
  });

  it("SW-10 SWN-17: an actor saved in a Star Frontiers world (a compendium's: Stamina in bar1) takes the d20 world's bars; a squad saved that way its pool", async () => {
    table = await createTable({ world: world("d20") });
    const kara = await dropNew({
      name: "Kara",
      type: "character",
      system: { d20: { vitality: { value: 18, max: 18 }, wounds: { value: 14, max: 14 } } },
      prototypeToken: { bar1: { attribute: "stamina" } },
    });
    expect(barsOn(kara)).toEqual(everyone(table, { bar1: "d20.vitality 18/18", bar2: "d20.wounds 14/14" }));
    const squad = await dropNew({
      name: "Marines",
      type: "squad",
      system: { units: { max: 3 }, swn: { hd: 2 } },
      prototypeToken: { bar1: { attribute: "stamina" } },
    });
    expect(barsOn(squad)).toEqual(everyone(table, { bar1: "hp 27/27", bar2: null }));
    expect(table.unhandled).toEqual([]);
  });
});
