/**
 * Short form of the crash test, run in
 * `npm test`. The long form (100,000 requests) is `npm run test:crash`; see test/crash/crash.ts.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { type CrashReport, runCrashTest } from './crash.js';
import { ensureCliBuilt, killAllServers } from './crash-server.js';

const REQUESTS = Number(process.env['CRASH_SHORT_REQUESTS'] ?? 3_000);
const KILLS = 8;

function summary(report: CrashReport): string {
  return (
    `${report.mode}: acked ${report.acked}, lost ${report.lost}, corrupt ${report.corrupt}, ` +
    `recovered ${report.recovered}, kills ${report.kills}, integrity ${report.integrity}, ` +
    `${report.elapsedMs} ms (restart mean ${report.restartMsMean} ms, max ${report.restartMsMax} ms), ` +
    `seed ${report.seed}, lost sample ${report.lostSample.join(',')}`
  );
}

// The limit only catches a hang. The run's length follows the machine's load, mostly through
// the 13 server starts: about a minute beside the rest of the suite, more with the cores
// busy (the long form, `npm run test:crash`, kills 30 times in 100,000 requests).
describe('crash test (short form): SIGKILL under concurrent ingest', { timeout: 600_000 }, () => {
  before(() => ensureCliBuilt());
  after(() => killAllServers());

  it(`loses no acknowledged event across ${KILLS} random SIGKILLs (${REQUESTS} requests, 32 clients)`, async (t) => {
    const report = await runCrashTest({ requests: REQUESTS, kills: KILLS, concurrency: 32 });
    t.diagnostic(summary(report));
    assert.ok(report.kills >= KILLS, `only ${report.kills} kills happened`);
    assert.equal(report.restarts, report.kills);
    assert.ok(report.acked >= REQUESTS / 2, `too few acknowledged requests to mean anything: ${report.acked}`);
    assert.equal(report.lost, 0, `acknowledged events lost: ${report.lostSample.join(', ')} (seed ${report.seed})`);
    assert.equal(report.corrupt, 0, 'acknowledged events stored with other bytes');
    assert.equal(report.unexpectedRows, 0, 'rows that are duplicates or not from this run');
    assert.equal(report.integrity, 'ok');
    assert.deepEqual(
      report.checksAfterRestart,
      Array.from({ length: report.restarts }, () => 'ok'),
      'integrity_check after every restart',
    );
    // Every request is accounted for: acknowledged, or failed because its server was killed.
    assert.equal(report.acked + report.unacked, report.requests);
    assert.equal(report.storedEvents, report.acked + report.recovered);
    assert.deepEqual(report.serverWarnings, [], 'the unsafe failpoint must be off by default');
  });

  it('catches the mutant that acknowledges before commit (REHOOK_UNSAFE_ACK_BEFORE_COMMIT=1)', async (t) => {
    const report = await runCrashTest({
      requests: 1_000,
      kills: 3,
      concurrency: 32,
      unsafeAckBeforeCommit: true,
      checkAfterRestart: 'none',
    });
    t.diagnostic(summary(report));
    // The same check that passes above must fail here: that is what shows it can fail.
    assert.ok(report.lost > 0, `the mutant lost no acknowledged event (${summary(report)})`);
    // The failpoint never goes unnoticed: every start of the server warned about it.
    assert.ok(report.serverWarnings.length >= report.restarts + 1, 'a warning at every start');
    assert.match(report.serverWarnings[0] ?? '', /REHOOK_UNSAFE_ACK_BEFORE_COMMIT=1.*test-only/);
    assert.equal(report.integrity, 'ok', 'losing events must still leave a consistent database');
  });
});
