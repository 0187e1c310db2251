/** Issue 30: the Zebulon's Guide attack card — the Star Frontiers card with its column shift (SF-Z-01..07). */
import type { GameCardSeam } from "../../../workflows/card/card-seam.js";
import { alphaDawnCard } from "../../alpha-dawn/workflows/card.js";

export const zebulonCard: GameCardSeam = { ...alphaDawnCard, column: true };
