import { createHash } from 'node:crypto';
import {
  type Account,
  type Address,
  encodeAbiParameters,
  type Hex,
  hexToBigInt,
  hexToBytes,
  keccak256,
  type PrivateKeyAccount,
  sha256,
  type TransactionReceipt,
  toFunctionSelector,
  toHex,
} from 'viem';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { didRegistryAbi, didRegistryBytecode } from '../../artifacts/DidRegistry.js';
import { issuersRegistryAbi, issuersRegistryBytecode } from '../../artifacts/IssuersRegistry.js';
import { policiesRegistryAbi, policiesRegistryBytecode } from '../../artifacts/PoliciesRegistry.js';
import {
  type ContractCall,
  eventsOf,
  randomAccount,
  revertOf,
  startTestChain,
  type TestChain,
} from '../support/chain.js';

const artifact = { abi: issuersRegistryAbi, bytecode: issuersRegistryBytecode };
const IssuerType = { Undefined: 0, RootTAO: 1, TAO: 2, TI: 3, Revoked: 4 } as const;
type IssuerType = (typeof IssuerType)[keyof typeof IssuerType];
const ZERO = `0x${'00'.repeat(32)}` as Hex;

let chain: TestChain;
/** Holds every TPR policy and `TIR:setAttributeMetadata`. */
let admin: Account;
/** Holds `TIR:updateIssuer` only. */
let proxyAdmin: Account;
let policies: Address;
let didRegistry: Address;
let registry: Address;
/** Gas used by each write in the tests (printed with REPORT_GAS=1). */
const gas: Record<string, bigint> = {};

/** A registered DID and the account that controls it. */
type Holder = { did: string; account: PrivateKeyAccount };
/** An issuer with one attribute. */
type Issuer = Holder & { attributeId: Hex };

const onPolicies = (address: Address, functionName: string, args: readonly unknown[]) => ({
  address,
  abi: policiesRegistryAbi,
  functionName,
  args,
});

/** A Policies Registry whose admin also holds `granted`, each of them inserted first. */
async function deployPolicies(granted: Record<string, Address>): Promise<Address> {
  const { address } = await chain.deployProxy(
    admin,
    { abi: policiesRegistryAbi, bytecode: policiesRegistryBytecode },
    [admin.address],
  );
  for (const [name, holder] of Object.entries(granted)) {
    await chain.write(admin, onPolicies(address, 'insertPolicy', [name, 'Issuers Registry']));
    await chain.write(admin, onPolicies(address, 'insertUserAttributes', [holder, [name]]));
  }
  return address;
}

async function deployRegistry(policiesAddress = policies): Promise<Address> {
  return (await chain.deployProxy(admin, artifact, [policiesAddress, didRegistry])).address;
}

beforeAll(async () => {
  chain = await startTestChain();
  admin = randomAccount();
  proxyAdmin = randomAccount();
  policies = await deployPolicies({
    'TIR:setAttributeMetadata': admin.address,
    'TIR:updateIssuer': proxyAdmin.address,
  });
  ({ address: didRegistry } = await chain.deployProxy(
    admin,
    { abi: didRegistryAbi, bytecode: didRegistryBytecode },
    [policies],
  ));
  registry = await deployRegistry();
});
afterAll(async () => {
  if (process.env.REPORT_GAS) console.table(gas);
  await chain.close();
});

const call = (functionName: string, args: readonly unknown[] = [], address = registry) => ({
  address,
  abi: issuersRegistryAbi,
  functionName,
  args,
});
const read = <T>(functionName: string, args: readonly unknown[] = [], address = registry) =>
  chain.client.readContract(call(functionName, args, address) as never) as Promise<T>;
const write = (
  account: Account,
  functionName: string,
  args: readonly unknown[],
  address?: Address,
) => chain.write(account, call(functionName, args, address));
const revert = (account: Account, functionName: string, args: readonly unknown[]) =>
  revertOf(chain, account, call(functionName, args) as ContractCall);

const randomId = (): Hex => generatePrivateKey();
const didHash = (did: string) => keccak256(toHex(did));
const b64url = (bytes: Uint8Array) => Buffer.from(bytes).toString('base64url');

/** The RFC 7638 thumbprint of a secp256k1 public key (`0x04‖X‖Y`). */
function thumbprint(publicKey: Hex): string {
  const raw = hexToBytes(publicKey);
  const jwk = `{"crv":"secp256k1","kty":"EC","x":"${b64url(raw.slice(1, 33))}","y":"${b64url(raw.slice(33, 65))}"}`;
  return createHash('sha256').update(jwk).digest('base64url');
}

/** Registers a fresh DID in the DID Registry, controlled by a fresh account. */
async function createHolder(): Promise<Holder> {
  const account = privateKeyToAccount(generatePrivateKey());
  const did = `did:core:z${b64url(hexToBytes(randomId()).slice(0, 16))}`;
  await chain.write(account, {
    address: didRegistry,
    abi: didRegistryAbi,
    functionName: 'insertDidDocument',
    args: [
      did,
      JSON.stringify({ '@context': ['https://www.w3.org/ns/did/v1'] }),
      thumbprint(account.publicKey),
      account.publicKey,
      true,
      0n,
      2n ** 64n,
    ],
  });
  return { did, account };
}

/** A fresh RootTAO, made by the policy holder. */
async function createRootTao(address = registry): Promise<Issuer> {
  const holder = await createHolder();
  const attributeId = randomId();
  await write(
    admin,
    'setAttributeMetadata',
    [holder.did, attributeId, IssuerType.RootTAO, '', ZERO],
    address,
  );
  return { ...holder, attributeId };
}

/** A fresh DID for which `tao` reserves an attribute of type `issuerType`. */
async function accredit(tao: Issuer, issuerType: IssuerType): Promise<Issuer> {
  const holder = await createHolder();
  const attributeId = randomId();
  await write(tao.account, 'setAttributeMetadata', [
    holder.did,
    attributeId,
    issuerType,
    tao.did,
    tao.attributeId,
  ]);
  return { ...holder, attributeId };
}

/** The id of a metadata revision that is not an attribute's first one. */
async function derivedRevisionId(receipt: TransactionReceipt, did: string, previous: Hex) {
  const { timestamp } = await chain.client.getBlock({ blockNumber: receipt.blockNumber });
  return sha256(
    encodeAbiParameters(
      [{ type: 'uint256' }, { type: 'string' }, { type: 'bytes32' }],
      [timestamp, did, previous],
    ),
  );
}

const blockTime = async (receipt: TransactionReceipt) =>
  (await chain.client.getBlock({ blockNumber: receipt.blockNumber })).timestamp;

describe('IssuersRegistry', () => {
  test('default: type, links, ERC-165 and the locked implementation', async () => {
    expect(await read('registryType')).toBe(keccak256(toHex('core.IssuersRegistry')));
    expect(await read('policiesRegistry')).toBe(policies);
    expect(await read('didRegistry')).toBe(didRegistry);
    const selectors = issuersRegistryAbi
      .filter((item) => item.type === 'function')
      .filter(
        (f) =>
          !['initialize', 'registryType', 'policiesRegistry', 'supportsInterface'].includes(f.name),
      )
      .map((f) => hexToBigInt(toFunctionSelector(f)));
    const interfaceId = toHex(
      selectors.reduce((a, b) => a ^ b),
      { size: 4 },
    );
    expect(await read('supportsInterface', [interfaceId])).toBe(true);
    expect(await read('supportsInterface', ['0x01ffc9a7'])).toBe(true);
    expect(await read('supportsInterface', ['0xffffffff'])).toBe(false);
    expect(await revert(admin, 'initialize', [policies, didRegistry])).toEqual({
      errorName: 'InvalidInitialization',
      args: [],
    });
  });

  test('behavior: state lives at the ERC-7201 slot core.storage.IssuersRegistry', async () => {
    const address = await deployRegistry();
    await createRootTao(address);
    const inner = hexToBigInt(keccak256(toHex('core.storage.IssuersRegistry'))) - 1n;
    const slot = toHex(
      hexToBigInt(keccak256(encodeAbiParameters([{ type: 'uint256' }], [inner]))) & ~0xffn,
      { size: 32 },
    );
    expect(slot).toBe('0xf87a38e8359f143a9d0b5f20e2a69da9336fb441a2cea4340a8a6863cc2fcd00');
    // The first member, `dids`, is an array: the slot holds its length.
    expect(hexToBigInt((await chain.client.getStorageAt({ address, slot })) ?? '0x0')).toBe(1n);
  });

  describe('setAttributeMetadata', () => {
    test('default: the policy holder creates a RootTAO', async () => {
      const { did } = await createHolder();
      const attributeId = randomId();
      // `taoDid` and `attributeIdTao` are ignored for a RootTAO.
      const receipt = await write(admin, 'setAttributeMetadata', [
        did,
        attributeId,
        IssuerType.RootTAO,
        'did:core:zIgnored',
        randomId(),
      ]);
      gas['setAttributeMetadata (RootTAO, new issuer)'] = receipt.gasUsed;
      const content = {
        attributeId,
        revisionId: attributeId,
        issuerType: IssuerType.RootTAO,
        taoDid: did,
        attributeIdTao: attributeId,
        rootTaoDid: did,
      };
      expect(eventsOf(issuersRegistryAbi, receipt)).toEqual([
        { eventName: 'IssuerAdded', args: { didHash: didHash(did), did } },
        {
          eventName: 'AttributeRevisionAdded',
          args: { didHash: didHash(did), did, ...content, attributeData: '0x' },
        },
      ]);
      expect(await read('issuerExists', [did])).toBe(true);
      expect(await read('getIssuer', [did])).toEqual([false, 1n]);
      expect(await read('getIssuerAttributes', [did, 1n, 10n])).toEqual([[attributeId], 1n]);
      expect(await read('getAttribute', [did, attributeId])).toEqual({
        ...content,
        attributeData: '0x',
        timestamp: await blockTime(receipt),
      });
      expect(await read('getAttributeRevisions', [did, attributeId, 1n, 10n])).toEqual([
        [attributeId],
        1n,
      ]);
    });

    test('behavior: accreditation chain RootTAO → TAO → TI', async () => {
      const root = await createRootTao();
      const tao = await createHolder();
      const taoAttributeId = randomId();
      const reserved = await write(root.account, 'setAttributeMetadata', [
        tao.did,
        taoAttributeId,
        IssuerType.TAO,
        root.did,
        root.attributeId,
      ]);
      gas['setAttributeMetadata (TAO by RootTAO)'] = reserved.gasUsed;
      expect(eventsOf(issuersRegistryAbi, reserved)[1]).toEqual({
        eventName: 'AttributeRevisionAdded',
        args: {
          didHash: didHash(tao.did),
          did: tao.did,
          attributeId: taoAttributeId,
          revisionId: taoAttributeId,
          issuerType: IssuerType.TAO,
          taoDid: root.did,
          attributeIdTao: root.attributeId,
          rootTaoDid: root.did,
          attributeData: '0x',
        },
      });

      const ti = await createHolder();
      const tiAttributeId = randomId();
      const accredited = await write(tao.account, 'setAttributeMetadata', [
        ti.did,
        tiAttributeId,
        IssuerType.TI,
        tao.did,
        taoAttributeId,
      ]);
      gas['setAttributeMetadata (TI by TAO)'] = accredited.gasUsed;
      // What the authorisation service checks: the TAO that reserved the attribute for the holder.
      expect(await read('getAttribute', [ti.did, tiAttributeId])).toEqual({
        attributeId: tiAttributeId,
        revisionId: tiAttributeId,
        issuerType: IssuerType.TI,
        taoDid: tao.did,
        attributeIdTao: taoAttributeId,
        rootTaoDid: root.did,
        attributeData: '0x',
        timestamp: await blockTime(accredited),
      });
    });

    test('behavior: the TAO re-types an attribute it accredited (to Revoked)', async () => {
      const root = await createRootTao();
      const tao = await accredit(root, IssuerType.TAO);
      const ti = await accredit(tao, IssuerType.TI);
      const receipt = await write(tao.account, 'setAttributeMetadata', [
        ti.did,
        ti.attributeId,
        IssuerType.Revoked,
        tao.did,
        tao.attributeId,
      ]);
      gas['setAttributeMetadata (re-type by TAO)'] = receipt.gasUsed;
      const revisionId = await derivedRevisionId(receipt, ti.did, ti.attributeId);
      expect(eventsOf(issuersRegistryAbi, receipt)).toMatchObject([
        {
          eventName: 'AttributeRevisionAdded',
          args: { attributeId: ti.attributeId, revisionId, issuerType: IssuerType.Revoked },
        },
      ]);
      expect(await read('getAttributeRevisions', [ti.did, ti.attributeId, 1n, 10n])).toEqual([
        [ti.attributeId, revisionId],
        2n,
      ]);
      // Any revision id stands for the attribute.
      expect(await read('getAttribute', [ti.did, revisionId])).toMatchObject({
        attributeId: ti.attributeId,
        revisionId,
        issuerType: IssuerType.Revoked,
        taoDid: tao.did,
      });
      expect(
        await read('getAttributeRevision', [ti.did, revisionId, ti.attributeId]),
      ).toMatchObject({ revisionId: ti.attributeId, issuerType: IssuerType.TI });
      // A TAO cannot re-type itself; its RootTAO can, and a revoked TAO accredits nobody.
      const revokeTao = (by: Issuer) => [
        tao.did,
        tao.attributeId,
        IssuerType.Revoked,
        by.did,
        by.attributeId,
      ];
      expect(await revert(tao.account, 'setAttributeMetadata', revokeTao(tao))).toEqual({
        errorName: 'IssuerAttributeTaoMismatch',
        args: [tao.did, tao.attributeId, tao.did],
      });
      await write(root.account, 'setAttributeMetadata', revokeTao(root));
      const next = await createHolder();
      expect(
        await revert(tao.account, 'setAttributeMetadata', [
          next.did,
          randomId(),
          IssuerType.TI,
          tao.did,
          tao.attributeId,
        ]),
      ).toEqual({
        errorName: 'IssuerTaoNotAccredited',
        args: [tao.did, tao.attributeId, IssuerType.Revoked],
      });
    });

    test('behavior: the RootTAO of the chain may re-type, and becomes the TAO', async () => {
      const root = await createRootTao();
      const tao = await accredit(root, IssuerType.TAO);
      const ti = await accredit(tao, IssuerType.TI);
      await write(root.account, 'setAttributeMetadata', [
        ti.did,
        ti.attributeId,
        IssuerType.TAO,
        root.did,
        root.attributeId,
      ]);
      expect(await read('getAttribute', [ti.did, ti.attributeId])).toMatchObject({
        issuerType: IssuerType.TAO,
        taoDid: root.did,
        rootTaoDid: root.did,
      });
    });

    test('behavior: the policy holder may write anything without controlling a DID', async () => {
      const tao = await accredit(await createRootTao(), IssuerType.TAO);
      const ti = await accredit(tao, IssuerType.TI);
      // A TI as "TAO" of another attribute, and a re-type by an unrelated TAO.
      const other = await createHolder();
      await write(admin, 'setAttributeMetadata', [
        other.did,
        randomId(),
        IssuerType.TI,
        ti.did,
        ti.attributeId,
      ]);
      await write(admin, 'setAttributeMetadata', [
        ti.did,
        ti.attributeId,
        IssuerType.RootTAO,
        '',
        ZERO,
      ]);
      expect(await read('getAttribute', [ti.did, ti.attributeId])).toMatchObject({
        issuerType: IssuerType.RootTAO,
        taoDid: ti.did,
        attributeIdTao: ti.attributeId,
        rootTaoDid: ti.did,
      });
    });

    test('error: a TAO cannot create a RootTAO', async () => {
      const tao = await accredit(await createRootTao(), IssuerType.TAO);
      const { did } = await createHolder();
      expect(
        await revert(tao.account, 'setAttributeMetadata', [
          did,
          randomId(),
          IssuerType.RootTAO,
          tao.did,
          tao.attributeId,
        ]),
      ).toEqual({
        errorName: 'PolicyDenied',
        args: ['TIR:setAttributeMetadata', tao.account.address],
      });
    });

    test('error: a stranger cannot accredit in the name of a TAO, nor re-type', async () => {
      const tao = await accredit(await createRootTao(), IssuerType.TAO);
      const ti = await accredit(tao, IssuerType.TI);
      const stranger = randomAccount();
      for (const [did, id] of [
        [(await createHolder()).did, randomId()],
        [ti.did, ti.attributeId],
      ] as const) {
        expect(
          await revert(stranger, 'setAttributeMetadata', [
            did,
            id,
            IssuerType.Revoked,
            tao.did,
            tao.attributeId,
          ]),
        ).toEqual({ errorName: 'NotDidController', args: [tao.did, stranger.address] });
      }
    });

    test('error: a TI cannot accredit', async () => {
      const ti = await accredit(
        await accredit(await createRootTao(), IssuerType.TAO),
        IssuerType.TI,
      );
      const { did } = await createHolder();
      expect(
        await revert(ti.account, 'setAttributeMetadata', [
          did,
          randomId(),
          IssuerType.TI,
          ti.did,
          ti.attributeId,
        ]),
      ).toEqual({
        errorName: 'IssuerTaoNotAccredited',
        args: [ti.did, ti.attributeId, IssuerType.TI],
      });
    });

    test('error: another TAO cannot re-type an attribute it did not accredit', async () => {
      const root = await createRootTao();
      const tao = await accredit(root, IssuerType.TAO);
      const otherTao = await accredit(root, IssuerType.TAO);
      const ti = await accredit(tao, IssuerType.TI);
      expect(
        await revert(otherTao.account, 'setAttributeMetadata', [
          ti.did,
          ti.attributeId,
          IssuerType.Revoked,
          otherTao.did,
          otherTao.attributeId,
        ]),
      ).toEqual({
        errorName: 'IssuerAttributeTaoMismatch',
        args: [ti.did, ti.attributeId, otherTao.did],
      });
    });

    test('error: invalid arguments and an unknown TAO attribute', async () => {
      const root = await createRootTao();
      const { did } = await createHolder();
      const unknown = randomId();
      for (const [args, errorName, errorArgs] of [
        [['', randomId(), IssuerType.TI, root.did, root.attributeId], 'IssuerDidEmpty', []],
        [
          [did, randomId(), IssuerType.Undefined, root.did, root.attributeId],
          'IssuerTypeInvalid',
          [IssuerType.Undefined],
        ],
        [[did, ZERO, IssuerType.TI, root.did, root.attributeId], 'IssuerRevisionIdInvalid', [ZERO]],
        [
          [did, randomId(), IssuerType.TI, 'did:core:zUnknown', root.attributeId],
          'IssuerNotFound',
          ['did:core:zUnknown'],
        ],
        [
          [did, randomId(), IssuerType.TI, root.did, unknown],
          'IssuerAttributeNotFound',
          [root.did, unknown],
        ],
      ] as const) {
        expect(await revert(root.account, 'setAttributeMetadata', args)).toEqual({
          errorName,
          args: errorArgs,
        });
      }
    });
  });

  describe('setAttributeData', () => {
    test('default: the issuer stores its accreditation, copying type and chain', async () => {
      const root = await createRootTao();
      const tao = await accredit(root, IssuerType.TAO);
      const data = toHex('eyJhbGciOiJFUzI1NksifQ.eyJ2YyI6e319.c2ln');
      const revisionId = sha256(data);
      const receipt = await write(tao.account, 'setAttributeData', [
        tao.did,
        tao.attributeId,
        data,
      ]);
      gas.setAttributeData = receipt.gasUsed;
      const content = {
        attributeId: tao.attributeId,
        revisionId,
        issuerType: IssuerType.TAO,
        taoDid: root.did,
        attributeIdTao: root.attributeId,
        rootTaoDid: root.did,
        attributeData: data,
      };
      expect(eventsOf(issuersRegistryAbi, receipt)).toEqual([
        {
          eventName: 'AttributeRevisionAdded',
          args: { didHash: didHash(tao.did), did: tao.did, ...content },
        },
      ]);
      expect(await read('getIssuer', [tao.did])).toEqual([true, 1n]);
      expect(await read('getAttribute', [tao.did, tao.attributeId])).toEqual({
        ...content,
        timestamp: await blockTime(receipt),
      });
      expect(
        await read('getAttributeRevision', [tao.did, tao.attributeId, tao.attributeId]),
      ).toMatchObject({ revisionId: tao.attributeId, attributeData: '0x' });
      // The same data cannot be stored twice.
      expect(await revert(tao.account, 'setAttributeData', [tao.did, revisionId, data])).toEqual({
        errorName: 'IssuerRevisionExists',
        args: [tao.did, revisionId],
      });
    });

    test('error: a sender that does not control the DID (the TAO and the policy holder included)', async () => {
      const root = await createRootTao();
      const tao = await accredit(root, IssuerType.TAO);
      for (const account of [randomAccount(), root.account, admin]) {
        expect(
          await revert(account, 'setAttributeData', [tao.did, tao.attributeId, '0x01']),
        ).toEqual({ errorName: 'NotDidController', args: [tao.did, account.address] });
      }
    });

    test('error: empty data, an unknown issuer or attribute', async () => {
      const root = await createRootTao();
      const unknown = randomId();
      for (const [args, errorName, errorArgs] of [
        [[root.did, root.attributeId, '0x'], 'IssuerAttributeDataEmpty', []],
        [['did:core:zUnknown', root.attributeId, '0x01'], 'IssuerNotFound', ['did:core:zUnknown']],
        [[root.did, unknown, '0x01'], 'IssuerAttributeNotFound', [root.did, unknown]],
      ] as const) {
        expect(await revert(root.account, 'setAttributeData', args)).toEqual({
          errorName,
          args: errorArgs,
        });
      }
    });
  });

  describe('addIssuerProxy, updateIssuerProxy, removeIssuerProxy', () => {
    const proxy = (n: number) =>
      JSON.stringify({
        prefix: `https://issuer.example/${n}`,
        testSuffix: '/credentials/status/1',
      });

    test('default: the controller adds, updates and removes proxies', async () => {
      const issuer = await createRootTao();
      const ids: Hex[] = [];
      for (const n of [1, 2, 3]) {
        const receipt = await write(issuer.account, 'addIssuerProxy', [issuer.did, proxy(n)]);
        gas.addIssuerProxy = receipt.gasUsed;
        const proxyId = sha256(toHex(proxy(n)));
        ids.push(proxyId);
        expect(eventsOf(issuersRegistryAbi, receipt)).toEqual([
          {
            eventName: 'IssuerProxyAdded',
            args: { didHash: didHash(issuer.did), did: issuer.did, proxyId, proxyData: proxy(n) },
          },
        ]);
      }
      expect(await read('getIssuerProxies', [issuer.did, 1n, 10n])).toEqual([ids, 3n]);
      expect(await read('getIssuerProxy', [issuer.did, ids[0]])).toBe(proxy(1));

      const updated = await write(issuer.account, 'updateIssuerProxy', [
        issuer.did,
        ids[0],
        proxy(9),
      ]);
      gas.updateIssuerProxy = updated.gasUsed;
      expect(eventsOf(issuersRegistryAbi, updated)).toEqual([
        {
          eventName: 'IssuerProxyUpdated',
          args: {
            didHash: didHash(issuer.did),
            did: issuer.did,
            proxyId: ids[0],
            proxyData: proxy(9),
          },
        },
      ]);
      expect(await read('getIssuerProxy', [issuer.did, ids[0]])).toBe(proxy(9));

      const removed = await write(issuer.account, 'removeIssuerProxy', [issuer.did, ids[0]]);
      gas.removeIssuerProxy = removed.gasUsed;
      expect(eventsOf(issuersRegistryAbi, removed)).toEqual([
        {
          eventName: 'IssuerProxyRemoved',
          args: { didHash: didHash(issuer.did), did: issuer.did, proxyId: ids[0] },
        },
      ]);
      // The last proxy takes the removed one's place.
      expect(await read('getIssuerProxies', [issuer.did, 1n, 10n])).toEqual([[ids[2], ids[1]], 2n]);
      expect(await revert(admin, 'getIssuerProxy', [issuer.did, ids[0]])).toEqual({
        errorName: 'IssuerProxyNotFound',
        args: [issuer.did, ids[0]],
      });
      // Its id is free again.
      await write(issuer.account, 'addIssuerProxy', [issuer.did, proxy(1)]);
    });

    test('behavior: a TIR:updateIssuer holder manages any issuer’s proxies', async () => {
      const issuer = await createRootTao();
      const proxyId = sha256(toHex(proxy(1)));
      await write(proxyAdmin, 'addIssuerProxy', [issuer.did, proxy(1)]);
      await write(proxyAdmin, 'updateIssuerProxy', [issuer.did, proxyId, proxy(2)]);
      expect(await read('getIssuerProxy', [issuer.did, proxyId])).toBe(proxy(2));
      await write(proxyAdmin, 'removeIssuerProxy', [issuer.did, proxyId]);
      expect(await read('getIssuerProxies', [issuer.did, 1n, 10n])).toEqual([[], 0n]);
    });

    test('behavior: a missing TIR:updateIssuer policy does not block the controller', async () => {
      const bare = await deployPolicies({ 'TIR:setAttributeMetadata': admin.address });
      const address = await deployRegistry(bare);
      const issuer = await createRootTao(address);
      await write(issuer.account, 'addIssuerProxy', [issuer.did, proxy(1)], address);
      expect(await read('getIssuerProxies', [issuer.did, 1n, 10n], address)).toEqual([
        [sha256(toHex(proxy(1)))],
        1n,
      ]);
    });

    test('error: a sender that neither controls the DID nor holds TIR:updateIssuer', async () => {
      const issuer = await createRootTao();
      await write(issuer.account, 'addIssuerProxy', [issuer.did, proxy(1)]);
      const proxyId = sha256(toHex(proxy(1)));
      const stranger = randomAccount();
      for (const [functionName, args] of [
        ['addIssuerProxy', [issuer.did, proxy(2)]],
        ['updateIssuerProxy', [issuer.did, proxyId, proxy(2)]],
        ['removeIssuerProxy', [issuer.did, proxyId]],
      ] as const) {
        // The TIR:setAttributeMetadata holder has no say over proxies either.
        for (const account of [stranger, admin]) {
          expect(await revert(account, functionName, args)).toEqual({
            errorName: 'IssuerUpdateDenied',
            args: [issuer.did, account.address],
          });
        }
      }
    });

    test('error: empty data, unknown issuer, duplicate and unknown proxies', async () => {
      const issuer = await createRootTao();
      await write(issuer.account, 'addIssuerProxy', [issuer.did, proxy(1)]);
      const proxyId = sha256(toHex(proxy(1)));
      const unknown = randomId();
      const nobody = 'did:core:zUnknown';
      for (const [functionName, args, errorName, errorArgs] of [
        ['addIssuerProxy', [issuer.did, ''], 'IssuerProxyDataEmpty', []],
        ['updateIssuerProxy', [issuer.did, proxyId, ''], 'IssuerProxyDataEmpty', []],
        ['addIssuerProxy', [nobody, proxy(1)], 'IssuerNotFound', [nobody]],
        ['updateIssuerProxy', [nobody, proxyId, proxy(1)], 'IssuerNotFound', [nobody]],
        ['removeIssuerProxy', [nobody, proxyId], 'IssuerNotFound', [nobody]],
        ['addIssuerProxy', [issuer.did, proxy(1)], 'IssuerProxyExists', [issuer.did, proxyId]],
        [
          'updateIssuerProxy',
          [issuer.did, unknown, proxy(2)],
          'IssuerProxyNotFound',
          [issuer.did, unknown],
        ],
        ['removeIssuerProxy', [issuer.did, unknown], 'IssuerProxyNotFound', [issuer.did, unknown]],
      ] as const) {
        expect(await revert(issuer.account, functionName, args)).toEqual({
          errorName,
          args: errorArgs,
        });
      }
    });
  });

  describe('views', () => {
    test('error: unknown issuer, attribute, revision and proxy', async () => {
      const root = await createRootTao();
      const other = await accredit(root, IssuerType.TAO);
      await write(root.account, 'setAttributeMetadata', [
        other.did,
        randomId(),
        IssuerType.TI,
        root.did,
        root.attributeId,
      ]);
      const unknown = randomId();
      const nobody = 'did:core:zUnknown';
      expect(await read('issuerExists', [nobody])).toBe(false);
      for (const [functionName, args] of [
        ['getIssuer', [nobody]],
        ['getIssuerAttributes', [nobody, 1n, 10n]],
        ['getAttribute', [nobody, unknown]],
        ['getAttributeRevisions', [nobody, unknown, 1n, 10n]],
        ['getAttributeRevision', [nobody, unknown, unknown]],
        ['getIssuerProxies', [nobody, 1n, 10n]],
        ['getIssuerProxy', [nobody, unknown]],
      ] as const) {
        expect(await revert(admin, functionName, args)).toEqual({
          errorName: 'IssuerNotFound',
          args: [nobody],
        });
      }
      for (const [functionName, args] of [
        ['getAttribute', [root.did, unknown]],
        ['getAttributeRevisions', [root.did, unknown, 1n, 10n]],
        ['getAttributeRevision', [root.did, unknown, root.attributeId]],
      ] as const) {
        expect(await revert(admin, functionName, args)).toEqual({
          errorName: 'IssuerAttributeNotFound',
          args: [root.did, unknown],
        });
      }
      // A revision of another attribute of the same issuer is not one of this attribute's.
      const [[, second]] = await read<[Hex[], bigint]>('getIssuerAttributes', [other.did, 1n, 10n]);
      expect(
        await revert(admin, 'getAttributeRevision', [other.did, other.attributeId, second]),
      ).toEqual({
        errorName: 'IssuerRevisionNotFound',
        args: [other.did, other.attributeId, second],
      });
      expect(await revert(admin, 'getIssuerProxy', [root.did, unknown])).toEqual({
        errorName: 'IssuerProxyNotFound',
        args: [root.did, unknown],
      });
    });

    test('behavior: getIssuers, getIssuerAttributes, getAttributeRevisions and getIssuerProxies paginate', async () => {
      const address = await deployRegistry();
      const roots: Issuer[] = [];
      for (let i = 0; i < 3; i++) roots.push(await createRootTao(address));
      const [root] = roots as [Issuer];
      const dids = roots.map((r) => r.did);
      expect(await read('getIssuers', [1n, 2n], address)).toEqual([dids.slice(0, 2), 3n]);
      expect(await read('getIssuers', [2n, 2n], address)).toEqual([dids.slice(2), 3n]);
      expect(await read('getIssuers', [3n, 2n], address)).toEqual([[], 3n]);
      expect(await read('getIssuers', [2n ** 255n, 50n], address)).toEqual([[], 3n]);

      const attributes = [root.attributeId];
      const revisions = [root.attributeId];
      for (let i = 1; i < 3; i++) {
        const attributeId = randomId();
        attributes.push(attributeId);
        const args = [root.did, attributeId, IssuerType.RootTAO, '', ZERO];
        await write(admin, 'setAttributeMetadata', args, address);
        const data = toHex(`credential ${i}`);
        revisions.push(sha256(data));
        await write(root.account, 'setAttributeData', [root.did, root.attributeId, data], address);
        await write(root.account, 'addIssuerProxy', [root.did, `proxy ${i}`], address);
      }
      expect(await read('getIssuer', [root.did], address)).toEqual([true, 3n]);
      expect(await read('getIssuerAttributes', [root.did, 2n, 2n], address)).toEqual([
        attributes.slice(2),
        3n,
      ]);
      expect(
        await read('getAttributeRevisions', [root.did, root.attributeId, 1n, 2n], address),
      ).toEqual([revisions.slice(0, 2), 3n]);
      expect(await read('getIssuerProxies', [root.did, 2n, 1n], address)).toEqual([
        [sha256(toHex('proxy 2'))],
        2n,
      ]);

      for (const [functionName, args] of [
        ['getIssuers', []],
        ['getIssuerAttributes', [root.did]],
        ['getAttributeRevisions', [root.did, root.attributeId]],
        ['getIssuerProxies', [root.did]],
      ] as const) {
        const at = (page: bigint, size: bigint) =>
          revertOf(chain, admin, call(functionName, [...args, page, size], address) as never);
        expect(await at(0n, 10n)).toEqual({ errorName: 'PaginationInvalidPage', args: [0n] });
        for (const size of [0n, 51n]) {
          expect(await at(1n, size)).toEqual({
            errorName: 'PaginationInvalidPageSize',
            args: [size],
          });
        }
      }
    });
  });
});
