import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before } from 'node:test';
import { RehookClient } from '../../src/client/rehook-client.js';
import { runListener } from '../../src/cli/listen/listener.js';
import type { StartSpec } from '../../src/cli/listen/options.js';
import { positionPath } from '../../src/cli/listen/position.js';
import { parseForwardRules, rulesKey } from '../../src/cli/listen/rules.js';
import type { ListenSettings, ListenSummary } from '../../src/cli/listen/settings.js';
import { startTestRehook, type TestRehook } from '../helpers/rehook.js';
import { startTarget, waitFor, type Target } from './listen-harness.js';

/**
 * Shared by the tests that run `rehook listen`'s loop in-process (listen-delivery and
 * listen-position): a real Rehook, two local targets and a state directory for the position
 * files, started once per test file, and the helpers that run a listener against them. Backoff
 * is shortened (an injected policy), never asserted on.
 *
 * The fixtures are live bindings: set by the `before` hook that {@link useListenRig} registers,
 * read by the tests after it has run.
 */

export let rehook: TestRehook;
export let client: RehookClient;
export let stateDir: string;
/** Local targets the listener forwards to; a test that changes `handler` puts the default back. */
export let one: Target;
export let two: Target;

/** Registers the hooks that start the server, the state directory and the targets, and stop them after the file. */
export function useListenRig(): void {
  before(async () => {
    rehook = await startTestRehook();
    client = new RehookClient({ baseUrl: rehook.apiUrl });
    stateDir = await mkdtemp(join(tmpdir(), 'rehook-listen-state-'));
    one = await startTarget();
    two = await startTarget();
  });
  after(async () => {
    await one?.close();
    await two?.close();
    await rehook?.stop();
    if (stateDir) await rm(stateDir, { recursive: true, force: true });
  });
}

export interface Running {
  readonly out: string[];
  readonly err: string[];
  /** Parsed --json lines. */
  json(): Array<Record<string, unknown>>;
  /** Stops it (as Ctrl-C does) and returns the summary. */
  stop(): Promise<ListenSummary>;
  readonly done: Promise<ListenSummary>;
}

export function listen(
  inboxId: string,
  forwardTo: string[],
  opts: Partial<Omit<ListenSettings, 'rules' | 'inboxId'>> & {
    start?: StartSpec;
    key?: string;
    as?: RehookClient;
  } = {},
): Running {
  const rules = parseForwardRules(forwardTo);
  const key = { server: rehook.apiUrl, inboxId, target: opts.key ?? rulesKey(rules) };
  const settings: ListenSettings = {
    inboxId,
    rules,
    filters: { methods: [], paths: [] },
    retries: 3,
    timeoutMs: 30_000,
    printBody: false,
    resign: false,
    json: true,
    start: { kind: 'default' },
    positionPath: positionPath({ REHOOK_STATE_DIR: stateDir }, key),
    positionKey: key,
    ...opts,
  };
  delete (settings as { as?: unknown }).as;
  const out: string[] = [];
  const err: string[] = [];
  const controller = new AbortController();
  const done = runListener(settings, {
    client: opts.as ?? client,
    io: { stdout: (line) => out.push(line), stderr: (line) => err.push(line) },
    signal: controller.signal,
    retry: { baseMs: 5, capMs: 20 },
    reconnect: { baseMs: 5, capMs: 20 },
  });
  return {
    out,
    err,
    json: () => out.filter((line) => line.startsWith('{')).map((line) => JSON.parse(line) as Record<string, unknown>),
    stop: async () => {
      controller.abort();
      return done;
    },
    done,
  };
}

export async function started(run: Running): Promise<void> {
  await waitFor(() => run.err.some((line) => line.includes('Press Ctrl-C to stop')), 'the listener to start');
}

/** Lines of a kind (delivery outcome or skipped) seen so far. */
export function outcomes(run: Running, outcome: string): Array<Record<string, unknown>> {
  return run
    .json()
    .filter((line) => line['outcome'] === outcome || (outcome === 'skipped' && line['type'] === 'skipped'));
}

export async function newInbox(): Promise<string> {
  return (await client.createInbox()).id;
}
