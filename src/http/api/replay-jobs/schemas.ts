import { Type, type Static, type TSchema } from '@sinclair/typebox';
import {
  DEFAULT_JOB_CONCURRENCY,
  DEFAULT_JOB_RATE,
  MAX_JOB_CONCURRENCY,
  MAX_JOB_EVENT_IDS,
  MAX_JOB_EVENTS,
  MAX_JOB_RATE,
  MIN_JOB_RATE,
  type ReplayJob,
  type ReplayJobItem,
} from '../../../domain/replay-job.js';

/**
 * JSON shapes of bulk replay jobs (replay-jobs/routes.ts) and their presenters. Named schemas:
 * the OpenAPI document lists them under components.schemas (schemas.ts registers them).
 */

const closed = { additionalProperties: false } as const;

function Nullable<T extends TSchema>(schema: T, description: string) {
  return Type.Union([schema, Type.Null()], { description });
}

const Time = (description: string) => Type.String({ format: 'date-time', description });

const BOUND = 'An ISO 8601 time (e.g. `2026-11-25T10:00:00Z`) or an event id (evt_...).';

export const ReplayJobInputSchema = Type.Object(
  {
    destination: Type.String({
      description: 'Absolute http or https URL without credentials. The SSRF policy of replays applies to every send.',
      examples: ['https://example.com/webhooks'],
    }),
    eventIds: Type.Optional(
      Type.Array(Type.String(), {
        minItems: 1,
        maxItems: MAX_JOB_EVENT_IDS,
        description: `Replay exactly these events (1 to ${MAX_JOB_EVENT_IDS}; each must be an event of the inbox). Not together with the other filters. They are replayed oldest first whatever their order here.`,
      }),
    ),
    since: Type.Optional(
      Type.String({ description: `${BOUND} Events received at or after the time; or this event and newer ones.` }),
    ),
    until: Type.Optional(
      Type.String({ description: `${BOUND} Events received strictly before the time; or this event and older ones.` }),
    ),
    method: Type.Optional(
      Type.String({ description: 'Only events with this HTTP method (case-insensitive).', examples: ['POST'] }),
    ),
    pathPrefix: Type.Optional(
      Type.String({
        description:
          'Only events whose path below `/i/<inboxId>` starts with this (`/stripe` matches `/i/<id>/stripe/events`, and `/stripe-v2`). Starts with `/`.',
        examples: ['/stripe'],
      }),
    ),
    ratePerSecond: Type.Optional(
      Type.Number({
        minimum: MIN_JOB_RATE,
        maximum: MAX_JOB_RATE,
        default: DEFAULT_JOB_RATE,
        description: `Sends started per second at most (${MIN_JOB_RATE} to ${MAX_JOB_RATE}, default ${DEFAULT_JOB_RATE}).`,
      }),
    ),
    resign: Type.Optional(
      Type.Boolean({
        default: false,
        description:
          "Re-sign each send with the inbox's signature secret and a fresh timestamp, as a single replay's `resign` (SIGNATURE_NOT_SET when the inbox has none).",
      }),
    ),
    concurrency: Type.Optional(
      Type.Integer({
        minimum: 1,
        maximum: MAX_JOB_CONCURRENCY,
        default: DEFAULT_JOB_CONCURRENCY,
        description: `Sends in flight at once (1 to ${MAX_JOB_CONCURRENCY}, default ${DEFAULT_JOB_CONCURRENCY}: each send waits for the previous answer, so the destination sees the events in order).`,
      }),
    ),
  },
  {
    $id: 'ReplayJobInput',
    description: `A bulk replay: a destination and which events. Without eventIds, every event matching since, until, method and pathPrefix (all optional) that is stored when the job is created, at most ${MAX_JOB_EVENTS}. Unknown fields are refused.`,
    ...closed,
  },
);

export const ReplayJobSchema = Type.Object(
  {
    id: Type.String({ description: 'Job id (job_...).' }),
    inboxId: Type.String(),
    destination: Type.String(),
    state: Type.Union(
      ['queued', 'running', 'completed', 'cancelled', 'failed'].map((s) => Type.Literal(s)),
      { description: 'queued → running → completed, cancelled or failed (the last three are final).' },
    ),
    filter: Type.Object(
      {
        eventIds: Type.Optional(Type.Array(Type.String())),
        since: Type.Optional(Type.String()),
        until: Type.Optional(Type.String()),
        method: Type.Optional(Type.String()),
        pathPrefix: Type.Optional(Type.String()),
      },
      { description: 'The filter as given (the method in upper case, event ids without duplicates).', ...closed },
    ),
    ratePerSecond: Type.Number(),
    concurrency: Type.Integer(),
    resign: Type.Boolean({ description: 'Each send is re-signed with the inbox secret and a fresh timestamp.' }),
    counts: Type.Object(
      {
        total: Type.Integer({ description: 'Events the job replays (fixed when it was created).' }),
        done: Type.Integer({ description: 'Events replayed so far: succeeded + failed.' }),
        succeeded: Type.Integer({ description: 'The destination answered below 400.' }),
        failed: Type.Integer({
          description:
            'The destination answered 400 or above, or Rehook could not deliver: no answer (refused, unreachable, timed out), or the event was deleted.',
        }),
        outcomes: Type.Object(
          {
            status2xx: Type.Integer({ description: 'Answered with a status below 300.' }),
            status3xx: Type.Integer({ description: 'Answered 300 to 399 (redirects are not followed).' }),
            status4xx: Type.Integer({ description: 'Answered 400 to 499.' }),
            status5xx: Type.Integer({ description: 'Answered 500 or above.' }),
            unreachable: Type.Integer({
              description: 'No answer: refused by the replay policy, could not connect, timed out, TLS failure.',
            }),
          },
          {
            description:
              'What the destination did, by class: the four status classes add up to succeeded; unreachable plus deleted events make failed.',
            ...closed,
          },
        ),
      },
      closed,
    ),
    progress: Type.Number({ minimum: 0, maximum: 1, description: 'done / total (1 for a job of no events).' }),
    createdAt: Time('When the job was created.'),
    startedAt: Nullable(Time('First claimed by a runner.'), 'null while queued.'),
    finishedAt: Nullable(Time('Reached a final state.'), 'null before.'),
    error: Nullable(
      Type.Object({ code: Type.String(), message: Type.String() }, closed),
      'Why a failed job failed (e.g. DESTINATION_FORBIDDEN, INBOX_NOT_FOUND); null otherwise.',
    ),
  },
  { $id: 'ReplayJob', description: 'A bulk replay job and its progress.', ...closed },
);

export const ReplayJobResultSchema = Type.Object(
  {
    position: Type.Integer({
      description: 'Place in the replay order (0: the oldest event); the cursor of result pages.',
    }),
    eventId: Type.String(),
    method: Nullable(Type.String(), "The event's HTTP method; null once the event is deleted."),
    path: Nullable(Type.String(), "The event's path as received (/i/<inboxId>/...); null once the event is deleted."),
    state: Type.Union([Type.Literal('pending'), Type.Literal('done')]),
    replayId: Nullable(
      Type.String(),
      "The recorded replay (rpl_..., in the event's replay history); null while pending or when nothing was sent.",
    ),
    statusCode: Nullable(Type.Integer(), 'Status code of the destination; null without an answer.'),
    latencyMs: Nullable(Type.Number(), 'Dispatch to the last response byte (or the failure).'),
    errorCode: Nullable(
      Type.String(),
      'DESTINATION_UNREACHABLE, DESTINATION_TIMEOUT, DESTINATION_FORBIDDEN, or EVENT_NOT_FOUND (deleted after the job was created); null on an answer or while pending.',
    ),
    completedAt: Nullable(Time('When the result was recorded.'), 'null while pending.'),
  },
  { $id: 'ReplayJobResult', description: 'What replaying one event of a job came to.', ...closed },
);

export const REPLAY_JOB_SCHEMAS: readonly TSchema[] = [ReplayJobInputSchema, ReplayJobSchema, ReplayJobResultSchema];

export type ReplayJobJson = Static<typeof ReplayJobSchema>;
export type ReplayJobResultJson = Static<typeof ReplayJobResultSchema>;

function filterJson(job: ReplayJob): ReplayJobJson['filter'] {
  const { eventIds, ...rest } = job.filter;
  return eventIds === undefined ? rest : { ...rest, eventIds: [...eventIds] };
}

export function replayJobJson(job: ReplayJob): ReplayJobJson {
  const { total, done } = job.counts;
  return {
    id: job.id,
    inboxId: job.inboxId,
    destination: job.destination,
    state: job.state,
    filter: filterJson(job),
    ratePerSecond: job.ratePerSecond,
    concurrency: job.concurrency,
    resign: job.resign,
    counts: { ...job.counts, outcomes: { ...job.counts.outcomes } },
    progress: total === 0 ? 1 : Math.round((done / total) * 10_000) / 10_000,
    createdAt: job.createdAt.toISOString(),
    startedAt: job.startedAt?.toISOString() ?? null,
    finishedAt: job.finishedAt?.toISOString() ?? null,
    error: job.errorCode === null ? null : { code: job.errorCode, message: job.errorMessage ?? '' },
  };
}

export function replayJobResultJson(item: ReplayJobItem): ReplayJobResultJson {
  const r = item.result;
  return {
    position: item.position,
    eventId: item.eventId,
    method: item.event?.method ?? null,
    path: item.event?.path ?? null,
    state: r === null ? 'pending' : 'done',
    replayId: r?.replayId ?? null,
    statusCode: r?.statusCode ?? null,
    latencyMs: r === null || r.latencyMs === null ? null : Math.round(r.latencyMs * 100) / 100,
    errorCode: r?.errorCode ?? null,
    completedAt: r?.completedAt.toISOString() ?? null,
  };
}
