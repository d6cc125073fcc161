import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { deployInstance } from '../genesis/deployInstance.js';
import { readEnvironment } from '../genesis/environment.js';
import { createLedgerClient } from '../ledger/createLedgerClient.js';
import { RPC_URL_FILE } from '../ledger/embedded/embeddedLedger.js';
import { REGISTRIES, REGISTRY_NAMES, type RegistryName } from '../registries/catalog.js';
import type { AdminContext } from './adminContext.js';
import { readOperatorSigner } from './operatorSteps.js';
import { CliUsageError } from './output.js';

/**
 * `admin deploy-instance <registry>`: another instance of a registry through the Contracts
 * Registry, sent by the operator straight to the ledger.
 */
export async function deployRegistryInstance(
  [registry, ...extra]: string[],
  context: AdminContext,
) {
  if (registry === undefined || !(registry in REGISTRIES) || extra.length > 0)
    throw new CliUsageError(`admin deploy-instance takes one of ${REGISTRY_NAMES.join(', ')}`);
  const operator = await readOperatorSigner(context.operatorKey);
  const environmentPath = context.environmentPath ?? join(context.dataDir, 'environment.json');
  const environment = readEnvironment(environmentPath);
  if (!environment)
    throw new CliUsageError(
      `No environment at ${environmentPath}: pass --environment or --data-dir`,
    );
  const ledgerUrl = context.ledgerUrl ?? (await embeddedLedgerUrl(context.dataDir));
  const ledger = createLedgerClient({ url: ledgerUrl });
  try {
    const { address } = await context.output.step(
      `Deploy a ${registry} instance through the Contracts Registry`,
      () =>
        deployInstance({ ledger, operator, environment, registry: registry as RegistryName }).catch(
          (error: unknown) => {
            if (!environment.governance) throw error;
            throw new Error(
              `${(error as Error).message} (in a governed network the operators first give the deploying key TCR:deployProxy: "admin propose grant ${operator.address} TCR:deployProxy")`,
            );
          },
        ),
    );
    const href = `${context.client.baseUrl}/v1/contracts-registry/contracts/${address}`;
    context.output.result(
      { registry, contractAddress: address, href },
      `${address}\n  ${href}\n  write to it with a token for "${registry === 'track-and-trace' ? 'track-and-trace:write' : `${registry}:write`}:${address}"`,
    );
  } finally {
    await ledger.close();
  }
}

/** The URL the running embedded ledger of a data directory wrote down. */
export async function embeddedLedgerUrl(dataDir: string): Promise<string> {
  const file = join(dataDir, 'ledger', RPC_URL_FILE);
  return (
    (await readFile(file, 'utf8').catch(() => '')).trim() ||
    Promise.reject(
      new CliUsageError(
        `No ledger: pass --ledger-url, or run this where a node with an embedded ledger runs (${file} is missing)`,
      ),
    )
  );
}
