import { readFileSync, statSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { beforeAll, describe, expect, test } from 'vitest';
import { CHECK_IDS } from '../../src/client/verify/trustReport.js';
import { CLI, readmeCommands, runSnippet, useCliNode } from '../support/cli.js';

const ROOT = resolve(import.meta.dirname, '../..');
const cli = useCliNode('verify');

beforeAll(() => {
  const newestSource = Math.max(
    ...['src/cli/main.ts', 'src/cli/verify.ts', 'src/client/verifyCredential.ts'].map(
      (file) => statSync(join(ROOT, file)).mtimeMs,
    ),
  );
  if ((statSync(CLI, { throwIfNoEntry: false })?.mtimeMs ?? 0) < newestSource)
    throw new Error('dist/ is older than src/cli: run "npm run build" first');
});

const USAGE =
  'verify takes one credential: a file holding a compact JWT, the JWT itself, or - for standard input';

/** The onboarding credential the README block wrote. */
const credentialFile = () => join(cli.workDir, 'alice-onboarding.jwt');

describe('core-registry verify', () => {
  test('default: the README block runs as written; the operator’s credential is trusted', async () => {
    const outputs: string[] = [];
    for (const line of readmeCommands('verify')) {
      const { code, stdout, stderr } = await runSnippet(line, cli.node, cli.workDir);
      if (code !== 0) throw new Error(`"${line}" failed: ${stderr}`);
      outputs.push(stdout);
    }
    const [, , human, json] = outputs;
    const operatorDid = cli.node.environment.operatorDid;
    expect(human?.split('\n').map((line) => line.slice(0, 2))).toEqual([
      ...['✔ ', '✔ ', '✔ ', '✔ ', '✔ ', '✔ ', '✔ ', '– ', '– '],
      'ch',
      're',
      'tr',
      '',
    ]);
    expect(human).toContain(`✔ accreditation    Accredited: ${operatorDid} (RootTAO)\n`);
    expect(
      human?.endsWith(
        `chain: ${operatorDid} (RootTAO)\nreads: one node, not proven (${cli.node.url})\ntrusted\n`,
      ),
    ).toBe(true);
    const report = JSON.parse(json ?? '');
    expect(report).toMatchObject({
      verdict: 'trusted',
      chain: [{ did: operatorDid, role: 'RootTAO' }],
    });
    expect(report.checks.map(({ id }: { id: string }) => id)).toEqual([...CHECK_IDS]);
  });

  test('error: a tampered credential is untrusted: exit 1, the failing check marked', async () => {
    const [head, body, signature] = readFileSync(credentialFile(), 'utf8').trim().split('.');
    const payload = JSON.parse(Buffer.from(body ?? '', 'base64url').toString());
    payload.jti = 'urn:uuid:00000000-0000-4000-8000-000000000000';
    const tampered = `${head}.${Buffer.from(JSON.stringify(payload)).toString('base64url')}.${signature}`;
    writeFileSync(join(cli.workDir, 'tampered.jwt'), tampered);
    const run = await cli.raw('verify', 'tampered.jwt');
    expect(run).toMatchObject({ code: 1, stderr: '' });
    expect(run.stdout).toMatch(/^✘ signature {8}The ES256K signature does not verify with "/m);
    expect(run.stdout.endsWith('untrusted: 1 of 9 checks failed\n')).toBe(true);
    const json = await cli.raw('verify', 'tampered.jwt', '--json');
    expect(json.code).toBe(1);
    expect(JSON.parse(json.stdout)).toMatchObject({ verdict: 'untrusted' });
  });

  test('error: a node that cannot be reached is untrusted, not a crash', async () => {
    const run = await cli.raw('verify', credentialFile(), '--node', 'http://127.0.0.1:1');
    expect(run).toMatchObject({ code: 1, stderr: '' });
    expect(run.stdout).toContain(
      "✘ issuer           The issuer's DID document could not be read: The node could not be read: fetch failed",
    );
  });

  test('args: the JWT itself, as the argument, is verified as its file is', async () => {
    const jwt = readFileSync(credentialFile(), 'utf8').trim();
    const inline = await cli.raw('verify', jwt);
    expect(inline).toMatchObject({ code: 0, stderr: '' });
    expect(inline.stdout.endsWith('\ntrusted\n')).toBe(true);
  });

  test('error: an unsecured JWT (alg none, empty signature) is untrusted by its shape, exit 1', async () => {
    const [, body] = readFileSync(credentialFile(), 'utf8').trim().split('.');
    const header = Buffer.from(JSON.stringify({ alg: 'none', typ: 'JWT' })).toString('base64url');
    const unsecured = `${header}.${body}.`;
    writeFileSync(join(cli.workDir, 'unsecured.jwt'), unsecured);
    for (const argument of ['unsecured.jwt', unsecured]) {
      const run = await cli.raw('verify', argument);
      expect(run, argument).toMatchObject({ code: 1, stderr: '' });
      expect(run.stdout).toMatch(/^✘ shape /);
      expect(run.stdout).toMatch(/\nuntrusted: \d of 9 checks failed\n$/);
    }
    const json = await cli.raw('verify', 'unsecured.jwt', '--json');
    expect(json.code).toBe(1);
    const report = JSON.parse(json.stdout);
    expect(report.verdict).toBe('untrusted');
    expect(report.checks[0]).toMatchObject({ id: 'shape', verdict: 'fail' });
  });

  test.each([
    [[], USAGE],
    [['a.jwt', 'b.jwt'], USAGE],
    [
      ['missing.jwt'],
      'missing.jwt: no such file (give a file holding a compact JWT, the JWT itself, or - for standard input)',
    ],
    [['notes.txt'], 'The file notes.txt does not hold a compact JWT'],
    [['.'], 'Cannot read .: EISDIR'],
    [['x', '--at', 'yesterday'], '--at must be a date-time, not "yesterday"'],
  ])('error: bad usage %j exits 2', async (args, message) => {
    writeFileSync(join(cli.workDir, 'notes.txt'), 'Not a credential\n');
    const run = await cli.raw('verify', ...args);
    expect(run).toMatchObject({ code: 2, stdout: '', stderr: `core-registry: ${message}\n` });
  });
});
