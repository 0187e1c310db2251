/**
 * Frontier Tactics — entry point. Registers hooks; everything else lives in its layer.
 */
import "../styles/frontier-tactics.css";
import { registerApi } from "./applications/api-register.js";
import { FrontierCombatTracker } from "./applications/combat-tracker.js";
import { registerEnrichers } from "./applications/enrichers.js";
import { decorateRuleRefs, registerRuleRefs } from "./applications/rule-refs.js";
import { registerMenus } from "./applications/settings-menus.js";
import { FrontierActorSheet } from "./applications/sheets/actor-sheet.js";
import { FrontierItemSheet } from "./applications/sheets/item-sheet.js";
import { registerWeaponTables } from "./applications/weapon-tables-open.js";
import { registerWallConfigHooks } from "./canvas/wall-config.js";
import { registerWallIndexHooks } from "./canvas/wall-index.js";
import { PARTIALS, SYSTEM_ID, templatePath } from "./constants.js";
import {
  AttackCardModel,
  CharacterModel,
  CombatantModel,
  CombatModel,
  CreatureModel,
  ItemModels,
  RuleCardModel,
  SideModel,
  SideRollModel,
  SquadModel,
} from "./data/models.js";
import { ObscurementBehavior } from "./data/region/obscurement.js";
import { OBSCUREMENT_TYPE } from "./data/region/obscurement-type.js";
import { FrontierActor } from "./documents/actor.js";
import { drawChatMessagesWith, FrontierChatMessage } from "./documents/chat-message.js";
import { registerCombatHooks } from "./documents/combat/hooks.js";
import { persistMigrations } from "./documents/combat/persist-migration.js";
import { FrontierCombat } from "./documents/combat.js";
import { FrontierCombatant } from "./documents/combatant.js";
import { FrontierCombatantGroup } from "./documents/combatant-group.js";
import { FrontierItem } from "./documents/item.js";
import { registerGames } from "./games/index.js";
import { initGames } from "./games/init.js";
import { registerGameStatuses } from "./helpers/game.js";
import { listenForGMRequests, registerGMRequest } from "./helpers/gm-request.js";
import { registerHelpers } from "./helpers/handlebars.js";
import { reportPartFailed } from "./helpers/part-failed.js";
import { report } from "./helpers/report.js";
import { showRuleIds } from "./helpers/rule-ids.js";
import { registerSettingGuards } from "./helpers/setting-guards.js";
import { getSetting, registerSettings, SETTINGS } from "./helpers/settings.js";
import { enableSortableTables } from "./helpers/sortable.js";
import { TURN_SECONDS } from "./rules/index.js";
import { installAttackDialog } from "./workflows/attack/attack-confirm.js";
import { gmSide, registerCardHooks } from "./workflows/card/card-hooks.js";
import { drawLoadedChatMessage, loadChatDrawing } from "./workflows/card/chat-drawing.js";
import { registerStatusExpiry } from "./workflows/damage/timed-status.js";
import { registerStructureDoorHooks } from "./workflows/optional/structure-doors.js";
import { registerTurnHooks } from "./workflows/turn/turn-hooks.js";

Hooks.once("init", () => {
  console.log(`${SYSTEM_ID} | init`);
  // Issue 30: each game's table, before anything asks which one the world plays.
  registerGames();
  // Issue 33: the weapon-tables browser's button in the compendium sidebar (the browser loads on first open).
  registerWeaponTables();
  // Each of these matches types/foundry-config.d.ts, which tells fvtt-types about them.
  CONFIG.Actor.documentClass = FrontierActor;
  CONFIG.Item.documentClass = FrontierItem;
  Object.assign(CONFIG.Actor.dataModels, {
    character: CharacterModel,
    creature: CreatureModel,
    squad: SquadModel,
  });
  Object.assign(CONFIG.Item.dataModels, ItemModels);
  CONFIG.Combat.documentClass = FrontierCombat;
  // Issue 29: a combat's GM state and a combatant's marks are their `system`, on core's `base` type (no system.json
  // entry: v13 TypeDataField#getModelForType reads CONFIG[documentName].dataModels[type] for `base` too, as Draw
  // Steel's BaseCombatModel does).
  Object.assign(CONFIG.Combat.dataModels, { base: CombatModel });
  CONFIG.Combatant.documentClass = FrontierCombatant;
  Object.assign(CONFIG.Combatant.dataModels, { base: CombatantModel });
  CONFIG.CombatantGroup.documentClass = FrontierCombatantGroup;
  // Issue 33: a message's drawing code loads before it is drawn (documents/chat-message.ts).
  CONFIG.ChatMessage.documentClass = FrontierChatMessage;
  drawChatMessagesWith(loadChatDrawing);
  Object.assign(CONFIG.CombatantGroup.dataModels, { side: SideModel });
  Object.assign(CONFIG.ChatMessage.dataModels, {
    attack: AttackCardModel,
    rule: RuleCardModel,
    sideRoll: SideRollModel,
  });
  CONFIG.ui.combat = FrontierCombatTracker;
  // SW-32: a region over fog, smoke, foliage or darkness conceals what is seen through it (issue 14).
  CONFIG.RegionBehavior.dataModels[OBSCUREMENT_TYPE] = ObscurementBehavior;
  // Its label is core's `TYPES.RegionBehavior.<type>` (client/helpers/localization.mjs defines the type labels).
  CONFIG.RegionBehavior.typeIcons[OBSCUREMENT_TYPE] = "fa-solid fa-smog";
  // Issue 31 (trust review 1.1): v13's "Blink" movement action (client/config.mjs `CONFIG.Token.movement.actions.blink`,
  // `teleport: true`, no `canSelect`) is offered in every player's Token HUD palette. No character in Star Frontiers,
  // Zebulon's Guide, Star Wars d20 or Stars Without Number teleports on its own, so it is the GM's tool alone here, as
  // "displace" is; a player's scripted teleport still counts as a walk for the rules (games/d20/workflows/provoke.ts).
  const blink = CONFIG.Token.movement?.actions?.blink;
  if (blink) blink.canSelect = () => !!game.user?.isGM;
  // Each game's statuses beside core's (d20: kneeling as cover, fatigued, disabled, dying, stable; issue 14).
  registerGameStatuses(CONFIG.statusEffects);
  // The attack card: apply, undo and its other requests (written on the asker's own User, carried out by the active GM,
  // gm-request.ts), its seals and its previews.
  registerCardHooks();
  // Loaded when first asked (the system's first load stays within its budget, architecture.md): a Stimdose or
  // Staydose (drugs.ts), a shot at a wall (structure.ts).
  registerGMRequest("drug", async (body, user) =>
    (await import("./workflows/optional/drugs.js")).handleDrugRequest(body, user),
  );
  // Doze sleep and stuns end when their turns have passed (v13 does not end effects itself).
  registerStatusExpiry();
  registerGMRequest("structure", async (body, user) =>
    (await import("./workflows/optional/structure.js")).handleStructureRequest(body, user),
  );
  // The attack's dialog (its `confirm` port), loaded when first opened: the application layer gives it to the
  // workflow here, which imports no application (issue 29).
  installAttackDialog(async (prep, weaponName, unit, shotsLimit) =>
    (await import("./applications/attack-dialog.js")).AttackDialog.prompt(prep, weaponName, unit, shotsLimit),
  );
  listenForGMRequests();
  // The turn: an owner marks their token dodging this round from the combat tracker (SF-X-10); a character held in
  // melee stays in place (SF-X-09).
  registerTurnHooks();
  // Held damage (SF-B-05) is applied by the card workflow; the combat gets it here rather than importing it.
  FrontierCombat.applyHeld = async (r) => (await gmSide()).applyHeld(r);
  // The combat: a player's side roll and next-round requests to the GM, the phase after turns players ended while no
  // GM was connected (review 13c L4), the re-sort when the Alpha Dawn variant changes.
  registerCombatHooks();
  // Fast compendium browsing without loading documents.
  CONFIG.Item.compendiumIndexFields.push(
    "system.skill",
    "system.damage.formula",
    "system.ranges",
    "system.cost",
    "system.kind",
  );

  // A combat round is a six-second turn (SF-B-01).
  CONFIG.time.roundTime = TURN_SECONDS;
  registerSettings();
  registerSettingGuards();
  registerMenus();
  registerHelpers(Handlebars);

  const { Actors, Items } = foundry.documents.collections;
  Actors.registerSheet(SYSTEM_ID, FrontierActorSheet, {
    types: ["character", "creature"],
    makeDefault: true,
    label: "FT.Sheet.actor",
  });
  Items.registerSheet(SYSTEM_ID, FrontierItemSheet, { makeDefault: true, label: "FT.Sheet.item" });
  // Issue 30: each game's own sheets and hooks (SWN: the squad's sheet, side Morale).
  initGames();

  void foundry.applications.handlebars.loadTemplates(PARTIALS.map(templatePath));
  // Issue 33: `game.system.api` for macros and modules (api-register.ts; the API and what it runs load when called).
  registerApi();
  // Issue 33: @Check, @Attack, @Damage and @Rule in journals and item text (applications/enrichers.ts).
  registerEnrichers();
});

// Every chat card is drawn on this page from its data, for this user (issue 28), in one hook (v13's HTMLElement
// hook; the jQuery renderChatMessage hook is deprecated). Each drawer reads only its own kind of message.
// Issue 33: the drawing code (workflows/card/chat-draw.ts) loads before a message is drawn: the system's ChatMessage
// class awaits it in `renderHTML` (documents/chat-message.ts), and the hook draws synchronously with it.
// A message drawn late (its code not loaded at the hook) is decorated after drawing (lazy review finding 3).
Hooks.on("renderChatMessageHTML", (message: ChatMessage.Implementation, html: HTMLElement) =>
  drawLoadedChatMessage(message, html, decorateRuleRefs),
);
// Issue 33: a weapon, skill, ability check or squad attack dropped on the hotbar becomes a roll macro. v13's Hotbar
// (client/applications/ui/hotbar.mjs `_onDrop`) asks this hook first, synchronously; false stops its own macro.
Hooks.on("hotbarDrop", (bar, data: { type?: string; uuid?: string }, slot) => {
  const uuid = data.type === "Item" ? `${data.uuid}` : "";
  // (Checked to read as a document UUID, "<Document>.<id>…", the form fromUuidSync's type names.)
  const item = /^[A-Z]\w*\./.test(uuid) ? fromUuidSync(uuid as Parameters<typeof fromUuidSync>[0]) : null;
  // A character's own weapon or skill (a sidebar or compendium item has nobody to roll it: core's macro).
  const ours =
    item instanceof Item
      ? !!item.parent && ["weapon", "skill"].includes(item.type)
      : /^Frontier(Check|SquadAttack)$/.test(`${data.type}`);
  if (!ours) return;
  // v13 `#onDragDrop` (hotbar.mjs) does nothing after the hook when the bar is locked: neither do we.
  if ((bar as { locked?: boolean } | null)?.locked) return false;
  void import("./workflows/macros.js").then((m) => m.createHotbarMacro(data, slot)).catch(report);
  return false;
});
// Rule references: each rule ID an app or a card renders gets its tooltip and opens the Rule Index (issue 13).
registerRuleRefs();
// The wall configuration's fields: cover class (SF-X-22), height (SW-30), material (SWN-15), structure (SF-X-41).
registerWallConfigHooks();
// SF-X-41: a door broken open stays open (before the wall index's own updateWall hook, as before).
registerStructureDoorHooks();
// The scene's wall index for every ray the system casts (canvas/wall-index.ts), kept current by the wall hooks.
registerWallIndexHooks();

Hooks.once("ready", () => {
  // Issue 33: the chat's drawing code, fetched once the page is ready (each message's `renderHTML` awaits it anyway).
  void loadChatDrawing().catch(reportPartFailed);
  // Click-to-sort for the tables in the rules journal (the weapons table).
  enableSortableTables(document);
  // Rule references: this user's client setting shows or hides every rule ID (issue 13).
  showRuleIds(getSetting(SETTINGS.showRuleIds));
  // Issue 33: the runner loads with the ready hook (helpers/migrate-run.ts), not with the system.
  void import("./helpers/migrate-run.js").then((m) => m.runMigrations());
  // Issue 29: the active GM writes the move of an earlier version's combat flags into the models once.
  void persistMigrations();
});
