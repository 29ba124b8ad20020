#!/usr/bin/env node
// A Gin Rummy bot in JavaScript, speaking the ginrummy-bot protocol (docs/bots.md) on stdin and
// stdout. It shows that a bot need not be Python. From the project folder:
//
//     ginrummy-sim gin --players "cmd:node examples/gin_bot.js" greedy --matches 20 --seed 1
//
// Strategy: take the visible card only when it lowers our deadwood, discard to the least
// deadwood (highest card among equals), go gin whenever possible and knock as soon as allowed.
// Anything written to stdout must be a protocol line, so the bot logs to stderr.
"use strict";

const readline = require("readline");

const RANKS = "A23456789TJQK";
const PROTOCOL = "ginrummy-bot";
const VERSION = 1;

function rankOf(card) { return RANKS.indexOf(card[0]) + 1; }
function suitOf(card) { return card[1]; }
function points(card) { return Math.min(rankOf(card), 10); }

// Every meld that can be made from the cards: sets of 3 or 4 of a rank, runs of 3+ in a suit.
function allMelds(cards) {
  const melds = [];
  const byRank = new Map();
  const bySuit = new Map();
  for (const card of cards) {
    if (!byRank.has(rankOf(card))) byRank.set(rankOf(card), []);
    byRank.get(rankOf(card)).push(card);
    if (!bySuit.has(suitOf(card))) bySuit.set(suitOf(card), []);
    bySuit.get(suitOf(card)).push(card);
  }
  for (const group of byRank.values()) {
    if (group.length >= 3) melds.push(group.slice());
    if (group.length === 4) {
      for (let skip = 0; skip < 4; skip++) melds.push(group.filter((_, i) => i !== skip));
    }
  }
  for (const group of bySuit.values()) {
    group.sort((a, b) => rankOf(a) - rankOf(b));
    for (let start = 0; start < group.length; start++) {
      const run = [group[start]];
      for (let next = start + 1; next < group.length; next++) {
        if (rankOf(group[next]) !== rankOf(run[run.length - 1]) + 1) break;
        run.push(group[next]);
        if (run.length >= 3) melds.push(run.slice());
      }
    }
  }
  return melds;
}

// The least deadwood any arrangement of the cards leaves (melds may not share cards).
function minDeadwood(cards) {
  const melds = allMelds(cards);
  const total = cards.reduce((sum, card) => sum + points(card), 0);
  let best = total;
  function search(from, used, melded) {
    best = Math.min(best, total - melded);
    for (let i = from; i < melds.length; i++) {
      const meld = melds[i];
      if (meld.some((card) => used.has(card))) continue;
      for (const card of meld) used.add(card);
      search(i + 1, used, melded + meld.reduce((sum, card) => sum + points(card), 0));
      for (const card of meld) used.delete(card);
    }
  }
  search(0, new Set(), 0);
  return best;
}

function without(cards, card) { return cards.filter((c) => c !== card); }

function bestDiscard(hand, options) {
  let best = null;
  let bestKey = null;
  for (const action of options) {
    const key = [minDeadwood(without(hand, action.card)), -points(action.card)];
    if (best === null || key[0] < bestKey[0] || (key[0] === bestKey[0] && key[1] < bestKey[1])) {
      best = action;
      bestKey = key;
    }
  }
  return best;
}

function choose(observation) {
  const legal = observation.legal_actions;
  const byKind = {};
  for (const action of legal) (byKind[action.kind] = byKind[action.kind] || []).push(action);
  if (byKind.big_gin) return byKind.big_gin[0];
  if (byKind.gin) return byKind.gin[0];
  if (byKind.knock) return bestDiscard(observation.hand, byKind.knock);
  if (byKind.discard) return bestDiscard(observation.hand, byKind.discard);
  for (const take of byKind.draw_discard || []) {
    if (minDeadwood(observation.hand.concat([take.card])) < minDeadwood(observation.hand)) {
      return take;
    }
  }
  return (byKind.draw_stock || byKind.pass || legal)[0];
}

function send(message) { process.stdout.write(JSON.stringify(message) + "\n"); }

const input = readline.createInterface({ input: process.stdin, terminal: false });
input.on("line", (line) => {
  const message = JSON.parse(line);
  switch (message.type) {
    case "hello":
      if (message.game !== "gin" || message.version !== VERSION) {
        send({ type: "error", message: `this bot plays gin, protocol ${VERSION}` });
      } else {
        send({ type: "hello", protocol: PROTOCOL, version: VERSION, name: "gin_bot.js" });
      }
      break;
    case "new_match":
      console.error(`match ${message.match}: seat ${message.seat}`);
      send({ type: "ready" });
      break;
    case "observation":
      send({ type: "action", action: choose(message.observation) });
      break;
    case "match_over":
      console.error(`match ${message.match} over, winners ${message.winners}`);
      break;
    case "bye":
      process.exit(0);
      break;
    default:
      send({ type: "error", message: `unknown message ${message.type}` });
  }
});
input.on("close", () => process.exit(0));
