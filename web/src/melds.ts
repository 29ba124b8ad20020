// Meld bands for display only, as the desktop table draws them: the arrangement of sets and
// runs that leaves the least deadwood. Nothing here decides a move: the referee's legal actions
// do (this client has no engine).
const RANKS = "A23456789TJQK";

export function rank(card: string): number { return RANKS.indexOf(card[0]) + 1; }
export function points(card: string): number { return Math.min(rank(card), 10); }

export function bestMelds(hand: string[]): { melds: string[][]; deadwood: number } {
  const candidates: string[][] = [];
  const byRank = new Map<number, string[]>();
  for (const card of hand) byRank.set(rank(card), [...(byRank.get(rank(card)) ?? []), card]);
  for (const group of byRank.values()) {
    if (group.length >= 3) candidates.push(group);
    if (group.length === 4) for (const left of group) candidates.push(group.filter((c) => c !== left));
  }
  for (const suit of "CDHS") {
    const cards = hand.filter((c) => c[1] === suit).sort((a, b) => rank(a) - rank(b));
    for (let start = 0; start < cards.length; start++) {
      for (let end = start + 2; end < cards.length; end++) {
        const run = cards.slice(start, end + 1);
        if (rank(run[run.length - 1]) - rank(run[0]) === run.length - 1) candidates.push(run);
      }
    }
  }
  let best = { melds: [] as string[][], deadwood: hand.reduce((s, c) => s + points(c), 0) };
  const search = (from: number, used: Set<string>, chosen: string[][]) => {
    const deadwood = hand.filter((c) => !used.has(c)).reduce((s, c) => s + points(c), 0);
    if (deadwood < best.deadwood) best = { melds: chosen.map((m) => [...m]), deadwood };
    for (let i = from; i < candidates.length; i++) {
      if (candidates[i].some((c) => used.has(c))) continue;
      candidates[i].forEach((c) => used.add(c));
      chosen.push(candidates[i]);
      search(i + 1, used, chosen);
      chosen.pop();
      candidates[i].forEach((c) => used.delete(c));
    }
  };
  search(0, new Set(), []);
  return best;
}
