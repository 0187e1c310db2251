/**
 * v13's `<prose-mirror>` element, modelled for the harness so a sheet's rich-text field shows on every client what
 * Foundry shows (review-ux 1.2: the item body once passed here only because happy-dom left an undefined element's
 * children alone).
 *
 * Followed (Foundry v13 client source, read through the code index; ids are `read_file` ids; our own code, nothing
 * pasted): `client/applications/elements/prosemirror-editor.mjs` (`HTMLProseMirrorElement`, id 18809014677) on
 * `client/applications/elements/form-element.mjs` (`AbstractFormInputElement`, id 8230552041):
 * - the raw `value` attribute is read and removed; `toggled` is the attribute; the enriched content is the element's
 *   children as written;
 * - on connection the children are REPLACED by a `div.editor-content` (and, when toggled, a `button.icon.toggle`);
 * - `_refresh`: a toggled editor shows the enriched content, a NON-toggled one shows the RAW value (so enrichers in a
 *   non-toggled editor are never drawn);
 * - a non-toggled editor opens at once (`_activateListeners` → `open = true`); a toggled one opens when its button is
 *   clicked; opening puts the raw value in the content (`#activateEditor`) and marks the element `active`.
 *
 * Differences: no ProseMirror editor is built (the open content is the raw value as HTML, not an editable view; no
 * menu, no save, `change` never fires), the element is not form-associated (the harness's FormDataExtended does not
 * read it), and the element reads its attributes and children when first connected rather than in its constructor
 * (happy-dom builds a defined custom element before the parser has set its attributes and children; a browser
 * upgrades a parsed element on connection, with both in place, so the result is the same).
 */
import type { Window } from "happy-dom";

/** Define `<prose-mirror>` in one client's window. */
export function defineProseMirror(window: Window): void {
  const Base = window.HTMLElement as unknown as typeof HTMLElement; // happy-dom's class is the DOM's HTMLElement.
  class HTMLProseMirrorElement extends Base {
    #value = "";
    #enriched = "";
    #toggled = false;
    #active = false;
    #built = false;
    #content: HTMLElement | null = null;
    #button: HTMLButtonElement | null = null;

    get value(): string {
      return this.#value;
    }
    get name(): string | null {
      return this.getAttribute("name");
    }
    /** Always true for a non-toggled editor (v13 `get open`). */
    get open(): boolean {
      return !this.#toggled || this.hasAttribute("open");
    }
    set open(open: boolean) {
      if (!open && !this.#toggled) return;
      this.toggleAttribute("open", open);
      if (open && !this.#active) this.#activate();
    }

    connectedCallback(): void {
      if (!this.#built) {
        this.#value = this.getAttribute("value") ?? "";
        this.removeAttribute("value");
        this.#toggled = this.hasAttribute("toggled");
        this.#enriched = this.innerHTML;
        this.#built = true;
      }
      const doc = this.ownerDocument;
      this.classList.add("editor", "prosemirror", "inactive");
      this.#content = doc.createElement("div");
      this.#content.className = "editor-content";
      const children: HTMLElement[] = [this.#content];
      if (this.#toggled) {
        this.#button = doc.createElement("button");
        this.#button.type = "button";
        this.#button.className = "icon toggle";
        this.#button.innerHTML = '<i class="fa-solid fa-pen-to-square"></i>';
        this.#button.addEventListener("click", (event) => {
          event.preventDefault();
          this.open = true;
        });
        children.push(this.#button);
      }
      this.replaceChildren(...children);
      this.#refresh();
      if (!this.#toggled) this.open = true;
    }

    #refresh(): void {
      if (this.#active || !this.#content) return;
      this.#content.innerHTML = this.#toggled ? this.#enriched || this.#value : this.#value;
    }

    #activate(): void {
      if (!this.#content) return;
      if (this.#toggled) this.#content.innerHTML = this.#value;
      this.#active = true;
      if (this.#button) this.#button.disabled = true;
      this.classList.add("active");
      this.classList.remove("inactive");
    }
  }
  window.customElements.define(
    "prose-mirror",
    HTMLProseMirrorElement as unknown as typeof window.HTMLElement,
  );
}
