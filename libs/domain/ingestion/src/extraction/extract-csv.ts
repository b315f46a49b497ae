import Papa from 'papaparse';

export interface ExtractedCsv {
  text: string;
  markdown: string;
  rows: number;
}

function escapeCell(value: string): string {
  return value.replace(/\|/g, '\\|').replace(/\r?\n/g, ' ');
}

/**
 * A table as text that reads on its own once chunked: each data row on one line as
 * `header: value; header: value`, so a chunk far from the header row still says what its
 * numbers are. Markdown is the table itself.
 */
export function extractCsv(source: string): ExtractedCsv {
  const parsed = Papa.parse<string[]>(source.replace(/^\uFEFF/, ''), { skipEmptyLines: 'greedy' });
  const rows = parsed.data.filter((row) => row.some((cell) => cell.trim() !== ''));
  if (rows.length === 0) return { text: '', markdown: '', rows: 0 };
  const [header, ...body] = rows as [string[], ...string[][]];
  const names = header.map((h, i) => h.trim() || `column ${i + 1}`);
  const lines =
    body.length === 0
      ? [header.map((h) => h.trim()).join('; ')]
      : body.map((row) =>
          row
            .map((cell, i) => [names[i] ?? `column ${i + 1}`, cell.trim()] as const)
            .filter(([, cell]) => cell !== '')
            .map(([name, cell]) => `${name}: ${cell}`)
            .join('; '),
        );
  const width = Math.max(...rows.map((r) => r.length));
  const pad = (row: string[]): string[] =>
    Array.from({ length: width }, (_, i) => escapeCell(row[i]?.trim() ?? ''));
  const markdown = [
    `| ${pad(names).join(' | ')} |`,
    `| ${Array.from({ length: width }, () => '---').join(' | ')} |`,
    ...body.map((row) => `| ${pad(row).join(' | ')} |`),
  ].join('\n');
  return { text: lines.filter(Boolean).join('\n'), markdown, rows: body.length };
}
