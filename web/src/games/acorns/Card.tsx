/**
 * Acorns cards in SVG, drawn from the deck content (A1): trees with their acorns, squirrel cards
 * in their colour with one to three squirrels, the four foxes and the turtle. The card an id names
 * comes from the module's content (content.ts), so a variant's trees show their own acorns.
 */
import type { Card as CardData, Color } from '../../../../src/games/acorns/content/index.js';
import { cardOf } from '../../../../src/games/acorns/tables.js';
import { useAcornsTables } from './content.js';

export const COLOR_FILL: Record<Color, string> = { blue: '#3f6fb5', green: '#4f9a3a', red: '#c8452f', yellow: '#dcae1d' };

/** A little acorn: cap and nut. */
export function Acorn({ x, y, size = 10 }: { x: number; y: number; size?: number }) {
  const s = size / 10;
  return (
    <g transform={`translate(${x} ${y}) scale(${s})`}>
      <ellipse cx="0" cy="2" rx="4" ry="5" fill="#b7793a" stroke="#5b3a1e" strokeWidth="0.6" />
      <path d="M-5 -1 C-5 -6 5 -6 5 -1 Z" fill="#6b4423" />
      <rect x="-0.6" y="-7" width="1.2" height="2.5" fill="#6b4423" />
    </g>
  );
}

/** A sitting squirrel, facing right, tail curled up. */
function Squirrel({ x, y, fill }: { x: number; y: number; fill: string }) {
  return (
    <g transform={`translate(${x} ${y})`}>
      <path d="M-6 6 C-14 2 -12 -12 -4 -10 C-9 -6 -8 0 -3 2 Z" fill={fill} opacity="0.75" />
      <ellipse cx="0" cy="2" rx="4.5" ry="5.5" fill={fill} />
      <circle cx="3" cy="-4.5" r="3.2" fill={fill} />
      <path d="M2 -8 L3 -10.5 L4.3 -7.6 Z" fill={fill} />
      <circle cx="4.2" cy="-5" r="0.7" fill="#fff" />
    </g>
  );
}

function Face({ card }: { card: CardData }) {
  switch (card.kind) {
    case 'tree':
      return (
        <>
          <rect x="0.5" y="0.5" width="59" height="83" rx="6" fill="#f4ead2" stroke="#5b3a1e" />
          <rect x="27" y="44" width="6" height="22" fill="#7a4e2a" />
          <circle cx="30" cy="32" r="19" fill="#5f9e3a" />
          <circle cx="20" cy="38" r="10" fill="#4f8a30" />
          <circle cx="40" cy="38" r="10" fill="#4f8a30" />
          <Acorn x={30} y={31} size={16} />
          <text x="30" y="80" textAnchor="middle" fontSize="15" fontWeight="800" fill="#3b2410">
            {card.acorns}
          </text>
          <text x="6" y="14" fontSize="11" fontWeight="800" fill="#3b2410">
            {card.acorns}
          </text>
        </>
      );
    case 'squirrel': {
      const fill = COLOR_FILL[card.color];
      const spots = [[30, 42]], two = [[22, 30], [38, 56]], three = [[20, 24], [40, 42], [22, 62]];
      const at = card.squirrels === 1 ? spots : card.squirrels === 2 ? two : three;
      return (
        <>
          <rect x="0.5" y="0.5" width="59" height="83" rx="6" fill="#fffaf0" stroke={fill} strokeWidth="2" />
          <rect x="4" y="4" width="52" height="76" rx="4" fill={fill} opacity="0.13" />
          {at.map(([x, y], i) => (
            <Squirrel key={i} x={x!} y={y!} fill={fill} />
          ))}
          <text x="6" y="15" fontSize="12" fontWeight="800" fill={fill}>
            {card.squirrels}
          </text>
          <text x="54" y="79" fontSize="12" fontWeight="800" fill={fill} textAnchor="end">
            {card.squirrels}
          </text>
        </>
      );
    }
    case 'fox': {
      const fill = COLOR_FILL[card.color];
      return (
        <>
          <rect x="0.5" y="0.5" width="59" height="83" rx="6" fill="#fffaf0" stroke={fill} strokeWidth="3" />
          <path d="M14 26 L20 12 L26 24 L34 24 L40 12 L46 26 L42 46 L30 58 L18 46 Z" fill="#d8742a" stroke="#6b3510" strokeWidth="1" />
          <path d="M22 42 L30 58 L38 42 L30 46 Z" fill="#fff4e6" />
          <circle cx="24" cy="34" r="2" fill="#2b1a0c" />
          <circle cx="36" cy="34" r="2" fill="#2b1a0c" />
          <circle cx="30" cy="56" r="2" fill="#2b1a0c" />
          <text x="30" y="76" textAnchor="middle" fontSize="10" fontWeight="700" fill={fill}>
            FOX
          </text>
        </>
      );
    }
    case 'turtle':
      return (
        <>
          <rect x="0.5" y="0.5" width="59" height="83" rx="6" fill="#eef5e6" stroke="#3e6b2a" strokeWidth="2" />
          <ellipse cx="30" cy="44" rx="18" ry="13" fill="#5b8a3a" stroke="#2e4a1c" />
          <path d="M20 44 L30 34 L40 44 L30 54 Z" fill="#7aa84f" stroke="#2e4a1c" strokeWidth="0.8" />
          <circle cx="50" cy="42" r="4.5" fill="#8fb86a" />
          <rect x="16" y="53" width="5" height="6" rx="2" fill="#8fb86a" />
          <rect x="38" y="53" width="5" height="6" rx="2" fill="#8fb86a" />
          <text x="30" y="76" textAnchor="middle" fontSize="9" fontWeight="700" fill="#2e4a1c">
            TURTLE
          </text>
        </>
      );
  }
}

/** The card in a player's words. */
function label(card: CardData | undefined): string | undefined {
  if (!card) return undefined;
  switch (card.kind) {
    case 'tree':
      return `tree, ${card.acorns} acorns`;
    case 'squirrel':
      return `${card.color} squirrels, ${card.squirrels}`;
    case 'fox':
      return `${card.color} fox`;
    case 'turtle':
      return 'turtle';
  }
}

export function AcornsCard({ id, width = 56 }: { id: string; width?: number }) {
  const card = cardOf(useAcornsTables(), id);
  return (
    <svg className="card-svg" viewBox="0 0 60 84" width={width} height={(width * 84) / 60} role="img" aria-label={label(card) ?? id}>
      {card ? <Face card={card} /> : <rect width="60" height="84" rx="6" fill="#ccc" />}
    </svg>
  );
}
