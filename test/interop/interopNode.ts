import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type { Abi, Address, Hex } from 'viem';
import { requestToken } from '../../src/client/index.js';
import { toPrivateKeyHex } from '../../src/identity/jwk.js';
import { FOUNDRY_PLATFORMS } from '../../src/ledger/embedded/anvilBinary.js';
import { createHolder, registerHolder } from '../support/holders.js';
import { operatorOf } from '../support/operator.js';
import { getJson, startTestNode, type TestNode } from '../support/testNode.js';

/**
 * Foundry's `cast`, from `@foundry-rs/cast`'s platform package. The binary is run directly: the
 * npm wrapper script does not pass the binary's exit code on.
 */
export const CAST_BINARY = join(
  dirname(
    createRequire(import.meta.url).resolve(
      `@foundry-rs/cast-${FOUNDRY_PLATFORMS[`${process.platform}-${process.arch}`]}/package.json`,
    ),
  ),
  'bin',
  'cast',
);

/** A writer as a third-party client sees it: a secp256k1 key, its address and a write token. */
export type InteropWriter = { privateKey: Hex; address: Address; token: string };

/** A node for the interop suites, with the Timestamp registry as its ABI serves it. */
export type InteropNode = {
  node: TestNode;
  /** `<node>/v1/ledger`: the only URL a client library is given. */
  rpcUrl: string;
  chainId: number;
  timestamp: { address: Address; abi: Abi };
  /** A fresh registered did:core holder (zero balance) with a `timestamp:write` token. */
  newWriter(): Promise<InteropWriter>;
  close(): Promise<void>;
};

export async function startInteropNode(): Promise<InteropNode> {
  const node = await startTestNode();
  const { body } = await getJson(node.url, '/v1/timestamp/abi');
  const { contractAddress, abi } = body as { contractAddress: Address; abi: Abi };
  const { chain } = await operatorOf(node);
  return {
    node,
    rpcUrl: `${node.url}/v1/ledger`,
    chainId: node.environment.chainId,
    timestamp: { address: contractAddress, abi },
    async newWriter() {
      const holder = await createHolder();
      await registerHolder(chain, node.environment.registries['did-registry'], holder);
      const { accessToken } = await requestToken({
        baseUrl: node.url,
        scope: 'openid timestamp:write',
        holder,
      });
      const privateKey = toPrivateKeyHex(holder.privateKeyJwk);
      return { privateKey, address: holder.address, token: accessToken };
    },
    close: () => node.close(),
  };
}
