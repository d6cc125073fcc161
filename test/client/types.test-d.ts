// Type tests of the SDK's public types, checked by `npm run typecheck` (never run): each
// `@ts-expect-error` fails the typecheck when the line it marks compiles, i.e. when typing regresses.
import type { Hex } from 'viem';
import type { PrivateKeyAccount } from 'viem/accounts';
import { expectTypeOf } from 'vitest';
import {
  type CollectionPage,
  type ContractWrite,
  type CoreClient,
  type DidDocument,
  type DidList,
  didRegistryAbi,
  type InstanceDetails,
  type Issuer,
  type Problem,
  type RegistryAbi,
  type RpcBatchResult,
  type Timestamp,
  type TntDocument,
  type TokenResponse,
  timestampAbi,
  type WriteContractsError,
  type WriteFunctionArgs,
  type WriteFunctionName,
  writeContract,
  writeContractAndWait,
  writeContracts,
} from '../../src/client/index.js';

declare const client: CoreClient;
declare const account: PrivateKeyAccount;
declare const hash: Hex;
const accessToken = 'token';
const write = { account, accessToken };

// ABIs: the exported constants are the ABIs the writes are typed with.
expectTypeOf(timestampAbi).toEqualTypeOf<RegistryAbi<'timestamp'>>();
expectTypeOf(didRegistryAbi).toEqualTypeOf<RegistryAbi<'did-registry'>>();
expectTypeOf<'timestampHashes'>().toExtend<WriteFunctionName<'timestamp'>>();
// A view is not a write.
expectTypeOf<'TIMESTAMP_COMMITMENT_MATURITY'>().not.toExtend<WriteFunctionName<'timestamp'>>();
expectTypeOf<WriteFunctionArgs<'did-registry', 'addVerificationMethod'>>().toEqualTypeOf<
  readonly [string, string, Hex, boolean]
>();

export async function writes() {
  await writeContract(client, {
    registry: 'timestamp',
    functionName: 'commitTimestampHashes',
    args: [hash],
    ...write,
  });
  await writeContract(client, {
    registry: 'timestamp',
    // @ts-expect-error: a function of another registry
    functionName: 'insertDidDocument',
    args: [hash],
    ...write,
  });
  const view = { registry: 'timestamp', functionName: 'TIMESTAMP_COMMITMENT_MATURITY', args: [] };
  // @ts-expect-error: a view is not a write
  await writeContract(client, { ...view, ...write } as const);
  await writeContractAndWait(client, {
    registry: 'timestamp',
    functionName: 'commitTimestampHashes',
    // @ts-expect-error: bytes32 is a 0x string, not a number
    args: [1n],
    ...write,
  });
  await writeContract(client, {
    registry: 'did-registry',
    functionName: 'addVerificationMethod',
    // @ts-expect-error: a missing argument
    args: ['did:core:z', 'vMethodId', hash],
    ...write,
  });

  const hashes: Hex[] = await writeContracts(client, {
    ...write,
    writes: [
      { registry: 'timestamp', functionName: 'commitTimestampHashes', args: [hash] },
      {
        registry: 'did-registry',
        functionName: 'addVerificationMethod',
        args: ['did:core:z', 'vMethodId', hash, true],
      },
    ],
  });
  await writeContracts(client, {
    ...write,
    writes: [
      { registry: 'timestamp', functionName: 'commitTimestampHashes', args: [hash] },
      // @ts-expect-error: the Timestamp contract has no addVerificationMethod
      { registry: 'timestamp', functionName: 'addVerificationMethod', args: [] },
    ],
  });
  await writeContracts(client, {
    ...write,
    // @ts-expect-error: wrong argument types in one entry
    writes: [{ registry: 'timestamp', functionName: 'commitTimestampHashes', args: [42] }],
  });
  return hashes;
}

// One registry's writes, as a typed value.
expectTypeOf<ContractWrite<'did-registry', 'updateBaseDocument'>>().toEqualTypeOf<{
  registry: 'did-registry';
  functionName: 'updateBaseDocument';
  args: readonly [string, string];
  contractAddress?: `0x${string}`;
}>();

// Batch outcomes and the batch error.
expectTypeOf<RpcBatchResult<Hex>>().toEqualTypeOf<
  | { status: 'success'; result: Hex }
  | { status: 'failure'; error: import('../../src/client/index.js').LedgerRpcError }
>();
expectTypeOf<WriteContractsError['results'][number]['nonce']>().toEqualTypeOf<number>();

// REST bodies, derived from the route schemas.
expectTypeOf<DidDocument['id']>().toEqualTypeOf<string>();
expectTypeOf<DidDocument['verificationMethod'][number]['publicKeyJwk']['crv']>().toEqualTypeOf<
  'secp256k1' | 'P-256'
>();
expectTypeOf<DidList['items'][number]>().toEqualTypeOf<{ did: string; href: string }>();
expectTypeOf<Timestamp['transactionHash']>().toEqualTypeOf<string | null>();
expectTypeOf<TntDocument['events']>().toEqualTypeOf<string[] | undefined>();
expectTypeOf<Extract<Issuer, { hasAttributes: boolean }>['attributes']>().toEqualTypeOf<string>();
expectTypeOf<InstanceDetails<'policyRegistryContract'>>().toEqualTypeOf<{
  contractAddress: string;
  policyRegistryContract: string;
}>();
expectTypeOf<Problem['errors']>().toEqualTypeOf<
  { detail: string; parameter?: string; pointer?: string }[] | undefined
>();
expectTypeOf<TokenResponse['token_type']>().toEqualTypeOf<'Bearer'>();
expectTypeOf<CollectionPage<{ id: string }>['links']['next']>().toEqualTypeOf<string>();
// @ts-expect-error: the DID list has no such member
export type Missing = DidList['nextPage'];
