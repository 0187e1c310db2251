/**
 * Issue 30: Zebulon's part of the attack dialog: Alpha Dawn's rows (games/alpha-dawn/applications/attack-dialog.ts)
 * with the column columns — the skill level's base column (SF-Z-01), each target's column shifts (SF-Z-03) and the
 * referee's result shift (SF-Z-07) — and the burst's damage as the colour's share of its dice's maximum, never their
 * sum (SF-Z-06, review 13b M4).
 */
import type { GameDialogSeam } from "../../../applications/attack-dialog-game.js";
import { ALPHA_DAWN_DIALOG } from "../../alpha-dawn/applications/attack-dialog.js";

export const ZEBULON_DIALOG: GameDialogSeam = {
  ...ALPHA_DAWN_DIALOG,
  columns: true,
  burstDamage: { one: "FT.Dialog.burstZebulon", split: "FT.Dialog.burstZebulonSplit" },
};
