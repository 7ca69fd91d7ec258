import { clientFor, type ClientOptions } from '../client-options.js';
import { json } from '../format.js';
import type { CliIO } from '../io.js';

export interface SchemaOptions extends ClientOptions {
  readonly inboxId: string;
  readonly eventType: string;
  readonly format: 'json' | 'typescript' | 'zod';
}

/** `rehook schema <inbox> <type> [--format json|typescript|zod]`: the document alone, ready to save. */
export async function run(options: SchemaOptions, io: CliIO): Promise<void> {
  const schema = await clientFor(options).eventTypeSchema(options.inboxId, options.eventType, options.format);
  if (options.json) {
    io.stdout(json({ schema }));
    return;
  }
  const doc = schema.document;
  io.stdout(typeof doc === 'string' ? doc : `${JSON.stringify(doc, null, 2)}\n`);
}
