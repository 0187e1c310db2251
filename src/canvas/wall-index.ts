/**
 * The wall index of the viewed scene: every wall placeable of `canvas.walls` filed by where it lies
 * (`rules/geometry/segment-index.ts`), built once per scene the first time a ray is cast and kept current by the
 * wall hooks, so the Foundry caster's own passes (`foundry-caster.ts`: the walls within a pixel of a ray's start,
 * the sight-limited walls along it) visit the walls near the ray instead of every wall on the canvas.
 *
 * Only where walls lie is filed. Whether a wall restricts, and how (door state, direction, sense types,
 * thresholds), is read from its live edge at each ray, as before: v13 re-creates a wall's edge on every change
 * (client/canvas/placeables/wall.mjs `initializeEdge`, `#createEdge`), so an opened door needs no re-filing, only a
 * moved wall does. The index is the page's (one per browser page, {@link perPage}) and belongs to one canvas and
 * one scene: a new scene on the canvas (v13 client/canvas/board.mjs `Canvas#draw` ends in `canvasReady`, and
 * `tearDown` calls `canvasTearDown`) drops it; the hooks registered in {@link registerWallIndexHooks} (the one
 * place) file, re-file and remove single walls. A wall the hooks cannot place (no placeable yet) marks the index
 * stale, and the next ray rebuilds it.
 */

import { SYSTEM_ID } from "../constants.js";
import { perPage } from "../helpers/page-state.js";
import { COVER_MATERIALS, type Point, SegmentIndex, type Wall } from "../rules/index.js";
import { SENSE, wallCover } from "./wall-cover.js";

/** `foundry.canvas.geometry.edges.Edge`, as far as the caster reads it. */
export interface EdgeLike {
  readonly type?: string;
  readonly a: Point;
  readonly b: Point;
  readonly sight: number;
  readonly move: number;
  readonly direction?: number;
  readonly object?: unknown;
}
/** The WallDocument fields the caster reads. */
export interface WallDocLike {
  readonly id: string | null;
  readonly c: readonly number[];
  readonly move: number | null;
  readonly sight: number | null;
  readonly door: number | null;
  readonly ds: number | null;
  /** CONST.WALL_DIRECTIONS: a one-way wall's side. */
  readonly dir?: number | null;
  getFlag(scope: "frontier-tactics", key: "cover" | "height" | "material"): string | undefined;
}
/** `foundry.canvas.placeables.Wall`. */
export interface WallPlaceableLike {
  readonly document?: WallDocLike;
  readonly edge?: EdgeLike | null;
}

/** A wall as the index files it: its placeable, whether it is sight-LIMITED, and its place in the layer's order. */
export interface FiledWall {
  readonly placeable: WallPlaceableLike;
  /** Its document or edge is sight-LIMITED (terrain walls, limited doors): the caster's limited pass reads it. */
  readonly limited: boolean;
  /**
   * The order `canvas.walls.placeables` gave when the index was built (a wall filed again keeps its number; a new one
   * comes last): the caster visits the walls it has to decide on in this order, as the caster before the index did.
   */
  readonly seq: number;
}

export interface WallIndex {
  /** Every wall, filed by where it lies. */
  readonly all: SegmentIndex<FiledWall>;
  /** Counts every change to the filed walls (a caster's walls looked up for several rays hold while it stands). */
  readonly version: number;
  /**
   * What the rules read of each wall (its cover class, material, height: `wallFromDocument`),
   * worked out the first time a ray crosses it and kept until the wall changes: every change to a wall document,
   * its flags included, runs `updateWall`, which files the wall again and forgets this.
   */
  readonly rules: Map<string, Wall>;
}

interface SceneWalls extends WallIndex {
  readonly canvas: object;
  readonly scene: object | null;
  readonly sceneId: string | null;
  readonly placeables: Map<string, WallPlaceableLike>;
  version: number;
  /** The next wall's {@link FiledWall.seq}. */
  seq: number;
  stale: boolean;
}

/** Cells of four grid squares: a wall of a few metres sits in one to four of them, a 30 m ray crosses ~10. */
const SQUARES_PER_CELL = 4;

const state = perPage(() => ({ current: null as SceneWalls | null }));

/** The viewed scene's wall index, built now if it is missing, stale, or another canvas's or scene's. */
export function wallIndex(): WallIndex | null {
  const c = canvas;
  if (!c?.walls) return null;
  const s = state();
  const scene = c.scene ?? null;
  const cur = s.current;
  if (cur && !cur.stale && cur.canvas === c && cur.scene === scene) return cur;
  // A canvas still drawing (or whose draw stopped early: v13 client/canvas/board.mjs `Canvas#draw` returns without
  // `canvasReady` when a layer fails) may not hold every wall yet: its index is used once, never kept.
  if (!c.ready) return build(c, scene);
  s.current = build(c, scene);
  return s.current;
}

function build(c: NonNullable<typeof canvas>, scene: object | null): SceneWalls {
  const size = Number(c.grid?.size) || 100;
  const cell = size * SQUARES_PER_CELL;
  const walls: SceneWalls = {
    canvas: c,
    scene,
    sceneId: c.scene?.id ?? null,
    all: new SegmentIndex(cell),
    placeables: new Map(),
    rules: new Map(),
    version: 0,
    seq: 0,
    stale: false,
  };
  const placeables: readonly WallPlaceableLike[] = c.walls?.placeables ?? [];
  for (const p of placeables) file(walls, p);
  return walls;
}

/** Files a wall where its document says it lies (the points v13 builds its edge from). */
function file(walls: SceneWalls, p: WallPlaceableLike): void {
  const doc = p.document;
  const id = doc?.id;
  if (!doc || !id) return;
  const [ax = 0, ay = 0, bx = 0, by = 0] = doc.c;
  const a = { x: ax, y: ay };
  const b = { x: bx, y: by };
  walls.rules.delete(id);
  walls.placeables.set(id, p);
  const limited = doc.sight === SENSE.LIMITED || p.edge?.sight === SENSE.LIMITED;
  const seq = walls.all.get(id)?.value.seq ?? walls.seq++;
  walls.all.set(id, a, b, { placeable: p, limited, seq });
  walls.version++;
}

function unfile(walls: SceneWalls, id: string): void {
  walls.rules.delete(id);
  walls.placeables.delete(id);
  walls.all.delete(id);
  walls.version++;
}

/** The index a wall document's change concerns: the current one, when the wall is on its scene. */
function indexOf(doc: { readonly parent?: { readonly id?: string | null } | null }): SceneWalls | null {
  const cur = state().current;
  if (!cur || cur.stale) return null;
  return doc.parent?.id && doc.parent.id === cur.sceneId ? cur : null;
}

function onWallChanged(doc: {
  readonly id: string | null;
  readonly parent?: { readonly id?: string | null } | null;
}) {
  const walls = indexOf(doc);
  if (!walls || !doc.id) return;
  // The live placeable first: a walls layer drawn again has new ones (the filed one may be destroyed).
  const p: WallPlaceableLike | undefined = canvas?.walls?.get(doc.id) ?? walls.placeables.get(doc.id);
  if (p?.document) file(walls, p);
  else walls.stale = true;
}

/** The hooks that keep the index current. Registered once, from the system's entry point. */
export function registerWallIndexHooks(): void {
  Hooks.on("createWall", (doc) => onWallChanged(doc));
  Hooks.on("updateWall", (doc) => onWallChanged(doc));
  Hooks.on("deleteWall", (doc) => {
    const walls = indexOf(doc);
    if (walls && doc.id) unfile(walls, doc.id);
  });
  // A scene's walls replaced through the scene itself, a scene drawn or torn down: build afresh at the next ray.
  Hooks.on("updateScene", (scene, changed) => {
    const cur = state().current;
    if (cur && scene.id === cur.sceneId && "walls" in changed) cur.stale = true;
  });
  Hooks.on("canvasReady", () => {
    state().current = null;
  });
  Hooks.on("canvasTearDown", () => {
    state().current = null;
  });
}

/** A stored material, when it is one of the seed's (an unknown key is no material, never an error mid-attack). */
function materialOf(flag: string | undefined): { material?: string } {
  return flag && Object.hasOwn(COVER_MATERIALS, flag) ? { material: flag } : {};
}

/** What the rules read of a wall document (issue 34: here, beside the index that keeps one per wall). */
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
      flag: doc.getFlag(SYSTEM_ID, "cover"),
    }),
    blocksSight: doc.sight !== SENSE.NONE,
    blocksMove: doc.move !== SENSE.NONE,
    // SW-30: the d20 cover lattice reads a low wall apart (rules/d20/cover.ts `D20Wall`).
    ...(doc.getFlag(SYSTEM_ID, "height") === "low" ? { height: "low" as const } : {}),
    // SWN-15: the wall's material (the seed's table), read by the swn profile's cover armour.
    ...materialOf(doc.getFlag(SYSTEM_ID, "material")),
  };
}
