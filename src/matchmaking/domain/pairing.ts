/** Pure pairing rule of the match queues. */

export interface Candidate {
  id: string;
  playerId: string;
  rating: number;
  joinedAt: Date;
}

/**
 * Chooses the opponent for `me` among the waiting tickets of the same queue: unranked takes the
 * longest-waiting player; ranked takes the closest rating (ties: the longest waiting).
 */
export function chooseOpponent(me: Candidate, waiting: readonly Candidate[], ranked: boolean): Candidate | null {
  const others = waiting.filter((c) => c.playerId !== me.playerId);
  if (others.length === 0) return null;
  const byWait = (a: Candidate, b: Candidate) => a.joinedAt.getTime() - b.joinedAt.getTime() || a.id.localeCompare(b.id);
  const sorted = [...others].sort(
    ranked ? (a, b) => Math.abs(a.rating - me.rating) - Math.abs(b.rating - me.rating) || byWait(a, b) : byWait,
  );
  return sorted[0];
}

/** The player who has waited longer plays Black. */
export function colorsFor(a: Candidate, b: Candidate): { blackId: string; whiteId: string } {
  const aFirst = a.joinedAt.getTime() < b.joinedAt.getTime() || (a.joinedAt.getTime() === b.joinedAt.getTime() && a.id < b.id);
  return aFirst ? { blackId: a.playerId, whiteId: b.playerId } : { blackId: b.playerId, whiteId: a.playerId };
}

/** A stable 32-bit key per queue for a transaction-scoped advisory lock. */
export function queueLockKey(mode: string, turnSeconds: number | null, clock: string | null = null): number {
  const text = `queue:${mode}:${turnSeconds ?? 'none'}${clock ? `:${clock}` : ''}`;
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193);
  return h | 0;
}

/* ================================================================ ranked waves */

/** A moment: a Date or milliseconds since the epoch. */
export type Instant = Date | number;

const msOf = (t: Instant): number => (typeof t === 'number' ? t : t.getTime());

/** A waiting ticket as the pairing functions see it (extra fields are carried through untouched). */
export interface WaitingTicket {
  ticketId: string;
  playerId: string;
  rating: number;
  joinedAt: Instant;
  /** A bot account's ticket: paired only with bots. */
  bot: boolean;
  /** The turn limit asked for (null = none): paired only with the same. */
  turnSeconds: number | null;
  /** The clock asked for ("5+3"; absent or null = none): each clock is a pool of its own. */
  clock?: string | null;
  /**
   * A player on a ranked cooldown (aborts, sandbagging): not paired before this moment, and the
   * rating window counts the wait from it, not from joinedAt. Absent or null: no cooldown.
   */
  eligibleAt?: Instant | null;
}

/**
 * The rating window of a ranked ticket. THE RULE: it starts at ±`initial` (100) rating points
 * around the ticket's rating and widens by `step` (50) for every full `stepSeconds` (5 s) the
 * ticket has waited, up to ±`max` (RANKED_WINDOW_MAX, 350 by default, reached after 25 s); it
 * never grows beyond that cap, so a 1886 is never paired with a 1500, however long either waits
 * (a booster cannot climb on fresh accounts by waiting for the window to reach them). Lichess
 * widens by a fixed step per missed wave; with a wave every second this is the same idea counted
 * in seconds, which does not depend on how often the waves run.
 */
export interface WindowRule {
  initial: number;
  step: number;
  stepSeconds: number;
  max: number;
}

export const RANKED_WINDOW: Readonly<WindowRule> = Object.freeze({ initial: 100, step: 50, stepSeconds: 5, max: 350 });

/** The window rule with another cap (RANKED_WINDOW_MAX). */
export const windowRuleWithMax = (max: number): WindowRule => ({ ...RANKED_WINDOW, max });

/** At most this many ranked games between the same two players in the last 24 hours. */
export const MAX_RANKED_GAMES_PER_PAIR_24H = 3;

export interface RatingWindow {
  /** Half the window's width: the largest rating gap this ticket accepts now. */
  halfWidth: number;
  /** rating - halfWidth, rating + halfWidth (for the UI). */
  min: number;
  max: number;
}

function halfWidthOf(joinedAtMs: number, nowMs: number, rule: WindowRule): number {
  const waited = Math.max(0, nowMs - joinedAtMs);
  const steps = Math.floor(waited / (rule.stepSeconds * 1000));
  return Math.min(rule.max, rule.initial + rule.step * steps);
}

/** When a ticket's wait starts counting for its window: when it joined, or when its cooldown ends. */
export function waitStartOf(ticket: Pick<WaitingTicket, 'joinedAt' | 'eligibleAt'>): number {
  const joined = msOf(ticket.joinedAt);
  return ticket.eligibleAt == null ? joined : Math.max(joined, msOf(ticket.eligibleAt));
}

/** Whether a ticket may be paired at `now` (its cooldown, if any, is over). */
export const isEligible = (ticket: Pick<WaitingTicket, 'eligibleAt'>, now: Instant): boolean =>
  ticket.eligibleAt == null || msOf(ticket.eligibleAt) <= msOf(now);

/** The ticket's rating window at `now` (see WindowRule for the rule; the wait counts from waitStartOf). */
export function windowOf(ticket: Pick<WaitingTicket, 'rating' | 'joinedAt' | 'eligibleAt'>, now: Instant, rule: WindowRule = RANKED_WINDOW): RatingWindow {
  const halfWidth = halfWidthOf(waitStartOf(ticket), msOf(now), rule);
  return { halfWidth, min: ticket.rating - halfWidth, max: ticket.rating + halfWidth };
}

/** What a wave needs to know about the players' recent ranked games. */
export interface PairingHistory {
  /** Ranked games the two players played against each other in the last 24 hours (either order). */
  gamesBetween(playerA: string, playerB: string): number;
  /** How many of the player's last 10 ranked games they played with Black (0 when none). */
  blackInLast10(playerId: string): number;
  /**
   * The two accounts are linked (they registered or signed in from one address or device
   * recently, RANKED_SEPARATE_ADDRESSES): never paired. Absent: no links known.
   */
  linked?(playerA: string, playerB: string): boolean;
}

/** The same key for (a, b) and (b, a). */
export function pairKey(playerA: string, playerB: string): string {
  return playerA < playerB ? `${playerA}|${playerB}` : `${playerB}|${playerA}`;
}

/**
 * A PairingHistory from two maps: `gamesBetween` keyed by pairKey(a, b), `blackInLast10` keyed by
 * player id; a missing entry counts 0.
 */
export function historyFrom(
  maps: { gamesBetween?: ReadonlyMap<string, number>; blackInLast10?: ReadonlyMap<string, number>; linked?: ReadonlySet<string> } = {},
): PairingHistory {
  const between = maps.gamesBetween ?? new Map<string, number>();
  const black = maps.blackInLast10 ?? new Map<string, number>();
  const linked = maps.linked ?? new Set<string>();
  return {
    gamesBetween: (a, b) => between.get(pairKey(a, b)) ?? 0,
    blackInLast10: (p) => black.get(p) ?? 0,
    linked: (a, b) => linked.has(pairKey(a, b)),
  };
}

export interface TicketPair<T> {
  blackTicket: T;
  whiteTicket: T;
}

/** Tickets that could ever meet: same turn limit and clock (a pool), and bots only with bots. */
function groupKey(t: Pick<WaitingTicket, 'bot' | 'turnSeconds' | 'clock'>): string {
  return `${t.bot ? 'bot' : 'human'}:${t.turnSeconds ?? 'none'}:${t.clock ?? 'none'}`;
}

function groupsOf<T extends Pick<WaitingTicket, 'bot' | 'turnSeconds' | 'clock'>>(tickets: readonly T[]): T[][] {
  const groups = new Map<string, T[]>();
  for (const t of tickets) {
    const key = groupKey(t);
    const g = groups.get(key);
    if (g) g.push(t);
    else groups.set(key, [t]);
  }
  return [...groups.keys()].sort().map((k) => groups.get(k) as T[]);
}

/**
 * One ranked pairing wave over the waiting tickets (all ranked; the caller has already dropped
 * absent players and players seated in a game). Pure; deterministic for a given rng.
 *
 * - Two tickets can meet only with the same turnSeconds and clock, both bots or both humans, different
 *   players who are not linked (history.linked), and fewer than MAX_RANKED_GAMES_PER_PAIR_24H
 *   ranked games between them in 24 h. A ticket whose cooldown is not over (eligibleAt) waits.
 * - Ratings: the gap must be within BOTH tickets' windows (windowOf at `now`), so a newcomer's
 *   ±100 is respected even by someone who has waited long enough to accept the cap.
 * - Closest first: among all such candidate pairs, greedily take the smallest rating gap; ties go
 *   to the pair whose longer-waiting ticket has waited longest (then the other ticket's wait,
 *   then a fixed order). No ticket and no player is paired twice.
 * - Colours: Black goes to the player with fewer Black games among their last 10
 *   (history.blackInLast10); on a tie the lower-rated ticket (the earlier one in the rating
 *   order) is Black when rng() < 0.5. rng is called once per tied pair and never otherwise.
 *
 * Cost: per group a sort by rating, then candidate pairs are produced lazily in order of gap by a
 * heap holding, for each ticket, its next unpaired higher-rated neighbour inside its window:
 * O(n log n) plus O(log n) per rejected candidate (see BENCHMARKS.md, "Ranked pairing").
 * Returns the pairs in the order they were made (closest first within a group).
 */
export function pairWave<T extends WaitingTicket>(
  tickets: readonly T[],
  now: Instant,
  history: PairingHistory,
  rng: () => number = Math.random,
  rule: WindowRule = RANKED_WINDOW,
): Array<TicketPair<T>> {
  const nowMs = msOf(now);
  const pairedPlayers = new Set<string>();
  const out: Array<TicketPair<T>> = [];
  const eligible = tickets.filter((t) => isEligible(t, nowMs));
  for (const group of groupsOf(eligible)) pairGroup(group, nowMs, history, rng, rule, pairedPlayers, out);
  return out;
}

function pairGroup<T extends WaitingTicket>(
  group: readonly T[], nowMs: number, history: PairingHistory, rng: () => number, rule: WindowRule,
  pairedPlayers: Set<string>, out: Array<TicketPair<T>>,
): void {
  const n = group.length;
  if (n < 2) return;
  const joinOf = group.map((t) => waitStartOf(t));
  const order = Array.from({ length: n }, (_, i) => i).sort((a, b) => group[a].rating - group[b].rating
    || joinOf[a] - joinOf[b]
    || (group[a].ticketId < group[b].ticketId ? -1 : group[a].ticketId > group[b].ticketId ? 1 : 0));
  const t = order.map((i) => group[i]);
  const rating = Float64Array.from(order, (i) => group[i].rating);
  const join = Float64Array.from(order, (i) => joinOf[i]);
  const width = Float64Array.from(order, (i) => halfWidthOf(joinOf[i], nowMs, rule));

  // next[x]: the first unpaired index >= x (n when none), with path compression.
  const next = new Int32Array(n + 1);
  for (let x = 0; x <= n; x++) next[x] = x;
  const find = (x: number): number => {
    let r = x;
    while (next[r] !== r) r = next[r];
    while (next[x] !== r) {
      const up = next[x];
      next[x] = r;
      x = up;
    }
    return r;
  };
  const alive = new Uint8Array(n).fill(1);

  // cur[i]: the candidate partner (i < cur[i]) ticket i's stream is at.
  const cur = new Int32Array(n);
  // Min-heap of ticket indices ordered by the key of (i, cur[i]).
  const heap = new Int32Array(n);
  let size = 0;
  const less = (a: number, b: number): boolean => {
    const ja = cur[a];
    const jb = cur[b];
    const ga = rating[ja] - rating[a];
    const gb = rating[jb] - rating[b];
    if (ga !== gb) return ga < gb;
    const oa = Math.min(join[a], join[ja]);
    const ob = Math.min(join[b], join[jb]);
    if (oa !== ob) return oa < ob;
    const ya = Math.max(join[a], join[ja]);
    const yb = Math.max(join[b], join[jb]);
    if (ya !== yb) return ya < yb;
    return a !== b ? a < b : ja < jb;
  };
  const push = (i: number): void => {
    let k = size++;
    while (k > 0) {
      const parent = (k - 1) >> 1;
      if (!less(i, heap[parent])) break;
      heap[k] = heap[parent];
      k = parent;
    }
    heap[k] = i;
  };
  const pop = (): number => {
    const top = heap[0];
    const last = heap[--size];
    let k = 0;
    for (;;) {
      let c = 2 * k + 1;
      if (c >= size) break;
      if (c + 1 < size && less(heap[c + 1], heap[c])) c++;
      if (!less(heap[c], last)) break;
      heap[k] = heap[c];
      k = c;
    }
    if (size > 0) heap[k] = last;
    return top;
  };
  /** Moves i's stream to its next unpaired neighbour at or after `from`; queues it if inside i's window. */
  const advance = (i: number, from: number): void => {
    const j = find(from);
    if (j < n && rating[j] - rating[i] <= width[i]) {
      cur[i] = j;
      push(i);
    }
  };

  for (let i = 0; i < n; i++) {
    if (pairedPlayers.has(t[i].playerId)) {
      alive[i] = 0;
      next[i] = i + 1;
    }
  }
  for (let i = 0; i < n; i++) if (alive[i]) advance(i, i + 1);

  while (size > 0) {
    const i = pop();
    if (!alive[i]) continue;
    const a = t[i];
    if (pairedPlayers.has(a.playerId)) { // another ticket of the same player was paired
      alive[i] = 0;
      next[i] = i + 1;
      continue;
    }
    const j = cur[i];
    const b = t[j];
    if (alive[j] && pairedPlayers.has(b.playerId)) {
      alive[j] = 0;
      next[j] = j + 1;
    }
    if (!alive[j]) {
      advance(i, j + 1);
      continue;
    }
    if (rating[j] - rating[i] > width[j] || a.playerId === b.playerId
      || history.gamesBetween(a.playerId, b.playerId) >= MAX_RANKED_GAMES_PER_PAIR_24H
      || history.linked?.(a.playerId, b.playerId)) {
      advance(i, j + 1);
      continue;
    }
    alive[i] = 0;
    alive[j] = 0;
    next[i] = i + 1;
    next[j] = j + 1;
    pairedPlayers.add(a.playerId);
    pairedPlayers.add(b.playerId);
    out.push(colourBalance(a, b, history, rng));
  }
}

/** Black to the player with fewer Black games in their last 10; a tie: `a` is Black when rng() < 0.5. */
export function colourBalance<T extends Pick<WaitingTicket, 'playerId'>>(a: T, b: T, history: PairingHistory, rng: () => number = Math.random): TicketPair<T> {
  const blackA = history.blackInLast10(a.playerId);
  const blackB = history.blackInLast10(b.playerId);
  const aBlack = blackA !== blackB ? blackA < blackB : rng() < 0.5;
  return aBlack ? { blackTicket: a, whiteTicket: b } : { blackTicket: b, whiteTicket: a };
}

/* ================================================================ unranked waves */

export type UnrankedTicket = Pick<WaitingTicket, 'ticketId' | 'playerId' | 'joinedAt' | 'bot' | 'turnSeconds' | 'clock'>;

/**
 * Unranked pairing, first come first served: in joining order (ties by ticketId), each ticket
 * is paired with the earliest-joined ticket still waiting with the same turnSeconds, clock and kind
 * (bot/human) that belongs to another player; the one who joined first plays Black (as colorsFor).
 * No ticket and no player is paired twice. Returns the pairs in the order they were made.
 */
export function pairUnranked<T extends UnrankedTicket>(tickets: readonly T[]): Array<TicketPair<T>> {
  const sorted = [...tickets].sort((a, b) => msOf(a.joinedAt) - msOf(b.joinedAt)
    || (a.ticketId < b.ticketId ? -1 : a.ticketId > b.ticketId ? 1 : 0));
  const waiting = new Map<string, T[]>();
  const pairedPlayers = new Set<string>();
  const out: Array<TicketPair<T>> = [];
  for (const ticket of sorted) {
    if (pairedPlayers.has(ticket.playerId)) continue;
    const key = groupKey(ticket);
    const queue = waiting.get(key) ?? [];
    waiting.set(key, queue);
    const k = queue.findIndex((w) => w.playerId !== ticket.playerId && !pairedPlayers.has(w.playerId));
    if (k < 0) {
      queue.push(ticket);
      continue;
    }
    const [first] = queue.splice(k, 1);
    pairedPlayers.add(first.playerId);
    pairedPlayers.add(ticket.playerId);
    out.push({ blackTicket: first, whiteTicket: ticket });
  }
  return out;
}
