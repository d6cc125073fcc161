import { readFile } from 'node:fs/promises';
import { type Hex, sha256, toHex } from 'viem';
import { toSchemaIdHex, toSchemaIdMultibase } from '../registries/schemas-registry/ids.js';
import type { CommandGroup } from './commandTree.js';
import { CliUsageError } from './output.js';
import { assertPolicyHeld } from './preconditions.js';
import { readWalletWriter, requestTokenStep, writeStep } from './steps.js';
import type { WalletContext } from './walletContext.js';

/** The metadata of a revision when none is given: a JSON object without validity bounds. */
const NO_METADATA = '{}';

/**
 * `wallet schema insert|update`: Trusted Schemas Registry writes. The documents are stored as the
 * files' bytes (JSON checked first); a schema's id is the SHA-256 of its first revision's bytes.
 * The wallet's controller key needs `TSR:insertSchema` / `TSR:updateSchema` (`admin grant`).
 * - Spec: SPEC.md §4.4; contracts/interfaces/ISchemasRegistry.sol
 */
export const SCHEMA_COMMANDS: CommandGroup<WalletContext> = {
  summary: 'The Trusted Schemas Registry (a schemas-registry:write token).',
  commands: {
    insert: {
      args: '<schema.json> [metadata.json]',
      summary: 'Insert a schema (its id is the SHA-256 of the file); needs\nTSR:insertSchema',
      details: 'The files are stored as they are; the metadata defaults to {}.',
      publishes:
        "the schema's and the metadata's bytes as they are in the files (metadata {} by default); not the files' names",

      run: insert,
    },
    update: {
      args: '<schemaId> <schema.json> [metadata.json]',
      summary: 'Add a revision to a schema; needs TSR:updateSchema',
      details: 'schemaId is the multibase id "z…" that insert printed, or 0x + 64 hex digits.',
      publishes:
        "the schema id, the schema's and the metadata's bytes as they are in the files (metadata {} by default); not the files' names",
      run: update,
    },
  },
};

async function insert(args: string[], context: WalletContext) {
  const [schemaFile, metadataFile] = args;
  if (schemaFile === undefined || args.length > 2)
    throw new CliUsageError('wallet schema insert takes <schema.json> [metadata.json]');
  const schema = await readJson(schemaFile);
  return write(context, 'insertSchema', sha256(schema), schema, await metadataOf(metadataFile));
}

async function update(args: string[], context: WalletContext) {
  const [id, schemaFile, metadataFile] = args;
  if (id === undefined || schemaFile === undefined || args.length > 3)
    throw new CliUsageError('wallet schema update takes <schemaId> <schema.json> [metadata.json]');
  const schemaId = toSchemaIdHex(id);
  if (schemaId === undefined)
    throw new CliUsageError(`${id} is not a schema id (0x + 64 hex digits, or multibase z…)`);
  const schema = await readJson(schemaFile);
  return write(context, 'updateSchema', schemaId, schema, await metadataOf(metadataFile));
}

async function write(
  context: WalletContext,
  functionName: 'insertSchema' | 'updateSchema',
  schemaIdHex: Hex,
  schema: Hex,
  metadata: Hex,
) {
  const { client, output } = context;
  const holder = await readWalletWriter(context.walletPath);
  await assertPolicyHeld(context, holder, `TSR:${functionName}`);
  const accessToken = await requestTokenStep(context, holder, 'schemas-registry:write');
  const schemaId = toSchemaIdMultibase(schemaIdHex);
  const receipt = await writeStep(context, `${functionName} ${schemaId}`, {
    registry: 'schemas-registry',
    functionName,
    args: [schemaIdHex, schema, metadata],
    account: holder.account,
    accessToken,
  });
  const href = `${client.baseUrl}/v1/schemas-registry/schemas/${schemaId}`;
  const schemaRevisionId = sha256(schema);
  output.result(
    {
      schemaId,
      schemaIdHex,
      schemaRevisionId,
      metadataId: sha256(metadata),
      href,
      revisionHref: `${href}/revisions/${schemaRevisionId}`,
      transactionHash: receipt.transactionHash,
    },
    `${schemaId} ${functionName === 'insertSchema' ? 'inserted' : 'updated'}\n  revision ${schemaRevisionId}\n  ${href}`,
  );
}

/** The metadata file's bytes, or an empty JSON object. */
async function metadataOf(file: string | undefined): Promise<Hex> {
  return file === undefined ? toHex(NO_METADATA) : readJson(file);
}

/** A JSON file's bytes as stored (not re-serialised); a missing or non-JSON file is a usage error. */
async function readJson(path: string): Promise<Hex> {
  const text = await readFile(path, 'utf8').catch((error: NodeJS.ErrnoException) => {
    throw new CliUsageError(`Cannot read ${path}: ${error.code ?? error.message}`);
  });
  try {
    JSON.parse(text);
  } catch (error) {
    throw new CliUsageError(`${path} is not JSON: ${(error as Error).message}`);
  }
  return toHex(text);
}
