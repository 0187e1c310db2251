/**
 * Writes the quick-start Adventures (issue 32) to packs/adventures/*.yml: one per game, each a scene whose walls show
 * what the system reads (hard and soft cover, a door, a window, a low wall, and for the d20 games an obscurement
 * region), tokens placed from the actors pack's pregenerated characters and foes with the game's token bars, the
 * actors themselves (copies of the pack's, their ids kept so a squad finds its leader), and a journal entry whose page
 * "Your first fight in five steps" plays it. Rerun after a pregen changes: `node scripts/adventures.mjs`
 * (tests/packs.test.ts fails while an adventure's actor differs from the pack's).
 *
 * Scene coordinates: a 4000 × 3000 px scene of 100 px squares (1 m, system.json's grid), v13's default padding 0.25,
 * so square (col, row) starts at (1000 + 100 col, 800 + 100 row) — as tests/scenarios/kit.ts `cell` counts them.
 */
import { createHash } from "node:crypto";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import YAML from "yaml";
import { itemSources, stampSources } from "./pregen-sources.mjs";

const ROOT = new URL("..", import.meta.url).pathname;
const OUT = join(ROOT, "packs", "adventures");
const SYSTEM_ID = "frontier-tactics";

/** A stable 16-character id from a stem (the same every run). */
const ALNUM = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";
export function stableId(stem) {
  const bytes = createHash("sha256").update(`ft-adventure:${stem}`).digest();
  return Array.from(bytes.subarray(0, 16), (b) => ALNUM[b % ALNUM.length]).join("");
}

const GRID = 100;
const ORIGIN = { x: 1000, y: 800 };
const P = (col, row) => [ORIGIN.x + col * GRID, ORIGIN.y + row * GRID];
const cell = (col, row) => ({ x: ORIGIN.x + col * GRID, y: ORIGIN.y + row * GRID });

// v13 CONST: WALL_SENSE_TYPES NONE 0, LIMITED 10, PROXIMITY 30, NORMAL 20; WALL_DOOR_TYPES DOOR 1.
const SENSE = { NONE: 0, LIMITED: 10, NORMAL: 20, PROXIMITY: 30 };
function wall(stem, a, b, kind = "normal", flags = {}) {
  const w = {
    _id: stableId(stem),
    c: [...a, ...b],
    light: SENSE.NORMAL,
    move: 20,
    sight: SENSE.NORMAL,
    sound: SENSE.NORMAL,
    dir: 0,
    door: 0,
    ds: 0,
    threshold: { light: null, sight: null, sound: null, attenuation: false },
    flags: Object.keys(flags).length ? { [SYSTEM_ID]: flags } : {},
  };
  if (kind === "door") w.door = 1;
  if (kind === "window") {
    // v13's "window" wall preset: sight and light pass only beyond the threshold (proximity).
    w.sight = w.light = SENSE.PROXIMITY;
    w.threshold = { light: 2, sight: 2, sound: null, attenuation: true };
  }
  if (kind === "invisible") w.sight = w.light = w.sound = SENSE.NONE;
  if (kind === "terrain") w.sight = w.light = w.sound = SENSE.LIMITED;
  return w;
}

const actorFile = (file) => YAML.parse(readFileSync(join(ROOT, "packs", "actors", `${file}.yml`), "utf8"));

/**
 * The pack actor as the adventure holds it: the same document, without its pack keys, in the adventure's folder; each
 * item copied from a compendium carries its `_stats.compendiumSource` (scripts/pregen-sources.mjs): v13's
 * `Adventure#importContent` creates the actors as they are stored, so the GM's world weapon numbers (keyed by that
 * source) reach the imported pregens.
 */
const SOURCES = itemSources();
function adventureActor(file, folder) {
  const { _key, folder: _packFolder, ...actor } = stampSources(actorFile(file), SOURCES);
  return {
    ...actor,
    folder,
    items: (actor.items ?? []).map(({ _key: _k, ...item }) => item),
  };
}

function token(stem, actor, at, bars, over = {}) {
  const proto = actor.prototypeToken ?? {};
  return {
    _id: stableId(stem),
    name: proto.name ?? actor.name,
    actorId: actor._id,
    actorLink: proto.actorLink ?? false,
    disposition: proto.disposition ?? -1,
    ...cell(...at),
    width: 1,
    height: 1,
    delta: {},
    bar1: { attribute: bars.bar1 },
    bar2: { attribute: bars.bar2 },
    ...over,
  };
}

/**
 * The scene every adventure shares: a hall 30 × 10 m with two rooms south of it behind a wall with a door and a
 * window. In the hall, a line of crates (a low wall, hard cover) and a hedge of planters (soft cover) stand 11.5 m
 * from the heroes' side, and — for the d20 games — a smoke bank (an obscurement region) at its east end.
 */
function sceneWalls(key, lowFlags) {
  const w = (stem, a, b, kind, flags) => wall(`${key}:${stem}`, a, b, kind, flags);
  return [
    w("north", P(0, 0), P(30, 0)),
    w("east", P(30, 0), P(30, 15)),
    w("south", P(30, 15), P(0, 15)),
    w("west", P(0, 15), P(0, 0)),
    w("hall-1", P(0, 10), P(4, 10)),
    w("door", P(4, 10), P(6, 10), "door"),
    w("hall-2", P(6, 10), P(20, 10)),
    w("window", P(20, 10), P(23, 10), "window"),
    w("hall-3", P(23, 10), P(30, 10)),
    w("rooms", P(15, 10), P(15, 15)),
    // A line of crates about 1 m high: stops movement, not sight; hard cover (and for the d20 games a low wall).
    w("crates", [2350, 1000], [2350, 1400], "invisible", { cover: "hard", ...lowFlags }),
    // Planters with shrubs: block movement, limit sight; soft cover.
    w("planters", [2350, 1500], [2350, 1750], "terrain", { cover: "soft" }),
  ];
}

function smoke(key) {
  return {
    _id: stableId(`${key}:smoke`),
    name: "Smoke",
    color: "#888888",
    shapes: [{ type: "rectangle", x: 3000, y: 1000, width: 500, height: 600, rotation: 0, hole: false }],
    elevation: { bottom: null, top: null },
    behaviors: [
      {
        _id: stableId(`${key}:smoke:behavior`),
        name: "Smoke (half concealment)",
        type: `${SYSTEM_ID}.obscurement`,
        system: { degree: "half" },
        disabled: false,
        flags: {},
      },
    ],
    visibility: 0,
    locked: false,
    flags: {},
  };
}

const kbd = (label) => `<kbd>${label}</kbd>`;

function adventure({ key, name, caption, sceneName, actors, tokens, steps, regions = [], lowFlags = {} }) {
  const folders = {
    Actor: stableId(`${key}:folder:actors`),
    Scene: stableId(`${key}:folder:scenes`),
    JournalEntry: stableId(`${key}:folder:journal`),
  };
  const sceneId = stableId(`${key}:scene`);
  const journalId = stableId(`${key}:journal`);
  const actorDocs = actors.map((file) => adventureActor(file, folders.Actor));
  const byFile = Object.fromEntries(actors.map((file, i) => [file, actorDocs[i]]));
  const _id = stableId(`${key}:adventure`);
  return {
    _id,
    _key: `!adventures!${_id}`,
    name,
    img: "icons/svg/combat.svg",
    caption: `<p>${caption}</p>`,
    description: `<p>${caption} Import it into an empty world set to the game, open the journal entry "${name}" and follow its page "Your first fight in five steps".</p>`,
    actors: actorDocs,
    combats: [],
    items: [],
    journal: [
      {
        _id: journalId,
        name,
        folder: folders.JournalEntry,
        pages: [
          {
            _id: stableId(`${key}:journal:page`),
            name: "Your first fight in five steps",
            type: "text",
            title: { show: true, level: 1 },
            text: { format: 1, content: `<ol>${steps.map((s) => `<li>${s}</li>`).join("")}</ol>` },
            sort: 0,
            ownership: { default: -1 },
            flags: {},
          },
        ],
        sort: 0,
        ownership: { default: 2 },
        flags: {},
      },
    ],
    scenes: [
      {
        _id: sceneId,
        name: sceneName,
        active: false,
        width: 4000,
        height: 3000,
        padding: 0.25,
        grid: { type: 1, size: GRID, distance: 1, units: "m" },
        tokens: tokens(byFile),
        walls: sceneWalls(key, lowFlags),
        lights: [],
        templates: [],
        regions,
        folder: folders.Scene,
        ownership: { default: 0 },
        flags: {},
      },
    ],
    tables: [],
    macros: [],
    cards: [],
    playlists: [],
    folders: Object.entries(folders).map(([type, id]) => ({
      _id: id,
      name,
      type,
      folder: null,
      sorting: "a",
      sort: 0,
      color: "#1f7a8c",
      flags: {},
    })),
    sort: 0,
    flags: {},
  };
}

const SF_BARS = { bar1: "stamina", bar2: null };
const D20_BARS = { bar1: "d20.vitality", bar2: "d20.wounds" };
const SWN_BARS = { bar1: "swn.hp", bar2: null };
const SQUAD_BARS = { bar1: "hp", bar2: null };
const FOE = { actorLink: false, disposition: -1 };

const common = {
  assign: `As the GM, give each player a pregenerated character: right-click the actor in the Actors sidebar, choose Ownership, and make the player its owner.`,
  scene: (scene) =>
    `Open the scene "${scene}" from the Scenes sidebar and activate it. The line of crates in the hall is hard cover, the planters are soft cover; the door and the window lead to the rooms south of the hall.`,
};

export const ADVENTURES = [
  adventure({
    key: "sf",
    name: "First Fight: Star Frontiers",
    caption:
      "A shoot-out in a spaceport hangar for Star Frontiers (Alpha Dawn or Zebulon's Guide): two pregenerated characters against two others behind crates and planters.",
    sceneName: "Hangar 9 (Star Frontiers)",
    // A ray past a low wall only is still a line of sight in every game (rules/geometry/cover.ts); the Star Frontiers
    // games read its cover class (hard), the d20 games its height too (SW-30).
    lowFlags: { height: "low" },
    actors: [
      "sample-human-trooper",
      "sample-vrusk-medic",
      "sample-yazirian-sniper",
      "sample-dralasite-brawler",
    ],
    tokens: (a) => [
      token("sf:tok:trooper", a["sample-human-trooper"], [2, 3], SF_BARS),
      token("sf:tok:medic", a["sample-vrusk-medic"], [2, 8], SF_BARS),
      // The two opposing samples are the foes here: unlinked copies on the hostile side.
      token("sf:tok:sniper", a["sample-yazirian-sniper"], [14, 3], SF_BARS, FOE),
      token("sf:tok:brawler", a["sample-dralasite-brawler"], [14, 8], SF_BARS, FOE),
    ],
    steps: [
      `Set the world's rules to Alpha Dawn or Zebulon's Guide (${kbd("Apply preset")} in the system's settings), then ${common.assign.charAt(0).toLowerCase()}${common.assign.slice(1)} The Sample Human Trooper and the Sample Vrusk Medic are the players' characters; the Yazirian and the Dralasite are the foes (the GM's). The medic's needler pistol has no range bands in the system's sources: enter them from your book in ${kbd("Weapon tables")} (Compendium tab) → ${kbd("Enter missing numbers")} → ${kbd("Save")}; until then the medic fires the automatic pistol.`,
      common.scene("Hangar 9 (Star Frontiers)"),
      `Start the fight: select every token, add them to the combat tracker and begin the encounter; each side rolls its initiative. The side that lost declares first: each character's ${kbd("Declare")} on its row of the tracker (the GM declares for the foes). The GM then steps the round with the tracker's ${kbd("Next phase")}: both sides move, then each side resolves its attacks.`,
      `In your side's resolve phase, target the Yazirian behind the crates and press ${kbd("Attack")} on your weapon's row of your sheet. The attack dialog reads the crates from the scene and counts them as ${kbd("Hard cover")} in the chance to hit; press ${kbd("Roll")}.`,
      `The chat card shows the roll, the modifiers and the damage. The GM presses ${kbd("Apply")} on it: the damage comes off the target's Stamina (through its suit and screen) and its token bar drops.`,
    ],
  }),
  adventure({
    key: "d20",
    name: "First Fight: Star Wars d20",
    caption:
      "A firefight in a hangar for Star Wars d20 (Revised): Kestra Vol, Ilan Sorr and Dace Marrow against stormtroopers and a thug behind crates, planters and smoke.",
    sceneName: "Hangar 9 (Star Wars d20)",
    lowFlags: { height: "low" },
    regions: [smoke("d20")],
    actors: [
      "kestra-vol-soldier",
      "ilan-sorr-jedi-guardian",
      "dace-marrow-scoundrel",
      "stormtrooper",
      "thug",
    ],
    tokens: (a) => [
      token("d20:tok:kestra", a["kestra-vol-soldier"], [2, 3], D20_BARS),
      token("d20:tok:ilan", a["ilan-sorr-jedi-guardian"], [2, 8], D20_BARS),
      token("d20:tok:dace", a["dace-marrow-scoundrel"], [3, 6], D20_BARS),
      token("d20:tok:trooper", a.stormtrooper, [14, 3], D20_BARS),
      token("d20:tok:thug", a.thug, [14, 8], D20_BARS),
      token("d20:tok:trooper2", a.stormtrooper, [22, 5], D20_BARS),
    ],
    steps: [
      `Set the world's rules to Star Wars d20 (${kbd("Apply preset")} in the system's settings), then ${common.assign.charAt(0).toLowerCase()}${common.assign.slice(1)}`,
      `${common.scene("Hangar 9 (Star Wars d20)")} The crates are a low wall: a standing target behind them has one-quarter cover, a kneeling one three-quarters. The grey region at the east end is smoke: a shot through it has a 20 % miss chance.`,
      `Start the fight: select every token, add them to the combat tracker and begin the encounter: the tracker rolls each combatant's initiative and shows whose turn it is.`,
      `On Kestra's turn, target the stormtrooper behind the crates and press ${kbd("Attack")} on her blaster rifle's row of her sheet. The attack dialog shows her attack bonus; the trooper's Defense, with the quarter cover the crates give a standing man, stays the GM's to see. Press ${kbd("Roll")}.`,
      `The chat card shows the hit and the damage. The GM presses ${kbd("Apply")}: a stormtrooper has no vitality points, so the damage less his armour's DR goes to his wound points, and his token bars drop.`,
    ],
  }),
  adventure({
    key: "swn",
    name: "First Fight: Stars Without Number",
    caption:
      "A raid on a hangar for Stars Without Number (the d20 engine with the SWN additions): Rena Okoye, Juno Ash and the Veteran Fighters against the Raider Boss and his raiders.",
    sceneName: "Hangar 9 (Stars Without Number)",
    lowFlags: { height: "low" },
    regions: [smoke("swn")],
    actors: [
      "rena-okoye-swn-warrior",
      "juno-ash-swn-expert",
      "veteran-fighters-swn-squad",
      "raider-boss-swn-npc",
      "raiders-swn-squad",
    ],
    tokens: (a) => [
      token("swn:tok:rena", a["rena-okoye-swn-warrior"], [2, 8], SWN_BARS),
      token("swn:tok:juno", a["juno-ash-swn-expert"], [2, 3], SWN_BARS),
      token("swn:tok:vets", a["veteran-fighters-swn-squad"], [3, 6], SQUAD_BARS),
      // In the open, 7 m from Juno: her first shot needs no cover or smoke to be read (they are the raiders').
      token("swn:tok:boss", a["raider-boss-swn-npc"], [9, 3], SWN_BARS),
      token("swn:tok:raiders", a["raiders-swn-squad"], [22, 5], SQUAD_BARS),
    ],
    steps: [
      `Set the world's rules to Stars Without Number (${kbd("Apply preset")} in the system's settings), then ${common.assign.charAt(0).toLowerCase()}${common.assign.slice(1)} The Stars Without Number weapons come without damage and range (they are not in the system's sources): enter them once from your rulebook before the fight. Press ${kbd("Weapon tables")} at the top of the Compendium sidebar, then ${kbd("Enter missing numbers")}. On the row of each Stars Without Number weapon (laser pistol, laser rifle, knife) type its damage dice, its tech level and, for a gun, its range (the system plays one range step: type the step you choose from your book's normal and long ranges), then press ${kbd("Save")}. Every copy of that weapon in the world uses them, marked "entered by the GM".`,
      `${common.scene("Hangar 9 (Stars Without Number)")} The grey region at the east end is smoke, where the Raiders wait.`,
      `Start the fight: select every token, add them to the combat tracker and begin the encounter: the tracker rolls each combatant's initiative and shows whose turn it is.`,
      `On Juno's turn, target the Raider Boss standing in the open and press ${kbd("Attack")} on her laser pistol's row of her sheet. The attack dialog shows her attack bonus (his armour class stays the GM's to see); press ${kbd("Roll")}.`,
      `The chat card shows the hit and the damage. The GM presses ${kbd("Apply")}: the damage comes off the Raider Boss's hit points and his token bar drops.`,
    ],
  }),
];

const FILES = ["first-fight-star-frontiers", "first-fight-star-wars-d20", "first-fight-stars-without-number"];

if (import.meta.url === `file://${process.argv[1]}`) {
  mkdirSync(OUT, { recursive: true });
  ADVENTURES.forEach((a, i) => {
    writeFileSync(join(OUT, `${FILES[i]}.yml`), YAML.stringify(a, { lineWidth: 120 }));
  });
  console.log(`Wrote ${ADVENTURES.length} adventures to ${OUT}`);
}
