import { generateKeyPairSync } from 'node:crypto';
import { type Hex, toHex } from 'viem';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { describe, expect, test } from 'vitest';
import {
  DEFAULT_DID_CONTEXT,
  type DidDocumentRecord,
  toDidDocument,
  toPlainDidDocument,
} from './didDocument.js';
import { toPublicJwk } from './jwk.js';

const DID = 'did:core:z5ZWoAn4yY4wVrvqxSn9hMV';
const OTHER = 'did:core:zAnotherControllerDid';
const SECP = privateKeyToAccount(generatePrivateKey()).publicKey;
const P256 = (() => {
  const jwk = generateKeyPairSync('ec', { namedCurve: 'P-256' }).publicKey.export({
    format: 'jwk',
  });
  return toHex(
    Buffer.concat([
      Buffer.from([4]),
      Buffer.from(jwk.x ?? '', 'base64url'),
      Buffer.from(jwk.y ?? '', 'base64url'),
    ]),
  );
})();
const CONTEXT = ['https://www.w3.org/ns/did/v1', 'https://w3id.org/security/suites/jws-2020/v1'];

const relationship = (name: string) => ({ name, notBefore: 0n, notAfter: 10n });
const method = (vMethodId: string, publicKey: Hex, isSecp256k1: boolean, names: string[]) => ({
  vMethodId,
  publicKey,
  isSecp256k1,
  relationships: names.map(relationship),
});
const record = (overrides: Partial<DidDocumentRecord> = {}): DidDocumentRecord => ({
  baseDocument: JSON.stringify({ '@context': CONTEXT }),
  controllers: [DID],
  verificationMethods: [],
  ...overrides,
});

describe('toDidDocument', () => {
  test('default: methods as JsonWebKey2020 and relationships as references', () => {
    const { document, baseDocumentValid } = toDidDocument(
      DID,
      record({
        controllers: [DID, OTHER],
        verificationMethods: [
          method('k1', SECP, true, ['authentication', 'capabilityInvocation']),
          method('p1', P256, false, ['authentication', 'assertionMethod']),
        ],
      }),
    );
    expect(baseDocumentValid).toBe(true);
    expect(document).toEqual({
      '@context': CONTEXT,
      id: DID,
      controller: [DID, OTHER],
      verificationMethod: [
        {
          id: `${DID}#k1`,
          type: 'JsonWebKey2020',
          controller: DID,
          publicKeyJwk: toPublicJwk(SECP, 'secp256k1'),
        },
        {
          id: `${DID}#p1`,
          type: 'JsonWebKey2020',
          controller: DID,
          publicKeyJwk: toPublicJwk(P256, 'P-256'),
        },
      ],
      authentication: [`${DID}#k1`, `${DID}#p1`],
      assertionMethod: [`${DID}#p1`],
      capabilityInvocation: [`${DID}#k1`],
    });
    expect(Object.keys(document)).toEqual([
      '@context',
      'id',
      'controller',
      'verificationMethod',
      'authentication',
      'assertionMethod',
      'capabilityInvocation',
    ]);
  });

  test('behavior: no method gives an empty verificationMethod and no relationship arrays', () => {
    const { document } = toDidDocument(DID, record({ controllers: [] }));
    expect(document).toEqual({
      '@context': CONTEXT,
      id: DID,
      controller: [],
      verificationMethod: [],
    });
  });

  test('behavior: base members are kept, but the registry decides its own members', () => {
    const baseDocument = JSON.stringify({
      service: [{ id: '#hub', type: 'LinkedDomains', serviceEndpoint: 'https://example.org' }],
      id: 'did:core:zSomeoneElse',
      controller: 'did:core:zSomeoneElse',
      verificationMethod: [{ id: '#forged' }],
      authentication: ['#forged'],
      keyAgreement: ['#forged'],
      '@context': 'https://www.w3.org/ns/did/v1',
      alsoKnownAs: ['https://example.org'],
    });
    const { document } = toDidDocument(
      DID,
      record({ baseDocument, verificationMethods: [method('k1', SECP, true, ['authentication'])] }),
    );
    expect(document).toEqual({
      '@context': 'https://www.w3.org/ns/did/v1',
      id: DID,
      controller: [DID],
      verificationMethod: [expect.objectContaining({ id: `${DID}#k1` })],
      authentication: [`${DID}#k1`],
      service: [{ id: '#hub', type: 'LinkedDomains', serviceEndpoint: 'https://example.org' }],
      alsoKnownAs: ['https://example.org'],
    });
    expect(Object.keys(document).slice(-2)).toEqual(['service', 'alsoKnownAs']);
  });

  test('behavior: a base document without @context gets the default one', () => {
    const { document, baseDocumentValid } = toDidDocument(
      DID,
      record({ baseDocument: '{"note":"x"}' }),
    );
    expect(baseDocumentValid).toBe(true);
    expect(document['@context']).toEqual(DEFAULT_DID_CONTEXT);
    expect(document.note).toBe('x');
  });

  test.each([
    ['malformed JSON', '{"@context": ['],
    ['an array', '["https://www.w3.org/ns/did/v1"]'],
    ['a string', '"https://www.w3.org/ns/did/v1"'],
    ['null', 'null'],
    ['a number', '42'],
  ])('behavior: a base document that is %s contributes nothing', (_, baseDocument) => {
    const { document, baseDocumentValid } = toDidDocument(DID, record({ baseDocument }));
    expect(baseDocumentValid).toBe(false);
    expect(document).toEqual({
      '@context': DEFAULT_DID_CONTEXT,
      id: DID,
      controller: [DID],
      verificationMethod: [],
    });
  });

  test('behavior: a __proto__ member stays a plain member', () => {
    const { document } = toDidDocument(DID, record({ baseDocument: '{"__proto__":{"id":"x"}}' }));
    expect(Object.getPrototypeOf(document)).toBe(Object.prototype);
    expect(Object.hasOwn(document, '__proto__')).toBe(true);
    expect(document.id).toBe(DID);
    expect(JSON.parse(JSON.stringify(document))).toMatchObject({ id: DID });
  });

  test('error: a key that is not an uncompressed point', () => {
    const verificationMethods = [method('k1', `0x02${'11'.repeat(32)}`, true, ['authentication'])];
    expect(() => toDidDocument(DID, record({ verificationMethods }))).toThrow(TypeError);
  });
});

describe('toPlainDidDocument', () => {
  test('default: the same document without @context', () => {
    const { document } = toDidDocument(
      DID,
      record({
        baseDocument: JSON.stringify({ '@context': CONTEXT, service: [] }),
        verificationMethods: [method('k1', SECP, true, ['capabilityDelegation'])],
      }),
    );
    const plain = toPlainDidDocument(document);
    expect(plain).not.toHaveProperty('@context');
    expect(plain).toEqual({
      id: DID,
      controller: [DID],
      verificationMethod: document.verificationMethod,
      capabilityDelegation: [`${DID}#k1`],
      service: [],
    });
  });
});
