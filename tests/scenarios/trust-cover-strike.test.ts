/**
 * Scenario (issue 31, last session's closing note: "the SW-31 button trusts the card's covering creature id"): a
 * player's card names the creature used as cover (`coverCreature`, a token id on the card, the author's word). The GM's
 * "Apply to <creature>" strikes it only where it stands between the attacker and the target (the cover read's line of
 * fire, `tokensInTheWay`), so a forged card cannot turn a miss into damage to a creature out of the line of fire.
 * Set up as d20-cover.test.ts: Kara (Alice's, BAB +3, Dex +2, blaster pistol 3d6) at column 0, the Thug (Defense 15)
 * at column 10 of row 5, the Crewman (a Thug, unlinked, Defense 15) at column 5 between them, the Deckhand (another)
 * at column 5 of row 9, out of the line of fire.
 */
import { describe, expect, it } from "vitest";
import { createTable, type Table } from "../foundry/world.js";
import {
  ALICE_ID,
  attack,
  cardButtons,
  cell,
  closeTableAfterEach,
  G,
  GM_ID,
  id,
  renderMessage,
  sceneSource,
  settingSource,
  targetBlock,
  text,
  tokenSource,
  told,
} from "./kit.js";
import { d20Foe, HEROIC_POOLS, karaWithBlaster } from "./kit-d20.js";

const SCENE = id("sceneTrustCover");
const KARA = id("actKaraTrCover");
const THUG = id("actThugTrCover");
const PISTOL = id("itmPistolTrCov");
const TOK = {
  kara: id("tokKaraTrCover"),
  thug: id("tokThugTrCover"),
  crew: id("tokCrewTrCover"),
  deck: id("tokDeckTrCover"),
};

let table: Table;
closeTableAfterEach(() => table);

const bystander = (_id: string, name: string, at: { x: number; y: number }) =>
  tokenSource({ _id, name, actorId: THUG, actorLink: false, disposition: 0, ...at });

const world = () => ({
  settings: [settingSource(id("setEngTrCover"), "engine", "d20")],
  actors: [karaWithBlaster(KARA, PISTOL), d20Foe(THUG, "Thug", HEROIC_POOLS)],
  scenes: [
    sceneSource({
      _id: SCENE,
      name: "Loading dock",
      tokens: [
        tokenSource({ _id: TOK.kara, name: "Kara", actorId: KARA, actorLink: true, ...cell(0, 5) }),
        tokenSource({
          _id: TOK.thug,
          name: "Thug",
          actorId: THUG,
          actorLink: true,
          disposition: -1,
          ...cell(10, 5),
        }),
        bystander(TOK.crew, "Crewman", cell(5, 5)),
        bystander(TOK.deck, "Deckhand", cell(5, 9)),
      ],
    }),
  ],
});

/** Alice's console posts her card again as a new attack (a new roll id) naming `creature` as the cover. */
function forgeCover(msg: string, creature: string): Promise<string> {
  return table.client(ALICE_ID).run(async () => {
    const m = G().game.messages.get(msg);
    const card = structuredClone(m.system.card);
    card.applied = [];
    card.rollId = "rollForgedCover1";
    for (const t of card.targets) if (t.d20?.coverCreature) t.d20.coverCreature = creature;
    const { renderCard } = await import("../../src/workflows/card/card-render.js");
    const copy = await G().ChatMessage.create({
      type: "attack",
      system: { card },
      content: await renderCard(card),
      rolls: m.rolls.map((r: any) => r.toJSON()),
    });
    return copy.id as string;
  });
}

/** The pools (VP, WP) of the unlinked bystander `tokenId`, on every client. */
const pools = (tokenId: string) =>
  table.all.map((c) =>
    c.run(() => {
      const d = G().game.scenes.get(SCENE).tokens.get(tokenId).actor.system.d20;
      return [d.vitality.value, d.wounds.value];
    }),
  );

describe("scenario: the creature struck as cover is the GM's read, not the card's word (issue 31, SW-31)", () => {
  it("SW-31: Alice's console posts her miss again naming the Deckhand (out of the line of fire) as the creature used as cover — the GM gets no Apply to Deckhand, is told the Deckhand is not between, and its request strikes no one; her honest card still offers Apply to Crewman", async () => {
    table = await createTable({ world: world(), online: [GM_ID, ALICE_ID] });
    const alice = table.client(ALICE_ID);
    const gm = table.client(GM_ID);
    // d20 14 + 3 = 17 misses the Thug's Defense 19 (½ cover from the Crewman, +4) and reaches the Crewman's 15.
    table.dice(14, 4, 5, 6);
    const honest = await attack(table, alice, KARA, PISTOL, [TOK.thug]);
    expect(told(alice)).toEqual([]);
    expect(cardButtons(gm, honest!).filter((b) => b.startsWith("coverHit"))).toHaveLength(1);
    expect(
      text(targetBlock(renderMessage(gm, honest!), "Thug").querySelector('[data-ft-action="coverHit"]')),
    ).toBe("Apply to Crewman SW-31");

    const forged = await forgeCover(honest!, TOK.deck);
    await table.settle();
    const card = renderMessage(gm, forged);
    expect(cardButtons(gm, forged).filter((b) => b.startsWith("coverHit"))).toEqual([]);
    expect(text(targetBlock(card, "Thug"))).toContain(
      "The card names Deckhand as the creature used as cover, but Deckhand does not stand between the attacker and this target: no strike to apply. SW-31",
    );
    const thugUuid = `Scene.${SCENE}.Token.${TOK.thug}`;
    const answer = await gm.run(async () => {
      const { requestGM } = await import("../../src/helpers/gm-request.js");
      return requestGM({ kind: "coverHit", messageId: forged, ids: [thugUuid] });
    });
    await table.settle();
    expect(answer.skipped.map((s: { reason: string }) => s.reason)).toEqual(["FT.D20UI.struckNotCreature"]);
    expect(pools(TOK.deck)).toEqual(table.all.map(() => [10, 14]));
    expect(table.unhandled).toEqual([]);
  });
});
