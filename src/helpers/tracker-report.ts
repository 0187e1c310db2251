/**
 * How a failed tracker action is told to the user (R2-5): rolling a side and starting the next round are requests
 * to the GM, so their failures are worded for the tracker (the GM rolls the sides and starts each round), not for a
 * chat card. Everything else goes through the shared `report`.
 */
import { GMQueryError, NoGMError } from "./gm-query.js";
import { notify, report } from "./report.js";

/** The tracker's notification for an error from one of its actions; null to leave it to `report`. */
export function trackerReport(
  e: unknown,
): { level: "warn" | "error"; key: string; data: Record<string, string> } | null {
  if (e instanceof NoGMError) return { level: "warn", key: "FT.Tracker.noGM", data: {} };
  if (e instanceof GMQueryError)
    return {
      level: e.reason === "refused" ? "error" : "warn",
      key: `FT.Tracker.${e.reason}`,
      data: e.reason === "refused" ? { detail: e.detail } : {},
    };
  return null;
}

/** Tell the user why a tracker action did not happen (never throws). */
export function reportTrackerError(e: unknown): void {
  const r = trackerReport(e);
  if (r) notify(r.level, r.key, r.data);
  else report(e);
}

/** An AppV2 action handler of the tracker that reports its failure in the tracker's words. */
export function trackerGuarded<This, A extends unknown[]>(
  handler: (this: This, ...args: A) => unknown,
): (this: This, ...args: A) => Promise<void> {
  return async function (this: This, ...args: A): Promise<void> {
    try {
      await handler.apply(this, args);
    } catch (e) {
      reportTrackerError(e);
    }
  };
}
