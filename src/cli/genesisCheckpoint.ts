import { readFile } from 'node:fs/promises';
import type { Address, Hex } from 'viem';
import type { CoreClient } from '../client/createCoreClient.js';
import { CliUsageError } from './output.js';

/**
 * The checkpoint of a QBFT network's genesis file (the Besu kit's `genesis.json`): block 0 with
 * the validators its `extraData` lists. Its hash is the node's: a wrong one breaks the chain at
 * block 1, whose parent hash its validators sealed.
 */
export async function genesisCheckpoint(path: string, client: CoreClient) {
  let extraData: unknown;
  try {
    ({ extraData } = JSON.parse(await readFile(path, 'utf8')) as { extraData?: unknown });
  } catch (error) {
    throw new CliUsageError(
      `--validators: "${path}" is not a readable genesis file (${(error as Error).message})`,
    );
  }
  const { decodeQbftExtraData } = await import('../client/proofs/index.js');
  let validators: readonly Address[];
  try {
    validators = decodeQbftExtraData(extraData as Hex).validators;
  } catch (error) {
    throw new CliUsageError(
      `--validators: "${path}" has no QBFT extraData (${(error as Error).message})`,
    );
  }
  const genesis = await client.rpc<{ hash: Hex }>('eth_getBlockByNumber', ['0x0', false]);
  return { hash: genesis.hash, number: 0n, validators };
}
