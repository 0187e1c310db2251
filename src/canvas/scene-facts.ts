/**
 * Facts from the scene (thin, typed): distance with elevation (SF-X-15) or Basic squares (SF-B-09), line of
 * sight and cover from walls (SF-B-08, SF-X-08, SF-X-22), tokens in the way (SF-X-35), movement this turn from
 * the token's movement history (SF-B-11, SF-X-17), prone from status effects (SF-X-26); which tokens an attack may
 * involve at all (a player's never a hidden one or one they cannot see: {@link mayInvolve}).
 */
import { actorSystem, isSquad } from "../data/subtypes.js";
import { isDodging } from "../documents/combatant/dodging.js";
import { currentGame } from "../helpers/game.js";
import { currentVariant, getSetting, SETTINGS } from "../helpers/settings.js";
import {
  type AlphaDawnVariant,
  type Bystander,
  basicSquareRange,
  type CoverReport,
  dodgeSpeed,
  type Footprint,
  type Movement,
  measureCover,
  type Occupant,
  type Point,
  RACE_MOVEMENT,
  type RaceKey,
  rangeWithElevation,
  type TargetFacts,
  tokensInTheWay,
} from "../rules/index.js";
import { cellCentres } from "./cells.js";
import { FoundryCaster } from "./foundry-caster.js";
import { squareGrid } from "./grid-support.js";
import { walkedPath } from "./movement-path.js";

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
    // SF-B-09 counts squares: on a hex or gridless scene the user is told (grid-support.ts).
    squareGrid(canvas?.scene, "basicRange");
    const oa = grid().getOffset(a.center);
    const ob = grid().getOffset(b.center);
    return basicSquareRange({ x: oa.j, y: oa.i }, { x: ob.j, y: ob.i });
  }
  const horizontal = grid().measurePath([a.center, b.center], {}).distance;
  const vertical = Math.abs((a.document.elevation ?? 0) - (b.document.elevation ?? 0));
  return rangeWithElevation(horizontal, vertical);
}

/** SW-25 (issue 31): the distance along the grid from a token's centre to a point of the scene (pixels). */
export function distanceToPoint(a: TokenP, p: Point): number {
  return grid().measurePath([a.center, p], {}).distance;
}

export function statuses(t: TokenP): Set<string> {
  return t.actor?.statuses ?? new Set();
}

/** How the token moved this turn, from its movement history against its walking and running speed. */
export function movementOf(t: TokenP): Movement {
  return movementReport(t).movement;
}

/**
 * How the token moved this turn and whether that was allowed. The history cannot tell dodging from running, so a
 * token its owner marked dodging this round that moved has dodged, at most half its running speed (SF-X-10, warned
 * beyond); marked but not moved, it is stationary.
 * In the Basic game moves count in squares of 5 m against the race's walk and run (SF-B-06): more than its walk is
 * running, more than its run is flagged for the GM.
 */
export function movementReport(
  t: TokenP,
  variant: AlphaDawnVariant = currentVariant(),
): { movement: Movement; note: TargetInput["movementNote"]; moved: number } {
  // fvtt-types 13.345 types `movementHistory` as one waypoint; v13 returns the array of waypoints
  // (client/documents/token.mjs `get movementHistory() { return this._movementHistory; }`).
  const history = t.document.movementHistory as unknown as readonly TokenDocument.MeasuredMovementWaypoint[];
  // SF-X-17: a GM's displacement or a blink is not the token's own movement (movement-path.ts).
  const path = walkedPath(history, (run) =>
    grid().measurePath(
      run.map((w) => ({ x: w.x + t.w / 2, y: w.y + t.h / 2 })),
      {},
    ),
  );
  const moved = path.distance;
  const sys = actorSystem(t.actor);
  const name = t.name ?? "";
  if (variant === "basic") {
    const squares = path.spaces;
    const race = RACE_MOVEMENT[sys?.race as RaceKey] as (typeof RACE_MOVEMENT)[RaceKey] | undefined;
    const own = sys?.movement;
    const walk = own?.walk != null || !race ? Math.floor((sys?.derived?.walk ?? 10) / 5) : race.basicWalk;
    const run = own?.run != null || !race ? Math.floor((sys?.derived?.run ?? 30) / 5) : race.basicRun;
    const note =
      squares > run ? { key: "FT.Error.ranTooFar", data: { name, moved: squares, max: run } } : null;
    return { movement: squares <= 0 ? "stationary" : squares <= walk ? "walked" : "ran", note, moved };
  }
  // SF-X-10: its owner marked it dodging this round (workflows/turn/dodging.ts). Dodging is movement (at half running
  // speed): a token marked dodging that has not moved this round is stationary.
  if (moved > 0 && isDodging(t.document.combatant)) {
    const max = dodgeSpeed(sys?.derived?.run ?? 30);
    const unit = canvas?.scene?.grid.units || "m";
    const note =
      moved > max
        ? { key: "FT.Error.dodgeTooFar", data: { name, moved: Math.round(moved * 10) / 10, max, unit } }
        : null;
    return { movement: "dodged", note, moved };
  }
  const walk = sys?.derived?.walk ?? 10;
  if (moved <= 0) return { movement: "stationary", note: null, moved: 0 };
  return { movement: moved <= walk ? "walked" : "ran", note: null, moved };
}

/** One target as the scene gives it to the attack (`attack-plan.ts` `AttackRequest.targets`). */
export interface TargetInput {
  readonly facts: TargetFacts;
  /** i18n key + data explaining the cover ("2 of 5 rays blocked by a hard wall"). */
  readonly coverReason: { key: string; data: Record<string, number> } | null;
  /** Ids of tokens in the way (crowd, SF-X-35). */
  readonly inTheWay: readonly string[];
  /** i18n key + data: the target moved further than its movement allows (SF-X-10 dodging, SF-B-06), or null. */
  readonly movementNote?: { key: string; data: Record<string, number | string> } | null;
}

/** What the scene read of one target that a game builds its own block of the target's facts from (issue 30). */
export interface SceneTargetRead {
  readonly attacker: TokenP;
  readonly target: TokenP;
  readonly from: Footprint;
  readonly at: Footprint;
  /** The target's status effects. */
  readonly held: ReadonlySet<string>;
  /** The tokens the attack may involve ({@link mayInvolve}). */
  readonly involved: readonly TokenP[];
  /** The bystanders other than the attacker and the target. */
  readonly others: readonly Bystander[];
  readonly caster: FoundryCaster;
  /** How far the target moved this turn (its movement history). */
  readonly moved: number;
  /** The attack's weapon item id (SW-42: an aim serves the weapon aimed), or null when the read names none. */
  readonly weaponId: string | null;
}

/** A game's own block of a target's facts from the scene (the d20 engine's `d20`, SW-*, SWN-*); none: `{}`. */
export type GameTargetFacts = (read: SceneTargetRead) => Pick<TargetFacts, "d20">;

declare module "../helpers/game.js" {
  interface GameTable {
    /**
     * Its {@link GameTargetFacts}, loaded with the first target read on a page (issue 33: the d20 reads and the
     * scene's caster are not in the system's first load).
     */
    readonly targetFacts: () => Promise<GameTargetFacts>;
  }
}

export interface SceneTarget {
  readonly input: TargetInput;
  readonly cover: CoverReport;
  readonly token: TokenP;
}

/** Who made the attack, as far as {@link mayInvolve} asks. */
export interface Attacking {
  readonly isGM: boolean;
}

/** What {@link mayInvolve} reads of a token placeable (v13 `Token#document.hidden`, `Token#isVisible`). */
export interface Seeable {
  readonly document: { readonly hidden?: boolean };
  readonly isVisible: boolean;
}

/**
 * May an attack by `user` involve this token: aim at it, catch it in a blast or its stun ring (SF-B-17, SF-B-18,
 * SF-X-40, SF-X-43), count it in a crowd for cover or stray shots (SF-X-35)? The attack runs on the attacker's
 * client, so this is that client's view. The GM's attack involves every token: the GM resolves hidden ones. Any
 * other user's involves only a token that is not hidden and that their canvas shows them (`Token#isVisible`, which
 * in v13 also answers false for a hidden token, then asks token vision), so a GM's hidden ambusher is never caught,
 * named or used as cover on a player's card, and a token the player cannot see is not either.
 */
export function mayInvolve(user: Attacking | null | undefined, token: Seeable): boolean {
  if (user?.isGM) return true;
  if (token.document.hidden) return false;
  return token.isVisible;
}

/**
 * The name a card stores for a token the attack involved. A GM's attack involves hidden tokens too ({@link
 * mayInvolve}); a hidden one is stored as "?" whatever the roll mode (review-ux 1.1, fixa): v13 delivers a
 * whispered message that has rolls to every client (client/documents/chat-message.mjs `get visible()`: `if (
 * this.whisper.length ) { if ( this.isRoll ) return true; … }`, so players read "rolled privately"), and core's
 * "Reveal message" makes a private card public in one click — so a GM's private, blind or self card reaches every
 * player's `game.messages` too. The card keeps the token's UUID, by which the GM's page draws its name
 * (card-context.ts `withGMNames`).
 */
export function cardName(
  token: { readonly hidden?: boolean; readonly name?: string | null } | null | undefined,
): string {
  if (!token) return "?";
  return token.hidden ? "?" : (token.name ?? "");
}

/** The tokens with an actor on the viewed scene that the current user's attack may involve (see {@link mayInvolve}). */
export function involvedTokens(): TokenP[] {
  const user = game.user;
  return canvas!.tokens!.placeables.filter((t) => !!t.actor && mayInvolve(user, t));
}

/** The current user's targets that their attack may aim at: a player's hidden or unseen target is dropped. */
export function attackTargets(): TokenP[] {
  const user = game.user;
  return [...(user?.targets ?? [])].filter((t) => mayInvolve(user, t));
}

/** Everyone else the attack may involve, as bystanders for crowd cover and stray shots (SF-X-35). */
export function bystanders(tokens: readonly TokenP[], except: readonly string[]): Bystander[] {
  return tokens
    .filter((o) => !except.includes(o.id))
    .map((o) => {
      const st = statuses(o);
      const sys = actorSystem(o.actor);
      return {
        id: o.id,
        x: o.center.x,
        y: o.center.y,
        r: (Math.min(o.w, o.h) / 2) * 0.8,
        prone: st.has("prone"),
        // A squad whose every unit is down (SWN-17) is no one in the way.
        dead:
          st.has("dead") ||
          (sys?.stamina?.value ?? 1) <= 0 ||
          (isSquadActor(o.actor) && o.actor.system.hp.value <= 0),
      };
    });
}

/** Is this a squad actor (SWN-17)? */
export function isSquadActor(actor: Actor.Implementation | null | undefined): actor is Actor.OfType<"squad"> {
  return !!actor && isSquad(actor);
}

/**
 * Each game's target facts once loaded (issue 33's chunk): a read after the first awaits the loaded reads instead of
 * asking for the chunk again (perf review 2.2: under a module loader with hooks each dynamic import is a round trip).
 * A load that failed is asked again at the next read.
 */
const loadedFacts = new WeakMap<object, Promise<GameTargetFacts>>();
function targetFactsOf(table: ReturnType<typeof currentGame>): Promise<GameTargetFacts> {
  let facts = loadedFacts.get(table);
  if (!facts) {
    facts = table.targetFacts();
    loadedFacts.set(table, facts);
    facts.catch(() => loadedFacts.delete(table));
  }
  return facts;
}

export async function readTarget(
  attacker: TokenP,
  target: TokenP,
  unit: "m" | "squares",
  weaponId: string | null = null,
): Promise<SceneTarget> {
  // Issue 33: the game's reads load first; everything after is read from the scene at one moment, as before.
  const gameFacts = await targetFactsOf(currentGame());
  const caster = new FoundryCaster();
  const from = footprint(attacker);
  const at = footprint(target);
  const held = statuses(target);
  const involved = involvedTokens();
  const cover = measureCover(from, at, caster);
  const others = bystanders(involved, [attacker.id, target.id]);
  // SF-X-35 crowd cover, unless the GM turned the optional rule off.
  const inTheWay =
    getSetting(SETTINGS.crowdCover) === false ? [] : tokensInTheWay(attacker.center, target.center, others);
  const sys = actorSystem(target.actor);
  const isCreature = target.actor?.type === "creature";
  const moving = movementReport(target);
  const movement = moving.movement;
  const speed = sys?.speed;
  return {
    cover,
    token: target,
    input: {
      facts: {
        id: target.document.uuid,
        // Review-final-trust 1.2: the name every card built from this read stores (attack, special, SWN action and
        // squad cards) is "?" for a hidden token, whatever the roll mode: v13 delivers a whispered roll message to every
        // client (chat-message.mjs `visible`); the GM's page draws the name from the token's UUID (card-context.ts).
        name: cardName(target.document),
        distance: distanceBetween(attacker, target, unit),
        visible: cover.visible,
        movement,
        animal: isCreature && movement === "ran" && speed && speed !== "slow" ? speed : null,
        vehicleMoving: false,
        size: (isCreature ? sys?.size : "medium") ?? "medium",
        prone: held.has("prone"),
        cover: cover.cover,
        crowd: inTheWay.length > 0,
        // The game's own block of the target's facts (issue 14's d20 block; the other games have none).
        ...gameFacts({
          attacker,
          target,
          from,
          at,
          held,
          involved,
          others,
          caster,
          moved: moving.moved,
          weaponId,
        }),
      },
      coverReason: cover.reason,
      inTheWay,
      movementNote: moving.note,
    },
  };
}

/**
 * Tokens on the scene as blast occupants: the centres of the grid cells each one covers. Only those the attack may
 * involve ({@link mayInvolve}); the blast (SF-B-17, SF-X-43) and the stun ring (SF-X-40) both read this one list.
 */
export function occupants(): Occupant[] {
  const size = grid().size;
  return involvedTokens().map((t) => ({
    id: t.document.uuid,
    cells: cellCentres(t.x, t.y, Math.round(t.w / size), Math.round(t.h / size), size),
  }));
}

/** Issue 33: in its own module (cells.ts), so the attack card reads it without loading the scene's caster. */
export { cellCentres };
