/**
 * How far a token moved by its own means this round, from its movement history (SF-X-17, SF-B-11, SF-X-10).
 *
 * v13 records each waypoint with the movement action that reached it (client/documents/token.mjs, id 18257454974,
 * `TokenMeasuredMovementWaypoint.action`). The teleporting actions — "displace" (a GM's nudge, a token moved by a
 * Teleport Token region, an undo) and "blink" — are flagged `teleport: true` in `CONFIG.Token.movement.actions`
 * (v13 client/config.mjs; displace also `measure: false` and a zero cost): the token did not walk or run there, so
 * those segments are not movement. An undone move (`revertRecordedMovement`, method "undo") is no longer in the
 * history at all. The rest is measured along the grid in runs between teleports.
 */

/** One recorded waypoint, as far as this reads it (top-left corner in pixels, the action that reached it). */
export interface HistoryWaypoint {
  readonly x: number;
  readonly y: number;
  readonly action?: string;
}

/** What this reads of a v13 `MovementActionConfig`. */
interface Teleporting {
  readonly teleport?: boolean;
}

/** The actions v13 configures as teleports when the world's configuration is not there to ask. */
const TELEPORTS = new Set(["displace", "blink"]);

/** Does `action` move a token without crossing the space between (v13 `MovementActionConfig.teleport`)? */
export function isTeleport(action: string | undefined): boolean {
  if (!action) return false;
  // Read through globalThis: pure tests run this without Foundry's CONFIG (a record of action configs in v13).
  const config = (
    globalThis as { CONFIG?: { Token?: { movement?: { actions?: Record<string, Teleporting> } } } }
  ).CONFIG;
  const configured = config?.Token?.movement?.actions?.[action];
  return configured ? !!configured.teleport : TELEPORTS.has(action);
}

/**
 * The walked path of `history`: its distance and grid spaces, summed over the runs of waypoints between teleports,
 * each measured with `measure` (the grid's `measurePath` over the waypoints' centres).
 */
export function walkedPath<W extends HistoryWaypoint>(
  history: readonly W[],
  measure: (run: readonly W[]) => { distance: number; spaces: number },
): { distance: number; spaces: number } {
  const runs: W[][] = [];
  let run: W[] = [];
  for (const w of history) {
    if (run.length && isTeleport(w.action)) {
      runs.push(run);
      run = [];
    }
    run.push(w);
  }
  runs.push(run);
  let distance = 0;
  let spaces = 0;
  for (const r of runs) {
    if (r.length < 2) continue;
    const m = measure(r);
    distance += m.distance;
    spaces += m.spaces;
  }
  return { distance, spaces };
}
