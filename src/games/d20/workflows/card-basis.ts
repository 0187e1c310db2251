/**
 * What the GM reads on the scene behind a player's d20 card (issue 31, last session's closing note): SW-25's attack of
 * opportunity with no offer, SW-21's charge, a target's Dex denied for a condition (fixaim).
 *
 * SW-25, SW-43 (issue 31, last session's closing note: "an AoO card that names no offer (the tracker's manual path) is
 * bounded only by one-a-round"): the basis on the scene of a player's attack of opportunity that answers no offer the
 * GM made. Seed 002, "Attacks of Opportunity": "An attack of opportunity is a single melee attack … You threaten the
 * area into which you can make a melee attack" (2 m, SW-14), "Moving out of a threatened square usually provokes an
 * attack of opportunity"; SW-43 a suppressor "threatens the targeted area, just as if he threatened that area with a
 * melee weapon". So the GM admits such a card (from the combat tracker's row) only when its attacker threatens each
 * target now — within its reach, or in the area it suppresses, where a provoking action (a shot fired, an item
 * drawn) is the GM's to judge — or the target's walk this round provoked it (out of its area, as provoke.ts offers,
 * read from the target's movement history). A card with no such basis is refused, the reason on the card for the GM
 * (card-draw.ts `refusalOf`). A GM's own card is the GM's word (attack-record.ts `admitEntry` asks only for players').
 */
import type { StoredCard } from "../../../data/chat/attack-card.js";
import { actorSystem } from "../../../data/subtypes.js";
import { flatFootedIn } from "../../../documents/combat/d20-initiative.js";
import { tokenByUuid } from "../../../documents/subtypes.js";
import {
  CHARGE_MIN_METRES,
  conditionsFromStatuses,
  insideThreat,
  provokedAreas,
} from "../../../rules/index.js";
import { isUuid } from "../../../workflows/card/card-targets.js";
import { ledgerFor } from "../../../workflows/turn/turn-ledger.js";
import { trustedHistory } from "../../../workflows/turn/walk-guard.js";
import { declaresCharge, termsForged } from "./card-terms.js";
import { combatantOnScene, type Recorded, scale, threatsOf, waypoints } from "./provoke.js";

type CombatantI = Combatant.Implementation;

/** Does combatant `attacker` threaten `doc` now, or did `doc`'s walk this round provoke it (SW-25, SW-24, SW-43)? */
function provokedBy(doc: TokenDocument.Implementation, attacker: CombatantI, round: number): boolean {
  const areas = threatsOf(attacker, doc).map((t) => t.area);
  if (!areas.length) return false;
  const { perPixel, size, square } = scale(doc);
  const w = (doc.width ?? 1) * size;
  const h = (doc.height ?? 1) * size;
  const body = { w: w * perPixel, h: h * perPixel };
  const at = { x: (doc.x + w / 2) * perPixel, y: (doc.y + h / 2) * perPixel };
  if (areas.some((a) => insideThreat(a, at, body))) return true;
  // SW-24: a disengage (the mover's round's action) spares the areas it started in, as the offers read it.
  const mover = attacker.parent?.combatants.find(
    (c) => c.tokenId === doc.id && c.token?.parent === doc.parent,
  );
  const disengaging = !!mover && ledgerFor(mover.marks.turn, round).action === "disengage";
  // v13 `movementHistory` returns `this._movementHistory` (client/documents/token.mjs); the field is read as
  // provoke.ts reads it (fvtt-types 13.345 types the getter as one waypoint).
  const history: readonly Recorded[] = doc._movementHistory ?? [];
  return provokedAreas(waypoints(doc, history), body, areas, disengaging, square).length > 0;
}

/**
 * SW-25: why a player's attack of opportunity card that names no offer has no basis (a localization key), or null: its
 * attacker fights in a started combat and some target is neither threatened by it now nor provoked it this round.
 * Outside a combat it is not bounded here.
 */
function aooUnfounded(card: StoredCard, speaker: string | null): string | null {
  if (card.reaction !== "aoo" || card.offer) return null;
  const { combat, attacker } = fightOf(card, speaker);
  if (!combat || !attacker) return null;
  const round = combat.settled.round;
  const founded =
    card.targets.length > 0 &&
    card.targets.every((t) => {
      const doc = tokenByUuid(t.id);
      return !!doc && provokedBy(doc, attacker, round);
    });
  return founded ? null : "FT.Card.aooNoBasis";
}

/**
 * The started combat the card's attacker fights in, and its combatant: the card's speaker token's (the token the
 * attack was made with, `ChatMessage.getSpeaker`) when it is one of the attacker's, else the actor's first (trust
 * review, rank 3: two tokens of one linked actor in a combat).
 */
function fightOf(
  card: StoredCard,
  speaker: string | null,
): { combat?: Combat.Implementation; attacker?: CombatantI } {
  const isAttacker = (c: CombatantI) => c.actor?.uuid === card.actorUuid;
  const combat = game.combats?.find((c) => c.started && c.combatants.some(isAttacker));
  const attacker =
    combat?.combatants.find((c) => isAttacker(c) && !!speaker && c.tokenId === speaker) ??
    combat?.combatants.find(isAttacker);
  return { ...(combat ? { combat } : {}), ...(attacker ? { attacker } : {}) };
}

/**
 * SW-21 (issue 31, closing note): "You must move at least 4 meters … and may move up to double your speed" before a
 * charge's attack. The player's page checks it from the token's movement history (workflows/attack/attacker.ts
 * `moved`), which a script may write before the GM puts it back (walk-guard.ts); the GM reads the walk from its own
 * record of the history (`trustedHistory`), measured leg by leg as the offers measure it (provoke.ts `waypoints`: a
 * GM's displace is no walk), and refuses a charge card whose attacker did not walk that far.
 */
function chargeUnfounded(card: StoredCard, speaker: string | null): string | null {
  // Trust review 1.1: the charge is the card's declaration (a term `charge` or under SW-21, overridden or not), not
  // one term's name and flag (card-terms.ts `declaresCharge`).
  if (!declaresCharge(card)) return null;
  const { attacker } = fightOf(card, speaker);
  const doc = attacker?.token;
  if (!attacker || !doc) return "FT.Card.chargeNoWalk";
  const walked = waypoints(doc, trustedHistory(doc)).reduce((sum, w) => sum + (w.walked ? w.metres : 0), 0);
  const speed = actorSystem(attacker.actor)?.derived?.d20?.speed?.move ?? null;
  const max = speed == null ? Number.POSITIVE_INFINITY : 2 * speed;
  return walked + 1e-6 < CHARGE_MIN_METRES || walked > max + 1e-6 ? "FT.Card.chargeNoWalk" : null;
}

/**
 * Why a player's d20 card has no basis on the scene the GM reads (a localization key), or null: SW-25 an attack of
 * opportunity that answers no offer, SW-21 a charge without its walk, a to-hit term the engine did not write
 * (trust review 1.1, card-terms.ts). Not read under the `swn` profile (no attacks
 * of opportunity offered, no SW-21 charge: SWN-02 is its own action).
 */
export function d20Unfounded(card: StoredCard, speaker: string | null = null): string | null {
  if (card.profile === "swn") return null;
  return (
    termsForged(card) ?? aooUnfounded(card, speaker) ?? chargeUnfounded(card, speaker) ?? noDexUnfounded(card)
  );
}

/**
 * Fixaim (trust review 1.3), SW-01, SW-24, SW-29: a `noDex.<condition>` Defense term (rules/d20/aim.ts
 * `dexDeniedTerms`) is the card's word that the target has no Dex bonus now. The GM admits it only when its own read
 * of the pair supports that condition when the card is posted (admission, not Apply: conditions change by then):
 * flat-footed from the target's combat (SW-01, `flatFootedIn`), running from its Combatant's mark (SW-24), stunned,
 * climbing, grappling, pinned from the target's statuses and the attacker unseen from the attacker's (SW-29,
 * `conditionsFromStatuses`). The aim's own term (SW-42) is checked against the GM's kept aim (card-checks.ts).
 * An area's card (SW-38, SW-43) is rolled against the ground's Defense and writes none.
 */
function noDexUnfounded(card: StoredCard): string | null {
  if (card.area) return null;
  const attacker = isUuid(card.actorUuid) ? fromUuidSync(card.actorUuid) : null;
  const attackerStatuses = attacker instanceof Actor ? attacker.statuses : new Set<string>();
  for (const t of card.targets) {
    const doc = tokenByUuid(t.id);
    const said = (t.d20?.defenseTerms ?? []).filter((m) => m.id.startsWith("noDex."));
    if (!said.length) continue;
    // The target's combatant in its own scene's started combat, not the combat the GM's page views (v13
    // `TokenDocument#combatant` reads `game.combat`, client/documents/token.mjs — as the final review of issue 31
    // found it; not re-read here): a GM viewing no combat or another
    // scene's refused an honest flat-footed card (final review 1.3).
    const combatant = (doc ? combatantOnScene(doc) : undefined) ?? null;
    const held = new Set<string>([
      ...conditionsFromStatuses(doc?.actor?.statuses ?? new Set(), "defender"),
      ...conditionsFromStatuses(attackerStatuses, "attacker"),
      ...(flatFootedIn(combatant) ? ["defenderFlatFooted"] : []),
      ...(combatant?.marks.running?.active ? ["defenderRunning"] : []),
      // SW-42 (fixaim): the aimer's own Defense, the GM's mark written with the aim.
      ...(combatant?.marks.defending?.aiming ? ["defenderAiming"] : []),
      "defenderAimedAt",
    ]);
    if (said.some((m) => !held.has(m.id.slice("noDex.".length)))) return "FT.Card.noDexUnfounded";
  }
  return null;
}
