/**
 * Which tokens an attack may involve (issue 11, trust review R1-5(c)): the blast and its stun ring, the crowd on the
 * line of fire and the targets all read one list, filtered by the attacking user's view. The canvas and the user are
 * stand-ins shaped as v13's `canvas.tokens.placeables` (`Token#document.hidden`, `Token#isVisible`) and `game.user`.
 */
import { afterEach, describe, expect, it, vi } from "vitest";
import { inBlast, type RayCaster, tokensInTheWay } from "../rules/index.js";
import { attackTargets, bystanders, involvedTokens, mayInvolve, occupants } from "./scene-facts.js";

interface FakeToken {
  id: string;
  x: number;
  y: number;
  w: number;
  h: number;
  center: { x: number; y: number };
  actor: { type: string; system: { stamina: { value: number } } } | null;
  document: { uuid: string; hidden: boolean };
  isVisible: boolean;
}

/** A 1-square token at cell (col, row) of a 100 px grid; `isVisible` as the user's canvas answers it. */
const token = (
  id: string,
  col: number,
  row: number,
  o: { hidden?: boolean; seen?: boolean } = {},
): FakeToken => ({
  id,
  x: col * 100,
  y: row * 100,
  w: 100,
  h: 100,
  center: { x: col * 100 + 50, y: row * 100 + 50 },
  actor: { type: "creature", system: { stamina: { value: 30 } } },
  document: { uuid: `Scene.s.Token.${id}`, hidden: !!o.hidden },
  // v13 Token#isVisible: false for a hidden token unless the user is a GM, else token vision decides.
  isVisible: o.seen ?? true,
});

function stage(tokens: FakeToken[], isGM: boolean, targets: FakeToken[] = []): void {
  vi.stubGlobal("canvas", { grid: { size: 100, distance: 1 }, tokens: { placeables: tokens } });
  vi.stubGlobal("game", { user: { isGM, targets: new Set(targets) } });
}

afterEach(() => {
  vi.unstubAllGlobals();
});

const open: RayCaster = { crossings: () => [] };

describe("mayInvolve: whom an attack may catch, count in a crowd or aim at (R1-5(c))", () => {
  it("a player's attack: not a hidden token, not one their canvas does not show; any other", () => {
    const player = { isGM: false };
    expect(mayInvolve(player, { document: { hidden: true }, isVisible: true })).toBe(false);
    expect(mayInvolve(player, { document: { hidden: false }, isVisible: false })).toBe(false);
    expect(mayInvolve(player, { document: { hidden: false }, isVisible: true })).toBe(true);
    expect(mayInvolve(null, { document: { hidden: true }, isVisible: true })).toBe(false);
  });
  it("the GM's attack: every token, hidden or unseen (the GM resolves them)", () => {
    const gm = { isGM: true };
    expect(mayInvolve(gm, { document: { hidden: true }, isVisible: false })).toBe(true);
    expect(mayInvolve(gm, { document: { hidden: false }, isVisible: false })).toBe(true);
  });
});

describe("one filtered list for the blast, the stun ring, the crowd and the targets", () => {
  const thrower = token("thrower", 0, 0);
  const bystander = token("bystander", 6, 0);
  const ambusher = token("ambusher", 7, 0, { hidden: true });
  const unseen = token("unseen", 6, 1, { seen: false });
  const ringed = token("ringed", 6, 4, { hidden: true });
  const propless = { ...token("prop", 5, 0), actor: null };

  it("SF-B-17/SF-X-43: a player's blast at the bystander catches the bystander only; the GM's catches all three", () => {
    const centre = bystander.center;
    stage([thrower, bystander, ambusher, unseen, propless], false);
    expect(inBlast(centre, 300, occupants(), open)).toEqual(["Scene.s.Token.bystander"]);
    stage([thrower, bystander, ambusher, unseen, propless], true);
    expect(inBlast(centre, 300, occupants(), open)).toEqual([
      "Scene.s.Token.bystander",
      "Scene.s.Token.ambusher",
      "Scene.s.Token.unseen",
    ]);
  });

  it("SF-X-40: the stun ring reads the same occupants: a hidden token 4 squares out is in the GM's ring only", () => {
    const centre = bystander.center;
    const ring = () => {
      const all = occupants();
      const caught = inBlast(centre, 300, all, open);
      return inBlast(centre, 600, all, open).filter((id) => !caught.includes(id));
    };
    stage([thrower, bystander, ringed], false);
    expect(ring()).toEqual(["Scene.s.Token.thrower"]);
    stage([thrower, bystander, ringed], true);
    expect(ring()).toEqual(["Scene.s.Token.thrower", "Scene.s.Token.ringed"]);
  });

  it("SF-X-35: a hidden token on the line of fire is no crowd for a player (so no cover, no stray shot); it is for the GM", () => {
    const between = token("between", 3, 0, { hidden: true });
    const crowd = () =>
      tokensInTheWay(
        thrower.center,
        bystander.center,
        bystanders(involvedTokens(), ["thrower", "bystander"]),
      );
    stage([thrower, bystander, between], false);
    expect(crowd()).toEqual([]);
    stage([thrower, bystander, between], true);
    expect(crowd()).toEqual(["between"]);
    // An unseen (not hidden) token is no crowd for the player either.
    const dark = token("dark", 3, 0, { seen: false });
    stage([thrower, bystander, dark], false);
    expect(crowd()).toEqual([]);
  });

  it("a player's targets drop a hidden or unseen token (a script can target one); the GM's keep it", () => {
    stage([thrower, bystander, ambusher, unseen], false, [bystander, ambusher, unseen]);
    expect(attackTargets().map((t) => t.id)).toEqual(["bystander"]);
    stage([thrower, bystander, ambusher, unseen], true, [bystander, ambusher, unseen]);
    expect(attackTargets().map((t) => t.id)).toEqual(["bystander", "ambusher", "unseen"]);
  });
});
