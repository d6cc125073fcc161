import { encodeFunctionData, type Hex, keccak256, toHex } from 'viem';
import { generatePrivateKey, type LocalAccount, privateKeyToAccount } from 'viem/accounts';
import { requestToken } from '../src/client/requestToken.js';
import type { Environment } from '../src/genesis/environment.js';
import type { Operator } from '../src/genesis/operator.js';
import { REGISTRIES } from '../src/registries/catalog.js';
import { measureTasks, type Row, send } from './measure.js';
import type { SoftHsmKeys } from './softHsmKey.js';

/** Writes timed in the rows through the gate and straight to the ledger (i, j, k). */
export const WRITES = 2_000;
/** Writes sent before each of those rows' timed ones, untimed (see `TaskOptions.warmUp`). */
const WRITES_WARM_UP = 3_000;
/** Writes each of those rows sends in all. */
export const WRITES_SENT = WRITES_WARM_UP + WRITES;
/** Writes of the rows that sign as they send (n, n2). */
const SIGNED_WRITES = 500;

/**
 * 2,000 `commitTimestampHashes` transactions signed beforehand, pushed 16 at a time: through the
 * node (token verification, decoding, sender recovery, scope, signer binding) and straight to
 * the ledger from another account.
 */
export async function measureWrites(
  nodeUrl: string,
  ledgerUrl: string,
  plainUrl: string,
  operator: Operator,
  environment: Environment,
  nodePid: number | undefined,
) {
  const { accessToken } = await requestToken({
    baseUrl: nodeUrl,
    scope: 'openid timestamp:write',
    holder: operator,
  });
  const signer = operator.account;
  const direct = privateKeyToAccount(generatePrivateKey());
  const sign = async (account: LocalAccount, count: number, firstNonce: number) => {
    const raws: Hex[] = [];
    for (let i = 0; i < count; i++)
      raws.push(await signCommit(account, environment, i, firstNonce + i));
    return raws;
  };
  const nonce = Number(
    await rpcCall(ledgerUrl, 'eth_getTransactionCount', [signer.address, 'pending']),
  );
  const gated = await sign(signer, WRITES_SENT, nonce);
  const straight = await sign(direct, WRITES_SENT, 0);
  const unjournaled = await sign(privateKeyToAccount(generatePrivateKey()), WRITES_SENT, 0);
  const push = (url: string, raws: Hex[], headers: Record<string, string>) => async (i: number) => {
    const { text } = await send(url, {
      headers,
      body: JSON.stringify({
        jsonrpc: '2.0',
        id: i,
        method: 'eth_sendRawTransaction',
        params: [raws[i]],
      }),
    });
    return 'result' in (JSON.parse(text) as object);
  };
  const authorization = { authorization: `Bearer ${accessToken}` };
  const timed = (cpuOf?: number) => ({ warmUp: WRITES_WARM_UP, cpuOf });
  return {
    writeGate: await measureTasks(
      '(i) 2,000 writes through /v1/ledger',
      WRITES,
      16,
      push(`${nodeUrl}/v1/ledger`, gated, authorization),
      timed(nodePid),
    ),
    // The front is the node's: the node's CPU per direct write is the floor the gate adds to.
    writeDirect: await measureTasks(
      '(j) 2,000 writes straight to the ledger',
      WRITES,
      16,
      push(ledgerUrl, straight, {}),
      timed(nodePid),
    ),
    writePlain: await measureTasks(
      '(k) 2,000 writes to a plain anvil',
      WRITES,
      16,
      push(plainUrl, unjournaled, {}),
      timed(),
    ),
  };
}

/**
 * (n) writes signed as they are sent, as an operator's admin commands do, straight to the ledger
 * (16 in flight), by a key file's account; (n2) the same by an account whose key is in SoftHSM2.
 */
export async function measureSignedWrites(
  ledgerUrl: string,
  environment: Environment,
  hsm: SoftHsmKeys,
): Promise<{ signedFile: Row; signedHsm?: Row }> {
  const run = (name: string, account: LocalAccount) =>
    measureTasks(name, SIGNED_WRITES, 16, async (i) => {
      const raw = await signCommit(account, environment, i, i);
      return (await rpcCall(ledgerUrl, 'eth_sendRawTransaction', [raw])) !== undefined;
    });
  const signedFile = await run(
    `(n) ${SIGNED_WRITES} writes signed as sent, key file`,
    privateKeyToAccount(generatePrivateKey()),
  );
  if ('skipped' in hsm) return { signedFile };
  return {
    signedFile,
    signedHsm: await run(`(n2) ${SIGNED_WRITES} writes signed as sent, SoftHSM2`, hsm.account),
  };
}

/** A `commitTimestampHashes` of a hash unique to `account` and `i`, signed for free gas. */
function signCommit(account: LocalAccount, environment: Environment, i: number, nonce: number) {
  return account.signTransaction({
    type: 'eip1559',
    chainId: environment.chainId,
    to: environment.registries.timestamp,
    data: encodeFunctionData({
      abi: REGISTRIES.timestamp.abi,
      functionName: 'commitTimestampHashes',
      args: [keccak256(toHex(`${account.address} ${i}`))],
    }),
    nonce,
    gas: 200_000n,
    maxFeePerGas: 0n,
    maxPriorityFeePerGas: 0n,
  });
}

async function rpcCall(url: string, method: string, params: unknown[]): Promise<unknown> {
  const { text } = await send(url, {
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
  });
  return (JSON.parse(text) as { result: unknown }).result;
}
