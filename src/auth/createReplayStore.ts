import { join } from 'node:path';
import type { Environment } from '../genesis/environment.js';
import { createFileReplayStore } from './createFileReplayStore.js';
import { createRedisReplayStore } from './createRedisReplayStore.js';
import type { ReplayStore } from './replayStore.js';

export type CreateReplayStoreParameters = {
  /** The shared store's `redis://` or `rediss://` URL; `undefined` for this node's own file. */
  url: string | undefined;
  dataDir: string;
  environment: Pick<Environment, 'chainId' | 'contractsRegistry'>;
  /** Told once when the shared store stops answering and once when it answers again. */
  onHealthChange?: (state: 'down' | 'up', cause?: unknown) => void;
};

/**
 * The replay store `CORE_REPLAY_STORE` selects: `presentations-used.jsonl` in the data directory,
 * or a Redis/Valkey server shared by the nodes of one environment, its keys under
 * `core-registry:<chain id>:<Contracts Registry>:presentation:` so that environments sharing the
 * server never collide.
 * - Design: DESIGN.md §6, §11
 * @throws {ReplayStoreUnavailableError} when the shared store cannot be reached.
 */
export async function createReplayStore(
  parameters: CreateReplayStoreParameters,
): Promise<ReplayStore> {
  const { url, dataDir, environment, onHealthChange } = parameters;
  if (url === undefined) return createFileReplayStore(join(dataDir, 'presentations-used.jsonl'));
  return createRedisReplayStore({
    url,
    namespace: `core-registry:${environment.chainId}:${environment.contractsRegistry.toLowerCase()}:presentation:`,
    ...(onHealthChange ? { onHealthChange } : {}),
  });
}
