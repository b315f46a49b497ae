import { DomainError, isValidId } from '@trove/contracts';
import { IndexScope } from '../../ports/index-scope';
import { KeywordDocument, KeywordQueryOptions } from '../../ports/keyword-index';

/** Checks shared by every keyword adapter: what each adapter itself relies on (STYLE.md §5). */
export function checkScope(scope: IndexScope): void {
  if (!isValidId(scope?.tenantId) || !isValidId(scope?.subTenantId)) {
    throw new DomainError('INVALID_PARAMETERS', 'keyword index scope needs a valid tenantId and subTenantId');
  }
}

export function checkTenantId(tenantId: string): void {
  if (!isValidId(tenantId)) throw new DomainError('INVALID_PARAMETERS', 'invalid tenant id');
}

export function checkDocuments(documents: KeywordDocument[]): void {
  if (!Array.isArray(documents)) throw new DomainError('INVALID_PARAMETERS', 'documents must be an array');
  for (const doc of documents) {
    const valid =
      typeof doc?.id === 'string' &&
      doc.id.length > 0 &&
      typeof doc.sourceId === 'string' &&
      typeof doc.kind === 'string' &&
      typeof doc.text === 'string';
    if (!valid) {
      throw new DomainError('INVALID_PARAMETERS', 'each keyword document needs id, sourceId, kind and text');
    }
  }
}

export function checkQuery(query: string, k: number, options: KeywordQueryOptions | undefined): void {
  if (typeof query !== 'string') throw new DomainError('INVALID_PARAMETERS', 'query must be a string');
  if (!Number.isInteger(k) || k < 1)
    throw new DomainError('INVALID_PARAMETERS', 'k must be a positive integer');
  const operator = options?.operator;
  if (operator !== undefined && operator !== 'or' && operator !== 'and') {
    throw new DomainError('INVALID_PARAMETERS', 'operator must be "or" or "and"');
  }
}

/** The last version of each id in a batch: a batch behaves like the same upserts one by one. */
export function lastPerId<T extends { id: string }>(documents: T[]): T[] {
  return [...new Map(documents.map((doc) => [doc.id, doc])).values()];
}
