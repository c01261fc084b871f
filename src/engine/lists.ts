/**
 * Lists shaped for V8's fast paths. A state's lists keep one "elements kind" for their whole life:
 * a list of lists (hands, piles) or of objects (events) made as `[]` starts as a list of small
 * integers and changes kind at its first push, and a copy made with `new Array(n)` is a list with
 * holes. Code optimized for one kind is thrown away (deoptimized) the first time it meets the
 * other, so states whose lists differed only in how they were made cost recompilations on and
 * off through a search (measured: ~20 deoptimizations during the first 40 ISMCTS decisions).
 */

/** An empty list that V8 keeps as a list of references from the start (for lists of lists or objects). */
export function emptyObjectList<T>(): T[] {
  // A literal holding an object is made with the references kind; popping it leaves it empty but
  // keeps the kind (an empty literal `[]` would be a list of small integers until its first push).
  const list: (T | null)[] = [null];
  list.pop();
  return list as T[];
}
