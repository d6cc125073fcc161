import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type * as Pkcs11Js from 'pkcs11js';
import { EnvironmentError } from '../../errors/environment.js';
import { SignerUnavailableError } from '../../errors/signer.js';
import type { Pkcs11Uri } from './pkcs11Uri.js';

/** The curves of our keys: P-256 for access tokens (ES256), secp256k1 for Ethereum and ES256K. */
export type KeyCurve = 'P-256' | 'secp256k1';

/** A private key inside a PKCS#11 token: its public half, and signatures of digests. */
export type Pkcs11Key = {
  curve: KeyCurve;
  /** The uncompressed SEC1 point, 65 bytes. */
  publicKey: Uint8Array;
  /**
   * ECDSA over a digest the caller hashed (SHA-256, keccak-256), inside the token.
   * @returns `r ‖ s`, 64 bytes, as the token made it (not normalised).
   * @throws {SignerUnavailableError} when the token cannot sign; the next call tries again.
   */
  signDigest(digest: Uint8Array): Promise<Uint8Array>;
  /** The URI, safe to print. */
  uri: string;
};

/** Where the library and the PIN come from when the URI does not say (the settings' values). */
export type Pkcs11Options = {
  /** The setting that named the key, for messages: e.g. `CORE_TOKEN_SIGNING_KEY`. */
  setting: string;
  /** `CORE_PKCS11_MODULE`. */
  modulePath: string | undefined;
  /** `CORE_PKCS11_PIN`. */
  pin: string | undefined;
};

/** DER of each curve's OID, as `CKA_EC_PARAMS` holds it. */
const CURVE_PARAMS: Record<KeyCurve, string> = {
  'P-256': '06082a8648ce3d030107',
  secp256k1: '06052b8104000a',
};

/**
 * Opens the private key a PKCS#11 URI names: loads the library, finds the token by label, logs
 * in, finds exactly one private key and its public key. Every failure is one message naming
 * the setting.
 * @throws {EnvironmentError} when PKCS#11 support is not installed, the library cannot be
 *   loaded, or the token, the PIN or the key is wrong.
 */
export async function openPkcs11Key(uri: Pkcs11Uri, options: Pkcs11Options): Promise<Pkcs11Key> {
  const session = openSession(uri, options);
  const fail = (message: string): never => {
    throw new EnvironmentError(`${options.setting}: ${message} (${uri.text})`);
  };
  const found = findKeyPair(session, uri);
  if (!found) return fail('no private key in the token matches "object"/"id"');
  if (found === 'ambiguous') return fail('more than one private key matches: add "id"');
  return toKey(session, found, uri, options, fail);
}

/**
 * Generates a key pair inside the token, the private half sensitive and never extractable, under
 * the URI's `object` label (and `id`).
 * @throws {EnvironmentError} as `openPkcs11Key`, or when a key of that label exists already.
 */
export async function generatePkcs11Key(
  uri: Pkcs11Uri,
  curve: KeyCurve,
  options: Pkcs11Options,
): Promise<Pkcs11Key> {
  const session = openSession(uri, options);
  const fail = (message: string): never => {
    throw new EnvironmentError(`${options.setting}: ${message} (${uri.text})`);
  };
  if (findKeyPair(session, uri)) fail('a key of that label already exists in the token');
  const { lib, handle, module: pkcs11 } = session;
  const named = [
    ...(uri.object === undefined ? [] : [{ type: pkcs11.CKA_LABEL, value: uri.object }]),
    ...(uri.id === undefined ? [] : [{ type: pkcs11.CKA_ID, value: Buffer.from(uri.id) }]),
    { type: pkcs11.CKA_TOKEN, value: true },
  ];
  let pair: Pkcs11Js.KeyPair;
  try {
    pair = lib.C_GenerateKeyPair(
      handle,
      { mechanism: pkcs11.CKM_EC_KEY_PAIR_GEN },
      [
        ...named,
        { type: pkcs11.CKA_EC_PARAMS, value: Buffer.from(CURVE_PARAMS[curve], 'hex') },
        { type: pkcs11.CKA_VERIFY, value: true },
      ],
      [
        ...named,
        { type: pkcs11.CKA_PRIVATE, value: true },
        { type: pkcs11.CKA_SIGN, value: true },
        { type: pkcs11.CKA_SENSITIVE, value: true },
        { type: pkcs11.CKA_EXTRACTABLE, value: false },
      ],
    );
  } catch (cause) {
    return fail(`the token cannot generate a ${curve} key: ${describe(cause)}`);
  }
  return toKey(
    session,
    { privateKey: pair.privateKey, publicKey: pair.publicKey },
    uri,
    options,
    fail,
  );
}

type Session = {
  lib: Pkcs11Js.PKCS11;
  module: typeof Pkcs11Js;
  handle: Buffer;
  slot: Buffer;
};

/** One initialised library per path for the whole process (PKCS#11 allows one per process). */
const libraries = new Map<string, Pkcs11Js.PKCS11>();

function openSession(uri: Pkcs11Uri, options: Pkcs11Options): Session {
  const fail = (message: string, cause?: unknown): never => {
    throw new EnvironmentError(`${options.setting}: ${message} (${uri.text})`, { cause });
  };
  const pkcs11 = loadBinding(options.setting);
  const modulePath = uri.modulePath ?? options.modulePath;
  if (!modulePath) {
    return fail('no PKCS#11 library: add "?module-path=<library .so>" or set CORE_PKCS11_MODULE');
  }
  let lib = libraries.get(modulePath);
  if (!lib) {
    lib = new pkcs11.PKCS11();
    try {
      lib.load(modulePath);
    } catch (cause) {
      return fail(
        `the PKCS#11 library "${modulePath}" cannot be loaded: ${describe(cause)}`,
        cause,
      );
    }
    try {
      lib.C_Initialize();
    } catch (cause) {
      // Another copy of this module (a test runner's) started the library in this process.
      if ((cause as { code?: number }).code === pkcs11.CKR_CRYPTOKI_ALREADY_INITIALIZED) {
        libraries.set(modulePath, lib);
      } else
        return fail(
          `the PKCS#11 library "${modulePath}" does not start: ${describe(cause)}`,
          cause,
        );
    }
    libraries.set(modulePath, lib);
  }
  // A slot whose token was just removed may fail to describe itself: it is not the one.
  const labelOf = (candidate: Buffer) => {
    try {
      return lib.C_GetTokenInfo(candidate).label.trim();
    } catch {
      return undefined;
    }
  };
  let slots: Buffer[];
  try {
    slots = lib.C_GetSlotList(true);
  } catch (cause) {
    return fail(`the PKCS#11 library "${modulePath}" lists no slots: ${describe(cause)}`, cause);
  }
  const slot = slots.find((candidate) => labelOf(candidate) === uri.token);
  if (!slot) return fail(`no token labelled "${uri.token}" in "${modulePath}"`);
  const pin = readPin(uri, options, fail);
  let handle: Buffer;
  try {
    handle = lib.C_OpenSession(slot, pkcs11.CKF_SERIAL_SESSION | pkcs11.CKF_RW_SESSION);
  } catch (cause) {
    return fail(`no session with the token: ${describe(cause)}`, cause);
  }
  try {
    lib.C_Login(handle, pkcs11.CKU_USER, pin);
  } catch (cause) {
    // The login state is the token's, for the whole process: a second key is already in.
    if ((cause as { code?: number }).code !== pkcs11.CKR_USER_ALREADY_LOGGED_IN) {
      lib.C_CloseSession(handle);
      const wrongPin = (cause as { code?: number }).code === pkcs11.CKR_PIN_INCORRECT;
      return fail(wrongPin ? 'the PIN is wrong' : `login refused: ${describe(cause)}`, cause);
    }
  }
  return { lib, module: pkcs11, handle, slot };
}

function readPin(uri: Pkcs11Uri, options: Pkcs11Options, fail: (m: string) => never): string {
  if (uri.pinFile !== undefined) {
    try {
      return readFileSync(uri.pinFile, 'utf8').replace(/\r?\n$/, '');
    } catch {
      return fail(`the PIN file "${uri.pinFile}" cannot be read`);
    }
  }
  if (options.pin !== undefined) return options.pin;
  return fail('no PIN: add "?pin-source=file:<path>" or set CORE_PKCS11_PIN');
}

type KeyPairHandles = { privateKey: Buffer; publicKey: Buffer | undefined };

function findKeyPair(session: Session, uri: Pkcs11Uri): KeyPairHandles | 'ambiguous' | undefined {
  const { lib, handle, module: pkcs11 } = session;
  const find = (keyClass: number): Buffer[] => {
    lib.C_FindObjectsInit(handle, [
      { type: pkcs11.CKA_CLASS, value: keyClass },
      ...(uri.object === undefined ? [] : [{ type: pkcs11.CKA_LABEL, value: uri.object }]),
      ...(uri.id === undefined ? [] : [{ type: pkcs11.CKA_ID, value: Buffer.from(uri.id) }]),
    ]);
    try {
      return lib.C_FindObjects(handle, 2);
    } finally {
      lib.C_FindObjectsFinal(handle);
    }
  };
  const privateKeys = find(pkcs11.CKO_PRIVATE_KEY);
  if (privateKeys.length > 1) return 'ambiguous';
  const [privateKey] = privateKeys;
  if (!privateKey) return undefined;
  const publicKeys = find(pkcs11.CKO_PUBLIC_KEY);
  return { privateKey, publicKey: publicKeys.length === 1 ? publicKeys[0] : undefined };
}

function toKey(
  session: Session,
  handles: KeyPairHandles,
  uri: Pkcs11Uri,
  options: Pkcs11Options,
  fail: (message: string) => never,
): Pkcs11Key {
  const { lib, module: pkcs11 } = session;
  const attribute = (object: Buffer, type: number): Buffer | undefined => {
    try {
      return lib.C_GetAttributeValue(session.handle, object, [{ type }])[0]?.value;
    } catch {
      return undefined;
    }
  };
  const params = attribute(handles.privateKey, pkcs11.CKA_EC_PARAMS)?.toString('hex');
  const curve = (Object.keys(CURVE_PARAMS) as KeyCurve[]).find((c) => CURVE_PARAMS[c] === params);
  if (!curve) return fail('the key is not an EC key of P-256 or secp256k1');
  const point = handles.publicKey && attribute(handles.publicKey, pkcs11.CKA_EC_POINT);
  if (!point) return fail('the key has no public key object of the same label/id in the token');
  const publicKey = toUncompressedPoint(point);
  if (!publicKey) return fail('the public key object does not hold an uncompressed EC point');
  let current: { handle: Buffer; privateKey: Buffer } | undefined = {
    handle: session.handle,
    privateKey: handles.privateKey,
  };
  // One operation at a time per session (PKCS#11 sessions are not concurrent).
  let queue: Promise<unknown> = Promise.resolve();
  const signOnce = async (digest: Uint8Array): Promise<Uint8Array> => {
    try {
      if (!current) {
        // The last signature failed: a new session, a new login, the key found again.
        const reopened = openSession(uri, options);
        const found = findKeyPair(reopened, uri);
        if (!found || found === 'ambiguous') throw new Error('the key is no longer in the token');
        current = { handle: reopened.handle, privateKey: found.privateKey };
      }
      lib.C_SignInit(current.handle, { mechanism: pkcs11.CKM_ECDSA }, current.privateKey);
      const signature = await lib.C_SignAsync(
        current.handle,
        Buffer.from(digest),
        Buffer.alloc(64),
      );
      return new Uint8Array(signature);
    } catch (cause) {
      if (current) {
        try {
          lib.C_CloseSession(current.handle);
        } catch {}
      }
      current = undefined;
      throw new SignerUnavailableError(uri.text, { cause });
    }
  };
  return {
    curve,
    publicKey,
    uri: uri.text,
    signDigest(digest) {
      const signed = queue.then(() => signOnce(digest));
      queue = signed.catch(() => {});
      return signed;
    },
  };
}

/** `CKA_EC_POINT` is a DER OCTET STRING around the point in most tokens, the bare point in some. */
function toUncompressedPoint(value: Buffer): Uint8Array | undefined {
  if (value.length === 65 && value[0] === 0x04) return new Uint8Array(value);
  if (value.length === 67 && value[0] === 0x04 && value[1] === 0x41 && value[2] === 0x04) {
    return new Uint8Array(value.subarray(2));
  }
  return undefined;
}

/**
 * The optional native binding, loaded only when a key is configured: `npm install` without a
 * compiler leaves it out, and nothing else needs it.
 */
function loadBinding(setting: string): typeof Pkcs11Js {
  try {
    return createRequire(import.meta.url)('pkcs11js') as typeof Pkcs11Js;
  } catch (cause) {
    throw new EnvironmentError(
      `${setting}: PKCS#11 support is not installed: its optional binding "pkcs11js" did not build (it needs python3, make and a C++ compiler); install them and run "npm install"`,
      { cause },
    );
  }
}

function describe(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
