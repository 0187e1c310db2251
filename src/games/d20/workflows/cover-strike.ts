/**
 * SW-31 with a creature as the cover. Seed 002, "Striking the Cover Instead of a Missed Target": "If the attack roll
 * falls within a range low enough to miss the target with cover but high enough to strike the target if there had
 * been no cover, the attack hits the object used for cover. If a creature is providing cover for another character
 * and the attack roll exceeds the AC of the creature, the creature takes the damage intended for the target." (The
 * design's §2.3 reads "exceeds" as the attack rule's "equal or higher", `struckCover`.)
 *
 * The card keeps the covering creature's token id (`coverCreature`, the first creature in the line of fire when it
 * gave the cover, cover.ts). Its Defense is never on the card: the GM's client reads it from the creature's own
 * derived d20 numbers when it draws the card (a GM-only "Apply to <creature>" button) and again when it answers the
 * click (d20-card-requests.ts), so an NPC's Defense is in no player's data.
 */
import type { AttackCardData, CardTarget } from "../../../data/chat/attack-card.js";
import { actorSystem } from "../../../data/subtypes.js";
import { tokenByUuid } from "../../../documents/subtypes.js";
import { RulesError, struckCover, tokensInTheWay } from "../../../rules/index.js";
import { struckOf } from "./d20-card.js";

/** What a shot that struck its covering creature does: the creature's token, and the damage the shot rolled. */
export interface CoverStrike {
  /** The covering creature's token UUID (a card target id). */
  readonly uuid: string;
  readonly name: string;
  readonly damage: number;
}

/**
 * SW-31: the creature the miss at `targetId` struck and hurt, or null — no creature was the cover, the miss was not
 * the cover's doing, the roll did not reach the creature's Defense, it dodged (only its Dex or dodge bonus kept it
 * from being hit: "the original target is hit", left to the GM), or it is already on the card.
 */
export function coverStrike(card: AttackCardData, targetId: string): CoverStrike | null {
  const t = card.targets.find((x) => x.id === targetId);
  const creatureId = t?.d20?.coverCreature;
  const index = card.result.shots.findIndex((s) => s.targetId === targetId);
  const shot = card.result.shots[index];
  if (!t?.d20 || !creatureId || !shot) return null;
  const outcome = shot.outcome;
  if (struckOf(t.d20, outcome) !== "creature" || typeof outcome.total !== "number") return null;
  const target = tokenByUuid(targetId);
  const token = target?.parent?.tokens.get(creatureId);
  const d = actorSystem(token?.actor)?.derived?.d20;
  if (!token || !d || card.targets.some((x) => x.id === token.uuid)) return null;
  // Issue 31 (SW-31, closing note): the covering creature is the card's word; the GM strikes it only where it stands
  // between the attacker and the target now (the cover read's own line of fire).
  if (!target || !standsBetween(card, target, token)) return null;
  // Its Dex bonus (when positive) and its dodge bonuses: the part of its Defense that is getting out of the way.
  const term = (id: string) => d.defenseTerms.find((m) => m.id === id)?.value ?? 0;
  const s = struckCover(
    {
      roll: outcome.roll,
      total: outcome.total,
      target: outcome.target ?? 0,
      rollHit: false,
      auto: outcome.auto === "miss" ? "miss" : null,
    },
    t.d20.defenseTerms.find((m) => m.id === "cover")?.value ?? 0,
    "creature",
    { id: creatureId, defense: d.defense.total, dexAndDodge: Math.max(0, term("dex")) + term("dodge") },
  );
  if (s.kind !== "creature" || !s.hurt) return null;
  // The damage the missed shot rolled, as a hit would have dealt it: its dice and the terms known before the roll.
  const dice = (card.damageDice[index] ?? []).reduce((a, b) => a + b, 0);
  const terms = (outcome.damageTerms ?? []).reduce((a, m) => a + m.value, 0);
  return { uuid: token.uuid, name: token.name ?? "", damage: Math.max(1, dice + terms) };
}

/**
 * The card after the GM applied the struck creature: it joins the targets with the damage the shot rolled, so the
 * card's own Apply (its record, Undo and "applied" mark) reaches it, as a stray shot's bystander does (stray.ts).
 */
export function withCoverTarget<C extends AttackCardData>(card: C, targetId: string): C {
  const strike = coverStrike(card, targetId);
  const base = card.targets.find((x) => x.id === targetId);
  if (!strike || !base) throw new RulesError("FT.D20UI.struckNotCreature", "The shot struck no creature");
  const target: CardTarget = {
    ...base,
    id: strike.uuid,
    name: strike.name,
    cover: "none",
    coverReason: null,
    modifiers: [],
    problem: null,
    chance: 0,
    // No shot was rolled at it: its row carries none of the missed target's numbers (an NPC's Defense stays off it).
    ...(base.d20
      ? {
          d20: {
            ...base.d20,
            defense: null,
            defenseTerms: [],
            struck: null,
            coverCreature: null,
            coverSource: "none" as const,
          },
        }
      : {}),
  };
  return {
    ...card,
    targets: [...card.targets, target],
    result: {
      ...card.result,
      damage: [...card.result.damage, { targetId: strike.uuid, damage: strike.damage }],
    },
  };
}

/** A token's centre and footprint radius in canvas pixels, from its document (the GM may view another scene). */
function bystanderOf(doc: TokenDocument.Implementation) {
  const size = doc.parent?.grid?.size || 100;
  const w = (doc.width ?? 1) * size;
  const h = (doc.height ?? 1) * size;
  // As canvas/scene-facts.ts `bystanders` draws a token for the cover read: 0.8 of its half side.
  return { id: doc.id ?? "", x: doc.x + w / 2, y: doc.y + h / 2, r: (Math.min(w, h) / 2) * 0.8 };
}

/**
 * SW-31 (issue 31): does the creature the card names as the cover stand in the line of fire from the attacker's token
 * to the target's, as the cover read finds a creature in the way (`tokensInTheWay`, d20 cover-facts.ts `d20Lattice`)?
 * The attacker's token is its actor's on the target's scene; none there, no creature is between.
 */
export function standsBetween(
  card: Pick<AttackCardData, "actorUuid">,
  target: TokenDocument.Implementation,
  creature: TokenDocument.Implementation,
): boolean {
  const attacker = target.parent?.tokens.find(
    (t) =>
      t.actor?.uuid === card.actorUuid ||
      (t.actorLink && game.actors?.get(t.actorId ?? "")?.uuid === card.actorUuid),
  );
  if (!attacker || attacker.id === creature.id || target.id === creature.id) return false;
  const c = { ...bystanderOf(creature), prone: false, dead: false };
  return tokensInTheWay(bystanderOf(attacker), bystanderOf(target), [c]).length > 0;
}

/**
 * SW-31 (issue 31): the name of the creature a row's card names as the cover when it does not stand between the
 * attacker and the target (no strike is offered: the GM is told why), else null.
 */
export function misplacedCover(card: AttackCardData, targetId: string): string | null {
  const t = card.targets.find((x) => x.id === targetId);
  const creatureId = t?.d20?.coverCreature;
  const shot = card.result.shots.find((s) => s.targetId === targetId);
  if (!t?.d20 || !creatureId || !shot || struckOf(t.d20, shot.outcome) !== "creature") return null;
  const target = tokenByUuid(targetId);
  const token = target?.parent?.tokens.get(creatureId);
  if (!target || !token || card.targets.some((x) => x.id === token.uuid)) return null;
  return standsBetween(card, target, token) ? null : (token.name ?? "");
}

/** SW-31: the GM's "Apply to <creature>" button on the row of a target whose miss struck and hurt its cover. */
export function showCoverStrikes(card: AttackCardData, html: HTMLElement): void {
  if (!game.user?.isGM) return;
  for (const row of html.querySelectorAll<HTMLElement>("li[data-target-id]")) {
    const id = row.dataset.targetId ?? "";
    const strike = coverStrike(card, id);
    const misplaced = strike ? null : misplacedCover(card, id);
    if (misplaced !== null) {
      const note = document.createElement("p");
      note.className = "ft-note";
      note.textContent =
        game.i18n?.format("FT.D20UI.coverNotBetween", { name: misplaced }) ?? `${misplaced} is not between`;
      const rule = document.createElement("span");
      rule.className = "ft-rule";
      rule.textContent = "SW-31";
      note.append(" ", rule);
      row.append(note);
    }
    if (!strike) continue;
    const b = document.createElement("button");
    b.type = "button";
    b.dataset.ftAction = "coverHit";
    b.dataset.targetId = id;
    b.textContent = game.i18n?.format("FT.D20UI.applyToCover", { name: strike.name }) ?? strike.name;
    const rule = document.createElement("span");
    rule.className = "ft-rule";
    rule.textContent = "SW-31";
    b.append(" ", rule);
    row.querySelector(".ft-buttons")?.prepend(b);
  }
}
