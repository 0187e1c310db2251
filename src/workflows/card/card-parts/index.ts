/** The attack card's view parts (issue 28): importing this registers the system's own. */
import "./suppression.js";

export { type CardViewPart, cardViewParts, partContexts, registerCardViewPart } from "./registry.js";
