import { base58btc } from 'multiformats/bases/base58';
import type { JwtVc } from './checkShape.js';
import type { RegistryReads } from './createRegistryReads.js';
import { type Check, fail, pass, skip } from './trustReport.js';

/** A schema named by a credential: its id (base58btc multibase) and, maybe, one revision. */
export type SchemaReference = { schemaId: string; revisionId: string | undefined };

const SCHEMA_PATH = /\/schemas-registry\/schemas\/([^/?#]+)(?:\/revisions\/([^/?#]+))?/;
const HEX_32 = /^0x[0-9a-fA-F]{64}$/;

/**
 * The Schemas Registry schema a `credentialSchema.id` names: a URL of a schema or of one of its
 * revisions (`…/schemas-registry/schemas/{schemaId}[/revisions/{revId}]`), or a bare schema id
 * (base58btc `z…` or `0x` + 64 hex digits). Ids come out as `z…` multibase, the API's form.
 * @returns `undefined` when it names no schema of a Schemas Registry.
 */
export function toSchemaReference(id: string): SchemaReference | undefined {
  const [, schemaId = id, revisionId] = SCHEMA_PATH.exec(id) ?? [];
  const normal = toMultibase(schemaId);
  return normal === undefined ? undefined : { schemaId: normal, revisionId };
}

function toMultibase(value: string): string | undefined {
  if (HEX_32.test(value)) return base58btc.encode(Buffer.from(value.slice(2), 'hex'));
  if (!value.startsWith('z')) return undefined;
  try {
    return base58btc.decode(value).length === 32 ? value : undefined;
  } catch {
    // Not base58btc: no schema id.
    return undefined;
  }
}

/**
 * Checks that every `credentialSchema` of a credential is in the Schemas Registry, and names the
 * revision it is checked against: the one the credential names, or the schema's latest.
 * - Spec: SPEC.md §4.1 (Schemas Registry reads)
 */
export async function checkSchema(
  reads: RegistryReads,
  vc: Pick<JwtVc, 'schemas'>,
): Promise<Check> {
  if (vc.schemas.length === 0) return skip('schema', 'The credential names no "credentialSchema"');
  const found: string[] = [];
  let source: string | undefined;
  for (const { id } of vc.schemas) {
    const reference = toSchemaReference(id as string);
    if (!reference)
      return fail(
        'schema',
        `The "credentialSchema" "${String(id)}" names no schema of the Schemas Registry`,
      );
    const path = `/v1/schemas-registry/schemas/${reference.schemaId}/revisions`;
    const revisions = await reads.collect<{ schemaRevisionId: string }>(path);
    source = revisions.source;
    if (!revisions.ok)
      return fail(
        'schema',
        revisions.status === 404
          ? `The schema "${reference.schemaId}" is not in the Schemas Registry`
          : `The Schemas Registry could not be read: ${revisions.reason}`,
        source,
      );
    const ids = revisions.value.map((item) => String(item?.schemaRevisionId).toLowerCase());
    const wanted = reference.revisionId?.toLowerCase() ?? ids[ids.length - 1];
    const index = wanted === undefined ? -1 : ids.indexOf(wanted);
    if (index < 0)
      return fail(
        'schema',
        `The schema "${reference.schemaId}" has no revision "${String(reference.revisionId)}"`,
        source,
      );
    found.push(`${reference.schemaId} (revision ${wanted}, ${index + 1} of ${ids.length})`);
  }
  return pass('schema', `In the Schemas Registry: ${found.join('; ')}`, source);
}
