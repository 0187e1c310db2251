/**
 * The Foundry ray caster: `CONFIG.Canvas.polygonBackends.{sight,move}.testCollision` in "all" mode, with each
 * colliding edge's wall turned into our {@link Wall} (cover class from its flag or type). Points are in canvas
 * pixels; only ratios and the order of crossings are used.
 */
import { SYSTEM_ID } from "../constants.js";
import type { Crossing, Point, RayCaster, Wall } from "../rules/index.js";
import { wallCover } from "./wall-cover.js";

interface EdgeLike {
  readonly object?: { readonly document?: WallDocLike; readonly id?: string } | null;
}
interface VertexLike {
  readonly x: number;
  readonly y: number;
  readonly edges?: Set<EdgeLike>;
}
interface WallDocLike {
  readonly id: string | null;
  readonly c: number[];
  readonly move: number;
  readonly sight: number;
  readonly door: number;
  readonly ds: number;
  getFlag(scope: string, key: string): unknown;
}
type Backend = {
  testCollision(a: Point, b: Point, o: { type: string; mode: "all" }): VertexLike[] | boolean | null;
};

export function wallFromDocument(doc: WallDocLike): Wall {
  const [ax = 0, ay = 0, bx = 0, by = 0] = doc.c;
  return {
    id: doc.id ?? "",
    a: { x: ax, y: ay },
    b: { x: bx, y: by },
    cover: wallCover({
      move: doc.move,
      sight: doc.sight,
      door: doc.door,
      ds: doc.ds,
      flag: doc.getFlag(SYSTEM_ID, "cover") as string | undefined,
    }),
    blocksSight: doc.sight !== 0,
    blocksMove: doc.move !== 0,
  };
}

export class FoundryCaster implements RayCaster {
  crossings(from: Point, to: Point): Crossing[] {
    const backends = CONFIG.Canvas.polygonBackends as unknown as Record<string, Backend>;
    const len = Math.hypot(to.x - from.x, to.y - from.y) || 1;
    const byWall = new Map<string, Crossing>();
    for (const type of ["sight", "move"]) {
      const hits = backends[type]?.testCollision(from, to, { type, mode: "all" });
      if (!Array.isArray(hits)) continue;
      for (const v of hits) {
        for (const edge of v.edges ?? []) {
          const doc = edge.object?.document;
          if (!doc?.id || byWall.has(doc.id)) continue;
          const t = Math.hypot(v.x - from.x, v.y - from.y) / len;
          if (t >= 1 - 1e-7) continue;
          byWall.set(doc.id, { wall: wallFromDocument(doc), t, point: { x: v.x, y: v.y } });
        }
      }
    }
    return [...byWall.values()].sort((a, b) => a.t - b.t);
  }
}
