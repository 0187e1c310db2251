/**
 * Issue 28: the chat cards' types and schemas live in `src/data/chat/`, below everything that writes or draws a
 * card, and no import cycle runs through them (architecture-2 review §2.1: the card's type sat in a workflow and the
 * grenade block in an application, and a 12-file type cycle followed). Read from the files themselves, counting
 * `import type` and dynamic imports, so a new upward import anywhere fails here.
 */
import { describe, expect, it } from "vitest";
import { cycles as cyclesOf, importGraph } from "./import-graph.js";

const graph = importGraph();
const cycles = () => cyclesOf(graph);

describe("issue 28: the card types live in src/data/chat", () => {
  const chat = [...graph.keys()].filter((f) => f.startsWith("data/chat/"));

  it("finds the card files and reads their imports", () => {
    expect(chat).toContain("data/chat/attack-card.ts");
    expect(graph.get("workflows/card/card-context.ts")).toContain("data/chat/attack-card.ts");
  });

  it("imports nothing above the data layer (only rules/ and data/)", () => {
    const upward = chat.flatMap((f) =>
      (graph.get(f) ?? [])
        .filter((t) => !t.startsWith("rules/") && !t.startsWith("data/"))
        .map((t) => `${f} → ${t}`),
    );
    expect(upward).toEqual([]);
  });

  it("no import cycle runs through a card file", () => {
    const through = cycles().filter((c) => c.some((f) => f.startsWith("data/chat/")));
    expect(through).toEqual([]);
  });

  it("the card's writers, readers and view share no import cycle (the 12-file cycle of review §2.1 is gone)", () => {
    const cardFiles = new Set([
      "workflows/card/card-context.ts",
      "workflows/card/card-data.ts",
      "workflows/card/card-render.ts",
      "workflows/attack/attack-flow.ts",
      "workflows/card/d20-grenade.ts",
      "workflows/card/squad-card.ts",
      "workflows/attack/stray.ts",
    ]);
    const through = cycles().filter((c) => c.some((f) => cardFiles.has(f)));
    expect(through).toEqual([]);
  });
});
