// Cards as the desktop app draws them: cards/<RANK><SUIT>.svg and cards/back.svg are exported
// from gui/table/card_renderer.py (web/tools/export_cards.py), so both clients show one art.
import { h } from "./dom";

const SUIT_NAMES: Record<string, string> = { C: "clubs", D: "diamonds", H: "hearts", S: "spades" };
const RANK_NAMES: Record<string, string> = { A: "ace", T: "ten", J: "jack", Q: "queen", K: "king" };

export function cardName(card: string): string {
  return `${RANK_NAMES[card[0]] ?? card[0]} of ${SUIT_NAMES[card[1]]}`;
}

/** A card; a button when it can be tapped, else (`still: true`) only a picture. */
export function cardImage(card: string | null, extra: Record<string, any> = {}): HTMLElement {
  const face = card !== null;
  const { still, ...attrs } = extra;
  extra = attrs;
  return h(still ? "span" : "button", {
    class: `card${face ? "" : " back"}`, type: still ? undefined : "button", "data-card": card ?? undefined,
    "aria-label": face ? cardName(card!) : "face-down card", ...extra,
  }, h("img", { src: face ? `cards/${card}.svg` : "cards/back.svg", alt: "", draggable: "false" }));
}

/** Cards per row of a hand of `count` in a window `width` wide: two rows on a narrow phone
 *  (each card then stays big enough to read and to tap), else one. */
export function cardsPerRow(count: number, width: number): number {
  const rows = width < 560 && count > 6 ? 2 : 1;
  return Math.max(1, Math.ceil(count / rows));
}
