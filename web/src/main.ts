// The web client: sign in, the lobbies, friends, messages, rankings and the tables, on the same
// server and referee as the desktop app. docs/online.md, "Play from a phone".
import { clear, h, nameOf, toast } from "./dom";
import { TableView } from "./table";
import { GameConnection, Refused, ServerConfig } from "./xmpp";

const GAMES: Record<string, string> = { gin: "Gin Rummy", cribbage: "Cribbage" };
const USERNAME = /^[A-Za-z0-9._-]{1,20}$/;
const app = document.getElementById("app")!;
let conn: GameConnection;
let config: ServerConfig;
let tab = "lobby";
let game = "gin";
const tables = new Map<string, TableView>();
const closed = new Set<string>();  // tables left: their late events are not shown again
const openTables: Record<string, any[]> = { gin: [], cribbage: [] };
const roomChat: Record<string, { nick: string; text: string }[]> = { gin: [], cribbage: [] };
const friends = new Map<string, { subscription: string; available: boolean; status: string }>();
const requests = new Set<string>();
const conversations = new Map<string, { mine: boolean; text: string }[]>();
let unread = 0;
let searching = "";
let talkingTo = "";

async function loadConfig(): Promise<ServerConfig> {
  try {
    const reply = await fetch("config.json", { cache: "no-cache" });
    if (reply.ok) return await reply.json();
  } catch { /* served without config.json: the page's own host is the domain */ }
  const domain = location.hostname;
  return { domain, websocket: "/ws", referee: `referee.${domain}`, muc: `conference.${domain}` };
}

// -- sign in ----------------------------------------------------------------------------------
function signInScreen(problem = ""): void {
  const user = h("input", { id: "user", name: "username", autocomplete: "username", autocapitalize: "none",
    spellcheck: "false", required: true, "aria-label": "User name", value: localStorage.getItem("user") ?? "" });
  const password = h("input", { id: "password", type: "password", autocomplete: "current-password",
    "aria-label": "Password", required: true });
  const message = h("p", { class: "problem", role: "alert" }, problem);
  const submit = async (create: boolean) => {
    const name = user.value.trim();
    if (!USERNAME.test(name)) { message.textContent = "A user name is 1-20 letters, digits, dots, dashes or underscores."; return; }
    if (!password.value) { message.textContent = create ? "Choose a password." : "Type your password."; return; }
    message.textContent = "Connecting…";
    form.querySelectorAll("button").forEach((b) => { b.disabled = true; });
    try {
      await conn.signIn(name, password.value, create);
      localStorage.setItem("user", name);
      afterSignIn();
    } catch (error: any) {
      message.textContent = sentence(error.message);
      form.querySelectorAll("button").forEach((b) => { b.disabled = false; });
    }
  };
  const form = h("form", { class: "signin", onsubmit: (e: Event) => { e.preventDefault(); submit(false); } },
    h("img", { src: "icons/icon.svg", alt: "", class: "logo" }),
    h("h1", {}, "Gin Rummy & Cribbage"),
    h("p", {}, `Play on ${config.domain}. Sign in, or create an account the first time.`),
    h("label", {}, "User name", user),
    h("label", {}, "Password", password),
    h("div", { class: "row" },
      h("button", { type: "submit", class: "primary", id: "sign-in" }, "Sign in"),
      h("button", { type: "button", id: "create", onclick: () => submit(true) }, "Create account")),
    message);
  clear(app, form);
  user.focus();
  performance.mark("ginrummy-interactive");  // benchmarks/web_load.py: the form takes input
}

function sentence(text: string): string {
  return text ? text[0].toUpperCase() + text.slice(1) + (text.endsWith(".") ? "" : ".") : "";
}

async function afterSignIn(): Promise<void> {
  tab = "lobby";
  render();
  for (const one of Object.keys(GAMES)) {
    conn.joinRoom(one);
    conn.watchTables(one).then((reply) => { openTables[one] = reply.tables; render(); })
      .catch((error) => toast(error.message, "problem"));
  }
  refreshFriends();
  // Tables this account already sits at (a reload in the middle of a match): take them up.
  try {
    const mine = await conn.request("mytables", {});
    for (const entry of mine.tables ?? []) {
      if (entry.status === "playing") {
        openTable(entry.table);
        await conn.request("resync", { table: entry.table, since: 0 });
      }
    }
  } catch (error) { console.warn(error); }
}

// -- the main screens -----------------------------------------------------------------------
function render(): void {
  if (conn.state === "offline" && !tables.size) return;
  const nav = h("nav", { class: "tabs", "aria-label": "Sections" },
    ...[["lobby", "Lobby"], ["friends", "Friends"], ["messages", unread ? `Messages (${unread})` : "Messages"],
      ["rankings", "Rankings"]].map(([id, label]) => h("button", {
      type: "button", class: tab === id ? "current" : "", "data-tab": id,
      "aria-current": tab === id ? "page" : undefined, onclick: () => { tab = id; if (id === "messages") unread = 0; render(); },
    }, label)));
  const head = h("header", { class: "app-head" },
    h("span", { class: "me" }, conn.user),
    h("span", { class: `state ${conn.state}` }, { online: "Online", connecting: "Connecting…",
      reconnecting: "Reconnecting…", offline: "Signed out" }[conn.state]),
    h("button", { type: "button", class: "link", onclick: signOut }, "Sign out"));
  const views: Record<string, () => HTMLElement> = { lobby, friends: friendsView, messages: messagesView,
    rankings: rankingsView };
  const tableOnView = [...tables.values()].pop() ?? null;  // the newest table is on view
  clear(app, head, tableOnView ? tableOnView.element : views[tab](), tableOnView ? null : nav);
}

function lobby(): HTMLElement {
  const chat = h("ol", { class: "chat", "aria-label": "Room chat" },
    ...roomChat[game].slice(-50).map((m) => h("li", {}, h("b", {}, `${m.nick}: `), m.text)));
  const line = h("input", { "aria-label": "Message to the room", placeholder: "Say something to the room",
    maxlength: 1000, enterkeyhint: "send" });
  const say = (e: Event) => {
    e.preventDefault();
    if (line.value.trim()) { conn.say(game, line.value.trim()); line.value = ""; }
  };
  const list = openTables[game];
  const section = h("section", { class: "lobby" },
    h("div", { class: "switch", role: "tablist" }, ...Object.entries(GAMES).map(([id, title]) => h("button", {
      type: "button", role: "tab", "aria-selected": id === game ? "true" : "false", "data-game": id,
      onclick: () => { game = id; render(); } }, title))),
    h("div", { class: "row" },
      searching === game
        ? h("button", { type: "button", id: "quick", class: "primary", onclick: () => quick(true) }, "Cancel search")
        : h("button", { type: "button", id: "quick", class: "primary", onclick: () => quick(false) }, "Quick match"),
      h("button", { type: "button", id: "create-table", onclick: createTable }, "Create table…")),
    searching === game ? h("p", { class: "searching" }, "Looking for an opponent near your rating…") : null,
    h("h2", {}, "Open tables"),
    list.length ? h("ul", { class: "tables" }, ...list.map((t) => h("li", {},
      h("span", {}, `${nameOf(t.host)} (${Math.round(t.host_rating ?? 1500)}) · ${t.preset ?? "standard"}` +
        `${t.target ? ` to ${t.target}` : ""} · ${t.rated ? "rated" : "casual"} · ${t.clock} s a move`),
      nameOf(t.host) === conn.user ? h("button", { type: "button", onclick: () => conn.request("leave", { table: t.table })
        .catch((e) => toast(e.message, "problem")) }, "Close")
        : h("button", { type: "button", class: "join", "data-table": t.table, onclick: () => join(t.table) }, "Join"))))
      : h("p", { class: "empty" }, "No open tables: create one, or press Quick match."),
    h("h2", {}, "Room chat"), chat,
    h("form", { class: "say", onsubmit: say }, line, h("button", { type: "submit" }, "Send")));
  return section;
}

async function quick(cancel: boolean): Promise<void> {
  try {
    const reply = await conn.request("quick", { game, cancel, computer: false });
    searching = cancel ? "" : game;
    if (reply.table) { searching = ""; openTable(reply.table); }
  } catch (error: any) { toast(error.message, "problem"); }
  render();
}

function createTable(): void {
  const target = h("select", { "aria-label": "Target" }, ...(game === "gin"
    ? [["100", "to 100"], ["50", "to 50"]] : [["121", "121 points"], ["61", "61 points (short game)"]])
    .map(([v, label]) => h("option", { value: v }, label)));
  const rated = h("input", { type: "checkbox", checked: true });
  const clock = h("select", { "aria-label": "Seconds per move" }, ...["30", "60", "90", "180"].map((v) =>
    h("option", { value: v, selected: v === "60" }, `${v} s a move`)));
  const dialog = h("dialog", { class: "create" },
    h("form", { method: "dialog" },
      h("h2", {}, `New ${GAMES[game]} table`),
      h("label", {}, "Game to ", target), h("label", {}, "Clock ", clock),
      h("label", { class: "check" }, rated, " Rated"),
      h("div", { class: "row" },
        h("button", { value: "create", class: "primary", id: "create-confirm" }, "Create"),
        h("button", { value: "cancel" }, "Cancel"))));
  dialog.addEventListener("close", async () => {
    dialog.remove();
    if (dialog.returnValue !== "create") return;
    const options: Record<string, unknown> = { game, rated: rated.checked, clock: Number(clock.value) };
    if (game === "cribbage" && target.value === "61") options.preset = "short";
    else options.target = Number(target.value);
    try {
      const reply = await conn.request("create", options);
      openTable(reply.table);
    } catch (error: any) { toast(error.message, "problem"); }
  });
  document.body.append(dialog);
  dialog.showModal();
}

async function join(table: string): Promise<void> {
  try {
    openTable(table);
    await conn.request("join", { table });
  } catch (error: any) {
    tables.get(table)?.destroy();
    tables.delete(table);
    toast(error.message, "problem");
    render();
  }
}

function openTable(table: string): TableView {
  let view = tables.get(table);
  if (!view) {
    view = new TableView(conn, table, (done) => {
      done.destroy();
      tables.delete(done.table);
      closed.add(done.table);
      render();
    });
    tables.set(table, view);
    conn.setPlaying(true);
  }
  render();
  return view;
}

function signOut(): void {
  for (const view of tables.values()) view.destroy();
  tables.clear();
  conn.signOut().then(() => signInScreen());
}

// -- friends, messages, rankings --------------------------------------------------------------
async function refreshFriends(): Promise<void> {
  try {
    for (const item of await conn.roster()) {
      const known = friends.get(item.jid);
      friends.set(item.jid, { subscription: item.subscription, available: known?.available ?? false,
        status: known?.status ?? "" });
    }
    render();
  } catch (error) { console.warn(error); }
}

function friendsView(): HTMLElement {
  const name = h("input", { "aria-label": "Friend's user name", placeholder: "user name", autocapitalize: "none" });
  const add = (e: Event) => {
    e.preventDefault();
    if (!USERNAME.test(name.value.trim())) { toast("Type a user name.", "problem"); return; }
    conn.addFriend(name.value.trim());
    toast(`Friend request sent to ${name.value.trim()}.`);
    name.value = "";
  };
  const mutual = [...friends.entries()].filter(([, f]) => f.subscription === "both");
  return h("section", { class: "friends" },
    h("form", { class: "say", onsubmit: add }, name, h("button", { type: "submit" }, "Add friend")),
    ...[...requests].map((jid) => h("div", { class: "request" }, `${nameOf(jid)} wants to be friends `,
      h("button", { type: "button", onclick: () => { conn.approveFriend(jid); requests.delete(jid); refreshFriends(); } }, "Accept"),
      h("button", { type: "button", onclick: () => { conn.declineFriend(jid); requests.delete(jid); render(); } }, "Decline"))),
    mutual.length ? h("ul", { class: "friend-list" }, ...mutual.map(([jid, f]) => h("li", {},
      h("span", { class: `dot ${f.available ? (f.status === "playing" ? "playing" : "online") : "offline"}` }),
      h("span", { class: "name" }, nameOf(jid)),
      h("span", { class: "status" }, f.available ? (f.status === "playing" ? "playing" : "online") : "offline"),
      h("button", { type: "button", onclick: () => { talkingTo = jid; tab = "messages"; render(); } }, "Message"))))
      : h("p", { class: "empty" }, "No friends yet: add one by user name."));
}

function messagesView(): HTMLElement {
  const people = [...new Set([...conversations.keys(), ...[...friends.entries()]
    .filter(([, f]) => f.subscription === "both").map(([jid]) => jid)])];
  if (!talkingTo && people.length) talkingTo = people[0];
  const line = h("input", { "aria-label": "Message", placeholder: "Message", maxlength: 1000, enterkeyhint: "send" });
  const send = (e: Event) => {
    e.preventDefault();
    const text = line.value.trim();
    if (!text || !talkingTo) return;
    conn.sendPrivate(talkingTo, text);
    conversations.set(talkingTo, [...(conversations.get(talkingTo) ?? []), { mine: true, text }]);
    render();
  };
  return h("section", { class: "messages" },
    h("div", { class: "people" }, ...people.map((jid) => h("button", { type: "button",
      class: jid === talkingTo ? "current" : "", onclick: () => { talkingTo = jid; render(); } }, nameOf(jid)))),
    talkingTo ? h("ol", { class: "chat" }, ...(conversations.get(talkingTo) ?? []).map((m) =>
      h("li", { class: m.mine ? "mine" : "theirs" }, m.text))) : h("p", { class: "empty" }, "No conversations yet."),
    talkingTo ? h("form", { class: "say", onsubmit: send }, line, h("button", { type: "submit" }, "Send")) : null);
}

function rankingsView(): HTMLElement {
  const section = h("section", { class: "rankings" },
    h("div", { class: "switch" }, ...Object.entries(GAMES).map(([id, title]) => h("button", {
      type: "button", "aria-selected": id === game ? "true" : "false", onclick: () => { game = id; render(); } }, title))),
    h("p", {}, "Loading the rankings…"));
  conn.request("leaderboard", { game }).then((board) => {
    const rows = (board.top ?? []).map((row: any, index: number) => h("tr", {
      class: nameOf(row.user) === conn.user ? "me" : "" },
      h("td", {}, String(index + 1)), h("td", {}, nameOf(row.user)), h("td", {}, String(Math.round(row.rating))),
      h("td", {}, String(row.games)), h("td", {}, String(row.wins))));
    section.lastElementChild!.replaceWith(rows.length ? h("table", {},
      h("thead", {}, h("tr", {}, ...["#", "Player", "Rating", "Games", "Wins"].map((t) => h("th", {}, t)))),
      h("tbody", {}, ...rows)) : h("p", { class: "empty" }, "Nobody has played a rated game yet."),
      board.rank ? h("p", {}, `Your rank: ${board.rank}`) : h("p", {}, "Play a rated game to be ranked."));
  }).catch((error: Refused) => toast(error.message, "problem"));
  return section;
}

// -- wiring the connection's events -----------------------------------------------------------
function wire(): void {
  // A table's events open its view, except for a table the player already left (a stream
  // that resumes, or a resync, can bring late events of a finished match).
  const forTable = (kind: string, handle: (view: TableView, data: any) => void) =>
    conn.on(kind, (data) => {
      if (!data.table || closed.has(data.table)) return;
      const view = tables.get(data.table) ?? (kind === "state" && data.status === "playing"
        ? openTable(data.table) : undefined);
      if (view) handle(view, data);
    });
  forTable("state", (view, data) => view.onState(data));
  forTable("deal", (view, data) => view.onDeal(data));
  forTable("hand_end", (view, data) => view.onHandEnd(data));
  forTable("match_end", (view, data) => view.onMatchEnd(data));
  forTable("clock", (view, data) => view.onClock(data));
  forTable("away", (view, data) => view.onAway(data));
  forTable("back", (view, data) => view.onBack(data));
  conn.on("matched", (data) => { searching = ""; openTable(data.table); });
  conn.on("offer", () => {
    if (window.confirm("Nobody is free right now. Play a casual game against the computer?")) {
      conn.request("quick", { game: searching || game, computer: true }).then((reply) => {
        searching = "";
        if (reply.table) openTable(reply.table);
      }).catch((error) => toast(error.message, "problem"));
    }
  });
  conn.on("tables", (data) => { openTables[data.game] = data.tables; if (!tables.size) render(); });
  conn.on("chat", (data) => {
    roomChat[data.game]?.push({ nick: data.nick, text: data.text });
    if (!tables.size && tab === "lobby") render();
  });
  conn.on("private", (data) => {
    conversations.set(data.from, [...(conversations.get(data.from) ?? []), { mine: false, text: data.text }]);
    if (tab !== "messages") unread += 1;
    if (!tables.size) render();
  });
  conn.on("presence", (data) => {
    const known = friends.get(data.from) ?? { subscription: "none", available: false, status: "" };
    known.available = data.available;
    known.status = data.status;
    friends.set(data.from, known);  // presence can come before the roster push that names it
    if (!tables.size && tab === "friends") render();
  });
  conn.on("subscribe", (data) => {
    if (friends.get(data.from)?.subscription === "to") { conn.approveFriend(data.from); return; }
    requests.add(data.from);  // shown in Friends with Accept / Decline
    if (!tables.size) render();
  });
  conn.on("roster-changed", () => refreshFriends());
  conn.on("invite", (data) => {
    if (window.confirm(`${nameOf(data.from)} invites you to a ${GAMES[data.game] ?? data.game} table. Accept?`)) {
      join(data.table);
    }
  });
  conn.on("connection", () => {
    for (const view of tables.values()) view.render();
    if (!tables.size && conn.state !== "offline") render();
  });
}

// Card sizes follow the window (a phone turned to landscape, a resized browser).
let resizeTimer = 0;
window.addEventListener("resize", () => {
  window.clearTimeout(resizeTimer);
  resizeTimer = window.setTimeout(() => { for (const view of tables.values()) view.render(); }, 100);
});

async function start(): Promise<void> {
  config = await loadConfig();
  conn = new GameConnection(config);
  (window as any).ginrummy = { conn };  // read by the browser tests (received stanzas)
  wire();
  signInScreen();
  if ("serviceWorker" in navigator && location.protocol === "https:") {
    navigator.serviceWorker.register("sw.js").catch(() => undefined);
  }
}

start();
