/**
 * GM authority (architecture: only the active GM writes documents a user does not own). A player's request goes
 * to the active GM through `User#query` and `CONFIG.queries`; the GM runs it locally.
 */
import { SYSTEM_ID } from "../constants.js";

export const QUERY = {
  rollSide: `${SYSTEM_ID}.rollSide`,
  applyDamage: `${SYSTEM_ID}.applyDamage`,
  /** A player ended the round's last turn: the GM re-rolls the sides and starts the next round (SF-B-04). */
  nextRound: `${SYSTEM_ID}.nextRound`,
} as const;

/** The two things a request needs from Foundry's users: who I am and who the active GM is. */
export interface UserPorts {
  readonly isGM: boolean;
  readonly activeGM: {
    query(name: string, data: object, options?: { timeout?: number }): Promise<unknown>;
  } | null;
}

export class NoGMError extends Error {
  readonly key = "FT.Error.noGM";
  constructor() {
    super("No GM is connected to carry this out; the card keeps its buttons for later.");
    this.name = "NoGMError";
  }
}

/** Run `local` as the GM, or ask the active GM to run query `name` with `data`. */
export async function asGM<T>(
  users: UserPorts,
  name: string,
  data: object,
  local: () => Promise<T>,
): Promise<T> {
  if (users.isGM) return local();
  if (!users.activeGM) throw new NoGMError();
  return (await users.activeGM.query(name, data, { timeout: 10_000 })) as T;
}

/** The live users in Foundry. */
export function foundryUsers(): UserPorts {
  const g = game as unknown as { user?: { isGM: boolean }; users?: { activeGM: UserPorts["activeGM"] } };
  return { isGM: !!g.user?.isGM, activeGM: g.users?.activeGM ?? null };
}
