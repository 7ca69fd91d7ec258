import { defineCommand, type ParsedInput } from '../command.js';
import { CLIENT, INBOX_ID } from '../command-options.js';
import { UsageError } from '../exit.js';
import { clientWithInbox, durationMs, required, str } from '../normalise.js';
import type { SignatureSetFlags } from './signature.js';

/** The flags of `rehook signature set` (src/cli/commands/signature.ts); the server checks the values. */
function signatureFlags(input: ParsedInput): SignatureSetFlags {
  const tolerance = str(input, 'tolerance');
  const toleranceMs = tolerance === undefined ? undefined : durationMs(input, 'tolerance', 0);
  if (toleranceMs !== undefined && (toleranceMs < 1000 || toleranceMs % 1000 !== 0)) {
    throw new UsageError('--tolerance must be whole seconds, at least 1s (e.g. 300, 5m)', input.path);
  }
  const optional = (name: string, key: keyof SignatureSetFlags) => {
    const value = str(input, name);
    return value === undefined ? {} : { [key]: value };
  };
  return {
    scheme: required(input, 'scheme'),
    ...optional('secret', 'secret'),
    ...optional('secret-file', 'secretFile'),
    ...(toleranceMs !== undefined ? { toleranceSeconds: toleranceMs / 1000 } : {}),
    ...optional('header', 'header'),
    ...optional('encoding', 'encoding'),
    ...optional('prefix', 'prefix'),
  };
}

export const signatureShowCommand = defineCommand({
  path: ['signature', 'show'],
  kind: 'client',
  summary: "Show an inbox's signature settings (never the secret).",
  description:
    'Print the scheme, a hint of the secret (its last characters, for long secrets) and the options, or say ' +
    'that no secret is set. Only the owner of a saved inbox. docs/signatures.md has the details.',
  args: [INBOX_ID],
  options: CLIENT,
  examples: ['rehook signature show inb_...'],
  normalise: (input) => ({ ...clientWithInbox(input), action: 'show' as const }),
  load: () => import('./signature.js'),
});

export const signatureSetCommand = defineCommand({
  path: ['signature', 'set'],
  kind: 'client',
  summary: "Check an inbox's senders' signatures with a secret.",
  description:
    'Store the secret the sender signs with (encrypted on the server, never shown again): every event ' +
    'captured from then on carries its check (valid, invalid with the reason, or unchecked), and replays ' +
    'with --resign and `rehook listen --resign` sign with it. The secret is read from standard input ' +
    '(one trailing line break removed) or --secret-file, so it stays out of the shell history; --secret ' +
    'also works. Schemes: stripe, github, shopify, slack, standard-webhooks, svix, hmac-sha256 (with ' +
    '--header, --encoding, --prefix). Only the owner of a saved inbox.',
  args: [INBOX_ID],
  options: {
    scheme: {
      type: 'string',
      value: 'name',
      required: true,
      description: 'stripe, github, shopify, slack, standard-webhooks, svix or hmac-sha256.',
    },
    'secret-file': {
      type: 'string',
      value: 'path',
      description: 'File holding the secret (- reads standard input, the default).',
    },
    secret: {
      type: 'string',
      value: 'secret',
      description: 'The secret itself (it stays in the shell history: prefer standard input).',
    },
    tolerance: {
      type: 'string',
      value: 'duration',
      description:
        'How far the signed timestamp may be from the capture time (stripe, slack, standard-webhooks, svix; default 5m).',
    },
    header: {
      type: 'string',
      value: 'name',
      description: 'hmac-sha256: the header carrying the signature (required).',
    },
    encoding: {
      type: 'string',
      value: 'hex|base64',
      description: 'hmac-sha256: how the digest is written (default hex).',
    },
    prefix: { type: 'string', value: 'text', description: 'hmac-sha256: text before the digest, e.g. sha256=.' },
    ...CLIENT,
  },
  examples: [
    'stripe listen --print-secret | rehook signature set inb_... --scheme stripe',
    'rehook signature set inb_... --scheme github --secret-file ~/.secrets/github-webhook',
    'rehook signature set inb_... --scheme hmac-sha256 --header X-Signature --encoding base64 --secret-file key.txt',
  ],
  normalise: (input) => ({
    ...clientWithInbox(input),
    action: 'set' as const,
    flags: signatureFlags(input),
  }),
  load: () => import('./signature.js'),
});

export const signatureRemoveCommand = defineCommand({
  path: ['signature', 'remove'],
  kind: 'client',
  summary: "Remove an inbox's signature secret.",
  description:
    'New events are stored unchecked again; earlier events keep their check. Only the owner of a saved inbox.',
  args: [INBOX_ID],
  options: CLIENT,
  examples: ['rehook signature remove inb_...'],
  normalise: (input) => ({ ...clientWithInbox(input), action: 'remove' as const }),
  load: () => import('./signature.js'),
});
