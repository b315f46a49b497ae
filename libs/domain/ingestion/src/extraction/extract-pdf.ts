import { ExtractionError } from './extraction-error';

export interface ExtractedPdf {
  title?: string;
  text: string;
  page_count: number;
}

interface PdfTextItem {
  str?: string;
  hasEOL?: boolean;
}

type PdfJs = typeof import('pdfjs-dist/legacy/build/pdf.mjs', { with: { 'resolution-mode': 'import' } });
let pdfjs: Promise<PdfJs> | undefined;

/** pdf.js is an ES module; the legacy build is the one that runs on Node 20. */
function loadPdfJs(): Promise<PdfJs> {
  pdfjs ??= import('pdfjs-dist/legacy/build/pdf.mjs');
  return pdfjs;
}

/**
 * Text of every page, pages separated by a blank line. Runs wherever it is called: the
 * extraction pool calls it in a worker thread it can stop, so a hostile file cannot hang the
 * service.
 */
export async function extractPdf(bytes: Uint8Array): Promise<ExtractedPdf> {
  const { getDocument } = await loadPdfJs();
  const task = getDocument({
    // pdf.js takes ownership of (and detaches) the buffer it is given: hand it a copy.
    data: new Uint8Array(bytes),
    isEvalSupported: false,
    disableFontFace: true,
    useSystemFonts: false,
    verbosity: 0,
  });
  try {
    const doc = await task.promise.catch((error: unknown) => {
      const name = error instanceof Error ? error.name : '';
      if (name === 'PasswordException') {
        throw new ExtractionError('ENCRYPTED_FILE', 'The PDF is password-protected');
      }
      throw new ExtractionError(
        'INVALID_FILE_FORMAT',
        `The PDF cannot be read: ${error instanceof Error ? error.message : String(error)}`,
      );
    });
    const info = (await doc.getMetadata().catch(() => undefined))?.info as { Title?: unknown } | undefined;
    const pages: string[] = [];
    for (let n = 1; n <= doc.numPages; n++) {
      const page = await doc.getPage(n);
      const content = await page.getTextContent();
      const text = (content.items as PdfTextItem[])
        .map((item) => (item.str ?? '') + (item.hasEOL ? '\n' : ''))
        .join('')
        .replace(/[ \t]+\n/g, '\n')
        .trim();
      pages.push(text);
      page.cleanup();
    }
    const title = typeof info?.Title === 'string' && info.Title.trim() ? info.Title.trim() : undefined;
    return { title, text: pages.filter(Boolean).join('\n\n'), page_count: doc.numPages };
  } catch (error: unknown) {
    if (error instanceof ExtractionError) throw error;
    throw new ExtractionError(
      'INVALID_FILE_FORMAT',
      `The PDF cannot be read: ${error instanceof Error ? error.message : String(error)}`,
    );
  } finally {
    await task.destroy().catch(() => undefined);
  }
}
