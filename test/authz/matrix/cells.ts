// The expected cell of each column of a row of the authorization matrix (matrix.test.ts), and an
// answer written in the notation of the rows (entry.ts).
import type { Reply } from '../support.js';
import { type Column, isShareColumn, PRINCIPALS, SHARE_COLUMNS, scopeOfColumn, type Who } from './columns.js';
import type { Cells, MatrixEntry } from './entry.js';

const SCOPE_ORDER = ['read', 'replay', 'manage'] as const;

/** The expected cell of a column (answering as `who`) in a row of an entry. */
export function expectedCell(entry: MatrixEntry, column: Column, who: Who, row: Cells): string {
  const scope = scopeOfColumn(column);
  const asWho = row[1 + PRINCIPALS.indexOf(who)] as string;
  if (scope !== undefined) {
    const covered = entry.scope === 'none' || SCOPE_ORDER.indexOf(scope) >= SCOPE_ORDER.indexOf(entry.scope);
    return covered ? asWho : '403(INSUFFICIENT_SCOPE)';
  }
  if (!isShareColumn(column)) return asWho;
  return row[1 + PRINCIPALS.length + SHARE_COLUMNS.indexOf(column)] as string;
}

/** The answer in the notation of the table. */
export function notation(reply: Reply): string {
  if (reply.status === 401) return reply.code === 'UNAUTHORIZED' ? '401' : `401(${reply.code})`;
  if (reply.status === 404) {
    const letter = { INBOX_NOT_FOUND: 'I', EVENT_NOT_FOUND: 'E', TOKEN_NOT_FOUND: 'T', SHARE_NOT_FOUND: 'S' }[
      reply.code as string
    ];
    return letter ? `404${letter}` : `404(${reply.code})`;
  }
  if (reply.status === 403 && reply.code === 'SHARE_READ_ONLY') return '403S';
  if (reply.status === 409 && reply.code === 'INBOX_NOT_SAVED') return '409N';
  if (reply.status >= 200 && reply.status < 300 && reply.code === '') return String(reply.status);
  return `${reply.status}(${reply.code})`;
}
