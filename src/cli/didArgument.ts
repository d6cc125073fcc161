import { isDidCoreV1 } from '../identity/didCore.js';
import { isDidKey } from '../identity/didKey.js';
import { CliUsageError } from './output.js';

/** The DID forms a command may take, each checked by the function the node checks it with. */
const DID_FORMS = { 'did:core v1': isDidCoreV1, 'did:key': isDidKey } as const;

export type DidForm = keyof typeof DID_FORMS;

/**
 * `value`, when it is a DID of one of `forms` as the node would accept it.
 * @throws {CliUsageError} `usage`, followed by what is wrong with `value`.
 */
export function parseDidArgument(
  value: string | undefined,
  forms: readonly DidForm[],
  usage: string,
): string {
  if (value !== undefined && forms.some((form) => DID_FORMS[form](value))) return value;
  throw new CliUsageError(
    value === undefined ? usage : `${usage}: "${value}" is not a valid ${forms.join(' nor a ')}`,
  );
}
