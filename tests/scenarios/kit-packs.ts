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
  };
  return {
    _id: e._id,
    name: e.name,
    type: e.type,
    img: e.img,
    system: e.system,
    items: (e.items ?? []).map(({ _key, ...item }) => item),
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
