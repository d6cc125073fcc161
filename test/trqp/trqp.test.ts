import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import Ajv from 'ajv';
import addFormats from 'ajv-formats';
import { generatePrivateKey } from 'viem/accounts';
import { beforeAll, describe, expect, test } from 'vitest';
import {
  type CoreClient,
  createCoreClient,
  createCredential,
  ProblemResponseError,
  toSecp256k1PrivateJwk,
  trqpAuthorization,
  trqpRecognition,
  verifyCredential,
} from '../../src/client/index.js';
import { createDidCoreV1 } from '../../src/identity/didCore.js';
import { latestBlockTimePassed } from '../journeys/support12.js';
import { readmeCommands, runSnippet, useCliNode } from '../support/cli.js';

// TRQP v2.0 over real registry data built with the CLI (docs/cli.md, "A chain of trust"): the
// operator (Root TAO) accredits Alice as a TAO, Alice accredits Carol as a TI for diplomas, Carol
// signs a diploma, Alice revokes Carol. Each answer is checked against the approved JSON Schemas
// and against `verifyCredential`'s accreditation check of a credential of the same issuer, type
// and time: one rule.

const cli = useCliNode('trqp');
const DIPLOMA = 'DiplomaCredential';

const ajv = addFormats.default(new Ajv.default({ strict: false, allErrors: true }));
const schema = (name: string) =>
  ajv.compile(
    JSON.parse(readFileSync(join(import.meta.dirname, 'schemas', `${name}.schema.json`), 'utf8')),
  );
const SCHEMAS = {
  authorizationRequest: schema('trqp_authorization_request'),
  authorizationResponse: schema('trqp_authorization_response'),
  recognitionRequest: schema('trqp_recognition_request'),
  recognitionResponse: schema('trqp_recognition_response'),
};

let client: CoreClient;
let root: string;
let alice: string;
let carol: string;
/** Credentials signed by each issuer, by type. */
let signed: { diploma: string; carolOther: string; aliceDiploma: string; rootOnboarding: string };
/** Block times: before Carol's accreditation, while it held, after its revocation. */
let times: { before: bigint; accredited: bigint; revoked: bigint };

const iso = (seconds: bigint) => new Date(Number(seconds) * 1000).toISOString().replace('.000', '');

/** Runs a CLI step that prints a result (a JWT) and returns it, failing loudly otherwise. */
async function step(...args: string[]): Promise<string> {
  const run = await cli.raw(...args);
  if (run.code !== 0) throw new Error(`${args.join(' ')} exited ${run.code}: ${run.stderr}`);
  return run.stdout.trim();
}

beforeAll(async () => {
  client = createCoreClient({ baseUrl: cli.node.url });
  root = cli.node.environment.operatorDid;
  const dir = cli.workDir;
  const aliceWallet = await cli.registeredWallet('alice');
  const carolWallet = await cli.registeredWallet('carol');
  alice = aliceWallet.did;
  carol = carolWallet.did;
  await step('wallet', 'keys', 'add', '--wallet', 'alice.json');
  await step('wallet', 'keys', 'add', '--wallet', 'carol.json');
  writeFileSync(
    join(dir, 'alice-accreditation.jwt'),
    await step('admin', 'accredit', alice, 'TAO'),
  );
  await step(
    'wallet',
    'issuer',
    'accept',
    '--credential',
    'alice-accreditation.jwt',
    '--wallet',
    'alice.json',
  );
  const before = await latestBlockTimePassed(client);
  writeFileSync(
    join(dir, 'carol-accreditation.jwt'),
    await step(
      'wallet',
      'issuer',
      'accredit',
      carol,
      'TI',
      '--types',
      DIPLOMA,
      '--wallet',
      'alice.json',
    ),
  );
  await step(
    'wallet',
    'issuer',
    'accept',
    '--credential',
    'carol-accreditation.jwt',
    '--wallet',
    'carol.json',
  );
  writeFileSync(join(dir, 'claims.json'), '{"degree":"MSc Chemistry"}');
  const sign = (type: string, wallet: string) =>
    step('wallet', 'issuer', 'sign', alice, type, 'claims.json', '--wallet', wallet);
  signed = {
    diploma: await sign(DIPLOMA, 'carol.json'),
    carolOther: await sign('TranscriptCredential', 'carol.json'),
    aliceDiploma: await sign(DIPLOMA, 'alice.json'),
    rootOnboarding: readFileSync(join(dir, 'alice-onboarding.jwt'), 'utf8').trim(),
  };
  const accredited = await latestBlockTimePassed(client);
  await step('wallet', 'issuer', 'revoke', carol, '--wallet', 'alice.json');
  times = { before, accredited, revoked: await latestBlockTimePassed(client) };
}, 300_000);

type Query = { entity_id: string; authority_id: string; action: string; resource: string };

/** POSTs a TRQP query as a TRQP client would: its status, media type and JSON body. */
async function ask(path: 'authorization' | 'recognition', body: unknown, init: RequestInit = {}) {
  const response = await fetch(`${cli.node.url}/v1/trqp/${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-request-id': 'trqp-test-1' },
    body: typeof body === 'string' ? body : JSON.stringify(body),
    ...init,
  });
  return {
    status: response.status,
    type: response.headers.get('content-type'),
    requestId: response.headers.get('x-request-id'),
    body: (await response.json()) as Record<string, unknown>,
  };
}

/** An authorization answer, checked against the approved schemas and echoing the query. */
async function authorized(query: Query, time?: bigint): Promise<boolean> {
  const request = time === undefined ? query : { ...query, context: { time: iso(time) } };
  expect(SCHEMAS.authorizationRequest(request), 'the query is a TRQP query').toBe(true);
  const { status, body } = await ask('authorization', request);
  expect(status, JSON.stringify(body)).toBe(200);
  expect(
    SCHEMAS.authorizationResponse(body),
    JSON.stringify(SCHEMAS.authorizationResponse.errors),
  ).toBe(true);
  expect(body).toMatchObject(query);
  expect(body.time_evaluated).toMatch(/Z$/);
  if (time !== undefined)
    expect(body).toMatchObject({ time_requested: iso(time), context: { time: iso(time) } });
  else expect(body).not.toHaveProperty('time_requested');
  return body.authorized as boolean;
}

/** `verifyCredential`'s accreditation verdict of a credential, as of `time` or now. */
async function accreditationOf(jwt: string, time?: bigint): Promise<boolean> {
  const report = await verifyCredential(jwt, {
    node: client,
    ...(time === undefined ? {} : { at: new Date(Number(time) * 1000) }),
  });
  return report.checks.find(({ id }) => id === 'accreditation')?.verdict === 'pass';
}

const issue = (entity: () => string, authority: () => string, resource: string) => () => ({
  entity_id: entity(),
  authority_id: authority(),
  action: 'issue',
  resource,
});

describe('TRQP authorization: the Issuers Registry, as verifyCredential reads it', () => {
  test.each([
    [
      'an accredited TI, by its Root TAO, while accredited',
      issue(
        () => carol,
        () => root,
        DIPLOMA,
      ),
      'accredited',
      'diploma',
      true,
    ],
    [
      'an accredited TI, by its TAO, while accredited',
      issue(
        () => carol,
        () => alice,
        DIPLOMA,
      ),
      'accredited',
      'diploma',
      true,
    ],
    [
      'a TI after its revocation (now)',
      issue(
        () => carol,
        () => root,
        DIPLOMA,
      ),
      undefined,
      'diploma',
      false,
    ],
    [
      'a TI after its revocation (a time after it)',
      issue(
        () => carol,
        () => root,
        DIPLOMA,
      ),
      'revoked',
      'diploma',
      false,
    ],
    [
      'a TI before its accreditation',
      issue(
        () => carol,
        () => root,
        DIPLOMA,
      ),
      'before',
      'diploma',
      false,
    ],
    [
      'a type outside "accreditedFor"',
      issue(
        () => carol,
        () => root,
        'TranscriptCredential',
      ),
      'accredited',
      'carolOther',
      false,
    ],
    [
      'a TAO (unrestricted), by the Root TAO',
      issue(
        () => alice,
        () => root,
        DIPLOMA,
      ),
      undefined,
      'aliceDiploma',
      true,
    ],
    [
      'the Root TAO, by itself',
      issue(
        () => root,
        () => root,
        'VerifiableAuthorisationToOnboard',
      ),
      undefined,
      'rootOnboarding',
      true,
    ],
  ] as const)('default: %s', async (_, query, when, credential, expected) => {
    const time = when === undefined ? undefined : times[when];
    expect(await authorized(query(), time)).toBe(expected);
    expect(await accreditationOf(signed[credential], time), 'verifyCredential agrees').toBe(
      expected,
    );
  });

  test('default: an unknown DID is not authorised (200, false), as its credential is not accredited', async () => {
    const unknown = createDidCoreV1();
    const query = { entity_id: unknown, authority_id: root, action: 'issue', resource: DIPLOMA };
    expect(await authorized(query)).toBe(false);
    const { body } = await ask('authorization', query);
    expect(body.message).toBe(`${unknown} (the issuer) is not in the Issuers Registry`);
    const signer = {
      did: unknown,
      kid: `${unknown}#key-1`,
      privateKeyJwk: toSecp256k1PrivateJwk(generatePrivateKey()),
    };
    const credential = createCredential({
      issuer: signer,
      subject: alice,
      type: DIPLOMA,
      claims: { degree: 'MSc' },
    });
    expect(await accreditationOf(credential), 'verifyCredential agrees').toBe(false);
  });

  test('default: an authority outside the chain does not authorise; the chain is named', async () => {
    const query = { entity_id: alice, authority_id: carol, action: 'issue', resource: DIPLOMA };
    expect(await authorized(query)).toBe(false);
    const { body } = await ask('authorization', query);
    expect(body.message).toBe(
      `Accredited: ${alice} (TAO) ← ${root} (RootTAO); ${carol} is not in the chain above ${alice}`,
    );
  });

  test('default: "accredit" holds for a TAO and the Root TAO, not for a TI', async () => {
    const accredit = (entity: string) => ({
      entity_id: entity,
      authority_id: root,
      action: 'accredit',
      resource: DIPLOMA,
    });
    expect(await authorized(accredit(alice))).toBe(true);
    expect(await authorized(accredit(root))).toBe(true);
    expect(await authorized(accredit(carol), times.accredited)).toBe(false);
  });

  test('default: time travel: true before the revocation, false at and after it; unknown context members are echoed and ignored', async () => {
    const query = { entity_id: carol, authority_id: root, action: 'issue', resource: DIPLOMA };
    const context = { time: iso(times.accredited), locator: 'anything', region: 'EU' };
    const { body } = await ask('authorization', { ...query, context });
    expect(body).toMatchObject({
      ...query,
      authorized: true,
      context,
      time_requested: context.time,
    });
    expect(body.message).toBe(
      `Accredited: ${carol} (TI) ← ${alice} (TAO) ← ${root} (RootTAO); ${root} is in the chain`,
    );
    expect(await authorized(query, times.revoked)).toBe(false);
  });

  test('default: the SDK asks the same; X-Request-ID is echoed', async () => {
    const answer = await trqpAuthorization(client, {
      entity_id: carol,
      authority_id: alice,
      action: 'issue',
      resource: DIPLOMA,
      context: { time: iso(times.accredited) },
    });
    expect(answer).toMatchObject({ authorized: true, time_requested: iso(times.accredited) });
    expect(
      (
        await ask('authorization', {
          entity_id: carol,
          authority_id: root,
          action: 'issue',
          resource: DIPLOMA,
        })
      ).requestId,
    ).toBe('trqp-test-1');
  });
});

describe('TRQP recognition', () => {
  test('default: this network recognises no other authority: false, schema-valid', async () => {
    const query = {
      entity_id: 'did:web:other-network.example',
      authority_id: root,
      action: 'issue',
      resource: DIPLOMA,
    };
    expect(SCHEMAS.recognitionRequest(query)).toBe(true);
    const { status, body } = await ask('recognition', query);
    expect(status).toBe(200);
    expect(
      SCHEMAS.recognitionResponse(body),
      JSON.stringify(SCHEMAS.recognitionResponse.errors),
    ).toBe(true);
    expect(body).toMatchObject({ ...query, recognized: false });
    expect(await trqpRecognition(client, query)).toMatchObject({ recognized: false });
  });
});

describe('TRQP errors: Problem Details, never a 500', () => {
  const valid = () => ({
    entity_id: carol,
    authority_id: root,
    action: 'issue',
    resource: DIPLOMA,
  });
  test.each([
    ['a missing field', () => ({ ...valid(), resource: undefined }), 400, '/resource'],
    ['an empty action', () => ({ ...valid(), action: '' }), 400, '/action'],
    ['a malformed DID', () => ({ ...valid(), entity_id: 'did:core:' }), 400, '/entity_id'],
    ['a number for a string', () => ({ ...valid(), resource: 7 }), 400, '/resource'],
    ['an array for a string', () => ({ ...valid(), action: ['issue'] }), 400, '/action'],
    [
      'a time with an offset',
      () => ({ ...valid(), context: { time: '2026-01-01T00:00:00+01:00' } }),
      400,
      '/context/time',
    ],
    [
      'an impossible date',
      () => ({ ...valid(), context: { time: '2026-02-30T00:00:00Z' } }),
      400,
      '/context/time',
    ],
    [
      'a date without a time',
      () => ({ ...valid(), context: { time: '2026-01-01' } }),
      400,
      '/context/time',
    ],
    [
      'a time in the future',
      () => ({ ...valid(), context: { time: '2999-01-01T00:00:00Z' } }),
      400,
      '/context/time',
    ],
    [
      'a context member that is not a string',
      () => ({ ...valid(), context: { region: 1 } }),
      400,
      '/context/region',
    ],
  ] as const)('error: %s is a 400 naming the member', async (_, body, status, pointer) => {
    const answer = await ask('authorization', body());
    expect(answer).toMatchObject({ status, type: 'application/problem+json; charset=utf-8' });
    expect(answer.body).toMatchObject({
      type: 'urn:core:problems:validation-error',
      status,
      title: 'Validation Error',
    });
    expect((answer.body.errors as { pointer: string }[]).map((issue) => issue.pointer)).toContain(
      pointer,
    );
  });

  test('error: a time with an offset, or in the future, is refused in words', async () => {
    const refusal = async (time: string) =>
      (await ask('authorization', { ...valid(), context: { time } })).body.errors;
    expect(await refusal('2026-01-01T00:00:00+01:00')).toEqual([
      {
        pointer: '/context/time',
        detail:
          '"time" must be an RFC 3339 date-time in UTC, written with "Z" (2026-01-31T12:00:00Z)',
      },
    ]);
    expect(await refusal('2999-01-01T00:00:00Z')).toEqual([
      {
        pointer: '/context/time',
        detail: '"time" is in the future: the registry answers as of the past or the present',
      },
    ]);
  });

  test.each([
    [
      'an action outside the vocabulary',
      () => ({ ...valid(), action: 'govern' }),
      'Action Not Found',
      'This registry answers the actions issue, accredit, not "govern"',
    ],
    [
      'an authority this registry does not serve',
      () => ({ ...valid(), authority_id: 'did:web:example.com' }),
      'Authority Not Found',
      'did:web:example.com is not an authority of this registry: a TAO or Root TAO of its Issuers Registry',
    ],
  ] as const)('error: %s is a 404', async (_, body, title, detail) => {
    for (const path of ['authorization', 'recognition'] as const) {
      const answer = await ask(path, body());
      expect(answer).toMatchObject({
        status: 404,
        type: 'application/problem+json; charset=utf-8',
      });
      expect(answer.body).toEqual({
        type: 'urn:core:problems:not-found',
        title,
        status: 404,
        detail,
      });
    }
  });

  test('error: bad JSON is a 400, another media type a 415, GET a 405 with Allow: POST', async () => {
    expect(await ask('authorization', '{"entity_id":')).toMatchObject({
      status: 400,
      body: { type: 'about:blank', status: 400, detail: 'The request body is not valid JSON' },
    });
    const form = await ask('authorization', 'a=b', {
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(form).toMatchObject({ status: 415, body: { type: 'about:blank', status: 415 } });
    const get = await fetch(`${cli.node.url}/v1/trqp/authorization`);
    expect(get.status).toBe(405);
    expect(get.headers.get('allow')).toBe('POST');
  });

  test('error: the SDK throws the Problem Details', async () => {
    const refused = trqpAuthorization(client, { ...valid(), action: 'govern' });
    await expect(refused).rejects.toBeInstanceOf(ProblemResponseError);
    await expect(refused).rejects.toMatchObject({ status: 404 });
  });
});

describe('TRQP vocabulary and CLI', () => {
  test('default: GET /v1/trqp publishes the actions, resources and authorities', async () => {
    const response = await fetch(`${cli.node.url}/v1/trqp`);
    expect(response.status).toBe(200);
    const body = (await response.json()) as { actions: { action: string }[] };
    expect(body).toMatchObject({
      version: '2.0',
      binding: 'https',
      authorization: `${cli.node.url}/v1/trqp/authorization`,
      recognition: `${cli.node.url}/v1/trqp/recognition`,
      rootTao: root,
      recognizedAuthorities: [],
    });
    expect(body.actions.map(({ action }: { action: string }) => action)).toEqual([
      'issue',
      'accredit',
    ]);
  });

  test('default: "trqp authorize" answers: exit 0 authorised, 1 not; --json prints the answer', async () => {
    const yes = await cli.raw(
      'trqp',
      'authorize',
      carol,
      root,
      'issue',
      DIPLOMA,
      '--at',
      iso(times.accredited),
    );
    expect(yes).toMatchObject({ code: 0, stderr: '' });
    expect(yes.stdout).toBe(
      `authorized: Accredited: ${carol} (TI) ← ${alice} (TAO) ← ${root} (RootTAO); ${root} is in the chain\n`,
    );
    const no = await cli.raw('trqp', 'authorize', carol, root, 'issue', DIPLOMA, '--json');
    expect(no.code).toBe(1);
    expect(JSON.parse(no.stdout)).toMatchObject({ authorized: false, entity_id: carol });
    const refused = await cli.raw('trqp', 'authorize', carol, root, 'govern', DIPLOMA);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain(
      'This registry answers the actions issue, accredit, not "govern"',
    );
    expect(
      (await cli.raw('trqp', 'recognize', 'did:web:x.example', root, 'issue', DIPLOMA)).code,
    ).toBe(1);
  });

  test('default: the README\'s "Ask with TRQP" runs as written', async () => {
    const { code, stdout, stderr } = await runSnippet(
      readmeCommands('trqp').join('\n'),
      cli.node,
      cli.workDir,
    );
    expect({ code, stderr }).toEqual({ code: 0, stderr: '' });
    const [curl, human] = stdout.trim().split('\n');
    expect(JSON.parse(curl ?? '')).toMatchObject({
      entity_id: root,
      authority_id: root,
      authorized: true,
    });
    expect(human).toBe(`authorized: Accredited: ${root} (RootTAO); ${root} is in the chain`);
  });
});
