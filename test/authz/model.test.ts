// Model-based test of authorization and isolation.
//
// fast-check generates sequences of commands (create inbox, ingest (unknown inboxes too), list
// events, open the stream, get inbox, list inboxes, get event/body, replay, replay history,
// save, delete, rename, delete an event, clear an inbox, revoke a token, advance the fake clock
// (minutes, past the 1 h TTL, to exactly the expiry ±1 ms, a year), run the sweeper, create,
// list and revoke sharing links; teams: create one, add the other account by invitation with a
// role, change a role, remove a member or leave, make a team inbox, move an inbox between
// account and team; make a token with a scope (read, replay, manage) and maybe a team) for two
// accounts, their revoked tokens, their latest limited tokens, anonymous callers and the run's
// latest sharing link (live or revoked, sent as X-Rehook-Share or as ?share=). Each runs against a real Rehook and against a
// small in-memory model of the README's rules; the first status code (or event list, inbox list,
// name, event count, replay count, link list) on which they disagree fails the run, shrunk to a
// minimal sequence.
//
// `npm test` runs 50 sequences of up to 40 commands. For a long run:
//   FC_NUM_RUNS=5000 node --import tsx --test test/authz/model.test.ts
// Also: FC_MAX_COMMANDS=<n>; AUTHZ_STATS=1 prints how often each call/answer pair was seen;
// REHOOK_TEST_STORE=postgres runs it on PostgreSQL. To replay a failure, pass the seed and path
// that fast-check printed:
//   FC_SEED=<seed> FC_PATH=<path> node --import tsx --test test/authz/model.test.ts
//
// One server (with a fake clock and REHOOK_ANON_TTL=1h) serves every run; each run gets new
// accounts, tokens and inboxes, so runs are independent. The clock only moves forward, so each
// run reads its starting time from it.
import { after, before, describe, it } from 'node:test';
import fc from 'fast-check';
import { createFakeClock, type FakeClock } from '../helpers/fake-clock.js';
import { startReceiver, type Receiver } from '../helpers/receiver.js';
import { startTestRehook, type TestRehook } from '../helpers/rehook.js';
import { AUTHZ_ENV, newAccount } from './support.js';
import { coverage, type Model, type Real } from './model-rules.js';
import {
  clearInbox,
  createInbox,
  deleteEvent,
  deleteInbox,
  getEvent,
  getInbox,
  ingestCmd,
  listEvents,
  listInboxes,
  listReplays,
  openStream,
  renameInbox,
  replay,
  save,
} from './model-commands.js';
import {
  advanceClock,
  advanceToExpiry,
  createOwnShare,
  createShare,
  listShares,
  revokeShare,
  revokeToken,
  sweep,
} from './model-commands-access.js';
import {
  addMember,
  changeRole,
  createLimitedToken,
  createTeam,
  createTeamInbox,
  moveInbox,
  removeMember,
} from './model-commands-teams.js';

const NUM_RUNS = Number(process.env['FC_NUM_RUNS'] ?? 50);

const MAX_COMMANDS = Number(process.env['FC_MAX_COMMANDS'] ?? 40);

const allCommands = [
  createInbox,
  createInbox,
  ingestCmd,
  ingestCmd,
  ingestCmd,
  listEvents,
  openStream,
  getInbox,
  listInboxes,
  getEvent,
  replay,
  listReplays,
  save,
  deleteInbox,
  renameInbox,
  deleteEvent,
  clearInbox,
  revokeToken,
  createShare,
  createOwnShare,
  createOwnShare,
  listShares,
  revokeShare,
  advanceClock,
  advanceToExpiry,
  sweep,
  createTeam,
  createTeam,
  addMember,
  addMember,
  addMember,
  changeRole,
  changeRole,
  removeMember,
  createTeamInbox,
  createTeamInbox,
  createTeamInbox,
  moveInbox,
  createLimitedToken,
  createLimitedToken,
];

// --------------------------------------------------------------------------------------------

describe('authorization model: random command sequences agree with the access rules', () => {
  let rehook: TestRehook;
  let clock: FakeClock;
  let receiver: Receiver;

  before(async () => {
    clock = createFakeClock();
    receiver = await startReceiver();
    // Joining a team by invitation is limited like sign-in; the runs join teams often from one address.
    rehook = await startTestRehook({ env: { ...AUTHZ_ENV, REHOOK_RATE_SIGNIN: '0' }, clock });
  });

  after(async () => {
    await rehook?.stop();
    await receiver?.close();
  });

  it(`finds no disagreement in ${NUM_RUNS} sequences of up to ${MAX_COMMANDS} commands`, {
    timeout: Math.max(120_000, NUM_RUNS * 2_000),
  }, async () => {
    const real: Real = { rehook, clock, receiver };
    const setup = async (): Promise<{ model: Model; real: Real }> => {
      const A = await newAccount(rehook, 'model-a');
      const B = await newAccount(rehook, 'model-b');
      const model: Model = {
        now: clock.now().getTime(),
        accounts: { A: { ...A, revoked: [], limited: null }, B: { ...B, revoked: [], limited: null } },
        teams: [],
        inboxes: [],
        events: [],
        shares: [],
        seq: 0,
      };
      return { model, real };
    };
    const seed = process.env['FC_SEED'];
    const path = process.env['FC_PATH'];
    await fc.assert(
      fc.asyncProperty(fc.commands(allCommands, { maxCommands: MAX_COMMANDS, size: 'max' }), (cmds) =>
        fc.asyncModelRun(setup, cmds),
      ),
      {
        numRuns: NUM_RUNS,
        // The disagreement itself (which call, expected and actual answer) goes into the report.
        includeErrorInReport: true,
        ...(seed !== undefined ? { seed: Number(seed) } : {}),
        ...(path !== undefined ? { path } : {}),
      },
    );
    if (process.env['AUTHZ_STATS'] === '1') {
      console.log(
        [...coverage]
          .sort(([a], [b]) => a.localeCompare(b))
          .map(([k, n]) => `${k}: ${n}`)
          .join('\n'),
      );
    }
  });
});
