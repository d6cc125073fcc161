/**
 * The few `Buffer` calls the verifier's shared code makes (`from` bytes, an `ArrayBuffer`'s range,
 * hex or base64url;
 * `toString` as base64url or UTF-8), over a `Uint8Array`: the browser has no `Buffer`.
 */
class BrowserBuffer extends Uint8Array {
  override toString(encoding: 'utf8' | 'base64url' | 'hex' = 'utf8'): string {
    if (encoding === 'utf8') return new TextDecoder().decode(this);
    if (encoding === 'hex')
      return Array.from(this, (b) => b.toString(16).padStart(2, '0')).join('');
    let binary = '';
    for (const byte of this) binary += String.fromCharCode(byte);
    return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
  }
}

function from(
  value: string | ArrayLike<number> | ArrayBuffer,
  encoding: string | number = 'utf8',
  length?: number,
): BrowserBuffer {
  // `Buffer.from(arrayBuffer, byteOffset, length)`: a view of the same memory, as Node's.
  if (value instanceof ArrayBuffer) return new BrowserBuffer(value, Number(encoding) || 0, length);
  if (typeof value !== 'string') return new BrowserBuffer(Array.from(value));
  if (encoding === 'hex') {
    if (!/^(?:[0-9a-fA-F]{2})*$/.test(value)) throw new TypeError('Not hex');
    return new BrowserBuffer(value.match(/../g)?.map((pair) => Number.parseInt(pair, 16)) ?? []);
  }
  if (encoding === 'base64url' || encoding === 'base64') {
    const base64 = value.replace(/-/g, '+').replace(/_/g, '/').replace(/=+$/, '');
    const binary = atob(base64.padEnd(Math.ceil(base64.length / 4) * 4, '='));
    return new BrowserBuffer(Array.from(binary, (char) => char.charCodeAt(0)));
  }
  return new BrowserBuffer(new TextEncoder().encode(value));
}

// Installed on load, where there is none: the bundle's entry imports this module first.
const scope = globalThis as Record<string, unknown>;
scope.Buffer ??= { from, isBuffer: (value: unknown) => value instanceof BrowserBuffer };
