import type { EventTypeSettings } from '../../client/types.js';
import { clientFor, type ClientOptions } from '../client-options.js';
import { json } from '../format.js';
import type { CliIO } from '../io.js';

export type DriftSettingsOptions = ClientOptions & { readonly inboxId: string } & (
    | { readonly action: 'show' }
    | { readonly action: 'reset' }
    | { readonly action: 'set'; readonly minSamples: number }
  );

function describe(settings: EventTypeSettings): string {
  const whose = settings.isDefault ? ' (the default)' : '';
  return `Drift is judged once a type has ${settings.minSamples} events${whose}.`;
}

/** `rehook drift-settings show|set|reset <inbox>`. */
export async function run(options: DriftSettingsOptions, io: CliIO): Promise<void> {
  const client = clientFor(options);
  const settings =
    options.action === 'set'
      ? await client.setEventTypeSettings(options.inboxId, options.minSamples)
      : options.action === 'reset'
        ? await client.resetEventTypeSettings(options.inboxId)
        : await client.eventTypeSettings(options.inboxId);
  if (options.json) {
    io.stdout(json({ settings }));
    return;
  }
  io.stdout(describe(settings));
  if (options.action === 'set') io.stdout('Every type of the inbox is being learned again.');
}
