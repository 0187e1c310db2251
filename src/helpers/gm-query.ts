/**
 * GM authority (architecture: only the active GM writes documents a user does not own). A player's request goes
 * to the active GM through `User#query` and `CONFIG.queries`; the GM runs it locally.
 *
 * How v13's `User#query` fails (client/documents/user.mjs): it throws "You do not have permission to query users"
 * when the asker lacks the QUERY_USER permission, "User [id] is not active" when the GM has left, and, when the
 * GM's handler throws, rejects with `new Error(reason)` where reason is only the handler error's message
 * (client/documents/collections/users.mjs, `#handleUserQuery`). A time-out is enforced by the server; we also keep
 * our own timer so a lost answer can never leave the button waiting. Each failure becomes an error the user action
 * reports with a clear message (see `report.ts`).
 */
import { SYSTEM_ID } from "../constants.js";

export const QUERY = {
  rollSide: `${SYSTEM_ID}.rollSide`,
} as const;

/** Milliseconds a request waits for the GM's answer. */
export const QUERY_TIMEOUT = 10_000;

/** The things a request needs from Foundry's users: who I am, whether I may query, and who the active GM is. */
export interface UserPorts {
  readonly isGM: boolean;
  /** The QUERY_USER permission (players have it by default); absent means yes. */
  readonly canQuery?: boolean;
  readonly activeGM: {
    query(name: string, data: object, options?: { timeout?: number }): Promise<unknown>;
  } | null;
}

export class NoGMError extends Error {
  readonly key = "FT.Error.noGM";
  constructor() {
    super("No GM is connected to carry this out.");
    this.name = "NoGMError";
  }
}

/** Why a request to the GM failed: no answer in time, no permission to ask, or the GM's client could not do it. */
export class GMQueryError extends Error {
  constructor(
    readonly reason: "timeout" | "permission" | "refused",
    readonly detail = "",
  ) {
    super(`GM query failed (${reason})${detail ? `: ${detail}` : ""}`);
    this.name = "GMQueryError";
  }

  get key(): string {
    return `FT.Error.query.${this.reason}`;
  }
}

/** The error a failed `User#query` becomes. */
export function queryError(e: unknown): Error {
  if (e instanceof GMQueryError || e instanceof NoGMError) return e;
  const message = e instanceof Error ? e.message : String(e);
  if (/permission to query/i.test(message)) return new GMQueryError("permission", message);
  if (/is not active/i.test(message)) return new NoGMError();
  if (/timed? ?out/i.test(message)) return new GMQueryError("timeout", message);
  return new GMQueryError("refused", message);
}

/** Run `local` as the GM, or ask the active GM to run query `name` with `data`. */
export async function asGM<T>(
  users: UserPorts,
  name: string,
  data: object,
  local: () => Promise<T>,
  timeout = QUERY_TIMEOUT,
): Promise<T> {
  if (users.isGM) return local();
  if (!users.activeGM) throw new NoGMError();
  if (users.canQuery === false) throw new GMQueryError("permission");
  let timer: ReturnType<typeof setTimeout> | undefined;
  // A little longer than the server's own limit, so its answer (if any) comes first.
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new GMQueryError("timeout")), timeout + 2_000);
  });
  try {
    return (await Promise.race([users.activeGM.query(name, data, { timeout }), late])) as T;
  } catch (e) {
    throw queryError(e);
  } finally {
    clearTimeout(timer);
  }
}

/** The live users in Foundry. */
export function foundryUsers(): UserPorts {
  const user = game.user;
  return {
    isGM: !!user?.isGM,
    canQuery: user?.hasPermission?.("QUERY_USER") ?? true,
    // The port takes any query name, so tests can fake it; the names sent are QUERY's, which CONFIG.Queries types.
    activeGM: game.users?.activeGM ?? null,
  };
}
