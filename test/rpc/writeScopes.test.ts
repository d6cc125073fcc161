import {
  type Abi,
  type AbiFunction,
  type AbiParameter,
  type Address,
  encodeFunctionData,
  getContractAddress,
  type Hex,
  keccak256,
  pad,
  toFunctionSignature,
  toHex,
  zeroAddress,
} from 'viem';
import { generatePrivateKey, type PrivateKeyAccount, privateKeyToAccount } from 'viem/accounts';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { ScopeName } from '../../src/auth/scopes.js';
import { createCredential, requestToken, type Signer } from '../../src/client/index.js';
import { REGISTRIES, type RegistryName } from '../../src/registries/catalog.js';
import { WRITE_TABLE } from '../../src/rpc/writeGate/writeTable.js';
import { createHolder, registerHolder, type TestHolder } from '../support/holders.js';
import { type OperatorFixture, operatorOf } from '../support/operator.js';
import { startTestNode, type TestNode } from '../support/testNode.js';

/**
 * SPEC.md §4.4, row by row, written out here so that the gate's table is checked against the
 * specification rather than against itself (`ledger:invoke` names contracts, not functions).
 */
const SPEC_WRITES: readonly {
  scopes: readonly ScopeName[];
  registry: RegistryName;
  functions: readonly string[];
}[] = [
  { scopes: ['did-registry:invite'], registry: 'did-registry', functions: ['insertDidDocument'] },
  {
    scopes: ['did-registry:write'],
    registry: 'did-registry',
    functions: [
      'addController',
      'addVerificationMethod',
      'addVerificationRelationship',
      'expireVerificationMethod',
      'revokeController',
      'revokeVerificationMethod',
      'rollVerificationMethod',
      'updateBaseDocument',
    ],
  },
  {
    scopes: ['issuers-registry:invite', 'issuers-registry:write'],
    registry: 'issuers-registry',
    functions: [
      'addIssuerProxy',
      'removeIssuerProxy',
      'updateIssuerProxy',
      'setAttributeData',
      'setAttributeMetadata',
    ],
  },
  {
    scopes: ['policies-registry:write'],
    registry: 'policies-registry',
    functions: [
      'insertPolicy',
      'updatePolicy',
      'activatePolicy',
      'deactivatePolicy',
      'insertUserAttributes',
      'deleteUserAttributes',
    ],
  },
  {
    scopes: ['schemas-registry:write'],
    registry: 'schemas-registry',
    functions: ['insertSchema', 'updateSchema', 'updateMetadata'],
  },
  {
    scopes: ['timestamp:write'],
    registry: 'timestamp',
    functions: [
      'commitTimestampHashes',
      'timestampHashes',
      'timestampRecordHashes',
      'timestampVersionHashes',
      'timestampRecordVersionHashes',
      'appendRecordVersionHashes',
      'detachRecordVersionHash',
      'insertRecordVersionInfo',
      'insertRecordOwner',
      'revokeRecordOwner',
      'insertHashAlgorithm',
      'updateHashAlgorithm',
    ],
  },
  {
    scopes: ['track-and-trace:authorise'],
    registry: 'track-and-trace',
    functions: ['authoriseDid'],
  },
  {
    scopes: ['track-and-trace:create'],
    registry: 'track-and-trace',
    functions: ['commitCreateDocument', 'createDocument'],
  },
  {
    scopes: ['track-and-trace:write'],
    registry: 'track-and-trace',
    functions: ['grantAccess', 'revokeAccess', 'writeEvent', 'removeDocument'],
  },
];

/** The seven scopes one token may combine (SPEC.md §5.3.1). */
const COMBINABLE: readonly ScopeName[] = [
  'did-registry:write',
  'issuers-registry:write',
  'policies-registry:write',
  'schemas-registry:write',
  'timestamp:write',
  'track-and-trace:create',
  'track-and-trace:write',
];

/** One writable function of the ABI (each overload on its own). */
type Row = {
  registry: RegistryName;
  functionName: string;
  item: AbiFunction;
  /** The function name, or its signature when it is overloaded. */
  label: string;
  /** `<registry> <label>`, for test names. */
  title: string;
  /** The scopes that may call it, as the gate names them when one is missing. */
  scopes: readonly ScopeName[];
  /** The scope the accepted cases use. */
  scope: ScopeName;
};

const ROWS: readonly Row[] = SPEC_WRITES.flatMap(({ scopes, registry, functions }) =>
  functions.flatMap((functionName) => {
    const items = (REGISTRIES[registry].abi as Abi).filter(
      (item): item is AbiFunction => item.type === 'function' && item.name === functionName,
    );
    return items.map((item) => {
      const label = items.length > 1 ? toFunctionSignature(item) : functionName;
      const scope = scopes[scopes.length - 1] as ScopeName;
      return { registry, functionName, item, label, title: `${registry} ${label}`, scopes, scope };
    });
  }),
);

/** One test case per row, named by `name` (vitest quotes and truncates `$` interpolations). */
const cases = (name: (row: Row) => string): [string, Row][] => ROWS.map((row) => [name(row), row]);

type Where = 'default' | 'second';

let node: TestNode;
let op: OperatorFixture;
let chainId: number;
/** The did:core holder of every registry-scope token (registered in both DID Registries). */
let holder: TestHolder;
/** Newcomers holding a `did-registry:invite` token, for the default and the second DID Registry. */
let newcomers: Record<Where, TestHolder>;
/** A key that belongs to nobody, for the verification-method arguments. */
let spare: TestHolder;
let instances: Record<Where, Record<RegistryName, Address>>;
let tokens: {
  /** Every combinable scope, on the default instances. */
  all: string;
  /** Every combinable scope but one. */
  allBut: Map<ScopeName, string>;
  authorise: Record<Where, string>;
  invite: Record<Where, string>;
  /** `did-registry:write:<second>` (alone: the second DID Registry resolves the holder). */
  secondDid: string;
  /** Every other combinable scope, suffixed with its second instance. */
  secondOthers: string;
};

beforeAll(async () => {
  node = await startTestNode();
  op = await operatorOf(node);
  chainId = node.environment.chainId;
  const defaults = node.environment.registries;
  const policies = defaults['policies-registry'];
  const didRegistry = defaults['did-registry'];
  [holder, spare, newcomers] = await Promise.all([
    createHolder(),
    createHolder(),
    Promise.all([createHolder(), createHolder()]).then(([d, s]) => ({ default: d, second: s })),
  ]);

  const deployments = (async () => {
    const second = {
      timestamp: await op.deployInstance('timestamp', [policies]),
      'schemas-registry': await op.deployInstance('schemas-registry', [policies]),
      'policies-registry': await op.deployInstance('policies-registry', [op.account.address]),
      'did-registry': await op.deployInstance('did-registry', [policies]),
      'issuers-registry': await op.deployInstance('issuers-registry', [policies, didRegistry]),
      'track-and-trace': await op.deployInstance('track-and-trace', [
        op.account.address,
        policies,
        didRegistry,
      ]),
    };
    // Track and Trace (both instances) checks the authorise policy in the default Policies Registry.
    await op.write({
      address: policies,
      abi: REGISTRIES['policies-registry'].abi,
      functionName: 'insertUserAttributes',
      args: [holder.address, ['TNT:authoriseDid']],
    });
    return second;
  })();
  await registerHolder(op.chain, didRegistry, holder);
  const second = await deployments;
  // The signer is checked against the DID Registry linked to the target: for a second DID
  // Registry, that registry itself.
  await registerHolder(op.chain, second['did-registry'], holder);
  instances = { default: defaults, second };

  const token = async (scope: string) =>
    (await requestToken({ baseUrl: node.url, scope, holder })).accessToken;
  const invite = async (newcomer: TestHolder, suffix: string) =>
    (
      await requestToken({
        baseUrl: node.url,
        scope: `openid did-registry:invite${suffix}`,
        holder: newcomer,
        credential: createCredential({
          issuer: operatorSigner(),
          subject: newcomer.did,
          type: 'VerifiableAuthorisationToOnboard',
        }),
        jwk: newcomer.publicJwk,
      })
    ).accessToken;
  const others = COMBINABLE.filter((scope) => scope !== 'did-registry:write');
  const [all, allBut, authorise, authoriseSecond, inviteDefault, inviteSecond, secondDid, rest] =
    await Promise.all([
      token(`openid ${COMBINABLE.join(' ')}`),
      Promise.all(
        COMBINABLE.map(
          async (scope) =>
            [
              scope,
              await token(`openid ${COMBINABLE.filter((s) => s !== scope).join(' ')}`),
            ] as const,
        ),
      ),
      token('openid track-and-trace:authorise'),
      token(`openid track-and-trace:authorise:${second['track-and-trace']}`),
      invite(newcomers.default, ''),
      invite(newcomers.second, `:${second['did-registry']}`),
      token(`openid did-registry:write:${second['did-registry']}`),
      token(`openid ${others.map((scope) => `${scope}:${second[registryOf(scope)]}`).join(' ')}`),
    ]);
  tokens = {
    all,
    allBut: new Map(allBut),
    authorise: { default: authorise, second: authoriseSecond },
    invite: { default: inviteDefault, second: inviteSecond },
    secondDid,
    secondOthers: rest,
  };
});
afterAll(() => node?.close());

/** The operator as a credential issuer (RootTAO of the environment). */
const operatorSigner = (): Signer => ({
  did: op.operator.did,
  kid: op.operator.kid,
  privateKeyJwk: op.operator.privateKeyJwk,
});

function registryOf(scope: ScopeName): RegistryName {
  const row = SPEC_WRITES.find(({ scopes }) => scopes.includes(scope));
  if (!row) throw new TypeError(`no registry for ${scope}`);
  return row.registry;
}

/** The token that holds a row's scope for the default instance or (suffixed) for the second. */
function tokenFor(row: Row, where: Where): string {
  if (row.scope === 'did-registry:invite') return tokens.invite[where];
  if (row.scope === 'track-and-trace:authorise') return tokens.authorise[where];
  if (where === 'default') return tokens.all;
  return row.scope === 'did-registry:write' ? tokens.secondDid : tokens.secondOthers;
}

/** Who signs a row's transactions: the token's holder, or the newcomer for an invite. */
function senderFor(row: Row, where: Where): TestHolder {
  return row.scope === 'did-registry:invite' ? newcomers[where] : holder;
}

/** A type-correct zero value of an ABI parameter. */
function zeroOf(parameter: AbiParameter): unknown {
  const array = /^(.*)\[(\d*)\]$/.exec(parameter.type);
  if (array) {
    const element = { ...parameter, type: array[1] } as AbiParameter;
    return Array.from({ length: Number(array[2] || 0) }, () => zeroOf(element));
  }
  if (parameter.type === 'tuple') {
    const { components } = parameter as { components: readonly AbiParameter[] };
    return Object.fromEntries(components.map((component) => [component.name, zeroOf(component)]));
  }
  if (parameter.type === 'address') return zeroAddress;
  if (parameter.type === 'bool') return false;
  if (parameter.type === 'string') return '';
  if (parameter.type === 'bytes') return '0x';
  if (/^bytes\d+$/.test(parameter.type))
    return pad('0x', { size: Number(parameter.type.slice(5)) });
  if (/^u?int\d*$/.test(parameter.type)) return 0n;
  throw new TypeError(`No zero value for the ABI type "${parameter.type}"`);
}

/**
 * Zero arguments, except where the gate reads them (SPEC.md §4.4 DID Registry rules): the
 * invite registers its sender's DID and key; a new verification method is named by its thumbprint.
 */
function argumentsFor(row: Row, sender: TestHolder): unknown[] {
  const args = row.item.inputs.map(zeroOf);
  switch (row.functionName) {
    case 'insertDidDocument':
      return [sender.did, '', sender.vMethodId, sender.account.publicKey, true, 0n, 0n];
    case 'addVerificationMethod':
      return ['', spare.vMethodId, spare.account.publicKey, true];
    case 'rollVerificationMethod':
      return [
        {
          ...(args[0] as object),
          vMethodId: spare.vMethodId,
          publicKey: spare.account.publicKey,
          isSecp256k1: true,
        },
      ];
    default:
      return args;
  }
}

/** A free EIP-1559 transaction calling `item`, signed locally as a wallet does. */
function signCall(
  account: PrivateKeyAccount,
  to: Address,
  item: AbiFunction,
  args: readonly unknown[],
  nonce: number,
): Promise<Hex> {
  return account.signTransaction({
    type: 'eip1559',
    chainId,
    to,
    data: encodeFunctionData({ abi: [item], functionName: item.name, args } as never),
    nonce,
    gas: 5_000_000n,
    maxFeePerGas: 0n,
    maxPriorityFeePerGas: 0n,
  });
}

const nonces = new Map<Address, { base: Promise<number>; used: number }>();

/**
 * The next nonce of a sender: the ledger's pending count once, then counted here. Only
 * transactions the gate must forward take one; refused ones are signed with {@link REFUSED_NONCE}.
 */
async function nextNonce(address: Address): Promise<number> {
  let entry = nonces.get(address);
  if (!entry) {
    entry = {
      base: post(undefined, request('eth_getTransactionCount', [address, 'pending'], 1)).then(
        ({ json }) => Number((json as { result: Hex }).result),
      ),
      used: 0,
    };
    nonces.set(address, entry);
  }
  const offset = entry.used++;
  return (await entry.base) + offset;
}

/** Refused transactions never reach the ledger; nonce 0 of the holder is spent by its registration. */
const REFUSED_NONCE = 0;

/** A row's transaction to `to`, signed by the row's sender for the token of `where`. */
async function rowTransaction(
  row: Row,
  where: Where,
  to: Address,
  expected: 'forwarded' | 'refused',
): Promise<Hex> {
  const sender = senderFor(row, where);
  const nonce = expected === 'forwarded' ? await nextNonce(sender.address) : REFUSED_NONCE;
  return signCall(sender.account, to, row.item, argumentsFor(row, sender), nonce);
}

type RpcRequest = { jsonrpc: '2.0'; id?: number | string; method: string; params: unknown[] };

const request = (method: string, params: unknown[], id?: number | string): RpcRequest => ({
  jsonrpc: '2.0',
  ...(id === undefined ? {} : { id }),
  method,
  params,
});
const sendRaw = (raw: Hex, id?: number | string) =>
  request('eth_sendRawTransaction', [raw], id ?? 1);
/** An entry without `id`: a notification. */
const notify = (raw: Hex): RpcRequest => request('eth_sendRawTransaction', [raw]);

async function post(
  token: string | undefined,
  body: RpcRequest | RpcRequest[],
): Promise<{ status: number; json: unknown }> {
  const response = await fetch(`${node.url}/v1/ledger`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      ...(token === undefined ? {} : { authorization: `Bearer ${token}` }),
    },
    body: JSON.stringify(body),
  });
  const text = await response.text();
  return { status: response.status, json: text === '' ? undefined : JSON.parse(text) };
}

/** The answer to a forwarded raw transaction: its hash, computed here from the signed bytes. */
const forwarded = (raw: Hex, id: number | string = 1) => ({
  jsonrpc: '2.0',
  id,
  result: keccak256(raw),
});

const refused = (message: string, id: number | string = 1) => ({
  jsonrpc: '2.0',
  id,
  error: { code: -32600, message },
});

/** The gate's refusal naming the missing scope (src/rpc/writeGate/createWriteGate.ts). */
const missingScope = (
  scopes: readonly ScopeName[],
  instance: Address,
  functionName: string,
  id: number | string = 1,
) =>
  refused(
    `Missing scope: "${scopes.join('" or "')}" for ${instance} is needed to call "${functionName}"`,
    id,
  );

/** Polls `eth_getTransactionReceipt` through the node until the transaction is mined. */
async function receiptOf(hash: Hex): Promise<{ status: Hex; blockNumber: Hex }> {
  for (;;) {
    const { json } = await post(undefined, request('eth_getTransactionReceipt', [hash], 1));
    const { result } = json as { result: { status: Hex; blockNumber: Hex } | null };
    if (result) return result;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

const functionOf = (registry: RegistryName, name: string): AbiFunction => {
  const row = ROWS.find((r) => r.registry === registry && r.functionName === name);
  if (!row) throw new TypeError(`no row ${registry}.${name}`);
  return row.item;
};
const randomBytes32 = () => toHex(crypto.getRandomValues(new Uint8Array(32)));

describe('POST /v1/ledger: the write table', () => {
  test('default: WRITE_TABLE is the table of SPEC §4.4', () => {
    const spec: Record<string, Record<string, readonly ScopeName[]>> = {};
    for (const { scopes, registry, functions } of SPEC_WRITES) {
      spec[registry] = {
        ...spec[registry],
        ...Object.fromEntries(functions.map((name) => [name, scopes])),
      };
    }
    expect(WRITE_TABLE).toEqual(spec);
  });

  test('behavior: its functions are 44 ABI functions (overloads apart) of 6 registries', () => {
    expect(ROWS).toHaveLength(44);
    expect(new Set(ROWS.map((row) => row.registry)).size).toBe(6);
    const names = SPEC_WRITES.flatMap(({ functions }) => functions);
    expect(new Set(ROWS.map((row) => row.functionName))).toEqual(new Set(names));
  });
});

describe('POST /v1/ledger: each writable function on the default instance', () => {
  test.each(cases((row) => `${row.title} is forwarded with "${row.scope}"`))(
    'default: %s',
    async (_, row) => {
      const raw = await rowTransaction(
        row,
        'default',
        instances.default[row.registry],
        'forwarded',
      );
      const { status, json } = await post(tokenFor(row, 'default'), sendRaw(raw));
      expect(status).toBe(200);
      expect(json).toEqual(forwarded(raw));
    },
  );

  test.each(cases((row) => `${row.title} is refused to a token with every other combinable scope`))(
    'error: %s',
    async (_, row) => {
      // Invite and authorise scopes are not combinable: the token with all seven lacks them.
      const token = tokens.allBut.get(row.scope) ?? tokens.all;
      const [onDefault, onSecond] = await Promise.all(
        (['default', 'second'] as const).map((where) =>
          rowTransaction(row, 'default', instances[where][row.registry], 'refused'),
        ),
      );
      const { status, json } = await post(token, [
        sendRaw(onDefault as Hex, 1),
        sendRaw(onSecond as Hex, 2),
      ]);
      expect(status).toBe(200);
      expect(json).toEqual([
        missingScope(row.scopes, instances.default[row.registry], row.functionName, 1),
        missingScope(row.scopes, instances.second[row.registry], row.functionName, 2),
      ]);
    },
  );
});

describe('POST /v1/ledger: each writable function on a second instance', () => {
  test.each(
    cases((row) => `${row.title} is forwarded to a second instance with "${row.scope}:<address>"`),
  )('behavior: %s', async (_, row) => {
    const raw = await rowTransaction(row, 'second', instances.second[row.registry], 'forwarded');
    const { status, json } = await post(tokenFor(row, 'second'), sendRaw(raw));
    expect(status).toBe(200);
    expect(json).toEqual(forwarded(raw));
  });

  test.each(
    cases(
      (row) =>
        `${row.title}: an unsuffixed token is refused on a second instance, a suffixed one on the default`,
    ),
  )('error: %s', async (_, row) => {
    const second = instances.second[row.registry];
    const fallback = instances.default[row.registry];
    const [unsuffixed, suffixed] = await Promise.all([
      post(
        tokenFor(row, 'default'),
        sendRaw(await rowTransaction(row, 'default', second, 'refused')),
      ),
      post(
        tokenFor(row, 'second'),
        sendRaw(await rowTransaction(row, 'second', fallback, 'refused')),
      ),
    ]);
    expect(unsuffixed).toEqual({
      status: 200,
      json: missingScope(row.scopes, second, row.functionName),
    });
    expect(suffixed).toEqual({
      status: 200,
      json: missingScope(row.scopes, fallback, row.functionName),
    });
  });

  test('behavior: the default instance named explicitly is the default instance', async () => {
    const address = instances.default.timestamp;
    const { accessToken } = await requestToken({
      baseUrl: node.url,
      scope: `openid timestamp:write:${address}`,
      holder,
    });
    const raw = await signCall(
      holder.account,
      address,
      functionOf('timestamp', 'commitTimestampHashes'),
      [randomBytes32()],
      await nextNonce(holder.address),
    );
    expect((await post(accessToken, sendRaw(raw))).json).toEqual(forwarded(raw));
  });
  test('behavior: a second instance is writable even if a write to its address was refused before it was deployed', async () => {
    // The Contracts Registry deploys with CREATE, so the next instance's address is known in
    // advance: any token holder can write to it before it exists. That refusal must not outlive
    // the deployment, or the new instance is unwritable until the node restarts.
    const { json } = await post(
      undefined,
      request('eth_getTransactionCount', [node.environment.contractsRegistry, 'latest'], 1),
    );
    const predicted = getContractAddress({
      from: node.environment.contractsRegistry,
      nonce: BigInt((json as { result: Hex }).result),
    });
    const commit = functionOf('timestamp', 'commitTimestampHashes');
    const early = await signCall(holder.account, predicted, commit, [randomBytes32()], 0);
    expect((await post(tokens.all, sendRaw(early))).json).toEqual(
      refused(
        `The transaction targets ${predicted}, which is no registry instance and not named by the token`,
      ),
    );

    const address = await op.deployInstance('timestamp', [instances.default['policies-registry']]);
    expect(address).toBe(predicted);
    const { accessToken } = await requestToken({
      baseUrl: node.url,
      scope: `openid timestamp:write:${address}`,
      holder,
    });
    const raw = await signCall(
      holder.account,
      address,
      commit,
      [randomBytes32()],
      await nextNonce(holder.address),
    );
    expect((await post(accessToken, sendRaw(raw))).json).toEqual(forwarded(raw));
  });
});

describe('POST /v1/ledger: insertDidDocument with a did-registry:invite token', () => {
  const insert = functionOf('did-registry', 'insertDidDocument');
  let newcomer: TestHolder;
  let token: string;

  beforeAll(async () => {
    newcomer = await createHolder();
    ({ accessToken: token } = await requestToken({
      baseUrl: node.url,
      scope: 'openid did-registry:invite',
      holder: newcomer,
      credential: createCredential({
        issuer: operatorSigner(),
        subject: newcomer.did,
        type: 'VerifiableAuthorisationToOnboard',
      }),
      jwk: newcomer.publicJwk,
    }));
  });

  const invite = (
    overrides: { did?: string; vMethodId?: string; key?: TestHolder } = {},
    signer: PrivateKeyAccount = newcomer.account,
    nonce = 0,
  ) =>
    signCall(
      signer,
      instances.default['did-registry'],
      insert,
      [
        overrides.did ?? newcomer.did,
        '{"@context":["https://www.w3.org/ns/did/v1"]}',
        overrides.vMethodId ?? (overrides.key ?? newcomer).vMethodId,
        (overrides.key ?? newcomer).account.publicKey,
        true,
        0n,
        2n ** 40n,
      ],
      nonce,
    );

  test('default: the newcomer registers its own DID with the key it proved, and it is mined', async () => {
    const raw = await invite({}, newcomer.account, await nextNonce(newcomer.address));
    const { status, json } = await post(token, sendRaw(raw));
    expect(status).toBe(200);
    expect(json).toEqual(forwarded(raw));
    expect((await receiptOf(keccak256(raw))).status).toBe('0x1');
  });

  test("error: another DID than the token's", async () => {
    const other = await createHolder();
    const { status, json } = await post(token, sendRaw(await invite({ did: other.did })));
    expect(status).toBe(200);
    expect(json).toEqual(
      refused(
        `Invalid arguments: "insertDidDocument" must register the token's DID "${newcomer.did}"`,
      ),
    );
  });

  test('error: another key than the one proved for the token, sent by that key', async () => {
    const other = await createHolder();
    const { json } = await post(token, sendRaw(await invite({ key: other }, other.account)));
    expect(json).toEqual(
      refused(
        'Invalid arguments: the key of "insertDidDocument" is not the key proven for the token ("cnf.jkt")',
      ),
    );
  });

  test('error: the proved key, sent by another account', async () => {
    const other = privateKeyToAccount(generatePrivateKey());
    const { json } = await post(token, sendRaw(await invite({}, other)));
    expect(json).toEqual(refused(`The sender ${other.address} is not the key being registered`));
  });

  test('error: a "vMethodId" that is not the thumbprint of the key', async () => {
    const { json } = await post(token, sendRaw(await invite({ vMethodId: spare.vMethodId })));
    expect(json).toEqual(
      refused(
        `Invalid arguments: "vMethodId" must be the thumbprint of "publicKey" (${newcomer.vMethodId})`,
      ),
    );
  });

  test('error: the invite token opens no other DID Registry function', async () => {
    const raw = await signCall(
      newcomer.account,
      instances.default['did-registry'],
      functionOf('did-registry', 'addController'),
      [newcomer.did, holder.did],
      0,
    );
    const { json } = await post(token, sendRaw(raw));
    expect(json).toEqual(
      missingScope(['did-registry:write'], instances.default['did-registry'], 'addController'),
    );
  });
});

describe('POST /v1/ledger: issuers-registry:invite', () => {
  test('behavior: an invite token opens the five Issuers Registry functions, in one batch', async () => {
    const applicant = await createHolder();
    await registerHolder(op.chain, instances.default['did-registry'], applicant);
    const issuers = {
      address: instances.default['issuers-registry'],
      abi: REGISTRIES['issuers-registry'].abi,
    };
    const [[operatorAttribute]] = (await op.chain.client.readContract({
      ...issuers,
      functionName: 'getIssuerAttributes',
      args: [op.operator.did, 1n, 1n],
    } as never)) as [[Hex]];
    const reserved = randomBytes32();
    await op.write({
      ...issuers,
      functionName: 'setAttributeMetadata',
      args: [applicant.did, reserved, 2, op.operator.did, operatorAttribute],
    });
    const { accessToken } = await requestToken({
      baseUrl: node.url,
      scope: 'openid issuers-registry:invite',
      holder: applicant,
      credential: createCredential({
        issuer: operatorSigner(),
        subject: applicant.did,
        type: 'VerifiableAccreditationToAccredit',
        claims: { reservedAttributeId: reserved },
      }),
    });
    const rows = ROWS.filter((row) => row.registry === 'issuers-registry');
    const raws: Hex[] = [];
    for (const row of rows) {
      raws.push(
        await signCall(
          applicant.account,
          issuers.address,
          row.item,
          argumentsFor(row, applicant),
          await nextNonce(applicant.address),
        ),
      );
    }
    const { status, json } = await post(
      accessToken,
      raws.map((raw, id) => sendRaw(raw, id)),
    );
    expect(status).toBe(200);
    expect(json).toEqual(raws.map((raw, id) => forwarded(raw, id)));
  });
});

describe('POST /v1/ledger: combined scopes and batches', () => {
  // Each test has its own holder: the receipts it waits for never queue behind another test's nonces.
  const registeredHolder = async () => {
    const fresh = await createHolder();
    await registerHolder(op.chain, instances.default['did-registry'], fresh);
    return fresh;
  };

  test('behavior: one token with three registry scopes routes three transactions in one batch', async () => {
    const sender = await registeredHolder();
    const { accessToken } = await requestToken({
      baseUrl: node.url,
      scope: 'openid timestamp:write schemas-registry:write policies-registry:write',
      holder: sender,
    });
    const calls: [RegistryName, string, unknown[]][] = [
      ['timestamp', 'commitTimestampHashes', [randomBytes32()]],
      ['schemas-registry', 'insertSchema', [randomBytes32(), '0x7b7d', '0x7b7d']],
      ['policies-registry', 'insertPolicy', [`policy-${randomBytes32()}`, 'never granted']],
    ];
    const raws: Hex[] = [];
    for (const [registry, name, args] of calls) {
      raws.push(
        await signCall(
          sender.account,
          instances.default[registry],
          functionOf(registry, name),
          args,
          await nextNonce(sender.address),
        ),
      );
    }
    const { status, json } = await post(
      accessToken,
      raws.map((raw, id) => sendRaw(raw, id)),
    );
    expect(status).toBe(200);
    expect(json).toEqual(raws.map((raw, id) => forwarded(raw, id)));
    // All three reached the ledger (the commitment succeeds; the others may revert on-chain).
    const receipts = await Promise.all(raws.map((raw) => receiptOf(keccak256(raw))));
    expect(receipts[0]?.status).toBe('0x1');
    for (const receipt of receipts) expect(receipt.blockNumber).toMatch(/^0x[0-9a-f]+$/);
  });

  test('behavior: a mixed batch answers refused entries in place, forwards the rest, and answers no notification', async () => {
    const sender = await registeredHolder();
    const { accessToken } = await requestToken({
      baseUrl: node.url,
      scope: 'openid timestamp:write schemas-registry:write',
      holder: sender,
    });
    const defaults = instances.default;
    const next = () => nextNonce(sender.address);
    const commit = await signCall(
      sender.account,
      defaults.timestamp,
      functionOf('timestamp', 'commitTimestampHashes'),
      [randomBytes32()],
      await next(),
    );
    const policy = await signCall(
      sender.account,
      defaults['policies-registry'],
      functionOf('policies-registry', 'insertPolicy'),
      ['p', 'd'],
      REFUSED_NONCE,
    );
    const schemaNotification = await signCall(
      sender.account,
      defaults['schemas-registry'],
      functionOf('schemas-registry', 'insertSchema'),
      [randomBytes32(), '0x7b7d', '0x7b7d'],
      await next(),
    );
    const documentRow = ROWS.find((row) => row.label.startsWith('createDocument(')) as Row;
    const document = await signCall(
      sender.account,
      defaults['track-and-trace'],
      documentRow.item,
      argumentsFor(documentRow, sender),
      REFUSED_NONCE,
    );
    const elsewhere = await signCall(
      sender.account,
      instances.second.timestamp,
      functionOf('timestamp', 'commitTimestampHashes'),
      [randomBytes32()],
      REFUSED_NONCE,
    );
    // A fresh account with nonce 0: the ledger would accept it, so its absence proves the refusal.
    const refusedNotification = await signCall(
      privateKeyToAccount(generatePrivateKey()),
      defaults['policies-registry'],
      functionOf('policies-registry', 'insertPolicy'),
      ['p', 'd'],
      0,
    );
    const metadata = await signCall(
      sender.account,
      defaults['schemas-registry'],
      functionOf('schemas-registry', 'updateMetadata'),
      [randomBytes32(), randomBytes32(), '0x7b7d'],
      await next(),
    );

    const { status, json } = await post(accessToken, [
      sendRaw(commit, 'commit'),
      sendRaw(policy, 'policy'),
      notify(schemaNotification),
      request('eth_chainId', [], 'chain'),
      sendRaw(document, 'document'),
      sendRaw(elsewhere, 'elsewhere'),
      notify(refusedNotification),
      sendRaw(metadata, 'metadata'),
    ]);
    expect(status).toBe(200);
    expect(json).toEqual([
      forwarded(commit, 'commit'),
      missingScope(
        ['policies-registry:write'],
        defaults['policies-registry'],
        'insertPolicy',
        'policy',
      ),
      { jsonrpc: '2.0', id: 'chain', result: toHex(chainId) },
      missingScope(
        ['track-and-trace:create'],
        defaults['track-and-trace'],
        'createDocument',
        'document',
      ),
      missingScope(
        ['timestamp:write'],
        instances.second.timestamp,
        'commitTimestampHashes',
        'elsewhere',
      ),
      forwarded(metadata, 'metadata'),
    ]);
    // The forwarded notification was mined; the refused one never reached the ledger.
    expect((await receiptOf(keccak256(schemaNotification))).blockNumber).toMatch(/^0x/);
    const lookup = await post(
      undefined,
      request('eth_getTransactionByHash', [keccak256(refusedNotification)], 1),
    );
    expect(lookup.json).toEqual({ jsonrpc: '2.0', id: 1, result: null });
  });
});
