/**
 * The names of side Morale's `CONFIG.queries` (issue 33 SWN-10; registered at init by side-morale-hooks.ts, sent by
 * side-morale-gm.ts): a file of its own, so the lazy workflow and its small registration share them without a cycle.
 */
import { SYSTEM_ID } from "../../../constants.js";

/** GM → reader: a ticket for a reading. */
export const QUERY_READING = `${SYSTEM_ID}.moraleReading` as const;
/** Reader → GM: the reading a ticket stands for. */
export const QUERY_CLAIM = `${SYSTEM_ID}.moraleClaim` as const;
