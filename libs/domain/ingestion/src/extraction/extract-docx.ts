import mammoth from 'mammoth';
import { ExtractionError } from './extraction-error';
import { htmlToMarkdown, htmlToText } from './html-to-text';

export interface ExtractedDocx {
  text: string;
  markdown: string;
}

/** A Word document through mammoth's semantic HTML: headings, lists and tables survive. */
export async function extractDocx(bytes: Uint8Array): Promise<ExtractedDocx> {
  let html: string;
  try {
    const result = await mammoth.convertToHtml(
      { buffer: Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength) },
      // Images would travel as data URIs inside the Markdown; the text is what is indexed.
      { convertImage: mammoth.images.imgElement(() => Promise.resolve({ src: '' })) },
    );
    html = result.value;
  } catch (error: unknown) {
    throw new ExtractionError(
      'INVALID_FILE_FORMAT',
      `The DOCX file cannot be read: ${error instanceof Error ? error.message : String(error)}`,
    );
  }
  return { text: htmlToText(html), markdown: htmlToMarkdown(html) };
}
