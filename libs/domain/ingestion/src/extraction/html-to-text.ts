import { parseHTML } from './linkedom';
import TurndownService from 'turndown';

const BLOCK = new Set([
  'ADDRESS',
  'ARTICLE',
  'ASIDE',
  'BLOCKQUOTE',
  'DD',
  'DIV',
  'DL',
  'DT',
  'FIELDSET',
  'FIGCAPTION',
  'FIGURE',
  'FOOTER',
  'FORM',
  'H1',
  'H2',
  'H3',
  'H4',
  'H5',
  'H6',
  'HEADER',
  'HR',
  'LI',
  'MAIN',
  'NAV',
  'OL',
  'P',
  'PRE',
  'SECTION',
  'TABLE',
  'TR',
  'UL',
  'BODY',
  'HTML',
]);
const SKIPPED = new Set(['SCRIPT', 'STYLE', 'NOSCRIPT', 'TEMPLATE', 'SVG', 'HEAD', 'IFRAME', 'OBJECT']);

interface DomNode {
  nodeType: number;
  nodeName: string;
  textContent: string | null;
  childNodes: ArrayLike<DomNode>;
}

/**
 * Readable text of an HTML fragment or document: paragraphs and other blocks on lines of their
 * own, table cells separated by tabs, runs of white space collapsed. (DOM textContent glues a
 * heading to the next paragraph, which breaks sentence-aware chunking.)
 */
export function htmlToText(html: string): string {
  const { document } = parseHTML(`<!doctype html><html><body>${html}</body></html>`);
  return nodeToText(document.body as unknown as DomNode);
}

export function nodeToText(root: DomNode): string {
  const out: string[] = [];
  const walk = (node: DomNode): void => {
    if (node.nodeType === 3) {
      out.push((node.textContent ?? '').replace(/\s+/g, ' '));
      return;
    }
    if (node.nodeType !== 1) return;
    const name = node.nodeName.toUpperCase();
    if (SKIPPED.has(name)) return;
    if (name === 'BR') {
      out.push('\n');
      return;
    }
    const block = BLOCK.has(name);
    if (block) out.push('\n\n');
    if (name === 'TD' || name === 'TH') out.push('\t');
    for (let i = 0; i < node.childNodes.length; i++) walk(node.childNodes[i]!);
    if (block) out.push('\n\n');
  };
  walk(root);
  return out
    .join('')
    .split('\n')
    .map((line) => line.replace(/[ \t]+/g, (m) => (m.includes('\t') ? '\t' : ' ')).trim())
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

let turndown: TurndownService | undefined;

/** Markdown of an HTML fragment (ATX headings, fenced code), for `content.markdown`. */
export function htmlToMarkdown(html: string): string {
  turndown ??= new TurndownService({
    headingStyle: 'atx',
    codeBlockStyle: 'fenced',
    bulletListMarker: '-',
  }).remove(['script', 'style', 'noscript', 'iframe']);
  return turndown.turndown(html).trim();
}
