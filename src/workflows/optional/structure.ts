/**
 * Structural damage to doors and walls (SF-X-41, A/S). The GM gives a wall or door its structure type (rules-tables
 * §10.2) and, if they like, its structural points in the wall configuration (`flags.frontier-tactics.structure`,
 * `.structuralPoints`; `wall-config.ts`). A weapon row's "Structure" action asks which door or wall to shoot (those
 * with a structure type, within the weapon's Extreme range and in the attacker's sight, nearest first) and how many
 * shots (and SEU per shot for a laser); the weapon's structural damage (rules-tables §10.1: per shot or per SEU,
 * `system.structural`) comes off the wall's points. A wall's points are rolled from its type the first time it is
 * hit when the GM left them blank (25+d10 …). At 0 a door is broken open (`ds` open, flagged broken, and cannot be
 * closed again); a wall is removed.
 *
 * The action passes the same gates as an attack before its dialog (surprise, phase and declaration, the turn
 * ledger) and its shots are recorded in the turn ledger. Only the active GM writes walls: everyone else asks through
 * `gm-request.ts` (kind "structure", naming the token that fires). The GM derives who asks from the server, and
 * checks that the asker owns that token's actor, that the weapon is its own and has structural damage within what
 * the rules give any weapon (a player can write any number on their own item: `STRUCTURAL_BOUNDS`), that the wall
 * exists, has a structure type, is within range and in sight of that token, and that the ammunition is there; the
 * damage is the GM's own computation, never a number sent with the request. Ammunition is spent on the attacker's
 * own item after the GM accepted, so a refused shot spends nothing.
 */
import { SYSTEM_ID } from "../../constants.js";
import { keyed, line } from "../../data/chat/rule-card.js";
import { isItemType } from "../../data/subtypes.js";
import { tokenByUuid } from "../../documents/subtypes.js";
import { type GMAnswer, type GMRequestBody, requestGM } from "../../helpers/gm-request.js";
import { notify, report } from "../../helpers/report.js";
import {
  applyStructural,
  STRUCTURAL_BOUNDS,
  STRUCTURE_CAPACITY,
  type StructuralSpec,
  type StructureType,
  structuralBoundsProblem,
  structuralCapacity,
  structuralDamage,
} from "../../rules/index.js";
import { ammoState } from "../attack/attacker.js";
import { onGMQueue } from "../card/card-apply.js";
import { postRuleCard } from "../card/rule-card.js";
import { gateAttack } from "../turn/attack-gate.js";
import { extraShotsProblem, recordShots, turnGate } from "../turn/turn-ledger.js";
import { isBroken } from "./structure-doors.js";

type ActorI = Actor.Implementation;
type ItemI = Item.Implementation;
type WallDoc = WallDocument.Implementation;
interface Pt {
  x: number;
  y: number;
}

/** The structure types a wall or door can be given: the rows rules-tables §10.2 maps to an object (one source). */
export const WALL_STRUCTURES: readonly StructureType[] = [
  "heavyDoor",
  "interiorWall",
  "fortifiedDoor",
  "exteriorWall",
];

const t = (key: string) => game.i18n?.localize(key) ?? key;

/** A wall's structure type, or null when the GM gave it none. */
export function structureOf(wall: WallDoc): StructureType | null {
  const v = wall.getFlag(SYSTEM_ID, "structure") as unknown;
  return typeof v === "string" && v in STRUCTURE_CAPACITY ? (v as StructureType) : null;
}

function pointsOf(wall: WallDoc): number | null {
  const v = wall.getFlag(SYSTEM_ID, "structuralPoints") as unknown;
  return typeof v === "number" && Number.isFinite(v) ? v : null;
}

interface Refusal {
  readonly key: string;
  readonly data: Readonly<Record<string, string>>;
}

/** The weapon's structural damage as the rules function takes it, or why it has none (naming SF-X-41). */
export function structuralSpecOf(item: ItemI): StructuralSpec | Refusal {
  if (!isItemType(item, "weapon")) return { key: "FT.Structure.noDamage", data: { weapon: item.name ?? "" } };
  const s = item.system.structural;
  const missing = (item.system.missing ?? []).includes("structural");
  if (s.per === "none" || s.amount <= 0)
    return {
      key: missing ? "FT.Structure.missing" : "FT.Structure.noDamage",
      data: { weapon: item.name ?? "" },
    };
  return { per: s.per, amount: s.amount, placedAmount: s.placedAmount ?? undefined };
}

const isRefusal = (x: StructuralSpec | Refusal): x is Refusal => "key" in x;

/** Most shots a turn (at least one) and the SEU dial's bounds for a per-SEU weapon. */
function limits(item: ItemI): { shots: number; seu: { min: number; max: number } | null } {
  if (!isItemType(item, "weapon")) return { shots: 1, seu: null };
  const sys = item.system;
  const shots = Math.max(1, Math.floor(sys.rof ?? 1));
  const p = sys.damage.perSeu;
  return { shots, seu: sys.structural.per === "seu" ? { min: p.min ?? 1, max: p.max ?? 1 } : null };
}

/** Extreme range of the weapon in scene units (a Basic weapon's squares are grid squares). */
function reachUnits(item: ItemI, gridDistance: number): number {
  if (!isItemType(item, "weapon")) return 0;
  const e = item.system.ranges.e ?? item.system.ranges.l ?? item.system.ranges.m ?? item.system.ranges.s ?? 0;
  const units = item.system.rangeUnit === "squares" ? e * gridDistance : e;
  // No weapon reaches farther than the rules' longest Extreme range (scene units are metres in our scenes).
  return Math.min(units, STRUCTURAL_BOUNDS.extremeMetres);
}

function pointAt(c: readonly number[], u: number): Pt {
  const [ax = 0, ay = 0, bx = 0, by = 0] = c;
  return { x: ax + u * (bx - ax), y: ay + u * (by - ay) };
}

/** Where along the segment (0 … 1) its point nearest to `p` lies. */
function nearestU(p: Pt, c: readonly number[]): number {
  const [ax = 0, ay = 0, bx = 0, by = 0] = c;
  const dx = bx - ax;
  const dy = by - ay;
  const len2 = dx * dx + dy * dy;
  return len2 === 0 ? 0 : Math.max(0, Math.min(1, ((p.x - ax) * dx + (p.y - ay) * dy) / len2));
}

function centreOf(token: TokenDocument.Implementation, grid: { size: number }): Pt {
  return {
    x: token.x + ((token.width ?? 1) * grid.size) / 2,
    y: token.y + ((token.height ?? 1) * grid.size) / 2,
  };
}

/** Distance in scene units from a token document's centre to the nearest point of a wall. */
function wallDistance(
  token: TokenDocument.Implementation,
  wall: WallDoc,
  grid: { size: number; distance: number },
) {
  const centre = centreOf(token, grid);
  const near = pointAt(wall.c, nearestU(centre, wall.c));
  return (Math.hypot(near.x - centre.x, near.y - centre.y) * grid.distance) / grid.size;
}

/** `to` moved 1 px back towards `from`: the ray stops short of the target wall itself. */
function shortOf(from: Pt, to: Pt): Pt {
  const d = Math.hypot(to.x - from.x, to.y - from.y);
  if (d <= 1) return { ...from };
  return { x: to.x - (to.x - from.x) / d, y: to.y - (to.y - from.y) / d };
}

/** Whether a sight-blocking wall of the viewed canvas (v13's sight backend) crosses the ray; only Walls count. */
function canvasBlocked(from: Pt, to: Pt, wallId: string): boolean {
  const backend = CONFIG.Canvas.polygonBackends.sight as unknown as {
    testCollision(
      a: Pt,
      b: Pt,
      o: { type: "sight"; mode: "all" },
    ):
      | readonly { edges?: Set<{ type?: string; object?: { document?: { id?: string | null } } | null }> }[]
      | null;
  };
  const hits = backend.testCollision(from, to, { type: "sight", mode: "all" }) ?? [];
  // v13 `Edge#type`: edges that are not walls (scene bounds, darkness sources) do not hide a door from a gun.
  return hits.some((v) =>
    [...(v.edges ?? [])].some((e) => e.type === "wall" && e.object?.document?.id !== wallId),
  );
}

/** Whether segments p1-p2 and q1-q2 cross (touching at an end counts). */
function crosses(p1: Pt, p2: Pt, q1: Pt, q2: Pt): boolean {
  const o = (a: Pt, b: Pt, c: Pt) => (b.x - a.x) * (c.y - a.y) - (b.y - a.y) * (c.x - a.x);
  const d1 = o(q1, q2, p1);
  const d2 = o(q1, q2, p2);
  const d3 = o(p1, p2, q1);
  const d4 = o(p1, p2, q2);
  return d1 * d2 <= 0 && d3 * d4 <= 0 && !(d1 === 0 && d2 === 0);
}

/**
 * The same test from the scene's wall documents, for a GM whose canvas shows another scene: a wall that blocks
 * sight (any sight restriction, a door unless open) and crosses the ray.
 */
function documentBlocked(scene: Scene.Implementation, from: Pt, to: Pt, wallId: string): boolean {
  return scene.walls.some((w) => {
    if (w.id === wallId || w.sight === CONST.WALL_SENSE_TYPES.NONE) return false;
    if ((w.door ?? 0) > 0 && w.ds === CONST.WALL_DOOR_STATES.OPEN) return false;
    const [ax = 0, ay = 0, bx = 0, by = 0] = w.c;
    return crosses(from, to, { x: ax, y: ay }, { x: bx, y: by });
  });
}

/**
 * Whether the token sees some point inside the wall: its midpoint, the point nearest the token (kept off the ends,
 * which the adjoining walls share), or a quarter along either way. Each ray stops 1 px short of the wall.
 */
function inSight(token: TokenDocument.Implementation, wall: WallDoc): boolean {
  const scene = token.parent;
  if (!scene) return false;
  const from = centreOf(token, scene.grid);
  const near = Math.max(0.05, Math.min(0.95, nearestU(from, wall.c)));
  const onCanvas = canvas?.ready !== false && canvas?.scene?.id === scene.id;
  return [0.5, near, 0.25, 0.75].some((u) => {
    const to = shortOf(from, pointAt(wall.c, u));
    return onCanvas
      ? !canvasBlocked(from, to, wall.id ?? "")
      : !documentBlocked(scene, from, to, wall.id ?? "");
  });
}

export interface StructureChoice {
  readonly wall: WallDoc;
  readonly distance: number;
}

/** The doors and walls with a structure type the attacker's token can shoot at with this weapon, nearest first. */
export function wallsInReach(token: TokenDocument.Implementation, item: ItemI): StructureChoice[] {
  const scene = token.parent;
  if (!scene) return [];
  const grid = { size: scene.grid.size, distance: scene.grid.distance };
  const reach = reachUnits(item, grid.distance);
  const out: StructureChoice[] = [];
  for (const wall of scene.walls) {
    if (!structureOf(wall) || isBroken(wall)) continue;
    const units = wallDistance(token, wall, grid);
    if (units > reach) continue;
    if (!inSight(token, wall)) continue;
    out.push({ wall, distance: Math.round(units * 10) / 10 });
  }
  return out.sort((a, b) => a.distance - b.distance);
}

/** How a wall is named in the dialog and the chat line: its structure type and whether it is a door. */
function wallLabel(wall: WallDoc): string {
  const type = structureOf(wall);
  return type ? t(`FT.Structure.type.${type}`) : t("FT.Structure.wall");
}

interface Answer {
  wallId: string;
  shots: number;
  seu: number;
}

async function pickWall(
  item: ItemI,
  choices: readonly StructureChoice[],
  unit: string,
): Promise<Answer | null> {
  const lim = limits(item);
  const options = choices
    .map(
      (c, i) =>
        `<option value="${c.wall.id}"${i === 0 ? " selected" : ""}>${wallLabel(c.wall)} · ${c.distance} ${unit}</option>`,
    )
    .join("");
  const seuField = lim.seu
    ? `<div class="form-group"><label>${t("FT.Structure.seu")}</label><input type="number" name="seu" value="${lim.seu.min}" min="${lim.seu.min}" max="${lim.seu.max}" step="1"></div>`
    : "";
  const result = await foundry.applications.api.DialogV2.prompt({
    window: { title: `${item.name} · ${t("FT.Structure.title")}` },
    content: `<div class="form-group"><label>${t("FT.Structure.target")}</label><select name="wall">${options}</select></div>
      <div class="form-group"><label>${t("FT.Structure.shots")}</label><input type="number" name="shots" value="1" min="1" max="${lim.shots}" step="1"></div>${seuField}`,
    ok: {
      label: t("FT.Structure.fire"),
      callback: (_ev: Event, button: HTMLButtonElement) => {
        const f = button.form;
        const val = (n: string) =>
          f?.querySelector<HTMLInputElement | HTMLSelectElement>(`[name="${n}"]`)?.value ?? "";
        return { wallId: val("wall"), shots: Number(val("shots")), seu: lim.seu ? Number(val("seu")) : 0 };
      },
    },
  });
  return result && typeof result === "object" ? (result as Answer) : null;
}

/** Why these shots are not ones the weapon can fire this turn, or null. */
function shotsProblem(item: ItemI, shots: number, seu: number): Refusal | null {
  const lim = limits(item);
  if (!Number.isInteger(shots) || shots < 1 || shots > lim.shots)
    return { key: "FT.Structure.badShots", data: { max: String(lim.shots) } };
  if (lim.seu && (!Number.isInteger(seu) || seu < lim.seu.min || seu > lim.seu.max))
    return { key: "FT.Structure.badSeu", data: { min: String(lim.seu.min), max: String(lim.seu.max) } };
  return null;
}

/** The ammunition these shots use: rounds per shot, or the SEU set on the dial per shot. */
function ammoNeeded(item: ItemI, shots: number, seu: number): number {
  if (!isItemType(item, "weapon")) return 0;
  const a = item.system.ammo;
  if (a.unit === "none") return 0;
  return a.unit === "seu" && item.system.structural.per === "seu" ? shots * seu : shots * a.perShot;
}

/** The weapon row's "Structure" action: shoot a door or wall (SF-X-41). Refusals are notified, nothing spent. */
export async function damageStructure(actor: ActorI, item: ItemI): Promise<void> {
  const spec = structuralSpecOf(item);
  if (isRefusal(spec)) return notify("warn", spec.key, spec.data);
  if (isItemType(item, "weapon") && reachUnits(item, 1) <= 0)
    return notify("warn", "FT.Structure.noRange", { weapon: item.name ?? "" });
  const placed = actor.getActiveTokens()[0];
  const token = placed?.document;
  if (!placed || !token) return notify("warn", "FT.Structure.noToken");
  // The same gates as an attack (attack.ts): the phase and declaration (phase-gate.ts), and the turn
  // (turn-ledger.ts: SF-X-02 surprise, unconscious, stunned, reloaded this turn, ½-rate, shots left), before
  // anything is spent.
  const combatant = game.combat?.combatants.find((c) => c.tokenId === token.id);
  const rof = isItemType(item, "weapon") ? (item.system.rof ?? 1) : 1;
  const gate = gateAttack(placed, [], rof);
  if (!gate) return;
  if (!turnGate(actor, item, combatant)) return;
  const choices = wallsInReach(token, item);
  if (!choices.length) return notify("warn", "FT.Structure.noWalls");
  const answer = await pickWall(item, choices, String(token.parent?.grid.units ?? "m"));
  if (!answer) return;
  const problem = shotsProblem(item, answer.shots, answer.seu);
  if (problem) return notify("warn", problem.key, problem.data);
  try {
    const declared = gate.declarations.shots;
    if (declared !== undefined && answer.shots > declared && !game.user?.isGM)
      return notify("warn", "FT.Phases.refuse.moreThanDeclared", {
        shots: String(answer.shots),
        left: String(declared),
        declared: String(declared),
      });
    const turn = extraShotsProblem(actor, item, combatant, answer.shots);
    if (turn) throw turn;
  } catch (e) {
    return report(e);
  }
  const ammo = isItemType(item, "weapon") ? ammoState(actor, item) : null;
  const need = ammoNeeded(item, answer.shots, answer.seu);
  if (ammo && ammo.remaining !== null && ammo.remaining < need)
    return notify("warn", "FT.Structure.noAmmo", { need: String(need), left: String(ammo.remaining) });
  const reply = await requestGM({
    kind: "structure",
    tokenUuid: token.uuid ?? "",
    wallId: answer.wallId,
    itemId: item.id ?? "",
    shots: answer.shots,
    seu: answer.seu,
  });
  const skipped = reply.skipped[0];
  if (skipped) return notify("warn", skipped.reason, skipped.data ?? {});
  // The shots count for the turn (SF-X-30) and against the declaration (SF-X-07), in one Combatant write.
  await recordShots(combatant, item.id ?? "", answer.shots, gate.flags(answer.shots));
  if (ammo && ammo.remaining !== null && need > 0) {
    const holder = actor.items.get(ammo.sourceId);
    const left = Math.max(0, ammo.remaining - need);
    if (holder)
      await holder.update(
        holder.id === item.id ? { system: { ammo: { remaining: left } } } : { system: { remaining: left } },
      );
  }
}

/**
 * The GM's side of a "structure" request: every check made again here, then the wall written (SF-X-41). The asker
 * owns their weapon item and can write any number on it, so what the GM applies is bounded by the rules
 * (`STRUCTURAL_BOUNDS`: rules-tables §10.1 and §5), and sight and range are measured again from the token that fires.
 */
export async function handleStructureRequest(
  body: Extract<GMRequestBody, { kind: "structure" }>,
  requester: User.Implementation,
): Promise<GMAnswer> {
  const refuse = (key: string, data: Record<string, string> = {}): GMAnswer => ({
    applied: [],
    skipped: [{ id: body.wallId, reason: key, data }],
  });
  // The token that fires (an unlinked NPC token's own actor too), owned by the asker.
  const token = tokenByUuid(body.tokenUuid);
  const actor = token?.actor;
  if (!token || !actor?.testUserPermission(requester, "OWNER")) return refuse("FT.Structure.notYours");
  const item = actor.items.get(body.itemId);
  if (!item || !isItemType(item, "weapon")) return refuse("FT.Structure.notYours");
  const spec = structuralSpecOf(item);
  if (isRefusal(spec)) return refuse(spec.key, { ...spec.data });
  const beyond = structuralBoundsProblem(spec, body.shots, body.seu);
  if (beyond)
    return refuse("FT.Structure.beyondRules", {
      weapon: item.name ?? "",
      perShot: String(STRUCTURAL_BOUNDS.perShot),
      perSeu: String(STRUCTURAL_BOUNDS.perSeu),
      seu: String(STRUCTURAL_BOUNDS.seuPerShot),
      rof: String(STRUCTURAL_BOUNDS.rof),
    });
  const problem = shotsProblem(item, body.shots, body.seu);
  if (problem) return refuse(problem.key, { ...problem.data });
  const scene = token.parent;
  const wall = scene?.walls.get(body.wallId);
  if (!scene || !wall || !structureOf(wall) || isBroken(wall)) return refuse("FT.Structure.gone");
  const grid = { size: scene.grid.size, distance: scene.grid.distance };
  if (wallDistance(token, wall, grid) > reachUnits(item, grid.distance))
    return refuse("FT.Structure.outOfRange");
  if (!inSight(token, wall)) return refuse("FT.Structure.notInSight");
  const ammo = ammoState(actor, item);
  const need = ammoNeeded(item, body.shots, body.seu);
  if (ammo.remaining !== null && ammo.remaining < need)
    return refuse("FT.Structure.noAmmo", { need: String(need), left: String(ammo.remaining) });

  return onGMQueue(async () => {
    const type = structureOf(wall)!;
    let points = pointsOf(wall);
    if (points === null) {
      // The GM left the points blank: rolled from the type's row the first time it is hit (rules-tables §10.2).
      const row = STRUCTURE_CAPACITY[type];
      const roll = await new Roll(`${row.count}d${row.faces}`).evaluate();
      const dice = roll.dice.flatMap((d) => d.results.map((r) => r.result));
      points = structuralCapacity(type, dice);
    }
    const damage = structuralDamage(spec, body.shots, body.shots * body.seu);
    const after = applyStructural(points, damage);
    const isDoor = (wall.door ?? 0) > 0;
    const label = wallLabel(wall);
    if (after.breached && isDoor)
      await wall.update({
        ds: CONST.WALL_DOOR_STATES.OPEN,
        flags: { [SYSTEM_ID]: { structuralPoints: 0, broken: true } },
      });
    else if (after.breached) await wall.delete();
    else await wall.update({ flags: { [SYSTEM_ID]: { structuralPoints: after.remaining } } });
    const key = after.breached
      ? isDoor
        ? "FT.Structure.doorBroken"
        : "FT.Structure.wallBreached"
      : "FT.Structure.hit";
    await postRuleCard(
      {
        kind: "ft-structure",
        ruleId: "SF-X-41",
        title: [],
        lines: [
          line(
            keyed(key, {
              actor: actor.name ?? "",
              weapon: item.name ?? "",
              structure: label,
              damage: String(damage),
              from: String(points),
              left: String(after.remaining),
            }),
            "",
          ),
        ],
      },
      { speaker: ChatMessage.getSpeaker({ actor }) },
    );
    return { applied: [body.wallId], skipped: [] };
  });
}
