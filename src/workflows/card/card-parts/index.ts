/**
 * The attack card's view parts (issue 28): each game lists its own in its card section (`GameCardSeam.parts`,
 * card-seam.ts) and registers them when its module loads, so their partials load with the card's template.
 */
export { type CardViewPart, cardViewParts, partContexts, registerCardViewPart } from "./registry.js";
