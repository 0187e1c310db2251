/**
 * Requests to the active GM whose sender the server vouches for.
 *
 * A `CONFIG.queries` handler is not told who sent the query (client/documents/collections/users.mjs
 * `#handleUserQuery` calls the handler with the query's data only; foundryvtt#13418), so anything a query says
 * about its sender is the sender's claim. A user's own User document, on the other hand, only that user (or a GM)
 * may update (common/documents/user.mjs `#canUpdate`, search id 8145943351: "Players may only modify
 * themselves"), and every client's `updateUser` hook receives the document that changed and the id of the user who
 * wrote it, as the server reports it. So a request is a flag the asker writes on their own User
 * (`flags.<system>.request`), and the active GM answers on the same User (`flags.<system>.response`). The GM knows
 * who asks from the document, not from the payload.
 *
 * The active GM runs its own requests directly; every other user (another GM included) sends them here, so the
 * active GM's client is the one place damage is written (one queue, `attack-flow.ts`).
 */
import { SYSTEM_ID } from "../constants.js";
import { GMQueryError, NoGMError, QUERY_TIMEOUT } from "./gm-query.js";
import { type GMRequestBody, ID } from "./gm-request-body.js";

export type { GMRequestBody };

type UserI = User.Implementation;

export interface GMAnswer {
  readonly applied: string[];
  readonly skipped: { id: string; reason: string; data?: Readonly<Record<string, string>> }[];
}

/** The GM's side of one kind: carry out `body` for `requester` (whom the server vouched for). Throws a refusal. */
export type GMRequestHandler<K extends GMRequestBody["kind"] = GMRequestBody["kind"]> = (
  body: Extract<GMRequestBody, { kind: K }>,
  requester: UserI,
) => Promise<GMAnswer>;

const handlers: { [K in GMRequestBody["kind"]]?: GMRequestHandler<K> } = {};

/** Carry out a checked body with its kind's handler. */
function run(body: GMRequestBody, requester: UserI): Promise<GMAnswer> {
  const h = handlers[body.kind] as GMRequestHandler | undefined;
  if (!h) throw new Error(`${SYSTEM_ID} | no GM request handler for ${body.kind} was registered in init`);
  // `handlers[body.kind]` takes exactly `body`'s kind, a correlation TypeScript cannot follow through the union.
  return h(body as never, requester);
}

/** Send `body` to the active GM and wait for the answer (or run it here when this user is the active GM). */
export async function requestGM(body: GMRequestBody, timeout = QUERY_TIMEOUT): Promise<GMAnswer> {
  const me = game.user;
  const gm = game.users?.activeGM ?? null;
  if (!me || !gm) throw new NoGMError();
  if (gm.id === me.id) return run(body, me);
  const id = foundry.utils.randomID();
  let timer: ReturnType<typeof setTimeout> | undefined;
  let hook = 0;
  const answer = new Promise<GMAnswer>((resolve, reject) => {
    timer = setTimeout(() => reject(new GMQueryError("timeout")), timeout);
    hook = Hooks.on("updateUser", (user: UserI) => {
      if (user.id !== me.id) return;
      const res = user.getFlag(SYSTEM_ID, "response");
      if (!res || res.id !== id) return;
      if (res.error) reject(new GMQueryError("refused", res.error));
      else resolve({ applied: res.applied ?? [], skipped: res.skipped ?? [] });
    });
  });
  try {
    await me.setFlag(SYSTEM_ID, "request", { id, ...body });
    return await answer;
  } finally {
    clearTimeout(timer);
    Hooks.off("updateUser", hook);
  }
}

/** Register the GM's side of one kind of request (init). */
export function registerGMRequest<K extends GMRequestBody["kind"]>(
  kind: K,
  handler: GMRequestHandler<K>,
): void {
  (handlers as Record<string, unknown>)[kind] = handler;
}

/**
 * Listen for requests (once per page, in init). On the active GM's client, a request flag written by its own user
 * is checked, carried out by its kind's handler, and answered on that user. A request written by anyone else (an
 * assistant GM editing a player's flags) is not that player asking, and is ignored. Every client listens, so
 * whichever GM is active when a request arrives answers it.
 */
export function listenForGMRequests(): void {
  Hooks.on("updateUser", (user, changed, _options, userId) => {
    if (game.user?.id !== game.users?.activeGM?.id) return;
    const flags: unknown = changed.flags;
    const mine: unknown =
      flags && typeof flags === "object" ? (flags as Record<string, unknown>)[SYSTEM_ID] : null;
    if (!mine || typeof mine !== "object" || !("request" in mine)) return;
    if (userId !== user.id) return;
    const req = user.getFlag(SYSTEM_ID, "request");
    if (!req || typeof req.id !== "string" || !ID.test(req.id)) return;
    void answer(user, req.id, req);
  });
}

async function answer(user: UserI, id: string, raw: unknown): Promise<void> {
  let response: { id: string; applied: string[]; skipped: GMAnswer["skipped"]; error: string | null };
  try {
    // Issue 33: the checks of a request's shape load with the first request this GM answers (gm-request-checks.ts).
    const { bodyOf, requestProblem } = await import("./gm-request-checks.js");
    const problem = requestProblem(raw);
    if (problem) throw new Error(`That request is not one this system sends (${problem}).`);
    const r = await run(bodyOf(raw as Record<string, unknown>), user);
    response = { id, applied: r.applied, skipped: r.skipped, error: null };
  } catch (e) {
    response = { id, applied: [], skipped: [], error: e instanceof Error ? e.message : String(e) };
  }
  try {
    // Every key of the response is written each time (arrays replace), so nothing of an older answer remains.
    await user.setFlag(SYSTEM_ID, "response", response);
  } catch (e) {
    console.error(`${SYSTEM_ID} | could not answer ${user.name}'s request`, e);
  }
}
