/**
 * Parsers for flag values (commander's argParser hooks). Each turns a string into a typed value
 * or throws commander's InvalidArgumentError, which commander reports as one line (exit 2).
 */
import { InvalidArgumentError } from 'commander';
import { z } from 'zod';
import type { AnyGame } from '../engine/game.js';
import { usage } from './errors.js';

const wholeNumber = z.string().trim().regex(/^\d+$/, 'must be a whole number');

/** A parser for a whole number in [min, max]. */
export function intFlag(min: number, max: number = Number.MAX_SAFE_INTEGER): (value: string) => number {
  return (value) => {
    const parsed = wholeNumber.safeParse(value.replaceAll('_', '').replaceAll(',', ''));
    if (!parsed.success) throw new InvalidArgumentError('It must be a whole number.');
    const n = Number(parsed.data);
    if (n < min || n > max) {
      throw new InvalidArgumentError(max === Number.MAX_SAFE_INTEGER ? `It must be at least ${min}.` : `It must be from ${min} to ${max}.`);
    }
    return n;
  };
}

export function seedFlag(value: string): string {
  if (value.length === 0) throw new InvalidArgumentError('A seed is a non-empty string.');
  return value;
}

/** Comma-separated bot names: "heuristic,random". */
export function botListFlag(value: string): string[] {
  const names = value.split(',').map((s) => s.trim());
  if (names.some((n) => n.length === 0)) throw new InvalidArgumentError('Name bots separated by commas, e.g. heuristic,random.');
  return names;
}

/** The seat count to use: the flag if given (checked against the game), else 4 within the game's range. */
export function seatsFor(game: AnyGame, flag: number | undefined): number {
  const { min, max } = game.seats;
  if (flag === undefined) return Math.min(max, Math.max(min, 4));
  if (flag < min || flag > max) usage(`${game.title} takes ${min}–${max} seats, not ${flag}`);
  return flag;
}
