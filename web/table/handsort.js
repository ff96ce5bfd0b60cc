// How your hand is laid out: melds first (each best meld, then the deadwood), or one row sorted by
// rank or by suit. Choosing a sort orders the cards once; the player may then drag them into any
// order, and a drawn card joins at the end (or the hand is sorted again after every draw, when
// that setting is on). Which cards meld is the view's (the engine's); this only orders them.

export const SORTS = ["melds", "rank", "suit"];
// The words of each sort, as catalogue keys ("melds first", "by rank", "by suit").
export const SORT_WORDS = { melds: "table.sort_melds", rank: "table.sort_rank", suit: "table.sort_suit" };

const RANKS = "A23456789TJQK";
const SUITS = "CDSH"; // black and red alternate
const byRank = (a, b) => RANKS.indexOf(a[0]) - RANKS.indexOf(b[0]) || SUITS.indexOf(a[1]) - SUITS.indexOf(b[1]);
const bySuit = (a, b) => SUITS.indexOf(a[1]) - SUITS.indexOf(b[1]) || RANKS.indexOf(a[0]) - RANKS.indexOf(b[0]);

/** The view's cards in the order of `sort`: melds then the deadwood by rank, or all by rank or suit. */
export function sortedOrder(view, sort) {
  if (sort === "rank") return [...view.hand].sort(byRank);
  if (sort === "suit") return [...view.hand].sort(bySuit);
  return [...view.melds.flat(), ...[...view.deadwood_cards].sort(byRank)];
}

/** Groups to show. Melds first: each best meld (a run in rank order, a set in the player's
 * order), then the deadwood in the player's order. By rank or suit: one row, the player's order. */
export function handGroups(view, order, sort = "melds") {
  const pos = new Map(order.map((c, i) => [c, i]));
  const at = (c) => (pos.has(c) ? pos.get(c) : 1000 + view.hand.indexOf(c));
  if (sort === "rank" || sort === "suit") {
    return [{ kind: "row", sort, cards: [...view.hand].sort((a, b) => at(a) - at(b)) }];
  }
  const groups = view.melds.map((cards) => {
    const isRun = new Set(cards.map((c) => c[1])).size === 1;
    const sorted = isRun ? [...cards].sort(byRank) : [...cards].sort((a, b) => at(a) - at(b));
    return { kind: isRun ? "run" : "set", cards: sorted };
  });
  groups.sort((a, b) => Math.min(...a.cards.map(at)) - Math.min(...b.cards.map(at)));
  const dead = [...view.deadwood_cards].sort((a, b) => at(a) - at(b));
  if (dead.length) groups.push({ kind: "dead", cards: dead });
  return groups;
}
