import type { CoreClient } from '../client/createCoreClient.js';
import type { DidDocument } from '../client/responses.js';
import type { DidSigner } from '../client/signers.js';
import { CliPreconditionError, type Output } from './output.js';
import { openWalletKey, readWalletFile } from './walletFile.js';

/**
 * The wallet's signer of credentials: its first key that the DID document, as the node serves it
 * now, lists as an `assertionMethod` (verifiers check the signature against those keys only).
 * @throws {CliPreconditionError} when the wallet holds no such key.
 */
export async function readAssertionSigner(
  { client, output }: { client: CoreClient; output: Output },
  walletPath: string,
): Promise<DidSigner> {
  const wallet = await readWalletFile(walletPath);
  return output.step(`Find an assertionMethod key of ${wallet.did} in the wallet`, async () => {
    const document = await client.get<DidDocument>(`/v1/did-registry/identifiers/${wallet.did}`);
    const assertion = new Set(document.assertionMethod ?? []);
    const key = wallet.keys.find(({ vMethodId }) => assertion.has(`${wallet.did}#${vMethodId}`));
    if (!key)
      throw new CliPreconditionError(
        `No key of the wallet is an assertionMethod of ${wallet.did}: add one with "npx core-registry wallet keys add"`,
      );
    return openWalletKey(wallet.did, key, walletPath);
  });
}
