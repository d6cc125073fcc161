import type { Hex } from 'viem';
import { parameterProblem } from '../../../errors/problem.js';
import { toSchemaIdHex } from '../ids.js';

/**
 * The `schemaId` path parameter as on-chain hex: 32 bytes given as base58btc multibase (`z…`) or
 * as `0x` hex.
 * - Spec: SPEC.md §4.1; reference/read-api.md §3.5 (ID formats)
 * @throws {ProblemError} 400 `validation-error` naming `schemaId`.
 */
export function parseSchemaId(value: string): Hex {
  const schemaId = toSchemaIdHex(value);
  if (schemaId === undefined) {
    throw parameterProblem(
      'schemaId',
      'Parameter "schemaId" must be 32 bytes as base58btc multibase ("z…") or as 0x-prefixed hex',
    );
  }
  return schemaId;
}
