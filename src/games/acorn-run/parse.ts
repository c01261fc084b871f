/**
 * Untrusted options, arrangements and actions → typed values. An arrangement fixes what setup
 * would otherwise shuffle (decks, market decks, the combo-token supply) and may place pawns and
 * acorns, for scenarios, tutorials and tests. Its format is documented in docs/rules/acorn-run.md.
 */
import type { RunTables } from './tables.js';
import { z } from 'zod';
import { err, ok, type GameError, type Result } from '../../engine/result.js';
import { describeZodError } from '../../engine/schema.js';
import { actionSchema, type Action } from './actions.js';
import { space, startSpaces } from './board.js';
import { kindOf, MAX_STARTER_SETS, starterCards } from './cards.js';
import { DIFFICULTIES } from './content/dummy-schema.js';

export const optionsSchema = z
  .object({
    /** The seat that races first (and starts on the bottom Go! space), or 'random' (drawn by the seed). */
    firstSeat: z.union([z.number().int().min(0), z.literal('random')]).default(0),
    /**
     * A shorter race over only the last `trees` trees (the Great Oak included), for a quick game
     * or a lesson; racers start on the first spaces of that course's first tree. Default: all.
     */
    trees: z.number().int().min(2).max(20).optional(),
    /** Sunset: the last round before the course closes (default from the content, race.roundLimit). */
    roundLimit: z.number().int().min(1).max(200).optional(),
    /** R14: dummy racers beside one or two seats (Twinkle, Bloom, Bolt, Tail, in that order). */
    dummies: z.number().int().min(0).default(0),
    /** R15: how the dummy deck is built. */
    difficulty: z.enum(DIFFICULTIES).default('normal'),
    /** R16: the seats start first or last, or (two seats) one first and one last with the dummies between. */
    start: z.enum(['first', 'last', 'split']).default('first'),
  })
  .strict();
export type Options = z.infer<typeof optionsSchema>;

export function parseOptions(T: RunTables, input: unknown, seats: number): Result<Options, GameError> {
  const parsed = optionsSchema.safeParse(input ?? {});
  if (!parsed.success) {
    return err({ code: 'bad-options', message: `Acorn Run options: ${describeZodError(parsed.error)}` });
  }
  const { dummies, start, trees } = parsed.data;
  if (trees !== undefined && trees > T.board.trees.length) {
    return err({ code: 'bad-options', message: `Acorn Run options: trees: the course has ${T.board.trees.length} trees, not ${trees}` });
  }
  if (dummies > 4) return err({ code: 'bad-options', message: `at most 4 dummies can race (Twinkle, Bloom, Bolt, Tail), not ${dummies}` });
  if (dummies > 0 && seats > 2) {
    return err({ code: 'bad-options', message: `dummies race only beside 1 or 2 players, not ${seats}` });
  }
  if (start === 'split' && (seats !== 2 || dummies === 0)) {
    return err({ code: 'bad-options', message: "start 'split' needs two players and at least one dummy between them" });
  }
  const first = parsed.data.firstSeat;
  if (typeof first === 'number' && first >= seats) {
    return err({ code: 'bad-options', message: `firstSeat ${first} is not a seat at a ${seats}-seat table` });
  }
  return ok(parsed.data);
}

export const arrangementSchema = z
  .object({
    /** Per seat, that racer's whole personal deck by card id, top first (the first cards are the opening hand); null = shuffled starter deck. */
    decks: z.array(z.array(z.string()).nullable()).optional(),
    /** The cheap market deck's top cards by id, top first (the first three are laid out); the rest is shuffled below. */
    cheap: z.array(z.string()).optional(),
    /** The same for the expensive market deck. */
    expensive: z.array(z.string()).optional(),
    /** The combo VP token supply's top token values, top first; the rest is shuffled below. */
    tokens: z.array(z.number().int()).optional(),
    /** Per seat, a starting space by name ('t2.y1.3', 't2.y.jump') instead of a Go! space; null = Go!. */
    positions: z.array(z.string().nullable()).optional(),
    /** Per seat, acorns in supply at the start. */
    acorns: z.array(z.number().int().min(0)).optional(),
    /** Per dummy (green, pink, yellow, brown), a starting space by name; null = its Go! space. */
    dummyPositions: z.array(z.string().nullable()).max(4).optional(),
    /** Per dummy, acorns in supply at the start. */
    dummyAcorns: z.array(z.number().int().min(0)).max(4).optional(),
    /** The dummy deck's first cards by id, in draw order (R15); the rest is built as usual. */
    dummyCards: z.array(z.string()).optional(),
  })
  .strict();
export type Arrangement = z.infer<typeof arrangementSchema>;

export interface Allocation {
  decks: (number[] | null)[];
  cheapTop: number[];
  cheapRest: number[];
  expensiveTop: number[];
  expensiveRest: number[];
  tokensTop: number[];
  tokensRest: number[];
  box: number[];
}

const fail = (message: string): Result<never, GameError> => err({ code: 'bad-arrangement', message });

function takeFrom(T: RunTables, pool: number[], id: string): number | null {
  const i = pool.findIndex((c) => kindOf(T, c).id === id);
  return i < 0 ? null : pool.splice(i, 1)[0]!;
}

/**
 * Deals the named cards out of the game's pool: starter cards from the racer's own set first,
 * then from the starter sets nobody uses; market cards out of their market deck.
 */
export function allocate(T: RunTables, seats: number, a: Arrangement | undefined): Result<Allocation, GameError> {
  // Every setup (every playout) comes here: plain copies and loops, and the starter sets nobody
  // uses are listed only when an arranged deck asks for one of their cards.
  const cheap = T.cards.cheap.slice();
  const expensive = T.cards.expensive.slice();
  const own: number[][] = [];
  for (let s = 0; s < seats; s++) own.push(starterCards(T, s));
  let spareSets: number[] | null = null;
  const spare = (): number[] => {
    if (spareSets === null) {
      spareSets = [];
      for (let set = seats; set < MAX_STARTER_SETS; set++) spareSets.push(...starterCards(T, set));
    }
    return spareSets;
  };
  const box: number[] = [];
  const decks: (number[] | null)[] = [];
  if ((a?.decks?.length ?? 0) > seats) return fail(`decks are given for ${a!.decks!.length} seats at a ${seats}-seat table`);
  for (let s = 0; s < seats; s++) {
    const ids = a?.decks?.[s];
    if (!ids) {
      decks.push(null);
      continue;
    }
    const deck: number[] = [];
    for (const id of ids) {
      const kind = T.cards.byId.get(id);
      if (!kind) return fail(`seat ${s}'s deck names an unknown card '${id}'`);
      const pool = kind.deck === 'starter' ? own[s]! : kind.deck === 'cheap' ? cheap : expensive;
      const card = takeFrom(T, pool, id) ?? (kind.deck === 'starter' ? takeFrom(T, spare(), id) : null);
      if (card === null) return fail(`seat ${s}'s deck names more '${id}' cards than the game has`);
      deck.push(card);
    }
    // Starter cards the arranged deck does not use stay in the box.
    box.push(...own[s]!);
    own[s] = [];
    decks.push(deck);
  }
  const top = (pool: number[], ids: readonly string[] | undefined, name: string): Result<number[], GameError> => {
    const out: number[] = [];
    for (const id of ids ?? []) {
      const card = takeFrom(T, pool, id);
      if (card === null) return fail(`the ${name} market deck has no (more) '${id}' card`);
      out.push(card);
    }
    return ok(out);
  };
  const cheapTop = top(cheap, a?.cheap, 'cheap');
  if (!cheapTop.ok) return cheapTop;
  const expensiveTop = top(expensive, a?.expensive, 'expensive');
  if (!expensiveTop.ok) return expensiveTop;
  const tokens: number[] = [];
  for (const t of T.content.race.comboTokens) for (let i = 0; i < t.count; i++) tokens.push(t.value);
  const tokensTop: number[] = [];
  for (const v of a?.tokens ?? []) {
    const i = tokens.indexOf(v);
    if (i < 0) return fail(`the combo token supply has no (more) tokens worth ${v}`);
    tokensTop.push(...tokens.splice(i, 1));
  }
  return ok({
    decks,
    cheapTop: cheapTop.value,
    cheapRest: cheap,
    expensiveTop: expensiveTop.value,
    expensiveRest: expensive,
    tokensTop,
    tokensRest: tokens,
    box,
  });
}

export function parseArrangement(T: RunTables, input: unknown, seats: number, options: Options): Result<Arrangement, GameError> {
  const parsed = arrangementSchema.safeParse(input);
  if (!parsed.success) {
    return fail(`Acorn Run arrangement: ${describeZodError(parsed.error)}`);
  }
  const a = parsed.data;
  const allocated = allocate(T, seats, a);
  if (!allocated.ok) return allocated;
  if ((a.positions?.length ?? 0) > seats) return fail(`positions are given for more than ${seats} seats`);
  const taken = new Set<number>();
  const first = options.firstSeat === 'random' ? null : options.firstSeat;
  const named = (a.positions ?? []).filter((p) => p !== null).length;
  if (first === null && named > 0 && named < seats) {
    return fail('with a random first seat, name every seat\'s start position (or fix firstSeat)');
  }
  for (let seat = 0; seat < seats; seat++) {
    const name = a.positions?.[seat] ?? null;
    // Seats without a named space start on their Go! space (unknown under a random first seat).
    const id = name === null ? (first === null ? undefined : startSpaces(T, options)[(seat - first + seats) % seats]) : T.board.byName.get(name);
    if (name !== null && (id === undefined || id === T.board.finish)) return fail(`'${name}' is not a space a pawn can start on`);
    if (id === undefined) continue;
    if (space(T, id).kind !== 'jumpoff' && taken.has(id)) return fail(`two pawns cannot start on ${space(T, id).name}`);
    taken.add(id);
  }
  for (const name of a.dummyPositions ?? []) {
    if (name === null) continue;
    const id = T.board.byName.get(name);
    if (id === undefined || id === T.board.finish) return fail(`'${name}' is not a space a dummy can start on`);
    if (space(T, id).kind !== 'jumpoff' && taken.has(id)) return fail(`two pawns cannot start on ${name}`);
    taken.add(id);
  }
  for (const id of a.dummyCards ?? []) if (!T.dummyCardById.has(id)) return fail(`there is no dummy card '${id}'`);
  if (new Set(a.dummyCards).size !== (a.dummyCards?.length ?? 0)) return fail('a dummy card is named twice');
  if ((a.acorns?.length ?? 0) > seats) return fail(`acorns are given for more than ${seats} seats`);
  // R8: the numbered acorn spaces count dummies as racers, so they take acorns from the supply too.
  const onBoard = T.startAcornCount[seats + options.dummies]!;
  const wanted = [...(a.acorns ?? []), ...(a.dummyAcorns ?? [])].reduce((x, y) => x + y, 0);
  if (onBoard + wanted > T.content.race.acorns) return fail(`only ${T.content.race.acorns - onBoard} acorns are left to hand out`);
  return ok(a);
}

export function parseAction(input: unknown): Result<Action, GameError> {
  const parsed = actionSchema.safeParse(input);
  if (parsed.success) return ok(parsed.data);
  const message = parsed.error.issues.map((i) => `${i.path.join('.') || 'action'}: ${i.message}`).join('; ');
  return err({ code: 'malformed-action', message: `not an Acorn Run action: ${message}` });
}
