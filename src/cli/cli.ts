import type { Command } from './command.js';
import { accountsCreateCommand } from './commands/accounts-create.command.js';
import { accountsListCommand } from './commands/accounts-list.command.js';
import { accountsSetPasswordCommand } from './commands/accounts-set-password.command.js';
import { curlCommand } from './commands/curl.command.js';
import { diffCommand } from './commands/diff.command.js';
import { deliveriesCommand } from './commands/deliveries.command.js';
import { eventCommand } from './commands/event.command.js';
import { eventDeleteCommand } from './commands/event-delete.command.js';
import { eventsCommand } from './commands/events.command.js';
import { exportCommand } from './commands/export.command.js';
import {
  alertsDeleteCommand,
  alertsDeliveriesCommand,
  alertsListCommand,
  alertsSetCommand,
} from './commands/alerts.command.js';
import { forwardingRemoveCommand, forwardingSetCommand, forwardingShowCommand } from './commands/forwarding.command.js';
import { inboxClearCommand } from './commands/inbox-clear.command.js';
import { inboxCreateCommand } from './commands/inbox-create.command.js';
import { inboxDeleteCommand } from './commands/inbox-delete.command.js';
import { inboxGetCommand } from './commands/inbox-get.command.js';
import { inboxListCommand } from './commands/inbox-list.command.js';
import { inboxRenameCommand } from './commands/inbox-rename.command.js';
import { inboxSaveCommand } from './commands/inbox-save.command.js';
import { inboxShareCommand } from './commands/inbox-share.command.js';
import { inboxSharesCommand } from './commands/inbox-shares.command.js';
import { inboxUnshareCommand } from './commands/inbox-unshare.command.js';
import { listenCommand } from './commands/listen.command.js';
import { loginCommand } from './commands/login.command.js';
import { logoutCommand } from './commands/logout.command.js';
import { migrateCommand } from './commands/migrate.command.js';
import { replayCommand } from './commands/replay.command.js';
import { replayAllCommand } from './commands/replay-all.command.js';
import { replayJobCommand } from './commands/replay-job.command.js';
import { responseClearCommand, responseSetCommand, responseShowCommand } from './commands/response.command.js';
import { serveCommand } from './commands/serve.command.js';
import { typesCommand } from './commands/types.command.js';
import {
  driftSettingsResetCommand,
  driftSettingsSetCommand,
  driftSettingsShowCommand,
} from './commands/drift-settings.command.js';
import { schemaCommand } from './commands/schema.command.js';
import { signatureRemoveCommand, signatureSetCommand, signatureShowCommand } from './commands/signature.command.js';
import {
  teamsCreateCommand,
  teamsInviteCommand,
  teamsListCommand,
  teamsMembersCommand,
  teamsRemoveCommand,
  teamsRoleCommand,
} from './commands/teams.command.js';
import { tokensCreateCommand } from './commands/tokens-create.command.js';
import { tokensListCommand } from './commands/tokens-list.command.js';
import { auditCommand } from './commands/audit.command.js';
import { tokensRevokeCommand } from './commands/tokens-revoke.command.js';
import { waitCommand } from './commands/wait.command.js';
import type { CliIO } from './io.js';
import { runCommandLine } from './run-command-line.js';

/**
 * The command table. Each definition stands beside its module in commands/ (`x.command.ts`
 * beside `x.ts`) and imports that module only when the command runs.
 */

/** Every command, in the order `rehook --help` lists them. */
export const COMMANDS: readonly Command[] = [
  serveCommand,
  migrateCommand,
  accountsCreateCommand,
  accountsListCommand,
  accountsSetPasswordCommand,
  tokensCreateCommand,
  tokensListCommand,
  tokensRevokeCommand,
  inboxCreateCommand,
  inboxListCommand,
  inboxGetCommand,
  inboxRenameCommand,
  inboxClearCommand,
  inboxDeleteCommand,
  inboxSaveCommand,
  inboxShareCommand,
  inboxSharesCommand,
  inboxUnshareCommand,
  teamsListCommand,
  teamsCreateCommand,
  teamsMembersCommand,
  teamsInviteCommand,
  teamsRoleCommand,
  teamsRemoveCommand,
  auditCommand,
  signatureShowCommand,
  signatureSetCommand,
  signatureRemoveCommand,
  responseShowCommand,
  responseSetCommand,
  responseClearCommand,
  eventsCommand,
  eventCommand,
  typesCommand,
  driftSettingsShowCommand,
  driftSettingsSetCommand,
  driftSettingsResetCommand,
  schemaCommand,
  curlCommand,
  diffCommand,
  exportCommand,
  eventDeleteCommand,
  waitCommand,
  listenCommand,
  loginCommand,
  logoutCommand,
  replayCommand,
  replayAllCommand,
  replayJobCommand,
  forwardingSetCommand,
  forwardingShowCommand,
  forwardingRemoveCommand,
  deliveriesCommand,
  alertsListCommand,
  alertsSetCommand,
  alertsDeleteCommand,
  alertsDeliveriesCommand,
];

/** The command groups: what `rehook <group> --help` says above the list of subcommands. */
const GROUPS: Readonly<Record<string, string>> = {
  accounts: 'Manage accounts. Server commands: they work on the store (data directory or DATABASE_URL) directly.',
  tokens: 'Manage the API tokens of an account. Server commands: they work on the store directly.',
  inbox: 'Create, inspect, rename, save, clear, delete and share inboxes on a running server.',
  forwarding: "Forward a saved inbox's events to a URL automatically, with retries (docs/forwarding.md).",
  alerts:
    "Notify a URL when a saved inbox's events match, fail their signature, drift, or forwarding fails (docs/insight.md).",
  response: 'Show, program and clear what an inbox answers its senders (docs/responses.md).',
  signature: "Check senders' signatures on a saved inbox, and re-sign replays (docs/signatures.md).",
};

/**
 * Runs the command line `argv` (without `node` and the script). Resolves when the command has
 * finished; throws UsageError for a command line that cannot run and lets the command's own
 * errors through to the bin entry, which maps them to exit codes.
 */
export function runCli(argv: readonly string[], io: CliIO): Promise<void> {
  return runCommandLine({ commands: COMMANDS, groups: GROUPS }, argv, io);
}
