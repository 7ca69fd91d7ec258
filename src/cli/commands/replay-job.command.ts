import { defineCommand } from '../command.js';
import { CLIENT, WAIT_FOR_JOB } from '../command-options.js';
import { arg, clientOptions } from '../normalise.js';

export const replayJobCommand = defineCommand({
  path: ['replay-job'],
  kind: 'client',
  summary: 'Show a bulk replay job: its state, progress and every result; or cancel it.',
  description:
    'Print the job (state, progress, counts) and one row per event in replay order: status code, ' +
    "latency, error and the replay id (in `rehook event`'s replay history). --cancel cancels it " +
    'first: nothing more is sent; a finished job stays as it is.',
  args: [{ name: 'jobId', description: 'Id of the job (job_...).' }],
  options: {
    cancel: { type: 'boolean', description: 'Cancel the job (idempotent).' },
    wait: WAIT_FOR_JOB,
    ...CLIENT,
  },
  examples: ['rehook replay-job job_... --wait', 'rehook replay-job job_... --cancel'],
  normalise: (input) => ({
    ...clientOptions(input),
    jobId: arg(input, 0),
    cancel: input.values['cancel'] === true,
    wait: input.values['wait'] === true,
  }),
  load: () => import('./replay-job.js'),
});
