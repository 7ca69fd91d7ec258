import type { AuditEntry, AuditPageOptions } from '../../client/index.js';
import { clientFor, type ClientOptions } from '../client-options.js';
import { cleanLine, json, orDash, table } from '../format.js';
import type { CliIO } from '../io.js';

export interface AuditOptions extends ClientOptions {
  readonly teamId: string | undefined;
  readonly action: string | undefined;
  readonly actor: string | undefined;
  readonly limit: number | undefined;
  readonly before: string | undefined;
}

function actorText(entry: AuditEntry): string {
  const { actor } = entry;
  if (actor.shareId !== null) return `link ${actor.shareId}`;
  if (actor.accountId === null) return '-';
  return `${actor.email ?? actor.accountId}${actor.tokenId === null ? '' : ` (${actor.tokenId})`}`;
}

/** `rehook audit [--team <id>]`: one page of the log, and how to ask for the next. */
export async function run(options: AuditOptions, io: CliIO): Promise<void> {
  const client = clientFor(options);
  const page: AuditPageOptions = {
    ...(options.limit === undefined ? {} : { limit: options.limit }),
    ...(options.before === undefined ? {} : { before: options.before }),
    ...(options.action === undefined ? {} : { action: options.action }),
    ...(options.actor === undefined ? {} : { actor: options.actor }),
  };
  const result =
    options.teamId === undefined ? await client.accountAudit(page) : await client.teamAudit(options.teamId, page);
  if (options.json) return io.stdout(json(result));
  if (result.entries.length === 0) return io.stdout('No entries.');
  io.stdout(
    table(
      ['AT', 'ACTION', 'OUTCOME', 'ACTOR', 'ADDRESS', 'TARGET', 'DETAIL'],
      result.entries.map((e) => [
        e.at,
        e.action,
        e.outcome,
        cleanLine(actorText(e)),
        e.ip,
        e.target === null ? '-' : `${e.target.type} ${e.target.id}`,
        orDash(
          cleanLine(
            Object.entries(e.detail)
              .map(([k, v]) => `${k}=${String(v)}`)
              .join(' '),
          ),
        ),
      ]),
    ),
  );
  if (result.nextBefore !== null) io.stdout(`Older entries: --before ${result.nextBefore}`);
}
