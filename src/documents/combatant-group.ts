/**
 * A CombatantGroup of this system (issue 29), registered as `CONFIG.CombatantGroup.documentClass` in `init`. Its
 * `side` subtype is one side of the side initiative (SF-X-04, SF-X-05; data/combatant-group/side.ts). What belongs to
 * one side is here: whether it is one character's own side, its colour as drawn, whether a player character fights
 * on it, whether its rolls are sealed from players (R1-5d) and the numbers this GM's browser keeps for them, and
 * whether a user may ask for its roll. The combat's work on all its sides at once stays in documents/combat/.
 *
 * Its members are read from the combat's combatants by their prepared `group` (`sideIdOf`), as the combat's view
 * reads them, not from v13's `members` Set: that Set is filled only as each combatant is prepared
 * (client/documents/combatant.mjs `_prepareGroup`, search id 18918656215) and cleared when the group itself is
 * prepared again (client/documents/combatant-group.mjs `prepareBaseData`).
 */
import { migrateSideFlags } from "../data/combatant-group/migration.js";
import { keepClassName } from "../helpers/class-name.js";
import { getSetting, SETTINGS } from "../helpers/settings.js";
import { needsRoll, type SideSecret, safeColour } from "./combat/side-initiative.js";
import { keptSecret } from "./combat/side-secrets.js";
import { isSide, sideIdOf } from "./subtypes.js";

export class FrontierCombatantGroup<
  out SubType extends CombatantGroup.SubType = CombatantGroup.SubType,
> extends CombatantGroup<SubType> {
  /**
   * Issue 29: a side's old flag keys (its Morale holder) move into its `system` before core's migrations
   * (data/combatant-group/migration.ts): v13 `Document.migrateData` sees the whole source, the side model only `system`.
   */
  static override migrateData(source: Record<string, unknown>): Record<string, unknown> {
    migrateSideFlags(source);
    return super.migrateData(source);
  }

  /** The side's system data, or null when this group is not one of our sides. */
  get side(): CombatantGroup.OfType<"side">["system"] | null {
    return isSide(this) ? this.system : null;
  }

  /** SF-X-05: a side made for one combatant ("every character its own side", key `individual:<id>`). */
  get isIndividual(): boolean {
    return !!this.side?.key.startsWith("individual:");
  }

  /** The side's colour as a card or the tracker may draw it (`safeColour`); "" for none. */
  get colour(): string {
    return safeColour(this.side?.colour ?? "");
  }

  /** The combatants on this side (by their prepared `group`, as the combat's view reads them). */
  get sideMembers(): Combatant.Implementation[] {
    return this.parent?.combatants.filter((c) => sideIdOf(c) === this.id) ?? [];
  }

  /** Does a player character fight on this side (what makes its roll the players' to ask for, and public)? */
  get hasPlayerCharacter(): boolean {
    return this.sideMembers.some((c) => c.hasPlayerOwner && c.actor?.type === "character");
  }

  /** R1-5d: is a roll of this side kept from players: "hide NPC initiative" and no player character on it? */
  get sealsRolls(): boolean {
    if (!getSetting(SETTINGS.hideNpcInitiative)) return false;
    return !this.hasPlayerCharacter;
  }

  /**
   * R1-5d, GM: the numbers of this side's current sealed roll that this GM's browser keeps (side-secrets.ts);
   * undefined when it is not sealed, on a player's page, or when this browser lost them.
   */
  get keptSecret(): SideSecret | undefined {
    const combatId = this.parent?.id;
    if (!game.user?.isGM || !combatId || !this.id || !this.side?.sealed) return undefined;
    return keptSecret(combatId, this.id, this.side.sealId) ?? undefined;
  }

  /**
   * S7, SF-B-04: does a player's request roll this side now (the GM's answer, `rollForPlayers`): a player character
   * on it and no roll yet for `round`? Never a re-roll, never an NPC side.
   */
  playerMayRoll(round: number): boolean {
    const side = this.side;
    return (
      !!side &&
      this.hasPlayerCharacter &&
      needsRoll({ id: this.id ?? "", name: this.name ?? "", system: side }, round)
    );
  }

  /** May `user` ask the GM to roll this side: do they own a combatant on it (S7, handleRollSideQuery)? */
  hasMemberOwnedBy(user: User.Implementation): boolean {
    return this.sideMembers.some((c) => c.testUserPermission(user, "OWNER"));
  }
}

keepClassName(FrontierCombatantGroup, "FrontierCombatantGroup");
