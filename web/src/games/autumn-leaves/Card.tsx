/**
 * An Autumn Leaves card in SVG: the rank in the corners and on a leaf whose colour turns from
 * spring green (1) to deep red (the highest rank), read from the deck content (L1). The highest
 * rank comes from the table's module (MaxRank, provided by index.ts per content).
 */
import { createContext, useContext } from 'react';
import { BUILTIN_TABLES } from '../../../../src/games/autumn-leaves/content/index.js';

/** The deck's highest rank for the cards drawn below it: the module built from a variant provides its own. */
export const MaxRank = createContext<number>(BUILTIN_TABLES.maxRank);

/** Leaf colours along the season, from the lowest rank to the highest. */
const SEASON = ['#5f9e3a', '#86a83a', '#b3ad34', '#d6a22c', '#e08a26', '#de6c22', '#cf5120', '#b83b1f', '#9c2b22', '#7d2222'];

export function rankColor(rank: number, maxRank: number): string {
  const t = maxRank <= 1 ? 0 : (rank - 1) / (maxRank - 1);
  return SEASON[Math.round(t * (SEASON.length - 1))] ?? SEASON[0]!;
}

const LEAF = 'M30 14 C44 22 46 40 30 62 C14 40 16 22 30 14 Z';

export interface CardProps {
  rank: number;
  /** Draw only the top strip (a card under others in a pile). */
  peek?: boolean;
  x?: number;
  y?: number;
  width?: number;
}

export function CardFace({ rank, x = 0, y = 0, width = 60 }: CardProps) {
  const color = rankColor(rank, useContext(MaxRank));
  const s = width / 60;
  return (
    <g transform={`translate(${x} ${y}) scale(${s})`} aria-label={`card ${rank}`}>
      <rect x="0.5" y="0.5" width="59" height="83" rx="6" fill="#fffaf0" stroke="#6b4a2b" strokeWidth="1" />
      <rect x="4" y="4" width="52" height="76" rx="4" fill={color} opacity="0.14" />
      <path d={LEAF} fill={color} stroke="#4a2f18" strokeWidth="0.8" />
      <path d="M30 18 L30 66" stroke="#4a2f18" strokeWidth="1" opacity="0.6" />
      <text x="30" y="47" textAnchor="middle" fontSize="18" fontWeight="700" fill="#fffaf0" stroke="#3b2410" strokeWidth="0.6" paintOrder="stroke">
        {rank}
      </text>
      <text x="7" y="16" fontSize="13" fontWeight="700" fill="#3b2410">
        {rank}
      </text>
      <text x="53" y="78" fontSize="13" fontWeight="700" fill="#3b2410" textAnchor="end">
        {rank}
      </text>
    </g>
  );
}

export function CardBack({ x = 0, y = 0, width = 60 }: Omit<CardProps, 'rank'>) {
  const s = width / 60;
  return (
    <g transform={`translate(${x} ${y}) scale(${s})`} aria-label="a hidden card">
      <rect x="0.5" y="0.5" width="59" height="83" rx="6" fill="#7a4e2a" stroke="#3b2410" strokeWidth="1" />
      <rect x="5" y="5" width="50" height="74" rx="4" fill="none" stroke="#e9c98f" strokeWidth="1.2" strokeDasharray="3 2" />
      <path d={LEAF} transform="translate(15 12) scale(0.5)" fill="#e9c98f" opacity="0.8" />
    </g>
  );
}

/** A single card as its own small SVG, for hands and buttons. */
export function Card({ rank, width = 60, hidden = false }: { rank: number | null; width?: number; hidden?: boolean }) {
  return (
    <svg
      className="card-svg"
      viewBox="0 0 60 84"
      width={width}
      height={(width * 84) / 60}
      role={hidden ? undefined : 'img'}
      aria-hidden={hidden || undefined}
      aria-label={hidden ? undefined : rank === null ? 'a hidden card' : `card ${rank}`}
    >
      {rank === null ? <CardBack /> : <CardFace rank={rank} />}
    </svg>
  );
}
