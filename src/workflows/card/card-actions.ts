/**
 * An attack card's controls on this page: its body drawn from its data (T2-1E), what this user may see beside it
 * (card-previews.ts), and each button's click sent to the active GM as a request (apply, undo, finish, the stray
 * pick SF-X-35, the Fortitude and Reflex saves SW-10 and SW-38) or, for the blast area, placed on the scene. The GM
 * checks every request (R1-1).
 */
import { placeBlastArea } from "../../canvas/blast-area.js";
import { isAttackMessage } from "../../documents/subtypes.js";
import { requestGM } from "../../helpers/gm-request.js";
import type { CardScale } from "../../helpers/gm-request-body.js";
import { perPage } from "../../helpers/page-state.js";
import { guard, notify } from "../../helpers/report.js";
import { drawCard } from "./card-draw.js";
import { previewOn, showAppliedNumbers, showApplyPreview, showReflexSaves } from "./card-previews.js";
import { cardOf, unlandedOf } from "./card-targets.js";

type Msg = ChatMessage.Implementation;

/** Clicks in flight, so a double click sends one request. */
const inFlight = perPage(() => new Set<string>());

export function bindAttackCard(message: Msg, html: HTMLElement): void {
  if (!isAttackMessage(message)) return;
  const user = game.user;
  if (!user) return;
  // T2-1E: the body is drawn from the card's checked data on this page, never the author's stored HTML.
  drawCard(message, html);
  const card = cardOf(message);
  // Issue 28: the card was drawn for this user (card-render.ts `viewerOf`, card-context.ts `CardViewer`): only the
  // controls this user may use are there — undo the GM's, apply the GM's and the author's (a player's target they do
  // not own says the GM applies unless the world lets players apply to all), the stray pick the GM's (SF-X-35).
  // Here they are only bound; the GM still checks every request (R1-1).
  const isGM = user.isGM;
  // T2-2F: writes of this card that did not land: the GM finishes them.
  if (isGM && unlandedOf(message.id ?? "")) html.querySelector(".message-content")?.append(finishButton());
  if (card) showAppliedNumbers(message, card, html);
  if (card) showReflexSaves(card, html);
  if (card) showApplyPreview(message, card, html);
  // The preview is recomputed from the target as it is when the user points at or tabs to the button: the chat
  // log re-renders a card only when the card changes, not its targets (review 13c M2).
  for (const button of html.querySelectorAll<HTMLButtonElement>('[data-ft-action="apply"]'))
    for (const type of ["pointerenter", "focus"])
      button.addEventListener(type, () => {
        const now = cardOf(message);
        if (now) previewOn(message, now, button);
      });
  for (const button of html.querySelectorAll<HTMLButtonElement>("[data-ft-action]")) {
    // Whatever goes wrong (no GM, no answer in time, a refusal) is reported to the user, never thrown.
    button.addEventListener("click", (event) => {
      event.preventDefault();
      void guard(() => onCardButton(message, button));
    });
  }
}

/** The GM's button that writes what did not land of a card's writes (T2-2F). */
function finishButton(): HTMLElement {
  const b = document.createElement("button");
  b.type = "button";
  b.dataset.ftAction = "finish";
  b.textContent = game.i18n?.localize("FT.Card.finish") ?? "Finish";
  return b;
}

/**
 * SW-10 (issue 14): the Fortitude save a hit of this card calls for. The target's owner and every GM are offered it,
 * so two of them can click at once on their own clients; each reading "not rolled yet" would roll twice (review 14
 * M3). The click is a request to the active GM, whose one queue (`onGMQueue`, the one apply and undo use) rolls it
 * once; a second request finds the save on the hit's record and is told so.
 */
async function fortitudeFromCard(message: Msg, targetId: string): Promise<void> {
  await request(message, "fortitude", [targetId]);
}

async function onCardButton(message: Msg, button: HTMLButtonElement): Promise<void> {
  const action = button.dataset.ftAction;
  const targetId = button.dataset.targetId ?? "";
  const key = `${message.id}:${action}:${targetId}`;
  const flying = inFlight();
  if (flying.has(key)) return;
  flying.add(key);
  button.disabled = true;
  try {
    if (action === "apply" || action === "undo") await request(message, action, targetId ? [targetId] : []);
    if (action === "applyAll") await request(message, "apply", []);
    if (action === "finish") await request(message, "undo", []);
    if (action === "place") await placeFromCard(message);
    if (action === "fortitude") await fortitudeFromCard(message, targetId);
    if (action === "reflex") await request(message, "reflex", [targetId]);
    if (action === "coverHit") await request(message, "coverHit", [targetId]);
    if (action === "stray") {
      const pick = button.closest(".ft-stray")?.querySelector<HTMLSelectElement>("select")?.value ?? "";
      await request(message, "stray", pick ? [pick] : []);
    }
  } finally {
    flying.delete(key);
    button.disabled = false;
  }
}

/**
 * Issue 33 (the public API, applications/api.ts): Apply or Undo a card's damage from a macro, for the targets named
 * (their card ids), else all — the same request to the active GM as the card's buttons, checked there the same way.
 */
export async function requestCardDamage(
  message: Msg,
  kind: "apply" | "undo",
  targetIds: string[] = [],
  scale?: CardScale,
): Promise<void> {
  await request(message, kind, targetIds, scale);
}

/** Answers that lose nothing: said as information, not as a warning. */
const INFO_ONLY = new Set([
  "FT.Card.held",
  "FT.Card.alreadyApplied",
  "FT.D20UI.alreadySaved",
  "FT.CardMenu.nothingToHeal",
]);

async function request(
  message: Msg,
  kind: "apply" | "undo" | "stray" | "fortitude" | "reflex" | "coverHit",
  ids: string[],
  scale?: CardScale,
): Promise<void> {
  const body = { kind, messageId: message.id ?? "", ids };
  const r = await requestGM(scale && kind === "apply" ? { ...body, kind, scale } : body);
  const card = cardOf(message);
  const nameOf = (id: string) => card?.targets.find((t) => t.id === id)?.name ?? id;
  // The answer came from the GM's client; only its keys and names are shown, formatted (escaped) by Foundry.
  for (const s of r.skipped.slice(0, 10))
    notify(INFO_ONLY.has(s.reason) ? "info" : "warn", s.reason, { ...(s.data ?? {}), target: nameOf(s.id) });
}

/** The blast area goes on the attack's scene: a user viewing another scene is told to switch to it. */
async function placeFromCard(message: Msg): Promise<void> {
  const card = cardOf(message);
  const g = card?.grenade;
  if (!card || !g) return;
  if (card.sceneId && canvas?.scene?.id !== card.sceneId) {
    const scene = game.scenes?.get(card.sceneId);
    return notify("warn", "FT.Card.placeOtherScene", { scene: scene?.name ?? card.sceneId });
  }
  await placeBlastArea({
    x: g.landing.x,
    y: g.landing.y,
    radius: g.radius,
    colour: "#e0a100",
    label: "Blast",
  });
}
