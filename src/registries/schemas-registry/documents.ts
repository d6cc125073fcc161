import { type Hex, hexToBytes } from 'viem';

const UTF8 = new TextDecoder('utf-8', { fatal: true });

/**
 * The text of stored document bytes when they are UTF-8 JSON (any JSON value), as stored, so that
 * a served document hashes to its content-addressed id; `undefined` otherwise.
 */
export function toJsonText(bytes: Hex): string | undefined {
  let text: string;
  try {
    text = UTF8.decode(hexToBytes(bytes));
    JSON.parse(text);
  } catch {
    // Not UTF-8, or not JSON text: not a JSON document.
    return undefined;
  }
  return text;
}

/**
 * The JSON value of stored document bytes, wrapped so that the JSON `null` is told apart from
 * "not JSON"; `undefined` when the bytes are not UTF-8 JSON.
 */
export function toJsonValue(bytes: Hex): { value: unknown } | undefined {
  const text = toJsonText(bytes);
  return text === undefined ? undefined : { value: JSON.parse(text) as unknown };
}
