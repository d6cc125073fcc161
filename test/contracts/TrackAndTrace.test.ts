import { createHash, randomBytes } from 'node:crypto';
import {
  type Account,
  type Address,
  encodeAbiParameters,
  type Hex,
  hexToBigInt,
  keccak256,
  type PrivateKeyAccount,
  pad,
  parseAbiParameters,
  type TransactionReceipt,
  toFunctionSelector,
  toHex,
  zeroAddress,
} from 'viem';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { beaconProxyAbi, beaconProxyBytecode } from '../../artifacts/BeaconProxy.js';
import { didRegistryAbi, didRegistryBytecode } from '../../artifacts/DidRegistry.js';
import { policiesRegistryAbi, policiesRegistryBytecode } from '../../artifacts/PoliciesRegistry.js';
import { trackAndTraceAbi, trackAndTraceBytecode } from '../../artifacts/TrackAndTrace.js';
import {
  CORE_REGISTRY_INTERFACE_ID,
  type ContractCall,
  eventsOf,
  randomAccount,
  revertOf,
  startTestChain,
  type TestChain,
} from '../support/chain.js';

const artifact = { abi: trackAndTraceAbi, bytecode: trackAndTraceBytecode };
// Enum values of ITrackAndTrace.
const DELEGATE = 0;
const WRITE = 1;
const CREATOR = 2;
const DID_CORE = 0;
const DID_KEY = 1;
const BLOCK = 0;
const EXTERNAL = 1;
const MATURITY = 5n;
const MAX_METADATA = 4000;
const POLICIES_TYPE = keccak256(toHex('core.PoliciesRegistry'));
const DID_TYPE = keccak256(toHex('core.DidRegistry'));
const BLOCK_SELECTOR = toFunctionSelector('createDocument(bytes32,string,string,bytes32)');
const EXTERNAL_SELECTOR = toFunctionSelector(
  'createDocument(bytes32,string,string,uint256,bytes32,bytes32)',
);

type Identity = { account: PrivateKeyAccount; did: string };
type CreateArgs = {
  documentHash: Hex;
  metadata: string;
  creator: string;
  salt: Hex;
  external?: { timestamp: bigint; proof: Hex };
};

let chain: TestChain;
let admin: Account;
let policies: Address;
let didRegistry: Address;
let tnt: Address;
let tntBeacon: Address;
/** Holds `TNT:authoriseDid` and controls its DID: whitelists creators. */
let authoriser: Identity;
/** Gas used by each write in its `default` test (printed with REPORT_GAS=1). */
const gas: Record<string, bigint> = {};

beforeAll(async () => {
  // Reverts are checked with calls at past blocks (maturity − 1): a ledger of its own that keeps
  // them (a node's keeps the head's state only).
  chain = await startTestChain({ ownLedger: true, historyStates: 64 });
  admin = randomAccount();
  ({ address: policies } = await chain.deployProxy(
    admin,
    { abi: policiesRegistryAbi, bytecode: policiesRegistryBytecode },
    [admin.address],
  ));
  for (const name of ['TNT:authoriseDid', 'TNT:setLinks']) {
    await chain.write(admin, onPolicies('insertPolicy', [name, 'Track and Trace administration']));
  }
  ({ address: didRegistry } = await chain.deployProxy(
    admin,
    { abi: didRegistryAbi, bytecode: didRegistryBytecode },
    [policies],
  ));
  ({ address: tnt, beacon: tntBeacon } = await chain.deployProxy(admin, artifact, [
    admin.address,
    policies,
    didRegistry,
  ]));
  authoriser = await registerDid();
  await chain.write(
    admin,
    onPolicies('insertUserAttributes', [authoriser.account.address, ['TNT:authoriseDid']]),
  );
});
afterAll(async () => {
  if (process.env.REPORT_GAS) console.table(gas);
  await chain.close();
});

function onPolicies(functionName: string, args: readonly unknown[]): ContractCall {
  return { address: policies, abi: policiesRegistryAbi, functionName, args };
}
function call(functionName: string, args: readonly unknown[] = [], address = tnt): ContractCall {
  return { address, abi: trackAndTraceAbi, functionName, args };
}
const read = <T>(functionName: string, args: readonly unknown[] = [], address = tnt) =>
  chain.client.readContract(call(functionName, args, address) as never) as Promise<T>;
const fails = (account: Account, functionName: string, args: readonly unknown[], address = tnt) =>
  revertOf(chain, account, call(functionName, args, address));
const events = (receipt: TransactionReceipt) => eventsOf(trackAndTraceAbi, receipt);

/** Sends a write; with `label`, records its gas under that label. */
async function send(
  account: Account,
  functionName: string,
  args: readonly unknown[],
  options: { label?: string; address?: Address } = {},
): Promise<TransactionReceipt> {
  const receipt = await chain.write(account, call(functionName, args, options.address));
  if (options.label) gas[options.label] = receipt.gasUsed;
  return receipt;
}

const randomHash = (): Hex => generatePrivateKey();
const newKey = (): PrivateKeyAccount => privateKeyToAccount(generatePrivateKey());
/** The did:key account of a key: its raw public key X ‖ Y (64 bytes). */
const keyAccount = (key: PrivateKeyAccount): Hex => `0x${key.publicKey.slice(4)}`;

const BASE58 = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz';
function base58(bytes: Uint8Array): string {
  let n = hexToBigInt(toHex(bytes));
  let text = '';
  while (n > 0n) {
    text = BASE58.charAt(Number(n % 58n)) + text;
    n /= 58n;
  }
  return text;
}
/** A fresh did:core v1 DID (DESIGN §5). */
const newDid = () => `did:core:z${base58(Buffer.concat([Buffer.from([1]), randomBytes(16)]))}`;

/** RFC 7638 thumbprint of a secp256k1 public key `0x04 ‖ X ‖ Y`. */
function thumbprint(publicKey: Hex): string {
  const raw = Buffer.from(publicKey.slice(4), 'hex');
  const x = raw.subarray(0, 32).toString('base64url');
  const y = raw.subarray(32).toString('base64url');
  const jwk = `{"crv":"secp256k1","kty":"EC","x":"${x}","y":"${y}"}`;
  return createHash('sha256').update(jwk).digest('base64url');
}

/** Registers a fresh DID controlled by a fresh key in the DID Registry. */
async function registerDid(): Promise<Identity> {
  const account = newKey();
  const did = newDid();
  await chain.write(account, {
    address: didRegistry,
    abi: didRegistryAbi,
    functionName: 'insertDidDocument',
    args: [did, '{}', thumbprint(account.publicKey), account.publicKey, true, 0n, 2n ** 64n],
  });
  return { account, did };
}

/** A registered DID whitelisted as a creator on `address`. */
async function newCreator(address = tnt): Promise<Identity> {
  const identity = await registerDid();
  await send(authoriser.account, 'authoriseDid', [authoriser.did, identity.did, true], { address });
  return identity;
}

function createArgs(a: CreateArgs): readonly unknown[] {
  return a.external
    ? [a.documentHash, a.metadata, a.creator, a.external.timestamp, a.external.proof, a.salt]
    : [a.documentHash, a.metadata, a.creator, a.salt];
}

/** The commitment of `sender` for a createDocument, computed off-chain. */
function commitmentOf(sender: Address, a: CreateArgs): Hex {
  if (a.external) {
    return keccak256(
      encodeAbiParameters(
        parseAbiParameters('address, bytes4, bytes32, string, string, uint256, bytes32, bytes32'),
        [
          sender,
          EXTERNAL_SELECTOR,
          a.documentHash,
          a.metadata,
          a.creator,
          a.external.timestamp,
          a.external.proof,
          a.salt,
        ],
      ),
    );
  }
  return keccak256(
    encodeAbiParameters(parseAbiParameters('address, bytes4, bytes32, string, string, bytes32'), [
      sender,
      BLOCK_SELECTOR,
      a.documentHash,
      a.metadata,
      a.creator,
      a.salt,
    ]),
  );
}

const argsFor = (creator: Identity, options: Partial<CreateArgs> = {}): CreateArgs => ({
  documentHash: randomHash(),
  metadata: 'metadata',
  creator: creator.did,
  salt: randomHash(),
  ...options,
});

async function waitForBlock(blockNumber: bigint): Promise<void> {
  while ((await chain.client.getBlockNumber({ cacheTime: 0 })) < blockNumber) {
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** Commits each of `list` as `account`, then waits until all have matured (eth_call runs in the latest block). */
async function commitAll(account: Account, list: CreateArgs[], address = tnt): Promise<bigint> {
  let last = 0n;
  for (const a of list) {
    const receipt = await send(
      account,
      'commitCreateDocument',
      [commitmentOf(account.address, a)],
      {
        address,
      },
    );
    last = receipt.blockNumber;
  }
  await waitForBlock(last + MATURITY);
  return last;
}

/** Commits and reveals a document of `creator`; returns its hash and the reveal's receipt. */
async function createDocument(
  creator: Identity,
  options: Partial<CreateArgs> = {},
  address = tnt,
): Promise<{ documentHash: Hex; receipt: TransactionReceipt }> {
  const a = argsFor(creator, options);
  await commitAll(creator.account, [a], address);
  const receipt = await send(creator.account, 'createDocument', createArgs(a), { address });
  return { documentHash: a.documentHash, receipt };
}

/** An account on a document: its bytes and type; an `Actor` can also sign for it. */
type Party = { account: Hex; type: number };
type Actor = Party & { signer: Account };
const core = (identity: Identity): Actor => ({
  signer: identity.account,
  account: toHex(identity.did),
  type: DID_CORE,
});
const key = (k: PrivateKeyAccount): Actor => ({ signer: k, account: keyAccount(k), type: DID_KEY });

/** `by` grants `subject` `permission` on the document; with `label`, records the gas. */
const grant = (documentHash: Hex, by: Actor, subject: Party, permission: number, label?: string) =>
  send(
    by.signer,
    'grantAccess',
    [documentHash, by.account, subject.account, by.type, subject.type, permission],
    label ? { label } : {},
  );

const eventArgs = (documentHash: Hex, externalHash: string, sender: Hex, metadata = 'm') => ({
  documentHash,
  externalHash,
  sender,
  origin: 'origin',
  metadata,
});

type AccessView = {
  documentHash: Hex;
  subject: Hex;
  subjectType: number;
  permission: number;
  grantedBy: Hex;
  grantedByType: number;
};
const creatorAccess = (documentHash: Hex, did: string): AccessView => ({
  documentHash,
  subject: toHex(did),
  subjectType: DID_CORE,
  permission: CREATOR,
  grantedBy: toHex(did),
  grantedByType: DID_CORE,
});
const accessesOf = (documentHash: Hex) =>
  read<[AccessView[], bigint]>('getAccessesByDocument', [documentHash, 1n, 50n]);

describe('TrackAndTrace', () => {
  describe('initialize', () => {
    test('default: type, links, admin, constants, ERC-165 and the locked implementation', async () => {
      expect(await read('registryType')).toBe(keccak256(toHex('core.TrackAndTrace')));
      expect(await read('policiesRegistry')).toBe(policies);
      expect(await read('didRegistry')).toBe(didRegistry);
      expect(await read('admin')).toBe(admin.address);
      expect(await read('pendingAdmin')).toBe(zeroAddress);
      expect(await read('CREATE_DOCUMENT_COMMITMENT_MATURITY')).toBe(5n);
      expect(await read('MAX_METADATA_LENGTH')).toBe(4000n);
      expect(await read('MAX_DELEGATED_CHILDREN')).toBe(10n);
      // ITrackAndTrace declares every external function except these three.
      const selectors = trackAndTraceAbi
        .filter((item) => item.type === 'function')
        .filter(
          (f) =>
            !['initialize', 'registryType', 'policiesRegistry', 'supportsInterface'].includes(
              f.name,
            ),
        )
        .map((f) => hexToBigInt(toFunctionSelector(f)));
      const interfaceId = toHex(
        selectors.reduce((a, b) => a ^ b),
        { size: 4 },
      );
      expect(await read('supportsInterface', [interfaceId])).toBe(true);
      expect(await read('supportsInterface', [CORE_REGISTRY_INTERFACE_ID])).toBe(true);
      expect(await read('supportsInterface', ['0x01ffc9a7'])).toBe(true);
      expect(await read('supportsInterface', ['0xffffffff'])).toBe(false);
      expect(await fails(admin, 'initialize', [admin.address, policies, didRegistry])).toEqual({
        errorName: 'InvalidInitialization',
        args: [],
      });
    });

    test('behavior: state lives at the ERC-7201 slot core.storage.TrackAndTrace', async () => {
      const inner = hexToBigInt(keccak256(toHex('core.storage.TrackAndTrace'))) - 1n;
      const slot =
        hexToBigInt(keccak256(encodeAbiParameters([{ type: 'uint256' }], [inner]))) & ~0xffn;
      const slotHex = toHex(slot, { size: 32 });
      expect(slotHex).toBe('0x86a8628a964901d71a6dd13194e957e8ed175fc6e907d9af999a6a2e09171600');
      // The first member is the admin.
      expect(await chain.client.getStorageAt({ address: tnt, slot: slotHex })).toBe(
        pad(admin.address.toLowerCase() as Hex),
      );
    });

    test('error: a zero admin, and links of the wrong registry type', async () => {
      const proxy = await chain.deploy(
        admin,
        { abi: beaconProxyAbi, bytecode: beaconProxyBytecode },
        [tntBeacon, '0x'],
      );
      expect(await fails(admin, 'initialize', [zeroAddress, policies, didRegistry], proxy)).toEqual(
        { errorName: 'AdminInvalid', args: [zeroAddress] },
      );
      expect(
        await fails(admin, 'initialize', [admin.address, didRegistry, policies], proxy),
      ).toEqual({ errorName: 'RegistryLinkInvalid', args: [didRegistry, POLICIES_TYPE] });
      expect(
        await fails(admin, 'initialize', [admin.address, zeroAddress, admin.address], proxy),
      ).toEqual({ errorName: 'RegistryLinkInvalid', args: [admin.address, DID_TYPE] });
    });
  });

  describe('setRegistryLinks', () => {
    test('default: the admin changes the links and RegistryLinksUpdated carries both', async () => {
      const { address } = await chain.deployProxy(admin, artifact, [
        admin.address,
        zeroAddress,
        zeroAddress,
      ]);
      const receipt = await send(admin, 'setRegistryLinks', [policies, didRegistry], {
        address,
        label: 'setRegistryLinks',
      });
      expect(events(receipt)).toEqual([
        {
          eventName: 'RegistryLinksUpdated',
          args: { policiesRegistry: policies, didRegistry },
        },
      ]);
      expect(await read('policiesRegistry', [], address)).toBe(policies);
      expect(await read('didRegistry', [], address)).toBe(didRegistry);
    });

    test('behavior: a holder of TNT:setLinks may set links, only while a Policies Registry is linked', async () => {
      const { address } = await chain.deployProxy(admin, artifact, [
        admin.address,
        policies,
        didRegistry,
      ]);
      const holder = randomAccount();
      await chain.write(
        admin,
        onPolicies('insertUserAttributes', [holder.address, ['TNT:setLinks']]),
      );
      await send(holder, 'setRegistryLinks', [zeroAddress, didRegistry], { address });
      expect(await read('policiesRegistry', [], address)).toBe(zeroAddress);
      expect(await fails(holder, 'setRegistryLinks', [policies, didRegistry], address)).toEqual({
        errorName: 'RegistryLinksUnauthorised',
        args: [holder.address],
      });
      await send(admin, 'setRegistryLinks', [policies, didRegistry], { address });
      expect(await read('policiesRegistry', [], address)).toBe(policies);
    });

    test('error: a stranger, and links of the wrong registry type', async () => {
      const stranger = randomAccount();
      expect(await fails(stranger, 'setRegistryLinks', [policies, didRegistry])).toEqual({
        errorName: 'RegistryLinksUnauthorised',
        args: [stranger.address],
      });
      expect(await fails(admin, 'setRegistryLinks', [policies, policies])).toEqual({
        errorName: 'RegistryLinkInvalid',
        args: [policies, DID_TYPE],
      });
      expect(await fails(admin, 'setRegistryLinks', [tnt, didRegistry])).toEqual({
        errorName: 'RegistryLinkInvalid',
        args: [tnt, POLICIES_TYPE],
      });
    });

    test('behavior: without links, DID-based authorisation fails cleanly and did:key accounts still work', async () => {
      const { address } = await chain.deployProxy(admin, artifact, [
        admin.address,
        policies,
        didRegistry,
      ]);
      const creator = await newCreator(address);
      const { documentHash } = await createDocument(creator, {}, address);
      const writer = newKey();
      const creatorAccount = toHex(creator.did);
      await chain.write(
        creator.account,
        call(
          'grantAccess',
          [documentHash, creatorAccount, keyAccount(writer), DID_CORE, DID_KEY, WRITE],
          address,
        ),
      );

      await send(admin, 'setRegistryLinks', [policies, zeroAddress], { address });
      expect(await read('didRegistry', [], address)).toBe(zeroAddress);
      expect(
        await fails(
          creator.account,
          'writeEvent',
          [eventArgs(documentHash, 'e1', creatorAccount)],
          address,
        ),
      ).toEqual({
        errorName: 'AccountUnauthorised',
        args: [creatorAccount, DID_CORE, creator.account.address],
      });
      expect(await fails(creator.account, 'removeDocument', [documentHash], address)).toEqual({
        errorName: 'NotDidController',
        args: [creator.did, creator.account.address],
      });
      expect(
        await fails(authoriser.account, 'authoriseDid', [authoriser.did, newDid(), true], address),
      ).toEqual({
        errorName: 'NotDidController',
        args: [authoriser.did, authoriser.account.address],
      });
      await send(writer, 'writeEvent', [eventArgs(documentHash, 'e2', keyAccount(writer))], {
        address,
      });

      await send(admin, 'setRegistryLinks', [zeroAddress, zeroAddress], { address });
      expect(
        await fails(authoriser.account, 'authoriseDid', [authoriser.did, newDid(), true], address),
      ).toEqual({
        errorName: 'PolicyDenied',
        args: ['TNT:authoriseDid', authoriser.account.address],
      });

      await send(admin, 'setRegistryLinks', [policies, didRegistry], { address });
      await send(creator.account, 'writeEvent', [eventArgs(documentHash, 'e1', creatorAccount)], {
        address,
      });
    });
  });

  describe('transferAdmin, acceptAdmin', () => {
    test('default: two steps hand the admin role over', async () => {
      const { address } = await chain.deployProxy(admin, artifact, [
        admin.address,
        zeroAddress,
        zeroAddress,
      ]);
      const next = randomAccount();
      const offered = await send(admin, 'transferAdmin', [next.address], {
        address,
        label: 'transferAdmin',
      });
      expect(events(offered)).toEqual([
        {
          eventName: 'AdminTransferStarted',
          args: { admin: admin.address, pendingAdmin: next.address },
        },
      ]);
      expect(await read('pendingAdmin', [], address)).toBe(next.address);
      expect(await read('admin', [], address)).toBe(admin.address);

      const accepted = await send(next, 'acceptAdmin', [], { address, label: 'acceptAdmin' });
      expect(events(accepted)).toEqual([
        {
          eventName: 'AdminTransferred',
          args: { previousAdmin: admin.address, newAdmin: next.address },
        },
      ]);
      expect(await read('admin', [], address)).toBe(next.address);
      expect(await read('pendingAdmin', [], address)).toBe(zeroAddress);
      expect(await fails(admin, 'setRegistryLinks', [policies, didRegistry], address)).toEqual({
        errorName: 'RegistryLinksUnauthorised',
        args: [admin.address],
      });
      await send(next, 'setRegistryLinks', [policies, didRegistry], { address });
    });

    test('error: only the admin offers, only the pending admin accepts', async () => {
      const stranger = randomAccount();
      expect(await fails(stranger, 'transferAdmin', [stranger.address])).toEqual({
        errorName: 'AdminUnauthorised',
        args: [stranger.address],
      });
      expect(await fails(stranger, 'acceptAdmin', [])).toEqual({
        errorName: 'AdminUnauthorised',
        args: [stranger.address],
      });
    });
  });

  describe('authoriseDid', () => {
    test('default: whitelists a creator and removes it again', async () => {
      const did = newDid();
      const added = await send(authoriser.account, 'authoriseDid', [authoriser.did, did, true], {
        label: 'authoriseDid',
      });
      expect(events(added)).toEqual([
        { eventName: 'DidAuthorised', args: { did, whiteListed: true, senderDid: authoriser.did } },
      ]);
      expect(await read('isCreator', [did])).toBe(true);
      const removed = await send(authoriser.account, 'authoriseDid', [authoriser.did, did, false]);
      expect(events(removed)).toEqual([
        {
          eventName: 'DidAuthorised',
          args: { did, whiteListed: false, senderDid: authoriser.did },
        },
      ]);
      expect(await read('isCreator', [did])).toBe(false);
    });

    test('error: sender without TNT:authoriseDid', async () => {
      const other = await registerDid();
      expect(await fails(other.account, 'authoriseDid', [other.did, newDid(), true])).toEqual({
        errorName: 'PolicyDenied',
        args: ['TNT:authoriseDid', other.account.address],
      });
    });

    test('error: sender holds the policy but does not control senderDid', async () => {
      const other = await registerDid();
      expect(await fails(authoriser.account, 'authoriseDid', [other.did, newDid(), true])).toEqual({
        errorName: 'NotDidController',
        args: [other.did, authoriser.account.address],
      });
    });

    test.each([['did:key:z6Mk'], ['did:core:'], ['']])(
      'error: authorisedDid %j is not a did:core DID',
      async (did) => {
        expect(
          await fails(authoriser.account, 'authoriseDid', [authoriser.did, did, true]),
        ).toEqual({ errorName: 'AccountInvalid', args: [toHex(did), DID_CORE] });
      },
    );
  });

  describe('commitCreateDocument, createDocument', () => {
    test('default: computeCreateDocumentCommitment matches the off-chain formula for both overloads', async () => {
      const sender = randomAccount().address;
      const plain = argsFor({ account: newKey(), did: newDid() });
      const external = { ...plain, external: { timestamp: 1_700_000_000n, proof: randomHash() } };
      expect(await read('computeCreateDocumentCommitment', [sender, ...createArgs(plain)])).toBe(
        commitmentOf(sender, plain),
      );
      expect(await read('computeCreateDocumentCommitment', [sender, ...createArgs(external)])).toBe(
        commitmentOf(sender, external),
      );
      expect(commitmentOf(sender, plain)).not.toBe(commitmentOf(sender, external));
    });

    test('default: commit, then reveal at maturity (block timestamp)', async () => {
      const creator = await newCreator();
      const a = argsFor(creator);
      const commitment = commitmentOf(creator.account.address, a);
      const committed = await send(creator.account, 'commitCreateDocument', [commitment], {
        label: 'commitCreateDocument',
      });
      expect(events(committed)).toEqual([
        {
          eventName: 'CommitmentRecorded',
          args: { sender: creator.account.address, commitment, blockNumber: committed.blockNumber },
        },
      ]);
      await waitForBlock(committed.blockNumber + MATURITY);
      const receipt = await send(creator.account, 'createDocument', createArgs(a), {
        label: 'createDocument',
      });
      const block = await chain.client.getBlock({ blockNumber: receipt.blockNumber });
      expect(events(receipt)).toEqual([
        { eventName: 'CommitmentRevealed', args: { sender: creator.account.address, commitment } },
        {
          eventName: 'DocumentCreated',
          args: {
            documentHash: a.documentHash,
            metadata: 'metadata',
            creator: creator.did,
            timestamp: block.timestamp,
            source: BLOCK,
            proof: toHex(receipt.blockNumber, { size: 32 }),
          },
        },
      ]);
      expect(await read('getDocument', [a.documentHash])).toEqual({
        metadata: 'metadata',
        timestamp: {
          timestamp: block.timestamp,
          source: BLOCK,
          proof: toHex(receipt.blockNumber, { size: 32 }),
        },
        creator: creator.did,
        eventCount: 0n,
        accessCount: 1n,
      });
      expect(await accessesOf(a.documentHash)).toEqual([
        [creatorAccess(a.documentHash, creator.did)],
        1n,
      ]);
      expect(await read('getAccessesByCreator', [creator.did, 1n, 50n])).toEqual([
        [creatorAccess(a.documentHash, creator.did)],
        1n,
      ]);
      expect(await read('getAccessesBySubject', [toHex(creator.did), 1n, 50n])).toEqual([
        [creatorAccess(a.documentHash, creator.did)],
        1n,
      ]);
      expect(await read('hasAccess', [a.documentHash, toHex(creator.did), CREATOR])).toBe(true);
      expect(await read('hasAccess', [a.documentHash, toHex(creator.did), WRITE])).toBe(false);
      const [, total] = await read<[Hex[], bigint]>('getDocuments', [1n, 1n]);
      const [last] = await read<[Hex[], bigint]>('getDocuments', [total, 1n]);
      expect(last).toEqual([a.documentHash]);
    });

    test('default: the external-timestamp overload, with metadata of the maximum length', async () => {
      const creator = await newCreator();
      const metadata = 'x'.repeat(MAX_METADATA);
      const proof = randomHash();
      const a = argsFor(creator, { metadata, external: { timestamp: 1_600_000_000n, proof } });
      await commitAll(creator.account, [a]);
      const receipt = await send(creator.account, 'createDocument', createArgs(a), {
        label: 'createDocument (external timestamp, 4000-byte metadata)',
      });
      expect(events(receipt)[1]).toEqual({
        eventName: 'DocumentCreated',
        args: {
          documentHash: a.documentHash,
          metadata,
          creator: creator.did,
          timestamp: 1_600_000_000n,
          source: EXTERNAL,
          proof,
        },
      });
      expect(await read('getDocument', [a.documentHash])).toMatchObject({
        timestamp: { timestamp: 1_600_000_000n, source: EXTERNAL, proof },
      });
    });

    test('behavior: maturity is CREATE_DOCUMENT_COMMITMENT_MATURITY blocks, and a reveal consumes the commitment', async () => {
      const creator = await newCreator();
      const a = argsFor(creator);
      const reveal = call('createDocument', createArgs(a));
      expect(await revertOf(chain, creator.account, reveal)).toEqual({
        errorName: 'CommitmentUnknown',
        args: [],
      });
      const committedAt = await commitAll(creator.account, [a]);
      const readyAt = committedAt + MATURITY;
      // Pinned eth_calls execute with that block's number.
      const early = { ...reveal, blockNumber: readyAt - 1n } as ContractCall;
      expect(await revertOf(chain, creator.account, early)).toEqual({
        errorName: 'CommitmentNotMatured',
        args: [readyAt],
      });
      await chain.client.simulateContract({
        ...reveal,
        account: creator.account,
        blockNumber: readyAt,
      } as never);
      await chain.write(creator.account, reveal);
      expect(await revertOf(chain, creator.account, reveal)).toEqual({
        errorName: 'CommitmentUnknown',
        args: [],
      });
    });

    test('behavior: another sender cannot reveal a commitment, even after copying it', async () => {
      const creator = await newCreator();
      const thief = randomAccount();
      const a = argsFor(creator);
      await send(thief, 'commitCreateDocument', [commitmentOf(creator.account.address, a)]);
      await commitAll(creator.account, [a]);
      expect(await fails(thief, 'createDocument', createArgs(a))).toEqual({
        errorName: 'CommitmentUnknown',
        args: [],
      });
    });

    test('error: a zero commitment', async () => {
      expect(await fails(admin, 'commitCreateDocument', [`0x${'00'.repeat(32)}`])).toEqual({
        errorName: 'CommitmentInvalid',
        args: [],
      });
    });

    test('error: each requirement of a matured reveal', async () => {
      const creator = await newCreator();
      const existing = (await createDocument(creator)).documentHash;
      const unlisted = await registerDid();
      const zero = `0x${'00'.repeat(32)}` as Hex;
      const cases: [CreateArgs, string, unknown[]][] = [
        [argsFor(creator, { documentHash: zero }), 'DocumentHashInvalid', [zero]],
        [argsFor(creator, { documentHash: existing }), 'DocumentExists', [existing]],
        [
          argsFor(creator, { metadata: 'x'.repeat(MAX_METADATA + 1) }),
          'DocumentMetadataTooLong',
          [4001n, 4000n],
        ],
        [
          argsFor(creator, { external: { timestamp: 0n, proof: randomHash() } }),
          'TimestampInvalid',
          [0n],
        ],
        [argsFor(unlisted), 'CreatorNotAuthorised', [unlisted.did]],
      ];
      // A whitelisted DID that the sender does not control.
      const someoneElses = await newCreator();
      cases.push([
        argsFor(someoneElses),
        'NotDidController',
        [someoneElses.did, creator.account.address],
      ]);
      await commitAll(
        creator.account,
        cases.map(([a]) => a),
      );
      for (const [a, errorName, args] of cases) {
        expect(await fails(creator.account, 'createDocument', createArgs(a))).toEqual({
          errorName,
          args,
        });
      }
    });
  });

  describe('grantAccess', () => {
    test('default: the creator grants Delegate and Write; a delegate grants Write', async () => {
      const creator = await newCreator();
      const { documentHash } = await createDocument(creator);
      const creatorAccount = toHex(creator.did);
      const delegate = newKey();
      const granted = await grant(
        documentHash,
        core(creator),
        // 65 bytes with 0x04: stored as 64.
        { account: delegate.publicKey, type: DID_KEY },
        DELEGATE,
        'grantAccess (creator, Delegate)',
      );
      expect(events(granted)).toEqual([
        {
          eventName: 'AccessGranted',
          args: {
            documentHash,
            subject: keyAccount(delegate),
            subjectType: DID_KEY,
            permission: DELEGATE,
            grantedBy: creatorAccount,
            grantedByType: DID_CORE,
          },
        },
      ]);
      const partner = toHex(newDid());
      await grant(documentHash, core(creator), { account: partner, type: DID_CORE }, WRITE);
      const writer = newKey();
      const byDelegate = await grant(
        documentHash,
        key(delegate),
        key(writer),
        WRITE,
        'grantAccess (delegate, Write)',
      );
      expect(events(byDelegate)[0]?.args).toEqual({
        documentHash,
        subject: keyAccount(writer),
        subjectType: DID_KEY,
        permission: WRITE,
        grantedBy: keyAccount(delegate),
        grantedByType: DID_KEY,
      });

      const delegateAccess = {
        documentHash,
        subject: keyAccount(delegate),
        subjectType: DID_KEY,
        permission: DELEGATE,
        grantedBy: creatorAccount,
        grantedByType: DID_CORE,
      };
      expect(await accessesOf(documentHash)).toEqual([
        [
          creatorAccess(documentHash, creator.did),
          delegateAccess,
          { ...delegateAccess, subject: partner, subjectType: DID_CORE, permission: WRITE },
          {
            ...delegateAccess,
            subject: keyAccount(writer),
            permission: WRITE,
            grantedBy: keyAccount(delegate),
            grantedByType: DID_KEY,
          },
        ],
        4n,
      ]);
      expect(await read('getDocument', [documentHash])).toMatchObject({ accessCount: 4n });
      // Either form of a key finds the same account.
      for (const form of [delegate.publicKey, keyAccount(delegate)]) {
        expect(await read('getAccessesBySubject', [form, 1n, 50n])).toEqual([[delegateAccess], 1n]);
        expect(await read('hasAccess', [documentHash, form, DELEGATE])).toBe(true);
        expect(await read('hasAccess', [documentHash, form, WRITE])).toBe(false);
      }
    });

    test('error: unknown document, Creator permission, malformed accounts', async () => {
      const creator = await newCreator();
      const { documentHash } = await createDocument(creator);
      const creatorAccount = toHex(creator.did);
      const unknown = randomHash();
      const subject = keyAccount(newKey());
      const cases: [unknown[], string, unknown[]][] = [
        [
          [unknown, creatorAccount, subject, DID_CORE, DID_KEY, WRITE],
          'DocumentNotFound',
          [unknown],
        ],
        [
          [documentHash, creatorAccount, subject, DID_CORE, DID_KEY, CREATOR],
          'AccessPermissionInvalid',
          [CREATOR],
        ],
        [
          [documentHash, creatorAccount, '0x1234', DID_CORE, DID_KEY, WRITE],
          'AccountInvalid',
          ['0x1234', DID_KEY],
        ],
        [
          [documentHash, creatorAccount, toHex('did:web:example.com'), DID_CORE, DID_CORE, WRITE],
          'AccountInvalid',
          [toHex('did:web:example.com'), DID_CORE],
        ],
        [
          [documentHash, creatorAccount, subject, DID_KEY, DID_KEY, WRITE],
          'AccountInvalid',
          [creatorAccount, DID_KEY],
        ],
        [
          [documentHash, creatorAccount, creatorAccount, DID_CORE, DID_CORE, WRITE],
          'AccessSubjectIsCreator',
          [documentHash, creatorAccount],
        ],
      ];
      for (const [args, errorName, errorArgs] of cases) {
        expect(await fails(creator.account, 'grantAccess', args)).toEqual({
          errorName,
          args: errorArgs,
        });
      }
    });

    test('error: who may grant what, and who may act for the granter', async () => {
      const creator = await newCreator();
      const { documentHash } = await createDocument(creator);
      const creatorAccount = toHex(creator.did);
      const delegate = newKey();
      const writer = newKey();
      await grant(documentHash, core(creator), key(delegate), DELEGATE);
      await grant(documentHash, core(creator), key(writer), WRITE);
      const subject = keyAccount(newKey());
      const stranger = randomAccount();
      const cases: [Account, unknown[], string, unknown[]][] = [
        [
          delegate,
          [documentHash, keyAccount(delegate), subject, DID_KEY, DID_KEY, DELEGATE],
          'AccessNotCreator',
          [documentHash, keyAccount(delegate)],
        ],
        [
          writer,
          [documentHash, keyAccount(writer), subject, DID_KEY, DID_KEY, WRITE],
          'AccessNotCreatorOrDelegate',
          [documentHash, keyAccount(writer)],
        ],
        [
          stranger,
          [documentHash, creatorAccount, subject, DID_CORE, DID_KEY, WRITE],
          'AccountUnauthorised',
          [creatorAccount, DID_CORE, stranger.address],
        ],
        [
          stranger,
          [documentHash, keyAccount(delegate), subject, DID_KEY, DID_KEY, WRITE],
          'AccountUnauthorised',
          [keyAccount(delegate), DID_KEY, stranger.address],
        ],
        [
          creator.account,
          [documentHash, creatorAccount, keyAccount(writer), DID_CORE, DID_KEY, WRITE],
          'AccessExists',
          [documentHash, keyAccount(writer), WRITE],
        ],
      ];
      for (const [account, args, errorName, errorArgs] of cases) {
        expect(await fails(account, 'grantAccess', args)).toEqual({ errorName, args: errorArgs });
      }
    });

    test('error: an account already known on the document under the other type', async () => {
      const creator = await newCreator();
      const { documentHash } = await createDocument(creator);
      const creatorAccount = toHex(creator.did);
      // 64 bytes that are a well-formed did:core DID and, by length, a public key too.
      const ambiguous = toHex(`did:core:z${'a'.repeat(54)}`);
      await grant(documentHash, core(creator), { account: ambiguous, type: DID_CORE }, WRITE);
      expect(
        await fails(creator.account, 'grantAccess', [
          documentHash,
          creatorAccount,
          ambiguous,
          DID_CORE,
          DID_KEY,
          DELEGATE,
        ]),
      ).toEqual({ errorName: 'AccountTypeMismatch', args: [ambiguous, DID_CORE, DID_KEY] });
    });

    test('error: a delegate grants Write to at most MAX_DELEGATED_CHILDREN accounts', async () => {
      const creator = await newCreator();
      const { documentHash } = await createDocument(creator);
      const delegate = newKey();
      const delegateAccount = keyAccount(delegate);
      await grant(
        documentHash,
        core(creator),
        { account: delegateAccount, type: DID_KEY },
        DELEGATE,
      );
      const children = Array.from({ length: 10 }, () => keyAccount(newKey()));
      for (const child of children) {
        await grant(documentHash, key(delegate), { account: child, type: DID_KEY }, WRITE);
      }
      const eleventh = keyAccount(newKey());
      const args = [documentHash, delegateAccount, eleventh, DID_KEY, DID_KEY, WRITE];
      expect(await fails(delegate, 'grantAccess', args)).toEqual({
        errorName: 'DelegateTooManyChildren',
        args: [documentHash, delegateAccount, 10n],
      });
      // Revoking one child frees a place.
      await send(delegate, 'revokeAccess', [documentHash, delegateAccount, children[3], WRITE]);
      await send(delegate, 'grantAccess', args);
      expect(await read('hasAccess', [documentHash, eleventh, WRITE])).toBe(true);
    });
  });

  describe('revokeAccess', () => {
    test('default: the granter revokes Write; the subject leaves both lists', async () => {
      const creator = await newCreator();
      const { documentHash } = await createDocument(creator);
      const creatorAccount = toHex(creator.did);
      const writer = newKey();
      await grant(documentHash, core(creator), key(writer), WRITE);
      const receipt = await send(
        creator.account,
        'revokeAccess',
        [documentHash, creatorAccount, writer.publicKey, WRITE],
        { label: 'revokeAccess (Write)' },
      );
      expect(events(receipt)).toEqual([
        {
          eventName: 'AccessRevoked',
          args: {
            documentHash,
            subject: keyAccount(writer),
            subjectType: DID_KEY,
            permission: WRITE,
            revokedBy: creatorAccount,
            revokedByType: DID_CORE,
          },
        },
      ]);
      expect(await read('hasAccess', [documentHash, keyAccount(writer), WRITE])).toBe(false);
      expect(await read('getAccessesBySubject', [keyAccount(writer), 1n, 50n])).toEqual([[], 0n]);
      expect(await accessesOf(documentHash)).toEqual([
        [creatorAccess(documentHash, creator.did)],
        1n,
      ]);
    });

    test('behavior: revoking Delegate cascades to every Write the delegate granted', async () => {
      const creator = await newCreator();
      const { documentHash } = await createDocument(creator);
      const creatorAccount = toHex(creator.did);
      const delegate = newKey();
      const delegateAccount = keyAccount(delegate);
      const kept = keyAccount(newKey());
      await grant(
        documentHash,
        core(creator),
        { account: delegateAccount, type: DID_KEY },
        DELEGATE,
      );
      await grant(documentHash, core(creator), { account: kept, type: DID_KEY }, WRITE);
      const children = [keyAccount(newKey()), keyAccount(newKey()), delegateAccount];
      for (const child of children) {
        await grant(documentHash, key(delegate), { account: child, type: DID_KEY }, WRITE);
      }
      const receipt = await send(
        creator.account,
        'revokeAccess',
        [documentHash, creatorAccount, delegateAccount, DELEGATE],
        { label: 'revokeAccess (Delegate, 3 cascaded Write)' },
      );
      const revoked = (
        subject: Hex,
        permission: number,
        revokedBy: Hex,
        revokedByType: number,
      ) => ({
        eventName: 'AccessRevoked',
        args: { documentHash, subject, subjectType: DID_KEY, permission, revokedBy, revokedByType },
      });
      expect(events(receipt)).toEqual([
        revoked(delegateAccount, DELEGATE, creatorAccount, DID_CORE),
        ...children.toReversed().map((child) => revoked(child, WRITE, delegateAccount, DID_KEY)),
      ]);
      const [items, total] = await accessesOf(documentHash);
      expect(total).toBe(2n);
      expect(items.map((a) => a.subject)).toEqual([toHex(creator.did), kept]);
      for (const child of children) {
        expect(await read('getAccessesBySubject', [child, 1n, 50n])).toEqual([[], 0n]);
      }
      // A new Delegate starts without children.
      await grant(
        documentHash,
        core(creator),
        { account: delegateAccount, type: DID_KEY },
        DELEGATE,
      );
      for (const child of children) {
        await grant(documentHash, key(delegate), { account: child, type: DID_KEY }, WRITE);
      }
    });

    test('error: each requirement', async () => {
      const creator = await newCreator();
      const { documentHash } = await createDocument(creator);
      const creatorAccount = toHex(creator.did);
      const delegate = newKey();
      const child = keyAccount(newKey());
      await grant(documentHash, core(creator), key(delegate), DELEGATE);
      await grant(documentHash, key(delegate), { account: child, type: DID_KEY }, WRITE);
      const unknown = randomHash();
      const stranger = randomAccount();
      const cases: [Account, unknown[], string, unknown[]][] = [
        [creator.account, [unknown, creatorAccount, child, WRITE], 'DocumentNotFound', [unknown]],
        [
          creator.account,
          [documentHash, creatorAccount, creatorAccount, CREATOR],
          'AccessPermissionInvalid',
          [CREATOR],
        ],
        [
          creator.account,
          [documentHash, creatorAccount, child, DELEGATE],
          'AccessNotFound',
          [documentHash, child, DELEGATE],
        ],
        [
          creator.account,
          [documentHash, creatorAccount, child, WRITE],
          'AccessNotGranter',
          [documentHash, creatorAccount, keyAccount(delegate)],
        ],
        [
          stranger,
          [documentHash, keyAccount(delegate), child, WRITE],
          'AccountUnauthorised',
          [keyAccount(delegate), DID_KEY, stranger.address],
        ],
        [
          stranger,
          [documentHash, creatorAccount, keyAccount(delegate), DELEGATE],
          'AccountUnauthorised',
          [creatorAccount, DID_CORE, stranger.address],
        ],
      ];
      for (const [account, args, errorName, errorArgs] of cases) {
        expect(await fails(account, 'revokeAccess', args)).toEqual({ errorName, args: errorArgs });
      }
    });
  });

  describe('writeEvent', () => {
    test('default: the creator writes an event timestamped by the block', async () => {
      const creator = await newCreator();
      const { documentHash } = await createDocument(creator);
      const creatorAccount = toHex(creator.did);
      const receipt = await send(
        creator.account,
        'writeEvent',
        [eventArgs(documentHash, 'sha256:abc', creatorAccount, 'shipped')],
        { label: 'writeEvent' },
      );
      const eventId = keccak256(toHex('sha256:abc'));
      const block = await chain.client.getBlock({ blockNumber: receipt.blockNumber });
      const proof = toHex(receipt.blockNumber, { size: 32 });
      expect(events(receipt)).toEqual([
        {
          eventName: 'EventWritten',
          args: {
            documentHash,
            eventId,
            externalHash: 'sha256:abc',
            sender: creatorAccount,
            senderType: DID_CORE,
            origin: 'origin',
            metadata: 'shipped',
            timestamp: block.timestamp,
            source: BLOCK,
            proof,
          },
        },
      ]);
      expect(await read('getEvents', [documentHash, 1n, 50n])).toEqual([[eventId], 1n]);
      expect(await read('getEvent', [documentHash, eventId])).toEqual({
        eventId,
        externalHash: 'sha256:abc',
        sender: creatorAccount,
        senderType: DID_CORE,
        origin: 'origin',
        metadata: 'shipped',
        timestamp: { timestamp: block.timestamp, source: BLOCK, proof },
      });
      expect(await read('getDocument', [documentHash])).toMatchObject({ eventCount: 1n });
    });

    test('default: a did:key writer writes with an external timestamp', async () => {
      const creator = await newCreator();
      const { documentHash } = await createDocument(creator);
      const writer = newKey();
      await grant(documentHash, core(creator), key(writer), WRITE);
      const proof = randomHash();
      const metadata = 'y'.repeat(MAX_METADATA);
      const receipt = await send(
        writer,
        'writeEvent',
        [eventArgs(documentHash, 'ext-1', writer.publicKey, metadata), 1_650_000_000n, proof],
        { label: 'writeEvent (external timestamp, 4000-byte metadata)' },
      );
      const eventId = keccak256(toHex('ext-1'));
      expect(events(receipt)[0]?.args).toMatchObject({
        eventId,
        sender: keyAccount(writer),
        senderType: DID_KEY,
        timestamp: 1_650_000_000n,
        source: EXTERNAL,
        proof,
      });
      expect(await read('getEvent', [documentHash, eventId])).toMatchObject({
        sender: keyAccount(writer),
        senderType: DID_KEY,
        metadata,
        timestamp: { timestamp: 1_650_000_000n, source: EXTERNAL, proof },
      });
    });

    test('error: each requirement', async () => {
      const creator = await newCreator();
      const { documentHash } = await createDocument(creator);
      const creatorAccount = toHex(creator.did);
      const delegate = newKey();
      const writer = newKey();
      await grant(documentHash, core(creator), key(delegate), DELEGATE);
      await grant(documentHash, core(creator), key(writer), WRITE);
      await send(creator.account, 'writeEvent', [eventArgs(documentHash, 'dup', creatorAccount)]);
      const unknown = randomHash();
      const stranger = randomAccount();
      const long = 'z'.repeat(MAX_METADATA + 1);
      const cases: [Account, unknown[], string, unknown[]][] = [
        [creator.account, [eventArgs(unknown, 'a', creatorAccount)], 'DocumentNotFound', [unknown]],
        [
          creator.account,
          [eventArgs(documentHash, '', creatorAccount)],
          'EventExternalHashEmpty',
          [],
        ],
        [
          creator.account,
          [eventArgs(documentHash, 'a', creatorAccount, long)],
          'EventMetadataTooLong',
          [4001n, 4000n],
        ],
        [
          creator.account,
          [eventArgs(documentHash, 'a', creatorAccount), 0n, randomHash()],
          'TimestampInvalid',
          [0n],
        ],
        [
          delegate,
          [eventArgs(documentHash, 'a', keyAccount(delegate))],
          'EventSenderNotWriter',
          [documentHash, keyAccount(delegate)],
        ],
        [
          stranger,
          [eventArgs(documentHash, 'a', keyAccount(writer))],
          'AccountUnauthorised',
          [keyAccount(writer), DID_KEY, stranger.address],
        ],
        [
          stranger,
          [eventArgs(documentHash, 'a', creatorAccount)],
          'AccountUnauthorised',
          [creatorAccount, DID_CORE, stranger.address],
        ],
        [
          writer,
          [eventArgs(documentHash, 'dup', keyAccount(writer))],
          'EventExists',
          [documentHash, keccak256(toHex('dup'))],
        ],
      ];
      for (const [account, args, errorName, errorArgs] of cases) {
        expect(await fails(account, 'writeEvent', args)).toEqual({ errorName, args: errorArgs });
      }
      expect(await fails(admin, 'getEvent', [documentHash, randomHash()])).toMatchObject({
        errorName: 'EventNotFound',
      });
    });
  });

  describe('removeDocument', () => {
    test('default: removes the document, its events and every access; the hash starts afresh', async () => {
      const creator = await newCreator();
      const { documentHash } = await createDocument(creator);
      const other = (await createDocument(creator)).documentHash;
      const creatorAccount = toHex(creator.did);
      const delegate = newKey();
      const writer = newKey();
      for (const hash of [other, documentHash]) {
        await grant(hash, core(creator), key(delegate), DELEGATE);
        await grant(hash, key(delegate), key(writer), WRITE);
      }
      // The delegate holds two accesses on the removed document and one on the other.
      await grant(documentHash, key(delegate), key(delegate), WRITE);
      await send(creator.account, 'writeEvent', [eventArgs(documentHash, 'once', creatorAccount)]);

      const receipt = await send(creator.account, 'removeDocument', [documentHash], {
        label: 'removeDocument (4 accesses, 1 event)',
      });
      expect(events(receipt)).toEqual([
        { eventName: 'DocumentRemoved', args: { documentHash, creator: creator.did } },
      ]);
      expect(await fails(admin, 'getDocument', [documentHash])).toEqual({
        errorName: 'DocumentNotFound',
        args: [documentHash],
      });
      const [, total] = await read<[Hex[], bigint]>('getDocuments', [1n, 50n]);
      const all: Hex[] = [];
      for (let page = 1n; (page - 1n) * 50n < total; page++) {
        all.push(...(await read<[Hex[], bigint]>('getDocuments', [page, 50n]))[0]);
      }
      expect(all).toContain(other);
      expect(all).not.toContain(documentHash);
      expect(await read('hasAccess', [documentHash, keyAccount(writer), WRITE])).toBe(false);
      // The other document's accesses are intact, in every list.
      expect(await read('getAccessesByCreator', [creator.did, 1n, 50n])).toEqual([
        [creatorAccess(other, creator.did)],
        1n,
      ]);
      expect(await read('getAccessesBySubject', [keyAccount(writer), 1n, 50n])).toEqual([
        [
          {
            documentHash: other,
            subject: keyAccount(writer),
            subjectType: DID_KEY,
            permission: WRITE,
            grantedBy: keyAccount(delegate),
            grantedByType: DID_KEY,
          },
        ],
        1n,
      ]);
      expect(await read('getAccessesBySubject', [keyAccount(delegate), 1n, 50n])).toMatchObject([
        [{ documentHash: other, permission: DELEGATE }],
        1n,
      ]);

      await createDocument(creator, { documentHash });
      expect(await read('getDocument', [documentHash])).toMatchObject({
        eventCount: 0n,
        accessCount: 1n,
      });
      expect(await read('hasAccess', [documentHash, keyAccount(delegate), DELEGATE])).toBe(false);
      await send(creator.account, 'writeEvent', [eventArgs(documentHash, 'once', creatorAccount)]);
    });

    test('error: unknown document, and a sender that does not control the creator', async () => {
      const creator = await newCreator();
      const { documentHash } = await createDocument(creator);
      const unknown = randomHash();
      expect(await fails(creator.account, 'removeDocument', [unknown])).toEqual({
        errorName: 'DocumentNotFound',
        args: [unknown],
      });
      const stranger = randomAccount();
      expect(await fails(stranger, 'removeDocument', [documentHash])).toEqual({
        errorName: 'NotDidController',
        args: [creator.did, stranger.address],
      });
    });
  });

  describe('views', () => {
    test('behavior: pagination of documents, events and accesses', async () => {
      const creator = await newCreator();
      const list = Array.from({ length: 3 }, () => argsFor(creator));
      await commitAll(creator.account, list);
      for (const a of list) await send(creator.account, 'createDocument', createArgs(a));
      const [created, createdTotal] = await read<[AccessView[], bigint]>('getAccessesByCreator', [
        creator.did,
        2n,
        2n,
      ]);
      expect(createdTotal).toBe(3n);
      expect(created.map((a) => a.documentHash)).toEqual([list[2]?.documentHash]);

      const documentHash = list[0]?.documentHash as Hex;
      const creatorAccount = toHex(creator.did);
      const subjects = Array.from({ length: 12 }, () => keyAccount(newKey()));
      for (const subject of subjects) {
        await grant(documentHash, core(creator), { account: subject, type: DID_KEY }, WRITE);
      }
      const pages = [];
      for (const page of [1n, 2n, 3n, 4n]) {
        pages.push(
          await read<[AccessView[], bigint]>('getAccessesByDocument', [documentHash, page, 5n]),
        );
      }
      expect(pages.map(([items, total]) => [items.length, total])).toEqual([
        [5, 13n],
        [5, 13n],
        [3, 13n],
        [0, 13n],
      ]);
      expect(pages.flatMap(([items]) => items.map((a) => a.subject))).toEqual([
        creatorAccount,
        ...subjects,
      ]);

      for (const externalHash of ['e1', 'e2', 'e3']) {
        await send(creator.account, 'writeEvent', [
          eventArgs(documentHash, externalHash, creatorAccount),
        ]);
      }
      expect(await read('getEvents', [documentHash, 2n, 2n])).toEqual([
        [keccak256(toHex('e3'))],
        3n,
      ]);
    });

    test('behavior: a subject lists the documents it created first, then its granted accesses', async () => {
      const first = await newCreator();
      const second = await newCreator();
      const own = (await createDocument(first)).documentHash;
      const theirs = (await createDocument(second)).documentHash;
      const firstAccount = toHex(first.did);
      await grant(theirs, core(second), { account: firstAccount, type: DID_CORE }, WRITE);
      const written = {
        documentHash: theirs,
        subject: firstAccount,
        subjectType: DID_CORE,
        permission: WRITE,
        grantedBy: toHex(second.did),
        grantedByType: DID_CORE,
      };
      expect(await read('getAccessesBySubject', [firstAccount, 1n, 50n])).toEqual([
        [creatorAccess(own, first.did), written],
        2n,
      ]);
      expect(await read('getAccessesBySubject', [firstAccount, 2n, 1n])).toEqual([[written], 2n]);
      expect(await read('hasAccess', [theirs, firstAccount, CREATOR])).toBe(false);
      expect(await read('hasAccess', [theirs, firstAccount, WRITE])).toBe(true);
      // As a writer it writes events to the other document.
      await send(first.account, 'writeEvent', [eventArgs(theirs, 'by-first', firstAccount)]);
    });

    test('behavior: unknown subjects, creators and documents', async () => {
      const unknown = randomHash();
      expect(await read('getAccessesBySubject', [keyAccount(newKey()), 1n, 10n])).toEqual([[], 0n]);
      expect(await read('getAccessesByCreator', [newDid(), 1n, 10n])).toEqual([[], 0n]);
      expect(await read('hasAccess', [unknown, toHex(newDid()), CREATOR])).toBe(false);
      expect(await read('isCreator', [newDid()])).toBe(false);
      for (const [functionName, args] of [
        ['getDocument', [unknown]],
        ['getEvents', [unknown, 1n, 10n]],
        ['getEvent', [unknown, unknown]],
        ['getAccessesByDocument', [unknown, 1n, 10n]],
      ] as const) {
        expect(await fails(admin, functionName, args)).toEqual({
          errorName: 'DocumentNotFound',
          args: [unknown],
        });
      }
    });

    test('error: pagination rules', async () => {
      expect(await fails(admin, 'getDocuments', [0n, 10n])).toEqual({
        errorName: 'PaginationInvalidPage',
        args: [0n],
      });
      expect(await fails(admin, 'getAccessesBySubject', ['0x', 1n, 51n])).toEqual({
        errorName: 'PaginationInvalidPageSize',
        args: [51n],
      });
      expect(await fails(admin, 'getAccessesByCreator', ['x', 1n, 0n])).toEqual({
        errorName: 'PaginationInvalidPageSize',
        args: [0n],
      });
      const [items, total] = await read<[Hex[], bigint]>('getDocuments', [1000n, 50n]);
      expect(items).toEqual([]);
      expect(total).toBeGreaterThan(0n);
    });
  });
});
