/**
 * A key in a PKCS#11 token, as an RFC 7512 URI names it: `pkcs11:token=<label>;object=<label>`
 * (`id=<%-encoded bytes>` may stand for or narrow `object`), with the library and the PIN's
 * source as query attributes: `?module-path=/usr/lib/softhsm/libsofthsm2.so&pin-source=file:/etc/core/pin`.
 */
export type Pkcs11Uri = {
  token: string;
  object: string | undefined;
  id: Uint8Array | undefined;
  /** The PKCS#11 library (`module-path`); else the `CORE_PKCS11_MODULE` setting. */
  modulePath: string | undefined;
  /** A file holding the user PIN (`pin-source=file:…`); else the `CORE_PKCS11_PIN` setting. */
  pinFile: string | undefined;
  /** The URI as given, safe to print: it never carries a PIN. */
  text: string;
};

const PATH_ATTRIBUTES = new Set([
  'token',
  'object',
  'id',
  'type',
  'manufacturer',
  'model',
  'serial',
  'library-manufacturer',
  'library-description',
  'library-version',
  'slot-id',
  'slot-description',
  'slot-manufacturer',
]);

/** Whether a key setting names a PKCS#11 key rather than a file. */
export function isPkcs11Uri(value: string): boolean {
  return value.toLowerCase().startsWith('pkcs11:');
}

/**
 * Parses a PKCS#11 URI naming one private key. Refuses what would leak or mislead: a PIN in the
 * URI itself (`pin-value`: settings end up in shell histories and process lists), a PIN source
 * other than a file, a key of another type, and attributes this node cannot honour.
 * @throws {TypeError} saying what is wrong, without repeating any secret.
 */
export function parsePkcs11Uri(text: string): Pkcs11Uri {
  if (!isPkcs11Uri(text)) throw new TypeError('a PKCS#11 URI starts with "pkcs11:"');
  const [path = '', query = ''] = text.slice('pkcs11:'.length).split('?', 2);
  const attributes = new Map<string, string>();
  for (const part of path.split(';').filter(Boolean)) {
    const [name, value] = splitAttribute(part);
    if (!PATH_ATTRIBUTES.has(name)) throw new TypeError(`unknown attribute "${name}"`);
    if (attributes.has(name)) throw new TypeError(`"${name}" is given twice`);
    attributes.set(name, value);
  }
  let modulePath: string | undefined;
  let pinFile: string | undefined;
  for (const part of query.split('&').filter(Boolean)) {
    const [name, value] = splitAttribute(part);
    if (name === 'pin-value') {
      throw new TypeError(
        'a PIN never goes in the URI ("pin-value"): use "pin-source=file:<path>" or CORE_PKCS11_PIN',
      );
    }
    if (name === 'module-path') modulePath = decode(value, 'module-path');
    else if (name === 'pin-source') {
      const source = decode(value, 'pin-source');
      if (!source.startsWith('file:')) {
        throw new TypeError(
          '"pin-source" must be a file: URI (e.g. "file:/etc/core-registry/pin")',
        );
      }
      pinFile = source.startsWith('file://') ? new URL(source).pathname : source.slice(5);
    } else if (name !== 'module-name') throw new TypeError(`unknown query attribute "${name}"`);
  }
  const type = attributes.get('type');
  if (type !== undefined && type !== 'private') {
    throw new TypeError(`"type=${type}" names no private key`);
  }
  const token = attributes.get('token');
  if (token === undefined) throw new TypeError('"token" (the token label) is required');
  const object = attributes.get('object');
  const id = attributes.get('id');
  if (object === undefined && id === undefined) {
    throw new TypeError('"object" (the key label) or "id" is required');
  }
  return {
    token: decode(token, 'token'),
    object: object === undefined ? undefined : decode(object, 'object'),
    id: id === undefined ? undefined : decodeBytes(id),
    modulePath,
    pinFile,
    text,
  };
}

function splitAttribute(part: string): [string, string] {
  const at = part.indexOf('=');
  if (at <= 0) throw new TypeError(`"${part}" is not an attribute (name=value)`);
  return [part.slice(0, at).toLowerCase(), part.slice(at + 1)];
}

function decode(value: string, name: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    throw new TypeError(`"${name}" is not %-encoded correctly`);
  }
}

/** RFC 7512 `id`: bytes, each usually written `%XX`. */
function decodeBytes(value: string): Uint8Array {
  const bytes: number[] = [];
  for (let i = 0; i < value.length; i++) {
    if (value[i] === '%') {
      const hex = value.slice(i + 1, i + 3);
      if (!/^[0-9a-fA-F]{2}$/.test(hex)) throw new TypeError('"id" is not %-encoded correctly');
      bytes.push(Number.parseInt(hex, 16));
      i += 2;
    } else bytes.push(value.charCodeAt(i));
  }
  return Uint8Array.from(bytes);
}
