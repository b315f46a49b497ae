import { keyOf } from './keys';
import type { Mention } from './mentions';
import type { Sentence, Token } from './sentences';

/**
 * Names engineers write in lower case: a job, a bucket or a table ("fct_bookings", "the
 * payments-proxy service", "the S3 bucket qh-raw-claims"), and a program with its version
 * ("libharu 2.4.3", "pipewatch 0.9.3").
 */

/** Nouns for what a lower-case hyphenated name names, written right after it: "the claims-etl job". */
const KINDS_AFTER = new Set([
  'service',
  'microservice',
  'job',
  'bucket',
  'cluster',
  'database',
  'queue',
  'topic',
  'table',
  'pipeline',
  'repo',
  'repository',
  'branch',
  'namespace',
  'worker',
  'daemon',
  'container',
  'pod',
  'lambda',
  'cron',
  'script',
  'library',
  'package',
  'module',
  'plugin',
  'binary',
  'cli',
  'bot',
  'endpoint',
  'schema',
  'api',
]);

/** Nouns for what the name right after them is: "the S3 bucket qh-raw-claims", "the dbt model fct_bookings". */
const KINDS_BEFORE = new Set([
  'bucket',
  'table',
  'topic',
  'queue',
  'repo',
  'repository',
  'branch',
  'namespace',
  'model',
  'job',
  'service',
  'cluster',
  'database',
  'package',
  'library',
  'module',
  'column',
  'field',
  'index',
  'schema',
  'view',
  'function',
  'lambda',
  'container',
  'image',
  'pod',
  'script',
]);

/** Last pieces of a hyphenated name that say it names a program or a service: "checkout-api", "tessera-cli". */
const SYSTEM_ENDS = new Set([
  'api',
  'svc',
  'cli',
  'proxy',
  'gateway',
  'etl',
  'agent',
  'worker',
  'daemon',
  'exporter',
  'scheduler',
  'service',
  'server',
  'db',
  'sdk',
  'bot',
  'indexer',
  'broker',
  'sync',
]);

/** Common nouns a number follows without naming a program: "release 2.14.0", "chapter 3.2". */
const NOT_PROGRAMS = new Set([
  'version',
  'release',
  'firmware',
  'build',
  'patch',
  'update',
  'hotfix',
  'fix',
  'v',
  'model',
  'series',
  'step',
  'chapter',
  'section',
  'page',
  'level',
  'type',
  'phase',
  'stage',
  'tier',
  'generation',
  'gen',
  'rev',
  'revision',
  'driver',
  'api',
  'sdk',
  'app',
  'plan',
  'option',
  'rule',
  'figure',
  'table',
  'article',
  'item',
  'line',
  'row',
  'grade',
  'class',
  'category',
  'appendix',
  'paragraph',
  'clause',
  'part',
  'volume',
  'issue',
  'edition',
  'round',
  'room',
  'floor',
  'gate',
  'platform',
  'route',
  'number',
  'no',
  'score',
  'rating',
  'rate',
  'ratio',
  'size',
  'price',
  'sprint',
  'milestone',
  'iteration',
  'draft',
  'kernel',
  'protocol',
  'standard',
  'spec',
  'specification',
  'schema',
  'format',
  'percent',
  'per',
  'cent',
  'degrees',
  'points',
  'times',
]);

/** Whether a mention is a code name ("payments-proxy"): it names the system a noun after it only says the kind of. */
export const isCodeName = (mention: Mention) =>
  mention.evidence === 'strong' && /^[a-z][a-z0-9_-]*(?: v?\d[\d.]*)?$/.test(mention.name);

const VERSION = /^v?\d+(?:\.\d+){1,3}$/;
/** Lower-case kinds of release a number names on its own: "firmware 2.8.1", "build 16.0.10411". */
const RELEASED = new Set(['firmware', 'build', 'release', 'hotfix']);
/** A release's number: dotted (up to five parts: "3.0.0.4.388"), perhaps with a letter or two ("V92.21.15Z", "002.2336A"). */
const RELEASE_NUMBER = /^[vV]?\d+(?:\.\d+){1,4}[A-Z]?$|^[A-Z]\d+(?:\.\d+)+[A-Z]?$/;
const PIECE = /^[a-z][a-z0-9]*$|^\d+$/;
/** Glued joiners of a code name's pieces. */
const JOINERS = new Set(['-', '_']);

/** The end of a run of lower-case pieces glued by "-" or "_" from `i` ("qh-raw-claims"), or `i`. */
function gluedEnd(tokens: Token[], i: number): { end: number; snake: boolean } {
  let end = i + 1;
  let snake = false;
  if (!PIECE.test(tokens[i]!.text)) return { end: i, snake };
  while (
    JOINERS.has(tokens[end]?.text ?? '') &&
    tokens[end]!.space === '' &&
    tokens[end + 1]?.space === '' &&
    PIECE.test(tokens[end + 1]!.text)
  ) {
    snake ||= tokens[end]!.text === '_';
    end += 2;
  }
  return { end: end > i + 1 ? end : i, snake };
}

/** A hyphenated compound that reads as a name, not as a modifier: nouns at both ends ("payments-proxy", not "real-time", "on-call", "long-running"). */
function nounEnds(tokens: Token[], start: number, end: number): boolean {
  return (
    ['NOUN', 'PROPN', 'X'].includes(tokens[start]!.pos) &&
    ['NOUN', 'PROPN', 'X'].includes(tokens[end - 1]!.pos)
  );
}

/**
 * The lower-case hyphenated names a chunk introduces next to a word for what they are ("the
 * payments-proxy service", "the S3 bucket qh-raw-claims"): each is a name wherever the chunk
 * writes it again ("caused by payments-proxy running out of connections").
 */
export function introducedCodeNames(sentences: Sentence[]): Set<string> {
  const names = new Set<string>();
  for (const { tokens } of sentences) {
    for (let i = 0; i < tokens.length; i++) {
      if (tokens[i + 1]?.text !== '-' || tokens[i]!.text !== tokens[i]!.lower) continue;
      const { end } = gluedEnd(tokens, i);
      if (end === i) continue;
      const after = tokens[end]?.lower ?? '';
      const before = tokens[i - 1]?.lower ?? '';
      const kind =
        (KINDS_AFTER.has(after) && tokens[end + 1]?.pos !== 'NOUN') ||
        (KINDS_BEFORE.has(before) && ['DET', 'NOUN', 'PROPN', 'ADJ'].includes(tokens[i - 2]?.pos ?? ''));
      if (kind && nounEnds(tokens, i, end)) names.add(codeText(tokens, i, end));
      i = end - 1;
    }
  }
  return names;
}

const codeText = (tokens: Token[], start: number, end: number) =>
  tokens
    .slice(start, end)
    .map((t) => t.text)
    .join('');

/**
 * The code name that starts at token `i`, if one does: a snake_case identifier anywhere, a
 * hyphenated name the chunk introduced (`known`), or a program's name before its version.
 */
export function codeNameAt(tokens: Token[], i: number, known: Set<string>): Mention | undefined {
  const token = tokens[i]!;
  const { end, snake } = gluedEnd(tokens, i);
  if (end > i && (snake || known.has(codeText(tokens, i, end)))) {
    return codeMention(i, end, codeText(tokens, i, end), 'concept');
  }
  // "ledger-sync v2.7.0", "tessera-cli 0.9.2": a hyphenated name before its version is a program.
  const released = tokens[end];
  if (end > i && released && VERSION.test(released.text) && released.space !== '' && nounEnds(tokens, i, end))
    return codeMention(i, end + 1, `${codeText(tokens, i, end)} ${released.text}`, 'product');
  // "checkout-api", "payments-gateway", "tessera-cli": a hyphenated name ending in a word for a
  // program's part is one, introduced or not.
  if (end > i && SYSTEM_ENDS.has(tokens[end - 1]!.lower) && nounEnds(tokens, i, end))
    return codeMention(i, end, codeText(tokens, i, end), 'concept');
  // "libharu 2.4.3": a word no dictionary of ours calls common, before a dotted version number.
  const version = tokens[i + 1];
  if (
    end === i &&
    version &&
    VERSION.test(version.text) &&
    /^[a-z][a-z0-9]+$/.test(token.text) &&
    ['NOUN', 'PROPN', 'X'].includes(token.pos) &&
    !NOT_PROGRAMS.has(token.text)
  ) {
    return codeMention(i, i + 2, `${token.text} ${version.text}`, 'product');
  }
  // "caused by firmware 2.8.1", "rolled back build 16.0.10411": a release named by its kind and
  // number alone is a thing of its own, when no product's name stands before it to own it.
  if (
    version &&
    RELEASED.has(token.text) &&
    RELEASE_NUMBER.test(version.text) &&
    !/^[A-Z]/.test(tokens[i - 1]?.text ?? '') &&
    tokens[i + 2]?.lower !== 'of'
  ) {
    return codeMention(i, i + 2, `${token.text} ${version.text}`, 'product');
  }
  return undefined;
}

/** A host's or a system's name the tagger keeps as one token: pieces glued by hyphens, one a number ("sftp-prod-02", "lb-eu-3"). */
const HOST_NAME = /^[a-z][a-z0-9]*(?:-[a-z0-9]+){2,}$/;

/** The host's name at token `i`, if it is one. */
export function hostNameAt(tokens: Token[], i: number): Mention | undefined {
  const { text } = tokens[i]!;
  return HOST_NAME.test(text) && /\d/.test(text) ? codeMention(i, i + 1, text, 'product') : undefined;
}

function codeMention(start: number, end: number, name: string, type: 'concept' | 'product'): Mention {
  return { start, end, name, type, evidence: 'strong', identifier: null, keys: [keyOf(name)], aliases: [] };
}
