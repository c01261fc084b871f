/**
 * An indexed binary min-heap: the pool's ready owners, least charged first (pool.ts). Each item
 * remembers where it sits (`at`), so an owner whose charge changes while it waits moves in
 * O(log n) instead of the pool walking every waiting owner for each dispatch: with thousands of
 * tables waiting for a bot, that walk was 7% of a busy server's event loop (docs/deploy.md).
 */
export interface HeapItem {
  /** Where the item sits in the heap holding it; -1 when in none. */
  at: number;
}

export class MinHeap<T extends HeapItem> {
  private readonly items: T[] = [];

  /** `before(a, b)`: a comes out first. Must be a strict total order for the pool's ties to hold. */
  constructor(private readonly before: (a: T, b: T) => boolean) {}

  get size(): number {
    return this.items.length;
  }

  /** The first item, left in place. */
  peek(): T | undefined {
    return this.items[0];
  }

  push(item: T): void {
    item.at = this.items.length;
    this.items.push(item);
    this.up(item.at);
  }

  /** Takes `item` out (it must be in this heap). */
  remove(item: T): void {
    const i = item.at;
    const last = this.items.pop()!;
    item.at = -1;
    if (last === item) return;
    this.items[i] = last;
    last.at = i;
    this.fix(last);
  }

  /** Puts `item` back in order after its key changed (either way). */
  fix(item: T): void {
    if (!this.up(item.at)) this.down(item.at);
  }

  /** Every item, in no particular order, leaving the heap empty. */
  drain(): T[] {
    const all = this.items.splice(0);
    for (const item of all) item.at = -1;
    return all;
  }

  private place(item: T, i: number): void {
    this.items[i] = item;
    item.at = i;
  }

  /** Moves the item at `i` towards the top while it goes first; whether it moved. */
  private up(i: number): boolean {
    const item = this.items[i]!;
    const start = i;
    while (i > 0) {
      const parent = (i - 1) >> 1;
      const p = this.items[parent]!;
      if (!this.before(item, p)) break;
      this.place(p, i);
      i = parent;
    }
    if (i !== start) this.place(item, i);
    return i !== start;
  }

  private down(i: number): void {
    const item = this.items[i]!;
    const n = this.items.length;
    for (;;) {
      const left = 2 * i + 1;
      if (left >= n) break;
      const right = left + 1;
      const child = right < n && this.before(this.items[right]!, this.items[left]!) ? right : left;
      const c = this.items[child]!;
      if (!this.before(c, item)) break;
      this.place(c, i);
      i = child;
    }
    this.place(item, i);
  }
}
