import type { DIDDocument } from 'did-resolver';

/** The JSON-LD representation of a DID document (DID Core §6.3): what a node serves by default. */
export const DID_LD_JSON = 'application/did+ld+json';
/** The JSON representation (DID Core §6.2): the document without `@context`. */
export const DID_JSON = 'application/did+json';
/** Plain JSON: answered with the JSON-LD representation, which is JSON. */
const JSON_MEDIA_TYPE = 'application/json';

/** A representation the resolvers produce. */
export type Representation = typeof DID_LD_JSON | typeof DID_JSON;

/**
 * The representation that the `accept` resolution option asks for: JSON-LD when it is absent,
 * `application/did+ld+json` or `application/json`; JSON for `application/did+json`; `undefined`
 * (the caller answers `representationNotSupported`) for anything else. Media type parameters
 * (`; charset=utf-8`) and case are ignored; the option names one media type, not an `Accept` list.
 * - Spec: W3C DID Resolution §4.1 (`accept`)
 */
export function toRepresentation(accept: unknown): Representation | undefined {
  if (accept === undefined) return DID_LD_JSON;
  if (typeof accept !== 'string') return undefined;
  const type = accept.split(';')[0]?.trim().toLowerCase();
  if (type === DID_JSON) return DID_JSON;
  return type === DID_LD_JSON || type === JSON_MEDIA_TYPE ? DID_LD_JSON : undefined;
}

/** A DID document in its JSON-LD representation, as a node or a did:key gives it. */
export type LdDidDocument = { '@context': unknown; id: string; [member: string]: unknown };

/**
 * `document` in `representation`: as it is for JSON-LD, without `@context` for JSON.
 * - Spec: W3C DID Core §6.2, §6.3
 */
export function toRepresented(
  document: LdDidDocument,
  representation: Representation,
): DIDDocument {
  const { '@context': context, ...plain } = document;
  // did-resolver 4 types `@context` as strings only; a base document may hold any JSON-LD context.
  return (representation === DID_JSON ? plain : { '@context': context, ...plain }) as DIDDocument;
}
