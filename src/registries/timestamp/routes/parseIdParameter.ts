import type { Hex } from 'viem';
import { validationProblem } from '../../../errors/problem.js';
import { toRecordIdHex, toTimestampIdHex } from '../ids.js';

/**
 * Decodes an id given as a path or query parameter.
 * @param decode Returns the decoded value, or `undefined` when `value` is not in an accepted form.
 * @param expected The accepted forms, completing `Parameter "<name>" must be …`.
 * @throws {ProblemError} 400 `validation-error` naming `parameter`.
 */
export function parseIdParameter<T>(
  value: string,
  parameter: string,
  decode: (value: string) => T | undefined,
  expected: string,
): T {
  const decoded = decode(value);
  if (decoded === undefined) {
    throw validationProblem([
      { parameter, detail: `Parameter "${parameter}" must be ${expected}` },
    ]);
  }
  return decoded;
}

/**
 * The `timestampId` path parameter as on-chain hex.
 * @throws {ProblemError} 400 `validation-error` naming `timestampId`.
 */
export function parseTimestampId(value: string): Hex {
  return parseIdParameter(
    value,
    'timestampId',
    toTimestampIdHex,
    'a sha2-256 multihash of 32 bytes as base64url multibase ("u…"), or 32 bytes as 0x-prefixed hex',
  );
}

/**
 * The `recordId` path parameter as on-chain hex.
 * @throws {ProblemError} 400 `validation-error` naming `recordId`.
 */
export function parseRecordId(value: string): Hex {
  return parseIdParameter(
    value,
    'recordId',
    toRecordIdHex,
    '32 bytes as base64url multibase ("u…") or as 0x-prefixed hex',
  );
}
