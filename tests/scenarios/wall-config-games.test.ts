/**
 * Scenario (issue 30: one table per game, its wall fields): the GM opens a wall's configuration in each game and
 * sees only the fields that game reads — Star Frontiers (Alpha Dawn, Zebulon's Guide) the cover class (SF-X-22) and
 * the structure type and points (SF-X-41); Star Wars d20 the cover class and the wall's height (SW-30); Stars
 * Without Number those and the cover armour's material (SWN-15). Before, every game's fields were drawn at once.
 * v13 draws WallConfig and calls `renderWallConfig` with the app and its HTML (client/applications/sheets/
 * wall-config.mjs); the harness has no WallConfig, so the GM's client calls the hook with v13's form shape (a door
 * select in a form group) as structures-and-sight.test.ts does.
 */
import { describe, expect, it } from "vitest";
import { wallData } from "../foundry/canvas.js";
import { createTable, type Table } from "../foundry/world.js";
import { closeTableAfterEach, G, GM_ID, id, sceneSource, settingSource } from "./kit.js";
import { swnSettings } from "./kit-d20.js";

let table: Table;
closeTableAfterEach(() => table);

const SCENE = id("wallScene");
const WALL = id("wallCrate");

function world(game: "alphaDawn" | "zebulon" | "d20" | "swn") {
  const settings =
    game === "swn"
      ? swnSettings("Walls")
      : game === "alphaDawn"
        ? []
        : [settingSource(id("wallsEngine"), "engine", game)];
  const wall = {
    ...wallData("walls", [1400, 1100, 1700, 1100]),
    _id: WALL,
    flags: {
      "frontier-tactics": { cover: "hard", structure: "interiorWall", height: "low", material: "thickStone" },
    },
  };
  return { settings, scenes: [sceneSource({ _id: SCENE, name: "Hold", walls: [wall] })] };
}

/** The system fields the GM's wall configuration shows: each control's flag name and its selected value. */
function fieldsShown(): Record<string, string> {
  return table.client(GM_ID).run(() => {
    const wall = G().game.scenes.get(SCENE).walls.get(WALL);
    const html = G().document.createElement("form") as HTMLFormElement;
    html.innerHTML = `<div class="form-group"><label>Door</label><select name="door"><option value="0">None</option></select></div>`;
    G().Hooks.callAll("renderWallConfig", { document: wall }, html, {});
    const shown: Record<string, string> = {};
    for (const el of html.querySelectorAll<HTMLSelectElement | HTMLInputElement>(
      '[name^="flags.frontier-tactics."]',
    )) {
      const chosen =
        el.tagName === "SELECT"
          ? (el.querySelector("option[selected]")?.getAttribute("value") ?? "")
          : el.value;
      shown[el.name.replace("flags.frontier-tactics.", "")] = chosen;
    }
    return shown;
  });
}

describe("scenario: the wall configuration shows the world's game's fields (issue 30)", () => {
  it("SF-X-22, SF-X-41 (Alpha Dawn): cover and structure (type and points); no height, no material", async () => {
    table = await createTable({ world: world("alphaDawn") });
    expect(fieldsShown()).toEqual({ cover: "hard", structure: "interiorWall", structuralPoints: "" });
  });

  it("SF-X-22, SF-X-41 (Zebulon's Guide): the Star Frontiers fields, cover and structure", async () => {
    table = await createTable({ world: world("zebulon") });
    expect(fieldsShown()).toEqual({ cover: "hard", structure: "interiorWall", structuralPoints: "" });
  });

  it("SW-30 (Star Wars d20): cover and the wall's height; no structure, no material", async () => {
    table = await createTable({ world: world("d20") });
    expect(fieldsShown()).toEqual({ cover: "hard", height: "low" });
  });

  it("SWN-15 (Stars Without Number): cover, height and the cover armour's material; no structure", async () => {
    table = await createTable({ world: world("swn") });
    expect(fieldsShown()).toEqual({ cover: "hard", height: "low", material: "thickStone" });
    expect(table.unhandled).toEqual([]);
  });
});
