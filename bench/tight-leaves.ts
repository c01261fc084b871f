/**
 * A tight hand-written Autumn Leaves loop: the yardstick for the engine's random playouts
 * (`npm run bench` prints both and their ratio; the target is playouts at least half as fast).
 *
 * It plays the same game as src/games/autumn-leaves (L1–L9: 55-card Pairs deck, 7-card hands,
 * six hands, simultaneous choice, lowest card acts first with ties broken by the leaf piles from the
 * top down, placing on a pile one rank away, take back or discard-and-draw, cold snap, the hand
 * ending on an emptied hand or the last draw, scoring) with every choice uniformly random, as a
 * random playout makes them — but with none of the engine's machinery: no state objects, views,
 * legal-action lists, action checks or events; flat typed arrays reused from game to game and a
 * xorshift generator. It is what a programmer writes to play the game as fast as possible, and it
 * counts its actions the way the engine does (a choice, a placement, a keep or a discard each).
 */

const RANKS = 10;
const HAND = 7;
const HANDS = 6;
const DECK = 55;
const MAX_PILE = DECK;

export class TightLeaves {
  private readonly seats: number;
  private s = 0x9e3779b9;
  private readonly deck = new Uint8Array(DECK);
  private drawAt = 0;
  /** hand[seat * DECK + i], handLen[seat]. */
  private readonly hand: Uint8Array;
  private readonly handLen: Uint8Array;
  /** pile[seat * MAX_PILE + i] bottom → top, pileLen[seat]. */
  private readonly pile: Uint8Array;
  private readonly pileLen: Uint8Array;
  private readonly chosen: Uint8Array;
  private readonly acted: Uint8Array;
  private readonly fits: Uint8Array;
  readonly scores: Int32Array;

  constructor(seats: number) {
    this.seats = seats;
    this.hand = new Uint8Array(seats * DECK);
    this.handLen = new Uint8Array(seats);
    this.pile = new Uint8Array(seats * MAX_PILE);
    this.pileLen = new Uint8Array(seats);
    this.chosen = new Uint8Array(seats);
    this.acted = new Uint8Array(seats);
    this.fits = new Uint8Array(seats);
    this.scores = new Int32Array(seats);
  }

  /** xorshift32: a uniform integer in [0, n). */
  private rand(n: number): number {
    let x = this.s;
    x ^= x << 13;
    x ^= x >>> 17;
    x ^= x << 5;
    this.s = x >>> 0;
    return this.s % n;
  }

  private top(seat: number): number {
    const n = this.pileLen[seat]!;
    return n === 0 ? 0 : this.pile[seat * MAX_PILE + n - 1]!;
  }

  private fitsSomewhere(card: number): boolean {
    for (let p = 0; p < this.seats; p++) {
      const t = this.top(p);
      if (t !== 0 && (t === card + 1 || t === card - 1)) return true;
    }
    return false;
  }

  /** L5: the next seat to act among those that have not, or −1. */
  private next(): number {
    let best = -1;
    for (let p = 0; p < this.seats; p++) {
      if (this.acted[p]) continue;
      if (best < 0 || this.before(p, best)) best = p;
    }
    return best;
  }

  /** Whether `a` acts before `b` (L5): lower chosen card, then the piles from the top down. */
  private before(a: number, b: number): boolean {
    const ca = this.chosen[a]!;
    const cb = this.chosen[b]!;
    if (ca !== cb) return ca < cb;
    const la = this.pileLen[a]!;
    const lb = this.pileLen[b]!;
    for (let d = 1; ; d++) {
      if (d > la || d > lb) {
        if (d > la && d > lb) return a < b; // identical piles: a fixed order stands in for the seed
        return d <= la; // having a card acts before having none
      }
      const xa = this.pile[a * MAX_PILE + la - d]!;
      const xb = this.pile[b * MAX_PILE + lb - d]!;
      if (xa !== xb) return xa < xb;
    }
  }

  private push(seat: number, card: number): void {
    this.pile[seat * MAX_PILE + this.pileLen[seat]!] = card;
    this.pileLen[seat]!++;
  }

  /** Plays one hand; returns the actions taken. */
  private playHand(): number {
    const { seats, deck } = this;
    // L1/L2: shuffle the 55 cards and deal seven each.
    let k = 0;
    for (let r = 1; r <= RANKS; r++) for (let c = 0; c < r; c++) deck[k++] = r;
    for (let i = DECK - 1; i > 0; i--) {
      const j = this.rand(i + 1);
      const t = deck[i]!;
      deck[i] = deck[j]!;
      deck[j] = t;
    }
    this.drawAt = 0;
    for (let p = 0; p < seats; p++) {
      for (let i = 0; i < HAND; i++) this.hand[p * DECK + i] = deck[this.drawAt++]!;
      this.handLen[p] = HAND;
      this.pileLen[p] = 0;
    }
    let actions = 0;
    let emptied = -1;
    let first = true;
    for (;;) {
      // L3: everyone chooses a card, uniformly at random; it leaves the hand.
      for (let p = 0; p < seats; p++) {
        const n = this.handLen[p]!;
        const i = this.rand(n);
        const base = p * DECK;
        this.chosen[p] = this.hand[base + i]!;
        this.hand[base + i] = this.hand[base + n - 1]!;
        this.handLen[p] = n - 1;
        this.acted[p] = 0;
        actions++;
      }
      if (first) {
        // L4: each chosen card starts its owner's pile.
        first = false;
        for (let p = 0; p < seats; p++) this.push(p, this.chosen[p]!);
        for (let p = 0; p < seats; p++) if (this.handLen[p] === 0) emptied = p;
        if (emptied >= 0) break;
        continue;
      }
      // L7: a cold snap when no chosen card fits anywhere.
      let cold = true;
      for (let p = 0; p < seats && cold; p++) if (this.fitsSomewhere(this.chosen[p]!)) cold = false;
      let over = false;
      for (let p = this.next(); p >= 0; p = this.next()) {
        this.acted[p] = 1;
        const card = this.chosen[p]!;
        if (cold) {
          this.push(p, card);
          actions++;
          if (this.handLen[p] === 0) {
            emptied = p;
            over = true;
            break;
          }
          continue;
        }
        // L6: place on a random pile it fits, else take back or discard and draw.
        let nFits = 0;
        for (let q = 0; q < seats; q++) {
          const t = this.top(q);
          if (t !== 0 && (t === card + 1 || t === card - 1)) this.fits[nFits++] = q;
        }
        actions++;
        if (nFits > 0) {
          this.push(this.fits[this.rand(nFits)]!, card);
          if (this.handLen[p] === 0) {
            emptied = p;
            over = true;
            break;
          }
        } else if (this.rand(2) === 0) {
          this.hand[p * DECK + this.handLen[p]!] = card;
          this.handLen[p]!++;
        } else {
          this.hand[p * DECK + this.handLen[p]!] = deck[this.drawAt++]!;
          this.handLen[p]!++;
          if (this.drawAt === DECK) {
            over = true; // L8: the last card was drawn
            break;
          }
        }
      }
      if (over) {
        // L8: those who have not acted take their card back.
        for (let p = 0; p < seats; p++) {
          if (!this.acted[p]) {
            this.hand[p * DECK + this.handLen[p]!] = this.chosen[p]!;
            this.handLen[p]!++;
          }
        }
        break;
      }
    }
    // L9: scoring.
    for (let p = 0; p < seats; p++) {
      if (p === emptied) {
        this.scores[p]! -= this.pileLen[p]!;
        continue;
      }
      let high = 0;
      for (let i = 0; i < this.handLen[p]!; i++) high = Math.max(high, this.hand[p * DECK + i]!);
      this.scores[p]! += Math.max(0, high - this.pileLen[p]!);
    }
    return actions;
  }

  /** Plays a whole game (six hands) from `seed`; returns the actions taken. */
  play(seed: number): number {
    this.s = (seed * 0x9e3779b1 + 0x7f4a7c15) >>> 0 || 1;
    this.scores.fill(0);
    let actions = 0;
    for (let h = 0; h < HANDS; h++) actions += this.playHand();
    return actions;
  }
}
