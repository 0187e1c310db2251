/**
 * Scenario (issue 34): what applying a five-target burst writes, read from the harness server's own log — the
 * figure `npm run bench` prints for the budget "1 GM request, 1 batched Token update per scene, plus the card's
 * message" (docs/architecture.md § Budgets). Alice's burst (SF-X-24) hits five pirates; she clicks Apply to all on
 * her own page (the world lets players apply to every target): her client asks the active GM once (a request on
 * her own User, helpers/gm-request.ts), the GM writes the five tokens in one update and marks the card, and answers
 * on his own User.
 *
 * Numbers: d100 10 hits; 5d10 + 1d10 per extra target = 9d10, all 5s = 45, split 9 each (SF-X-24): 40 → 31.
 * When BENCH_WRITES names a file, the counts are appended to it as the bench's JSON lines (scripts/bench.ts).
 */
import { appendFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { pendingDice } from "../foundry/dice.js";
import { createTable, type Table } from "../foundry/world.js";
import {
  ALICE_ID,
  actorSource,
  attack,
  closeTableAfterEach,
  everyone,
  G,
  GM_ID,
  id,
  itemFromPack,
  onEveryClient,
  renderMessage,
  requestsSince,
  sceneSource,
  settingSource,
  tokenSource,
  tokenStamina,
} from "./kit.js";

const SCENE = id("sceneQuay");
const EUSYL = id("actEusyl");
const PIRATE = id("actPirate");
const PISTOL = id("itmAutoPistol");
const SKILL = id("itmProjSkill");
const TOK_EUSYL = id("tokEusyl");
const PIRATES = ["Vask", "Orr", "Tane", "Bry", "Kell"].map((name, i) => ({
  name,
  tokenId: id(`tok${name}`),
  i,
}));

let table: Table;
closeTableAfterEach(() => table);

const world = () => ({
  settings: [settingSource("settingApplyAll1", "playersApplyToAll", true)],
  actors: [
    actorSource({
      _id: EUSYL,
      name: "Eusyl",
      owner: ALICE_ID,
      abilities: { dex: 50 },
      items: [
        itemFromPack("weapons", "automatic-pistol", PISTOL),
        itemFromPack("skills", "projectile-weapons", SKILL, { level: 2 }),
      ],
    }),
    actorSource({ _id: PIRATE, name: "Pirate", stamina: 40 }),
  ],
  scenes: [
    sceneSource({
      _id: SCENE,
      name: "Quay",
      tokens: [
        tokenSource({ _id: TOK_EUSYL, name: "Eusyl", actorId: EUSYL, actorLink: true, x: 1700, y: 1500 }),
        ...PIRATES.map((p) =>
          tokenSource({
            _id: p.tokenId,
            name: p.name,
            actorId: PIRATE,
            actorLink: false,
            x: 1900,
            y: 1300 + p.i * 100,
          }),
        ),
      ],
    }),
  ],
});

describe("scenario: the writes of a five-target burst applied from the author's page, from the server's log", () => {
  it("SF-X-24: Alice's Apply to all is 1 request (her User), 1 batched Token update of 5 tokens, 1 ChatMessage update and the GM's answer on his User", async () => {
    table = await createTable({ world: world(), online: "every" });
    const gm = table.client(GM_ID);
    const alice = table.client(ALICE_ID);
    table.dice(10, 5, 5, 5, 5, 5, 5, 5, 5, 5);
    const card = await attack(
      table,
      alice,
      EUSYL,
      PISTOL,
      PIRATES.map((p) => p.tokenId),
    );
    expect(card).not.toBeNull();
    expect(pendingDice()).toEqual([]);

    const mark = table.server.log.length;
    const button = renderMessage(alice, card!).querySelector<HTMLButtonElement>(
      '[data-ft-action="applyAll"]',
    );
    expect(button).not.toBeNull();
    alice.run(() => button!.click());
    await table.settle();
    for (const p of PIRATES)
      expect(onEveryClient(table, () => tokenStamina(SCENE, p.tokenId))).toEqual(everyone(table, 31));

    const log = requestsSince(table, mark);
    expect(log).toEqual([
      "update User by Alice",
      "update Token by Gamemaster",
      "update ChatMessage by Gamemaster",
      "update User by Gamemaster",
    ]);
    const entries = table.server.log.slice(mark);
    const tokenWrites = entries.filter((r) => r.type === "Token");
    expect(tokenWrites.map((r) => r.count)).toEqual([5]);
    expect(gm.run(() => G().game.scenes.get(SCENE).tokens.size)).toBe(6);

    const out = process.env.BENCH_WRITES;
    if (out) {
      const line = (name: string, value: number, budget: number) =>
        appendFileSync(
          out,
          `${JSON.stringify({ name, value, unit: "writes", budget, source: "harness log" })}\n`,
        );
      line(
        "burst.apply.5targets.gmRequests",
        entries.filter((r) => r.type === "User" && r.userId === ALICE_ID).length,
        1,
      );
      line("burst.apply.5targets.tokenUpdates", tokenWrites.length, 1);
      line("burst.apply.5targets.tokensInBatch", tokenWrites[0]?.count ?? 0, 5);
      line(
        "burst.apply.5targets.chatMessageUpdates",
        entries.filter((r) => r.type === "ChatMessage").length,
        1,
      );
      line("burst.apply.5targets.serverRequests", entries.length, 4);
    }
  });
});
