/**
 * The client document classes (`client/documents/*.mjs`) over the common ones in `documents.ts`: what our system
 * subclasses (`Actor`, `Item`, `Combat`) and reads (`Combatant`, `CombatantGroup`, `TokenDocument`,
 * `ChatMessage`, `User`).
 *
 * Follows:
 * - `client/documents/combat.mjs` (search id 18344563855): `turns = this.turns || []` as a class field (so data
 *   preparation inside the constructor runs before subclass fields exist), `prepareDerivedData` sets up turns when
 *   there are none, `setupTurns` sorts `combatants.contents` with `_sortCombatants` UNBOUND, `startCombat`
 *   (`{round: 1, turn: 0}`), `nextTurn` (past the last turn → `nextRound`), `nextRound` (`{round+1, turn: 0}`),
 *   `previousTurn`/`previousRound`, `resetAll`, `rollAll`/`rollNPC`/`rollInitiative`, `_onUpdate` (re-sorts only
 *   when `"combatants" in changed`, otherwise only `current`), the descendant handlers that return early for
 *   anything but `combatants`, `#onModifyCombatants` (`options.combatTurn`), `_manageTurnEvents` and the turn
 *   events run by the active GM only, `_clearMovementHistoryOnStartTurn`, `clearMovementHistories`;
 * - `client/documents/combatant.mjs`: `_prepareGroup` replaces `group` with the group document (or leaves the id
 *   when it is not found) and copies the group's initiative onto the member; `actor`, `token`, `isOwner`,
 *   `isDefeated`, `hasPlayerOwner`, `isNPC`; `_preCreateOperation`/`_preUpdateOperation`/`_preDeleteOperation`
 *   clone the Combat (so a system Combat class is constructed with its combatants) and simulate the new order;
 * - `client/documents/token.mjs` (id 18257454974): `actor` (linked: the world actor; unlinked: a synthetic actor
 *   from the base actor and the token's delta), `movementHistory`, `clearMovementHistory()`, movement recorded
 *   only while the token's combatant is in a started combat (`_shouldRecordMovementHistory`), `move(waypoints)` with
 *   each waypoint's movement `action`, `revertRecordedMovement` (method "undo"), waypoints shaped as
 *   `TokenMeasuredMovementWaypoint` (action, movementId, userId, cost — 0 for "displace");
 *   `getBarAttribute`, `getTrackedAttributes` from a type's schema (ids 13985643099, 16082661053), `bar1`/`bar2` on
 *   a token (BaseToken's fields, defaulting to system.json's primary/secondary token attribute); NOT modelled: the
 *   Token's drawn bars, and a prototype token's defaults (the harness's `prototypeToken` is an ObjectField);
 * - `client/documents/chat-message.mjs` (search ids 16921415918, 18719148835): `applyRollMode`, `getSpeaker`,
 *   `visible`, `isContentVisible`,
 *   `isAuthor`, rolls initialised from their JSON, `renderHTML` (issue 33; async, its hook called synchronously
 *   inside it; differences at the method); NOT modelled (issue 28, attack cards drawn per viewer): the enrichHTML of
 *   `content` and the chat template in `renderHTML`, `_onCreate` → `ui.chat.postOne` and `_onUpdate` →
 *   `ui.chat.updateMessage` (v13 redraws a message on every change), `export`. The scenarios draw a message as the
 *   chat log would with kit `renderMessage` (stored `content` into `.message-content`, then the
 *   `renderChatMessageHTML` hook) and draw it again after each update themselves. Difference: `renderMessage` is
 *   synchronous, the part of `renderHTML` after its awaits; the system's ChatMessage class awaits its drawing code
 *   in `renderHTML` before that part (src/documents/chat-message.ts), and each page has also loaded it once ready
 *   (src/index.ts), which the harness's boot awaits before a test's first step;
 * - `client/documents/user.mjs` (id 8636791199) and `client/documents/collections/users.mjs` (id 18791427765):
 *   `isSelf`, `active`, `isActiveGM`, `query()` (the handler receives `(data, {timeout})` and NO sender).
 * Movement history is recorded from the update (and its `movement` option) rather than v13's full movement pipeline:
 * no grid-snapped intermediate steps, no terrain, no constraint by walls, no `measureMovementPath`. Every move (in a
 * combat or not) carries v13's movement operation `options._movement[tokenId]` (origin, destination, the passed
 * waypoints with their actions, the recorded history before it, the method) to every client, whose
 * `_onUpdateOperation` calls `_onUpdateMovement` and the `moveToken` hook as v13's does; its differences: no
 * `pending` waypoints (a drag arrives whole, as one checkpoint), no spaces or diagonals counted, `distance` is the sum
 * of the passed waypoints' costs, and no region events or movement continuation. Modelled on `#preUpdateMovement`
 * (issue 31 trust review 3.1): `_movementHistory` is kept from an update only with `isUndo` (else deleted); a
 * waypoint's `action` must be a key of `CONFIG.Token.movement.actions` (world.ts models v13 config.mjs's keys), else
 * the move throws; a gap between the recorded history's last waypoint and where the token stands gets v13's
 * "displace" waypoint at the origin (not explicit, the mover's userId); `revertRecordedMovement` is v13's owner
 * update `{x, y, elevation, _movementHistory: history.slice(0, index)}` with `{isUndo: true}` (no id: all of it),
 * never recorded. Differences: an undo's one passed waypoint is a "displace" to the destination (v13 infers it
 * with `#inferMovementWaypoints`), and an undo's `history.recorded` is the history before it.
 * `Combatant#_preDeleteOperation` mirrors the indexed v13 copy, including its static `this.turn` (see there): deleting
 * the acting combatant hands the turn on by index only, and deleting the last one in order moves every client to
 * the next round locally while the stored round stays.
 */
import { GRID_TYPES, HexOrientedSquareGrid, SquareGrid } from "./canvas.js";
import { CONST, DICE_ROLL_MODES } from "./constants.js";
import { currentClient } from "./context.js";
import { DataModel } from "./data-model.js";
import { Roll } from "./dice.js";
import {
  BaseActiveEffect,
  BaseActor,
  BaseAmbientLight,
  BaseChatMessage,
  BaseCombat,
  BaseCombatant,
  BaseCombatantGroup,
  BaseFolder,
  BaseItem,
  BaseJournalEntry,
  BaseJournalEntryPage,
  BaseMacro,
  BaseMeasuredTemplate,
  BaseRegion,
  BaseRegionBehavior,
  BaseScene,
  BaseSetting,
  BaseToken,
  BaseUser,
  BaseWall,
  Collection,
  dryRunUpdate,
  WorldCollection,
} from "./documents.js";
import { EmbeddedDataField, NumberField, SchemaField } from "./fields.js";
import { Hooks } from "./hooks.js";
import {
  deepClone,
  expandObject,
  getProperty,
  getType,
  isEmpty,
  isSubclass,
  mergeObject,
  randomID,
} from "./utils.js";

type Src = Record<string, any>;
const g = () => globalThis as any;

/* -------------------------------------------- */

export class User extends BaseUser {
  get isSelf(): boolean {
    return g().game.userId === this.id;
  }
  get active(): boolean {
    return currentClient() && (g().game.activeUserIds as Set<string>).has(this.id ?? "");
  }
  get isActiveGM(): boolean {
    return this.active && g().game.users.activeGM === this;
  }
  get targets(): Set<any> {
    return this.isSelf ? g().game.userTargets : new Set();
  }
  /**
   * `User#assignHotbarMacro` (client/documents/user.mjs, code index id 8636791199): the macro's id in `hotbar[slot]`
   * (the first free slot 1–50 when none is given; null clears the slot), one update of this user. Differences: no
   * `fromSlot` swap, no "Invalid Macro provided" check, a full bar throws "Invalid Hotbar slot requested" (v13: "No
   * available Hotbar slot exists"), and the same macro in the same slot is written again (v13 returns at once).
   */
  async assignHotbarMacro(macro: any, slot?: number | string | null): Promise<this> {
    const hotbar: Record<string, string> = { ...((this as any).hotbar ?? {}) };
    let at = slot === undefined || slot === null || slot === "" ? NaN : Number(slot);
    if (Number.isNaN(at)) for (let i = 1; i <= 50 && Number.isNaN(at); i++) if (!(i in hotbar)) at = i;
    if (!(at >= 1 && at <= 50)) throw new Error("Invalid Hotbar slot requested");
    if (macro) hotbar[at] = macro.id;
    else delete hotbar[at];
    await (this as any).update({ hotbar }, { diff: false, recursive: false, noHook: true });
    return this;
  }
  /** `User#query` (client/documents/user.mjs). */
  async query(
    queryName: string,
    queryData: unknown,
    { timeout }: { timeout?: number } = {},
  ): Promise<unknown> {
    if (!(queryName in g().CONFIG.queries)) throw new Error(`User query '${queryName}' is not registered`);
    if (!g().game.user.hasPermission("QUERY_USER"))
      throw new Error("You do not have permission to query users");
    if (!this.active) throw new Error(`User [${this.id}] is not active`);
    const result = await (currentClient() as any).sendQuery(this.id, queryName, queryData, { timeout });
    if (result.status === "rejected") throw new Error(result.reason);
    return result.value;
  }
}

/** `game.users` (client/documents/collections/users.mjs). */
export class Users extends WorldCollection<User> {
  get activeGM(): User | null {
    const gms = this.filter((u) => u.active && u.isGM);
    gms.sort((a, b) => b.role - a.role || String(a.id).localeCompare(String(b.id)));
    return gms[0] ?? null;
  }
  get current(): User | undefined {
    return this.get(g().game.userId);
  }
  get players(): User[] {
    return this.filter((u) => !u.isGM && u.hasRole("PLAYER"));
  }
}

/* -------------------------------------------- */

/**
 * `client/data/client-backend.mjs` `#adjustActorDeltaRequest` (search id 8223665884): an operation on an embedded
 * child of a token's synthetic actor (`item.update()` on an unlinked NPC's weapon) is sent to the token's
 * ActorDelta, not to a world actor. Here it goes through the synthetic actor's embedded-document methods, which
 * write the token's delta.
 */
const viaDelta = (operation: Src): any => (operation.parent?.isToken ? operation.parent : null);

export class ActiveEffect extends BaseActiveEffect {
  declare statuses: string[];
  declare disabled: boolean;
  static override async createDocuments(data: any[] = [], operation: Src = {}): Promise<any[]> {
    const { parent: _parent, ...rest } = operation;
    const a = viaDelta(operation);
    return a ? a.createEmbeddedDocuments("ActiveEffect", data, rest) : super.createDocuments(data, operation);
  }
  static override async updateDocuments(updates: Src[] = [], operation: Src = {}): Promise<any[]> {
    const { parent: _parent, ...rest } = operation;
    const a = viaDelta(operation);
    return a
      ? a.updateEmbeddedDocuments("ActiveEffect", updates, rest)
      : super.updateDocuments(updates, operation);
  }
  static override async deleteDocuments(ids: string[] = [], operation: Src = {}): Promise<any[]> {
    const { parent: _parent, ...rest } = operation;
    const a = viaDelta(operation);
    return a ? a.deleteEmbeddedDocuments("ActiveEffect", ids, rest) : super.deleteDocuments(ids, operation);
  }
}

export class Actor extends BaseActor {
  declare type: string;
  declare name: string;
  declare system: any;
  declare items: Collection<any>;
  declare effects: Collection<any>;
  get isToken(): boolean {
    return !!this.parent && this.parent.documentName === "Token";
  }
  get token(): any {
    return this.isToken ? this.parent : null;
  }
  override get uuid(): string {
    return this.isToken ? `${this.parent.uuid}.Actor.${this.id}` : super.uuid;
  }
  override get isEmbedded(): boolean {
    return false;
  }
  override get collection(): any {
    return this.isToken ? null : g().game.actors;
  }
  get statuses(): Set<string> {
    const s = new Set<string>();
    for (const e of this.effects ?? []) if (!e.disabled) for (const id of e.statuses ?? []) s.add(id);
    return s;
  }
  override getUserLevel(user: any): number {
    // A synthetic actor has its base actor's ownership (ActorDelta defers to its parent token → base actor).
    if (this.isToken) return this.parent.getUserLevel(user);
    return super.getUserLevel(user);
  }
  override testUserPermission(user: any, permission: string | number, options = {}): boolean {
    if (this.isToken) return this.parent.testUserPermission(user, permission, options);
    return super.testUserPermission(user, permission, options);
  }

  /** Tokens of this actor on the viewed scene's canvas (client/documents/actor.mjs). */
  getActiveTokens(linked = false, document = false): any[] {
    const canvas = g().canvas;
    if (!canvas?.ready) return [];
    const out: any[] = [];
    for (const t of canvas.tokens.placeables) {
      const doc = t.document;
      const mine = this.isToken ? doc === this.token : doc.actorId === this.id && (!linked || doc.actorLink);
      if (mine && (!this.isToken ? doc.actorLink || !linked : true)) out.push(document ? doc : t);
    }
    return out;
  }

  /** `Actor#toggleStatusEffect` (v13): creates or deletes the status's ActiveEffect. */
  async toggleStatusEffect(
    statusId: string,
    { active, overlay = false }: { active?: boolean; overlay?: boolean } = {},
  ) {
    const existing = this.effects.filter((e: any) => e.statuses?.includes(statusId));
    const on = existing.length > 0;
    active ??= !on;
    if (active === on) return true;
    if (!active) {
      await this.deleteEmbeddedDocuments(
        "ActiveEffect",
        existing.map((e: any) => e.id),
      );
      return false;
    }
    const status = (g().CONFIG.statusEffects as { id: string; name: string; img: string }[]).find(
      (s) => s.id === statusId,
    );
    if (!status) throw new Error(`Invalid status ID "${statusId}" provided to Actor#toggleStatusEffect`);
    const [effect] = await this.createEmbeddedDocuments("ActiveEffect", [
      { name: status.name, img: status.img, statuses: [statusId], flags: { core: { overlay } } },
    ]);
    return effect;
  }

  /* A synthetic actor writes through its token's delta (client/documents/actor.mjs + token.mjs ActorDelta). */
  /**
   * A synthetic actor's update goes through the Actor half of the client backend first (client-backend.mjs
   * `#preUpdateDocumentArray` with the token as parent: `migrateData`, `_preUpdate`, the `preUpdateActor` hook, the
   * dry-run `updateSource` against the Actor schema, whose failure is a notification and no write), and only then
   * becomes the token's delta update (`#adjustActorDeltaRequest`).
   */
  override async update(data: Src = {}, operation: Src = {}): Promise<any> {
    if (!this.isToken) return super.update(data, operation);
    const user = g().game.user;
    let changes = expandObject(data);
    delete changes._id;
    changes = (this.constructor as any).migrateData(changes);
    if ((await this._preUpdate(changes, operation, user)) === false) return undefined;
    if (!operation.noHook && Hooks.call("preUpdateActor", this, changes, operation, user.id) === false)
      return undefined;
    const diff = dryRunUpdate(this, deepClone(changes), operation.recursive);
    if (!diff) return undefined;
    if (operation.diff !== false && isEmpty(diff)) return undefined;
    // The delta is a document of its own in v13 (ActorDelta, `#adjustActorDeltaRequest`): a non-recursive update
    // replaces the keys it names (`system` whole), never the delta's other keys (name, items, effects).
    const written = operation.diff === false ? changes : diff;
    const delta =
      operation.recursive === false ? { ...deepClone(this.token._source.delta ?? {}), ...written } : written;
    await this.token.update({ delta }, operation);
    return this;
  }
  override async createEmbeddedDocuments(
    name: string,
    data: Src[] = [],
    operation: Src = {},
  ): Promise<any[]> {
    if (!this.isToken) return super.createEmbeddedDocuments(name, data, operation);
    const coll = this.getEmbeddedCollection(name).name;
    const created = data.map((d) => ({ ...deepClone(d), _id: d._id ?? g().foundry.utils.randomID() }));
    const next = [...this.toObject()[coll], ...created];
    await this.token.update({ delta: { [coll]: next } }, { ...operation, recursive: true });
    return created.map((c) => this.getEmbeddedCollection(name).get(c._id));
  }
  override async updateEmbeddedDocuments(
    name: string,
    updates: Src[] = [],
    operation: Src = {},
  ): Promise<any[]> {
    if (!this.isToken) return super.updateEmbeddedDocuments(name, updates, operation);
    const coll = this.getEmbeddedCollection(name).name;
    const next = (this.toObject()[coll] as Src[]).map((src) => {
      const u = updates.find((x) => x._id === src._id);
      return u ? mergeObject(src, expandObject(u), { inplace: false }) : src;
    });
    await this.token.update({ delta: { [coll]: next } }, operation);
    return updates.map((u) => this.getEmbeddedCollection(name).get(u._id));
  }
  override async deleteEmbeddedDocuments(
    name: string,
    ids: string[] = [],
    operation: Src = {},
  ): Promise<any[]> {
    if (!this.isToken) return super.deleteEmbeddedDocuments(name, ids, operation);
    const coll = this.getEmbeddedCollection(name).name;
    const next = (this.toObject()[coll] as Src[]).filter((s) => !ids.includes(s._id));
    await this.token.update({ delta: { [coll]: next } }, operation);
    return [];
  }
}

export class Item extends BaseItem {
  declare type: string;
  declare name: string;
  declare system: any;
  static override async createDocuments(data: any[] = [], operation: Src = {}): Promise<any[]> {
    const { parent: _parent, ...rest } = operation;
    const a = viaDelta(operation);
    return a ? a.createEmbeddedDocuments("Item", data, rest) : super.createDocuments(data, operation);
  }
  static override async updateDocuments(updates: Src[] = [], operation: Src = {}): Promise<any[]> {
    const { parent: _parent, ...rest } = operation;
    const a = viaDelta(operation);
    return a ? a.updateEmbeddedDocuments("Item", updates, rest) : super.updateDocuments(updates, operation);
  }
  static override async deleteDocuments(ids: string[] = [], operation: Src = {}): Promise<any[]> {
    const { parent: _parent, ...rest } = operation;
    const a = viaDelta(operation);
    return a ? a.deleteEmbeddedDocuments("Item", ids, rest) : super.deleteDocuments(ids, operation);
  }
  get actor(): any {
    return this.parent?.documentName === "Actor" ? this.parent : null;
  }
  override get uuid(): string {
    return this.parent ? `${this.parent.uuid}.Item.${this.id}` : super.uuid;
  }
}

/* -------------------------------------------- */

/**
 * v13 client/documents/scene.mjs `prepareBaseData`: `this.grid = Scene.#getGrid(this)` — every Scene has its grid
 * instance (a square grid's `diagonals` from `core.gridDiagonals`), viewed or not, so `scene.grid.measurePath` is
 * always there. Harness difference: `grid` stays the scene's grid data, given the instance's `measurePath`
 * (non-enumerable, so the stored data is unchanged), built from that data as `canvas.grid` is (canvas.ts
 * `FoundryCanvas#grid`: the data's `diagonals` stands for the setting); gridless scenes get none.
 */
export class Scene extends BaseScene {
  declare grid: { size: number; distance: number; units: string; type: number; diagonals?: number };
  override prepareBaseData(): void {
    super.prepareBaseData();
    const data = this.grid;
    if (!data || data.type === GRID_TYPES.GRIDLESS) return;
    const config = { size: data.size, distance: data.distance, units: data.units, diagonals: data.diagonals };
    const grid =
      data.type === GRID_TYPES.SQUARE ? new SquareGrid(config) : new HexOrientedSquareGrid(data.type, config);
    Object.defineProperty(data, "measurePath", {
      value: (
        path: Parameters<SquareGrid["measurePath"]>[0],
        options?: Parameters<SquareGrid["measurePath"]>[1],
      ) => grid.measurePath(path, options),
      configurable: true,
      enumerable: false,
    });
  }
  declare tokens: Collection<TokenDocument>;
  declare walls: Collection<any>;
  declare regions: Collection<any>;
  declare lights: Collection<any>;
  declare templates: Collection<any>;
  get isView(): boolean {
    return g().game.scenes.viewed === this;
  }
  /**
   * Issue 32 (a GM views and activates an imported scene). `Scene#view` and `#activate` modelled from memory of v13
   * client/documents/scene.mjs (not read from the source here): `view()` makes it this client's viewed scene and
   * draws its canvas; `activate()` updates `active: true`, and `_onUpdate` of an activation makes every client view
   * it (`game.scenes.current`). No loading screen, no other scene deactivated here (a scenario has one scene).
   */
  async view(): Promise<this> {
    g().game.scenes.viewed = this;
    (currentClient() as { refreshCanvas?: () => void }).refreshCanvas?.();
    return this;
  }
  async activate(): Promise<this> {
    await this.update({ active: true });
    return this;
  }
  override _onUpdate(changed: Src, options: Src, userId: string): void {
    super._onUpdate(changed, options, userId);
    if (changed.active === true) {
      g().game.scenes.current = this;
      void this.view();
    }
  }
}

export class WallDocument extends BaseWall {}
export class AmbientLightDocument extends BaseAmbientLight {}
export class MeasuredTemplateDocument extends BaseMeasuredTemplate {}
/**
 * `client/documents/region.mjs` (v13, local mirror umplacable/foundryVTT `foundryvtt/client/documents/region.mjs`):
 * `prepareBaseData` reads a null elevation bottom/top as ∓Infinity, and `testPoint(point)` asks whether an
 * ElevatedPoint lies in the elevation band and in the region's polygon tree. Core builds that tree with Clipper from
 * the shapes in order — consecutive non-holes united, then consecutive holes subtracted (`#buildClipperBatches`) —
 * which for one point is: walk the shapes in order, a non-hole containing it sets "inside", a hole containing it
 * clears it. Shapes are `common/data/data.mjs` RectangleShapeData (x, y top-left, width, height, rotation about the
 * centre), CircleShapeData (x, y centre, radius), EllipseShapeData (x, y, radiusX, radiusY, rotation) and
 * PolygonShapeData (flat `points`). Core's boundary tolerance (`#MIN_BOUNDARY_DISTANCE`, ~1e-4 px) is not modelled.
 */
export class RegionDocument extends BaseRegion {
  declare name: string;
  declare shapes: Src[];
  declare elevation: { bottom: number; top: number };
  declare behaviors: Collection<RegionBehavior>;
  override prepareBaseData(): void {
    super.prepareBaseData();
    this.elevation.bottom ??= -Infinity;
    this.elevation.top ??= Infinity;
  }
  testPoint(point: { x: number; y: number; elevation: number }): boolean {
    const { bottom, top } = this.elevation;
    if (!(bottom <= point.elevation && point.elevation <= top)) return false;
    let inside = false;
    for (const shape of this.shapes) {
      if (shapeContains(shape, point)) inside = !shape.hole;
    }
    return inside;
  }
}

function shapeContains(shape: Src, p: { x: number; y: number }): boolean {
  const rotate = (cx: number, cy: number, deg: number) => {
    const r = (-(deg ?? 0) * Math.PI) / 180;
    const dx = p.x - cx;
    const dy = p.y - cy;
    return { x: dx * Math.cos(r) - dy * Math.sin(r), y: dx * Math.sin(r) + dy * Math.cos(r) };
  };
  switch (shape.type) {
    case "rectangle": {
      const cx = shape.x + shape.width / 2;
      const cy = shape.y + shape.height / 2;
      const q = rotate(cx, cy, shape.rotation);
      return Math.abs(q.x) <= shape.width / 2 && Math.abs(q.y) <= shape.height / 2;
    }
    case "circle":
      return (p.x - shape.x) ** 2 + (p.y - shape.y) ** 2 <= shape.radius ** 2;
    case "ellipse": {
      const q = rotate(shape.x, shape.y, shape.rotation);
      return (q.x / shape.radiusX) ** 2 + (q.y / shape.radiusY) ** 2 <= 1;
    }
    case "polygon": {
      const pts: number[] = shape.points ?? [];
      let inside = false;
      for (let i = 0, j = pts.length - 2; i < pts.length; j = i, i += 2) {
        const [xi, yi, xj, yj] = [pts[i]!, pts[i + 1]!, pts[j]!, pts[j + 1]!];
        if (yi > p.y !== yj > p.y && p.x < ((xj - xi) * (p.y - yi)) / (yj - yi) + xi) inside = !inside;
      }
      return inside;
    }
    default:
      return false;
  }
}

/**
 * `client/documents/region-behavior.mjs` (v13, same mirror): `region`, `scene`, and `active` — created, not deleted,
 * not disabled (core compares the instances in the parents' collections).
 */
export class RegionBehavior extends BaseRegionBehavior {
  declare type: string;
  declare system: any;
  declare disabled: boolean;
  get region(): RegionDocument | null {
    return this.parent ?? null;
  }
  get scene(): any {
    return this.region?.parent ?? null;
  }
  get active(): boolean {
    const region = this.region;
    return (
      !this.disabled &&
      region?.behaviors.get(this.id as string) === this &&
      this.scene?.regions.get(region.id) === region
    );
  }
}

export class TokenDocument extends BaseToken {
  declare actorId: string | null;
  declare actorLink: boolean;
  declare delta: Src;
  declare x: number;
  declare y: number;
  declare width: number;
  declare height: number;
  declare elevation: number;
  declare hidden: boolean;
  declare disposition: number;
  declare name: string;
  declare _movementHistory: Src[];
  #synthetic: any = null;
  #syntheticKey = "";

  get baseActor(): any {
    return this.actorId ? g().game.actors.get(this.actorId) : null;
  }
  override baseActorFor(): any {
    return this.baseActor;
  }
  get actor(): any {
    const base = this.baseActor;
    if (!base) return null;
    if (this.actorLink) return base;
    const key = JSON.stringify([base._source, this._source.delta]);
    if (this.#synthetic && this.#syntheticKey === key) return this.#synthetic;
    const data = mergeObject(base.toObject(), deepClone(this._source.delta ?? {}), { inplace: false });
    const ActorClass = g().CONFIG.Actor.documentClass;
    this.#synthetic = new ActorClass(data, { parent: this });
    this.#synthetic._safePrepareData();
    this.#syntheticKey = key;
    return this.#synthetic;
  }
  /**
   * `client/documents/token.mjs` `getEmbeddedCollection` (search id 18257454974): an unlinked token resolves "Actor"
   * to a one-entry collection holding its synthetic actor under the base actor's id, and "Item" / "ActiveEffect" to
   * that actor's, so `fromUuid("Scene.s.Token.t.Actor.a")` finds the synthetic actor.
   */
  override getEmbeddedCollection(name: string): any {
    if (this.actorLink) return super.getEmbeddedCollection(name);
    switch (name) {
      case "Actor": {
        const actors = new Collection<any>();
        const actor = this.actor;
        if (actor && this.actorId) actors.set(this.actorId, actor);
        return actors;
      }
      case "Item":
        return this.actor?.items;
      case "ActiveEffect":
        return this.actor?.effects;
    }
    return super.getEmbeddedCollection(name);
  }
  get object(): any {
    return g().canvas?.tokens?.get?.(this.id) ?? null;
  }
  get combatant(): any {
    return g().game.combat?.combatants.find(
      (c: any) => c.tokenId === this.id && c.sceneId === this.parent?.id,
    );
  }
  get inCombat(): boolean {
    return !!this.combatant;
  }
  /**
   * `TokenDocument#getBarAttribute` (client/documents/token.mjs, search ids 13985643099, 16082661053): the bar's
   * attribute path read from the actor's system data — a number is a "value", an object with `value` and `max` a
   * "bar". v13 also lends it to `PrototypeToken` (`PrototypeToken.prototype.getBarAttribute = …`), so it is callable
   * with a prototype token and its actor as `this`.
   */
  getBarAttribute(
    this: { actor?: any; [bar: string]: any },
    barName: string,
    { alternative }: Src = {},
  ): Src | null {
    const attr = alternative || this[barName]?.attribute;
    if (!attr || !this.actor) return null;
    const data = getProperty(this.actor.system, attr) as any;
    if (data === null || data === undefined) return null;
    const model = g().CONFIG.Actor.dataModels?.[this.actor.type]?.schema;
    if (Number.isFinite(Number(data)) && typeof data !== "object")
      return { type: "value", attribute: attr, value: Number(data), editable: !!model?.getField?.(attr) };
    if (typeof data === "object" && "value" in data && "max" in data)
      return {
        type: "bar",
        attribute: attr,
        value: Number.parseInt(data.value || 0, 10),
        max: Number.parseInt(data.max || 0, 10),
        editable: !!model?.getField?.(`${attr}.value`),
      };
    return null;
  }

  /**
   * `TokenDocument.getTrackedAttributes(data, _path)` (client/documents/token.mjs, id 16082661053): from a data model
   * (class or instance) or a SchemaField, by its schema — a schema with both `value` and `max` fields is a bar, a
   * NumberField a value; from a plain object by its keys; from an Actor type, `CONFIG.Actor.trackableAttributes`
   * when configured, else every type's data model (case 4 reads `CONFIG.Actor.dataModels`; v13 walks
   * `game.model.Actor` and takes each type's data model).
   */
  static getTrackedAttributes(data?: any, _path: string[] = []): { bar: string[][]; value: string[][] } {
    if (data instanceof DataModel || isSubclass(data, DataModel as any))
      return TokenDocument._getTrackedAttributesFromSchema(data.schema, _path);
    if (data instanceof SchemaField) return TokenDocument._getTrackedAttributesFromSchema(data, _path);
    if (["Object", "Array"].includes(getType(data)))
      return TokenDocument._getTrackedAttributesFromObject(data, _path);
    if (!data || typeof data === "string") {
      const config = TokenDocument._getConfiguredTrackedAttributes(data);
      if (config) return config;
      data = undefined;
    }
    if (data !== undefined) return { bar: [], value: [] };
    const bar = new Set<string>();
    const value = new Set<string>();
    for (const model of Object.values(g().CONFIG.Actor.dataModels ?? {})) {
      const inner = TokenDocument.getTrackedAttributes(model, _path);
      for (const a of inner.bar) bar.add(a.join("."));
      for (const a of inner.value) value.add(a.join("."));
    }
    return { bar: [...bar].map((a) => a.split(".")), value: [...value].map((a) => a.split(".")) };
  }
  static _getTrackedAttributesFromObject(
    data: Src,
    _path: string[] = [],
  ): { bar: string[][]; value: string[][] } {
    const attributes = { bar: [] as string[][], value: [] as string[][] };
    for (const [k, v] of Object.entries(data)) {
      const p = _path.concat([k]);
      if (v instanceof Object) {
        if (k === "_source") continue;
        if ("value" in v && "max" in v) attributes.bar.push(p);
        else {
          const inner = TokenDocument.getTrackedAttributes(v, p);
          attributes.bar.push(...inner.bar);
          attributes.value.push(...inner.value);
        }
      } else if (Number.isFinite(Number(v)) || v === null) attributes.value.push(p);
    }
    return attributes;
  }
  static _getTrackedAttributesFromSchema(
    schema: any,
    _path: string[] = [],
  ): { bar: string[][]; value: string[][] } {
    const attributes = { bar: [] as string[][], value: [] as string[][] };
    for (const [name, field] of Object.entries<any>(schema.fields)) {
      const p = _path.concat([name]);
      if (field instanceof NumberField) attributes.value.push(p);
      const isSchema = field instanceof SchemaField;
      const isModel = field instanceof EmbeddedDataField;
      if (isSchema || isModel) {
        const inner = isModel ? (field as any).model.schema : field;
        if (inner.has("value") && inner.has("max")) attributes.bar.push(p);
        else {
          const found = TokenDocument.getTrackedAttributes(inner, p);
          attributes.bar.push(...found.bar);
          attributes.value.push(...found.value);
        }
      }
    }
    return attributes;
  }
  static _getConfiguredTrackedAttributes(type?: string): { bar: string[][]; value: string[][] } | undefined {
    const configured = g().CONFIG.Actor.trackableAttributes;
    if (isEmpty(configured ?? {})) return undefined;
    let config = deepClone(configured[type ?? ""]);
    if (isEmpty(config ?? {})) {
      const bar = new Set<string>();
      const value = new Set<string>();
      for (const attrs of Object.values<any>(configured)) {
        for (const a of attrs.bar ?? []) bar.add(a);
        for (const a of attrs.value ?? []) value.add(a);
      }
      config = { bar: [...bar], value: [...value] };
    }
    return {
      bar: (config.bar ?? []).map((a: string) => a.split(".")),
      value: (config.value ?? []).map((a: string) => a.split(".")),
    };
  }

  /** v13 `movementHistory` (client/documents/token.mjs, id 18257454974): the recorded waypoints. */
  get movementHistory(): Src[] {
    return this._movementHistory;
  }
  _shouldRecordMovementHistory(): boolean {
    const c = this.combatant;
    return !!c && !!c.parent?.started;
  }
  async clearMovementHistory(): Promise<void> {
    await this.update({}, { diff: false, noHook: true, _clearMovementHistory: true });
  }
  /**
   * v13 `TokenDocument#move(waypoints, options)`: each waypoint may name its movement `action` (the default is the
   * token's movement action, "walk" here: the harness's schema has no `movementAction`); the token goes to the last
   * one in one update whose `movement` option carries the waypoints and the `method` (default "api").
   */
  async move(waypoints: Src | Src[], options: Src = {}): Promise<boolean> {
    const list = Array.isArray(waypoints) ? waypoints : [waypoints];
    if (!list.length) return false;
    const { method = "api", ...rest } = options;
    const last = list.at(-1)!;
    const to = { x: last.x ?? this.x, y: last.y ?? this.y, elevation: last.elevation ?? this.elevation };
    await this.update(to, { ...rest, movement: { [this.id!]: { waypoints: list, method } } });
    return true;
  }
  /**
   * v13 `TokenDocument#revertRecordedMovement(movementId?)` (API: "Undo all recorded movement or the recorded
   * movement corresponding to given movement ID up to the last movement. The token is displaced to the prior
   * recorded position and the movement history is rolled back accordingly"): the token goes back (an `isUndo`
   * update, method "undo") and the history loses that movement and every later one.
   */
  async revertRecordedMovement(movementId?: string): Promise<boolean> {
    // v13 (token.mjs): `movementId ??= history.at(0).movementId` (undo all), the token displaced to
    // `history[Math.max(index - 1, 0)]` by `update({x, y, …, _movementHistory: history.slice(0, index)},
    // {isUndo: true, diff: false, animate: false})`.
    const history = this._source._movementHistory as Src[];
    if (!history.length) return false;
    const id = movementId ?? history.at(0)!.movementId;
    const i = history.findIndex((w) => w.movementId === id);
    if (i < 0) return false;
    const back = history[Math.max(i - 1, 0)]!;
    await this.update(
      { x: back.x, y: back.y, elevation: back.elevation, _movementHistory: history.slice(0, i) },
      { isUndo: true, diff: false, animate: false },
    );
    return true;
  }
  /**
   * Record a move made in a started combat as v13's movement operations do (client/documents/token.mjs,
   * `TokenMeasuredMovementWaypoint`): one waypoint per given waypoint (a plain x/y update is one waypoint, method
   * "api"), each with its `action`, `movementId`, `userId`, `explicit`/`checkpoint`/`intermediate` and `cost` (0 for
   * "displace", whose action config has `measure: false` and a zero cost, v13 CONFIG.Token.movement.actions); the
   * origin is the first waypoint of an empty history. An "undo" rolls the history back instead. Not modelled: the
   * grid-snapped intermediate steps v13 adds along a dragged path, terrain, constraint by walls.
   */
  override async _preUpdate(changes: Src, options: Src, user: any): Promise<boolean | undefined> {
    const r = await super._preUpdate(changes, options, user);
    if (r === false) return false;
    // v13 `#preUpdateMovement`: "Prevent movement history from being changed directly except for explicit reset" —
    // `if ( !options.isUndo ) delete changed._movementHistory`. An undo keeps the history its author sent.
    if (!options.isUndo) delete changes._movementHistory;
    if (options._clearMovementHistory) {
      changes._movementHistory = [];
      return undefined;
    }
    const moving = "x" in changes || "y" in changes || "elevation" in changes;
    if (!moving) return undefined;
    // v13 `#cleanAndValiateMovementWaypoints`: a waypoint's action must be a key of CONFIG.Token.movement.actions.
    const actions = g().CONFIG?.Token?.movement?.actions;
    for (const w of options.movement?.[this.id!]?.waypoints ?? [])
      if (w.action !== undefined && actions && !(w.action in actions))
        throw new Error(`The movement action "${w.action}" is invalid`);
    const recorded = this._shouldRecordMovementHistory();
    const movement = options.movement?.[this.id!] ?? { waypoints: [{}], method: "api" };
    const movementId = randomID();
    const origin = {
      x: this._source.x,
      y: this._source.y,
      elevation: this._source.elevation,
      width: this.width,
      height: this.height,
      shape: this._source.shape ?? 0,
    };
    if (options.isUndo) {
      // v13: an undo is never recorded (`recorded = !options.isUndo && …`), its passed waypoints are the inferred
      // one (`[passed, pending] = [waypoints, []]`), and the history is the `_movementHistory` the update carries.
      const back = { ...origin, x: changes.x ?? this.x, y: changes.y ?? this.y, action: "displace", cost: 0 };
      this.#recordOperation(options, movementId, origin, [back], "undo", false);
      return undefined;
    }
    const shape = { width: this.width, height: this.height, shape: this._source.shape ?? 0 };
    const mark = (w: Src, action: string, explicit: boolean): Src => ({
      x: w.x,
      y: w.y,
      elevation: w.elevation,
      ...shape,
      action,
      terrain: null,
      snapped: false,
      explicit,
      checkpoint: explicit,
      intermediate: false,
      userId: user?.id ?? g().game.userId,
      movementId,
      cost: 0,
    });
    const given0: Src[] = movement.waypoints?.length ? movement.waypoints : [{}];
    // v13: "Add the initial waypoint or a teleport waypoint if there's a gap if we previously moved without
    // recording": the origin, with the first waypoint's action on an empty history, else a "displace" (not explicit).
    const previous = this._movementHistory.at(-1);
    const gap = !previous || previous.x !== this._source.x || previous.y !== this._source.y;
    const history: Src[] = [...this._movementHistory];
    if (gap)
      history.push(
        mark(
          { x: this._source.x, y: this._source.y, elevation: this._source.elevation },
          previous ? "displace" : (given0[0]?.action ?? "walk"),
          !previous,
        ),
      );
    const recordedBefore = this._movementHistory.length;
    let prev = history.at(-1)!;
    const given: Src[] = movement.waypoints?.length ? movement.waypoints : [{}];
    given.forEach((w: Src, i: number) => {
      const last = i === given.length - 1;
      const at = {
        x: last ? (changes.x ?? this.x) : (w.x ?? prev.x),
        y: last ? (changes.y ?? this.y) : (w.y ?? prev.y),
        elevation: last ? (changes.elevation ?? this.elevation) : (w.elevation ?? prev.elevation),
      };
      const action = w.action ?? given[i - 1]?.action ?? "walk";
      const point = mark(at, action, true);
      const grid = g().canvas?.grid;
      const size = grid?.size ?? 100;
      const centre = (p: Src) => ({ x: p.x + (this.width * size) / 2, y: p.y + (this.height * size) / 2 });
      point.cost =
        action === "displace" || !grid?.measurePath
          ? 0
          : grid.measurePath([centre(prev), centre(point)], {}).distance;
      history.push(point);
      prev = point;
    });
    this.#recordOperation(
      options,
      movementId,
      origin,
      history.slice(history.length - given.length),
      movement.method,
      recorded,
      history.slice(0, recordedBefore),
    );
    if (recorded) changes._movementHistory = history;
    return undefined;
  }

  /**
   * v13 `TokenDocument#_preUpdate` → `#preUpdateMovement` (client/documents/token.mjs, id 18257454974): the movement
   * operation `options._movement[id]` — `{id, chain, origin, destination, passed: {waypoints, distance, cost},
   * pending, history: {recorded, unrecorded}, constrained, recorded, method}` — that every client's
   * `_onUpdateOperation` hands to `_onUpdateMovement` and the `moveToken` hook. Modelled: the passed waypoints (with
   * their action), origin, destination, the recorded history before this movement, the method; not: pending
   * waypoints (a drag arrives whole), spaces, diagonals, terrain, constraint, the animation options.
   */
  #recordOperation(
    options: Src,
    movementId: string,
    origin: Src,
    passed: Src[],
    method: string,
    recorded: boolean,
    before: Src[] = this._movementHistory,
  ): void {
    const last = passed.at(-1) ?? origin;
    const distance = passed.reduce((sum, w) => sum + (w.cost ?? 0), 0);
    const section = (waypoints: Src[], d = 0) => ({
      waypoints,
      distance: d,
      cost: d,
      spaces: 0,
      diagonals: 0,
    });
    options._movement ??= {};
    options._movement[this.id!] = {
      id: movementId,
      chain: [],
      origin,
      destination: { ...origin, x: last.x, y: last.y, elevation: last.elevation ?? origin.elevation },
      passed: section(passed, distance),
      pending: section([]),
      history: { recorded: section([...before]), unrecorded: section([]), distance: 0, cost: 0 },
      constrained: false,
      recorded,
      method,
    };
  }

  /** v13 `_onUpdateMovement(movement, operation, user)`: called on every client for a movement (no-op in core). */
  _onUpdateMovement(_movement: Src, _operation: Src, _user: any): void {}

  /**
   * v13 `TokenDocument._onUpdateOperation` → `#onUpdateOperationMovement` (token.mjs, id 18257454974): on every client,
   * for each moved token `document._onUpdateMovement(movement, operation, user)` then
   * `Hooks.callAll("moveToken", document, movement, operation, user)`. Region events and movement continuation are not
   * modelled here.
   */
  static override async _onUpdateOperation(documents: any[], operation: Src, user: any): Promise<void> {
    await super._onUpdateOperation(documents, operation, user);
    if (!operation._movement) return;
    for (const document of documents) {
      const movement = operation._movement[document.id];
      if (!movement) continue;
      document._onUpdateMovement(movement, operation, user);
      Hooks.callAll("moveToken", document, movement, operation, user);
    }
  }
  override _onUpdate(changed: Src, options: Src, userId: string): void {
    super._onUpdate(changed, options, userId);
    if ("delta" in changed || "actorId" in changed) this.#synthetic = null;
  }
}

/* -------------------------------------------- */

export class Combatant extends BaseCombatant {
  declare actorId: string | null;
  declare tokenId: string | null;
  declare sceneId: string | null;
  declare initiative: number | null;
  declare hidden: boolean;
  declare defeated: boolean;
  declare group: any;
  declare name: string;

  /** `Combatant#prepareDerivedData`: the name falls back to the token's, then the actor's; then the group. */
  override prepareDerivedData(): void {
    super.prepareDerivedData();
    this.actorId ??= this.token?.actorId ?? null;
    this.name ||= this.token?.name || this.actor?.name || "Unknown Combatant";
    this._prepareGroup();
  }
  /** `Combatant#_prepareGroup`: the group id becomes the group document; its initiative is copied. */
  _prepareGroup(): void {
    const group = this.parent?.groups?.get(this._source.group);
    if (!group) return;
    if (Number.isFinite(group.initiative)) this.initiative = group.initiative;
    this.group = group;
  }
  get combat(): any {
    return this.parent;
  }
  /** v13 (client/documents/combatant.mjs, id 18918656215): without a `sceneId`, the combat's own scene. */
  get token(): any {
    // The harness's `Combat#scene` may still be the id (its ForeignDocumentField resolves only with game.collections).
    const own = this.parent?.scene;
    const scene = this.sceneId
      ? g().game.scenes.get(this.sceneId)
      : typeof own === "string"
        ? g().game.scenes.get(own)
        : own;
    return scene?.tokens.get(this.tokenId) ?? null;
  }
  get actor(): any {
    const token = this.token;
    if (token) return token.actor;
    return this.actorId ? g().game.actors.get(this.actorId) : null;
  }
  get isDefeated(): boolean {
    return this.defeated || !!this.actor?.statuses?.has("dead");
  }
  get isNPC(): boolean {
    return !this.actor || !this.hasPlayerOwner;
  }
  /** The non-GM users who own this combatant (client/documents/combatant.mjs `players`). */
  get players(): User[] {
    return g().game.users.filter((u: User) => !u.isGM && this.testUserPermission(u, "OWNER"));
  }
  override get visible(): boolean {
    return this.isOwner || !this.hidden;
  }
  override getUserLevel(user: any): number {
    return this.actor ? this.actor.getUserLevel(user) : super.getUserLevel(user);
  }
  override testUserPermission(user: any, permission: string | number, options = {}): boolean {
    if (user.isGM) return true;
    return this.actor ? this.actor.testUserPermission(user, permission, options) : false;
  }
  override actorOwnedBy(user: any): boolean {
    return !!this.actor?.testUserPermission(user, "OWNER");
  }
  getInitiativeRoll(formula?: string | null): Roll {
    return new Roll(String(formula || g().CONFIG.Combat.initiative.formula || g().game.system.initiative));
  }

  /*
   * v13 (client/documents/combatant.mjs, search id 18918656215): before combatants change, the Combat is cloned —
   * so a system Combat class is constructed with its combatants, and prepares its data inside the constructor —
   * the change is applied to the clone with `updateSource`, the clone sorts its turns, and `operation.combatTurn`
   * keeps the same combatant current.
   */
  static override async _preCreateOperation(docs: any[], op: Src, user: any): Promise<boolean | undefined> {
    const turns = Combatant.#simulatedTurns(op, (c) =>
      c.updateSource({ combatants: docs.map((d) => d.toObject()) }),
    );
    if (turns) Combatant.#keepTurn(op, turns);
    return super._preCreateOperation(docs, op, user);
  }
  static override async _preUpdateOperation(docs: any[], op: Src, user: any): Promise<boolean | undefined> {
    const turns = Combatant.#simulatedTurns(op, (c) => c.updateSource({ combatants: op.updates }));
    if (turns && op.combatTurn === undefined) Combatant.#keepTurn(op, turns);
    return super._preUpdateOperation(docs, op, user);
  }
  /**
   * v13 `_preDeleteOperation` as the indexed copy has it (client/documents/combatant.mjs, search id 18918656215):
   * when the acting combatant is deleted, the survivor search compares each index with `this.turn` inside this
   * STATIC method — the Combatant class, whose `turn` is undefined — so neither `i < this.turn` nor
   * `i >= this.turn` ever holds: no survivor is found and neither `combatTurn` nor `turnEvents` is set. Every client's
   * `#onModifyCombatants` then re-runs `setupTurns()` on the old index: the next combatant in order now sits at it
   * (turn events fire for it), or, when the deleted one was last, `setupTurns` moves every client to turn 0 of the
   * next round LOCALLY — the stored round and turn are unchanged (review foundry-v13-combat-data-2 §3.3). Whether
   * later 13.x builds read `operation.parent.turn` is unverified.
   */
  static override async _preDeleteOperation(docs: any[], op: Src, user: any): Promise<boolean | undefined> {
    const ids = op.ids as string[];
    const combatant = op.parent?.combatant;
    if (!combatant) return super._preDeleteOperation(docs, op, user);
    const combat = op.parent.clone();
    for (const id of ids) combat.combatants.delete(id);
    const turns = combat.setupTurns();
    if (ids.includes(combatant.id)) {
      // `this` is the class, as in core: its `turn` is undefined.
      const turn = (this as any).turn;
      let prev: any = null;
      let next: any = null;
      op.parent.turns.forEach((t: any, i: number) => {
        let valid = !ids.includes(t.id);
        if (combat.settings.skipDefeated) valid &&= !t.isDefeated;
        if (!valid) return;
        if (i < turn) prev = t;
        if (!next && i >= turn) next = t;
      });
      const survivor = next || prev;
      if (survivor) {
        op.combatTurn = turns.findIndex((t: any) => t.id === survivor.id);
        op.turnEvents = survivor === next;
      }
    } else Combatant.#keepTurn(op, turns);
    return super._preDeleteOperation(docs, op, user);
  }
  /** The clone's turn order after `change`, or null when no one is acting (nothing to keep). */
  static #simulatedTurns(op: Src, change: (clone: any) => void): any[] | null {
    if (!op.parent?.combatant) return null;
    const combat = op.parent.clone();
    change(combat);
    return combat.setupTurns();
  }
  /** The same combatant keeps the turn in the new order, without turn events. */
  static #keepTurn(op: Src, turns: any[]): void {
    const id = op.parent.combatant.id;
    op.combatTurn = Math.max(
      turns.findIndex((t: any) => t.id === id),
      0,
    );
    op.turnEvents = false;
  }
}

export class CombatantGroup extends BaseCombatantGroup {
  declare initiative: number | null;
  declare name: string;
  declare type: string;
  declare system: any;
  /** Workaround kept from core: members are computed when needed (client/documents/combatant-group.mjs). */
  get members(): Set<any> {
    return new Set(this.parent?.combatants.filter((c: any) => c._source.group === this.id) ?? []);
  }
  get combat(): any {
    return this.parent;
  }
}

export class Combat extends BaseCombat {
  declare round: number;
  declare turn: number | null;
  declare active: boolean;
  declare combatants: Collection<Combatant>;
  declare groups: Collection<CombatantGroup>;
  declare scene: string | null;

  turns: Combatant[] = (this as any).turns || [];
  current: Src = this._getCurrentState();
  previous: Src | undefined = undefined;

  get combatant(): Combatant | null | undefined {
    return this.turn !== null ? this.turns[this.turn] : null;
  }
  get nextCombatant(): Combatant | undefined {
    if (this.turn === this.turns.length - 1) return this.turns[0];
    return this.turns[(this.turn ?? -1) + 1];
  }
  /** v13 `CombatEncounters.settings`: the world setting `core.combatTrackerConfig` (client/documents/combat.mjs). */
  get settings(): Src {
    return g().game.settings.get("core", "combatTrackerConfig");
  }
  get started(): boolean {
    return this.round > 0;
  }
  override get visible(): boolean {
    return true;
  }
  get isView(): boolean {
    return g().game.combats.viewed === this;
  }
  /** Active on the viewed scene (client/documents/combat.mjs `isActive`). */
  get isActive(): boolean {
    const sceneId = this._source.scene;
    if (!sceneId) return this.active;
    return g().game.scenes.viewed?.id === sceneId && this.active;
  }

  override prepareDerivedData(): void {
    if (this.combatants.size && !this.turns?.length) this.setupTurns();
  }

  /** `Combat#getTimeDelta`: seconds between two turns (rounds × CONFIG.time.roundTime + turns × turnTime). */
  getTimeDelta(fromRound: number, fromTurn: number | null, toRound: number, toTurn: number | null): number {
    const rounds = Math.max(toRound, 1) - Math.max(fromRound, 1);
    let turns = Math.max(rounds - 1, 0) * this.turns.length;
    if (fromRound < toRound) {
      turns += toTurn === null ? 0 : toTurn;
      if (fromRound > 0) turns += fromTurn === null ? 0 : this.turns.length - fromTurn;
    } else if (fromRound > toRound) {
      turns -= fromTurn === null ? 0 : fromTurn + 1;
      if (fromRound > 0) turns -= toTurn === null ? 0 : this.turns.length - (toTurn + 1);
    } else turns += (toTurn ?? 0) - (fromTurn ?? 0);
    const time = g().CONFIG.time;
    return rounds * time.roundTime + turns * time.turnTime;
  }

  getCombatantsByToken(token: any): Combatant[] {
    const id = typeof token === "string" ? token : token.id;
    return this.combatants.filter((c) => c.tokenId === id);
  }

  async startCombat(): Promise<this> {
    const updateData = { round: 1, turn: 0 };
    Hooks.callAll("combatStart", this, updateData);
    await this.update(updateData);
    return this;
  }
  /*
   * nextRound / previousRound / nextTurn / previousTurn as v13 has them (client/documents/combat.mjs, search id
   * 18344563855): "Skip Defeated" (`this.settings.skipDefeated`) searches past the defeated, the `combatRound` /
   * `combatTurn` hook sees the update data and options, and the options carry `worldTime: {delta}` (getTimeDelta),
   * which the server turns into an advance of the world time (server.ts `#advanceWorldTime`).
   */
  async nextRound(): Promise<this> {
    let turn: number | null = this.turn === null || this.turns.length === 0 ? null : 0;
    if (this.settings.skipDefeated && turn !== null) {
      turn = this.turns.findIndex((t) => !t.isDefeated);
      if (turn === -1) {
        g().ui.notifications?.warn("COMBAT.NoneRemaining", { localize: true });
        turn = 0;
      }
    }
    const nextRound = this.round + 1;
    const advanceTime = this.getTimeDelta(this.round, this.turn, nextRound, turn);
    const updateData = { round: nextRound, turn };
    const updateOptions = { direction: 1, worldTime: { delta: advanceTime } };
    Hooks.callAll("combatRound", this, updateData, updateOptions);
    await this.update(updateData, updateOptions);
    return this;
  }
  async previousRound(): Promise<this> {
    if (this.round === 0) return this;
    const turn =
      this.round === 1 || this.turn === null || this.turns.length === 0 ? null : this.turns.length - 1;
    const previousRound = this.round - 1;
    const advanceTime = this.getTimeDelta(this.round, this.turn, previousRound, turn);
    const updateData = { round: previousRound, turn };
    const updateOptions = { direction: -1, worldTime: { delta: advanceTime } };
    Hooks.callAll("combatRound", this, updateData, updateOptions);
    await this.update(updateData, updateOptions);
    return this;
  }
  async nextTurn(): Promise<this> {
    if (this.round === 0) return this.nextRound();
    const turn = this.turn ?? -1;
    let nextTurn: number | null = null;
    if (this.settings.skipDefeated) {
      for (let i = turn + 1; i < this.turns.length; i++) {
        if (!this.turns[i]!.isDefeated) {
          nextTurn = i;
          break;
        }
      }
    } else nextTurn = turn + 1;
    if (nextTurn === null || nextTurn >= this.turns.length) return this.nextRound();
    const advanceTime = this.getTimeDelta(this.round, this.turn, this.round, nextTurn);
    const updateData = { round: this.round, turn: nextTurn };
    const updateOptions = { direction: 1, worldTime: { delta: advanceTime } };
    Hooks.callAll("combatTurn", this, updateData, updateOptions);
    await this.update(updateData, updateOptions);
    return this;
  }
  async previousTurn(): Promise<this> {
    if (this.round === 0) return this;
    if (this.turn === 0 || this.turns.length === 0) return this.previousRound();
    const previousTurn = (this.turn ?? this.turns.length) - 1;
    const advanceTime = this.getTimeDelta(this.round, this.turn, this.round, previousTurn);
    const updateData = { round: this.round, turn: previousTurn };
    const updateOptions = { direction: -1, worldTime: { delta: advanceTime } };
    Hooks.callAll("combatTurn", this, updateData, updateOptions);
    await this.update(updateData, updateOptions);
    return this;
  }
  async endCombat(): Promise<this> {
    await this.delete();
    return this;
  }
  async resetAll({ updateTurn = true } = {}): Promise<this> {
    const currentId = this.combatant?.id;
    for (const c of this.combatants) c.updateSource({ initiative: null });
    this.setupTurns();
    const update: Src = { combatants: this.combatants.map((c) => c.toObject()) };
    if (updateTurn && currentId) update.turn = this.turns.findIndex((t) => t.id === currentId);
    await this.update(update, { turnEvents: false, diff: false });
    return this;
  }
  async rollInitiative(
    ids: string | string[],
    { formula = null }: { formula?: string | null } = {},
  ): Promise<this> {
    const list = typeof ids === "string" ? [ids] : ids;
    const updates: Src[] = [];
    for (const id of list) {
      const c = this.combatants.get(id);
      if (!c?.isOwner) continue;
      const roll = c.getInitiativeRoll(formula);
      await roll.evaluate();
      updates.push({ _id: id, initiative: roll.total });
    }
    if (!updates.length) return this;
    await this.updateEmbeddedDocuments("Combatant", updates, { turnEvents: false });
    return this;
  }
  async rollAll(options?: Src): Promise<this> {
    const ids = this.combatants.filter((c) => c.isOwner && c.initiative === null).map((c) => c.id!);
    return this.rollInitiative(ids, options);
  }
  async rollNPC(options?: Src): Promise<this> {
    const ids = this.combatants
      .filter((c) => c.isOwner && c.isNPC && c.initiative === null)
      .map((c) => c.id!);
    return this.rollInitiative(ids, options);
  }

  setupTurns(): Combatant[] {
    this.turns ||= [];
    const turns = this.combatants.contents.sort(this._sortCombatants);
    if (this.turn !== null) {
      if (this.turn < 0) this.turn = 0;
      else if (this.turn >= turns.length) {
        this.turn = 0;
        this.round++;
      }
    }
    const c = turns[this.turn ?? -1];
    this.current = this._getCurrentState(c);
    if (!this.previous) this.previous = this.current;
    this.turns = turns;
    return turns;
  }

  _sortCombatants(a: Combatant, b: Combatant): number {
    const ia = Number.isFinite(a.initiative) ? (a.initiative as number) : Number.NEGATIVE_INFINITY;
    const ib = Number.isFinite(b.initiative) ? (b.initiative as number) : Number.NEGATIVE_INFINITY;
    return ib - ia || (String(a.id) > String(b.id) ? 1 : -1);
  }

  async clearMovementHistories(combatants?: Iterable<Combatant>): Promise<void> {
    const byScene = new Map<any, Set<any>>();
    for (const c of combatants ?? this.combatants) {
      if (c.parent !== this) throw Error("Combatant must be in this Combat");
      const token = c.token;
      if (!token || token._source._movementHistory.length === 0) continue;
      const set = byScene.get(token.parent) ?? new Set();
      set.add(token);
      byScene.set(token.parent, set);
    }
    await Promise.all(
      [...byScene].map(([scene, tokens]) =>
        scene.updateEmbeddedDocuments(
          "Token",
          [...tokens].map((t) => ({ _id: t.id })),
          { diff: false, noHook: true, _clearMovementHistory: true },
        ),
      ),
    );
  }

  override _onCreate(data: Src, options: Src, userId: string): void {
    super._onCreate(data, options, userId);
    const combats = g().game.combats;
    if (!combats.viewed && combats.combats.includes(this) && g().ui.combat) g().ui.combat.viewed = this;
    void this._manageTurnEvents();
  }

  override _onUpdate(changed: Src, options: Src, userId: string): void {
    super._onUpdate(changed, options, userId);
    const priorState = deepClone(this.current);
    if (!this.previous) this.previous = priorState;
    if ("combatants" in changed) this.setupTurns();
    else this.current = this._getCurrentState();
    const stateChanged = this.#recordPreviousState(priorState);
    if (stateChanged && options.turnEvents !== false) void this._manageTurnEvents();
    if (changed.active === true) void g().ui.combat?.render({ combat: this });
  }

  override _onDelete(options: Src, userId: string): void {
    super._onDelete(options, userId);
    if (this.isView) void g().ui.combat?.render({ combat: null });
    this.turn = null;
  }

  override _onCreateDescendantDocuments(
    parent: any,
    collection: string,
    documents: any[],
    _d: any,
    options: Src,
    _u: string,
  ) {
    if (collection !== "combatants") return;
    this.#onModifyCombatants(parent, documents, options);
  }
  override _onUpdateDescendantDocuments(
    parent: any,
    collection: string,
    documents: any[],
    _c: any,
    options: Src,
    _u: string,
  ) {
    if (collection !== "combatants") return;
    this.#onModifyCombatants(parent, documents, options);
  }
  override _onDeleteDescendantDocuments(
    parent: any,
    collection: string,
    documents: any[],
    _i: any,
    options: Src,
    _u: string,
  ) {
    if (collection !== "combatants") return;
    this.#onModifyCombatants(parent, documents, options);
  }

  #onModifyCombatants(parent: any, _documents: any[], options: Src): void {
    const { combatTurn, turnEvents, render } = options;
    const priorState = deepClone(this.current);
    if (typeof combatTurn === "number") this.updateSource({ turn: combatTurn });
    this.setupTurns();
    const turnChange = this.#recordPreviousState(priorState);
    if (turnChange && turnEvents !== false) void this._manageTurnEvents();
    const tracker = g().ui.combat;
    if (tracker?.viewed === parent && render !== false) void tracker.render();
  }

  _getCurrentState(combatant?: Combatant | null): Src {
    combatant ||= this.combatant;
    return {
      round: this.round,
      turn: this.turn ?? null,
      combatantId: combatant?.id || null,
      tokenId: combatant?.tokenId || null,
    };
  }

  #recordPreviousState(priorState: Src): boolean {
    const { round, turn, combatantId } = this.current;
    const changed =
      combatantId !== priorState.combatantId || round !== priorState.round || turn !== priorState.turn;
    this.previous = Object.assign(this.previous ?? {}, priorState);
    return changed;
  }

  /** Turn events (client/documents/combat.mjs `_manageTurnEvents`, `#triggerTurnEvents`): the active GM only. */
  async _manageTurnEvents(): Promise<void> {
    if (!this.started) return;
    const { current, previous } = this;
    if (g().game.user.isActiveGM) await this.#triggerTurnEvents();
    Hooks.callAll("combatTurnChange", this, previous, current);
  }

  async #triggerTurnEvents(): Promise<void> {
    const { turns, current } = this;
    const previous = this.previous!;
    const intervals: [number, number][] = [];
    let roundDelta = current.round - previous.round;
    if (roundDelta === 0) {
      if (current.round > 0 && previous.turn < current.turn)
        intervals.push([previous.turn + 1, current.turn]);
    } else if (roundDelta > 0) {
      if (previous.round > 0) intervals.push([previous.turn + 1, turns.length - 1]);
      while (--roundDelta) intervals.push([0, turns.length - 1]);
      intervals.push([0, current.turn ?? 0]);
    }
    if (intervals.length) {
      let prior: Src = {
        combatant: this.combatants.get(previous.combatantId) ?? null,
        round: previous.round,
        turn: previous.turn,
        skipped: false,
      };
      for (const [from, to] of intervals) {
        for (let turn = from; turn <= to; turn++) {
          const round = prior.round + (turn === 0 ? 1 : 0);
          const next = {
            combatant: turns[turn],
            round,
            turn,
            skipped: round !== current.round || turn !== current.turn,
          };
          if (prior.combatant)
            await this._onEndTurn(prior.combatant, { round: prior.round, turn: prior.turn });
          if (prior.round !== next.round) {
            await this._onEndRound({ round: prior.round });
            await this._onStartRound({ round: next.round });
          }
          if (next.combatant) {
            await this._onStartTurn(next.combatant, {
              round: next.round,
              turn: next.turn,
              skipped: next.skipped,
            });
            if (next.combatant.token) await this._clearMovementHistoryOnStartTurn(next.combatant, next);
          }
          prior = next;
        }
      }
    } else {
      const changeCombatant =
        current.combatantId !== previous.combatantId &&
        current.round === previous.round &&
        current.turn === previous.turn;
      if (changeCombatant) {
        const prior = this.combatants.get(previous.combatantId);
        if (prior) await this._onEndTurn(prior, { round: current.round, turn: current.turn });
        const next = this.combatant;
        if (next) await this._onStartTurn(next, { round: current.round, turn: current.turn });
      }
    }
  }

  async _onEndTurn(_c: Combatant, _ctx: Src): Promise<void> {}
  async _onEndRound(_ctx: Src): Promise<void> {}
  async _onStartRound(_ctx: Src): Promise<void> {}
  async _onStartTurn(_c: Combatant, _ctx: Src): Promise<void> {}
  async _clearMovementHistoryOnStartTurn(combatant: Combatant, _ctx: Src): Promise<void> {
    await combatant.token?.clearMovementHistory();
  }
}

/** `game.combats` (client/documents/collections/combat-encounters.mjs): the viewed combat is the tracker's. */
export class CombatEncounters extends WorldCollection<Combat> {
  /** Combats of the viewed scene, or linked to no scene. */
  get combats(): Combat[] {
    const sceneId = g().game.scenes?.viewed?.id;
    return this.filter((c) => !c._source.scene || c._source.scene === sceneId);
  }
  get viewed(): Combat | null {
    return g().ui.combat?.viewed ?? null;
  }
  get active(): Combat | undefined {
    return this.combats.find((c) => c.active);
  }
}

/* -------------------------------------------- */

export class ChatMessage extends BaseChatMessage {
  declare author: any;
  declare whisper: string[];
  declare blind: boolean;
  declare content: string;
  declare flavor: string;
  declare rolls: any[];
  declare speaker: Src;
  declare type: string;
  declare system: any;

  override _initialize(options: Src = {}): void {
    super._initialize(options);
    const users = g().game?.users;
    this.author = users?.get(this._source.author) ?? this._source.author;
    this.rolls = ((this._source.rolls ?? []) as string[]).map((r: string) => {
      try {
        return Roll.fromJSON(r);
      } catch {
        return null;
      }
    });
  }
  get isAuthor(): boolean {
    return g().game.user.id === this._source.author;
  }
  get isRoll(): boolean {
    return this.rolls.length > 0;
  }
  override get visible(): boolean {
    if (this.whisper.length) {
      if (this.isRoll) return true;
      return this.isAuthor || this.whisper.includes(g().game.user.id);
    }
    return true;
  }
  /** client/documents/chat-message.mjs (search id 16921415918): a roll's whisper rules; otherwise `visible`. */
  get isContentVisible(): boolean {
    if (!this.isRoll) return this.visible;
    const whisper = this.whisper || [];
    const isBlind = whisper.length && this.blind;
    if (whisper.length) return whisper.includes(g().game.user.id) || (this.isAuthor && !isBlind);
    return true;
  }

  /**
   * Issue 33: `renderHTML` as v13 client/documents/chat-message.mjs (search id 18719148835) draws a message: async
   * (the chat log, notifications and popouts await it); a `system.renderHTML` model draws the whole element; else the
   * body (the stored `content`, or "rolled privately" for a roll this user may not see: `#renderRollContent`), then
   * `Hooks.callAll("renderChatMessageHTML", this, html, messageData)` synchronously, and the element is returned.
   * Differences: no `TextEditor.enrichHTML` of the content (the system's cards store no enrichable text), no
   * `CONFIG.ChatMessage.template` (the element is the `li.chat-message` > `div.message-content` the scenarios' kit
   * `renderMessage` also draws), and `messageData` holds only `canDelete`, `canClose` and `message`. In
   * `#renderRollContent`: a visible roll whose `content` holds no element keeps that content (v13 draws the rolls'
   * HTML in its place), and a hidden roll's "rolled privately" line (v13: the `flavor`, in the template's header,
   * formatted with the author's name) is the unformatted key at the top of the body, over one "?" roll per roll.
   */
  async renderHTML({ canDelete, canClose = false, ...rest }: Src = {}): Promise<HTMLElement> {
    canDelete ??= g().game.user.isGM;
    if (typeof this.system?.renderHTML === "function") {
      const html = await this.system.renderHTML({ canDelete, canClose, ...rest });
      Hooks.callAll("renderChatMessageHTML", this, html);
      return html;
    }
    const doc = g().document as Document;
    const li = doc.createElement("li");
    li.className = "chat-message message";
    li.dataset.messageId = this.id ?? "";
    const content = doc.createElement("div");
    content.className = "message-content";
    content.innerHTML =
      !this.isRoll || this.isContentVisible
        ? this.content
        : `<span class="flavor-text">CHAT.PrivateRollContent</span>${this.rolls
            .map(
              () =>
                '<div class="dice-roll"><div class="dice-formula">???</div><h4 class="dice-total">?</h4></div>',
            )
            .join("")}`;
    li.append(content);
    Hooks.callAll("renderChatMessageHTML", this, li, {
      ...rest,
      canDelete,
      canClose,
      message: this.toObject(false),
    });
    return li;
  }

  static getSpeaker({ actor, token, alias }: { actor?: any; token?: any; alias?: string } = {}): Src {
    return {
      scene: token?.parent?.id ?? g().game.scenes.viewed?.id ?? null,
      actor: actor?.id ?? token?.actorId ?? null,
      token: token?.id ?? null,
      alias: alias ?? token?.name ?? actor?.name ?? g().game.user.name,
    };
  }
  static getWhisperRecipients(name: string): any[] {
    if (name.toUpperCase() === "GM") return g().game.users.filter((u: any) => u.isGM);
    return g().game.users.filter((u: any) => u.name === name);
  }
  /**
   * `ChatMessage.applyRollMode` (client/documents/chat-message.mjs, search id 18719148835): public → no whisper,
   * self → the user, private or blind → the whisper already given, else the GMs; `blind` for blind rolls.
   */
  static applyRollMode(chatData: Src, rollMode: string): Src {
    const modes = DICE_ROLL_MODES;
    if (rollMode === "roll") rollMode = g().game.settings.get("core", "rollMode");
    let whisper: string[];
    if (rollMode === modes.PUBLIC) whisper = [];
    else if (rollMode === modes.SELF) whisper = [g().game.user.id];
    else if (chatData.whisper?.length) whisper = chatData.whisper;
    else
      whisper = g()
        .game.users.filter((u: any) => u.isGM)
        .map((u: any) => u.id);
    chatData.whisper = whisper;
    chatData.blind = rollMode === modes.BLIND;
    return chatData;
  }
}

/**
 * A Macro (issue 33), modelled on v13 client/documents/macro.mjs (code index id 7836591837): `execute(scope)` warns
 * and runs nothing when `canExecute` fails; a script macro's `command` runs as an AsyncFunction of `speaker`, `actor`,
 * `token`, `character` and `scope` (the speaker from `getSpeaker({actor, token})`, the actor from the token or the
 * speaker), bound to the macro. The creating player becomes its OWNER (`_preCreate`, from memory of v13).
 * Differences from that file: `canExecute` also asks MACRO_SCRIPT for a script (v13's `canUserExecute` is LIMITED
 * ownership alone; core asks MACRO_SCRIPT when a script macro is created or edited); `execute` is async and awaits the
 * script, so a throw inside it is told as "MACRO.Error" and thrown again (v13 returns the script's promise from its
 * `try`, so only a synchronous throw is told there); `scope`'s other keys are not passed as named arguments; the token
 * is `scope.token` only (v13 also looks up the speaker's token on the canvas); a chat macro and `_onCreate`'s
 * `hotbarSlot` are not modelled.
 */
export class Macro extends BaseMacro {
  declare name: string;
  declare type: string;
  declare command: string;
  declare author: any;
  /** v13: `author` (a DocumentAuthorField) is the User document, as ChatMessage's is here. */
  override _initialize(options: Src = {}): void {
    super._initialize(options);
    Object.defineProperty(this, "author", {
      value: g().game?.users?.get(this._source.author) ?? null,
      writable: true,
      configurable: true,
    });
  }
  override async _preCreate(data: Src, options: Src, user: any): Promise<boolean | undefined> {
    const allowed = await super._preCreate(data, options, user);
    if (allowed === false) return false;
    if (!user.isGM)
      (this as any).updateSource({ ownership: { [user.id]: CONST.DOCUMENT_OWNERSHIP_LEVELS.OWNER } });
    return allowed;
  }
  get canExecute(): boolean {
    const user = g().game.user;
    if (!(this as any).testUserPermission(user, "LIMITED")) return false;
    return this.type !== "script" || user.hasPermission("MACRO_SCRIPT");
  }
  async execute(scope: Src = {}): Promise<unknown> {
    if (!this.canExecute) {
      g().ui.notifications.warn(`You do not have permission to execute Macro "${this.name}".`);
      return undefined;
    }
    if (this.type !== "script") throw new Error("The harness models script macros only");
    const speaker = g().ChatMessage.getSpeaker({ actor: scope.actor, token: scope.token });
    const token = scope.token ?? null;
    const actor = scope.actor ?? token?.actor ?? g().game.actors.get(speaker.actor) ?? null;
    const AsyncFunction = (async () => undefined).constructor as new (
      ...args: string[]
    ) => (...a: unknown[]) => Promise<unknown>;
    const fn = new AsyncFunction("speaker", "actor", "token", "character", "scope", `{${this.command}\n}`);
    try {
      return await fn.call(this, speaker, actor, token, g().game.user.character ?? null, scope);
    } catch (err) {
      g().ui.notifications.error("MACRO.Error", { localize: true });
      throw err;
    }
  }
}

export class Setting extends BaseSetting {
  declare key: string;
  override _onCreate(data: Src, options: Src, userId: string): void {
    super._onCreate(data, options, userId);
    g().game.settings._onWorldChange(this.key, options, userId);
  }
  override _onUpdate(changed: Src, options: Src, userId: string): void {
    super._onUpdate(changed, options, userId);
    if ("value" in changed) g().game.settings._onWorldChange(this.key, options, userId);
  }
}

/** Issue 32: the world folders and journal entries an Adventure import creates (documents.ts). */
export class Folder extends BaseFolder {}
export class JournalEntryPage extends BaseJournalEntryPage {}
export class JournalEntry extends BaseJournalEntry {}

export const CLIENT_CLASSES = {
  User,
  Actor,
  Item,
  ActiveEffect,
  Scene,
  Wall: WallDocument,
  AmbientLight: AmbientLightDocument,
  MeasuredTemplate: MeasuredTemplateDocument,
  Region: RegionDocument,
  RegionBehavior,
  Token: TokenDocument,
  Combat,
  Combatant,
  CombatantGroup,
  ChatMessage,
  Setting,
  Folder,
  JournalEntry,
  JournalEntryPage,
  Macro,
};

export { CONST };
