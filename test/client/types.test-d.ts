// Type tests of the SDK's public types, checked by `npm run typecheck` (never run): each
// `@ts-expect-error` fails the typecheck when the line it marks compiles, i.e. when typing regresses.
import { expectTypeOf } from 'vitest';
import type {
  CollectionPage,
  DidDocument,
  DidList,
  InstanceDetails,
  Issuer,
  Problem,
  Timestamp,
  TntDocument,
  TokenResponse,
} from '../../src/client/index.js';

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
