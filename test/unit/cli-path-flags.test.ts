import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { parseFor } from '../../src/cli/argv.js';
import { eventsCommand } from '../../src/cli/commands/events.command.js';
import { replayAllCommand } from '../../src/cli/commands/replay-all.command.js';
import { eventListFilter, pathPrefixFlag } from '../../src/cli/filter-options.js';

// `rehook events --path` and `rehook replay-all --path-prefix` name one filter: each command
// takes both names, with the same meaning, and refuses both at once.

describe('the path filter of the CLI', () => {
  it('rehook events takes --path-prefix as --path', () => {
    const byPath = eventListFilter(parseFor(eventsCommand, ['events', 'inb_x', '--path', '/stripe'], {}));
    const byPrefix = eventListFilter(parseFor(eventsCommand, ['events', 'inb_x', '--path-prefix', '/stripe'], {}));
    assert.deepEqual(byPrefix, byPath);
    assert.equal(byPrefix.path, '/stripe');
    assert.throws(
      () => eventListFilter(parseFor(eventsCommand, ['events', 'inb_x', '--path', '/a', '--path-prefix', '/b'], {})),
      /not both/,
    );
  });

  it('rehook replay-all takes --path as --path-prefix', () => {
    const args = ['replay-all', 'inb_x', '--to', 'https://example.com/hooks'];
    assert.equal(pathPrefixFlag(parseFor(replayAllCommand, [...args, '--path', '/stripe'], {})), '/stripe');
    assert.equal(pathPrefixFlag(parseFor(replayAllCommand, [...args, '--path-prefix', '/stripe'], {})), '/stripe');
    assert.throws(
      () => pathPrefixFlag(parseFor(replayAllCommand, [...args, '--path', '/a', '--path-prefix', '/b'], {})),
      /not both/,
    );
  });
});
