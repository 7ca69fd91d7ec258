import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { describe, it } from 'node:test';
import { renderCliDoc } from '../../scripts/docs/cli-doc.js';
import { renderSettingsDoc } from '../../scripts/docs/config-doc.js';
import { COMMANDS } from '../../src/cli/cli.js';
import { defineCommand, type CommandInfo } from '../../src/cli/command.js';
import { EXIT } from '../../src/cli/exit.js';
import { usage } from '../../src/cli/help.js';
import { SETTINGS } from '../../src/config/schema.js';

const source = (file: string) => readFileSync(new URL(`../../${file}`, import.meta.url), 'utf8');

/** The section of one command in docs/generated/cli.md, up to the next command. */
function sectionOf(doc: string, command: CommandInfo): string {
  const start = doc.indexOf(`\n### ${['rehook', ...command.path].join(' ')}\n`);
  assert.ok(start >= 0, `no section for ${command.path.join(' ')}`);
  const end = doc.indexOf('\n### ', start + 1);
  return doc.slice(start, end < 0 ? undefined : end);
}

// Whether the committed files match their generators is checked in generated-files.test.ts; the
// README holds no generated table (it links the references in docs/).
describe('the hand-written docs agree with the code', () => {
  it('docs/generated/settings.md names every setting', () => {
    const doc = renderSettingsDoc();
    for (const spec of SETTINGS) assert.ok(doc.includes(`| \`${spec.env}\` | \`--${spec.flag}\` |`), spec.env);
  });

  it('the hand-written docs hold no generated part: they link to the generated file instead', () => {
    for (const [file, generated] of [
      ['docs/api.md', 'generated/api-reference.md'],
      ['docs/configuration.md', 'generated/settings.md'],
    ] as const) {
      const doc = source(file);
      assert.ok(doc.includes(`](${generated})`), `${file} links ${generated}`);
      assert.doesNotMatch(doc, /<!-- [\w-]+:(start|end)\b/, `${file} has generated-section markers`);
    }
    assert.ok(!source('docs/api.md').includes('\n## Endpoints\n'), 'docs/api.md holds the endpoint reference');
    assert.ok(!source('docs/configuration.md').includes('| `REHOOK_HOST` |'), 'docs/configuration.md holds the table');
  });

  it('docs/configuration.md names the port settings, with their flags and defaults from the schema', () => {
    const doc = source('docs/configuration.md');
    for (const env of ['REHOOK_HOST', 'REHOOK_PORT', 'REHOOK_INGEST_PORT']) {
      const spec = SETTINGS.find((setting) => setting.env === env);
      assert.ok(spec, env);
      assert.ok(doc.includes(`\`${env}\` (\`--${spec.flag}\`, default \`${spec.defaultText}\``), env);
    }
  });

  it("README's hand-written command lines use commands and flags that exist", () => {
    const lines = source('README.md')
      .split('\n')
      .filter((line) => /^(\S+=\S+ )*(npx )?rehook /.test(line) || line.includes('$(npx rehook '));
    assert.ok(lines.length >= 5, `only ${lines.length} command lines found`);
    for (const line of lines) {
      const words = (line.slice(line.indexOf('rehook ') + 'rehook '.length).split(/\s#|\)/)[0] ?? '')
        .trim()
        .split(/\s+/);
      const command = COMMANDS.find((candidate) => candidate.path.every((word, index) => words[index] === word));
      assert.ok(command, `README: unknown command in ${JSON.stringify(line)}`);
      for (const word of words.slice(command.path.length)) {
        const flag = /^\[?--([a-z-]+)/.exec(word)?.[1];
        if (flag !== undefined)
          assert.ok(flag in command.options, `README: ${command.path.join(' ')} has no --${flag}: ${line}`);
      }
    }
  });

  it('README links the generated references', () => {
    const readme = source('README.md');
    for (const file of [
      'docs/api.md',
      'docs/configuration.md',
      'docs/generated/cli.md',
      'docs/generated/errors.md',
      'docs/README.md',
    ])
      assert.ok(readme.includes(`](${file})`), `README links ${file}`);
  });
});

describe('docs/generated/cli.md', () => {
  const doc = renderCliDoc(COMMANDS);

  it('documents every command: usage, description, arguments, options, examples', () => {
    for (const command of COMMANDS) {
      const section = sectionOf(doc, command);
      assert.ok(section.includes(`\`\`\`\n${usage(command)}\n\`\`\``), `usage of ${command.path.join(' ')}`);
      const description = (command.description ?? command.summary).split('\n')[0]!;
      assert.ok(section.includes(description.replaceAll('<', '&lt;')), `description of ${command.path.join(' ')}`);
      for (const arg of command.args) assert.ok(section.includes(`| \`<${arg.name}>\` |`), arg.name);
      for (const [name, def] of Object.entries(command.options)) {
        const row = section
          .split('\n')
          .find((line) => line.startsWith(`| \`--${name}\``) || line.includes(`, --${name}\``));
        assert.ok(row, `--${name} of ${command.path.join(' ')}`);
        if (def.env !== undefined) assert.ok(row.includes(`\`${def.env}\``), `env of --${name}`);
        if (def.default !== undefined && def.required !== true)
          assert.ok(row.includes(`\`${def.default}\``), `default of --${name}`);
        if (def.required === true) assert.ok(row.includes('**required**'), `--${name} is required`);
        if (def.type === 'string') {
          assert.ok(row.includes(`\`<${(def.value ?? 'value').replaceAll('|', '\\|')}>\``), `value of --${name}`);
        }
      }
      for (const example of command.examples ?? []) assert.ok(section.includes(`\n${example}\n`), example);
      assert.ok(
        doc.includes(`](#${['rehook', ...command.path].join('-')})`),
        `index entry of ${command.path.join(' ')}`,
      );
    }
  });

  it('picks up a command added to the definitions, without other changes', () => {
    const added = defineCommand({
      path: ['watch'],
      kind: 'client',
      summary: 'Watch an inbox.',
      args: [{ name: 'inboxId', description: 'Id of the inbox (inb_...).' }],
      options: {
        timeout: { type: 'string', value: 'duration', description: 'Give up after this long.', default: '30s' },
        quiet: { type: 'boolean', short: 'q', description: 'Print nothing.' },
      },
      examples: ['rehook watch inb_... --timeout 1m'],
      normalise: () => ({}),
      load: async () => ({ run: async () => undefined }),
    });
    assert.ok(!COMMANDS.some((command) => command.path[0] === added.path[0]), 'pick a name no real command has');
    const section = sectionOf(renderCliDoc([...COMMANDS, added]), added);
    assert.match(section, /rehook watch <inboxId> \[options\]/);
    assert.match(section, /\| `--timeout` \| `<duration>` \| {2}\| `30s` \| Give up after this long\. \|/);
    assert.match(section, /\| `-q, --quiet` \| \(none: a switch\) \|/);
    assert.match(section, /rehook watch inb_\.\.\. --timeout 1m/);
  });

  it('lists every exit code', () => {
    for (const [name, value] of Object.entries(EXIT)) assert.match(doc, new RegExp(`\\n\\| ${value} \\| \\S`), name);
  });
});
