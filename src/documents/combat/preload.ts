/**
 * Issue 33 (review-lazy 2, review-trust 2.2): the active GM's page starts fetching the chunks of its answers to the
 * players' writes (a turn or round put back, the next round, the phase following a turn, the sides' writes) as soon
 * as it is ready or becomes the active GM, so the first put-back of a session never waits on a download while the
 * player's write shows on every tracker. The same loaders as the callers' (chunk.ts: fetched once per page).
 */
import { chunk } from "./chunk.js";

const GM_ANSWERS = [
  chunk("./rounds.js", () => import("./rounds.js")),
  chunk("./turn-answers.js", () => import("./turn-answers.js")),
  chunk("./phase-moves.js", () => import("./phase-moves.js")),
  chunk("./side-rolls-writes.js", () => import("./side-rolls-writes.js")),
  chunk("./sides-writes.js", () => import("./sides-writes.js")),
];

/** On the active GM's page: fetch the answers' chunks now (a failure is retried at first use, chunk.ts). */
export function preloadGMAnswers(): void {
  if (!game.user?.isActiveGM) return;
  for (const load of GM_ANSWERS) void load().catch((e: unknown) => console.warn(e));
}
