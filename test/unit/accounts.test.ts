import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { AppError } from '../../src/errors.js';
import { systemClock } from '../../src/ports/clock.js';
import { createAccount, DUMMY_PASSWORD_HASH, setPassword, signIn } from '../../src/services/accounts.js';
import { hashPassword, verifyPassword } from '../../src/services/secrets.js';
import { startSession, verifySession } from '../../src/services/sessions.js';
import { openSqliteStore, type SqliteStore } from '../../src/storage/sqlite/store.js';

const isCode = (code: string) => (err: unknown) => err instanceof AppError && err.code === code;

describe('sign-in and passwords (services)', () => {
  let store: SqliteStore;
  let deps: { store: SqliteStore; clock: typeof systemClock };
  before(() => {
    store = openSqliteStore({ path: ':memory:' });
    deps = { store, clock: systemClock };
  });
  after(() => store.close());

  it('checks unknown e-mails against a dummy hash made like real ones (same scheme, parameters, salt and key sizes)', async () => {
    const real = (await hashPassword('any password')).split('$');
    const dummy = DUMMY_PASSWORD_HASH.split('$');
    assert.deepEqual(dummy.slice(0, 4), real.slice(0, 4));
    assert.equal(Buffer.from(dummy[4] as string, 'base64').length, Buffer.from(real[4] as string, 'base64').length);
    assert.equal(Buffer.from(dummy[5] as string, 'base64').length, Buffer.from(real[5] as string, 'base64').length);
    assert.equal(await verifyPassword('', DUMMY_PASSWORD_HASH), false);
  });

  it('signs in with the right password, any e-mail case; one INVALID_CREDENTIALS for everything else', async () => {
    const account = await createAccount(deps, { email: 'Unit@Example.test', password: 'correct horse' });
    const passwordless = await createAccount(deps, { email: 'nopass@example.test' });
    assert.deepEqual(await signIn(deps, { email: ' UNIT@example.test ', password: 'correct horse' }), account);
    await assert.rejects(
      signIn(deps, { email: account.email, password: 'correct horse!' }),
      isCode('INVALID_CREDENTIALS'),
    );
    await assert.rejects(
      signIn(deps, { email: 'nobody@example.test', password: 'correct horse' }),
      isCode('INVALID_CREDENTIALS'),
    );
    await assert.rejects(
      signIn(deps, { email: passwordless.email, password: 'correct horse' }),
      isCode('INVALID_CREDENTIALS'),
    );
    await assert.rejects(signIn(deps, { email: account.email, password: '' }), isCode('VALIDATION_FAILED'));
    await assert.rejects(
      signIn(deps, { email: account.email, password: 'x'.repeat(1025) }),
      isCode('VALIDATION_FAILED'),
    );
  });

  it('set-password replaces the password and ends every session of the account only', async () => {
    const account = await createAccount(deps, { email: 'reset@example.test', password: 'the old one' });
    const other = await createAccount(deps, { email: 'other@example.test', password: 'untouched' });
    const mine = [
      await startSession(deps, { accountId: account.id, ttlMs: 60_000 }),
      await startSession(deps, { accountId: account.id, ttlMs: 60_000 }),
    ];
    const theirs = await startSession(deps, { accountId: other.id, ttlMs: 60_000 });
    const result = await setPassword(deps, { email: 'RESET@example.test', password: 'the new one' });
    assert.equal(result.sessionsEnded, 2);
    for (const { secret } of mine) assert.equal(await verifySession(deps, secret), null);
    assert.ok(await verifySession(deps, theirs.secret));
    await assert.rejects(
      signIn(deps, { email: account.email, password: 'the old one' }),
      isCode('INVALID_CREDENTIALS'),
    );
    assert.equal((await signIn(deps, { email: account.email, password: 'the new one' })).id, account.id);
    await assert.rejects(setPassword(deps, { email: account.email, password: 'short' }), isCode('VALIDATION_FAILED'));
    await assert.rejects(
      setPassword(deps, { email: 'ghost@example.test', password: 'long enough' }),
      isCode('VALIDATION_FAILED'),
    );
  });

  it('refuses malformed session secrets without a lookup, and unknown ones', async () => {
    assert.equal(await verifySession(deps, ''), null);
    assert.equal(await verifySession(deps, 'rhs_short'), null);
    assert.equal(await verifySession(deps, `rhs_${'a'.repeat(40)}`), null);
    assert.equal(await verifySession(deps, `rhs_${'A'.repeat(40)}`), null);
  });
});
