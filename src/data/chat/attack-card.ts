/**
 * The `attack` ChatMessage subtype: the card's facts, every modifier, the dice, the outcome per target and
 * what has been applied (so the buttons are idempotent). Stored as one object; the shape is `AttackCardData`.
 */
import type { ModelSpec } from "../spec.js";

export const ATTACK_CARD_SPEC = {
  fields: {
    card: { kind: "object" },
  },
} satisfies ModelSpec;
