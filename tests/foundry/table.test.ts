/**
 * The table harness itself: clients of their own, documents through the backend, permissions, queries.
 */
import { afterEach, describe, expect, it } from "vitest";
import { createTable, DEFAULT_USERS, type Table } from "./world.js";

const [GM, , ALICE, BRUNO] = DEFAULT_USERS.map((u) => u.id) as [string, string, string, string];
let table: Table;
afterEach(() => table?.close());

const actor = (id: string, owner?: string) => ({
  _id: id,
  name: `Actor ${id}`,
  type: "character",
  system: {},
  ownership: owner ? { default: 0, [owner]: 3 } : { default: 0 },
});

describe("harness: documents through the client backend and the server", () => {
  it("boots every client with the system's data models and an actor prepared", async () => {
    table = await createTable({ world: { actors: [actor("aaaaaaaaaaaaaaa1", ALICE)] }, online: "every" });
    for (const c of table.all) {
      const a = c.run(() => (globalThis as any).game.actors.get("aaaaaaaaaaaaaaa1"));
      expect(a.constructor.name).toBe("FrontierActor");
      expect(a.system.stamina.value).toBeTypeOf("number");
    }
  });
});

describe("harness: v13 behaviour the system relies on", () => {
  it("expands dotted keys on update: a token-UUID key is stored as nested objects (client-backend.mjs)", async () => {
    table = await createTable({ online: [GM] });
    const gm = table.client(GM);
    await gm.run(async () => {
      const g = globalThis as any;
      const msg = await g.ChatMessage.create({ content: "x", flags: { "frontier-tactics": { n: 1 } } });
      await msg.update({ flags: { "frontier-tactics": { byTarget: { "Scene.s.Token.t": 13 } } } });
      expect(msg.flags["frontier-tactics"].byTarget).toEqual({ Scene: { s: { Token: { t: 13 } } } });
    });
  });

  it("refuses a player's write to a document they do not own, and changes nothing anywhere", async () => {
    table = await createTable({ world: { actors: [actor("aaaaaaaaaaaaaaa1")] }, online: [GM, ALICE] });
    const alice = table.client(ALICE);
    await expect(
      alice.run(() => (globalThis as any).game.actors.get("aaaaaaaaaaaaaaa1").update({ name: "Hacked" })),
    ).rejects.toThrow(/Alice lacks permission to update Actor/);
    for (const c of table.all)
      expect(c.run(() => (globalThis as any).game.actors.get("aaaaaaaaaaaaaaa1").name)).toBe(
        "Actor aaaaaaaaaaaaaaa1",
      );
  });

  it("runs an update on every client: _onUpdate and the update hook fire on each with the same diff", async () => {
    table = await createTable({ world: { actors: [actor("aaaaaaaaaaaaaaa1", ALICE)] }, online: [GM, ALICE] });
    const seen: string[] = [];
    const H = (globalThis as any).Hooks;
    // Each client's page registers its own callback (a hook registered on one page runs only there, hooks.ts).
    const ids = table.all.map((c) =>
      c.run(() => H.on("updateActor", (_a: unknown, diff: any) => seen.push(JSON.stringify(diff)))),
    );
    await table
      .client(ALICE)
      .run(() => (globalThis as any).game.actors.get("aaaaaaaaaaaaaaa1").update({ name: "Eusyl" }));
    for (const id of ids) H.off("updateActor", id);
    // The server's diff carries the `_stats` it stamped (v13 common/documents/actor.mjs keeps a DocumentStatsField).
    const stamped = (s: string) => JSON.stringify({ ...JSON.parse(s), _stats: { modifiedTime: 0 } });
    expect(seen.map(stamped)).toEqual([
      JSON.stringify({ name: "Eusyl", _stats: { modifiedTime: 0 }, _id: "aaaaaaaaaaaaaaa1" }),
      JSON.stringify({ name: "Eusyl", _stats: { modifiedTime: 0 }, _id: "aaaaaaaaaaaaaaa1" }),
    ]);
    expect(JSON.parse(seen[0]!)._stats.lastModifiedBy).toBe(ALICE);
    expect(seen[0]).toBe(seen[1]);
  });

  it("a query handler receives the data and {timeout}, never the sender (users.mjs #handleUserQuery)", async () => {
    table = await createTable({ online: [GM, ALICE] });
    const received: unknown[][] = [];
    for (const c of table.all)
      c.run(() => {
        (globalThis as any).CONFIG.queries["test.echo"] = async (...args: unknown[]) => {
          received.push(args);
          return { ok: true };
        };
      });
    const r = await table
      .client(ALICE)
      .run(() => (globalThis as any).game.users.activeGM.query("test.echo", { a: 1 }, { timeout: 5000 }));
    expect(r).toEqual({ ok: true });
    expect(received).toEqual([[{ a: 1 }, { timeout: 5000 }]]);
  });

  it("issue 33: a query's data reaches the target user's client alone, its answer the querier's alone (user.mjs query, users.mjs #handleUserQuery)", async () => {
    table = await createTable({ online: [GM, ALICE, BRUNO] });
    const handled: string[] = [];
    for (const c of table.all)
      c.run(() => {
        (globalThis as any).CONFIG.queries["test.secret"] = async (data: { n: number }) => {
          handled.push(c.user.name as string);
          return data.n + 1;
        };
      });
    const r = await table
      .client(GM)
      .run(() => (globalThis as any).game.users.get(ALICE).query("test.secret", { n: 9 }, { timeout: 5000 }));
    expect(r).toBe(10);
    expect(handled).toEqual(["Alice"]);
  });

  it("a query to an unresponsive GM times out; without the permission it is refused; no active GM is null", async () => {
    table = await createTable({ online: [GM, ALICE] });
    const alice = table.client(ALICE);
    alice.run(() => {
      (globalThis as any).CONFIG.queries["test.echo"] = async () => 1;
    });
    table.client(GM).unresponsive = true;
    await expect(
      alice.run(() => (globalThis as any).game.users.activeGM.query("test.echo", {})),
    ).rejects.toThrow("operation has timed out");
    table.client(GM).unresponsive = false;
    alice.run(() => {
      (globalThis as any).game.user._source.permissions.QUERY_USER = false;
      (globalThis as any).game.user.reset();
    });
    await expect(
      alice.run(() => (globalThis as any).game.users.activeGM.query("test.echo", {})),
    ).rejects.toThrow("You do not have permission to query users");
    table.disconnect(GM);
    expect(alice.run(() => (globalThis as any).game.users.activeGM)).toBeNull();
  });

  it("a Combat built after ready prepares its data inside the constructor, before subclass fields exist", async () => {
    table = await createTable({ online: [GM] });
    const gm = table.client(GM);
    const Combat: new (data: object) => { setupTurns(): unknown } = (globalThis as any).Combat;
    class PrivateOrder extends Combat {
      // A private field written in setupTurns, as FrontierCombat once did (read back so it is not unused).
      #order = new Map<string, number>();
      override setupTurns() {
        this.#order = new Map();
        return this.#order && super.setupTurns();
      }
    }
    const errors = (await import("./hooks.js")).errors;
    const before = errors.length;
    gm.run(() => new PrivateOrder({ combatants: [{ _id: "cccccccccccccc01", name: "x" }] }));
    expect(errors.slice(before).map((e) => String((e.error as Error).message))).toEqual([
      expect.stringMatching(/private member|private field/),
    ]);
  });
});

describe("harness: each client's canvas reads its own scene documents live", () => {
  it("a closed door blocks sight between two tokens until the GM opens it", async () => {
    const { wallData } = await import("./canvas.js");
    table = await createTable({
      online: [GM, ALICE],
      world: {
        scenes: [
          {
            _id: "sceneA0000000001",
            name: "S",
            active: true,
            tokens: [
              { _id: "tokA000000000001", name: "A", x: 1200, y: 1200 },
              { _id: "tokB000000000002", name: "B", x: 2000, y: 1200 },
            ],
            walls: [{ ...wallData("doors", [1600, 1000, 1600, 1500]), _id: "wallDoor00000001" }],
          },
        ],
      },
    });
    const blocked = (c: ReturnType<Table["client"]>) =>
      c.run(() => {
        const g = globalThis as any;
        const [a, b] = g.canvas.tokens.placeables;
        return g.CONFIG.Canvas.polygonBackends.sight.testCollision(a.center, b.center, {
          type: "sight",
          mode: "any",
        });
      });
    expect(blocked(table.client(ALICE))).toBe(true);
    await table
      .client(GM)
      .run(() => (globalThis as any).game.scenes.viewed.walls.get("wallDoor00000001").update({ ds: 1 }));
    expect(
      table.client(ALICE).run(() => (globalThis as any).game.scenes.viewed.walls.get("wallDoor00000001").ds),
    ).toBe(1);
    expect(blocked(table.client(ALICE))).toBe(false);
  });
});
