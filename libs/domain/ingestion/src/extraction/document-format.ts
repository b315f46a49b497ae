import { ExtractionError } from './extraction-error';

/** The formats Trove extracts text from. */
export const DocumentFormats = ['text', 'markdown', 'html', 'csv', 'pdf', 'docx'] as const;
export type DocumentFormat = (typeof DocumentFormats)[number];

/** The content type stored and served for each format. */
export const FORMAT_CONTENT_TYPES: Record<DocumentFormat, string> = {
  text: 'text/plain; charset=utf-8',
  markdown: 'text/markdown; charset=utf-8',
  html: 'text/html; charset=utf-8',
  csv: 'text/csv; charset=utf-8',
  pdf: 'application/pdf',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
};

/** Formats whose bytes are binary: fetch returns them as content_base64. */
export function isBinaryFormat(format: DocumentFormat): boolean {
  return format === 'pdf' || format === 'docx';
}

/** Magic numbers of binary formats that carry no text we read. */
const UNSUPPORTED_MAGIC: { name: string; bytes: number[] }[] = [
  { name: 'PNG image', bytes: [0x89, 0x50, 0x4e, 0x47] },
  { name: 'JPEG image', bytes: [0xff, 0xd8, 0xff] },
  { name: 'GIF image', bytes: [0x47, 0x49, 0x46, 0x38] },
  { name: 'gzip archive', bytes: [0x1f, 0x8b] },
  { name: 'ELF executable', bytes: [0x7f, 0x45, 0x4c, 0x46] },
  { name: 'WebAssembly module', bytes: [0x00, 0x61, 0x73, 0x6d] },
  { name: 'OLE2 document (legacy Office)', bytes: [0xd0, 0xcf, 0x11, 0xe0] },
  { name: '7-Zip archive', bytes: [0x37, 0x7a, 0xbc, 0xaf] },
  { name: 'RIFF media', bytes: [0x52, 0x49, 0x46, 0x46] },
];

function startsWith(bytes: Uint8Array, prefix: readonly number[], at = 0): boolean {
  if (bytes.length < at + prefix.length) return false;
  return prefix.every((b, i) => bytes[at + i] === b);
}

const PDF_MAGIC = [0x25, 0x50, 0x44, 0x46, 0x2d]; // %PDF-
const ZIP_MAGIC = [0x50, 0x4b, 0x03, 0x04]; // PK\x03\x04

function extensionOf(fileName: string | undefined): string {
  const match = /\.([A-Za-z0-9]+)$/.exec(fileName ?? '');
  return match ? match[1]!.toLowerCase() : '';
}

function declaredFormat(
  fileName: string | undefined,
  mimeType: string | undefined,
): DocumentFormat | undefined {
  const mime = (mimeType ?? '').split(';')[0]!.trim().toLowerCase();
  const byExtension: Record<string, DocumentFormat> = {
    txt: 'text',
    text: 'text',
    md: 'markdown',
    markdown: 'markdown',
    html: 'html',
    htm: 'html',
    xhtml: 'html',
    csv: 'csv',
    pdf: 'pdf',
    docx: 'docx',
  };
  const byMime: Record<string, DocumentFormat> = {
    'text/plain': 'text',
    'text/markdown': 'markdown',
    'text/x-markdown': 'markdown',
    'text/html': 'html',
    'application/xhtml+xml': 'html',
    'text/csv': 'csv',
    'application/pdf': 'pdf',
    'application/vnd.openxmlformats-officedocument.wordprocessingml.document': 'docx',
  };
  return byExtension[extensionOf(fileName)] ?? byMime[mime];
}

/** True when the text looks like an HTML document rather than prose that mentions a tag. */
function looksLikeHtml(text: string): boolean {
  return /^\s*(<\?xml[^>]*>\s*)?(<!--[\s\S]*?-->\s*)*(<!doctype\s+html|<html[\s>])/i.test(
    text.slice(0, 4096),
  );
}

/**
 * Picks the format from the bytes first and the declared name and type second: a PDF is a PDF
 * whatever it is called, and a file that claims to be a PDF but is not one is refused rather
 * than indexed as garbage. Returns the decoded text for textual formats.
 */
export function detectFormat(
  bytes: Uint8Array,
  fileName?: string,
  mimeType?: string,
): { format: DocumentFormat; text?: string } {
  const declared = declaredFormat(fileName, mimeType);
  if (startsWith(bytes, PDF_MAGIC) || findPdfHeader(bytes)) {
    return { format: 'pdf' };
  }
  if (startsWith(bytes, ZIP_MAGIC)) {
    // Entry names are stored uncompressed: a Word document has its main part under word/.
    if (Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).includes('word/document.xml')) {
      return { format: 'docx' };
    }
    if (declared === 'docx') {
      throw new ExtractionError(
        'INVALID_FILE_FORMAT',
        'The file is named or typed as DOCX but holds no Word document',
      );
    }
    throw new ExtractionError(
      'UNSUPPORTED_FILE_TYPE',
      'The file is a ZIP archive; archives other than DOCX are not read',
    );
  }
  if (declared === 'pdf' || declared === 'docx') {
    throw new ExtractionError(
      'INVALID_FILE_FORMAT',
      `The file is named or typed as ${declared.toUpperCase()} but its content is not one`,
    );
  }
  for (const magic of UNSUPPORTED_MAGIC) {
    if (startsWith(bytes, magic.bytes)) {
      throw new ExtractionError(
        'UNSUPPORTED_FILE_TYPE',
        `The file is a ${magic.name}; Trove reads text, Markdown, HTML, CSV, PDF and DOCX`,
      );
    }
  }
  const text = decodeText(bytes);
  if (declared) return { format: declared, text };
  if (looksLikeHtml(text)) return { format: 'html', text };
  return { format: 'text', text };
}

/** PDF readers accept the header within the first 1024 bytes; so do we. */
function findPdfHeader(bytes: Uint8Array): boolean {
  const head = Buffer.from(bytes.buffer, bytes.byteOffset, Math.min(bytes.length, 1024)).toString('latin1');
  return head.includes('%PDF-');
}

/**
 * Text bytes to a string: UTF-8 (with or without BOM), UTF-16 with a BOM, else Windows-1252.
 * Bytes with many control characters are binary, not text.
 */
export function decodeText(bytes: Uint8Array): string {
  let text: string;
  if (startsWith(bytes, [0xff, 0xfe])) text = new TextDecoder('utf-16le').decode(bytes.subarray(2));
  else if (startsWith(bytes, [0xfe, 0xff])) text = new TextDecoder('utf-16be').decode(bytes.subarray(2));
  else {
    try {
      text = new TextDecoder('utf-8', { fatal: true, ignoreBOM: false }).decode(bytes);
    } catch {
      text = new TextDecoder('windows-1252').decode(bytes);
    }
  }
  const sample = text.slice(0, 8192);
  let control = 0;
  for (let i = 0; i < sample.length; i++) {
    const c = sample.charCodeAt(i);
    if (c === 0 || (c < 32 && c !== 9 && c !== 10 && c !== 12 && c !== 13)) control++;
  }
  if (sample.length > 0 && (sample.includes('\u0000') || control / sample.length > 0.05)) {
    throw new ExtractionError(
      'UNSUPPORTED_FILE_TYPE',
      'The file is binary data of a type Trove does not read',
    );
  }
  return text;
}
