/**
 * How a table's deal was made (docs/protocol.md, "The deal"): a practice table's fixed deal is
 * marked as such; otherwise the server's commitment to its seed, and the seed once the game is
 * over, so anyone can check the deal with `drey replay`.
 */
import type { DealInfo } from '../../../src/server/protocol.js';

export function DealNote({ deal }: { deal: DealInfo }) {
  if (deal.kind === 'fixed') {
    return (
      <span className="pill practice" data-testid="deal" title="The creator chose this table's seed or arrangement: a practice table">
        practice · fixed deal
      </span>
    );
  }
  return (
    <span className="muted small" data-testid="deal" title={`SHA-256 of the seed, published when the table was created: ${deal.commitment}`}>
      deal {deal.commitment.slice(0, 12)}…{deal.seed !== null && <> · seed <code>{deal.seed}</code></>}
    </span>
  );
}
