import type { AccountIdentityRepository } from './account-identity-repository.js';
import type { AccountRepository } from './account-repository.js';
import type { AlertRepository } from './alert-repository.js';
import type { AuditRepository } from './audit-repository.js';
import type { EventRepository } from './event-repository.js';
import type { EventTypeRepository } from './event-type-repository.js';
import type { ForwardingRepository } from './forwarding-repository.js';
import type { InboxRepository } from './inbox-repository.js';
import type { InboxResponseRepository } from './inbox-response-repository.js';
import type { ReplayJobRepository } from './replay-job-repository.js';
import type { ReplayRepository } from './replay-repository.js';
import type { SessionRepository } from './session-repository.js';
import type { ShareRepository } from './share-repository.js';
import type { SignatureSettingsRepository } from './signature-settings-repository.js';
import type { TeamRepository } from './team-repository.js';
import type { TokenRepository } from './token-repository.js';

/**
 * The storage port. One adapter per database implements it (SQLite now, PostgreSQL next); the
 * conformance suite in test/storage guarantees they behave alike. Lookups return null for
 * absence; methods throw StorageError (src/errors.ts) only for infrastructure failures.
 */
export interface Store {
  readonly inboxes: InboxRepository;
  readonly events: EventRepository;
  readonly replays: ReplayRepository;
  readonly accounts: AccountRepository;
  readonly tokens: TokenRepository;
  readonly shares: ShareRepository;
  readonly sessions: SessionRepository;
  /** Signature settings of inboxes (migration 6). */
  readonly signatures: SignatureSettingsRepository;
  /** Bulk replay jobs and their items (migration 9; src/ports/replay-job-repository.ts). */
  readonly replayJobs: ReplayJobRepository;
  /** Response rules of inboxes (migration 7). */
  readonly responses: InboxResponseRepository;
  /** Automatic forwarding and its delivery queue (migration 8; src/ports/forwarding-repository.ts). */
  readonly forwarding: ForwardingRepository;
  /** Event types, their learned shapes and drift (migration 17; src/ports/event-type-repository.ts). */
  readonly eventTypes: EventTypeRepository;
  /** Alert rules and their notification queue (migration 15; src/ports/alert-repository.ts). */
  readonly alerts: AlertRepository;
  /** Teams, members and invitations (migration 16; src/ports/team-repository.ts). */
  readonly teams: TeamRepository;
  /** The audit log (migration 18; src/ports/audit-repository.ts). */
  readonly audit: AuditRepository;
  /** Single sign-on identities linked to accounts (migration 19). */
  readonly identities: AccountIdentityRepository;
  /** Cheap liveness probe (e.g. `SELECT 1`); throws StorageError when the database is unusable. */
  ping(): Promise<void>;
  /** Flushes pending writes, then releases the database. */
  close(): Promise<void>;
}
