/**
 * Facts from the scene (thin, typed): distance with elevation (SF-X-15) or Basic squares (SF-B-09), line of
 * sight and cover from walls (SF-B-08, SF-X-08, SF-X-22), tokens in the way (SF-X-35), movement this turn from
 * the token's movement history (SF-B-11, SF-X-17), prone from status effects (SF-X-26).
 */
import { actorSystem } from "../documents/subtypes.js";
import { getSetting, SETTINGS } from "../helpers/settings.js";
import {
  type Bystander,
  basicSquareRange,
  type CoverReport,
  type Footprint,
  type Movement,
  measureCover,
  type Occupant,
  type Point,
  rangeWithElevation,
  tokensInTheWay,
} from "../rules/index.js";
import type { TargetInput } from "../workflows/attack-plan.js";
import { FoundryCaster } from "./foundry-caster.js";

type TokenP = foundry.canvas.placeables.Token.Implementation;

const grid = () => canvas!.grid!;
/** Scene units (metres on our default 1 m grid) per canvas pixel. */
export const unitsPerPixel = () => grid().distance / grid().size;

export function footprint(t: TokenP): Footprint {
  return { x: t.center.x, y: t.center.y, w: t.w, h: t.h };
}

/** Horizontal distance along the grid between centres, combined with the height difference (SF-X-15). */
export function distanceBetween(a: TokenP, b: TokenP, unit: "m" | "squares"): number {
  if (unit === "squares") {
    const oa = grid().getOffset(a.center);
    const ob = grid().getOffset(b.center);
    return basicSquareRange({ x: oa.j, y: oa.i }, { x: ob.j, y: ob.i });
  }
  const horizontal = grid().measurePath([a.center, b.center], {}).distance;
  const vertical = Math.abs((a.document.elevation ?? 0) - (b.document.elevation ?? 0));
  return rangeWithElevation(horizontal, vertical);
}

function statuses(t: TokenP): Set<string> {
  return t.actor?.statuses ?? new Set();
}

/** How the token moved this turn, from its movement history against its walking and running speed. */
export function movementOf(t: TokenP): Movement {
  // fvtt-types 13.345 types `movementHistory` as one waypoint; v13 returns the array of waypoints
  // (client/documents/token.mjs `get movementHistory() { return this._movementHistory; }`).
  const history = t.document.movementHistory as unknown as readonly TokenDocument.MeasuredMovementWaypoint[];
  if (history.length < 2) return "stationary";
  const moved = grid().measurePath(
    history.map((w) => ({ x: w.x + t.w / 2, y: w.y + t.h / 2 })),
    {},
  ).distance;
  const sys = actorSystem(t.actor);
  const walk = sys?.derived?.walk ?? 10;
  if (moved <= 0) return "stationary";
  return moved <= walk ? "walked" : "ran";
}

export interface SceneTarget {
  readonly input: TargetInput;
  readonly cover: CoverReport;
  readonly token: TokenP;
}

export function readTarget(attacker: TokenP, target: TokenP, unit: "m" | "squares"): SceneTarget {
  const caster = new FoundryCaster();
  const cover = measureCover(footprint(attacker), footprint(target), caster);
  const others: Bystander[] = canvas!
    .tokens!.placeables.filter((o) => o.id !== attacker.id && o.id !== target.id && o.actor)
    .map((o) => {
      const st = statuses(o);
      const sys = actorSystem(o.actor);
      return {
        id: o.id,
        x: o.center.x,
        y: o.center.y,
        r: (Math.min(o.w, o.h) / 2) * 0.8,
        prone: st.has("prone"),
        dead: st.has("dead") || (sys?.stamina?.value ?? 1) <= 0,
      };
    });
  // SF-X-35 crowd cover, unless the GM turned the optional rule off.
  const inTheWay =
    getSetting(SETTINGS.crowdCover) === false ? [] : tokensInTheWay(attacker.center, target.center, others);
  const sys = actorSystem(target.actor);
  const isCreature = target.actor?.type === "creature";
  const movement = movementOf(target);
  const speed = sys?.speed;
  return {
    cover,
    token: target,
    input: {
      facts: {
        id: target.document.uuid,
        name: target.name ?? "",
        distance: distanceBetween(attacker, target, unit),
        visible: cover.visible,
        movement,
        animal: isCreature && movement === "ran" && speed && speed !== "slow" ? speed : null,
        vehicleMoving: false,
        size: (isCreature ? sys?.size : "medium") ?? "medium",
        prone: statuses(target).has("prone"),
        cover: cover.cover,
        crowd: inTheWay.length > 0,
      },
      coverReason: cover.reason,
      inTheWay,
    },
  };
}

/** Tokens on the scene as blast occupants: the centres of the grid cells each one covers. */
export function occupants(): Occupant[] {
  return canvas!
    .tokens!.placeables.filter((t) => t.actor)
    .map((t) => {
      const cells: Point[] = [];
      const size = grid().size;
      const cols = Math.max(1, Math.round(t.w / size));
      const rows = Math.max(1, Math.round(t.h / size));
      for (let i = 0; i < cols; i++)
        for (let j = 0; j < rows; j++) cells.push({ x: t.x + (i + 0.5) * size, y: t.y + (j + 0.5) * size });
      return { id: t.document.uuid, cells };
    });
}
