import { Readability } from '@mozilla/readability';
import { parseHTML } from './linkedom';
import { htmlToMarkdown, nodeToText } from './html-to-text';

export interface ExtractedHtml {
  title?: string;
  text: string;
  markdown: string;
}

/**
 * The readable part of a page (Readability drops navigation, footers and ads), as text and
 * Markdown. Pages Readability cannot make an article of keep their whole body.
 */
export function extractHtml(source: string): ExtractedHtml {
  // A fragment (`<p>…</p>`, as a form's html field may hold) has no body for the parser to fill.
  const html = /<(html|body)[\s>]/i.test(source)
    ? source
    : `<!doctype html><html><body>${source}</body></html>`;
  const { document } = parseHTML(html);
  const pageTitle = (document.querySelector('title')?.textContent ?? '').trim() || undefined;
  let article: ReturnType<Readability['parse']> = null;
  try {
    // Readability mutates the document it reads: give it its own copy.
    article = new Readability(parseHTML(html).document as never, { charThreshold: 200 }).parse();
  } catch {
    article = null;
  }
  if (article?.content && (article.textContent ?? '').trim().length > 0) {
    const { document: readable } = parseHTML(`<!doctype html><html><body>${article.content}</body></html>`);
    return {
      title: (article.title ?? '').trim() || pageTitle,
      text: nodeToText(readable.body as never),
      markdown: htmlToMarkdown(article.content),
    };
  }
  const body = document.body;
  return {
    title: pageTitle,
    text: body ? nodeToText(body as never) : '',
    markdown: body ? htmlToMarkdown(body.innerHTML) : '',
  };
}
