/**
 * Issue 33: what a sheet's roll buttons carry when dragged to the hotbar (workflows/macros.ts makes the macro).
 * ActorSheetV2 binds DragDrop to `.draggable` every render (client/applications/sheets/actor-sheet.mjs `_onRender`),
 * and its `_onDragStart` writes the drag data of an item or effect row only; these buttons are neither, so each gets
 * its own dragstart listener, which writes the data core's Hotbar#_onDrop hands to the "hotbarDrop" hook. Weapon and
 * skill rows need nothing: they drag as their Item (`Item#toDragData`: `{type: "Item", uuid}`).
 */

/** Bind, in a freshly rendered sheet, an ability check's button (`FrontierCheck`) and a squad's Attack. */
export function bindRollDrags(root: HTMLElement, actor: Actor.Implementation): void {
  for (const el of root.querySelectorAll<HTMLElement>(
    '[data-action="abilityCheck"][data-ability], [data-action="squadAttack"]',
  ))
    el.addEventListener("dragstart", (event) => {
      const ability = el.dataset.ability;
      const data = ability
        ? { type: "FrontierCheck", uuid: actor.uuid, ability }
        : { type: "FrontierSquadAttack", uuid: actor.uuid };
      event.dataTransfer?.setData("text/plain", JSON.stringify(data));
    });
}
