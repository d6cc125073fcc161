import {
  type AbiFunction,
  type Address,
  decodeFunctionResult,
  encodeFunctionData,
  type Hex,
} from 'viem';
import { type PrivateKeyAccount, privateKeyToAccount } from 'viem/accounts';
import {
  type CoreClient,
  createCredential,
  type Receipt,
  type RegistrySegment,
  requestToken,
  type Signer,
  toPublicKeyHex,
  type WriteContractParameters,
  type WriteFunctionName,
  waitForReceipt,
  writeContract,
} from '../../src/client/index.js';
import { toPrivateKeyHex } from '../../src/identity/jwk.js';
import type { TestHolder } from '../support/holders.js';
import type { OperatorFixture } from '../support/operator.js';

/**
 * Helpers shared by journeys 5–7: everything goes through the node's public HTTP API (the SDK's
 * `CoreClient`, `POST /v1/auth/token`, `POST /v1/ledger`, REST reads), never to the ledger.
 */

/** A signer that can also sign ledger transactions (its key is a capabilityInvocation key). */
export type Writer = Signer & { account: PrivateKeyAccount };

/** The operator as a wallet sees it: its DID, its `kid`, and the key behind both. */
export function operatorWriter(op: OperatorFixture): Writer {
  const { did, kid, privateKeyJwk } = op.operator;
  return { did, kid, privateKeyJwk, account: privateKeyToAccount(toPrivateKeyHex(privateKeyJwk)) };
}

/** A DID document base that a journey can recognise in the read model. */
export const INITIAL_BASE_DOCUMENT = '{"@context":["https://www.w3.org/ns/did/v1"]}';

/** Key validity window of a registered key: from the epoch to far in the future. */
const NOT_AFTER = 2n ** 40n;

/**
 * Onboards `holder` as a wallet would: the operator (the RootTAO) issues a
 * `VerifiableAuthorisationToOnboard`, the holder trades it for a `did-registry:invite` token
 * (proving its key with the `jwk` header), then registers its DID with `insertDidDocument` through
 * `POST /v1/ledger`. Then reads the DID over REST, which must resolve at once (reads see every
 * block mined before they were asked).
 * - Spec: SPEC.md §4.4 (DID Registry rules), §5.4
 */
export async function registerDid(
  client: CoreClient,
  operator: Signer,
  holder: TestHolder,
): Promise<Receipt> {
  const onboarding = createCredential({
    issuer: operator,
    subject: holder.did,
    type: 'VerifiableAuthorisationToOnboard',
  });
  const { accessToken } = await requestToken({
    baseUrl: client.baseUrl,
    scope: 'openid did-registry:invite',
    holder,
    credential: onboarding,
    jwk: holder.publicJwk,
  });
  const receipt = await writeAndWait(client, {
    registry: 'did-registry',
    functionName: 'insertDidDocument',
    args: [
      holder.did,
      INITIAL_BASE_DOCUMENT,
      holder.vMethodId,
      toPublicKeyHex(holder.privateKeyJwk),
      true,
      0n,
      NOT_AFTER,
    ],
    account: holder.account,
    accessToken,
  });
  await client.get(`/v1/did-registry/identifiers/${holder.did}`);
  return receipt;
}

/** `writeContract`, then `waitForReceipt` (which throws on a revert). */
export async function writeAndWait<
  const registry extends RegistrySegment,
  const functionName extends WriteFunctionName<registry>,
>(
  client: CoreClient,
  parameters: WriteContractParameters<registry, functionName>,
): Promise<Receipt> {
  const hash = await writeContract(client, parameters);
  return waitForReceipt(client, { hash, registry: parameters.registry });
}

/** The body of a REST read as text, for documents served as stored. */
export async function getText(
  client: CoreClient,
  path: string,
): Promise<{ status: number; contentType: string | null; text: string }> {
  const response = await fetch(`${client.baseUrl}${path}`);
  return {
    status: response.status,
    contentType: response.headers.get('content-type'),
    text: await response.text(),
  };
}

/** The path and query of an absolute link, to follow it with `client.get`. */
export function pathOf(href: string): string {
  const url = new URL(href);
  return `${url.pathname}${url.search}`;
}

/** A collection read, as the node serves it (DESIGN.md §7). */
export type Collection<T> = {
  self: string;
  items: T[];
  total: number;
  pageSize: number;
  links: { first: string; prev: string; next: string; last: string };
};

/** One call to sign locally for a batch: the SDK's pieces, without sending. */
export type SignedCall = {
  registry: RegistrySegment;
  functionName: string;
  args: readonly unknown[];
  nonce: number;
  contractAddress?: Address;
};

/**
 * Signs a gas-free EIP-1559 transaction as `writeContract` does (calldata from the node's served
 * ABI, chain id from the node), but returns the raw transaction instead of sending it, so that
 * several can go in one JSON-RPC batch.
 */
export async function signRegistryCall(
  client: CoreClient,
  account: PrivateKeyAccount,
  call: SignedCall,
): Promise<Hex> {
  const { contractAddress, abi } = await client.abi(call.registry);
  const { functionName, args } = call;
  return account.signTransaction({
    type: 'eip1559',
    chainId: await client.chainId(),
    to: call.contractAddress ?? contractAddress,
    data: encodeFunctionData({ abi, functionName, args } as never),
    nonce: call.nonce,
    gas: 5_000_000n,
    maxFeePerGas: 0n,
    maxPriorityFeePerGas: 0n,
  });
}

/**
 * Calls a view of a registry with `eth_call` through `POST /v1/ledger`. The overload is picked
 * from the node's served ABI by its input types.
 */
export async function callView<T>(
  client: CoreClient,
  registry: RegistrySegment,
  view: { functionName: string; inputs: readonly string[]; args: readonly unknown[] },
): Promise<T> {
  const { contractAddress, abi } = await client.abi(registry);
  const item = abi.find(
    (entry): entry is AbiFunction =>
      entry.type === 'function' &&
      entry.name === view.functionName &&
      entry.inputs.map((input) => input.type).join(',') === view.inputs.join(','),
  );
  if (!item) throw new TypeError(`No ${view.functionName}(${view.inputs.join(',')}) in the ABI`);
  const data = await client.rpc<Hex>('eth_call', [
    { to: contractAddress, data: encodeFunctionData({ abi: [item], args: view.args } as never) },
    'latest',
  ]);
  return decodeFunctionResult({ abi: [item], data } as never) as T;
}

/** One JSON-RPC response entry of a batch. */
export type RpcEntry = {
  jsonrpc: '2.0';
  id: number;
  result?: Hex;
  error?: { code: number; message: string };
};

/**
 * Sends raw transactions as ONE JSON-RPC batch (ids 1…n) to `POST /v1/ledger` with a bearer
 * token. The SDK's `client.rpc` sends single requests only.
 */
export async function sendRawBatch(
  client: CoreClient,
  accessToken: string,
  raws: readonly Hex[],
): Promise<{ status: number; entries: RpcEntry[] }> {
  const response = await fetch(`${client.baseUrl}/v1/ledger`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${accessToken}` },
    body: JSON.stringify(
      raws.map((raw, i) => ({
        jsonrpc: '2.0',
        id: i + 1,
        method: 'eth_sendRawTransaction',
        params: [raw],
      })),
    ),
  });
  return { status: response.status, entries: (await response.json()) as RpcEntry[] };
}

/**
 * Canonical JSON text (members sorted, no whitespace: the RFC 8785 form for the plain values the
 * journeys use), so that a document's SHA-256 is a stable content address.
 */
export function toCanonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(toCanonicalJson).join(',')}]`;
  if (typeof value === 'object' && value !== null) {
    const members = Object.entries(value).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${members.map(([name, member]) => `${JSON.stringify(name)}:${toCanonicalJson(member)}`).join(',')}}`;
  }
  return JSON.stringify(value);
}
