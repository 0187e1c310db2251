/**
 * The d20 scenarios' shared cast (issue 14): Kara, Alice's character (BAB +3, Dex 14, vitality 12) carrying the pack's
 * blaster pistol with the 3d6 damage this table's GM entered; and an NPC foe (class Defense +3, Dex 14, Medium:
 * Defense 15) that every player may observe unless a test says otherwise.
 */
import type { Client, Table } from "../foundry/world.js";
import {
  ALICE_ID,
  actorSource,
  cell,
  G,
  GM_ID,
  id,
  itemFromPack,
  renderMessage,
  sceneSource,
  settingSource,
  text,
  tokenSource,
} from "./kit.js";

/** Kara with the blaster pistol `pistolId` (a 10 m increment, SW-06; 3d6 entered by the GM). */
export function karaWithBlaster(karaId: string, pistolId: string) {
  return actorSource({
    _id: karaId,
    name: "Kara",
    owner: ALICE_ID,
    items: [itemFromPack("d20", "blaster-pistol", pistolId, { d20: { damage: "3d6" } })],
    system: { d20: { bab: 3, abilities: { dex: 14 }, vitality: { value: 12, max: 12 } } },
  });
}

/** SWN's Mag Rifle (1d10; its SWN block `swn`, e.g. its tech level, when given), on the pack's blaster pistol, as item `itemId`. */
export const magRifle = (itemId: string, swn?: Record<string, unknown>) =>
  itemFromPack(
    "d20",
    "blaster-pistol",
    itemId,
    swn ? { d20: { damage: "1d10" }, swn } : { d20: { damage: "1d10" } },
    "Mag Rifle",
  );

/** A heroic foe's pools: VP 10, WP 14 (SW-10, SW-18). */
export const HEROIC_POOLS = {
  heroic: true,
  vitality: { value: 10, max: 10 },
  wounds: { value: 14, max: 14 },
};

/** An NPC foe with Defense 15 (10 + class 3 + Dex 14's +2) and the rest of its d20 block from `d20`. */
export function d20Foe(foeId: string, name: string, d20: Record<string, unknown>) {
  return {
    ...actorSource({
      _id: foeId,
      name,
      system: { d20: { classDefense: 3, abilities: { dex: 14 }, ...d20 } },
    }),
    ownership: { default: 2 },
  };
}

/** The ids of the d20 Hangar (`d20Hangar`). */
export interface HangarIds {
  /** The engine setting's document id. */
  setting: string;
  scene: string;
  kara: string;
  pistol: string;
  thug: string;
  guard: string;
  tok: { kara: string; thug: string; guard: string };
}

/**
 * The d20 Hangar (engine d20): Kara (`karaWithBlaster`) at cell (0, 5); the heroic Thug (Dex 12) at (10, 5) and the
 * heroic Guard at (10, 8), both hostile, on linked tokens.
 */
export function d20Hangar(ids: HangarIds) {
  const foe = (_id: string, name: string, actorId: string, row: number) =>
    tokenSource({ _id, name, actorId, actorLink: true, disposition: -1, ...cell(10, row) });
  return {
    settings: [settingSource(ids.setting, "engine", "d20")],
    actors: [
      karaWithBlaster(ids.kara, ids.pistol),
      d20Foe(ids.thug, "Thug", { ...HEROIC_POOLS, abilities: { dex: 12 } }),
      d20Foe(ids.guard, "Guard", HEROIC_POOLS),
    ],
    scenes: [
      sceneSource({
        _id: ids.scene,
        name: "Hangar",
        tokens: [
          tokenSource({ _id: ids.tok.kara, name: "Kara", actorId: ids.kara, actorLink: true, ...cell(0, 5) }),
          foe(ids.tok.thug, "Thug", ids.thug, 5),
          foe(ids.tok.guard, "Guard", ids.guard, 8),
        ],
      }),
    ],
  };
}

/** A squad actor (SWN-17) with `system`; every player may observe it unless `ownership` says otherwise. */
export function squadSource(
  _id: string,
  name: string,
  system: Record<string, unknown>,
  ownership: Record<string, number> = { default: 2 },
) {
  return {
    _id,
    name,
    type: "squad",
    img: "icons/svg/mystery-man.svg",
    system,
    items: [],
    effects: [],
    flags: {},
    ownership,
  };
}

/** Seed 003's five marines (SWN-17): HD 1, AC 13, AB +1, 23 hit points in the pool. */
export const fiveMarines = () => ({
  swn: { hd: 1, ac: 13, ab: 1 },
  units: { value: 5, max: 5 },
  hp: { value: 23 },
});

/** The hostile Marines' linked token at `at`: five units take 2 hexes (1 per 3 units). */
export const marinesToken = (_id: string, actorId: string, at: { x: number; y: number }) =>
  tokenSource({
    _id,
    name: "Marines",
    actorId,
    actorLink: true,
    disposition: -1,
    width: 2,
    height: 1,
    ...at,
  });

/**
 * The GM opens an encounter on the scene with these combatants (as the token HUD's "toggle combat" adds them, their
 * ids kept); `startCombat` is the test's own step (it rolls initiative).
 */
export async function openD20Combat(
  table: Table,
  sceneId: string,
  combatants: readonly { _id?: string; tokenId: string; actorId: string }[],
): Promise<void> {
  await table.client(GM_ID).run(async () => {
    const combat = await G().Combat.create({ scene: sceneId, active: true });
    await combat.createEmbeddedDocuments(
      "Combatant",
      combatants.map((c) => ({ ...c, sceneId })),
      { keepId: true },
    );
  });
  await table.settle();
}

/**
 * A blaster rifle from the pack's blaster pistol entry: 3d8, a 30 m increment, two hands, 50 rounds, and the fire
 * modes and rifle group the test gives (SW-35, SW-36).
 */
export function blasterRifle(
  itemId: string,
  o: { multi?: boolean; auto?: boolean; rifle?: boolean; name?: string } = {},
) {
  return itemFromPack(
    "d20",
    "blaster-pistol",
    itemId,
    {
      d20: {
        damage: "3d8",
        rangeIncrement: 30,
        fire: { single: true, multi: o.multi ?? false, auto: o.auto ?? true },
        twoHanded: true,
        rifle: o.rifle ?? true,
      },
      ammo: { unit: "rounds", perShot: 1, capacity: 50, remaining: 50 },
    },
    o.name ?? "Blaster Rifle",
  );
}

/**
 * The newest chat message's title and lines (a special attack's or a run's card) as this client shows it. A `rule`
 * card (issue 28) stores no HTML: it is drawn from its data by the `renderChatMessageHTML` hook (`renderMessage`);
 * any other message is read from its content, as before.
 */
export const lastCardLines = (c: Client): string => {
  const last = c.run(() => {
    const m = G().game.messages.contents.at(-1);
    return m ? { id: m.id as string, type: m.type as string, content: (m.content ?? "") as string } : null;
  });
  const div =
    last?.type === "rule"
      ? renderMessage(c, last.id)
      : c.run(() => {
          const d = G().document.createElement("div");
          d.innerHTML = last?.content ?? "";
          return d;
        });
  return [...div.querySelectorAll("h3, p")].map((e: Element) => text(e)).join(" ");
};

/** A "d20 + SWN additions" world's settings (issue 16): the d20 engine with the swn profile; `tag` names their ids. */
export const swnSettings = (tag: string) => [
  settingSource(id(`setEngine${tag}`), "engine", "d20"),
  settingSource(id(`setProfile${tag}`), "profile", "swn"),
];

/**
 * The GM opens an encounter (as `openD20Combat`) with every combatant's initiative count already set — `count` by
 * name — and begins it: no initiative dice.
 */
export async function startByCount(
  table: Table,
  sceneId: string,
  combatants: readonly { tokenId: string; actorId: string }[],
  count: (name: string) => number,
): Promise<void> {
  await openD20Combat(table, sceneId, combatants);
  const gm = table.client(GM_ID);
  const counts = gm.run(() =>
    G().game.combat.combatants.map((c: { id: string; name: string }) => ({
      _id: c.id,
      initiative: count(c.name),
    })),
  );
  await gm.run(() => G().game.combat.updateEmbeddedDocuments("Combatant", counts));
  await gm.run(() => G().game.combat.startCombat());
  await table.settle();
}
