import { base58btc } from 'multiformats/bases/base58';
import { describe, expect, test } from 'vitest';
import { toSecp256k1PrivateJwk } from '../../identity/jwk.js';
import { signJwt } from '../signJwt.js';
import {
  type AttributeRevision,
  covers,
  evaluateLink,
  type LinkRequirement,
} from './accreditationRules.js';

const KEY = toSecp256k1PrivateJwk(`0x${'22'.repeat(32)}`);
const TAO = 'did:core:zTao';
const TI = 'did:core:zTi';
const ROOT = 'did:core:zRoot';
const ATTRIBUTE_ID = `0x${'ab'.repeat(32)}`;
const SCHEMA = base58btc.encode(new Uint8Array(32).fill(7));

const requirement: LinkRequirement = {
  did: TI,
  roles: ['TI', 'TAO', 'RootTAO'],
  rootTao: undefined,
  types: ['UniversityDegree'],
  schemaIds: [],
  at: 1_800_000_000,
};

function accreditation(
  subject: Record<string, unknown> = {},
  claims: Record<string, unknown> = {},
) {
  return signJwt(
    { typ: 'JWT', kid: `${TAO}#k` },
    {
      iss: TAO,
      sub: TI,
      iat: 1_700_000_000,
      ...claims,
      vc: {
        type: ['VerifiableCredential', 'VerifiableAccreditationToAttest'],
        credentialSubject: { id: TI, reservedAttributeId: ATTRIBUTE_ID, ...subject },
      },
    },
    KEY,
  );
}

function attribute(overrides: Partial<AttributeRevision> = {}): AttributeRevision {
  return {
    hash: ATTRIBUTE_ID,
    body: accreditation(),
    issuerType: 'TI',
    tao: TAO,
    rootTao: ROOT,
    ...overrides,
  };
}

const reasonOf = (revision: AttributeRevision, need: Partial<LinkRequirement> = {}) => {
  const result = evaluateLink(ATTRIBUTE_ID, revision, { ...requirement, ...need });
  return result.ok ? 'ok' : result.reason;
};

describe('evaluateLink', () => {
  test('default: an accepted TI attribute, its accreditation to check', () => {
    const result = evaluateLink(ATTRIBUTE_ID, attribute(), requirement);
    expect(result).toMatchObject({
      ok: true,
      role: 'TI',
      accreditation: { alg: 'ES256K', kid: `${TAO}#k`, iat: 1_700_000_000 },
    });
  });

  test('behavior: a Root TAO names itself and needs no accreditation', () => {
    const root = attribute({ issuerType: 'RootTAO', tao: ROOT, body: '' });
    expect(evaluateLink(ATTRIBUTE_ID, root, { ...requirement, did: ROOT })).toEqual({
      ok: true,
      role: 'RootTAO',
      accreditation: undefined,
    });
  });

  test.each([
    [attribute({ issuerType: 'Revoked' }), {}, `was revoked by ${TAO}`],
    [attribute(), { roles: ['TAO', 'RootTAO'] }, 'makes it a TI, not a TAO or RootTAO'],
    [
      attribute(),
      { rootTao: 'did:core:zOtherRoot' },
      `belongs to the chain of ${ROOT}, not of did:core:zOtherRoot`,
    ],
    [attribute({ body: '' }), {}, 'was reserved but never accepted: it holds no accreditation'],
    [
      attribute({ tao: 'did:core:zElse' }),
      {},
      'holds an accreditation not issued by its TAO did:core:zElse',
    ],
    [
      attribute({ issuerType: 'TAO' }),
      {},
      'holds an accreditation that is not a VerifiableAccreditationToAccredit or VerifiableAuthorisationForTrustChain',
    ],
    [
      attribute({ body: accreditation({ reservedAttributeId: `0x${'00'.repeat(32)}` }) }),
      {},
      'holds an accreditation for another attribute ("reservedAttributeId")',
    ],
    [
      attribute({ body: accreditation({}, { exp: 1_750_000_000 }) }),
      {},
      'holds an accreditation that expired at 2025-06-15T15:06:40Z',
    ],
    [
      attribute({
        body: accreditation({ accreditedFor: [{ types: ['VerifiableCredential', 'Other'] }] }),
      }),
      {},
      'is not accredited for credentials of type UniversityDegree ("accreditedFor")',
    ],
  ] as const)('error: %#', (revision, need, reason) => {
    expect(reasonOf(revision, need as Partial<LinkRequirement>)).toBe(
      `Attribute ${ATTRIBUTE_ID} of ${TI} ${reason}`,
    );
  });
});

describe('covers', () => {
  const credential = {
    types: ['UniversityDegree'],
    schemaIds: [`https://node.example/v1/schemas-registry/schemas/${SCHEMA}`],
  };

  test('default: no "accreditedFor" is unrestricted', () => {
    expect(covers(undefined, credential)).toBe(true);
  });

  test('behavior: an entry must hold every type, and its schema when it names one', () => {
    expect(covers([{ types: ['VerifiableCredential', 'UniversityDegree'] }], credential)).toBe(
      true,
    );
    expect(covers([{ types: ['UniversityDegree'], schemaId: SCHEMA }], credential)).toBe(true);
    expect(
      covers([{ types: ['UniversityDegree'], schemaId: `0x${'07'.repeat(32)}` }], credential),
    ).toBe(true);
    expect(covers([{ types: ['UniversityDegree'], schemaId: 'zOther' }], credential)).toBe(false);
    expect(covers([{ types: ['Diploma'] }, 'junk'], credential)).toBe(false);
    expect(covers('everything', credential)).toBe(false);
  });
});
