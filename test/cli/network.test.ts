import {
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { computeAddress, decodeRlp, SigningKey } from 'ethers';
import { parse as parseToml } from 'smol-toml';
import { getAddress } from 'viem';
import { afterAll, describe, expect, test, vi } from 'vitest';
import { parse as parseYaml } from 'yaml';
import { runCli } from '../support/cli.js';

// Each run is a CLI process (≈0.5 s to load on two idle cores, more on busy ones).
vi.setConfig({ testTimeout: 120_000 });

const root = mkdtempSync(join(tmpdir(), 'core-cli-network-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

const read = (dir: string, path: string) => readFileSync(join(dir, path), 'utf8');

describe('core-registry network init', () => {
  test('default: four validators whose key files are the validators of extraData', async () => {
    const out = join(root, 'default');
    const run = await runCli(['network', 'init', '--out', out]);
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toMatch(/^A QBFT network of 4 validator\(s\), chain 2026, written to /);

    expect(readdirSync(out).sort()).toEqual(
      [
        '.env',
        'README.md',
        'compose.yaml',
        'environment',
        'genesis.json',
        'validator-1',
        'validator-2',
        'validator-3',
        'validator-4',
        'validators.json',
      ].sort(),
    );
    const genesis = JSON.parse(read(out, 'genesis.json'));
    expect(genesis.config).toMatchObject({ chainId: 2026, qbft: { blockperiodseconds: 2 } });
    const [, inExtraData] = decodeRlp(genesis.extraData) as [string, string[]];

    const fromKeys = ['validator-1', 'validator-2', 'validator-3', 'validator-4'].map((name) => {
      const key = read(out, `${name}/key`);
      expect(key).toMatch(/^0x[0-9a-f]{64}$/);
      expect(statSync(join(out, name, 'key')).mode & 0o777).toBe(0o600);
      const signingKey = new SigningKey(key);
      expect(read(out, `${name}/key.pub`)).toBe(`0x${signingKey.publicKey.slice(4)}`);
      return computeAddress(signingKey).toLowerCase();
    });
    expect(inExtraData).toEqual(fromKeys);
    expect(fromKeys).toEqual([...fromKeys].sort());

    const summary = JSON.parse(read(out, 'validators.json'));
    expect(summary.validators.map((v: { address: string }) => v.address.toLowerCase())).toEqual(
      fromKeys,
    );
    expect(read(out, 'validators.json')).not.toMatch(/privateKey|"key"/);
  });

  test('behavior: config files, compose file and summary agree on ports and enodes', async () => {
    const out = join(root, 'consistent');
    expect((await runCli(['network', 'init', '--out', out, '--validators', '3'])).code).toBe(0);
    const summary = JSON.parse(read(out, 'validators.json'));
    const compose = parseYaml(read(out, 'compose.yaml'));
    expect(Object.keys(compose.services)).toHaveLength(6);
    for (const validator of summary.validators) {
      const config = parseToml(read(out, `${validator.name}/config.toml`));
      expect(`http://127.0.0.1:${config['rpc-http-port']}`).toBe(validator.rpcHttpUrl);
      expect(`ws://127.0.0.1:${config['rpc-ws-port']}`).toBe(validator.rpcWsUrl);
      expect(validator.enode).toBe(
        `enode://${read(out, `${validator.name}/key.pub`).slice(2)}@${config['p2p-host']}:${config['p2p-port']}`,
      );
      const others = summary.validators.filter((v: { name: string }) => v.name !== validator.name);
      for (const bootnode of config.bootnodes as string[])
        expect(others.map((v: { enode: string }) => v.enode)).toContain(bootnode);
      expect(compose.services[validator.name].ports).toContain(
        `127.0.0.1:${config['rpc-http-port']}:${config['rpc-http-port']}`,
      );
    }
    expect(read(out, '.env')).toMatch(/^BESU_UID=\d+\nBESU_GID=\d+\n$/);
    expect(read(out, 'README.md')).toContain('docs/besu.md');
  });

  test('args: --validators, --chain-id, --block-period-seconds; --json prints the result', async () => {
    const out = join(root, 'args');
    const run = await runCli([
      'network',
      'init',
      '--out',
      out,
      '--validators',
      '1',
      '--chain-id',
      '4242',
      '--block-period-seconds',
      '5',
      '--json',
    ]);
    expect(run).toMatchObject({ code: 0, stderr: '' });
    const result = JSON.parse(run.stdout);
    expect(result).toMatchObject({ out, chainId: 4242, blockPeriodSeconds: 5 });
    expect(result.validators).toHaveLength(1);
    expect(JSON.parse(read(out, 'genesis.json')).config).toMatchObject({
      chainId: 4242,
      qbft: { blockperiodseconds: 5, requesttimeoutseconds: 10 },
    });
    expect(parseToml(read(out, 'validator-1/config.toml')).bootnodes).toEqual([]);
  });

  test('behavior: an existing empty folder is used', async () => {
    const out = join(root, 'empty');
    mkdirSync(out);
    expect((await runCli(['network', 'init', '--out', out, '--validators', '2'])).code).toBe(0);
    expect(readdirSync(out)).toContain('validator-2');
  });

  test.each([
    [['--validators', '0'], '"--validators" must be an integer from 1 to 32'],
    [['--validators', '33'], '"--validators" must be an integer from 1 to 32'],
    [['--validators', '2.5'], '"--validators" must be an integer from 1 to 32'],
    [['--validators', 'four'], '"--validators" must be an integer from 1 to 32'],
    [['--chain-id', '0'], '"--chain-id" must be an integer from 1 to 9007199254740991'],
    [['--block-period-seconds', '0'], '"--block-period-seconds" must be an integer from 1 to 60'],
  ])('error: %j is bad usage (exit 2), and nothing is written', async (flags, message) => {
    const out = join(root, `bad-${flags.join('-')}`);
    expect(await runCli(['network', 'init', '--out', out, ...flags])).toEqual({
      code: 2,
      stdout: '',
      stderr: `core-registry: ${message}\n`,
    });
    expect(() => statSync(out)).toThrow();
  });

  test('error: without --out, with an argument, or an --out that is not an empty folder', async () => {
    expect(await runCli(['network', 'init'])).toMatchObject({
      code: 2,
      stderr: 'core-registry: network init needs "--out DIR", the folder to write the network to\n',
    });
    expect(await runCli(['network', 'init', 'kit'])).toMatchObject({
      code: 2,
      stderr: 'core-registry: network init takes no argument, only options\n',
    });
    const full = join(root, 'full');
    mkdirSync(full);
    writeFileSync(join(full, 'notes.txt'), 'mine');
    expect(await runCli(['network', 'init', '--out', full])).toMatchObject({
      code: 2,
      stderr: `core-registry: "--out" is a folder that is not empty: ${full}\n`,
    });
    expect(readdirSync(full)).toEqual(['notes.txt']);
    const file = join(full, 'notes.txt');
    expect(await runCli(['network', 'init', '--out', file])).toMatchObject({
      code: 2,
      stderr: `core-registry: "--out" is a file, not a folder: ${file}\n`,
    });
    expect(await runCli(['network', 'init', '--out', full, '--json'])).toMatchObject({
      code: 2,
      stdout: expect.stringContaining('"step": null'),
    });
  });

  test('default: help lists the command and its flags', async () => {
    const root = await runCli(['--help']);
    expect(root.stdout).toContain('network init');
    const help = await runCli(['network', 'init', '--help']);
    expect(help).toMatchObject({ code: 0, stderr: '' });
    expect(help.stdout).toMatch(/^Usage: core-registry network init \[options\]\n/);
    for (const flag of ['--out DIR', '--validators N', '--chain-id N', '--block-period-seconds S'])
      expect(help.stdout).toContain(flag);
  });

  test("args: --operators, --threshold, --delay put the governance in the kit's deploy command", async () => {
    const out = join(root, 'governed');
    const operators = [`0x${'1'.repeat(40)}`, `0x${'2'.repeat(40)}`, `0x${'3'.repeat(40)}`];
    const run = await runCli([
      'network',
      'init',
      '--out',
      out,
      '--validators',
      '1',
      '--operators',
      operators.join(','),
      '--threshold',
      '2',
      '--delay',
      '1h',
    ]);
    expect(run.code, run.stderr).toBe(0);
    const checksummed = operators.map((address) => getAddress(address));
    expect(read(out, 'README.md')).toContain(
      `--operators ${checksummed.join(',')} --threshold 2 --delay 3600s`,
    );
    expect(JSON.parse(read(out, 'validators.json')).governance).toEqual({
      operators: checksummed,
      threshold: 2,
      delaySeconds: 3600,
    });
    const bad = await runCli(['network', 'init', '--out', join(root, 'bad'), '--threshold', '2']);
    expect(bad).toMatchObject({ code: 2 });
    expect(bad.stderr).toContain('"--threshold" needs "--operators"');
  });
});
