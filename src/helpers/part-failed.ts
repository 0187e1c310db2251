/**
 * Issue 33 (the main bundle; lazy review findings 1 and 3): the parts of the system that load on first use (the
 * chat's drawing, the tracker's rows, the sheets' work) come in chunks fetched by a dynamic import. A fetch can fail — a
 * network blip, or a page still running the entry of an older build whose hashed chunk names are gone after an
 * update — and then only a reload helps. Each lazy loader's failure goes through here: the error to the console
 * every time, and ONE localized notice per page (a chat log with fifty cards would otherwise toast fifty times).
 * Kept tiny: it is in the main module.
 */
import { SYSTEM_ID } from "../constants.js";
import { perPage } from "./page-state.js";
import { notify } from "./report.js";

const TOLD = perPage(() => ({ told: false }));

/** A lazy part failed to load: log it, and tell this page's user once to reload. */
export function reportPartFailed(e: unknown): void {
  console.error(`${SYSTEM_ID} | a part of the system failed to load:`, e);
  const page = TOLD();
  if (page.told) return;
  page.told = true;
  notify("error", "FT.Error.partFailed");
}

/** Load a lazy part; a failure is reported (once per page) and still rejects, so the caller falls back or stops. */
export async function loadPart<T>(load: () => Promise<T>): Promise<T> {
  try {
    return await load();
  } catch (e) {
    reportPartFailed(e);
    throw e;
  }
}
