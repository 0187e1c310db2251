/**
 * Scenario helpers of the "phases" stream: a two-side encounter on a 1 m grid (Eusyl, Alice's, with an automatic
 * rifle of rate of fire 3; pirates, the GM's, unlinked), started with scripted side rolls; the GM stepping the
 * phase chips on the real tracker; a user declaring from their tracker row through the real declaration dialog.
 * Every action runs on the acting user's own client (`client.run`).
 */
import { answerDialog, change, click, openDialogs, settle as settleApps } from "../foundry/apps.js";
import type { Client, Table } from "../foundry/world.js";
import {
  ALICE_ID,
  actorSource,
  cell,
  G,
  id,
  itemFromPack,
  openEncounter,
  sceneSource,
  settingSource,
  text,
  tokenSource,
} from "./kit.js";

export const SCENE = id("scenePhases");
export const EUSYL = id("actEusyl");
export const PIRATE = id("actPirate");
export const RIFLE = id("itmRifle");
export const PRIFLE = id("itmPirRifle");
export const TOK = {
  eusyl: id("tokEusyl"),
  vask: id("tokVask"),
  orr: id("tokOrr"),
  kell: id("tokKell"),
} as const;

/** Range bands for the pack's rifle, which has none (its item sheet is where a table types them). */
const RANGES = { ranges: { pb: 5, s: 40, m: 100, l: 150, e: 300 } };

/**
 * Eusyl at cell (2, 5); Vask 8 m east of her, Orr 8 m east and 3 m south, Kell (only when `kell`) 1 m east of her,
 * within melee distance. Settings as given (e.g. the Basic variant, enforcement off).
 */
export function phasesWorld(opts: { kell?: boolean; settings?: [string, unknown][] } = {}) {
  const tokens = [
    tokenSource({ _id: TOK.eusyl, name: "Eusyl", actorId: EUSYL, actorLink: true, ...cell(2, 5) }),
    tokenSource({ _id: TOK.vask, name: "Vask", actorId: PIRATE, actorLink: false, ...cell(10, 5) }),
    tokenSource({ _id: TOK.orr, name: "Orr", actorId: PIRATE, actorLink: false, ...cell(10, 8) }),
    ...(opts.kell
      ? [tokenSource({ _id: TOK.kell, name: "Kell", actorId: PIRATE, actorLink: false, ...cell(3, 5) })]
      : []),
  ];
  return {
    world: {
      settings: (opts.settings ?? []).map(([k, v], i) => settingSource(id(`setPhase${i}`), k, v)),
      actors: [
        actorSource({
          _id: EUSYL,
          name: "Eusyl",
          owner: ALICE_ID,
          abilities: { dex: 50, rs: 60 },
          items: [itemFromPack("weapons", "automatic-rifle", RIFLE, RANGES)],
        }),
        actorSource({
          _id: PIRATE,
          name: "Pirate",
          abilities: { rs: 30 },
          items: [itemFromPack("weapons", "automatic-rifle", PRIFLE, RANGES)],
        }),
      ],
      scenes: [sceneSource({ _id: SCENE, name: "Cargo deck", tokens })],
    },
    tokens,
  };
}

/**
 * The GM opens the encounter and begins it: sides by disposition, rolled with `d10s` in the order the sides were
 * made (friendly first). Eusyl's side (IM 6) with a 9 beats the pirates' (IM 3) with a 2: the friendly side has
 * the initiative (side A); the pirates are side B, who declare and move first (SF-X-01).
 */
export async function beginEncounter(
  table: Table,
  gm: Client,
  tokens: Record<string, unknown>[],
  d10s = [9, 2],
) {
  await openEncounter(table, gm, SCENE, tokens);
  table.dice(...d10s);
  await gm.run(() => G().game.combat.startCombat());
  await table.settle();
}

/** The user's tracker, freshly rendered on their client. */
export async function tracker(c: Client): Promise<HTMLElement> {
  await c.run(() => G().ui.combat.render({ force: true }));
  await c.run(() => settleApps());
  return c.run(() => G().ui.combat.element as HTMLElement);
}

/** The Morale strip of the user's freshly rendered tracker (SWN-12): each side's line as that user reads it. */
export const moraleStrip = async (c: Client): Promise<string[]> =>
  [...(await tracker(c)).querySelectorAll(".ft-morale")].map((e) => text(e as HTMLElement));

/** A combatant's row on a rendered tracker, by name. */
export function row(el: HTMLElement, name: string): HTMLElement {
  const li = [...el.querySelectorAll<HTMLElement>("li.combatant")].find(
    (l) => text(l.querySelector(".name")) === name,
  );
  if (!li) throw new Error(`No row ${name}`);
  return li;
}

/** The current phase chip's text on a rendered tracker. */
export const currentPhase = (el: HTMLElement): string => text(el.querySelector(".ft-phase.current"));

/** The GM clicks the tracker's "next phase" arrow `times` times. */
export async function nextPhase(table: Table, gm: Client, times = 1): Promise<void> {
  for (let i = 0; i < times; i++) {
    const el = await tracker(gm);
    gm.run(() => click(el.querySelector('[data-action="phaseNext"]')!));
    await table.settle();
  }
}

export interface DeclareFields {
  weapon?: string;
  shots?: number;
  burst?: boolean;
  powerSetting?: number;
  carefulAim?: boolean;
  melee?: boolean;
  areaWidth?: number;
}

/**
 * The user clicks Declare on a combatant's row of their tracker; when the dialog opens, they fill it in and click
 * Declare. Returns whether a dialog opened (a refusal opens none).
 */
export async function declare(
  table: Table,
  c: Client,
  name: string,
  fields: DeclareFields,
): Promise<boolean> {
  const el = await tracker(c);
  const button = row(el, name).querySelector('[data-action="declare"]');
  if (!button) throw new Error(`${c.userId} has no Declare button on ${name}'s row`);
  c.run(() => click(button));
  await c.run(() => settleApps());
  const dialog = c.run(() => openDialogs().at(-1));
  if (!dialog) {
    await table.settle();
    return false;
  }
  c.run(() => {
    const form = dialog.element.querySelector("form") as HTMLFormElement;
    const f = (n: string) => form.elements.namedItem(n) as HTMLInputElement;
    for (const [k, v] of Object.entries(fields))
      if (v !== undefined) change(f(k), v as string | number | boolean);
    answerDialog("ok");
  });
  await c.run(() => settleApps());
  await table.settle();
  return true;
}

/** The stored declaration of a combatant (what a client loading the world would get). */
export function storedDeclaration(table: Table, tokenId: string): unknown {
  const combat = table.server.world.combats[0] as { combatants: { tokenId: string; system: any }[] };
  return combat.combatants.find((c) => c.tokenId === tokenId)?.system?.declared;
}
