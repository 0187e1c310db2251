/**
 * Issue 30: Alpha Dawn's part of the attack dialog (its table's `dialog` section, applications/attack-dialog-game.ts):
 * the cover line of each target (SF-X-22: "3 of 5 rays blocked"), the burst's Nd10 split (SF-X-24), the referee's
 * "cannot miss" (SF-X-33); no Defense, plan or help rows — those are the d20 engine's.
 */
import { type GameDialogSeam, NO_D20_DIALOG } from "../../../applications/attack-dialog-game.js";

export const ALPHA_DAWN_DIALOG: GameDialogSeam = {
  ...NO_D20_DIALOG,
  cannotMissRule: "SF-X-33",
  columns: false,
  coverLine: true,
  burstDamage: { one: "FT.Dialog.burstDice", split: "FT.Dialog.burstSplit" },
};
