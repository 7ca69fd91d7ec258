import { readFile } from 'node:fs/promises';
import type { SignatureSettings, SignatureSettingsInput } from '../../client/types.js';
import { clientFor, type ClientOptions } from '../client-options.js';
import { UsageError } from '../exit.js';
import { cleanLine, json } from '../format.js';
import type { CliIO } from '../io.js';

/** What `rehook signature set` sends; the secret comes from a file or standard input unless given. */
export interface SignatureSetFlags {
  readonly scheme: string;
  /** `--secret`: the secret itself (it lands in the shell's history: prefer the two others). */
  readonly secret?: string;
  /** `--secret-file`: a file holding the secret; `-` = standard input. */
  readonly secretFile?: string;
  readonly toleranceSeconds?: number;
  readonly header?: string;
  readonly encoding?: string;
  readonly prefix?: string;
}

export type SignatureOptions = ClientOptions & { readonly inboxId: string } & (
    | { readonly action: 'show' }
    | { readonly action: 'remove' }
    | { readonly action: 'set'; readonly flags: SignatureSetFlags }
  );

const SET = ['signature', 'set'];

/** The text of a secret file or of standard input, without the one line break an editor or `echo` adds. */
async function readSecret(flags: SignatureSetFlags, io: CliIO): Promise<string> {
  if (flags.secret !== undefined) {
    if (flags.secretFile !== undefined) throw new UsageError('give the secret once: --secret or --secret-file', SET);
    return flags.secret;
  }
  const path = flags.secretFile ?? '-';
  let text: string;
  if (path === '-') {
    const input = await io.stdin();
    if (input === null) {
      throw new UsageError(
        'the secret is read from standard input, which is a terminal: pipe it in, or use --secret-file <path>',
        SET,
      );
    }
    text = input;
  } else {
    try {
      text = await readFile(path, 'utf8');
    } catch (err) {
      throw new UsageError(
        `--secret-file ${path}: cannot read the file (${(err as NodeJS.ErrnoException).code ?? 'unreadable'})`,
        SET,
      );
    }
  }
  return text.replace(/\r?\n$/, '');
}

/** The PUT body; the server checks it (and names the field that is wrong, never the secret). */
export async function signatureInput(flags: SignatureSetFlags, io: CliIO): Promise<SignatureSettingsInput> {
  const input: Record<string, unknown> = { scheme: flags.scheme, secret: await readSecret(flags, io) };
  if (flags.toleranceSeconds !== undefined) input['toleranceSeconds'] = flags.toleranceSeconds;
  if (flags.header !== undefined) input['header'] = flags.header;
  if (flags.encoding !== undefined) input['encoding'] = flags.encoding;
  if (flags.prefix !== undefined) input['prefix'] = flags.prefix;
  return input as SignatureSettingsInput;
}

/** The human form of an inbox's signature settings. */
export function describeSignature(settings: SignatureSettings | null): string {
  if (settings === null) return 'No signature secret is set: events are stored unchecked.';
  const lines = [
    `Scheme: ${settings.scheme}`,
    `Secret: set${settings.secretHint === null ? '' : ` (${cleanLine(settings.secretHint)})`}, never shown`,
  ];
  if (settings.toleranceSeconds !== null) lines.push(`Timestamp tolerance: ${settings.toleranceSeconds} s`);
  if (settings.header !== null) {
    lines.push(
      `Header: ${cleanLine(settings.header)}, ${settings.encoding ?? 'hex'}${settings.prefix ? `, after '${cleanLine(settings.prefix)}'` : ''}`,
    );
  }
  lines.push(`Updated ${settings.updatedAt}`);
  return lines.join('\n');
}

/** `rehook signature show|set|remove <inboxId>`. */
export async function run(options: SignatureOptions, io: CliIO): Promise<void> {
  const client = clientFor(options);
  if (options.action === 'remove') {
    await client.removeSignatureSettings(options.inboxId);
    io.stdout(options.json ? json({ signature: null }) : 'Removed: new events are stored unchecked.');
    return;
  }
  const settings =
    options.action === 'show'
      ? await client.signatureSettings(options.inboxId)
      : await client.setSignatureSettings(options.inboxId, await signatureInput(options.flags, io));
  io.stdout(options.json ? json({ signature: settings }) : describeSignature(settings));
}
