// One table (gin or cribbage): draws what the referee sends and sends one of the observation's
// legal actions. Tap a card to select it, then an action; drag a card to reorder the hand or onto
// the discard pile (gin) or the play area (cribbage).
import { cardImage, cardsPerRow } from "./cards";
import { clear, h, nameOf, toast } from "./dom";
import { bestMelds, points } from "./melds";
import { dealMatches } from "./sha256";
import { GameConnection } from "./xmpp";

type Action = { kind: string; card?: string; cards?: string[]; points?: number };
const SAME = (a: Action, b: Action) => JSON.stringify(a) === JSON.stringify(b);
const WORDS: Record<string, string> = {
  draw_stock: "Draw from the stock", pass: "Pass", big_gin: "Big gin!", go: "Go",
  discard: "Discard", knock: "Knock", gin: "Gin!", play: "Play",
};
const REASONS: Record<string, string> = {
  finished: "the match is over", timeout: "the clock ran out", resigned: "resigned",
  abandoned: "a player left",
};

export class TableView {
  readonly element = h("section", { class: "table-screen", "aria-label": "Table" });
  private state: any = null;
  private order: string[] = [];            // the player's own arrangement of the hand
  private selected: string[] = [];
  private clock: { seat: number; left: number } | null = null;
  private clockTimer = 0;
  private commitments = new Map<number, string>();
  private handEnd: any = null;             // the last finished hand's record, until play goes on
  private matchEnd: any = null;
  private away: { seat: number; left: number } | null = null;
  private busy = false;
  private drag: { card: string; ghost: HTMLElement; x: number; y: number; moved: boolean } | null = null;

  constructor(private conn: GameConnection, readonly table: string,
              private leave: (view: TableView) => void) {
    this.clockTimer = window.setInterval(() => this.tick(), 1000);
    this.element.addEventListener("pointermove", (e) => this.dragMove(e));
    this.element.addEventListener("pointerup", (e) => this.dragEnd(e));
    this.element.addEventListener("pointercancel", () => this.dragCancel());
    this.render();
  }

  destroy(): void {
    window.clearInterval(this.clockTimer);
    this.element.remove();
  }

  // -- events from the referee ----------------------------------------------------------------
  onState(data: any): void {
    if (this.state && this.state.observation.hand_number !== data.observation.hand_number) {
      this.order = [];
    }
    if (this.handEnd && data.observation.hand_number > this.handEnd.hand_number) {
      this.handEnd = null;
    }
    this.state = data;
    this.commitments.set(data.observation.hand_number, data.commitment);
    if (data.clock) this.clock = { seat: data.clock.seat, left: data.clock.seconds_left };
    const hand: string[] = data.observation.hand;
    this.order = [...this.order.filter((c) => hand.includes(c)), ...hand.filter((c) => !this.order.includes(c))];
    this.selected = this.selected.filter((c) => hand.includes(c));
    this.render();
  }

  onDeal(data: any): void { this.commitments.set(data.hand_number, data.commitment); }
  onHandEnd(data: any): void { this.handEnd = data.record; this.render(); }
  onMatchEnd(data: any): void {
    this.matchEnd = data;
    this.clock = null;
    this.conn.setPlaying(false);
    this.render();
  }
  onClock(data: any): void {
    if (data.seat !== undefined) this.clock = { seat: data.seat, left: data.seconds_left };
    if (data.away !== undefined) this.away = { seat: data.away, left: data.grace_left };
    this.renderClock();
  }
  onAway(data: any): void { this.away = { seat: data.seat, left: data.grace }; this.render(); }
  onBack(_data: any): void { this.away = null; this.render(); }

  private tick(): void {
    if (this.clock && this.clock.left > 0) this.clock.left = Math.max(0, this.clock.left - 1);
    if (this.away && this.away.left > 0) this.away.left = Math.max(0, this.away.left - 1);
    this.renderClock();
  }

  // -- sending ----------------------------------------------------------------------------------
  private legal(): Action[] {
    if (!this.state || this.state.status !== "playing" || this.state.to_move !== this.state.seat) return [];
    return this.state.observation.legal_actions as Action[];
  }

  private async send(action: Action): Promise<void> {
    if (this.busy) return;
    const chosen = this.legal().find((a) => SAME(a, action));
    if (!chosen) return;  // only ever one of the observation's legal actions
    this.busy = true;
    try {
      await this.conn.move(this.table, chosen);
      this.selected = [];
    } catch (error: any) {
      toast(`Move refused: ${error.message}`, "problem");
      this.conn.request("resync", { table: this.table, since: 0 }).catch(() => undefined);
    } finally {
      this.busy = false;
      this.render();  // the next state may have come in while the move was on its way
    }
  }

  private async resign(): Promise<void> {
    if (this.matchEnd) { toast("The match is over: there is nothing to resign."); return; }
    if (!window.confirm("Resign this match? It counts as a loss.")) return;
    try { await this.conn.request("resign", { table: this.table }); }
    catch (error: any) { toast(error.message, "problem"); }
  }

  // -- drawing ----------------------------------------------------------------------------------
  render(): void {
    const s = this.state;
    if (!s) {
      clear(this.element, h("div", { class: "panel waiting" },
        h("p", {}, "Waiting for an opponent to sit down…"),
        h("button", { type: "button", onclick: () => this.conn.request("leave", { table: this.table })
          .catch(() => undefined).then(() => this.leave(this)) }, "Close table")));
      return;
    }
    const me = s.seat as number;
    const them = 1 - me;
    const scores = s.observation.scores as number[];
    const header = h("header", { class: "table-head" },
      h("div", { class: "players" },
        h("span", { class: "who them" }, nameOf(s.players[them]), h("b", {}, ` ${scores[them]}`)),
        h("span", { class: "who me" }, "You", h("b", {}, ` ${scores[me]}`))),
      h("span", { class: "clock", "aria-live": "polite" }),
      h("button", { class: "resign", type: "button", onclick: () => this.resign() }, "Resign"));
    const body = s.game === "cribbage" ? this.cribbage(s) : this.gin(s);
    const banner = this.away && this.away.seat !== me ? h("div", { class: "banner away" },
      `${nameOf(s.players[them])}'s connection dropped. `,
      h("span", { class: "grace" }),
      this.away.left <= 0 ? h("button", { type: "button", onclick: () => this.conn.request(
        "claim", { table: this.table }).catch((e) => toast(e.message, "problem")) }, "Claim win") : null)
      : null;
    const reconnecting = this.conn.state === "reconnecting"
      ? h("div", { class: "banner" }, "Connection lost: reconnecting…") : null;
    clear(this.element, header, reconnecting, banner, body, this.panel());
    this.element.classList.toggle("offline", this.conn.state === "reconnecting");
    this.renderClock();
  }

  private renderClock(): void {
    const clock = this.element.querySelector(".clock") as HTMLElement | null;
    if (clock) {
      if (this.clock && this.state && !this.matchEnd) {
        const mine = this.clock.seat === this.state.seat;
        clock.textContent = `${mine ? "Your" : "Their"} move: ${Math.ceil(this.clock.left)} s`;
        clock.classList.toggle("low", mine && this.clock.left <= 10);
      } else {
        clock.textContent = "";
      }
    }
    const grace = this.element.querySelector(".grace");
    if (grace && this.away) grace.textContent = `${Math.ceil(this.away.left)} s to come back.`;
  }

  private handRow(cards: string[], options: { bands?: Map<string, number>; playable?: Set<string>;
                                              max?: number } = {}): HTMLElement {
    const perRow = cardsPerRow(options.max ?? cards.length, window.innerWidth);
    const row = h("div", { class: "hand", "aria-label": "Your hand" });
    row.style.setProperty("--per-row", String(perRow));
    for (const card of cards) {
      const band = options.bands?.get(card);
      const element = cardImage(card, {
        class: `card${this.selected.includes(card) ? " selected" : ""}` +
          (band !== undefined ? ` in-meld meld-${band % 4}` : "") +
          (options.playable?.has(card) ? " playable" : ""),
        "aria-pressed": this.selected.includes(card) ? "true" : "false",
      });
      element.addEventListener("pointerdown", (e) => this.dragStart(e, card));
      element.addEventListener("click", () => this.tap(card));
      row.append(element);
    }
    return row;
  }

  private tap(card: string): void {
    if (this.drag?.moved) return;
    const many = this.state?.game === "cribbage" && this.state.observation.phase === "discard";
    if (this.selected.includes(card)) this.selected = this.selected.filter((c) => c !== card);
    else this.selected = many ? [...this.selected, card].slice(-2) : [card];
    this.render();
  }

  private buttons(actions: { label: string; action: Action | null; kind?: string }[]): HTMLElement {
    return h("div", { class: "actions" }, ...actions.map(({ label, action, kind }) => h("button", {
      type: "button", class: "action", "data-kind": kind ?? action?.kind, disabled: !action || this.busy,
      onclick: () => action && this.send(action),
    }, label)));
  }

  // -- gin ----------------------------------------------------------------------------------------
  private gin(s: any): HTMLElement {
    const o = s.observation;
    const legal = this.legal();
    const { melds, deadwood } = bestMelds(this.order);
    const bands = new Map<string, number>();
    melds.forEach((meld, i) => meld.forEach((card) => bands.set(card, i)));
    const top = o.discard_pile.length ? o.discard_pile[o.discard_pile.length - 1] : null;
    const take = legal.find((a) => a.kind === "draw_discard");
    const draw = legal.find((a) => a.kind === "draw_stock");
    const stock = h("button", { class: "pile stock", type: "button", "data-kind": "draw_stock",
      disabled: !draw, onclick: () => draw && this.send(draw), "aria-label": `Stock, ${o.stock_size} cards` },
      h("img", { src: "cards/back.svg", alt: "" }), h("span", { class: "count" }, String(o.stock_size)));
    const pile = h("div", { class: "pile discard drop-target", "aria-label": "Discard pile" },
      top ? cardImage(top, { "data-kind": "draw_discard", disabled: !take,
        onclick: () => take && this.send(take) }) : h("span", { class: "empty" }, "discards"));
    const selected = this.selected[0];
    const withCard = (kind: string) => legal.find((a) => a.kind === kind && a.card === selected) ?? null;
    const actions = [
      ...legal.filter((a) => ["draw_stock", "pass", "big_gin"].includes(a.kind))
        .map((a) => ({ label: WORDS[a.kind], action: a })),
      ...(take ? [{ label: `Take ${take.card![0] === "T" ? "10" : take.card![0]}`, action: take }] : []),
      ...(o.phase === "discard" || o.phase === "last_discard"
        ? ["discard", "knock", "gin"].filter((k) => legal.some((a) => a.kind === k))
          .map((k) => ({ label: WORDS[k], action: withCard(k), kind: k })) : []),
    ];
    const turn = s.status !== "playing" ? "" : s.to_move === s.seat
      ? (o.phase === "discard" ? (selected ? "Discard, knock or go gin with the selected card."
        : "Tap a card to discard (or drag it to the pile).") : "Your turn: draw.")
      : `${nameOf(s.players[1 - s.seat])} is playing…`;
    return h("div", { class: "felt gin" },
      h("div", { class: "opponent" }, ...Array.from({ length: o.opponent_hand_size }, () =>
        h("img", { class: "mini-back", src: "cards/back.svg", alt: "" })),
        h("span", { class: "label" }, `${o.opponent_hand_size} cards`)),
      h("div", { class: "middle" }, stock, pile),
      h("p", { class: "turn", "aria-live": "polite" }, turn),
      this.handRow(this.order, { bands, max: 11 }),
      h("p", { class: "deadwood" }, `Deadwood ${deadwood} · knock at ${o.knock_limit || "gin only"}`),
      this.buttons(actions));
  }

  // -- cribbage -------------------------------------------------------------------------------
  private cribbage(s: any): HTMLElement {
    const o = s.observation;
    const legal = this.legal();
    const pub = s.public ?? {};
    const playable = new Set(legal.filter((a) => a.kind === "play").map((a) => a.card!));
    const pair = [...this.selected].sort();
    const lay = legal.find((a) => a.kind === "discard" && a.cards && [...a.cards].sort().join() === pair.join());
    const play = legal.find((a) => a.kind === "play" && a.card === this.selected[0]);
    const cuts = legal.filter((a) => a.kind === "cut");
    const actions: { label: string; action: Action | null; kind?: string }[] = [];
    if (o.phase === "discard" && legal.length) actions.push({ label: "Lay away to the crib", action: lay ?? null, kind: "discard" });
    if (playable.size) actions.push({ label: "Play", action: play ?? null, kind: "play" });
    for (const a of legal) if (a.kind === "go") actions.push({ label: "Go", action: a });
    if (cuts.length) actions.push({ label: "Cut the pack", action: cuts[Math.floor(cuts.length / 2)], kind: "cut" });
    for (const a of legal) {
      if (!["discard", "play", "go", "cut"].includes(a.kind)) {
        actions.push({ label: a.points !== undefined ? `${a.kind} ${a.points}` : WORDS[a.kind] ?? a.kind, action: a });
      }
    }
    const mine = o.seat as number;
    const turn = s.status !== "playing" ? "" : s.to_move === mine
      ? (o.phase === "discard" ? "Choose two cards for the crib." : playable.size
        ? "Tap a card, then Play." : legal.length ? "Your turn." : "")
      : `${nameOf(s.players[1 - mine])} is playing…`;
    const calls = (pub.events ?? []).slice(-3).map((e: any) => h("li", {}, describe(e)));
    return h("div", { class: "felt cribbage" },
      pegBoard(pub.pegs ?? [[o.scores[0], 0], [o.scores[1], 0]], o.target, mine),
      h("div", { class: "opponent" }, ...Array.from({ length: o.opponent_cards_left }, () =>
        h("img", { class: "mini-back", src: "cards/back.svg", alt: "" })),
        h("span", { class: "label" }, `crib: ${o.crib_size} · ${o.dealer === mine ? "your" : "their"} crib`)),
      h("div", { class: "middle" },
        h("div", { class: "pile starter", "aria-label": "Starter" },
          o.starter ? cardImage(o.starter, { still: true }) : h("img", { src: "cards/back.svg", alt: "" })),
        h("div", { class: "play-area drop-target", "aria-label": "The play" },
          h("span", { class: "count" }, `Count ${o.count}`),
          h("div", { class: "current" }, ...o.current.map((p: any) => cardImage(p.card, {
            still: true, class: `card small ${p.seat === mine ? "mine" : "theirs"}` }))))),
      h("ul", { class: "calls" }, ...calls),
      h("p", { class: "turn", "aria-live": "polite" }, turn),
      this.handRow(this.order, { playable, max: 6 }),
      this.buttons(actions));
  }

  // -- the panel after a hand or the match -----------------------------------------------------
  private panel(): HTMLElement | null {
    if (this.matchEnd) {
      const won = this.matchEnd.winners.includes(this.state.seat);
      const ratings = this.matchEnd.ratings ? ` New rating: ${Math.round(
        this.matchEnd.ratings[this.state.seat] ?? this.matchEnd.ratings[this.conn.jid(this.conn.user)] ?? 0) || "—"}.` : "";
      return h("div", { class: "panel match-over", role: "dialog", "aria-label": "Match over" },
        h("h2", {}, won ? "You won the match" : "You lost the match"),
        h("p", {}, `${REASONS[this.matchEnd.reason] ?? this.matchEnd.reason}.${ratings}`),
        this.handEnd ? this.verifyButton(this.handEnd) : null,
        h("button", { type: "button", class: "primary", onclick: () => this.leave(this) }, "Back to the lobby"));
    }
    if (!this.handEnd) return null;
    const record = this.handEnd;
    const me = this.state.seat;
    const revealed = (record.result?.hands ?? []).map((hand: any) => h("div", { class: "revealed" },
      h("span", { class: "who" }, hand.seat === me ? "You" : nameOf(this.state.players[hand.seat])),
      ...[...hand.melds, hand.deadwood].filter((group: string[]) => group.length).map(
        (group: string[], index: number, all: string[][]) => h("span", {
          class: `group${index === all.length - 1 && hand.deadwood.length ? " deadwood" : ""}` },
        ...group.map((card) => cardImage(card, { still: true, class: "card small" }))))));
    return h("div", { class: "panel hand-over", role: "status" },
      h("p", {}, `Hand ${record.hand_number + 1} is over. ${handSummary(record, this.state)}`),
      ...revealed,
      this.verifyButton(record));
  }

  private verifyButton(record: any): HTMLElement {
    const result = h("span", { class: "verify-result" });
    return h("div", { class: "verify" }, h("button", { type: "button", onclick: () => {
      const published = this.commitments.get(record.hand_number) ?? record.commitment;
      const ok = !!published && dealMatches(record.deck, record.salt, published);
      result.textContent = ok ? "✓ The cards were dealt as committed before the hand."
        : "✗ The deal does not match the commitment.";
      result.className = `verify-result ${ok ? "ok" : "bad"}`;
    } }, "Verify deal"), result);
  }

  // -- dragging: reorder the hand, or drop on the pile / play area to discard or play ---------
  private dragStart(event: PointerEvent, card: string): void {
    if (event.button !== 0) return;
    const source = event.currentTarget as HTMLElement;
    const ghost = source.cloneNode(true) as HTMLElement;
    ghost.classList.add("ghost");
    this.drag = { card, ghost, x: event.clientX, y: event.clientY, moved: false };
  }

  private dragMove(event: PointerEvent): void {
    const drag = this.drag;
    if (!drag) return;
    if (!drag.moved && Math.hypot(event.clientX - drag.x, event.clientY - drag.y) < 10) return;
    if (!drag.moved) { drag.moved = true; document.body.append(drag.ghost); }
    drag.ghost.style.left = `${event.clientX - 20}px`;
    drag.ghost.style.top = `${event.clientY - 30}px`;
    event.preventDefault();
  }

  private dragEnd(event: PointerEvent): void {
    const drag = this.drag;
    if (!drag) return;
    drag.ghost.remove();
    if (!drag.moved) { this.drag = null; return; }
    window.setTimeout(() => { this.drag = null; }, 0);  // the click that follows is not a tap
    const target = document.elementFromPoint(event.clientX, event.clientY);
    if (target?.closest(".drop-target")) {
      const kind = this.state?.game === "cribbage" ? "play" : "discard";
      const action = this.legal().find((a) => a.kind === kind && a.card === drag.card);
      if (action) this.send(action);
      return;
    }
    const over = target?.closest(".hand .card") as HTMLElement | null;
    const onto = over?.dataset.card;
    if (onto && onto !== drag.card) {
      const rest = this.order.filter((c) => c !== drag.card);
      rest.splice(rest.indexOf(onto) + (event.clientX > over!.getBoundingClientRect().left + over!.offsetWidth / 2 ? 1 : 0), 0, drag.card);
      this.order = rest;
      this.render();
    }
  }

  private dragCancel(): void {
    this.drag?.ghost.remove();
    this.drag = null;
  }
}

/** Gin: who scored what, from the record's result (the same words as the desktop panel). */
function handSummary(record: any, state: any): string {
  const result = record.result;
  if (!result || typeof result !== "object") return "";
  if (result.kind === "draw") return "Dead hand: the stock ran out, no score.";
  if (result.winner === null || result.winner === undefined) return "";
  const who = result.winner === state?.seat ? "You score" : `${nameOf(state?.players?.[result.winner])} scores`;
  const items = (result.items ?? []).map(([label, points]: [string, number]) => `${label} ${points}`);
  return `${who} ${result.points}${items.length ? ` (${items.join(", ")})` : ""}.`;
}

function describe(event: any): string {
  if (typeof event === "string") return event;
  const words = event.words ?? event.text ?? event.call ?? event.kind ?? "";
  const scored = event.points ? ` (+${event.points})` : "";
  return `${String(words)}${scored}`;
}

/** A cribbage board: two lanes of holes in streets of 30 (4 streets to 121, 2 to 61), the
 *  front and back peg of each player, the player's own lane nearest. */
function pegBoard(pegs: number[][], target: number, me: number): SVGSVGElement {
  const NS = "http://www.w3.org/2000/svg";
  const streets = Math.ceil((target - 1) / 30);
  const width = 320, lane = 9, gap = 6;
  const height = streets * (2 * lane + gap) + 8;
  const svg = document.createElementNS(NS, "svg");
  svg.setAttribute("viewBox", `0 0 ${width} ${height}`);
  svg.setAttribute("class", "pegboard");
  svg.setAttribute("role", "img");
  svg.setAttribute("aria-label", `Peg board: you ${pegs[me][0]}, opponent ${pegs[1 - me][0]} of ${target}`);
  const add = (tag: string, attrs: Record<string, string | number>) => {
    const element = document.createElementNS(NS, tag);
    for (const [k, v] of Object.entries(attrs)) element.setAttribute(k, String(v));
    svg.append(element);
  };
  add("rect", { x: 0, y: 0, width, height, rx: 8, class: "wood" });
  const where = (seat: number, score: number) => {
    const hole = Math.max(1, Math.min(score, target - 1)) - 1;
    const street = Math.floor(hole / 30), along = hole % 30;
    const forward = street % 2 === 0;
    const x = 14 + (forward ? along : 29 - along) * ((width - 28) / 29) + Math.floor(along / 5) * 0;
    const laneIndex = seat === me ? 1 : 0;
    const y = 8 + street * (2 * lane + gap) + laneIndex * lane + lane / 2;
    return { x, y };
  };
  for (const seat of [0, 1]) {
    for (let score = 1; score < target; score++) {
      const { x, y } = where(seat, score);
      add("circle", { cx: x, cy: y, r: 1.6, class: "hole" });
    }
  }
  for (const seat of [0, 1]) {
    for (const [index, score] of pegs[seat].entries()) {
      if (score <= 0) continue;
      const { x, y } = score >= target ? { x: width - 8, y: height / 2 } : where(seat, score);
      add("circle", { cx: x, cy: y, r: index === 0 ? 3.6 : 3, class: `peg ${seat === me ? "mine" : "theirs"}${index ? " back" : ""}` });
    }
  }
  return svg;
}
