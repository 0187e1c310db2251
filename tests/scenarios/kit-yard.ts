/**
 * The yard the issue-33 dialog scenarios share (hotbar macros, roll modes): Alice's Eusyl (DEX 80, STR 40, Stamina
 * 45) with a laser pistol from the pack, 10 m from an unlinked Pirate creature (Stamina 40), the phases not enforced.
 * `tag` keeps each file's ids its own.
 */
import { ALICE_ID, actorSource, id, itemFromPack, sceneSource, settingSource, tokenSource } from "./kit.js";

export function yard(tag: string) {
  const ids = {
    SCENE: id(`sceneYard${tag}`),
    EUSYL: id(`actEusyl${tag}`),
    PIRATE: id(`actPirate${tag}`),
    TOK_EUSYL: id(`tokEusyl${tag}`),
    TOK_PIRATE: id(`tokPirate${tag}`),
    PISTOL: id(`itmLaser${tag}`),
  };
  const world = () => ({
    settings: [settingSource(`settingPhases${tag}1`, "enforcePhases", false)],
    actors: [
      actorSource({
        _id: ids.EUSYL,
        name: "Eusyl",
        owner: ALICE_ID,
        abilities: { dex: 80, str: 40 },
        stamina: 45,
        items: [itemFromPack("weapons", "laser-pistol", ids.PISTOL)],
      }),
      actorSource({ _id: ids.PIRATE, name: "Pirate", type: "creature", stamina: 40 }),
    ],
    scenes: [
      sceneSource({
        _id: ids.SCENE,
        name: "Yard",
        grid: { size: 100, distance: 1, units: "m" },
        tokens: [
          tokenSource({
            _id: ids.TOK_EUSYL,
            name: "Eusyl",
            actorId: ids.EUSYL,
            actorLink: true,
            x: 1500,
            y: 1500,
          }),
          tokenSource({
            _id: ids.TOK_PIRATE,
            name: "Pirate",
            actorId: ids.PIRATE,
            actorLink: false,
            x: 2500,
            y: 1500,
          }),
        ],
      }),
    ],
  });
  return { ...ids, world };
}
