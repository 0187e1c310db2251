/**
 * Edit and delete an actor's items from its sheet (issue 13 "Sheets"): the row's trash button and the row's context
 * menu both ask first, with v13's `foundry.applications.api.DialogV2.confirm` (client/applications/api/dialog.mjs:
 * resolves true for Yes, false for No, null when the dialog is closed), and delete only on Yes. Only the item's
 * owners are offered the controls; anyone else who reaches them is told, and the server would refuse the delete
 * anyway (common/abstract/document.mjs: deleting needs OWNER on an embedded Item's parent).
 *
 * The menu is the ApplicationV2 one (client/applications/api/application.mjs `_createContextMenu`, which fires the
 * `get{Class}ContextOptions` hooks and binds a `foundry.applications.ux.ContextMenu` on the sheet's element for the
 * rows' selector); its callbacks receive the row element, as `jQuery: false` menus do.
 */
import { guard, notify } from "../../helpers/report.js";

type ItemI = Item.Implementation;
type MenuEntry = foundry.applications.ux.ContextMenu.Entry<HTMLElement>;

/** The item a sheet row (`[data-item-id]`) stands for, on this actor. */
export function itemOfRow(
  actor: Actor.Implementation,
  row: HTMLElement | null | undefined,
): ItemI | undefined {
  const id = row?.closest<HTMLElement>("[data-item-id]")?.dataset.itemId;
  return id ? actor.items.get(id) : undefined;
}

/** Open the item's own sheet. */
export async function editItem(item: ItemI): Promise<void> {
  // Item sheets are ApplicationV2: render({force}); a module's ApplicationV1 sheet takes render(true).
  const sheet = item.sheet;
  if (sheet instanceof foundry.applications.api.ApplicationV2) await sheet.render({ force: true });
  else await sheet?.render(true);
}

/**
 * Ask "Delete {item} from {actor}?" and delete on Yes. Returns whether the item was deleted. A user who does not
 * own the item is told so and asked nothing.
 */
export async function confirmDeleteItem(item: ItemI): Promise<boolean> {
  if (!item.isOwner) {
    notify("warn", "FT.Sheet.deleteNotOwner");
    return false;
  }
  const i18n = game.i18n;
  // The names go into the dialog's HTML: escaped (v13 foundry.utils.escapeHTML).
  const { escapeHTML } = foundry.utils;
  const names = { item: escapeHTML(item.name), actor: escapeHTML(item.parent?.name ?? "") };
  const yes = await foundry.applications.api.DialogV2.confirm({
    window: { title: i18n?.format("FT.Sheet.deleteTitle", names) ?? "FT.Sheet.deleteTitle" },
    content: `<p>${i18n?.format("FT.Sheet.deleteConfirm", names) ?? "FT.Sheet.deleteConfirm"}</p>`,
  });
  if (yes !== true) return false;
  await item.delete();
  return true;
}

/** The item rows' context menu: Edit for whoever may see the item, Delete for its owners. */
export function itemContextOptions(actor: Actor.Implementation): MenuEntry[] {
  return [
    {
      name: "FT.Sheet.edit",
      icon: '<i class="fa-solid fa-pen-to-square"></i>',
      condition: (row) => !!itemOfRow(actor, row),
      callback: (row) => {
        const item = itemOfRow(actor, row);
        if (item) void guard(() => editItem(item));
      },
    },
    {
      name: "FT.Sheet.delete",
      icon: '<i class="fa-solid fa-trash"></i>',
      condition: (row) => !!itemOfRow(actor, row)?.isOwner,
      callback: (row) => {
        const item = itemOfRow(actor, row);
        if (item) void guard(() => confirmDeleteItem(item));
      },
    },
  ];
}
