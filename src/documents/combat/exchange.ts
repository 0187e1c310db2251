/**
 * Basic-game initiative ties (SF-B-05): neither side has initiative and damage from both sides takes effect only
 * after both have fired. The combat holds apply requests and the GM applies them at the end of the exchange.
 */

export interface HeldRequest {
  readonly messageId: string;
  readonly ids: readonly string[];
  /**
   * Whether a GM asked (the server vouched for who): a player's held request is applied at the end of the exchange
   * as theirs, so a hit a GM undid meanwhile is not brought back. Absent on entries held before: a player's.
   */
  readonly byGM?: boolean;
}

/**
 * Add a request to the held list: one entry per card (and per GM or player asking), holding the union of the targets asked for (an empty list
 * asks for every target on the card, and absorbs the rest). The list so stays as long as the cards held, however
 * often anyone clicks.
 */
export function holdRequest(pending: readonly HeldRequest[], req: HeldRequest): HeldRequest[] {
  const byGM = !!req.byGM;
  const i = pending.findIndex((p) => p.messageId === req.messageId && !!p.byGM === byGM);
  if (i < 0) return [...pending, { messageId: req.messageId, ids: [...new Set(req.ids)], byGM }];
  const held = pending[i]!;
  const ids = held.ids.length === 0 || req.ids.length === 0 ? [] : [...new Set([...held.ids, ...req.ids])];
  return pending.map((p, j) => (j === i ? { messageId: p.messageId, ids, byGM } : p));
}

/** Is damage held this round? Only in the Basic game, in a started combat whose sides tied. */
export function damageIsHeld(opts: {
  variant: "basic" | "expanded";
  started: boolean;
  simultaneous: boolean;
}): boolean {
  return opts.variant === "basic" && opts.started && opts.simultaneous;
}

/**
 * Apply every held request in order (each reads the targets as they are then). A request that fails does not stop
 * the others and is returned, so the end of the exchange (and the next round) is never blocked by one bad card.
 */
export async function releaseHeld(
  pending: readonly HeldRequest[],
  apply: (r: HeldRequest) => Promise<unknown>,
): Promise<{ released: number; failed: HeldRequest[] }> {
  const failed: HeldRequest[] = [];
  let released = 0;
  for (const r of pending) {
    try {
      await apply(r);
      released++;
    } catch {
      failed.push(r);
    }
  }
  return { released, failed };
}
