/**
 * A small Markdown renderer for the rules pages: headings, paragraphs, nested lists, tables,
 * fenced code, bold, italic, inline code and links. It builds React elements (no innerHTML), so
 * nothing in a page can inject markup.
 */
import { Fragment, type ReactNode } from 'react';

function inline(text: string, key = 0): ReactNode[] {
  const out: ReactNode[] = [];
  const re = /(\*\*([^*]+)\*\*|\*([^*\s][^*]*)\*|_([^_\s][^_]*)_|`([^`]+)`|\[([^\]]+)\]\(([^)\s]+)\))/g;
  let last = 0;
  let m: RegExpExecArray | null;
  let k = key;
  while ((m = re.exec(text)) !== null) {
    if (m.index > last) out.push(text.slice(last, m.index));
    if (m[2] !== undefined) out.push(<strong key={k++}>{inline(m[2], k * 100)}</strong>);
    else if (m[3] !== undefined) out.push(<em key={k++}>{inline(m[3], k * 100)}</em>);
    else if (m[4] !== undefined) out.push(<em key={k++}>{inline(m[4], k * 100)}</em>);
    else if (m[5] !== undefined) out.push(<code key={k++}>{m[5]}</code>);
    else if (m[6] !== undefined && m[7] !== undefined) {
      const href = /^(https?:|\/|#)/.test(m[7]) ? m[7] : undefined;
      out.push(href ? <a key={k++} href={href}>{m[6]}</a> : <span key={k++}>{m[6]}</span>);
    }
    last = m.index + m[0].length;
  }
  if (last < text.length) out.push(text.slice(last));
  return out;
}

interface ListItem {
  text: string;
  children: ListItem[];
}

const listMarker = /^(\s*)([-*]|\d+\.)\s+(.*)$/;

function renderList(items: ListItem[], ordered: boolean, key: number): ReactNode {
  const Tag = ordered ? 'ol' : 'ul';
  return (
    <Tag key={key}>
      {items.map((it, i) => (
        <li key={i}>
          {inline(it.text)}
          {it.children.length > 0 && renderList(it.children, false, i)}
        </li>
      ))}
    </Tag>
  );
}

export function Markdown({ source }: { source: string }) {
  const lines = source.replace(/\r\n/g, '\n').split('\n');
  const blocks: ReactNode[] = [];
  let i = 0;
  let key = 0;
  while (i < lines.length) {
    const line = lines[i]!;
    if (line.trim() === '') {
      i++;
      continue;
    }
    const heading = /^(#{1,4})\s+(.*)$/.exec(line);
    if (heading) {
      const level = heading[1]!.length;
      const content = inline(heading[2]!);
      blocks.push(level === 1 ? <h1 key={key++}>{content}</h1> : level === 2 ? <h2 key={key++}>{content}</h2> : <h3 key={key++}>{content}</h3>);
      i++;
      continue;
    }
    if (line.startsWith('```')) {
      const lang = line.slice(3).trim();
      const code: string[] = [];
      i++;
      while (i < lines.length && !lines[i]!.startsWith('```')) code.push(lines[i++]!);
      i++;
      // A block wider than the page scrolls sideways: it takes the keyboard focus (arrow keys
      // scroll it) and is named for a screen reader (axe: scrollable-region-focusable).
      blocks.push(
        <pre key={key++} tabIndex={0} aria-label={lang ? `${lang.toUpperCase()} example` : 'Figure in text'}>
          <code>{code.join('\n')}</code>
        </pre>,
      );
      continue;
    }
    if (line.startsWith('|')) {
      const rows: string[][] = [];
      while (i < lines.length && lines[i]!.startsWith('|')) {
        const cells = lines[i]!.trim().replace(/^\|/, '').replace(/\|$/, '').split('|').map((c) => c.trim());
        if (!cells.every((c) => /^:?-+:?$/.test(c))) rows.push(cells);
        i++;
      }
      const [head, ...body] = rows;
      blocks.push(
        // Scrolls sideways on a narrow screen: reachable and named like a code block.
        <div className="table-wrap" key={key++} role="region" tabIndex={0} aria-label={`Table: ${(head ?? []).join(', ')}`.slice(0, 120)}>
          <table>
            {head && (
              <thead>
                <tr>{head.map((c, j) => <th key={j}>{inline(c)}</th>)}</tr>
              </thead>
            )}
            <tbody>
              {body.map((r, ri) => (
                <tr key={ri}>{r.map((c, j) => <td key={j}>{inline(c)}</td>)}</tr>
              ))}
            </tbody>
          </table>
        </div>,
      );
      continue;
    }
    const marker = listMarker.exec(line);
    if (marker) {
      const ordered = /\d/.test(marker[2]!);
      const items: ListItem[] = [];
      while (i < lines.length && lines[i]!.trim() !== '') {
        const m = listMarker.exec(lines[i]!);
        if (m) {
          const item = { text: m[3]!, children: [] };
          if (m[1]!.length >= 2 && items.length > 0) items[items.length - 1]!.children.push(item);
          else items.push(item);
        } else {
          // A continuation line belongs to the latest item (or its latest child).
          const lastItem = items[items.length - 1];
          const target = lastItem?.children[lastItem.children.length - 1] ?? lastItem;
          if (target) target.text += ` ${lines[i]!.trim()}`;
        }
        i++;
      }
      blocks.push(renderList(items, ordered, key++));
      continue;
    }
    if (line.startsWith('>')) {
      const quote: string[] = [];
      while (i < lines.length && lines[i]!.startsWith('>')) quote.push(lines[i++]!.replace(/^>\s?/, ''));
      blocks.push(<blockquote key={key++}>{inline(quote.join(' '))}</blockquote>);
      continue;
    }
    const para: string[] = [];
    while (i < lines.length && lines[i]!.trim() !== '' && !/^(#|```|\||>)/.test(lines[i]!) && !listMarker.exec(lines[i]!)) {
      para.push(lines[i++]!.trim());
    }
    blocks.push(<p key={key++}>{inline(para.join(' '))}</p>);
  }
  return <Fragment>{blocks}</Fragment>;
}
