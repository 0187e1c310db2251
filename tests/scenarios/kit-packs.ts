/**
 * Actors from the shipped actors pack (issue 32), as a world holds them after the GM imports them: the pack entry's
 * system and embedded items, its id kept (Foundry's "Import" with keepId, as an Adventure does), owned by a player or
 * not. Items keep their pack ids, so a test finds them by name.
 */
import { packEntry } from "../pack-data.js";

type Src = Record<string, unknown>;

export function actorFromPack(file: string, o: { owner?: string; ownership?: Src } = {}): Src {
  const e = packEntry<Src>("actors", file) as ReturnType<typeof packEntry<Src>> & {
    items?: Src[];
    img?: string;
    prototypeToken?: Src;
  };
  return {
    _id: e._id,
    name: e.name,
    type: e.type,
    img: e.img,
    system: e.system,
    items: (e.items ?? []).map(({ _key, ...item }) => item),
    // Issue 32: the pack's prototype token (link and disposition) comes with the import.
    ...(e.prototypeToken ? { prototypeToken: e.prototypeToken } : {}),
    ownership: o.ownership ?? (o.owner ? { default: 0, [o.owner]: 3 } : { default: 0 }),
  };
}

/** The id of the embedded item of this name in a pack actor. */
export function packItemId(file: string, itemName: string): string {
  const e = packEntry<Src>("actors", file) as { items?: { _id: string; name: string }[] };
  const item = e.items?.find((i) => i.name === itemName);
  if (!item) throw new Error(`actors/${file} carries no ${itemName}`);
  return item._id;
}

/**
 * A token placed from a pack actor's prototype, as v13's drop does (`Actor#getTokenDocument`,
 * client/documents/actor.mjs: the prototype's data with the actor's id and the drop position). A prototype field the
 * pack does not give takes v13's BaseToken default (common/documents/token.mjs): `actorLink` false, `disposition`
 * HOSTILE (−1).
 */
export function tokenFromPack(
  file: string,
  t: { _id: string; name?: string; actorId: string; x: number; y: number },
): Src {
  const proto = (packEntry<Src>("actors", file) as { prototypeToken?: Src }).prototypeToken ?? {};
  return { actorLink: false, disposition: -1, delta: {}, ...proto, ...t };
}
