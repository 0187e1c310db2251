import { perPage } from "../../helpers/page-state.js";
import { KeyedQueue } from "../../helpers/serial.js";

/**
 * Every apply and undo runs one at a time on the active GM's client, each reading the card and the targets
 * afresh: two requests in flight together (a player's request and the GM's click, two cards hitting one actor)
 * would otherwise both read before either wrote, and one hit would be lost or a target hit twice (R2-1, R2-2).
 * Players' and other GMs' clicks come to this client (see `gm-request.ts`), so this one queue is the only writer.
 */
const gmQueue = perPage(() => new KeyedQueue());

/** Run `task` in the GM's one queue (held damage, which also reads and writes what apply does). */
export function onGMQueue<T>(task: () => Promise<T>): Promise<T> {
  return gmQueue().run("gm", task);
}
