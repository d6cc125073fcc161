import { readFileSync } from 'node:fs';
import { describe, expect, test, vi } from 'vitest';
import { runCli } from '../support/cli.js';

// About fifty CLI processes, each ≈0.5 s to load on two idle cores, several times that on busy ones.
vi.setConfig({ testTimeout: 300_000 });

/** The commands a help lists: the first word of each entry under "Commands:". */
function commandsOf(help: string): string[] {
  const list = /\nCommands:\n([\s\S]*?)\n\n/.exec(help)?.[1] ?? '';
  const names = [...list.matchAll(/^ {2}([a-z][\w-]*)/gm)].map((match) => match[1] as string);
  return [...new Set(names)];
}

describe('core-registry --help', () => {
  test('behavior: every command and subcommand answers --help on stdout, exit 0', async () => {
    const seen: string[] = [];
    const visit = async (path: string[]): Promise<void> => {
      const run = await runCli([...path, '--help']);
      expect(run, path.join(' ')).toMatchObject({ code: 0, stderr: '' });
      const usage =
        path.length === 0 ? 'core-registry [command]' : `core-registry ${path.join(' ')}`;
      expect(run.stdout, path.join(' ')).toMatch(
        new RegExp(`^Usage: ${usage.replace(/[[\]]/g, '\\$&')}`),
      );
      seen.push(path.join(' '));
      // Siblings run side by side: each process spends much of its time loading modules.
      await Promise.all(
        commandsOf(run.stdout)
          .filter((name) => name !== 'help')
          .map((name) => visit([...path, name])),
      );
    };
    await visit([]);
    expect(seen).toEqual(
      expect.arrayContaining([
        'serve',
        'deploy',
        'admin onboard',
        'admin grant',
        'wallet keys add',
        'wallet keys roll',
        'wallet token',
        'wallet tnt authorise',
        'wallet tnt create',
        'wallet tnt event',
        'wallet schema update',
        'wallet issuer accept',
        'wallet issuer accredit',
        'wallet issuer revoke',
        'wallet issuer sign',
        'admin revoke-accreditation',
        'admin revoke-policy',
        'admin revoke',
        'network init',
        'keys generate',
        'keys rotate',
        'verify',
        'resolver-driver',
        'trqp authorize',
        'trqp recognize',
      ]),
    );
    expect(seen).toHaveLength(53);
  });

  test('default: each group lists its commands and each command shows its own usage', async () => {
    const serve = await runCli(['serve', '--help']);
    expect(serve.stdout).toContain('--port N           PORT');
    expect(serve.stdout).not.toContain('admin <command>');
    const deploy = await runCli(['deploy', '-h']);
    expect(deploy.stdout).toMatch(/^Usage: core-registry deploy --ledger-url URL/);
    expect(deploy.stdout).toContain('a data directory of its own (--data-dir)');
    const stamp = await runCli(['wallet', 'timestamp', '--help']);
    expect(stamp.stdout).toContain(
      "Published on the ledger (public, permanent): the file's SHA-256, the wallet's account and,\nonly with --name, the name given; never the file's path or name, nor its content.",
    );
    const event = await runCli(['help', 'wallet', 'tnt', 'event']);
    expect(event).toMatchObject({ code: 0, stderr: '' });
    expect(event.stdout).toMatch(
      /^Usage: core-registry wallet tnt event <documentHash> <externalHash> <metadata> \[origin\] \[options\]\n/,
    );
    expect(event.stdout).toContain('names the event by its keccak-256, the eventId printed');
    // Arguments after a command's name do not hide its help.
    const create = await runCli(['wallet', 'tnt', 'create', '0x12', '--help']);
    expect(create.stdout).toMatch(/^Usage: core-registry wallet tnt create <documentHash>/);
  });

  test('error: a bare group still lists its commands, as bad usage on stderr (exit 2)', async () => {
    const run = await runCli(['wallet']);
    expect(run).toMatchObject({ code: 2, stdout: '' });
    expect(run.stderr).toMatch(/^core-registry: Usage: core-registry wallet <command>/);
    expect(await runCli(['admin', 'frobnicate', '--help'])).toMatchObject({
      code: 2,
      stderr:
        'core-registry: Unknown admin command "frobnicate": see "npx core-registry admin --help"\n',
    });
    expect(await runCli(['wallet', 'did', 'extra'])).toMatchObject({
      code: 2,
      stderr: 'core-registry: wallet did takes no argument, only options\n',
    });
  });
});

describe('core-registry --version', () => {
  test('default: prints the version of package.json', async () => {
    const { version } = JSON.parse(
      readFileSync(new URL('../../package.json', import.meta.url), 'utf8'),
    ) as { version: string };
    expect(await runCli(['--version'])).toEqual({ code: 0, stdout: `${version}\n`, stderr: '' });
    expect(await runCli(['wallet', '--version'])).toMatchObject({ stdout: `${version}\n` });
  });
});
