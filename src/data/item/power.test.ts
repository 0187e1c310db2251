import { describe, expect, it } from "vitest";
import { type Carried, feedChoice, feedOf, linkProblem } from "./power.js";

const pack = (id: string, kind: string, remaining = 50, capacity = 50): Carried => ({
  type: "powerSource",
  id,
  name: id,
  kind,
  unit: "seu",
  remaining,
  capacity,
});
const weapon = (id: string, over: Partial<Extract<Carried, { type: "weapon" }>> = {}): Carried => ({
  type: "weapon",
  id,
  name: id,
  unit: "seu",
  perShot: 1,
  link: "",
  damageKind: "laser",
  skill: "beam",
  heavy: false,
  perSeuMax: 10,
  ...over,
});
const screen = (id: string, link = ""): Carried => ({ type: "defense", id, name: id, slot: "screen", link });

describe("SF-X-36 power links", () => {
  it("a beltpack takes one weapon and one screen; a backpack two weapons", () => {
    const items = [
      pack("belt", "beltpack"),
      pack("back", "backpack"),
      weapon("a", { link: "belt" }),
      weapon("b"),
      weapon("c", { link: "back" }),
      screen("s"),
    ];
    expect(linkProblem("expanded", "b", "belt", items)?.key).toBe("FT.Power.portsFull");
    expect(linkProblem("expanded", "b", "back", items)).toBeNull();
    expect(linkProblem("expanded", "s", "belt", items)).toBeNull();
  });
  it("a screen never runs on a clip, a rounds weapon on no SEU source, a parabattery only heavy weapons", () => {
    const items = [
      pack("clip", "powerclip"),
      pack("para", "parabattery"),
      weapon("w"),
      weapon("g", { unit: "rounds" }),
      screen("s"),
    ];
    expect(linkProblem("expanded", "s", "clip", items)?.key).toBe("FT.Power.screenCannot");
    expect(linkProblem("expanded", "g", "clip", items)?.key).toBe("FT.Power.weaponCannot");
    expect(linkProblem("expanded", "w", "para", items)?.key).toBe("FT.Power.weaponCannot");
    expect(linkProblem("expanded", "w", "nope", items)?.key).toBe("FT.Power.notASource");
    expect(linkProblem("expanded", "w", "", items)).toBeNull();
  });
  it("a link to a source the actor no longer carries feeds nothing; the weapon is back on its own clip", () => {
    expect(feedOf(weapon("w", { link: "gone" }), [pack("belt", "beltpack")])).toBeNull();
    expect(feedChoice(weapon("w", { link: "belt" }), [pack("belt", "beltpack", 3)])?.current).toEqual({
      id: "belt",
      remaining: 3,
      capacity: 50,
    });
  });
});

describe("SF-B-19 Basic-game powerpacks", () => {
  it("only laser pistols and rifles share one powerpack", () => {
    const items = [
      pack("clip", "powerclip", 20, 20),
      weapon("pistol", { link: "clip" }),
      weapon("rifle", { perShot: 2 }),
      weapon("stunner", { damageKind: "electric", perShot: 2 }),
    ];
    expect(linkProblem("basic", "rifle", "clip", items)).toBeNull();
    expect(linkProblem("basic", "stunner", "clip", items)?.key).toBe("FT.Power.basicShare");
    // The Expanded game's powerclip fits one weapon: the rifle is refused there.
    expect(linkProblem("expanded", "rifle", "clip", items)?.key).toBe("FT.Power.portsFull");
  });
});
