/**
 * Basic-game initiative ties (SF-B-05): neither side has initiative and damage from both sides takes effect only
 * after both have fired. The combat holds apply requests and the GM applies them at the end of the exchange.
 */

export interface HeldRequest {
  readonly messageId: string;
  readonly ids: readonly string[];
}

/** Add a request to the held list; the same card and targets are held once. */
export function holdRequest(pending: readonly HeldRequest[], req: HeldRequest): HeldRequest[] {
  const key = (r: HeldRequest) => `${r.messageId}|${[...r.ids].sort().join(",")}`;
  return pending.some((p) => key(p) === key(req))
    ? [...pending]
    : [...pending, { messageId: req.messageId, ids: [...req.ids] }];
}

/** Is damage held this round? Only in the Basic game, in a started combat whose sides tied. */
export function damageIsHeld(opts: {
  variant: "basic" | "expanded";
  started: boolean;
  simultaneous: boolean;
}): boolean {
  return opts.variant === "basic" && opts.started && opts.simultaneous;
}

/** Apply every held request in order (each reads the targets as they are then), then clear the list. */
export async function releaseHeld(
  pending: readonly HeldRequest[],
  apply: (r: HeldRequest) => Promise<unknown>,
): Promise<number> {
  for (const r of pending) await apply(r);
  return pending.length;
}
