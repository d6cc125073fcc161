import type { Hex } from 'viem';
import type { PrivateKeyAccount } from 'viem/accounts';
import {
  type CoreClient,
  createCredential,
  type Receipt,
  type RegistrySegment,
  requestToken,
  type Signer,
  type WriteContractParameters,
  type WriteFunctionArgs,
  type WriteFunctionName,
  waitForReceipt,
  writeContract,
} from '../../src/client/index.js';
import { createHolder, type TestHolder } from '../support/holders.js';

/** A holder that writes: its signer for presentations and the account that signs transactions. */
export type Writer = Signer & { account: PrivateKeyAccount };

/** A did:core DID document as the read API returns it (the parts the journeys look at). */
type DidDocument = {
  id: string;
  controller: string[];
  verificationMethod: { id: string; publicKeyJwk: { x: string; y: string } }[];
  authentication: string[];
  capabilityInvocation: string[];
};

/** A fresh access token of `writer` for `scope` (a SelfAttestation unless `credential` is given). */
export async function tokenOf(
  client: CoreClient,
  writer: Signer,
  scope: string,
  credential?: string,
): Promise<string> {
  const { accessToken } = await requestToken({
    baseUrl: client.baseUrl,
    scope,
    holder: writer,
    ...(credential === undefined ? {} : { credential }),
  });
  return accessToken;
}

/**
 * One write through `POST /v1/ledger`, waited for: a reverted transaction throws the SDK's
 * `TransactionRevertedError` with the decoded custom error.
 */
export async function send<
  const registry extends RegistrySegment,
  const functionName extends WriteFunctionName<registry>,
>(
  client: CoreClient,
  writer: { account: PrivateKeyAccount },
  accessToken: string,
  registry: registry,
  functionName: functionName,
  args: WriteFunctionArgs<registry, functionName>,
): Promise<Receipt> {
  const hash = await writeContract(client, {
    registry,
    functionName,
    args,
    account: writer.account,
    accessToken,
  } as WriteContractParameters<registry, functionName>);
  return waitForReceipt(client, { hash, registry });
}

/**
 * Onboards a fresh did:core holder through the public API only: the operator (RootTAO) issues a
 * `VerifiableAuthorisationToOnboard`, the holder presents it with its public key in the header for
 * a `did-registry:invite` token (bound to the key by `cnf.jkt`), and registers its own DID with
 * `insertDidDocument` sent from that key. Returns once the DID resolves over REST.
 */
export async function onboard(client: CoreClient, operator: Signer): Promise<TestHolder> {
  const holder = await createHolder();
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
  await send(client, holder, accessToken, 'did-registry', 'insertDidDocument', [
    holder.did,
    '{"@context":["https://www.w3.org/ns/did/v1"]}',
    holder.vMethodId,
    holder.account.publicKey,
    true,
    0n,
    2n ** 40n,
  ]);
  const document = await client.get<DidDocument>(
    `/v1/did-registry/identifiers/${encodeURIComponent(holder.did)}`,
  );
  if (document.id !== holder.did || !document.capabilityInvocation.includes(holder.kid)) {
    throw new TypeError(`${holder.did} does not resolve with ${holder.kid} after onboarding`);
  }
  return holder;
}

/** The block time of a mined transaction as the Track and Trace reads show it. */
export async function blockTimeOf(client: CoreClient, receipt: Receipt) {
  const block = await client.rpc<{ timestamp: Hex }>('eth_getBlockByNumber', [
    receipt.blockNumber,
    false,
  ]);
  return new Date(Number(block.timestamp) * 1000).toISOString();
}
