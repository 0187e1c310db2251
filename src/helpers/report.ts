/**
 * Where a user action's failure becomes something the user sees. Nothing else catches it: ApplicationV2 calls an
 * action handler without awaiting or catching it (client/applications/api/application.mjs, `#onClickAction`:
 * `handler?.call(this, event, target)`), and a rejected DOM listener only reaches the console. So every action
 * (sheet and tracker buttons, chat card buttons, dialog and menu submits) runs through {@link guard}: a rules
 * error, a missing GM, a query that timed out or was not allowed each become a clear, localized notification; any
 * other error is logged to the console and reported as "that did not work".
 */
import { SYSTEM_ID } from "../constants.js";
import { RulesError } from "../rules/index.js";
import { GMQueryError, NoGMError } from "./gm-query.js";

export type Level = "info" | "warn" | "error";

export interface Report {
  readonly level: Level;
  readonly key: string;
  readonly data: Readonly<Record<string, string>>;
}

/**
 * Show a localized notification. With data, v13's `Notifications#notify` formats the key and escapes the values
 * (`{format}`); without, it localizes the key (`{localize: true}`).
 */
export function notify(level: Level, key: string, data: Readonly<Record<string, unknown>> = {}): void {
  const format = Object.fromEntries(Object.entries(data).map(([k, v]) => [k, String(v)]));
  const n = ui.notifications;
  if (!n) return;
  if (Object.keys(format).length) n[level](key, { format });
  else n[level](key, { localize: true });
}

/** What to tell the user about an error from one of their actions; null when there is nothing to tell. */
export function describeError(e: unknown): Report | null {
  if (e instanceof AttackCancelled) return null;
  if (e instanceof RulesError) {
    const data = Object.fromEntries(Object.entries(e.data).map(([k, v]) => [k, String(v)]));
    return { level: "warn", key: e.key, data };
  }
  if (e instanceof NoGMError) return { level: "warn", key: e.key, data: {} };
  if (e instanceof GMQueryError)
    return { level: e.reason === "refused" ? "error" : "warn", key: e.key, data: { detail: e.detail } };
  const message = e instanceof Error ? e.message : String(e);
  return { level: "error", key: "FT.Error.unexpected", data: { message } };
}

/** Tell the user about an error from one of their actions; errors we did not expect also go to the console. */
export function report(e: unknown): void {
  const r = describeError(e);
  if (!r) return;
  if (r.key === "FT.Error.unexpected") console.error(`${SYSTEM_ID} |`, e);
  notify(r.level, r.key, r.data);
}

/** Run a user action; a failure is reported (never thrown), and the result is undefined. */
export async function guard<T>(action: () => T | Promise<T>): Promise<T | undefined> {
  try {
    return await action();
  } catch (e) {
    report(e);
    return undefined;
  }
}

/** An AppV2 action handler (or any listener) that reports its failure instead of rejecting into the void. */
export function guarded<This, A extends unknown[]>(
  handler: (this: This, ...args: A) => unknown,
): (this: This, ...args: A) => Promise<void> {
  return async function (this: This, ...args: A): Promise<void> {
    await guard(() => handler.apply(this, args));
  };
}

/** The user cancelled an attack (its dialog closed): not an error to report. */
export class AttackCancelled extends Error {
  constructor() {
    super("Attack cancelled");
    this.name = "AttackCancelled";
  }
}
