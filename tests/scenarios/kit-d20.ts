/**
 * The d20 scenarios' shared cast (issue 14): Kara, Alice's character (BAB +3, Dex 14, vitality 12) carrying the pack's
 * blaster pistol with the 3d6 damage this table's GM entered; and an NPC foe (class Defense +3, Dex 14, Medium:
 * Defense 15) that every player may observe unless a test says otherwise.
 */
import { ALICE_ID, actorSource, itemFromPack } from "./kit.js";

/** Kara with the blaster pistol `pistolId` (a 10 m increment, SW-06; 3d6 entered by the GM). */
export function karaWithBlaster(karaId: string, pistolId: string) {
  return actorSource({
    _id: karaId,
    name: "Kara",
    owner: ALICE_ID,
    items: [itemFromPack("d20", "blaster-pistol", pistolId, { d20: { damage: "3d6" } })],
    system: { d20: { bab: 3, abilities: { dex: 14 }, vitality: { value: 12, max: 12 } } },
  });
}

/** A heroic foe's pools: VP 10, WP 14 (SW-10, SW-18). */
export const HEROIC_POOLS = {
  heroic: true,
  vitality: { value: 10, max: 10 },
  wounds: { value: 14, max: 14 },
};

/** An NPC foe with Defense 15 (10 + class 3 + Dex 14's +2) and the rest of its d20 block from `d20`. */
export function d20Foe(foeId: string, name: string, d20: Record<string, unknown>) {
  return {
    ...actorSource({
      _id: foeId,
      name,
      system: { d20: { classDefense: 3, abilities: { dex: 14 }, ...d20 } },
    }),
    ownership: { default: 2 },
  };
}
