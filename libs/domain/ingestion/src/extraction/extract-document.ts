import { detectFormat, DocumentFormat, FORMAT_CONTENT_TYPES } from './document-format';
import { extractCsv } from './extract-csv';
import { extractDocx } from './extract-docx';
import { extractHtml } from './extract-html';
import { extractPdf } from './extract-pdf';
import { ExtractionError } from './extraction-error';

export interface ExtractionInput {
  bytes: Uint8Array;
  /** The uploaded file's name, when known (its extension is a hint, never trusted over the bytes). */
  file_name?: string;
  /** The declared MIME type, when known (a hint, like the name). */
  mime_type?: string;
  /** Refuse larger input with FILE_TOO_LARGE. */
  max_bytes: number;
  /** Also cut the text into chunks (the pool's worker does it, off the service's event loop). */
  chunk?: boolean;
}

/** A chunk of ExtractedDocument.text: `text === document.text.slice(start, start + text.length)`. */
export interface DocumentChunk {
  text: string;
  start: number;
}

/** A document turned into what Trove stores and indexes. */
export interface ExtractedDocument {
  format: DocumentFormat;
  content_type: string;
  /** The text that is chunked and indexed (and returned as `content.text`). */
  text: string;
  /** Markdown rendering, for formats that have structure (Markdown, HTML, DOCX, CSV). */
  markdown?: string;
  /** A title found in the document itself (HTML <title>, PDF metadata). */
  title?: string;
  page_count?: number;
  /** With `chunk` in the input: the text's chunks (@trove/text chunkText), in order. */
  chunks?: DocumentChunk[];
}

/**
 * Bytes to text, in the calling thread. Throws ExtractionError (with a processing error code)
 * for anything that is not a readable document; never anything else on purpose.
 */
export async function extractDocument(input: ExtractionInput): Promise<ExtractedDocument> {
  if (input.bytes.byteLength > input.max_bytes) {
    throw new ExtractionError(
      'FILE_TOO_LARGE',
      `The file has ${input.bytes.byteLength} bytes; the limit is ${input.max_bytes}`,
    );
  }
  if (input.bytes.byteLength === 0) throw new ExtractionError('EMPTY_CONTENT', 'The file is empty');
  const { format, text: decoded } = detectFormat(input.bytes, input.file_name, input.mime_type);
  const content_type = FORMAT_CONTENT_TYPES[format];
  let result: ExtractedDocument;
  switch (format) {
    case 'text':
      result = { format, content_type, text: normaliseText(decoded ?? '') };
      break;
    case 'markdown':
      result = { format, content_type, text: normaliseText(decoded ?? ''), markdown: decoded ?? '' };
      break;
    case 'html': {
      const html = extractHtml(decoded ?? '');
      result = { format, content_type, text: html.text, markdown: html.markdown, title: html.title };
      break;
    }
    case 'csv': {
      const csv = extractCsv(decoded ?? '');
      result = { format, content_type, text: csv.text, markdown: csv.markdown };
      break;
    }
    case 'pdf': {
      const pdf = await extractPdf(input.bytes);
      result = { format, content_type, text: pdf.text, title: pdf.title, page_count: pdf.page_count };
      break;
    }
    case 'docx': {
      const docx = await extractDocx(input.bytes);
      result = { format, content_type, text: docx.text, markdown: docx.markdown };
      break;
    }
  }
  if (result.text.trim() === '') {
    throw new ExtractionError(
      'EMPTY_CONTENT',
      format === 'pdf'
        ? 'The PDF has no text layer (a scan needs OCR, which Trove does not do)'
        : `The ${format} file holds no text`,
    );
  }
  return result;
}

/** Line endings to \n and no trailing spaces; offsets of chunks refer to this text. */
function normaliseText(text: string): string {
  return text
    .replace(/^\uFEFF/, '')
    .replace(/\r\n?/g, '\n')
    .replace(/[ \t]+\n/g, '\n')
    .trim();
}
