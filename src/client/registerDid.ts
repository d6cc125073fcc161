import type { CoreClient } from './createCoreClient.js';
import { requestToken } from './requestToken.js';
import type { DidSigner } from './signers.js';
import { type Receipt, writeContractAndWait } from './writeContract.js';

export type RegisterDidParameters = {
  /** The holder: a did:core signer with a secp256k1 key (see `createDidCoreSigner`). */
  holder: DidSigner;
  /** A `VerifiableAuthorisationToOnboard` for the holder, issued by a RootTAO or TAO. */
  onboardingCredential: string;
  /** The node's base URL (default: the client's). */
  baseUrl?: string;
  /** The key's validity window, unix seconds (default: from now, for ten years). */
  notBefore?: bigint;
  notAfter?: bigint;
  /** The base DID document (default: just the DID contexts). */
  baseDocument?: string;
};

const DEFAULT_BASE_DOCUMENT = JSON.stringify({
  '@context': ['https://www.w3.org/ns/did/v1', 'https://w3id.org/security/suites/jws-2020/v1'],
});
const TEN_YEARS = 10n * 365n * 24n * 3600n;

/**
 * Registers a did:core with its first key through the public API: an invite token for the
 * onboarding credential (proving the key in the presentation header), then `insertDidDocument`
 * signed by that key.
 * - Spec: SPEC.md §4.4 (DID Registry rules), §5.3
 * @throws {TokenRequestError} when the node refuses the onboarding.
 * @throws {LedgerRpcError} / {TransactionRevertedError} when the write is refused or reverts.
 */
export async function registerDid(
  client: CoreClient,
  parameters: RegisterDidParameters,
): Promise<Receipt> {
  const { holder, onboardingCredential } = parameters;
  if (!holder.account) throw new TypeError('A did:core is registered with a secp256k1 key');
  const { accessToken } = await requestToken({
    baseUrl: parameters.baseUrl ?? client.baseUrl,
    scope: 'openid did-registry:invite',
    holder,
    credential: onboardingCredential,
    jwk: holder.publicJwk,
  });
  const notBefore = parameters.notBefore ?? BigInt(Math.floor(Date.now() / 1000));
  return writeContractAndWait(client, {
    registry: 'did-registry',
    functionName: 'insertDidDocument',
    args: [
      holder.did,
      parameters.baseDocument ?? DEFAULT_BASE_DOCUMENT,
      holder.vMethodId,
      holder.account.publicKey,
      true,
      notBefore,
      parameters.notAfter ?? notBefore + TEN_YEARS,
    ],
    account: holder.account,
    accessToken,
  });
}
