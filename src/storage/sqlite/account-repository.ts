import type Database from 'better-sqlite3';

import type { AccountRepository } from '../../ports/account-repository.js';
import { attempt } from './attempt.js';
import { mapper } from './rows.js';
import type { Statements } from './statements.js';

export function createAccountRepository(db: Database.Database, s: Statements): AccountRepository {
  const updateProfileTx = db.transaction((id: string, email: string, displayName: string | null) => {
    const owner = s.accounts.emailOwner.get(email);
    if (owner !== undefined && owner.id !== id) return 'email-taken' as const;
    if (s.accounts.updateProfile.run(email, displayName, id).changes !== 1) return null;
    const row = s.accounts.findById.get(id);
    return row === undefined ? null : mapper.toAccount(row);
  });
  const deleteTx = db.transaction((id: string): boolean => {
    s.accounts.deleteTokens.run(id);
    s.accounts.deleteSessions.run(id);
    s.accounts.deleteIdentities.run(id);
    return s.accounts.delete.run(id).changes === 1;
  });
  return {
    updateProfile: (id, profile) =>
      attempt('update account', () => updateProfileTx.immediate(id, profile.email, profile.displayName)),
    delete: (id) => attempt('delete account', () => deleteTx.immediate(id)),
    insert: (account) =>
      attempt('insert account', () => s.accounts.insert.run(...mapper.accountParams(account)).changes === 1),
    findByEmail: (email) =>
      attempt('find account', () => {
        const row = s.accounts.findByEmail.get(email);
        return row === undefined ? null : mapper.toAccount(row);
      }),
    findById: (id) =>
      attempt('find account', () => {
        const row = s.accounts.findById.get(id);
        return row === undefined ? null : mapper.toAccount(row);
      }),
    list: () => attempt('list accounts', () => s.accounts.list.all().map(mapper.toAccount)),
    setPasswordHash: (id, passwordHash) =>
      attempt('set password', () => s.accounts.setPasswordHash.run(passwordHash, id).changes === 1),
  };
}
