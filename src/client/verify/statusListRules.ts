import { isRecord } from './checkShape.js';

/** A `credentialStatus` entry that names a bit of a status list served by an issuer proxy. */
export type StatusEntry = {
  purpose: 'revocation' | 'suspension';
  index: number;
  /** `statusListCredential`, as the credential names it. */
  list: string;
  /** The node path that resolves it: `/v1/issuers-registry/issuers/{did}/proxies/{id}/{path}`. */
  path: string;
  /** The Issuers Registry entry of the proxy: `/v1/issuers-registry/issuers/{did}/proxies/{id}`. */
  proxy: string;
};

const ENTRY_TYPES: readonly unknown[] = ['StatusList2021Entry', 'BitstringStatusListEntry'];
const PURPOSES: readonly unknown[] = ['revocation', 'suspension'];
const PROXY_PATH = /^(\/v1\/issuers-registry\/issuers\/([^/]+)\/proxies\/[^/]+)\/.+$/;
/** GZIP's magic number in base64: a multibase `u` prefix before it is not part of the data. */
const GZIP_BASE64 = 'H4sI';

/**
 * Parses a StatusList2021 (or Bitstring Status List) entry whose list is resolved through a proxy
 * of the credential's issuer in the Issuers Registry. Only such lists are read: through the node,
 * whatever host the URL names, so the verifier reaches nothing but the node's public API.
 * - Spec: reference/read-api.md §3.3 (proxy resolution)
 * @returns the entry, or why it cannot be checked.
 */
export function parseStatusEntry(
  status: Record<string, unknown>,
  issuer: string,
): StatusEntry | string {
  if (!ENTRY_TYPES.includes(status.type))
    return `The "credentialStatus" "type" must be one of ${ENTRY_TYPES.join(', ')}`;
  if (!PURPOSES.includes(status.statusPurpose))
    return `The "credentialStatus" "statusPurpose" must be one of ${PURPOSES.join(', ')}`;
  const index = Number(status.statusListIndex);
  if (!/^\d+$/.test(String(status.statusListIndex)) || !Number.isSafeInteger(index))
    return 'The "credentialStatus" "statusListIndex" must be a whole number';
  const list = status.statusListCredential;
  if (typeof list !== 'string' || !URL.canParse(list))
    return 'The "credentialStatus" "statusListCredential" must be a URL';
  const url = new URL(list);
  const [, proxy, did] = PROXY_PATH.exec(url.pathname) ?? [];
  if (
    proxy === undefined ||
    did === undefined ||
    (did !== issuer && did !== encodeURIComponent(issuer))
  )
    return `The "statusListCredential" is not resolved by a proxy of ${issuer} in the Issuers Registry`;
  return {
    purpose: status.statusPurpose as StatusEntry['purpose'],
    index,
    list,
    path: `${url.pathname}${url.search}`,
    proxy,
  };
}

/**
 * Reads bit `index` of a status list's `encodedList` (GZIP, base64url, optionally multibase `u`):
 * bit 0 is the most significant bit of the first byte. Decompressed with the web platform's
 * `DecompressionStream`, not `node:zlib`, so that the explorer can run the verifier in a browser.
 * @returns the bit, or why the list cannot be read.
 */
export async function readStatusBit(
  encodedList: unknown,
  index: number,
): Promise<boolean | string> {
  if (typeof encodedList !== 'string' || encodedList === '')
    return 'The status list has no "encodedList"';
  const base64 = encodedList.startsWith(`u${GZIP_BASE64}`) ? encodedList.slice(1) : encodedList;
  let bits: Uint8Array;
  try {
    bits = await gunzip(Buffer.from(base64, 'base64url'));
  } catch {
    return 'The status list "encodedList" is not GZIP-compressed base64url';
  }
  const byte = bits[index >> 3];
  if (byte === undefined)
    return `The status list holds ${bits.length * 8} entries, not entry ${index}`;
  return ((byte >> (7 - (index & 7))) & 1) === 1;
}

/** The credential inside a status list JWT payload (VCDM 1.1 `vc`, or VCDM 2.0 itself). */
export function toStatusListCredential(payload: Record<string, unknown>): Record<string, unknown> {
  return isRecord(payload.vc) ? payload.vc : payload;
}

async function gunzip(data: Uint8Array): Promise<Uint8Array> {
  const stream = new Blob([data]).stream().pipeThrough(new DecompressionStream('gzip'));
  return new Uint8Array(await new Response(stream).arrayBuffer());
}
