/**
 * The attacker as an attack reads it (moved out of attack.ts, so melee.ts, creature-attack.ts and structure.ts read
 * it without importing attack.ts): its facts from its sheet and token — abilities, skill, movement, SF-X-23's vision
 * aid, the d20 block with its side's Morale band (SWN-13), suppression (SW-43) and a foe in reach (SW-25) — and where
 * a weapon draws its ammunition (SF-X-36).
 */
import { bandOfToken } from "../../canvas/morale-band.js";
import { involvedTokens, movementOf, movementReport } from "../../canvas/scene-facts.js";
import { isSuppressed, isThreatened } from "../../canvas/suppression.js";
import { d20AttackerFacts } from "../../data/actor/d20-facts.js";
import type { WeaponSystem } from "../../data/item/facts.js";
import { type FrontierActorType, isItemType } from "../../data/subtypes.js";
import { type AttackerFacts, visionAidFromGear } from "../../rules/index.js";
import type { AmmoState } from "./attack-plan.js";

type ActorI = Actor.Implementation;
type FrontierActorI = Actor.OfType<FrontierActorType>;
type WeaponI = Item.OfType<"weapon">;
type TokenP = foundry.canvas.placeables.Token.Implementation;

/** The attacker's facts from its sheet and token. */
export function attackerFacts(actor: FrontierActorI, weapon: WeaponSystem, token: TokenP): AttackerFacts {
  const sys = actor.system;
  const skill = weapon.skill;
  return {
    dex: sys.abilities.dex?.value ?? 0,
    str: sys.abilities.str?.value ?? 0,
    rs: sys.abilities.rs?.value ?? 0,
    stamina: { value: sys.stamina.value, max: sys.stamina.max },
    skillLevel: sys.derived?.skills?.[skill] ?? 0,
    ambidextrous: !!sys.derived?.ambidextrous,
    movement: movementOf(token),
    vehicle: "none",
    inSkimmer: false,
    anesthetic: !!sys.anesthetic,
    // SF-X-23: infrared or light amplification goggles in the gear (the dialog can change it).
    visionAid: visionAidFromGear(actor.items.filter((i) => i.type === "gear").map((i) => i.name)),
    // The d20 engine's block (issue 14); the other engines ignore it.
    d20: {
      // SWN-13: the attacker's side's Morale band (swn profile; null otherwise).
      ...d20AttackerFacts(sys, actor.statuses, bandOfToken(token)),
      // SW-43: in an area another side suppresses; SW-25: a foe within reach (the dialog warns of provoking).
      // SW-21: how far it walked this round (its movement history, a GM's displace left out), for a charge.
      moved: movementReport(token).moved,
      suppressed: isSuppressed(token),
      threatened: isThreatened(token, involvedTokens()),
    },
  };
}

/** Where the weapon draws its ammunition: its own clip, or the power pack it is plugged into (SF-X-36). */
export function ammoState(actor: ActorI, item: WeaponI): AmmoState {
  const s = item.system;
  const a = s.ammo;
  const linked = a.powerSource ? actor.items.get(a.powerSource) : undefined;
  // Only a power source item can feed the weapon (its `remaining` and `capacity` are the pack's).
  const pack = linked && isItemType(linked, "powerSource") ? linked : undefined;
  const packSys = pack?.system;
  return {
    unit: a.unit,
    perShot: a.perShot,
    perSeu: s.damage.perSeu.enabled,
    remaining: packSys ? packSys.remaining : a.remaining,
    capacity: packSys ? packSys.capacity : a.capacity,
    sourceId: pack?.id ?? item.id ?? "",
  };
}
