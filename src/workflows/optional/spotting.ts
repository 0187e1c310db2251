/**
 * Spotting distance (SF-X-03, S): the sheet's "Spotting" button asks which optics the character uses and what the
 * weather is, and whispers the GM how far the character sees: a man-sized object at 1 km and details at 0.5 km,
 * ×3 with binoculars, magnigoggles or a scope, halved in fog, rain, blowing dust or heat shimmer (seed 000; the
 * referee may reduce them further). The numbers are `spottingDistance`'s.
 */

import { keyed, line } from "../../data/chat/rule-card.js";
import { type Optics, spottingDistance, type Weather } from "../../rules/index.js";
import { postRuleCard } from "../card/rule-card.js";

const OPTICS: readonly Optics[] = ["none", "binoculars", "magnigoggles", "scope"];
const WEATHER: readonly Weather[] = ["clear", "fog", "rain", "dust", "shimmer"];

const t = (key: string) => game.i18n?.localize(key) ?? key;

function select(name: string, values: readonly string[]): string {
  const options = values
    .map((v) => `<option value="${v}">${t(`FT.Spotting.${name}.${v}`)}</option>`)
    .join("");
  return `<div class="form-group"><label>${t(`FT.Spotting.${name}.label`)}</label><select name="${name}">${options}</select></div>`;
}

/** Ask for optics and weather, then whisper the distances to the GMs (and the asker). */
export async function spotting(actor: Actor.Implementation): Promise<void> {
  const answer = await foundry.applications.api.DialogV2.prompt({
    window: { title: `${actor.name} · ${t("FT.Spotting.title")}` },
    content: select("optics", OPTICS) + select("weather", WEATHER),
    ok: {
      label: t("FT.Spotting.tell"),
      callback: (_ev: Event, button: HTMLButtonElement) => {
        const val = (n: string) =>
          button.form?.querySelector<HTMLSelectElement>(`[name="${n}"]`)?.value ?? "";
        return { optics: val("optics"), weather: val("weather") };
      },
    },
  });
  if (!answer || typeof answer !== "object") return;
  const { optics, weather } = answer as { optics: string; weather: string };
  if (!OPTICS.includes(optics as Optics) || !WEATHER.includes(weather as Weather)) return;
  const d = spottingDistance(optics as Optics, weather as Weather);
  const gms = (game.users?.contents ?? []).filter((u) => u.isGM).map((u) => u.id ?? "");
  await postRuleCard(
    {
      kind: "ft-spotting",
      ruleId: "SF-X-03",
      title: [],
      lines: [
        line(
          keyed("FT.Spotting.result", {
            actor: actor.name ?? "",
            optics: { key: `FT.Spotting.optics.${optics}` },
            weather: { key: `FT.Spotting.weather.${weather}` },
            object: String(d.object),
            detail: String(d.detail),
          }),
          "",
        ),
      ],
    },
    {
      speaker: ChatMessage.getSpeaker({ actor }),
      whisper: [...new Set([...gms, game.user?.id ?? ""])].filter(Boolean),
    },
  );
}
