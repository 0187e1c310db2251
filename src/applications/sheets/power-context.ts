/**
 * The power select on the actor sheet's weapon and screen rows (SF-X-36), from plain data: which sources can feed
 * each item, and a weapon row's ammunition read from the pack it is plugged into (a weapon on an empty pack shows
 * empty and cannot be fired from the sheet; one with an empty clip on a full pack can).
 */
import { type Carried, type FeedChoice, feedChoice } from "../../data/item/power.js";
import type { WeaponRow } from "./context.js";

/** Each weapon's and screen's power select, by item id (null: nothing the actor carries can power it). */
export function feedsOf(items: readonly Carried[]): Record<string, FeedChoice | null> {
  return Object.fromEntries(items.map((i) => [i.id, feedChoice(i, items)]));
}

/** A weapon row with its power select; its ammunition is the pack's while it is plugged into one. */
export function withFeed(
  row: WeaponRow,
  feed: FeedChoice | null | undefined,
  perShot: number,
): WeaponRow & { feed: FeedChoice | null } {
  const pack = feed?.current;
  if (!pack) return { ...row, feed: feed ?? null };
  const left = pack.remaining;
  return {
    ...row,
    feed: feed ?? null,
    ammo: {
      ...row.ammo,
      left,
      capacity: pack.capacity,
      unit: "seu",
      empty: left !== null && left < Math.max(1, perShot),
      low: left !== null && pack.capacity !== null && left <= pack.capacity / 4,
    },
  };
}
