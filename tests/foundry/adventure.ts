/**
 * The Adventure document of a compendium pack and its importer, modelled for the harness so a scenario can import the
 * system's quick-start adventures into an empty world the way a GM does (issue 32): open the Adventure from the
 * "Quick-Start Adventures" pack, and press the importer's "Import Adventure" (its form's submit).
 *
 * Followed (Foundry v13 source, read through the code index; ids are `read_file` ids; our own code):
 * - `common/documents/adventure.mjs` (id 8377619233, schemaVersion 13.341): the schema — name, img, caption,
 *   description, then the SetFields `actors, combats, items, journal, scenes, tables, macros, cards, playlists,
 *   folders` whose order is `Adventure.contentFields` (the schema's SetFields, in order), then folder, sort, flags.
 * - `client/documents/adventure.mjs` (id 16714225410; the v13 importer calls the same three steps): `import({dialog,
 *   ...importOptions})` → `prepareImport(importOptions)` → the `preImportAdventure` hook (false stops it) → a confirm
 *   when something would be overwritten → `importContent(importData)` → the `importAdventure` hook → the world
 *   setting `core.adventureImports[uuid] = true`. `prepareImport({importFields})`: every content field (all, or the
 *   chosen ones; "all" means every one), each document split by whether its id is already in the world's collection
 *   (`toCreate` / `toUpdate`); folders of documents not imported are dropped when not importing all.
 *   `importContent`: for each document name, `cls.createDocuments(data, {keepId: true, keepEmbeddedId: true,
 *   renderSheet: false})`, then `cls.updateDocuments(data, {diff: false, recursive: false, noHook: true})`.
 * - `client/applications/sheets/adventure-importer.mjs` (AdventureImporterV2, id 8003973130): a DocumentSheetV2 form
 *   (`closeOnSubmit`), `isEditable` = the adventure's `testUserPermission(game.user, editPermission)` (a locked pack
 *   does not matter), `_getContentList` (each content field with documents: its count), the `importFields` checkboxes
 *   ("all" checked disables the others), `_prepareSubmitData` = `_processFormData` (no document validation), and
 *   `_processSubmitData` → `this.adventure.import(submitData)`; the hooks `_configureImport`, `_preImport`, `_onImport`
 *   around the import (v13 type declarations, id 58314428667).
 *
 * Simpler than Foundry (said where it matters):
 * - The Adventure is not a DataModel: its stored source is kept as the pack holds it (every content field an array,
 *   missing ones empty); `toObject()` is a copy of it. v13 builds the content as EmbeddedDataFields and cleans it.
 * - Only the content types the harness has as world documents are imported: Actor, Combat, Item, JournalEntry (with
 *   its pages), Scene (with its tokens, walls, lights, templates and regions) and Folder. An adventure naming tables,
 *   macros, cards or playlists is refused with an error (ours names none).
 * - `keepEmbeddedId`: the harness server always keeps an embedded document's given id (v13 keeps it only with that
 *   option), which the import asks for anyway.
 * - The world collection of a document name is `game[metadata.collection]`; v13 reads `game.collections`, which the
 *   harness does not set (its ForeignDocumentField would then resolve folders to documents).
 * - No overwrite confirm dialog (`dialog: false` is how a scenario imports into an empty world; a world that already
 *   holds a document of the adventure with `dialog` true is refused with an error here, not asked), no progress bar,
 *   no `ui.sidebar.render()`. `core.adventureImports` is recorded on the adventure (`imported`), not a world setting.
 * - The importer's body is drawn by the harness (the content list and the `importFields` checkboxes), not from
 *   `templates/adventure/importer.hbs`; no options schema (`_prepareImportOptionsSchema` returns nothing in core).
 */
import { DocumentSheetV2 } from "./apps.js";

type Src = Record<string, any>;
const g = () => globalThis as any;

/** v13 `Adventure.contentFields`: the schema's SetFields in order, with their document names. */
export const CONTENT_FIELDS: ReadonlyArray<readonly [string, string]> = [
  ["actors", "Actor"],
  ["combats", "Combat"],
  ["items", "Item"],
  ["journal", "JournalEntry"],
  ["scenes", "Scene"],
  ["tables", "RollTable"],
  ["macros", "Macro"],
  ["cards", "Cards"],
  ["playlists", "Playlist"],
  ["folders", "Folder"],
];

/** What the harness can create as world documents (see the header). */
const IMPORTABLE = new Set(["Actor", "Combat", "Item", "JournalEntry", "Scene", "Folder"]);

export interface AdventurePack {
  readonly collection: string;
  testUserPermission(user: any, permission: string | number): boolean;
  getUserLevel(user?: any): number;
}

export interface AdventureImportData {
  toCreate: Record<string, Src[]>;
  toUpdate: Record<string, Src[]>;
  documentCount: number;
}

export interface AdventureImportResult {
  created: Record<string, any[]>;
  updated: Record<string, any[]>;
}

export class Adventure {
  static readonly documentName = "Adventure";
  readonly _source: Src;
  /** `core.adventureImports[uuid]` (see the header). */
  imported = false;
  #sheet: AdventureImporterV2 | null = null;

  constructor(
    source: Src,
    readonly compendium: AdventurePack,
  ) {
    const s = structuredClone(source);
    for (const [field] of CONTENT_FIELDS) s[field] = Array.isArray(s[field]) ? s[field] : [];
    this._source = s;
  }
  get documentName(): string {
    return "Adventure";
  }
  get id(): string {
    return this._source._id;
  }
  get _id(): string {
    return this._source._id;
  }
  get name(): string {
    return this._source.name;
  }
  get caption(): string {
    return this._source.caption ?? "";
  }
  get description(): string {
    return this._source.description ?? "";
  }
  get pack(): string {
    return this.compendium.collection;
  }
  get uuid(): string {
    return `Compendium.${this.pack}.Adventure.${this.id}`;
  }
  /** A content field's documents (v13: a Set of EmbeddedDataField instances; here their sources). */
  content(field: string): Src[] {
    return this._source[field] ?? [];
  }
  toObject(): Src {
    return structuredClone(this._source);
  }
  /** A compendium document's permission is its pack's (GM: OWNER). */
  testUserPermission(user: any, permission: string | number): boolean {
    return this.compendium.testUserPermission(user, permission);
  }
  get isOwner(): boolean {
    return this.testUserPermission(g().game.user, "OWNER");
  }
  get sheet(): AdventureImporterV2 {
    this.#sheet ??= new AdventureImporterV2({ document: this });
    return this.#sheet;
  }

  /** `Adventure#prepareImport` (see the header). */
  async prepareImport({
    importFields = [],
  }: {
    importFields?: string | (string | null)[];
  } = {}): Promise<AdventureImportData> {
    // One checkbox of the name gives a string, several an array (FormDataExtended); an unchecked one null.
    const list = Array.isArray(importFields) ? importFields : [importFields];
    const chosen = new Set(list.filter((f): f is string => typeof f === "string"));
    const adventureData = this.toObject();
    const toCreate: Record<string, Src[]> = {};
    const toUpdate: Record<string, Src[]> = {};
    let documentCount = 0;
    const importAll = !chosen.size || chosen.has("all");
    const keep = new Set<string>();
    for (const [field, documentName] of CONTENT_FIELDS) {
      if (!importAll && !chosen.has(field)) continue;
      keep.add(documentName);
      const data = adventureData[field] as Src[];
      if (data.length && !IMPORTABLE.has(documentName))
        throw new Error(`The harness cannot import an Adventure's ${field} (see tests/foundry/adventure.ts)`);
      const collection = worldCollection(documentName);
      let c = data.filter((d) => !collection?.has(d._id));
      let u = data.filter((d) => collection?.has(d._id));
      if (field === "folders" && !importAll) {
        c = c.filter((f) => keep.has(f.type));
        u = u.filter((f) => keep.has(f.type));
      }
      if (c.length) {
        toCreate[documentName] = c;
        documentCount += c.length;
      }
      if (u.length) {
        toUpdate[documentName] = u;
        documentCount += u.length;
      }
    }
    return { toCreate, toUpdate, documentCount };
  }

  /** `Adventure#importContent` (see the header). */
  async importContent({
    toCreate = {},
    toUpdate = {},
  }: Partial<AdventureImportData> = {}): Promise<AdventureImportResult> {
    const created: Record<string, any[]> = {};
    const updated: Record<string, any[]> = {};
    for (const [documentName, createData] of Object.entries(toCreate)) {
      const cls = g().CONFIG[documentName].documentClass;
      created[documentName] = await cls.createDocuments(createData, {
        keepId: true,
        keepEmbeddedId: true,
        renderSheet: false,
      });
    }
    for (const [documentName, updateData] of Object.entries(toUpdate)) {
      const cls = g().CONFIG[documentName].documentClass;
      updated[documentName] = await cls.updateDocuments(updateData, {
        diff: false,
        recursive: false,
        noHook: true,
      });
    }
    return { created, updated };
  }

  /** `Adventure#import` with the v13 importer's hooks around it (see the header). */
  async import({ dialog = true, ...importOptions }: Src = {}): Promise<AdventureImportResult> {
    const importer = this.sheet;
    await importer._configureImport(importOptions);
    const importData = await this.prepareImport(importOptions);
    const allowed = g().Hooks.call(
      "preImportAdventure",
      this,
      importOptions,
      importData.toCreate,
      importData.toUpdate,
    );
    if (allowed === false) return { created: {}, updated: {} };
    if (Object.keys(importData.toUpdate).length && dialog)
      throw new Error(
        "The harness has no overwrite confirmation: import into a world without this adventure",
      );
    await importer._preImport(importData, importOptions);
    const result = await this.importContent(importData);
    await importer._onImport(result, importOptions);
    g().Hooks.callAll("importAdventure", this, importOptions, result.created, result.updated);
    this.imported = true;
    return result;
  }
}

/** The world collection of a document name (see the header). */
function worldCollection(documentName: string): Map<string, unknown> | undefined {
  const cls = g().CONFIG[documentName]?.documentClass;
  return cls ? g().game[cls.metadata.collection] : undefined;
}

/** v13's AdventureImporterV2 (see the header). */
export class AdventureImporterV2 extends DocumentSheetV2 {
  static override DEFAULT_OPTIONS: Src = {
    classes: ["adventure-importer"],
    window: { contentClasses: ["standard-form"], icon: "fa-solid fa-download" },
    position: { width: 920 },
    form: { submitOnClose: false, closeOnSubmit: true },
  };

  get adventure(): Adventure {
    return this.document as unknown as Adventure;
  }

  override get title(): string {
    return this.adventure.name;
  }

  override get isEditable(): boolean {
    // v13: "We don't care for the purposes of import whether the compendium pack is locked".
    return this.adventure.testUserPermission(g().game.user, this.options.editPermission);
  }

  /** `_getContentList`: each content field with documents, and its count. */
  _getContentList(): { field: string; documentName: string; count: number }[] {
    return CONTENT_FIELDS.map(([field, documentName]) => ({
      field,
      documentName,
      count: this.adventure.content(field).length,
    })).filter((c) => c.count);
  }

  override async _renderHTML(): Promise<HTMLElement> {
    const d = g().document as Document;
    const root = d.createElement("div");
    const adventure = this.adventure;
    const rows = this._getContentList()
      .map(
        (c) =>
          `<label><input type="checkbox" name="importFields" value="${c.field}" checked disabled> ${c.documentName} (${c.count})</label>`,
      )
      .join("");
    root.innerHTML = `<section class="adventure-overview"><h2>${adventure.name}</h2>${adventure.caption}
      <div class="adventure-description">${adventure.description}</div></section>
      <section class="import-controls"><label><input type="checkbox" name="importFields" value="all" checked> All</label>${rows}</section>
      <footer class="form-footer"><button type="submit"><i class="fa-solid fa-download"></i> Import Adventure</button></footer>`;
    return root;
  }

  override _replaceHTML(result: HTMLElement, content: HTMLElement): void {
    content.replaceChildren(result);
  }

  override _prepareSubmitData(event: Event, form: HTMLFormElement, formData: any): Src {
    // v13: "Unlike parent document sheets, the form data here is arbitrary".
    return this._processFormData(event, form, formData);
  }

  override async _processSubmitData(_event: Event, _form: HTMLFormElement, submitData: Src): Promise<void> {
    await this.adventure.import(submitData);
  }

  async _configureImport(_importOptions: Src): Promise<void> {}
  async _preImport(_importData: AdventureImportData, _importOptions: Src): Promise<void> {}
  async _onImport(_result: AdventureImportResult, _importOptions: Src): Promise<void> {}
}
