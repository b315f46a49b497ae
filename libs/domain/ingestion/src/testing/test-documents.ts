// Builds real documents for the extraction tests (pdf-lib, docx): nothing is checked in.
import { Document, HeadingLevel, Packer, Paragraph, Table, TableCell, TableRow, TextRun } from 'docx';
import { PDFDocument, StandardFonts } from 'pdf-lib';

/** A PDF with one page per entry of `pages` (each a list of lines) and an optional title. */
export async function makePdf(pages: string[][], title?: string): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  for (const lines of pages) {
    const page = doc.addPage([612, 792]);
    lines.forEach((line, i) => page.drawText(line, { x: 50, y: 740 - i * 16, size: 11, font }));
  }
  if (title) doc.setTitle(title);
  return doc.save({ useObjectStreams: false });
}

/** The same PDF with a standard-security /Encrypt entry whose user password is not empty. */
export async function makeEncryptedPdf(): Promise<Uint8Array> {
  const plain = Buffer.from(await makePdf([['secret text']])).toString('latin1');
  const hex = (byte: string): string => byte.repeat(32);
  const encrypt = `/Encrypt << /Filter /Standard /V 1 /R 2 /O <${hex('ab')}> /U <${hex('cd')}> /P -4 >> /ID [<${hex('01').slice(0, 32)}> <${hex('01').slice(0, 32)}>]`;
  return Buffer.from(
    plain.replace(/trailer\s*<</, (m) => `${m}\n${encrypt}\n`),
    'latin1',
  );
}

/** A DOCX with a heading, paragraphs and a 2×2 table. */
export async function makeDocx(heading: string, paragraphs: string[]): Promise<Uint8Array> {
  const doc = new Document({
    sections: [
      {
        children: [
          new Paragraph({ text: heading, heading: HeadingLevel.HEADING_1 }),
          ...paragraphs.map((p) => new Paragraph({ children: [new TextRun(p)] })),
          new Table({
            rows: [
              new TableRow({
                children: ['Name', 'Role'].map((t) => new TableCell({ children: [new Paragraph(t)] })),
              }),
              new TableRow({
                children: ['Ada', 'Engineer'].map((t) => new TableCell({ children: [new Paragraph(t)] })),
              }),
            ],
          }),
        ],
      },
    ],
  });
  return new Uint8Array(await Packer.toBuffer(doc));
}
