import { createPrivateKey, sign } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { type Address, getAddress } from 'viem';
import { generatePrivateKey, type LocalAccount, privateKeyToAccount } from 'viem/accounts';
import { toLowS } from '../crypto/ethereumSignature.js';
import { openPkcs11Key, type Pkcs11Options } from '../crypto/pkcs11/openPkcs11Key.js';
import { toPkcs11EthereumKey } from '../crypto/pkcs11/pkcs11Signers.js';
import { isPkcs11Uri, type Pkcs11Uri, parsePkcs11Uri } from '../crypto/pkcs11/pkcs11Uri.js';
import { EnvironmentError } from '../errors/environment.js';
import { writeFileAtomic } from '../files/writeFileAtomic.js';
import { createDidCoreV1, isDidCoreV1 } from '../identity/didCore.js';
import {
  jwkThumbprint,
  type PrivateEcJwk,
  type PublicEcJwk,
  toPrivateKeyHex,
  toPublicKeyHex,
  toSecp256k1PrivateJwk,
} from '../identity/jwk.js';
import type { JwsSigningKey } from '../identity/signCompactJws.js';

/**
 * What `operator.json` (mode 0600, in the data dir) holds: the operator's did:core, the `kid` of
 * its key (`<did>#<thumbprint>`), the key's address, and the key: a private JWK, or the public JWK
 * and the RFC 7512 `pkcs11:` URI of a key that never leaves an HSM.
 * - Design: DESIGN.md §6, §8
 */
export type OperatorRecord = { did: string; kid: string; address: Address } & (
  | { privateKeyJwk: PrivateEcJwk }
  | { publicKeyJwk: PublicEcJwk; key: string }
);

/** The environment operator, ready to sign wherever its key lives. */
export type Operator = {
  did: string;
  kid: string;
  address: Address;
  publicKeyJwk: PublicEcJwk;
  /** Signs genesis, `deploy` and every admin transaction. */
  account: LocalAccount;
  /** Signs the operator's credentials and presentations (ES256K, low-S). */
  signingKey: JwsSigningKey;
};

/** Where the operator's key comes from. */
export type OperatorKeySetting = {
  /**
   * `CORE_OPERATOR_KEY` / `--operator-key`: an operator record file, or the `pkcs11:` URI of a
   * secp256k1 key in an HSM, whose record is `recordPath`.
   */
  key: string;
  /** The record of an HSM key: `<data dir>/operator.json`. */
  recordPath: string;
  /** The PKCS#11 library and PIN when the URI does not say (`CORE_PKCS11_MODULE`, `CORE_PKCS11_PIN`). */
  pkcs11: Omit<Pkcs11Options, 'setting'>;
};

const SETTING = 'CORE_OPERATOR_KEY';

/** A new operator: a fresh secp256k1 key file and a fresh did:core v1. */
export async function createOperator(): Promise<Operator> {
  return openRecord(await createOperatorRecord(), 'a new operator', undefined);
}

/**
 * Opens the operator a setting names: its record, and its key from the record or the HSM.
 * `create`: a missing record is made (a new did:core, and a new key file unless the key is in
 * an HSM), as the first start of a node or `deploy` do.
 * @throws {EnvironmentError} naming the setting, when the record or the key cannot be used.
 */
export async function openOperator(
  setting: OperatorKeySetting,
  options: { create: boolean },
): Promise<Operator> {
  if (!isPkcs11Uri(setting.key)) {
    if (!existsSync(setting.key) && options.create) {
      writeRecord(setting.key, await createOperatorRecord());
    }
    return openRecord(readRecord(setting.key), setting.key, setting.pkcs11);
  }
  const uri = parseUri(setting.key);
  const hsm = await openHsmKey(uri, setting.pkcs11);
  if (!existsSync(setting.recordPath)) {
    if (!options.create) {
      throw new EnvironmentError(
        `${SETTING}: no operator record "${setting.recordPath}" for the key ${uri.text}: run the command where the node's data directory is`,
      );
    }
    const did = createDidCoreV1();
    writeRecord(setting.recordPath, {
      did,
      kid: `${did}#${await jwkThumbprint(hsm.publicJwk)}`,
      address: hsm.account.address,
      publicKeyJwk: hsm.publicJwk,
      key: uri.text,
    });
  }
  const record = readRecord(setting.recordPath);
  if (!('key' in record) || toPublicKeyHex(record.publicKeyJwk) !== toPublicKeyHex(hsm.publicJwk)) {
    throw new EnvironmentError(
      `${SETTING}: the operator of "${setting.recordPath}" is ${record.address}, not the key ${uri.text} (${hsm.account.address}): hand the role over with "core-registry admin handover"`,
    );
  }
  return toOperator(record, hsm, setting.recordPath);
}

/**
 * The operator `did` would be with another key, and the record that says so: the `handover`
 * target. `key` is a `pkcs11:` URI of a secp256k1 key, or a secp256k1 private JWK file, made
 * (mode 0600) when absent.
 * @throws {EnvironmentError} naming `--to` when the key cannot be used.
 */
export async function prepareOperatorKey(
  did: string,
  key: string,
  pkcs11: Omit<Pkcs11Options, 'setting'>,
): Promise<{ operator: Operator; record: OperatorRecord }> {
  if (!isPkcs11Uri(key) && !existsSync(key)) {
    mkdirSync(dirname(key), { recursive: true });
    const jwk = toSecp256k1PrivateJwk(generatePrivateKey());
    writeFileAtomic(key, `${JSON.stringify(jwk, null, 2)}\n`, { mode: 0o600 });
  }
  const { opened, keyPart } = await openKey(key, pkcs11, '--to');
  const record: OperatorRecord = {
    did,
    kid: `${did}#${await jwkThumbprint(opened.publicJwk)}`,
    address: opened.account.address,
    ...keyPart,
  };
  return { operator: toOperator(record, opened, key), record };
}

/** An Ethereum key, ready to sign wherever it lives. */
export type OpenedKey = {
  account: LocalAccount;
  signingKey: JwsSigningKey;
  publicJwk: PublicEcJwk;
};

/**
 * Opens a secp256k1 key: a `pkcs11:` URI, or a private JWK file.
 * @throws {EnvironmentError} naming `setting` when the key cannot be used.
 */
export async function openSecp256k1Key(
  key: string,
  pkcs11: Omit<Pkcs11Options, 'setting'>,
  setting: string,
): Promise<OpenedKey> {
  return (await openKey(key, pkcs11, setting)).opened;
}

async function openKey(
  key: string,
  pkcs11: Omit<Pkcs11Options, 'setting'>,
  setting: string,
): Promise<{
  opened: OpenedKey;
  keyPart: { privateKeyJwk: PrivateEcJwk } | { publicKeyJwk: PublicEcJwk; key: string };
}> {
  if (isPkcs11Uri(key)) {
    const uri = parseUri(key, setting);
    const opened = await openHsmKey(uri, pkcs11, setting);
    return { opened, keyPart: { publicKeyJwk: opened.publicJwk, key: uri.text } };
  }
  let jwk: unknown;
  try {
    jwk = JSON.parse(readFileSync(key, 'utf8'));
  } catch (cause) {
    throw new EnvironmentError(`${setting}: the key file "${key}" cannot be read as JSON`, {
      cause,
    });
  }
  if (!isSecp256k1Jwk(jwk) || typeof (jwk as PrivateEcJwk).d !== 'string') {
    throw new EnvironmentError(`${setting}: "${key}" is not a secp256k1 private JWK`);
  }
  const { kty, crv, x, y, d } = jwk as PrivateEcJwk;
  return {
    opened: fileKey({ kty, crv, x, y, d }),
    keyPart: { privateKeyJwk: { kty, crv, x, y, d } },
  };
}

/**
 * Reads an operator record file and opens its key.
 * @throws {EnvironmentError} when the file is unreadable or inconsistent, or its key cannot be opened.
 */
export async function readOperator(
  path: string,
  pkcs11: Omit<Pkcs11Options, 'setting'> = { modulePath: undefined, pin: undefined },
): Promise<Operator> {
  return openRecord(readRecord(path), path, pkcs11);
}

/** Writes an operator record (mode 0600), replacing any. */
export function writeRecord(path: string, record: OperatorRecord): void {
  mkdirSync(dirname(path), { recursive: true });
  writeFileAtomic(path, `${JSON.stringify(record, null, 2)}\n`, { mode: 0o600 });
}

/**
 * Parses an operator record and checks that its parts agree (address and `kid` derive from the key).
 * @throws {EnvironmentError} naming the file.
 */
export function readRecord(path: string): OperatorRecord {
  let value: Record<string, unknown>;
  try {
    value = JSON.parse(readFileSync(path, 'utf8')) as Record<string, unknown>;
  } catch (cause) {
    throw new EnvironmentError(`The operator key "${path}" cannot be read as JSON`, { cause });
  }
  const { did, kid, address, privateKeyJwk, publicKeyJwk, key } = value;
  const fail = (message: string): never => {
    throw new EnvironmentError(`${message} of the operator key "${path}"`);
  };
  if (typeof did !== 'string' || !isDidCoreV1(did)) fail('"did" is not a did:core v1');
  if (typeof kid !== 'string') fail('"kid" is missing');
  if (typeof address !== 'string') fail('"address" is missing');
  const common = { did, kid, address } as { did: string; kid: string; address: Address };
  if (typeof key === 'string') {
    if (!isSecp256k1Jwk(publicKeyJwk)) fail('"publicKeyJwk" is not a secp256k1 public JWK');
    return { ...common, publicKeyJwk: publicKeyJwk as PublicEcJwk, key };
  }
  if (!isSecp256k1Jwk(privateKeyJwk) || typeof (privateKeyJwk as PrivateEcJwk).d !== 'string') {
    fail('"privateKeyJwk" is not a secp256k1 private JWK (or "key" a pkcs11: URI)');
  }
  return { ...common, privateKeyJwk: privateKeyJwk as PrivateEcJwk };
}

/** The record of a new operator: a fresh secp256k1 key (a private JWK) and a fresh did:core v1. */
export async function createOperatorRecord(): Promise<
  OperatorRecord & { privateKeyJwk: PrivateEcJwk }
> {
  const privateKey = generatePrivateKey();
  const privateKeyJwk = toSecp256k1PrivateJwk(privateKey);
  const { kty, crv, x, y } = privateKeyJwk;
  const did = createDidCoreV1();
  return {
    did,
    kid: `${did}#${await jwkThumbprint({ kty, crv, x, y })}`,
    address: privateKeyToAccount(privateKey).address,
    privateKeyJwk,
  };
}

async function openRecord(
  record: OperatorRecord,
  path: string,
  pkcs11: Omit<Pkcs11Options, 'setting'> | undefined,
): Promise<Operator> {
  if ('privateKeyJwk' in record) {
    const operator = toOperator(record, fileKey(record.privateKeyJwk), path);
    await checkKid(operator, path);
    return operator;
  }
  const hsm = await openHsmKey(
    parseUri(record.key),
    pkcs11 ?? { modulePath: undefined, pin: undefined },
  );
  if (toPublicKeyHex(hsm.publicJwk) !== toPublicKeyHex(record.publicKeyJwk)) {
    throw new EnvironmentError(
      `"publicKeyJwk" of the operator key "${path}" is not the public key of ${record.key}`,
    );
  }
  const operator = toOperator(record, hsm, path);
  await checkKid(operator, path);
  return operator;
}

function toOperator(record: OperatorRecord, key: OpenedKey, path: string): Operator {
  if (getAddress(record.address) !== key.account.address) {
    throw new EnvironmentError(`"address" of the operator key "${path}" does not match its key`);
  }
  return {
    did: record.did,
    kid: record.kid,
    address: key.account.address,
    publicKeyJwk: key.publicJwk,
    account: key.account,
    signingKey: key.signingKey,
  };
}

async function checkKid(operator: Operator, path: string): Promise<void> {
  const expected = `${operator.did}#${await jwkThumbprint(operator.publicKeyJwk)}`;
  if (operator.kid !== expected) {
    throw new EnvironmentError(`"kid" of the operator key "${path}" must be "${expected}"`);
  }
}

function fileKey(privateKeyJwk: PrivateEcJwk): OpenedKey {
  const { kty, crv, x, y, d } = privateKeyJwk;
  const privateKey = createPrivateKey({ key: { kty, crv, x, y, d }, format: 'jwk' });
  return {
    account: privateKeyToAccount(toPrivateKeyHex(privateKeyJwk)),
    signingKey: {
      alg: 'ES256K',
      sign: async (input) =>
        toLowS(sign('sha256', input, { key: privateKey, dsaEncoding: 'ieee-p1363' })),
    },
    publicJwk: { kty, crv, x, y },
  };
}

async function openHsmKey(
  uri: Pkcs11Uri,
  pkcs11: Omit<Pkcs11Options, 'setting'>,
  setting = SETTING,
): Promise<OpenedKey> {
  const key = await openPkcs11Key(uri, { setting, ...pkcs11 });
  if (key.curve !== 'secp256k1') {
    throw new EnvironmentError(
      `${setting}: the operator signs Ethereum transactions: the key must be secp256k1, not ${key.curve} (${uri.text})`,
    );
  }
  return toPkcs11EthereumKey(key);
}

function parseUri(text: string, setting = SETTING): Pkcs11Uri {
  try {
    return parsePkcs11Uri(text);
  } catch (cause) {
    throw new EnvironmentError(`${setting}: ${(cause as Error).message}`, { cause });
  }
}

function isSecp256k1Jwk(value: unknown): boolean {
  const jwk = value as Partial<PublicEcJwk> | undefined;
  return (
    jwk?.kty === 'EC' &&
    jwk.crv === 'secp256k1' &&
    typeof jwk.x === 'string' &&
    typeof jwk.y === 'string'
  );
}

/** The operator of a record file, made (with a new key file) when absent: the embedded default. */
export function loadOrCreateOperator(path: string): Promise<Operator> {
  return openOperator(
    { key: path, recordPath: path, pkcs11: { modulePath: undefined, pin: undefined } },
    { create: true },
  );
}

/** The operator key a node's configuration names; its record is `<dataDir>/operator.json`. */
export function operatorKeyOf(config: {
  operatorKey: string;
  dataDir: string;
  pkcs11: Omit<Pkcs11Options, 'setting'>;
}): OperatorKeySetting {
  return {
    key: config.operatorKey,
    recordPath: join(config.dataDir, 'operator.json'),
    pkcs11: config.pkcs11,
  };
}
