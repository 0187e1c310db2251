/**
 * The GM's side of the attack card as one module loaded when first needed (`gmSide` in card-hooks.ts): card-gm.ts's
 * answers, seals and held damage (SF-B-05), and the stray pick (SF-X-35, stray-request.ts), which builds on card-gm's
 * ports. Gathered here so card-gm.ts need not import stray-request.ts, which imports it (no import cycle).
 */
export { applyHeld, handleCardRequest, sealCard, sealOnReady } from "./card-gm.js";
export { handleStrayRequest } from "./stray-request.js";
