import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { type Address, getAddress } from 'viem';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { EnvironmentError } from '../errors/environment.js';
import { writeFileAtomic } from '../files/writeFileAtomic.js';
import { createDidCoreV1, isDidCoreV1 } from '../identity/didCore.js';
import {
  jwkThumbprint,
  type PrivateEcJwk,
  toPrivateKeyHex,
  toSecp256k1PrivateJwk,
} from '../identity/jwk.js';

/**
 * The environment operator: its did:core, the key that controls it (`kid` = `<did>#<vMethodId>`)
 * and the address of that key. Stored as `operator.json` (mode 0600) in the data dir.
 * - Design: DESIGN.md §6, §8
 */
export type Operator = {
  did: string;
  kid: string;
  address: Address;
  privateKeyJwk: PrivateEcJwk;
};

/** A new operator: a fresh secp256k1 key and a fresh did:core v1. */
export async function createOperator(): Promise<Operator> {
  const privateKey = generatePrivateKey();
  const privateKeyJwk = toSecp256k1PrivateJwk(privateKey);
  const did = createDidCoreV1();
  return {
    did,
    kid: `${did}#${await jwkThumbprint(privateKeyJwk)}`,
    address: privateKeyToAccount(privateKey).address,
    privateKeyJwk,
  };
}

/**
 * Reads an operator file and checks that its parts agree (address and `kid` derive from the key).
 * @throws {EnvironmentError} when the file is unreadable or inconsistent.
 */
export async function readOperator(path: string): Promise<Operator> {
  let value: Partial<Operator>;
  try {
    value = JSON.parse(readFileSync(path, 'utf8')) as Partial<Operator>;
  } catch (cause) {
    throw new EnvironmentError(`The operator key "${path}" cannot be read as JSON`, { cause });
  }
  const { did, kid, address, privateKeyJwk } = value;
  if (typeof did !== 'string' || !isDidCoreV1(did)) {
    throw new EnvironmentError(`"did" of the operator key "${path}" is not a did:core v1`);
  }
  if (
    privateKeyJwk?.kty !== 'EC' ||
    privateKeyJwk.crv !== 'secp256k1' ||
    typeof privateKeyJwk.d !== 'string'
  ) {
    throw new EnvironmentError(
      `"privateKeyJwk" of the operator key "${path}" is not a secp256k1 private JWK`,
    );
  }
  const derived = privateKeyToAccount(toPrivateKeyHex(privateKeyJwk)).address;
  if (typeof address !== 'string' || getAddress(address) !== derived) {
    throw new EnvironmentError(`"address" of the operator key "${path}" does not match its key`);
  }
  const expectedKid = `${did}#${await jwkThumbprint(privateKeyJwk)}`;
  if (kid !== expectedKid) {
    throw new EnvironmentError(`"kid" of the operator key "${path}" must be "${expectedKid}"`);
  }
  return { did, kid, address: derived, privateKeyJwk };
}

/** Reads the operator file, creating it (mode 0600) when absent. */
export async function loadOrCreateOperator(path: string): Promise<Operator> {
  if (existsSync(path)) return readOperator(path);
  const operator = await createOperator();
  mkdirSync(dirname(path), { recursive: true });
  writeFileAtomic(path, `${JSON.stringify(operator, null, 2)}\n`, { mode: 0o600 });
  return operator;
}
