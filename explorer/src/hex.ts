/** Lowercase hex of bytes, without `0x`. */
export function toHex(bytes: Uint8Array): string {
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}

/** The UTF-8 text of `0x…` bytes, or `undefined` when they are not printable UTF-8. */
export function toText(hex: string): string | undefined {
  if (!/^0x([0-9a-fA-F]{2})*$/.test(hex)) return undefined;
  const bytes = new Uint8Array((hex.length - 2) / 2);
  for (let i = 0; i < bytes.length; i++)
    bytes[i] = Number.parseInt(hex.slice(2 + i * 2, 4 + i * 2), 16);
  try {
    const text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
    // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what it rejects
    return /[\u0000-\u0008\u000e-\u001f]/.test(text) ? undefined : text;
  } catch {
    // Not UTF-8: the caller shows the hex.
    return undefined;
  }
}
