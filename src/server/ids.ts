/**
 * Table ids and seat tokens. A seat token is 256 random bits from node:crypto, shown to its
 * holder once; the server stores only its SHA-256, and compares hashes in constant time.
 */
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

/** 60 random bits: table ids are public (they are in invite links), so they need not be secret. */
export const newTableId = (): string => randomBytes(8).toString('base64url').slice(0, 10);

/** A seat token: 256 bits, base64url. */
export const newSeatToken = (): string => randomBytes(32).toString('base64url');

/** A fresh random seed for a table whose creator did not fix one. */
export const newSeed = (): string => randomBytes(12).toString('base64url');

/** What the server stores of a seat token: its SHA-256 (`tokenDigest`), hex. */
export const hashToken = (token: string): string => tokenDigest(token).toString('hex');

/**
 * The published commitment to a table's seed: its SHA-256, hex. Every frame carries it, so it is
 * kept per seed (a hash per viewer per action showed in the server's profile); the memo is
 * emptied when it grows past the tables a process holds, so it stays bounded.
 */
export function seedCommitment(seed: string): string {
  let hash = commitments.get(seed);
  if (hash === undefined) {
    if (commitments.size >= MAX_COMMITMENTS) commitments.clear();
    hash = createHash('sha256').update(seed, 'utf8').digest('hex');
    commitments.set(seed, hash);
  }
  return hash;
}
const commitments = new Map<string, string>();
const MAX_COMMITMENTS = 20_000;

/** Whether `token` hashes to `expectedHash`, without leaking where they first differ. */
export function tokenMatches(token: string, expectedHash: string): boolean {
  return tokenDigestMatches(tokenDigest(token), expectedHash);
}

/** A token's SHA-256 as bytes: hashed once to compare with several seats' hashes (`tokenDigestMatches`). */
export function tokenDigest(token: string): Buffer {
  return createHash('sha256').update(token, 'utf8').digest();
}

/** Whether a token's digest is `expectedHash` (hex), without leaking where they first differ. */
export function tokenDigestMatches(actual: Buffer, expectedHash: string): boolean {
  const expected = Buffer.from(expectedHash, 'hex');
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}
