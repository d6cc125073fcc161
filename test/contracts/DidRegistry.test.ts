import { createHash, createPublicKey, generateKeyPairSync, randomBytes } from 'node:crypto';
import {
  type AbiFunction,
  type Account,
  type Address,
  encodeAbiParameters,
  type Hex,
  keccak256,
  type PrivateKeyAccount,
  toFunctionSelector,
  toHex,
} from 'viem';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { didRegistryAbi, didRegistryBytecode } from '../../artifacts/DidRegistry.js';
import { policiesRegistryAbi, policiesRegistryBytecode } from '../../artifacts/PoliciesRegistry.js';
import {
  CORE_REGISTRY_INTERFACE_ID,
  eventsOf,
  randomAccount,
  revertOf,
  startTestChain,
  type TestChain,
} from '../support/chain.js';

const FAR = 4_102_444_800n; // 2100-01-01
const BASE_DOCUMENT = '{"@context":["https://www.w3.org/ns/did/v1"]}';
const WRITES = [
  'updateBaseDocument',
  'addController',
  'revokeController',
  'addVerificationMethod',
  'addVerificationRelationship',
  'revokeVerificationMethod',
  'expireVerificationMethod',
  'rollVerificationMethod',
] as const;
type Write = (typeof WRITES)[number];
const EVENTS: Record<Write, string> = {
  updateBaseDocument: 'BaseDocumentUpdated',
  addController: 'ControllerAdded',
  revokeController: 'ControllerRevoked',
  addVerificationMethod: 'VerificationMethodAdded',
  addVerificationRelationship: 'VerificationRelationshipAdded',
  revokeVerificationMethod: 'VerificationMethodRevoked',
  expireVerificationMethod: 'VerificationMethodExpired',
  rollVerificationMethod: 'VerificationMethodRolled',
};

type Key = { publicKey: Hex; vMethodId: string; isSecp256k1: boolean };
type SecpKey = Key & { account: PrivateKeyAccount };
type Relationship = { name: string; notBefore: bigint; notAfter: bigint };
type Method = Key & { relationships: readonly Relationship[] };
type DidDocument = {
  baseDocument: string;
  controllers: readonly string[];
  verificationMethods: readonly Method[];
};

let chain: TestChain;
let admin: Account;
let policies: Address;
let registry: Address;
let implementation: Address;

beforeAll(async () => {
  chain = await startTestChain();
  admin = randomAccount();
  const policiesArtifact = { abi: policiesRegistryAbi, bytecode: policiesRegistryBytecode };
  ({ address: policies } = await chain.deployProxy(admin, policiesArtifact, [admin.address]));
  const artifact = { abi: didRegistryAbi, bytecode: didRegistryBytecode };
  ({ address: registry, implementation } = await chain.deployProxy(admin, artifact, [policies]));
  for (const name of WRITES) {
    await chain.write(admin, policiesCall('insertPolicy', [`DID:${name}`, `DID Registry ${name}`]));
  }
});
afterAll(() => chain.close());

function policiesCall(functionName: string, args: readonly unknown[]) {
  return { address: policies, abi: policiesRegistryAbi, functionName, args };
}
const call = (functionName: string, args: readonly unknown[] = []) => ({
  address: registry,
  abi: didRegistryAbi,
  functionName,
  args,
});
const read = <T>(functionName: string, args: readonly unknown[] = []) =>
  chain.client.readContract(call(functionName, args) as never) as Promise<T>;
/** A view evaluated as if the next block had timestamp `time` (eth_call block overrides). */
const readAt = <T>(time: bigint, functionName: string, args: readonly unknown[]) =>
  chain.client.readContract({
    ...call(functionName, args),
    blockOverrides: { time },
  } as never) as Promise<T>;
const now = async () => (await chain.client.getBlock()).timestamp;
const didHash = (did: string) => keccak256(toHex(did));
const controls = (did: string, account: Account, time?: bigint) =>
  time === undefined
    ? read<boolean>('checkController', [did, account.address])
    : readAt<boolean>(time, 'checkController', [did, account.address]);

/** RFC 7638 thumbprint computed independently: node:crypto validates and normalises the JWK. */
function thumbprint(publicKey: Hex, crv: 'secp256k1' | 'P-256'): string {
  const raw = Buffer.from(publicKey.slice(2), 'hex');
  const jwk = createPublicKey({
    key: {
      kty: 'EC',
      crv,
      x: raw.subarray(1, 33).toString('base64url'),
      y: raw.subarray(33, 65).toString('base64url'),
    },
    format: 'jwk',
  }).export({ format: 'jwk' });
  const canonical = JSON.stringify({ crv: jwk.crv, kty: jwk.kty, x: jwk.x, y: jwk.y });
  return createHash('sha256').update(canonical).digest('base64url');
}

function secpKey(): SecpKey {
  const account = privateKeyToAccount(generatePrivateKey());
  return {
    account,
    publicKey: account.publicKey,
    vMethodId: thumbprint(account.publicKey, 'secp256k1'),
    isSecp256k1: true,
  };
}

function p256Key(): Key {
  const jwk = generateKeyPairSync('ec', { namedCurve: 'P-256' }).publicKey.export({
    format: 'jwk',
  });
  const raw = Buffer.concat([
    Buffer.from([4]),
    Buffer.from(jwk.x ?? '', 'base64url'),
    Buffer.from(jwk.y ?? '', 'base64url'),
  ]);
  const publicKey = toHex(raw);
  return { publicKey, vMethodId: thumbprint(publicKey, 'P-256'), isSecp256k1: false };
}

const newDid = () => `did:core:z${randomBytes(16).toString('hex')}`;

/** Registers a fresh DID whose owner key holds authentication + capabilityInvocation. */
async function registerDid(notBefore = 0n, notAfter = FAR) {
  const did = newDid();
  const owner = secpKey();
  const receipt = await chain.write(
    owner.account,
    call('insertDidDocument', [
      did,
      BASE_DOCUMENT,
      owner.vMethodId,
      owner.publicKey,
      true,
      notBefore,
      notAfter,
    ]),
  );
  return { did, owner, receipt };
}

/** A fresh account holding the policy `DID:<name>`. */
async function policyHolder(name: Write): Promise<Account> {
  const holder = randomAccount();
  await chain.write(admin, policiesCall('insertUserAttributes', [holder.address, [`DID:${name}`]]));
  return holder;
}

function rollArgs(
  did: string,
  key: Key,
  oldVMethodId: string,
  window: [bigint, bigint],
  duration: bigint,
) {
  return {
    did,
    vMethodId: key.vMethodId,
    publicKey: key.publicKey,
    isSecp256k1: key.isSecp256k1,
    notBefore: window[0],
    notAfter: window[1],
    oldVMethodId,
    duration,
  };
}

const relationship = (name: string, notBefore: bigint, notAfter: bigint) => ({
  name,
  notBefore,
  notAfter,
});
const method = (key: Key, relationships: Relationship[]): Method => ({
  vMethodId: key.vMethodId,
  publicKey: key.publicKey,
  isSecp256k1: key.isSecp256k1,
  relationships,
});

describe('DidRegistry', () => {
  test('default: initialize links the Policies Registry and the registry type', async () => {
    expect(await read('registryType')).toBe(keccak256(toHex('core.DidRegistry')));
    expect(await read('MAX_CONTROLLERS')).toBe(10n);
    const checkController = toFunctionSelector('checkController(string,address)');
    expect(await read('supportsInterface', [checkController])).toBe(true);
    expect(await read('supportsInterface', [CORE_REGISTRY_INTERFACE_ID])).toBe(true);
    expect(await read('supportsInterface', ['0xffffffff'])).toBe(false);
    const inherited = [
      'checkController',
      'registryType',
      'policiesRegistry',
      'supportsInterface',
      'initialize',
    ];
    const own = didRegistryAbi.filter((i) => i.type === 'function' && !inherited.includes(i.name));
    const interfaceId = own
      .map((i) => BigInt(toFunctionSelector(i as AbiFunction)))
      .reduce((a, b) => a ^ b);
    expect(own).toHaveLength(15);
    expect(await read('supportsInterface', [toHex(interfaceId, { size: 4 })])).toBe(true);
  });

  test('error: initialize cannot run twice, and the implementation is locked', async () => {
    expect(await revertOf(chain, admin, call('initialize', [policies]))).toEqual({
      errorName: 'InvalidInitialization',
      args: [],
    });
    const locked = { ...call('initialize', [policies]), address: implementation };
    expect(await revertOf(chain, admin, locked)).toEqual({
      errorName: 'InvalidInitialization',
      args: [],
    });
  });

  test('behavior: storage lives at the ERC-7201 slot of core.storage.DidRegistry', async () => {
    const namespace = BigInt(keccak256(toHex('core.storage.DidRegistry'))) - 1n;
    const slot =
      BigInt(keccak256(encodeAbiParameters([{ type: 'uint256' }], [namespace]))) & ~0xffn;
    expect(toHex(slot, { size: 32 })).toBe(
      '0x976b2e24da2e83604a2502fe0c913f501992173e48490e66e39c634424978900',
    );
    await registerDid();
    const [, total] = await read<[string[], bigint]>('getDids', [1n, 1n]);
    // The first member of the namespace is the DID list, whose slot holds its length.
    const stored = await chain.client.getStorageAt({
      address: registry,
      slot: toHex(slot, { size: 32 }),
    });
    expect(BigInt(stored ?? '0x0')).toBe(total);
  });

  describe('thumbprint', () => {
    test('behavior: the on-chain RFC 7638 thumbprint matches node:crypto for both curves', async () => {
      const { did, owner } = await registerDid();
      // Include keys whose X coordinate starts with a zero byte (padding must be kept).
      let padded = secpKey();
      while (!padded.publicKey.startsWith('0x0400')) padded = secpKey();
      const keys = [padded, secpKey(), secpKey(), p256Key(), p256Key(), p256Key()];
      for (const key of keys) {
        const args = [did, 'not-a-thumbprint', key.publicKey, key.isSecp256k1];
        expect(await revertOf(chain, owner.account, call('addVerificationMethod', args))).toEqual({
          errorName: 'DidVerificationMethodIdMismatch',
          args: ['not-a-thumbprint', key.vMethodId],
        });
      }
    });

    test('behavior: a secp256k1 key read as P-256 has another (or no valid) thumbprint', async () => {
      const { did, owner } = await registerDid();
      const key = secpKey();
      expect(
        await revertOf(
          chain,
          owner.account,
          call('addVerificationMethod', [did, key.vMethodId, key.publicKey, false]),
        ),
      ).toEqual({ errorName: 'DidPublicKeyInvalid', args: [key.publicKey, false] });
    });
  });

  describe('insertDidDocument', () => {
    test('default: registers a self-controlled DID and emits DidDocumentInserted', async () => {
      const start = await now();
      const { did, owner, receipt } = await registerDid(start, FAR);
      expect(eventsOf(didRegistryAbi, receipt)).toEqual([
        {
          eventName: 'DidDocumentInserted',
          args: {
            didHash: didHash(did),
            did,
            baseDocument: BASE_DOCUMENT,
            vMethodId: owner.vMethodId,
            publicKey: owner.publicKey,
            isSecp256k1: true,
            notBefore: start,
            notAfter: FAR,
          },
        },
      ]);
      expect(await read('didExists', [did])).toBe(true);
      expect(await read('getDidDocument', [did])).toEqual({
        baseDocument: BASE_DOCUMENT,
        controllers: [did],
        verificationMethods: [
          method(owner, [
            relationship('authentication', start, FAR),
            relationship('capabilityInvocation', start, FAR),
          ]),
        ],
      });
      expect(await read('getDidsByController', [did, 1n, 10n])).toEqual([[did], 1n]);
      expect(await controls(did, owner.account)).toBe(true);
    });

    test('error: the sender is not the address of the key (proof of possession)', async () => {
      const key = secpKey();
      const squatter = randomAccount();
      const args = [newDid(), BASE_DOCUMENT, key.vMethodId, key.publicKey, true, 0n, FAR];
      expect(await revertOf(chain, squatter, call('insertDidDocument', args))).toEqual({
        errorName: 'DidKeyPossessionUnproven',
        args: [key.account.address, squatter.address],
      });
    });

    test('error: the DID is registered already', async () => {
      const { did, owner } = await registerDid();
      const args = [did, BASE_DOCUMENT, owner.vMethodId, owner.publicKey, true, 0n, FAR];
      expect(await revertOf(chain, owner.account, call('insertDidDocument', args))).toEqual({
        errorName: 'DidExists',
        args: [did],
      });
    });

    test('error: invalid arguments', async () => {
      const key = secpKey();
      const p256 = p256Key();
      const did = newDid();
      const insert = (args: readonly unknown[]) =>
        revertOf(chain, key.account, call('insertDidDocument', args));
      const valid = [did, BASE_DOCUMENT, key.vMethodId, key.publicKey, true, 0n, FAR] as const;
      const offCurve = `${key.publicKey.slice(0, -2)}${key.publicKey.endsWith('00') ? '01' : '00'}`;
      const p = 0xfffffffffffffffffffffffffffffffffffffffffffffffffffffffefffffc2fn;
      const xTooBig = `0x04${p.toString(16)}${key.publicKey.slice(68)}`;
      const cases: [readonly unknown[], string, readonly unknown[]][] = [
        [['', ...valid.slice(1)], 'DidEmpty', []],
        [[did, '', ...valid.slice(2)], 'DidBaseDocumentEmpty', []],
        [
          [did, BASE_DOCUMENT, p256.vMethodId, p256.publicKey, false, 0n, FAR],
          'DidFirstKeyNotSecp256k1',
          [],
        ],
        [[...valid.slice(0, 5), 2n, 1n], 'DidRelationshipWindowInvalid', [2n, 1n]],
        [
          [...valid.slice(0, 3), key.publicKey.slice(0, -2), true, 0n, FAR],
          'DidPublicKeyInvalid',
          [key.publicKey.slice(0, -2), true],
        ],
        [
          [...valid.slice(0, 3), `0x05${key.publicKey.slice(4)}`, true, 0n, FAR],
          'DidPublicKeyInvalid',
          [`0x05${key.publicKey.slice(4)}`, true],
        ],
        [[...valid.slice(0, 3), offCurve, true, 0n, FAR], 'DidPublicKeyInvalid', [offCurve, true]],
        [[...valid.slice(0, 3), xTooBig, true, 0n, FAR], 'DidPublicKeyInvalid', [xTooBig, true]],
        [
          [did, BASE_DOCUMENT, 'x', key.publicKey, true, 0n, FAR],
          'DidVerificationMethodIdMismatch',
          ['x', key.vMethodId],
        ],
      ];
      for (const [args, errorName, errorArgs] of cases) {
        expect(await insert(args)).toEqual({ errorName, args: errorArgs });
      }
    });
  });

  describe('access control (every write but insertDidDocument)', () => {
    /** Valid arguments of `name` on a fresh DID, and the event it emits. */
    async function setup(name: Write) {
      const { did, owner } = await registerDid();
      const key = secpKey();
      const t = await now();
      const args: Record<Write, readonly unknown[]> = {
        updateBaseDocument: [did, '{"@context":[]}'],
        addController: [did, (await registerDid()).did],
        revokeController: [did, did],
        addVerificationMethod: [did, key.vMethodId, key.publicKey, true],
        addVerificationRelationship: [did, 'assertionMethod', owner.vMethodId, 0n, FAR],
        revokeVerificationMethod: [did, owner.vMethodId, t],
        expireVerificationMethod: [did, owner.vMethodId, t + 1000n],
        rollVerificationMethod: [rollArgs(did, key, owner.vMethodId, [t, FAR], 60n)],
      };
      return { did, owner, args: args[name] };
    }

    test.each(WRITES)('error: %s by neither a controller nor a policy holder', async (name) => {
      const { did, args } = await setup(name);
      const stranger = randomAccount();
      expect(await revertOf(chain, stranger, call(name, args))).toEqual({
        errorName: 'DidUnauthorizedAccount',
        args: [did, stranger.address, `DID:${name}`],
      });
    });

    test.each(WRITES)('behavior: %s by a holder of its DID: policy', async (name) => {
      const { args } = await setup(name);
      const holder = await policyHolder(name);
      const receipt = await chain.write(holder, call(name, args));
      expect(eventsOf(didRegistryAbi, receipt).map((e) => e.eventName)).toEqual([EVENTS[name]]);
    });

    test.each(WRITES)('error: %s of an unregistered DID', async (name) => {
      const { args, owner } = await setup(name);
      const unknown = newDid();
      const swapped =
        name === 'rollVerificationMethod'
          ? [{ ...(args[0] as object), did: unknown }]
          : [unknown, ...args.slice(1)];
      expect(await revertOf(chain, owner.account, call(name, swapped))).toEqual({
        errorName: 'DidNotFound',
        args: [unknown],
      });
    });

    test('behavior: a policy holder for one function may not call another', async () => {
      const { did } = await registerDid();
      const holder = await policyHolder('addController');
      expect(await revertOf(chain, holder, call('updateBaseDocument', [did, '{}']))).toEqual({
        errorName: 'DidUnauthorizedAccount',
        args: [did, holder.address, 'DID:updateBaseDocument'],
      });
    });
  });

  describe('updateBaseDocument', () => {
    test('default: a controller replaces the base document', async () => {
      const { did, owner } = await registerDid();
      const receipt = await chain.write(
        owner.account,
        call('updateBaseDocument', [did, '{"service":[]}']),
      );
      expect(eventsOf(didRegistryAbi, receipt)).toEqual([
        {
          eventName: 'BaseDocumentUpdated',
          args: { didHash: didHash(did), did, baseDocument: '{"service":[]}' },
        },
      ]);
      const document = await read<DidDocument>('getDidDocument', [did]);
      expect(document.baseDocument).toBe('{"service":[]}');
    });

    test('error: an empty base document', async () => {
      const { did, owner } = await registerDid();
      expect(await revertOf(chain, owner.account, call('updateBaseDocument', [did, '']))).toEqual({
        errorName: 'DidBaseDocumentEmpty',
        args: [],
      });
    });
  });

  describe('addController', () => {
    test('default: the new controller gains control and the reverse index lists the DID', async () => {
      const { did, owner } = await registerDid();
      const other = await registerDid();
      expect(await controls(did, other.owner.account)).toBe(false);
      const receipt = await chain.write(owner.account, call('addController', [did, other.did]));
      expect(eventsOf(didRegistryAbi, receipt)).toEqual([
        {
          eventName: 'ControllerAdded',
          args: { didHash: didHash(did), did, controller: other.did },
        },
      ]);
      expect((await read<DidDocument>('getDidDocument', [did])).controllers).toEqual([
        did,
        other.did,
      ]);
      expect(await read('getDidsByController', [other.did, 1n, 10n])).toEqual([
        [other.did, did],
        2n,
      ]);
      expect(await controls(did, other.owner.account)).toBe(true);
      // The new controller can act for the DID.
      await chain.write(other.owner.account, call('updateBaseDocument', [did, '{"by":"other"}']));
    });

    test('behavior: control is one level deep, not transitive', async () => {
      const a = await registerDid();
      const b = await registerDid();
      const c = await registerDid();
      await chain.write(a.owner.account, call('addController', [a.did, b.did]));
      await chain.write(b.owner.account, call('addController', [b.did, c.did]));
      expect(await controls(a.did, b.owner.account)).toBe(true);
      expect(await controls(b.did, c.owner.account)).toBe(true);
      expect(await controls(a.did, c.owner.account)).toBe(false);
    });

    test('error: the controller is unregistered, or a controller already', async () => {
      const { did, owner } = await registerDid();
      const unknown = newDid();
      expect(await revertOf(chain, owner.account, call('addController', [did, unknown]))).toEqual({
        errorName: 'DidControllerNotRegistered',
        args: [unknown],
      });
      expect(await revertOf(chain, owner.account, call('addController', [did, did]))).toEqual({
        errorName: 'DidControllerExists',
        args: [did, did],
      });
    });

    test('error: more than MAX_CONTROLLERS controllers', async () => {
      const { did, owner } = await registerDid();
      const others = await Promise.all(Array.from({ length: 10 }, () => registerDid()));
      for (const other of others.slice(0, 9)) {
        await chain.write(owner.account, call('addController', [did, other.did]));
      }
      expect((await read<DidDocument>('getDidDocument', [did])).controllers).toHaveLength(10);
      const last = others[9]?.did;
      expect(await revertOf(chain, owner.account, call('addController', [did, last]))).toEqual({
        errorName: 'DidControllerLimitReached',
        args: [did, 10n],
      });
    });
  });

  describe('revokeController', () => {
    test('default: the revoked controller loses control and leaves the reverse index', async () => {
      const { did, owner } = await registerDid();
      const other = await registerDid();
      await chain.write(owner.account, call('addController', [did, other.did]));
      const receipt = await chain.write(owner.account, call('revokeController', [did, other.did]));
      expect(eventsOf(didRegistryAbi, receipt)).toEqual([
        {
          eventName: 'ControllerRevoked',
          args: { didHash: didHash(did), did, controller: other.did },
        },
      ]);
      expect(await controls(did, other.owner.account)).toBe(false);
      expect(await read('getDidsByController', [other.did, 1n, 10n])).toEqual([[other.did], 1n]);
      expect((await read<DidDocument>('getDidDocument', [did])).controllers).toEqual([did]);
    });

    test('behavior: a DID that revokes itself is left to its other controllers', async () => {
      const { did, owner } = await registerDid();
      const other = await registerDid();
      await chain.write(owner.account, call('addController', [did, other.did]));
      await chain.write(owner.account, call('revokeController', [did, did]));
      expect(await controls(did, owner.account)).toBe(false);
      expect(await controls(did, other.owner.account)).toBe(true);
      expect((await read<DidDocument>('getDidDocument', [did])).controllers).toEqual([other.did]);
      expect(await read('getDidsByController', [did, 1n, 10n])).toEqual([[], 0n]);
      expect(await revertOf(chain, owner.account, call('updateBaseDocument', [did, '{}']))).toEqual(
        {
          errorName: 'DidUnauthorizedAccount',
          args: [did, owner.account.address, 'DID:updateBaseDocument'],
        },
      );
    });

    test('error: not a controller', async () => {
      const { did, owner } = await registerDid();
      const other = await registerDid();
      expect(
        await revertOf(chain, owner.account, call('revokeController', [did, other.did])),
      ).toEqual({ errorName: 'DidControllerNotFound', args: [did, other.did] });
    });
  });

  describe('addVerificationMethod', () => {
    test.each([
      ['secp256k1', secpKey],
      ['P-256', p256Key],
    ])('default: adds an inert %s method', async (_, makeKey) => {
      const { did, owner } = await registerDid();
      const key = makeKey();
      const receipt = await chain.write(
        owner.account,
        call('addVerificationMethod', [did, key.vMethodId, key.publicKey, key.isSecp256k1]),
      );
      expect(eventsOf(didRegistryAbi, receipt)).toEqual([
        {
          eventName: 'VerificationMethodAdded',
          args: {
            didHash: didHash(did),
            did,
            vMethodId: key.vMethodId,
            publicKey: key.publicKey,
            isSecp256k1: key.isSecp256k1,
          },
        },
      ]);
      // Without a relationship the method is not part of the document.
      const document = await read<DidDocument>('getDidDocument', [did]);
      expect(document.verificationMethods.map((m) => m.vMethodId)).toEqual([owner.vMethodId]);
    });

    test('behavior: a secp256k1 method controls the DID only with capabilityInvocation', async () => {
      const { did, owner } = await registerDid();
      const key = secpKey();
      await chain.write(
        owner.account,
        call('addVerificationMethod', [did, key.vMethodId, key.publicKey, true]),
      );
      await chain.write(
        owner.account,
        call('addVerificationRelationship', [did, 'authentication', key.vMethodId, 0n, FAR]),
      );
      expect(await controls(did, key.account)).toBe(false);
      await chain.write(
        owner.account,
        call('addVerificationRelationship', [did, 'capabilityInvocation', key.vMethodId, 0n, FAR]),
      );
      expect(await controls(did, key.account)).toBe(true);
    });

    test('error: invalid keys, ids, and an existing method', async () => {
      const { did, owner } = await registerDid();
      const p256 = p256Key();
      const badPoint = `${p256.publicKey.slice(0, -2)}${p256.publicKey.endsWith('00') ? '01' : '00'}`;
      const cases: [readonly unknown[], string, readonly unknown[]][] = [
        [[did, p256.vMethodId, badPoint, false], 'DidPublicKeyInvalid', [badPoint, false]],
        [[did, p256.vMethodId, '0x', false], 'DidPublicKeyInvalid', ['0x', false]],
        [
          [did, owner.vMethodId, p256.publicKey, false],
          'DidVerificationMethodIdMismatch',
          [owner.vMethodId, p256.vMethodId],
        ],
        [
          [did, owner.vMethodId, owner.publicKey, true],
          'DidVerificationMethodExists',
          [did, owner.vMethodId],
        ],
      ];
      for (const [args, errorName, errorArgs] of cases) {
        expect(await revertOf(chain, owner.account, call('addVerificationMethod', args))).toEqual({
          errorName,
          args: errorArgs,
        });
      }
    });
  });

  describe('addVerificationRelationship', () => {
    test('default: adds a relationship with its window', async () => {
      const { did, owner } = await registerDid();
      const key = p256Key();
      await chain.write(
        owner.account,
        call('addVerificationMethod', [did, key.vMethodId, key.publicKey, false]),
      );
      const receipt = await chain.write(
        owner.account,
        call('addVerificationRelationship', [did, 'assertionMethod', key.vMethodId, 5n, FAR]),
      );
      expect(eventsOf(didRegistryAbi, receipt)).toEqual([
        {
          eventName: 'VerificationRelationshipAdded',
          args: {
            didHash: didHash(did),
            did,
            name: 'assertionMethod',
            vMethodId: key.vMethodId,
            notBefore: 5n,
            notAfter: FAR,
          },
        },
      ]);
      const document = await read<DidDocument>('getDidDocument', [did]);
      expect(document.verificationMethods[1]).toEqual(
        method(key, [relationship('assertionMethod', 5n, FAR)]),
      );
    });

    test('behavior: all five relationship names, listed in a fixed order', async () => {
      const { did, owner } = await registerDid();
      const key = secpKey();
      await chain.write(
        owner.account,
        call('addVerificationMethod', [did, key.vMethodId, key.publicKey, true]),
      );
      const names = [
        'capabilityDelegation',
        'capabilityInvocation',
        'keyAgreement',
        'assertionMethod',
        'authentication',
      ];
      for (const name of names) {
        await chain.write(
          owner.account,
          call('addVerificationRelationship', [did, name, key.vMethodId, 0n, FAR]),
        );
      }
      const document = await read<DidDocument>('getDidDocument', [did]);
      expect(document.verificationMethods[1]?.relationships.map((r) => r.name)).toEqual(
        names.toReversed(),
      );
    });

    test('error: invalid name, window, method, or a relationship held already', async () => {
      const { did, owner } = await registerDid();
      const id = owner.vMethodId;
      const cases: [readonly unknown[], string, readonly unknown[]][] = [
        [[did, 'service', id, 0n, FAR], 'DidRelationshipNameInvalid', ['service']],
        [[did, '', id, 0n, FAR], 'DidRelationshipNameInvalid', ['']],
        [[did, 'keyAgreement', id, 3n, 2n], 'DidRelationshipWindowInvalid', [3n, 2n]],
        [[did, 'keyAgreement', 'nope', 0n, FAR], 'DidVerificationMethodNotFound', [did, 'nope']],
        [
          [did, 'authentication', id, 0n, FAR],
          'DidRelationshipExists',
          [did, 'authentication', id],
        ],
        [
          [did, 'capabilityInvocation', id, 0n, FAR],
          'DidRelationshipExists',
          [did, 'capabilityInvocation', id],
        ],
      ];
      for (const [args, errorName, errorArgs] of cases) {
        expect(
          await revertOf(chain, owner.account, call('addVerificationRelationship', args)),
        ).toEqual({ errorName, args: errorArgs });
      }
    });

    test('error: a revoked method', async () => {
      const { did, owner } = await registerDid();
      const key = p256Key();
      await chain.write(
        owner.account,
        call('addVerificationMethod', [did, key.vMethodId, key.publicKey, false]),
      );
      await chain.write(
        owner.account,
        call('revokeVerificationMethod', [did, key.vMethodId, await now()]),
      );
      expect(
        await revertOf(
          chain,
          owner.account,
          call('addVerificationRelationship', [did, 'keyAgreement', key.vMethodId, 0n, FAR]),
        ),
      ).toEqual({ errorName: 'DidVerificationMethodAlreadyRevoked', args: [did, key.vMethodId] });
    });
  });

  describe('revokeVerificationMethod', () => {
    test('default: removes controller power at once and ends the windows', async () => {
      const { did, owner } = await registerDid();
      const second = secpKey();
      await chain.write(
        owner.account,
        call('addVerificationMethod', [did, second.vMethodId, second.publicKey, true]),
      );
      await chain.write(
        owner.account,
        call('addVerificationRelationship', [
          did,
          'capabilityInvocation',
          second.vMethodId,
          0n,
          FAR,
        ]),
      );
      const at = await now();
      const receipt = await chain.write(
        second.account,
        call('revokeVerificationMethod', [did, second.vMethodId, at]),
      );
      expect(eventsOf(didRegistryAbi, receipt)).toEqual([
        {
          eventName: 'VerificationMethodRevoked',
          args: { didHash: didHash(did), did, vMethodId: second.vMethodId, notAfter: at },
        },
      ]);
      expect(await controls(did, second.account)).toBe(false);
      // Even at the revocation instant, which the inclusive window still covers.
      expect(await controls(did, second.account, at)).toBe(false);
      expect(await controls(did, owner.account)).toBe(true);
      const before = await read<DidDocument>('getDidDocumentByTimestamp', [did, at]);
      expect(before.verificationMethods[1]).toEqual(
        method(second, [relationship('capabilityInvocation', 0n, at)]),
      );
      const after = await read<DidDocument>('getDidDocumentByTimestamp', [did, at + 1n]);
      expect(after.verificationMethods.map((m) => m.vMethodId)).toEqual([owner.vMethodId]);
    });

    test('behavior: a past notAfter backdates the revocation', async () => {
      const { did, owner } = await registerDid(0n, FAR);
      await chain.write(
        owner.account,
        call('revokeVerificationMethod', [did, owner.vMethodId, 100n]),
      );
      const at100 = await read<DidDocument>('getDidDocumentByTimestamp', [did, 100n]);
      expect(at100.verificationMethods).toHaveLength(1);
      const at101 = await read<DidDocument>('getDidDocumentByTimestamp', [did, 101n]);
      expect(at101.verificationMethods).toEqual([]);
    });

    test('error: a future notAfter, an unknown or revoked method', async () => {
      const { did, owner } = await registerDid();
      const t = await now();
      const future = await revertOf(
        chain,
        owner.account,
        call('revokeVerificationMethod', [did, owner.vMethodId, t + 1000n]),
      );
      expect(future.errorName).toBe('DidVerificationMethodNotAfterInvalid');
      expect(future.args[0]).toBe(t + 1000n);
      expect(future.args[1]).toBeGreaterThanOrEqual(t);
      expect(
        await revertOf(chain, owner.account, call('revokeVerificationMethod', [did, 'nope', t])),
      ).toEqual({ errorName: 'DidVerificationMethodNotFound', args: [did, 'nope'] });
      const holder = await policyHolder('revokeVerificationMethod');
      await chain.write(holder, call('revokeVerificationMethod', [did, owner.vMethodId, t]));
      expect(
        await revertOf(chain, holder, call('revokeVerificationMethod', [did, owner.vMethodId, t])),
      ).toEqual({ errorName: 'DidVerificationMethodAlreadyRevoked', args: [did, owner.vMethodId] });
    });
  });

  describe('expireVerificationMethod', () => {
    test('default: the key keeps its power until its new end date (inclusive)', async () => {
      const { did, owner } = await registerDid();
      const end = (await now()) + 100n;
      const receipt = await chain.write(
        owner.account,
        call('expireVerificationMethod', [did, owner.vMethodId, end]),
      );
      expect(eventsOf(didRegistryAbi, receipt)).toEqual([
        {
          eventName: 'VerificationMethodExpired',
          args: { didHash: didHash(did), did, vMethodId: owner.vMethodId, notAfter: end },
        },
      ]);
      expect(await controls(did, owner.account)).toBe(true);
      expect(await controls(did, owner.account, end)).toBe(true);
      expect(await controls(did, owner.account, end + 1n)).toBe(false);
      expect(await read('getDidDocumentByTimestamp', [did, end])).toMatchObject({
        verificationMethods: [
          method(owner, [
            relationship('authentication', 0n, end),
            relationship('capabilityInvocation', 0n, end),
          ]),
        ],
      });
      // Still a controller now: it can keep managing the DID.
      await chain.write(owner.account, call('updateBaseDocument', [did, '{"still":"here"}']));
    });

    test('behavior: expiry shortens windows, never extends them', async () => {
      const t = await now();
      const { did, owner } = await registerDid(0n, t + 500n);
      await chain.write(
        owner.account,
        call('expireVerificationMethod', [did, owner.vMethodId, t + 10_000n]),
      );
      const document = await read<DidDocument>('getDidDocument', [did]);
      expect(document.verificationMethods[0]?.relationships.map((r) => r.notAfter)).toEqual([
        t + 500n,
        t + 500n,
      ]);
    });

    test('error: a past notAfter, an unknown or revoked method', async () => {
      const { did, owner } = await registerDid();
      const t = await now();
      const past = await revertOf(
        chain,
        owner.account,
        call('expireVerificationMethod', [did, owner.vMethodId, t]),
      );
      expect(past.errorName).toBe('DidVerificationMethodNotAfterInvalid');
      expect(past.args[0]).toBe(t);
      expect(
        await revertOf(
          chain,
          owner.account,
          call('expireVerificationMethod', [did, 'nope', t + 1000n]),
        ),
      ).toEqual({ errorName: 'DidVerificationMethodNotFound', args: [did, 'nope'] });
      const holder = await policyHolder('revokeVerificationMethod');
      await chain.write(holder, call('revokeVerificationMethod', [did, owner.vMethodId, t]));
      expect(
        await revertOf(
          chain,
          holder,
          call('expireVerificationMethod', [did, owner.vMethodId, t + 1000n]),
        ),
      ).toEqual({
        errorName: 'DidUnauthorizedAccount',
        args: [did, holder.address, 'DID:expireVerificationMethod'],
      });
      const expirer = await policyHolder('expireVerificationMethod');
      expect(
        await revertOf(
          chain,
          expirer,
          call('expireVerificationMethod', [did, owner.vMethodId, t + 1000n]),
        ),
      ).toEqual({ errorName: 'DidVerificationMethodAlreadyRevoked', args: [did, owner.vMethodId] });
    });
  });

  describe('rollVerificationMethod', () => {
    test('default: the rolled-in key gets the old relationships and controller power', async () => {
      const { did, owner } = await registerDid();
      const next = secpKey();
      const t = await now();
      const args = rollArgs(did, next, owner.vMethodId, [t, FAR], 60n);
      const receipt = await chain.write(owner.account, call('rollVerificationMethod', [args]));
      expect(eventsOf(didRegistryAbi, receipt)).toEqual([
        {
          eventName: 'VerificationMethodRolled',
          args: { didHash: didHash(did), ...args },
        },
      ]);
      expect(await controls(did, next.account)).toBe(true);
      // Overlap: the old key keeps its power until notBefore + duration.
      expect(await controls(did, owner.account, t + 60n)).toBe(true);
      expect(await controls(did, owner.account, t + 61n)).toBe(false);
      expect(await controls(did, next.account, t + 61n)).toBe(true);
      expect(await read('getDidDocumentByTimestamp', [did, t])).toEqual({
        baseDocument: BASE_DOCUMENT,
        controllers: [did],
        verificationMethods: [
          method(owner, [
            relationship('authentication', 0n, t + 60n),
            relationship('capabilityInvocation', 0n, t + 60n),
          ]),
          method(next, [
            relationship('authentication', t, FAR),
            relationship('capabilityInvocation', t, FAR),
          ]),
        ],
      });
      const later = await read<DidDocument>('getDidDocumentByTimestamp', [did, t + 61n]);
      expect(later.verificationMethods.map((m) => m.vMethodId)).toEqual([next.vMethodId]);
      // The new key acts as a controller.
      await chain.write(next.account, call('updateBaseDocument', [did, '{"rolled":true}']));
    });

    test('behavior: rolling to a P-256 key copies relationships but gives no control', async () => {
      const { did, owner } = await registerDid();
      const next = p256Key();
      const t = await now();
      await chain.write(
        owner.account,
        call('rollVerificationMethod', [rollArgs(did, next, owner.vMethodId, [t, FAR], 0n)]),
      );
      const document = await read<DidDocument>('getDidDocumentByTimestamp', [did, t + 1n]);
      expect(document.verificationMethods).toEqual([
        method(next, [
          relationship('authentication', t, FAR),
          relationship('capabilityInvocation', t, FAR),
        ]),
      ]);
      expect(await controls(did, owner.account, t + 1n)).toBe(false);
    });

    test('behavior: a huge duration leaves the old windows as they were', async () => {
      const { did, owner } = await registerDid();
      const t = await now();
      const max = 2n ** 256n - 1n;
      await chain.write(
        owner.account,
        call('rollVerificationMethod', [rollArgs(did, secpKey(), owner.vMethodId, [t, FAR], max)]),
      );
      expect(await controls(did, owner.account, FAR)).toBe(true);
    });

    test('error: invalid window, key, id, or old method', async () => {
      const { did, owner } = await registerDid();
      const key = secpKey();
      const stale = p256Key();
      await chain.write(
        owner.account,
        call('addVerificationMethod', [did, stale.vMethodId, stale.publicKey, false]),
      );
      await chain.write(
        owner.account,
        call('revokeVerificationMethod', [did, stale.vMethodId, await now()]),
      );
      const id = owner.vMethodId;
      const bad = `0x04${'00'.repeat(64)}` as const;
      const cases: [object, string, readonly unknown[]][] = [
        [rollArgs(did, key, id, [2n, 1n], 0n), 'DidRelationshipWindowInvalid', [2n, 1n]],
        [rollArgs(did, key, 'nope', [0n, FAR], 0n), 'DidVerificationMethodNotFound', [did, 'nope']],
        [
          rollArgs(did, key, stale.vMethodId, [0n, FAR], 0n),
          'DidVerificationMethodAlreadyRevoked',
          [did, stale.vMethodId],
        ],
        [rollArgs(did, owner, id, [0n, FAR], 0n), 'DidVerificationMethodExists', [did, id]],
        [
          rollArgs(did, { ...key, vMethodId: 'x' }, id, [0n, FAR], 0n),
          'DidVerificationMethodIdMismatch',
          ['x', key.vMethodId],
        ],
        [
          rollArgs(did, { ...key, publicKey: bad }, id, [0n, FAR], 0n),
          'DidPublicKeyInvalid',
          [bad, true],
        ],
      ];
      for (const [args, errorName, errorArgs] of cases) {
        expect(
          await revertOf(chain, owner.account, call('rollVerificationMethod', [args])),
        ).toEqual({ errorName, args: errorArgs });
      }
    });
  });

  describe('checkController', () => {
    test('default: false for an unregistered DID or a stranger, without reverting', async () => {
      const { did } = await registerDid();
      expect(await controls(newDid(), randomAccount())).toBe(false);
      expect(await controls(did, randomAccount())).toBe(false);
    });

    test('behavior: the capabilityInvocation window bounds control, inclusively', async () => {
      const t = await now();
      const [from, to] = [t + 1000n, t + 2000n];
      const { did, owner } = await registerDid(from, to);
      expect(await controls(did, owner.account)).toBe(false);
      expect(await controls(did, owner.account, from - 1n)).toBe(false);
      expect(await controls(did, owner.account, from)).toBe(true);
      expect(await controls(did, owner.account, to)).toBe(true);
      expect(await controls(did, owner.account, to + 1n)).toBe(false);
      // Outside its window the owner cannot act either.
      expect(await revertOf(chain, owner.account, call('updateBaseDocument', [did, '{}']))).toEqual(
        {
          errorName: 'DidUnauthorizedAccount',
          args: [did, owner.account.address, 'DID:updateBaseDocument'],
        },
      );
    });
  });

  describe('getDidDocument, getDidDocumentByTimestamp', () => {
    test('default: methods and relationships filtered by the timestamp', async () => {
      const { did, owner } = await registerDid(10n, FAR);
      const key = p256Key();
      await chain.write(
        owner.account,
        call('addVerificationMethod', [did, key.vMethodId, key.publicKey, false]),
      );
      await chain.write(
        owner.account,
        call('addVerificationRelationship', [did, 'assertionMethod', key.vMethodId, 100n, 200n]),
      );
      await chain.write(
        owner.account,
        call('addVerificationRelationship', [did, 'authentication', key.vMethodId, 150n, 300n]),
      );
      const at = (time: bigint) => read<DidDocument>('getDidDocumentByTimestamp', [did, time]);
      expect((await at(9n)).verificationMethods).toEqual([]);
      expect((await at(99n)).verificationMethods.map((m) => m.vMethodId)).toEqual([
        owner.vMethodId,
      ]);
      expect((await at(100n)).verificationMethods[1]).toEqual(
        method(key, [relationship('assertionMethod', 100n, 200n)]),
      );
      expect((await at(200n)).verificationMethods[1]).toEqual(
        method(key, [
          relationship('authentication', 150n, 300n),
          relationship('assertionMethod', 100n, 200n),
        ]),
      );
      expect((await at(201n)).verificationMethods[1]).toEqual(
        method(key, [relationship('authentication', 150n, 300n)]),
      );
      expect((await at(301n)).verificationMethods).toHaveLength(1);
      expect(await read('getDidDocument', [did])).toEqual(await at(await now()));
    });

    test('error: an unregistered DID', async () => {
      const unknown = newDid();
      expect(await revertOf(chain, admin, call('getDidDocument', [unknown]))).toEqual({
        errorName: 'DidNotFound',
        args: [unknown],
      });
      expect(
        await revertOf(chain, admin, call('getDidDocumentByTimestamp', [unknown, 1n])),
      ).toEqual({ errorName: 'DidNotFound', args: [unknown] });
      expect(await read('didExists', [unknown])).toBe(false);
    });
  });

  describe('getDids, getDidsByController', () => {
    test('default: pages of DIDs in registration order', async () => {
      const dids: string[] = [];
      for (let i = 0; i < 3; i++) dids.push((await registerDid()).did);
      const [, total] = await read<[string[], bigint]>('getDids', [1n, 1n]);
      expect(await read('getDids', [total - 2n, 1n])).toEqual([[dids[0]], total]);
      expect(await read('getDids', [total, 1n])).toEqual([[dids[2]], total]);
      expect(await read('getDids', [total + 1n, 1n])).toEqual([[], total]);
    });

    test('default: pages of the DIDs a controller controls', async () => {
      const controller = await registerDid();
      const a = await registerDid();
      const b = await registerDid();
      for (const child of [a, b]) {
        await chain.write(child.owner.account, call('addController', [child.did, controller.did]));
      }
      expect(await read('getDidsByController', [controller.did, 1n, 2n])).toEqual([
        [controller.did, a.did],
        3n,
      ]);
      expect(await read('getDidsByController', [controller.did, 2n, 2n])).toEqual([[b.did], 3n]);
    });

    test('error: pagination rules and an unregistered controller', async () => {
      expect(await revertOf(chain, admin, call('getDids', [0n, 10n]))).toEqual({
        errorName: 'PaginationInvalidPage',
        args: [0n],
      });
      expect(await revertOf(chain, admin, call('getDids', [1n, 51n]))).toEqual({
        errorName: 'PaginationInvalidPageSize',
        args: [51n],
      });
      const { did } = await registerDid();
      expect(await revertOf(chain, admin, call('getDidsByController', [did, 1n, 0n]))).toEqual({
        errorName: 'PaginationInvalidPageSize',
        args: [0n],
      });
      const unknown = newDid();
      expect(await revertOf(chain, admin, call('getDidsByController', [unknown, 1n, 10n]))).toEqual(
        { errorName: 'DidNotFound', args: [unknown] },
      );
    });
  });
});
