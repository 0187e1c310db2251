/**
 * Issue 33: how the weapon-tables browser is opened, the only part of it in the main module. A button in the
 * compendium sidebar — v13 `CompendiumDirectory` (client/applications/sidebar/tabs/compendium-directory.mjs) calls the
 * `renderCompendiumDirectory` hook with its element after each render (application.mjs `_doEvent` → `#callHooks`,
 * one hook per class of its chain) — and the actor sheet's button (its `weaponTables` action). The browser itself
 * (weapon-tables.ts) is loaded on the first open.
 */
export async function openWeaponTables(): Promise<void> {
  await (await import("./weapon-tables.js")).showWeaponTables();
}

export function registerWeaponTables(): void {
  Hooks.on("renderCompendiumDirectory", (_app: unknown, html: HTMLElement) => {
    if (html.querySelector(".ft-open-weapon-tables")) return;
    const button = html.ownerDocument.createElement("button");
    button.type = "button";
    button.className = "ft-open-weapon-tables";
    button.innerHTML = `<i class="fa-solid fa-table-list"></i> ${game.i18n?.localize("FT.WeaponTables.open")}`;
    button.addEventListener("click", () => void openWeaponTables());
    (html.querySelector(".header-actions") ?? html).append(button);
  });
}
