import { Type } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import {
  cancelReplayJob,
  createReplayJob,
  getReplayJob,
  listReplayJobs,
  MAX_LISTED_JOBS,
  MAX_RESULTS_PAGE,
  DEFAULT_RESULTS_PAGE,
  parseResultsPage,
} from '../../../services/replay-jobs.js';
import type { ApiContext } from '../core/context.js';
import {
  ReplayJobInputSchema,
  ReplayJobResultSchema,
  ReplayJobSchema,
  replayJobJson,
  replayJobResultJson,
} from './schemas.js';
import { jsonObjectBody, pathParam, principalOf, queryParam } from '../core/request.js';
import { dataEnvelope, InboxIdParams } from '../core/route-schema.js';
import { ref } from '../core/schemas.js';
import { addEndpoint } from '../core/endpoint.js';
import { answered } from '../core/audit-trail.js';
import { destinationForAudit } from '../../../domain/audit.js';
import { listed } from '../core/path-id-answers.js';

const JobIdParams = Type.Object({ jobId: Type.String({ description: 'Replay job id (job_...).' }) });

const WHO =
  'Needs an account: the owner for an owned inbox, any account for an anonymous one (as replaying one ' + 'event).';

const VISIBLE =
  'The account that created the job, or the owner of its (owned) inbox; anyone else gets 404 ' +
  'REPLAY_JOB_NOT_FOUND.';

/** A job with one page of its results, as GET answers it. */
const JobWithResults = Type.Object(
  {
    data: Type.Object(
      {
        job: ref(ReplayJobSchema),
        results: Type.Array(ref(ReplayJobResultSchema), {
          description: 'Results in replay order (oldest event first).',
        }),
        nextResultsAfter: Type.Union([Type.Integer(), Type.Null()], {
          description: 'Pass as `resultsAfter` for the next page of results; null on the last page.',
        }),
      },
      { additionalProperties: false },
    ),
  },
  { additionalProperties: false },
);

/**
 * Bulk replay jobs (services/replay-jobs.ts): create one over an inbox's events, follow its
 * progress and results, cancel it, list an inbox's jobs. The job runner of the server
 * (services/replay-job-runner.ts) does the sending.
 */
export function registerReplayJobRoutes(app: FastifyInstance, ctx: ApiContext): void {
  const { deps } = ctx;

  addEndpoint(app, {
    method: 'POST',
    url: '/api/v1/inboxes/:inboxId/replays',
    operationId: 'createReplayJob',
    summary: "Replay many of an inbox's events to a destination (a bulk replay job)",
    description:
      `${WHO} The events are chosen now (events captured later are not included) and replayed oldest ` +
      "first at `ratePerSecond` with `concurrency` sends in flight, each recorded in its event's replay " +
      'history. The job runs in the background and survives restarts of the server; follow it with ' +
      '`GET /api/v1/replay-jobs/{jobId}`. Delivery is at least once: a send in flight when a server dies ' +
      'is sent again when the job resumes.',
    tag: 'Replays',
    access: 'token',
    scope: 'replay',
    inbox: 'inboxId',
    params: InboxIdParams,
    body: ReplayJobInputSchema,
    responses: {
      202: { description: 'The job was created (queued).', schema: dataEnvelope('job', ref(ReplayJobSchema)) },
    },
    errors: [
      'VALIDATION_FAILED',
      'INVALID_DESTINATION',
      'INBOX_NOT_FOUND',
      'SIGNATURE_NOT_SET',
      'UNSUPPORTED_MEDIA_TYPE',
    ],
    audit: {
      action: 'replay.bulk',
      target: answered('replay-job', 'job'),
      detail: (seen) => ({
        inboxId: seen.params['inboxId'] ?? null,
        destination: destinationForAudit(seen.body['destination']),
      }),
    },
    handler: async (request, reply) => {
      const principal = await principalOf(deps, request);
      const body = jsonObjectBody(request);
      const job = await createReplayJob(deps, principal, pathParam(request, 'inboxId'), body);
      return reply.code(202).send({ data: { job: replayJobJson(job) } });
    },
  });

  addEndpoint(app, {
    method: 'GET',
    url: '/api/v1/inboxes/:inboxId/replay-jobs',
    operationId: 'listReplayJobs',
    summary: `Bulk replay jobs of an inbox, newest first (at most ${MAX_LISTED_JOBS})`,
    description: "Of an anonymous inbox: only the caller's own jobs. Of an owned inbox: the owner sees all.",
    tag: 'Replays',
    access: 'token',
    scope: 'read',
    inbox: 'inboxId',
    params: InboxIdParams,
    ...listed(
      deps,
      'inboxId',
      { key: 'jobs', description: 'The jobs, without their results.', item: ref(ReplayJobSchema) },
      listReplayJobs,
      replayJobJson,
    ),
    errors: ['INBOX_NOT_FOUND'],
    audit: 'none',
  });

  addEndpoint(app, {
    method: 'GET',
    url: '/api/v1/replay-jobs/:jobId',
    operationId: 'getReplayJob',
    summary: 'A bulk replay job: state, counts, progress and a page of its results',
    description: `${VISIBLE} Results come in replay order, ${DEFAULT_RESULTS_PAGE} at a time by default.`,
    tag: 'Replays',
    access: 'token',
    scope: 'read',
    inbox: 'jobId',
    params: JobIdParams,
    querystring: Type.Object({
      resultsAfter: Type.Optional(
        Type.Integer({
          minimum: 0,
          description: "Results after this position (the previous page's nextResultsAfter).",
        }),
      ),
      resultsLimit: Type.Optional(
        Type.Integer({
          minimum: 1,
          maximum: MAX_RESULTS_PAGE,
          description: `Results per page (1 to ${MAX_RESULTS_PAGE}, default ${DEFAULT_RESULTS_PAGE}).`,
        }),
      ),
    }),
    responses: { 200: { description: 'The job.', schema: JobWithResults } },
    errors: ['REPLAY_JOB_NOT_FOUND', 'VALIDATION_FAILED'],
    audit: 'none',
    handler: async (request) => {
      const page = parseResultsPage({
        after: queryParam(request, 'resultsAfter'),
        limit: queryParam(request, 'resultsLimit'),
      });
      const view = await getReplayJob(deps, await principalOf(deps, request), pathParam(request, 'jobId'), page);
      return {
        data: {
          job: replayJobJson(view.job),
          results: view.results.map(replayJobResultJson),
          nextResultsAfter: view.nextResultsAfter,
        },
      };
    },
  });

  addEndpoint(app, {
    method: 'DELETE',
    url: '/api/v1/replay-jobs/:jobId',
    operationId: 'cancelReplayJob',
    summary: 'Cancel a bulk replay job',
    description:
      `${VISIBLE} Nothing more is sent once the instance running it sees the cancellation (at once, ` +
      'through the live bus); a send already in flight finishes and is recorded. Idempotent: a job that ' +
      'already ended (completed, failed or cancelled) stays as it is. Answers the job as it is afterwards.',
    tag: 'Replays',
    access: 'token',
    scope: 'replay',
    inbox: 'jobId',
    params: JobIdParams,
    responses: { 200: { description: 'The job.', schema: dataEnvelope('job', ref(ReplayJobSchema)) } },
    errors: ['REPLAY_JOB_NOT_FOUND'],
    audit: 'none',
    handler: async (request) => {
      const job = await cancelReplayJob(deps, await principalOf(deps, request), pathParam(request, 'jobId'));
      return { data: { job: replayJobJson(job) } };
    },
  });
}
