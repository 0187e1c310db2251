/**
 * Combat with side initiative (SF-B-03..05, SF-X-01..06) on v13 CombatantGroups. The logic is in
 * `workflows/side-initiative.ts`; this class only reads its documents into a CombatView and writes the results.
 */
import { SYSTEM_ID, templatePath } from "../constants.js";
import type { SideSystem } from "../data/combatant-group/side.js";
import type { ActorSystem } from "../data/models.js";
import { asGM, foundryUsers, QUERY } from "../helpers/gm-query.js";
import { currentVariant, getSetting, SETTINGS } from "../helpers/settings.js";
import { roundPhases } from "../rules/index.js";
import { damageIsHeld, type HeldRequest, holdRequest, releaseHeld } from "../workflows/exchange.js";
import {
  assignSides,
  type CombatView,
  emptySides,
  type InitiativePorts,
  rollSides,
  type SideCard,
  sideOrder,
  turnOrder,
} from "../workflows/side-initiative.js";

type Group = CombatantGroup.Implementation;
type Member = Combatant.Implementation;

const SIDE = "side";

export class FrontierCombat extends Combat {
  /** Combatant id → position, recomputed in setupTurns (read by _sortCombatants, which core calls unbound). */
  #order = new Map<string, number>();

  get sideGroups(): Group[] {
    return this.groups.contents.filter((g) => g.type === (SIDE as never));
  }

  /** The plain view of this combat the side-initiative rules work on. */
  get view(): CombatView {
    const members = this.combatants.contents.map((c: Member, i: number) => {
      const sys = (c.actor?.system ?? null) as ActorSystem | null;
      return {
        id: c.id ?? "",
        name: c.name ?? "",
        sideId: (c as unknown as { group: Group | null }).group?.id ?? null,
        isPlayerCharacter: c.hasPlayerOwner && c.actor?.type === "character",
        sort: i,
        rs: sys?.abilities?.rs?.value ?? 0,
        initiativeModifier: sys?.derived?.initiativeModifier ?? 0,
        holstered: !!sys?.holstered,
        disposition: c.token?.disposition ?? 0,
      };
    });
    const sides = this.sideGroups.map((g) => ({
      id: g.id ?? "",
      name: g.name ?? "",
      system: g.system as unknown as SideSystem,
    }));
    return { round: this.round, sides, members };
  }

  /** The phase index of the round (stored as a combat flag, stepped by the GM). */
  get phaseIndex(): number {
    return (this.getFlag(SYSTEM_ID as never, "phase" as never) as number | undefined) ?? 0;
  }

  #ports(): InitiativePorts {
    return {
      rollD10: async () => {
        const roll = await new Roll("1d10").evaluate();
        return { total: roll.total ?? 1, roll };
      },
      updateSides: async (updates) => {
        await this.updateEmbeddedDocuments("CombatantGroup", updates as never);
      },
      postCards: async (cards) => {
        await ChatMessage.create((await Promise.all(cards.map((c) => this.#cardData(c)))) as never);
      },
    };
  }

  async #cardData(card: SideCard): Promise<Record<string, unknown>> {
    const colour = (this.groups.get(card.sideId)?.system as unknown as SideSystem | undefined)?.colour ?? "";
    const content = await foundry.applications.handlebars.renderTemplate(templatePath("chat/side-roll.hbs"), {
      ...card,
      colour,
    });
    const hide = card.npcOnly && getSetting<boolean>(SETTINGS.hideNpcInitiative);
    const gmIds = (game.users?.filter((u) => u.isGM).map((u) => u.id) ?? []) as string[];
    return {
      speaker: { alias: card.sideName },
      content,
      rolls: [card.roll],
      ...(hide ? { whisper: gmIds, blind: true } : {}),
      flags: { [SYSTEM_ID]: { sideRoll: card.sideId } },
    };
  }

  /** Create sides by disposition (or one per character) for combatants without one. GM only. */
  async ensureSides(individual = false): Promise<void> {
    if (!game.user?.isGM) return;
    const plan = assignSides(this.view, individual);
    const keyToId = new Map<string, string>();
    if (plan.create.length) {
      const created = (await this.createEmbeddedDocuments(
        "CombatantGroup",
        plan.create.map((c) => ({
          type: SIDE,
          name: game.i18n?.localize(c.label) ?? c.label,
          system: { key: c.key, colour: c.colour },
        })) as never,
      )) as Group[];
      created.forEach((g, i) => {
        keyToId.set(plan.create[i]!.key, g.id ?? "");
      });
    }
    const updates = Object.entries(plan.assign).map(([id, key]) => ({
      _id: id,
      group: keyToId.get(key) ?? key,
    }));
    if (updates.length) await this.updateEmbeddedDocuments("Combatant", updates as never);
  }

  /** Every character its own side (SF-X-05): clears sides and makes one per combatant. */
  async individualSides(): Promise<void> {
    if (!game.user?.isGM) return;
    await this.updateEmbeddedDocuments(
      "Combatant",
      this.combatants.map((c) => ({ _id: c.id, group: null })) as never,
    );
    await this.deleteEmbeddedDocuments(
      "CombatantGroup",
      this.sideGroups.map((g) => g.id ?? ""),
    );
    await this.ensureSides(true);
  }

  /** Roll the sides that need it; a player asks the GM (through a query) for a side they own a member of. */
  async rollSides(options: { sideIds?: string[]; round?: number; force?: boolean } = {}): Promise<void> {
    const round = options.round ?? Math.max(1, this.round);
    const request = {
      combatId: this.id,
      sideIds: options.sideIds ?? null,
      round,
      userId: game.user?.id ?? "",
    };
    await asGM(foundryUsers(), QUERY.rollSide, request, async () => {
      await this.ensureSides();
      await rollSides(this.view, this.#ports(), {
        variant: currentVariant(),
        round,
        ...(options.sideIds ? { sideIds: options.sideIds } : {}),
        force: !!options.force,
      });
      return true;
    });
  }

  override async rollAll(): Promise<this> {
    await this.rollSides();
    return this;
  }

  override async rollNPC(): Promise<this> {
    const view = this.view;
    const npcSides = view.sides
      .filter((s) => !view.members.some((m) => m.sideId === s.id && m.isPlayerCharacter))
      .map((s) => s.id);
    await this.rollSides({ sideIds: npcSides });
    return this;
  }

  override async rollInitiative(ids: string | string[]): Promise<this> {
    const list = Array.isArray(ids) ? ids : [ids];
    const view = this.view;
    const sideIds = [
      ...new Set(
        list.map((id) => view.members.find((m) => m.id === id)?.sideId).filter((s): s is string => !!s),
      ),
    ];
    await this.rollSides({ sideIds });
    return this;
  }

  /** Sides that already rolled are not re-rolled when the combat starts (SF-X-04). */
  override async startCombat(): Promise<this> {
    await this.ensureSides();
    await this.rollSides({ round: 1 });
    await this.setFlag(SYSTEM_ID as never, "phase" as never, 0 as never);
    return super.startCombat();
  }

  /** Basic-game tie this round: damage waits until both sides have fired (SF-B-05). */
  get holdsDamage(): boolean {
    return damageIsHeld({
      variant: currentVariant(),
      started: this.started,
      simultaneous: this.ftOrder.simultaneousDamage,
    });
  }

  get heldDamage(): HeldRequest[] {
    return (this.getFlag(SYSTEM_ID as never, "heldDamage" as never) as HeldRequest[] | undefined) ?? [];
  }

  async holdDamage(req: HeldRequest): Promise<void> {
    await this.setFlag(SYSTEM_ID as never, "heldDamage" as never, holdRequest(this.heldDamage, req) as never);
    ui.notifications?.info(game.i18n?.localize("FT.Card.heldNotice") ?? "");
  }

  /** End of the exchange: apply every held request (GM), then clear the list. */
  async releaseDamage(): Promise<void> {
    const held = this.heldDamage;
    if (!held.length || !game.user?.isGM) return;
    const { gmApplyDamage } = await import("../workflows/attack-flow.js");
    const { foundryGMPorts } = await import("../workflows/card-actions.js");
    await releaseHeld(held, (r) => gmApplyDamage(r.messageId, r.ids, foundryGMPorts()));
    await this.unsetFlag(SYSTEM_ID as never, "heldDamage" as never);
  }

  /** The GM's next round re-rolls every side first, then the turn order is set up (SF-B-04). */
  override async nextRound(): Promise<this> {
    if (game.user?.isGM) {
      await this.releaseDamage();
      await this.rollSides({ round: this.round + 1, force: true });
      await this.setFlag(SYSTEM_ID as never, "phase" as never, 0 as never);
    }
    return super.nextRound();
  }

  override setupTurns(): Combatant.Implementation[] {
    const order = turnOrder(this.view, currentVariant());
    this.#order = new Map(order.map((id, i) => [id, i]));
    return super.setupTurns();
  }

  protected override _sortCombatants(a: Member, b: Member): number {
    const combat = a.parent as unknown as FrontierCombat;
    const order = combat ? combat.#order : new Map<string, number>();
    return (order.get(a.id ?? "") ?? 9999) - (order.get(b.id ?? "") ?? 9999);
  }

  /** Every client re-sorts and re-renders when a side changes. */
  protected override _onUpdateDescendantDocuments(...args: Combat.OnUpdateDescendantDocumentsArgs): void {
    super._onUpdateDescendantDocuments(...args);
    if ((args[1] as string) === "groups") {
      this.setupTurns();
      void ui.combat?.render();
    }
  }

  /** A side whose last member left is removed (GM only). */
  protected override _onDeleteDescendantDocuments(...args: Combat.OnDeleteDescendantDocumentsArgs): void {
    super._onDeleteDescendantDocuments(...args);
    if (args[1] === "combatants" && game.user?.isActiveGM) {
      const empty = emptySides(this.view);
      if (empty.length) void this.deleteEmbeddedDocuments("CombatantGroup", empty);
    }
  }

  /** Newcomers join a side (they are not rolled: their side may already have its roll). */
  protected override _onCreateDescendantDocuments(...args: Combat.OnCreateDescendantDocumentsArgs): void {
    super._onCreateDescendantDocuments(...args);
    if (args[1] === "combatants" && game.user?.isActiveGM) void this.ensureSides();
  }

  /** Who acts first this round (SF-X-01, SF-X-05). */
  get ftOrder() {
    return sideOrder(this.view, currentVariant());
  }

  /** The phases of the round, from one reading of the sides. */
  get ftPhases() {
    return roundPhases(this.ftOrder, currentVariant());
  }
}

/**
 * GM side of the player's side-roll query: a player may roll only sides they own a member of, and only sides
 * that have not rolled this round (the GM edits results).
 */
export async function handleRollSideQuery(data: {
  combatId: string;
  sideIds: string[] | null;
  round: number;
  userId: string;
}): Promise<boolean> {
  const combat = game.combats?.get(data.combatId) as unknown as FrontierCombat | undefined;
  if (!combat) throw new Error("That combat no longer exists.");
  const user = game.users?.get(data.userId);
  const owned = new Set(
    combat.combatants
      .filter((c) => !!user && !!c.actor?.testUserPermission(user, "OWNER"))
      .map((c) => (c as unknown as { group: CombatantGroup.Implementation | null }).group?.id)
      .filter((id): id is string => !!id),
  );
  const sideIds = (data.sideIds ?? [...owned]).filter((id) => user?.isGM || owned.has(id));
  if (!sideIds.length) return false;
  await combat.rollSides({ sideIds, round: data.round });
  return true;
}
