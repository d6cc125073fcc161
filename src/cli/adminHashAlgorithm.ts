import type { AdminContext } from './adminContext.js';
import { type PlannedWrite, sendAsOperator } from './operatorSteps.js';
import { CliUsageError } from './output.js';

/** The hash algorithms the CLI knows how to describe: IANA name → `insertHashAlgorithm` arguments. */
export const HASH_ALGORITHMS = {
  'sha-256': { outputLengthBits: 256n, oid: '2.16.840.1.101.3.4.2.1', multihash: 'sha2-256' },
  'sha-384': { outputLengthBits: 384n, oid: '2.16.840.1.101.3.4.2.2', multihash: 'sha2-384' },
  'sha-512': { outputLengthBits: 512n, oid: '2.16.840.1.101.3.4.2.3', multihash: 'sha2-512' },
} as const;
/** `ITimestamp.HashAlgorithmStatus.Active`. */
const ACTIVE = 1;

/** `admin hash-algorithm <name>`. */
export async function addHashAlgorithm(names: string[], context: AdminContext) {
  const write = planHashAlgorithm(names);
  const receipt = await sendAsOperator(context, write);
  context.output.result(
    { ianaName: names[0], transactionHash: receipt.transactionHash },
    `${names[0]} added in block ${BigInt(receipt.blockNumber)}`,
  );
}

/** The write of `admin hash-algorithm <name>`. */
export function planHashAlgorithm(names: string[]): PlannedWrite {
  const [name] = names;
  if (name === undefined || names.length > 1 || !(name in HASH_ALGORITHMS))
    throw new CliUsageError(
      `admin hash-algorithm takes one of ${Object.keys(HASH_ALGORITHMS).join(', ')}`,
    );
  const { outputLengthBits, oid, multihash } =
    HASH_ALGORITHMS[name as keyof typeof HASH_ALGORITHMS];
  return {
    step: `Insert ${name}`,
    registry: 'timestamp',
    functionName: 'insertHashAlgorithm',
    args: [outputLengthBits, name, oid, ACTIVE, multihash],
  };
}
