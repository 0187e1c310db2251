/**
 * Stars Without Number's additional combat actions from the SWN block of the sheet (seed 003: SWN-01..07), the
 * Recruit downtime action (SWN-18) and the Authority focus's squad (SWN-19). Assisted rules (level S): the user's
 * client rolls every die as a Foundry roll and one chat card says the totals and what the rules make of them
 * (`rules/swn/actions.ts`); pushing a token, moving a dropped weapon and applying damage stay the referee's, and the
 * card says so. Attacks are d20 + the sheet's attack bonus (`swn.ab`) against the target's AC; skill checks are 2d6 +
 * the bonus the user gives (ruling 1). An NPC's numbers stay off the card when players may not see them.
 */

import { playsSideMorale } from "../../../canvas/morale-band.js";
import { attackTargets } from "../../../canvas/scene-facts.js";
import { literal, type RuleText } from "../../../data/chat/rule-card.js";
import { isItemType, isSquad } from "../../../data/subtypes.js";
import { notify, report } from "../../../helpers/report.js";
import {
  CHARGE_CHASSIS,
  chargeDamage,
  DISARM_DEFENDER_BONUS,
  disarm,
  evasionSave,
  isChargeChassis,
  jumpHexes,
  leadSquadWrites,
  PROTECT_MECH_AC,
  RulesError,
  recruitDifficulty,
  recruits,
  SHOVE_PUSH_M,
  SWN_HEX_M,
  shove,
  swnCheck,
  vehicleChargeBackfire,
  vehicleChargeDice,
  vehicleChargeDifficulty,
} from "../../../rules/index.js";
import { keepsNumbersSecret } from "../../../workflows/card/card-render.js";
import { ownTurnAction, recordD20Attack } from "../../../workflows/turn/turn-ledger.js";
import { isMech } from "../../d20/workflows/mark-evidence.js";

import {
  ask,
  attackLine,
  dice,
  k,
  layProne,
  meleeStart,
  mod,
  postCard,
  roll,
  type SwnActionKind,
  swnOf,
  t,
  tokenOf,
  whole,
} from "./action-kit.js";

type ActorI = Actor.Implementation;

/** SWN-01: shove the one target in reach — the Punch attack against AC 9 + HD; a hit pushes it 3 m. */
async function doShove(actor: ActorI, ab: number): Promise<void> {
  const start = await meleeStart(actor);
  if (!start) return;
  const { token, combatant, m } = start;
  const o = await ask("shove", [{ name: "stronger", label: t("FT.SWN.Act.muchStronger"), kind: "checkbox" }]);
  if (!o) return;
  const s = shove(m.swn.hd, ab, o.stronger === "on");
  const d20 = await roll("1d20");
  const secret = keepsNumbersSecret(m.target.actor);
  const a = attackLine(actor, d20.total ?? 1, s.bonus, s.ac, ` (9 + HD ${m.swn.hd})`, secret);
  const lines: { text: RuleText | RuleText[]; cls?: string }[] = [a.line];
  if (o.stronger === "on") lines.unshift({ text: k("FT.SWN.Act.strongerNote"), cls: "ft-why" });
  lines.push({
    text: a.hit
      ? k("FT.SWN.Act.pushed", { name: m.name, metres: SHOVE_PUSH_M, actor: actor.name ?? "" })
      : k("FT.SWN.Act.shoveMissed", { name: m.name }),
    cls: `ft-result ${a.hit ? "hit" : "miss"}`,
  });
  await postCard(actor, token, "shove", lines, [d20], o.rollMode);
  await recordD20Attack(combatant);
}

/** SWN-02: a person's charge — the attack; a hit deals the higher of 1d6 and the weapon and lays the target prone. */
async function doCharge(actor: ActorI, ab: number): Promise<void> {
  const start = await meleeStart(actor);
  if (!start) return;
  const { token, combatant, m } = start;
  const weapons = actor.items.contents.flatMap((i) =>
    isItemType(i, "weapon") && i.system.d20.attack === "melee" && i.system.d20.damage ? [i] : [],
  );
  const o = await ask("charge", [
    {
      name: "weapon",
      label: t("FT.SWN.Act.weapon"),
      kind: "select",
      value: weapons[0]?.id ?? "",
      options: [
        ...weapons.map((w) => ({ value: w.id ?? "", label: `${w.name ?? ""} (${w.system.d20.damage})` })),
        { value: "", label: t("FT.SWN.Act.unarmed") },
      ],
    },
    { name: "save", label: t("FT.SWN.Act.evasionSave"), kind: "number", value: "15" },
  ]);
  if (!o) return;
  const weapon = weapons.find((w) => w.id === o.weapon) ?? null;
  const saveTarget = weapon ? 0 : whole(o.save, 2, 20, t("FT.SWN.Act.evasionSave"));
  const d20 = await roll("1d20");
  const secret = keepsNumbersSecret(m.target.actor);
  const a = attackLine(actor, d20.total ?? 1, ab, m.swn.ac, "", secret);
  const lines: { text: RuleText | RuleText[]; cls?: string }[] = [a.line];
  const rolls = [d20];
  if (a.hit) {
    const d6 = await roll("1d6");
    rolls.push(d6);
    const wr = weapon ? await roll(weapon.system.d20.damage) : null;
    if (wr) rolls.push(wr);
    const c = chargeDamage(d6.total ?? 0, wr ? (wr.total ?? 0) : null);
    const parts = [`1d6 ${dice(d6)} = ${d6.total}`];
    if (wr && weapon)
      parts.push(`${weapon.name ?? ""} ${weapon.system.d20.damage} ${dice(wr)} = ${wr.total}`);
    lines.push({
      text: k("FT.SWN.Act.chargeDamage", {
        rolls: parts.join(" · "),
        damage: c.damage,
        from: { key: c.from === "weapon" ? "FT.SWN.Act.fromWeapon" : "FT.SWN.Act.fromD6" },
        name: m.name,
      }),
      cls: "ft-roll-line",
    });
    lines.push(await layProne(m.target.actor, m.name));
    if (!weapon) {
      const save = await roll("1d20");
      rolls.push(save);
      const kept = evasionSave(save.total ?? 1, saveTarget);
      lines.push({
        text: k("FT.SWN.Act.evasion", { d20: save.total ?? 1, target: saveTarget }),
        cls: "ft-roll-line",
      });
      if (kept) lines.push({ text: k("FT.SWN.Act.stays", { name: actor.name ?? "" }), cls: "ft-result" });
      else lines.push(await layProne(actor, actor.name ?? ""));
    }
  } else lines.push({ text: k("FT.SWN.Act.chargeMissed", { name: m.name }), cls: "ft-result miss" });
  await postCard(actor, token, "charge", lines, rolls, o.rollMode);
  await recordD20Attack(combatant);
}

/** SWN-03: a vehicle's or mech's charge — Nd6 per hex moved on a hit, and the Pilot check for what it takes. */
async function doVehicleCharge(actor: ActorI, ab: number): Promise<void> {
  const start = await meleeStart(actor);
  if (!start) return;
  const { token, combatant, m } = start;
  const o = await ask("vehicleCharge", [
    { name: "hexes", label: t("FT.SWN.Act.hexes"), kind: "number", value: "1" },
    {
      name: "chassis",
      label: t("FT.SWN.Act.chassis"),
      kind: "select",
      value: "suit",
      options: Object.keys(CHARGE_CHASSIS).map((c) => ({
        value: c,
        label: t(`FT.SWN.Act.chassisKind.${c}`),
      })),
    },
    { name: "pilot", label: t("FT.SWN.Act.pilotBonus"), kind: "number", value: "0" },
  ]);
  if (!o) return;
  const hexes = whole(o.hexes, 1, 100, t("FT.SWN.Act.hexes"));
  const pilot = whole(o.pilot, -10, 20, t("FT.SWN.Act.pilotBonus"));
  if (!isChargeChassis(o.chassis)) throw new RulesError("FT.SWN.Act.badChassis", "Choose a chassis");
  const d20 = await roll("1d20");
  const a = attackLine(actor, d20.total ?? 1, ab, m.swn.ac, "", keepsNumbersSecret(m.target.actor));
  const lines: { text: RuleText | RuleText[]; cls?: string }[] = [a.line];
  const rolls = [d20];
  if (a.hit) {
    const n = vehicleChargeDice(o.chassis, hexes);
    const dmg = await roll(`${n}d6`);
    const check = await roll("2d6");
    rolls.push(dmg, check);
    const dealt = dmg.total ?? 0;
    const b = vehicleChargeBackfire((check.total ?? 0) + pilot, hexes, dealt);
    lines.push({
      text: k("FT.SWN.Act.ramDamage", { n, hexes, rolls: dice(dmg), damage: dealt, name: m.name }),
    });
    lines.push({
      text: k("FT.SWN.Act.pilotCheck", {
        dice: dice(check),
        bonus: mod(pilot),
        total: (check.total ?? 0) + pilot,
        difficulty: vehicleChargeDifficulty(hexes),
        result: { key: b.success ? "FT.SWN.Act.success" : "FT.SWN.Act.failure" },
      }),
    });
    lines.push({
      text: k(b.success ? "FT.SWN.Act.ramHalf" : "FT.SWN.Act.ramSame", {
        actor: actor.name ?? "",
        damage: b.selfDamage,
        name: m.name,
      }),
      cls: "ft-result",
    });
    if (b.selfProne) lines.push(await layProne(actor, actor.name ?? ""));
  } else lines.push({ text: k("FT.SWN.Act.chargeMissed", { name: m.name }), cls: "ft-result miss" });
  await postCard(actor, token, "vehicleCharge", lines, rolls, o.rollMode);
  await recordD20Attack(combatant);
}

/** SWN-04: disarm — a melee attack, then opposed 2d6 + bonus rolls with the defender's +3. */
async function doDisarm(actor: ActorI, ab: number): Promise<void> {
  const start = await meleeStart(actor);
  if (!start) return;
  const { token, combatant, m } = start;
  const o = await ask("disarm", [
    { name: "mine", label: t("FT.SWN.Act.disarmMine"), kind: "number", value: "0" },
    { name: "theirs", label: t("FT.SWN.Act.disarmTheirs", { name: m.name }), kind: "number", value: "0" },
  ]);
  if (!o) return;
  const mine = whole(o.mine, -10, 20, t("FT.SWN.Act.disarmMine"));
  const theirs = whole(o.theirs, -10, 20, t("FT.SWN.Act.disarmTheirs", { name: m.name }));
  const d20 = await roll("1d20");
  const secret = keepsNumbersSecret(m.target.actor);
  const a = attackLine(actor, d20.total ?? 1, ab, m.swn.ac, "", secret);
  const lines: { text: RuleText | RuleText[]; cls?: string }[] = [a.line];
  const rolls = [d20];
  if (a.hit) {
    const ra = await roll("2d6");
    const rd = await roll("2d6");
    rolls.push(ra, rd);
    const at = (ra.total ?? 0) + mine;
    const de = (rd.total ?? 0) + theirs + DISARM_DEFENDER_BONUS;
    lines.push({ text: literal(`${actor.name ?? ""}: 2d6 ${dice(ra)} ${mod(mine)} = ${at}`) });
    lines.push({
      // The defender's bonus is the one the user typed (the GM's number, said aloud): no secret to keep.
      text: literal(`${m.name}: 2d6 ${dice(rd)} ${mod(theirs)} ${mod(DISARM_DEFENDER_BONUS)} = ${de}`),
    });
    const outcome = disarm(at, de);
    if (outcome === "drops" || outcome === "bothDrop") {
      const dir = await roll("1d6");
      rolls.push(dir);
      const dir2 = outcome === "bothDrop" ? await roll("1d6") : null;
      if (dir2) rolls.push(dir2);
      lines.push({
        text: k(`FT.SWN.Act.disarm_${outcome}`, {
          name: m.name,
          actor: actor.name ?? "",
          dir: dir.total ?? 1,
          dir2: dir2?.total ?? 1,
        }),
        cls: "ft-result hit",
      });
    } else
      lines.push({
        text: k(`FT.SWN.Act.disarm_${outcome}`, { name: m.name, actor: actor.name ?? "" }),
        cls: `ft-result ${outcome === "choose" ? "hit" : "miss"}`,
      });
  } else lines.push({ text: k("FT.SWN.Act.disarmMissed", { name: m.name }), cls: "ft-result miss" });
  await postCard(actor, token, "disarm", lines, rolls, o.rollMode);
  await recordD20Attack(combatant);
}

/**
 * SWN-05, SWN-06: a declaration — whom the actor protects and how (no roll). In a running d20 combat a mech's Protect
 * is its round's action (Move and Action), taken on its own turn and kept on its Combatant until the start of its next
 * turn (`system.protecting`): every attack on an ally adjacent to it and behind it then reads +2 AC
 * (games/swn/canvas/protect.ts). Outside combat it is the card alone.
 */
async function doProtect(actor: ActorI, kind: "protect" | "protectMech"): Promise<void> {
  const token = tokenOf(actor);
  if (!token) return;
  const targets = attackTargets();
  if (targets.length > 1) return notify("warn", "FT.SWN.Act.oneAlly");
  const combatant = token.document.combatant;
  const held = kind === "protectMech" && !!combatant?.parent?.started && !!combatant.parent.byCount;
  if (held && combatant) {
    // SWN-06 (trust review 1.3): Protect (mech) is a mech's; the GM refuses its mark for any other (mark-evidence.ts).
    if (!isMech(actor)) return notify("warn", "FT.SWN.Act.notMech", { actor: actor.name ?? "" });
    const own = ownTurnAction(combatant);
    if (!own) return;
    await combatant.update({
      system: {
        turn: { ...own.ledger, round: own.round, action: "protect" },
        protecting: { round: own.round },
      },
    });
  }
  const ally = targets[0] ? (targets[0].document.name ?? "") : "";
  const lines = [
    {
      text:
        kind === "protect"
          ? k(ally ? "FT.SWN.Act.protectAlly" : "FT.SWN.Act.protectAny", { actor: actor.name ?? "", ally })
          : k("FT.SWN.Act.protectMechText", { actor: actor.name ?? "", ac: PROTECT_MECH_AC }),
      cls: "ft-result",
    },
    {
      text: k(
        kind === "protect"
          ? "FT.SWN.Act.protectNote"
          : held
            ? "FT.SWN.Act.protectMechHeld"
            : "FT.SWN.Act.protectMechNote",
        {
          actor: actor.name ?? "",
        },
      ),
      cls: "ft-why",
    },
  ];
  await postCard(actor, token, kind, lines, []);
}

/** SWN-07: a jump — half the movement, rounded up in 3 m hexes. */
async function doJump(actor: ActorI): Promise<void> {
  const token = tokenOf(actor);
  if (!token) return;
  const o = await ask("jump", [
    { name: "move", label: t("FT.SWN.Act.movement"), kind: "number", value: "10" },
  ]);
  if (!o) return;
  const move = whole(o.move, 1, 300, t("FT.SWN.Act.movement"));
  const hexes = jumpHexes(move);
  await postCard(
    actor,
    token,
    "jump",
    [
      {
        text: k("FT.SWN.Act.jumpText", { actor: actor.name ?? "", hexes, metres: hexes * SWN_HEX_M, move }),
        cls: "ft-result",
      },
    ],
    [],
    o.rollMode,
  );
}

/** SWN-18: Recruit (downtime) — a Connect check against the NPC type's HD + Morale − 2. Not in a fight. */
async function doRecruit(actor: ActorI): Promise<void> {
  const combat = game.combat;
  if (combat?.started && combat.combatants.some((c) => c.actor === actor))
    return notify("warn", "FT.SWN.Act.notInFight", { name: actor.name ?? "" });
  const o = await ask("recruit", [
    { name: "type", label: t("FT.SWN.Act.npcType"), kind: "text", value: "" },
    { name: "hd", label: t("FT.SWN.hd"), kind: "number", value: "1" },
    { name: "morale", label: t("FT.SWN.morale"), kind: "number", value: "8" },
    { name: "tier", label: t("FT.SWN.Act.tier"), kind: "number", value: "0" },
    { name: "bonus", label: t("FT.SWN.Act.connectBonus"), kind: "number", value: "0" },
  ]);
  if (!o) return;
  const hd = whole(o.hd, 0, 30, t("FT.SWN.hd"));
  const morale = whole(o.morale, 2, 12, t("FT.SWN.morale"));
  const tier = whole(o.tier, 0, 20, t("FT.SWN.Act.tier"));
  const bonus = whole(o.bonus, -10, 20, t("FT.SWN.Act.connectBonus"));
  const type = (o.type ?? "").trim() || t("FT.SWN.Act.npcs");
  const difficulty = recruitDifficulty(hd, morale);
  const check = await roll("2d6");
  const total = (check.total ?? 0) + bonus;
  const c = swnCheck(total, difficulty);
  const n = recruits(total, difficulty, tier);
  const how = !c.success
    ? "FT.SWN.Act.recruitFail"
    : c.margin >= 2
      ? "FT.SWN.Act.recruitBig"
      : "FT.SWN.Act.recruitOk";
  const token = actor.getActiveTokens()[0] ?? null;
  await postCard(
    actor,
    token,
    "recruit",
    [
      { text: k("FT.SWN.Act.recruitDifficulty", { type, hd, morale, difficulty }), cls: "ft-why" },
      {
        text: k("FT.SWN.Act.connectCheck", {
          dice: dice(check),
          bonus: mod(bonus),
          total,
          difficulty,
          result: { key: c.success ? "FT.SWN.Act.success" : "FT.SWN.Act.failure" },
        }),
        cls: `ft-roll-line ${c.success ? "hit" : "miss"}`,
      },
      { text: k(how, { actor: actor.name ?? "", n, tier, type }), cls: "ft-result" },
    ],
    [check],
    o.rollMode,
  );
}

/**
 * SWN-19: the Authority focus leads one squad — the user picks which of the world's squads (or none), and the
 * squads' `ledBy` follow: the chosen one names the actor, the actor's other squads are cleared, one write per squad
 * that changes. Every squad to change must be the user's, or nothing is written.
 */
export async function leadSquad(leader: ActorI, chosenId?: string | null): Promise<void> {
  try {
    const uuid = leader.uuid;
    const squads = (game.actors?.contents ?? []).flatMap((a) => (isSquad(a) ? [a] : []));
    let chosen: string | null;
    if (chosenId === undefined) {
      if (!squads.length) return notify("warn", "FT.SWN.Act.noSquads");
      const o = await ask(
        "lead",
        [
          {
            name: "squad",
            label: t("FT.SWN.Act.squad"),
            kind: "select",
            value: squads.find((s) => s.system.ledBy === uuid)?.id ?? "",
            options: [
              { value: "", label: t("FT.SWN.Act.noSquad") },
              // The squads this user may see; the leader's other squads are cleared whether seen or not.
              ...squads.filter((s) => s.visible).map((s) => ({ value: s.id ?? "", label: s.name ?? "" })),
            ],
          },
          // No card: the lead is a choice, not a roll.
        ],
        false,
      );
      if (!o) return;
      chosen = o.squad ? o.squad : null;
    } else chosen = chosenId;
    const writes = leadSquadWrites(
      squads.map((s) => ({ id: s.id ?? "", ledBy: s.system.ledBy })),
      chosen,
      uuid,
    );
    const docs = writes.map((w) => ({ w, squad: squads.find((s) => s.id === w.id) }));
    const notMine = docs.find((d) => !d.squad?.isOwner);
    if (notMine)
      return notify("warn", "FT.SWN.Act.notYourSquad", { name: notMine.squad?.name ?? notMine.w.id });
    for (const { w, squad } of docs) await squad?.update({ system: { ledBy: w.ledBy } });
    const now = chosen ? (game.actors?.get(chosen)?.name ?? "") : "";
    notify(
      "info",
      now ? "FT.SWN.Act.leads" : "FT.SWN.Act.leadsNone",
      now ? { actor: leader.name ?? "", squad: now } : { actor: leader.name ?? "" },
    );
  } catch (e) {
    report(e);
  }
}

/** The SWN block's action `kind` by the actor: refused with a notification, never a rejection. */
export async function swnAction(actor: ActorI, kind: SwnActionKind): Promise<void> {
  try {
    if (!playsSideMorale()) return notify("warn", "FT.SWN.Morale.notSwn");
    // Only the actor's owner (or the GM) acts with it; the sheet's buttons are not the only way to call this.
    if (!actor.isOwner) return notify("warn", "FT.D20.Move.notYours", { name: actor.name ?? "" });
    if (kind === "lead") return await leadSquad(actor);
    if (kind === "recruit") return await doRecruit(actor);
    if (kind === "jump") return await doJump(actor);
    if (kind === "protect" || kind === "protectMech") return await doProtect(actor, kind);
    const me = swnOf(actor);
    if (!me) throw new RulesError("FT.SWN.noFacts", "No SWN numbers", {});
    if (kind === "shove") return await doShove(actor, me.ab);
    if (kind === "charge") return await doCharge(actor, me.ab);
    if (kind === "vehicleCharge") return await doVehicleCharge(actor, me.ab);
    return await doDisarm(actor, me.ab);
  } catch (e) {
    report(e);
  }
}
