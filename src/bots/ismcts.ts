/**
 * Information-set Monte Carlo tree search: SO-ISMCTS with availability counts (Cowling, Powley &
 * Whitehouse, "Information Set Monte Carlo Tree Search", IEEE TCIAIG 2012), for any number of
 * seats, simultaneous choices and multi-step turns.
 *
 * Fairness: the search sees only what a bot is given — its seat, its legal actions and
 * `determinize`, which deals a full state consistent with the seat's view (the game's `resample`).
 * Every iteration searches a fresh determinization; statistics are shared across them in one tree
 * whose edges are keyed by the canonical JSON of actions.
 *
 * Simultaneous choices (several seats in `toAct`): the seats of one such block choose one after
 * another in the determinization, but each from its own statistics at the node where the block
 * began (decoupled selection), so no seat's choice is conditioned on another's hidden choice.
 * Only once the whole block has chosen does the tree move on, to a child keyed by all the choices
 * (they are revealed then). A sequential turn is a block of one seat; a multi-step turn is a chain
 * of such nodes for the same seat.
 *
 * Rewards are per seat (see engine/search.ts); each edge accumulates the reward of the seat that took it.
 * Playouts are uniformly random, or the game's cheap playout policy, optionally with the game's
 * heuristic bot for the first few steps. They stop at the end of the game, when the game's stage
 * advances (Autumn Leaves: the hand ends), or at a step cap; the game's evaluator (or a draw)
 * scores a position short of the end.
 *
 * Deterministic: with an iteration budget the result depends only on the bot's generator and the
 * determinizations; no clock is read.
 */
import type { Bot, BotInput } from '../engine/bot.js';
import type { ActionBase, AnyGame, Seat } from '../engine/game.js';
import { actionKey } from '../engine/match.js';
import { nextInt, type Rng } from '../engine/rng.js';
import { advance } from '../engine/step.js';
import type { SearchKnowledge, SearchSettings } from '../engine/search.js';
import { pairedSearch } from './paired.js';
import { playout, searchable, type RootStat, type SearchResult } from './playout.js';

export type { RootStat, SearchResult } from './playout.js';

/** A search's settings (engine/search.ts) with what it takes from the game filled in. */
export interface IsmctsConfig extends SearchSettings {
  /** The game's heuristic bot, used for the first `heuristicSteps` playout steps (and by paired mode). */
  playoutBot?: Bot;
  /**
   * The game's evaluator, stage counter and playout policy. Without an evaluator a playout that
   * stops short of the end counts as a draw (0.5 each).
   */
  knowledge?: SearchKnowledge;
}

export const ISMCTS_DEFAULTS = {
  iterations: 1000,
  exploration: 0.7,
  playoutSteps: 200,
  heuristicSteps: 0,
  scoreWeight: 0.1,
} as const;

interface Edge {
  action: ActionBase;
  visits: number;
  /** Sum of the rewards of the seat that took this edge. */
  reward: number;
  /** How many times this edge was legal when its node was visited (availability count). */
  avail: number;
  /** Where the choices of a block that began with this edge lead (see `Joint`). */
  joint: Joint | undefined;
}

/**
 * The children of a node, by the choices its block made: a trie over the chosen edges, in the
 * order the seats chose. An edge belongs to one seat and one action key at one node, so a path of
 * edges names exactly what the joint key "seat:key;seat:key;" named, without building a string
 * per step: a one-seat block (a sequential turn) finds its child on its edge.
 */
class Joint {
  child: Node | undefined;
  /**
   * The next seat's edges in the block, when the block goes on, and where each leads: two lists
   * side by side, searched in order while they are short (a seat has a few choices, and a Map per
   * joint was a good part of what a block of four choosing seats cost), in a Map once long.
   */
  thenEdges: Edge[] | undefined;
  thenJoints: Joint[] | undefined;
  thenMap: Map<Edge, Joint> | undefined;

  next(edge: Edge): Joint {
    if (this.thenMap !== undefined) {
      let j = this.thenMap.get(edge);
      if (!j) {
        j = new Joint();
        this.thenMap.set(edge, j);
      }
      return j;
    }
    const edges = (this.thenEdges ??= []);
    const joints = (this.thenJoints ??= []);
    for (let i = 0; i < edges.length; i++) if (edges[i] === edge) return joints[i]!;
    const j = new Joint();
    if (edges.length < JOINT_LIST_MAX) {
      edges.push(edge);
      joints.push(j);
    } else {
      this.thenMap = new Map(edges.map((e, i) => [e, joints[i]!]));
      this.thenMap.set(edge, j);
      this.thenEdges = undefined;
      this.thenJoints = undefined;
    }
    return j;
  }
}

/** Past this many choices a joint looks its next seat's edges up in a Map (Joint.next). */
const JOINT_LIST_MAX = 16;

/**
 * One seat's edges at a node, found by the action's canonical key (the truth: a key names an
 * edge) and also by the action object that found it, in the same map. A game that lists the same
 * action objects again (Autumn Leaves and Acorn Run share them) then finds its edge in one lookup,
 * without a key lookup first, at every node an iteration passes through; one map per seat and node
 * because a search makes a node on nearly every iteration.
 */
type SeatEdges = Map<ActionBase | string, Edge>;

class Node {
  /**
   * Per seat acting at this node: its edges, indexed by seat (a few small numbers: a list is
   * cheaper than a map).
   */
  readonly edges: (SeatEdges | undefined)[] = [];

  edgesOf(seat: Seat): SeatEdges {
    let m = this.edges[seat];
    if (!m) {
      m = new Map();
      while (this.edges.length < seat) this.edges.push(undefined);
      this.edges[seat] = m;
    }
    return m;
  }
}

interface Settings {
  exploration: number;
  playoutSteps: number;
  heuristicSteps: number;
  scoreWeight: number;
  treeDepth: number;
  playoutBot: Bot | undefined;
  knowledge: SearchKnowledge;
}

/**
 * Action keys, cached by object: games that reuse their action objects across calls (Autumn
 * Leaves does) are keyed once, others pay for canonical JSON each time.
 */
const keyCache = new WeakMap<ActionBase, string>();
function keyOf(action: ActionBase): string {
  let key = keyCache.get(action);
  if (key === undefined) {
    key = actionKey(action);
    keyCache.set(action, key);
  }
  return key;
}

/** UCB1 with the availability count in place of the parent's visits, among the first `n` of `edges`. */
function selectEdge(edges: readonly Edge[], n: number, rng: Rng, c: number): Edge {
  let untried = 0;
  for (let i = 0; i < n; i++) if (edges[i]!.visits === 0) untried++;
  if (untried > 0) {
    // Expansion: a random untried action, so no action order is favoured.
    let k = nextInt(rng, untried);
    for (let i = 0; i < n; i++) if (edges[i]!.visits === 0 && k-- === 0) return edges[i]!;
  }
  let best = edges[0]!;
  let bestValue = -Infinity;
  for (let i = 0; i < n; i++) {
    const e = edges[i]!;
    const value = e.reward / e.visits + c * Math.sqrt(Math.log(e.avail) / e.visits);
    if (value > bestValue) {
      bestValue = value;
      best = e;
    }
  }
  return best;
}

/** One iteration: select and expand in `state` (a determinization, mutated), play out, back up. */
function iterate(game: AnyGame, root: Node, state: unknown, rng: Rng, s: Settings, path: Path): void {
  // The lists keep their room from iteration to iteration: entries past `length` are stale.
  // (Setting an array's length to 0 gives its storage back, so every iteration grew them anew.)
  path.length = 0;
  let node = root;
  let expanded = false;
  let depth = 0;
  let toAct = game.toAct(state);
  while (!expanded && toAct.length > 0 && depth++ < s.treeDepth) {
    // The seats to act now form a block: each chooses from this node's statistics. A block of one
    // seat (a sequential turn) needs no bookkeeping of who is still to choose; a larger block keeps
    // its seats still to choose as a bit set (seats are a few small numbers; no list per block).
    let remaining = toAct.length > 1 ? seatMask(toAct) : 0;
    let joint: Joint | undefined;
    for (;;) {
      const seat = toAct[0]!;
      const edge = chooseEdge(node.edgesOf(seat), searchable(game.legalActions(state, seat), s.knowledge.skip), rng, s.exploration, path.choices);
      const at = path.length++;
      if (at < path.edges.length) {
        path.seats[at] = seat;
        path.edges[at] = edge;
      } else {
        path.seats.push(seat);
        path.edges.push(edge);
      }
      toAct = advance(game, state, seat, edge.action);
      joint = joint === undefined ? (edge.joint ??= new Joint()) : joint.next(edge);
      remaining &= ~(1 << seat);
      // The block ends when all of it has chosen or someone outside it is to act.
      if (remaining === 0 || toAct.length === 0 || !allIn(toAct, remaining)) break;
    }
    let child = joint.child;
    if (!child) {
      child = new Node();
      joint.child = child;
      expanded = true;
    }
    node = child;
  }
  const { horizon } = s.knowledge;
  const rewards = playout(game, state, rng, {
    steps: s.playoutSteps,
    heuristicSteps: s.heuristicSteps,
    bot: s.playoutBot,
    knowledge: s.knowledge,
    scoreWeight: s.scoreWeight,
    stages: typeof horizon === 'function' ? horizon(state) : (horizon ?? 1),
  });
  for (let i = 0; i < path.length; i++) {
    const edge = path.edges[i]!;
    edge.visits++;
    // A capped playout with no evaluator gives no rewards: a draw for everyone.
    edge.reward += rewards[path.seats[i]!] ?? 0.5;
  }
}

/** The bit set of `seats` (every game seats at most 31 players: a block fits one 32-bit mask). */
function seatMask(seats: readonly Seat[]): number {
  let mask = 0;
  for (let i = 0; i < seats.length; i++) mask |= 1 << seats[i]!;
  return mask;
}

/** Whether every seat of `seats` is in the bit set `among` (asked at every step of a block). */
function allIn(seats: readonly Seat[], among: number): boolean {
  for (let i = 0; i < seats.length; i++) if ((among & (1 << seats[i]!)) === 0) return false;
  return true;
}

/**
 * The edges of `legal` at a node (made on first sight), each counted available, and UCB's pick
 * among them. `edges` is scratch space, overwritten from the start (its tail is stale): the pick
 * is all that outlives the call.
 */
function chooseEdge(byAction: SeatEdges, legal: readonly ActionBase[], rng: Rng, c: number, edges: Edge[]): Edge {
  for (let i = 0; i < legal.length; i++) {
    const action = legal[i]!;
    let e = byAction.get(action);
    if (e === undefined) {
      const key = keyOf(action);
      e = byAction.get(key);
      if (!e) {
        e = { action, visits: 0, reward: 0, avail: 0, joint: undefined };
        byAction.set(key, e);
      }
      byAction.set(action, e);
    }
    e.avail++;
    if (i < edges.length) edges[i] = e;
    else edges.push(e);
  }
  return selectEdge(edges, legal.length, rng, c);
}

/** The seats and edges an iteration took, in order: the first `length` of each list (reused from iteration to iteration). */
interface Path {
  length: number;
  seats: Seat[];
  edges: Edge[];
  /** Scratch: the edges available at the node being chosen at (chooseEdge). */
  choices: Edge[];
}

function settingsOf(config: IsmctsConfig): Settings {
  return {
    exploration: config.exploration ?? ISMCTS_DEFAULTS.exploration,
    playoutSteps: config.playoutSteps ?? ISMCTS_DEFAULTS.playoutSteps,
    heuristicSteps: config.heuristicSteps ?? ISMCTS_DEFAULTS.heuristicSteps,
    scoreWeight: config.scoreWeight ?? ISMCTS_DEFAULTS.scoreWeight,
    treeDepth: config.treeDepth ?? Infinity,
    playoutBot: config.playoutBot,
    knowledge: config.knowledge ?? {},
  };
}

/** Searches from the bot's information set and returns its choice with the root statistics. */
export function ismctsSearch(input: BotInput, config: IsmctsConfig = {}): SearchResult {
  const { game, seat, rng } = input;
  if (input.legal.length === 0) throw new Error(`${game.id}: seat ${seat} was asked to act with no legal action`);
  const settings = settingsOf(config);
  const legal = searchable(input.legal, settings.knowledge.skip);
  if (legal.length === 1) return { action: legal[0]!, iterations: 0, stats: [{ action: legal[0]!, visits: 0, mean: 0 }] };
  // Steps the game leaves to its heuristic (the middle of a multi-step move).
  if (settings.playoutBot && settings.knowledge.defer?.(input)) {
    const action = settings.playoutBot(input);
    return { action, iterations: 0, stats: [{ action, visits: 0, mean: 0 }] };
  }
  const maxIterations = config.iterations ?? (config.timeMs === undefined ? ISMCTS_DEFAULTS.iterations : Infinity);
  const deadline = config.timeMs === undefined ? Infinity : performance.now() + config.timeMs;
  if (config.paired) {
    if (!settings.playoutBot) throw new Error(`${game.id}: paired search needs the game's heuristic as playoutBot`);
    return pairedSearch(input, legal, {
      iterations: maxIterations,
      deadline,
      candidates: config.candidates ?? Infinity,
      horizon: config.horizon ?? Infinity,
      playoutSteps: config.playoutSteps ?? 100_000,
      scoreWeight: settings.scoreWeight,
      playoutBot: settings.playoutBot,
      knowledge: settings.knowledge,
    });
  }
  const root = new Node();
  const path: Path = { length: 0, seats: [], edges: [], choices: [] };
  let iterations = 0;
  while (iterations < maxIterations) {
    if (deadline !== Infinity && performance.now() >= deadline && iterations > 0) break;
    // A resample is a fresh state that shares nothing mutable with the real one (every game's
    // starts from its own clone; test/conformance.ts plays one on and checks the original), so
    // the iteration mutates it as it is: a second clone per iteration only cost time and garbage.
    iterate(game, root, input.determinize(rng), rng, settings, path);
    iterations++;
  }
  return { action: chooseAtRoot(root, seat, legal), iterations, stats: rootStats(root, seat, legal) };
}

function rootStats(root: Node, seat: Seat, legal: readonly ActionBase[]): RootStat[] {
  const byKey = root.edgesOf(seat);
  return legal
    .map((action) => {
      const e = byKey.get(keyOf(action));
      return { action, visits: e?.visits ?? 0, mean: e && e.visits > 0 ? e.reward / e.visits : 0 };
    })
    .sort((a, b) => b.visits - a.visits || b.mean - a.mean);
}

/** The most visited action (ties: the better mean, then the first legal), as given in `legal`. */
function chooseAtRoot(root: Node, seat: Seat, legal: readonly ActionBase[]): ActionBase {
  return rootStats(root, seat, legal)[0]!.action;
}

/** A bot that runs ISMCTS with `config` for every decision. */
export function makeIsmctsBot(config: IsmctsConfig = {}): Bot {
  return (input) => ismctsSearch(input, config).action;
}
