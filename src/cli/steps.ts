import type { Hex } from 'viem';
import type { LocalAccount } from 'viem/accounts';
import type { CoreClient } from '../client/createCoreClient.js';
import type { AnySigner } from '../client/credentials.js';
import { requestToken } from '../client/requestToken.js';
import type { DidSigner } from '../client/signers.js';
import {
  type Receipt,
  type WriteContractParameters,
  writeContractAndWait,
} from '../client/writeContract.js';
import { CliUsageError, type Output } from './output.js';
import { readWalletSigner } from './walletFile.js';

// The steps every writing command is made of: a token, then transactions through `/v1/ledger`.

type StepContext = { client: CoreClient; output: Output };

/** The account of a wallet signer: only a secp256k1 key signs transactions. */
export function requireAccount(signer: DidSigner): LocalAccount {
  if (!signer.account) throw new CliUsageError('The wallet key is not a secp256k1 key');
  return signer.account;
}

/** The signer of a wallet file, with the account of its secp256k1 controller key. */
export async function readWalletWriter(walletPath: string) {
  const signer = await readWalletSigner(walletPath);
  return { ...signer, account: requireAccount(signer) };
}

/** Requests a token for `scope` (without `openid`) as the step "Request a <scope> token". */
export function requestTokenStep(
  { client, output }: StepContext,
  holder: AnySigner,
  scope: string,
  credential?: string,
): Promise<string> {
  const article = /^[aeiou]/.test(scope) ? 'an' : 'a';
  return output.step(`Request ${article} ${scope} token`, async () => {
    const { accessToken } = await requestToken({
      baseUrl: client.baseUrl,
      scope: `openid ${scope}`,
      holder,
      ...(credential === undefined ? {} : { credential }),
    });
    return accessToken;
  });
}

/** Sends one registry write as the step `name`, reporting while it is mined. */
export function writeStep(
  { client, output }: StepContext,
  name: string,
  write: WriteContractParameters,
): Promise<Receipt> {
  return output.step(name, (progress) =>
    writeContractAndWait(client, { ...write, onProgress: progress }),
  );
}

/** The latest block's time, read through the node. */
export async function blockTime(client: CoreClient): Promise<bigint> {
  const { timestamp } = await client.rpc<{ timestamp: Hex }>('eth_getBlockByNumber', [
    'latest',
    false,
  ]);
  return BigInt(timestamp);
}
