/**
 * Which power source feeds which weapon or screen (SF-X-36, SF-B-19). Pure: the sheets list the choices with it, the
 * Item document refuses a link with it before anything is written, and the tests read it directly.
 *
 * The rules (rules-tables §8, seeds 000 and 001):
 * - Expanded (SF-X-36): a weapon that takes SEU runs on its own powerclip or on a power source the wearer carries;
 *   beltpacks and backpacks also power screens, and a weapon and a screen on one pack draw on the same SEU. Ports:
 *   a beltpack has one weapon port and one screen port, a backpack two weapon ports and one screen port; a powerclip
 *   fits one weapon and no screen; a parabattery feeds heavy weapons only.
 * - Basic (SF-B-19): only laser pistols and rifles share powerpacks; every other weapon has its own.
 */
import { canShareBasicPowerpack, RulesError } from "../../rules/index.js";
import { type PackRef, screenPack } from "./facts.js";

export type PowerVariant = "basic" | "expanded";

/** An actor's item as the power rules see it. */
export type Carried =
  | {
      readonly type: "powerSource";
      readonly id: string;
      readonly name: string;
      readonly kind: string;
      readonly unit: string;
      readonly remaining: number | null;
      readonly capacity: number | null;
    }
  | {
      readonly type: "weapon";
      readonly id: string;
      readonly name: string;
      /** The weapon's ammunition unit (`seu`, `rounds`, `none`). */
      readonly unit: string;
      readonly perShot: number;
      /** The power source id stored on the weapon (`system.ammo.powerSource`); "" = its own clip. */
      readonly link: string;
      readonly damageKind: string;
      readonly skill: string;
      readonly heavy: boolean;
      /** Highest power setting of a per-SEU weapon (a laser rifle's dial goes to 20, a pistol's to 10). */
      readonly perSeuMax: number;
    }
  | {
      readonly type: "defense";
      readonly id: string;
      readonly name: string;
      readonly slot: string;
      /** The power source id stored on the defense (`system.powerSource`). */
      readonly link: string;
    }
  | { readonly type: "other"; readonly id: string; readonly name: string };

type Pack = Extract<Carried, { type: "powerSource" }>;
type Weapon = Extract<Carried, { type: "weapon" }>;
type Consumer = Weapon | Extract<Carried, { type: "defense" }>;

/** Weapon and screen ports per power source kind (rules-tables §8); a kind not listed feeds nothing. */
export const PORTS: Readonly<Record<string, { readonly weapon: number; readonly screen: number }>> = {
  powerclip: { weapon: 1, screen: 0 },
  beltpack: { weapon: 1, screen: 1 },
  backpack: { weapon: 2, screen: 1 },
  parabattery: { weapon: Number.POSITIVE_INFINITY, screen: 0 },
};

const packs = (items: readonly Carried[]): Pack[] =>
  items.filter((i): i is Pack => i.type === "powerSource" && i.unit === "seu" && i.kind in PORTS);

const packRefs = (items: readonly Carried[]): PackRef[] =>
  packs(items).map((p) => ({ id: p.id, kind: p.kind }));

/** Can this source power this weapon or screen at all (ports aside)? */
export function canFeed(consumer: Carried, pack: Pack): boolean {
  const ports = PORTS[pack.kind];
  if (!ports || pack.unit !== "seu") return false;
  if (consumer.type === "weapon")
    return consumer.unit === "seu" && ports.weapon > 0 && (pack.kind !== "parabattery" || consumer.heavy);
  return consumer.type === "defense" && consumer.slot === "screen" && ports.screen > 0;
}

/**
 * The source that powers a weapon or screen now, or null (a weapon on its own clip, an unpowered screen): the one
 * stored on it while the actor still carries it, or for a screen the wearer's only beltpack or backpack
 * (`screenPack`, which the GM's apply uses too).
 */
export function feedOf(consumer: Carried, items: readonly Carried[]): string | null {
  if (consumer.type === "defense")
    return screenPack(
      { slot: consumer.slot as "screen" | "suit", powerSource: consumer.link },
      packRefs(items),
    );
  if (consumer.type !== "weapon" || !consumer.link) return null;
  const pack = packs(items).find((p) => p.id === consumer.link);
  return pack && canFeed(consumer, pack) ? pack.id : null;
}

/**
 * The weapon's key for the Basic game's powerpack rule (SF-B-19): laser pistols and rifles (a rifle fires 2 SEU a
 * shot in the Basic game, or has a dial above 10 in the Expanded game) share; every other weapon shares only with
 * weapons of its own damage kind and skill (its own clips).
 */
export function basicPackKey(w: Weapon): string {
  if (w.damageKind === "laser" && w.skill === "beam" && !w.heavy)
    return w.perShot > 1 || w.perSeuMax > 10 ? "laserRifle" : "laserPistol";
  return `${w.damageKind}:${w.skill}`;
}

/**
 * Why plugging `consumerId` into `packId` is refused, or null. "" unplugs (always allowed). Refused: an id that is
 * not one of the actor's power sources; a source that cannot power it (a screen on a clip, a weapon that does not
 * take SEU); in the Basic game a pack another weapon uses unless both are lasers (SF-B-19); in the Expanded game a
 * source whose ports of that sort are taken (SF-X-36).
 */
export function linkProblem(
  variant: PowerVariant,
  consumerId: string,
  packId: string,
  items: readonly Carried[],
): RulesError | null {
  const consumer = items.find(
    (i): i is Consumer => i.id === consumerId && (i.type === "weapon" || i.type === "defense"),
  );
  if (!consumer || !packId) return null;
  const pack = items.find((i): i is Pack => i.id === packId && i.type === "powerSource");
  if (!pack)
    return new RulesError("FT.Power.notASource", `${packId} is not one of the actor's power sources`, {
      item: consumer.name,
      id: packId,
    });
  if (!canFeed(consumer, pack))
    return new RulesError(
      consumer.type === "weapon" ? "FT.Power.weaponCannot" : "FT.Power.screenCannot",
      `${pack.name} cannot power ${consumer.name}`,
      { item: consumer.name, pack: pack.name },
    );
  const others = items.filter(
    (i): i is Consumer =>
      i.id !== consumer.id &&
      i.type === consumer.type &&
      feedOf(i, items) === pack.id &&
      (i.type === "weapon" || i.slot === "screen"),
  );
  if (variant === "basic") {
    if (consumer.type !== "weapon") return null;
    const other = others.find(
      (o) => o.type === "weapon" && !canShareBasicPowerpack(basicPackKey(consumer), basicPackKey(o)),
    );
    return other
      ? new RulesError(
          "FT.Power.basicShare",
          `${consumer.name} cannot share ${pack.name} with ${other.name}`,
          {
            item: consumer.name,
            pack: pack.name,
            other: other.name,
          },
        )
      : null;
  }
  const port = consumer.type === "weapon" ? "weapon" : "screen";
  const free = (PORTS[pack.kind]?.[port] ?? 0) - others.length;
  return free > 0
    ? null
    : new RulesError("FT.Power.portsFull", `No free ${port} port on ${pack.name}`, {
        item: consumer.name,
        pack: pack.name,
        others: others.map((o) => o.name).join(", "),
      });
}

/** One option of the power select on a weapon or screen row. */
export interface FeedOption {
  readonly value: string;
  readonly label: string;
  readonly selected: boolean;
}

/** The power select of a weapon or screen: null when nothing the actor carries can power it. */
export interface FeedChoice {
  /** i18n key of the blank option: the weapon's own clip, or a screen plugged into nothing. */
  readonly blank: string;
  readonly options: readonly FeedOption[];
  /** The source powering it now (null: own clip or none), with what it holds. */
  readonly current: {
    readonly id: string;
    readonly remaining: number | null;
    readonly capacity: number | null;
  } | null;
}

export function feedChoice(consumer: Carried, items: readonly Carried[]): FeedChoice | null {
  if (consumer.type !== "weapon" && consumer.type !== "defense") return null;
  const candidates = packs(items).filter((p) => canFeed(consumer, p));
  if (!candidates.length) return null;
  const now = feedOf(consumer, items);
  const pack = candidates.find((p) => p.id === now) ?? null;
  return {
    blank: consumer.type === "weapon" ? "FT.Power.ownClip" : "FT.Power.unplugged",
    options: candidates.map((p) => ({
      value: p.id,
      label: `${p.name} (${p.remaining ?? "—"}/${p.capacity ?? "—"} SEU)`,
      selected: p.id === now,
    })),
    current: pack ? { id: pack.id, remaining: pack.remaining, capacity: pack.capacity } : null,
  };
}
