import { accountRowMappers } from './account-rows.js';
import { alertRowMappers } from './alert-rows.js';
import { auditRowMappers } from './audit-rows.js';
import type { ColumnTypes, ColumnValues } from './column-values.js';
import { eventRowMappers } from './event-rows.js';
import { eventTypeRowMappers } from './event-type-rows.js';
import { forwardingRowMappers } from './forwarding-rows.js';
import { replayJobRowMappers } from './replay-job-rows.js';
import { outboundRowMappers } from './sending-rows.js';
import { teamRowMappers } from './team-rows.js';

/**
 * Every record's mappers between rows and domain objects over one database's column values:
 * written once, so the adapters differ only in their SQL and in `ColumnValues`.
 */
export function rowMappers<C extends ColumnTypes>(v: ColumnValues<C>) {
  return {
    ...eventRowMappers(v),
    ...accountRowMappers(v),
    ...outboundRowMappers(v),
    ...forwardingRowMappers(v),
    ...replayJobRowMappers(v),
    ...eventTypeRowMappers(v),
    ...alertRowMappers(v),
    ...teamRowMappers(v),
    ...auditRowMappers(v),
  };
}
