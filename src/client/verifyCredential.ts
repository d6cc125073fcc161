import { type CoreClient, createCoreClient } from './createCoreClient.js';
import { checkAccreditation } from './verify/checkAccreditation.js';
import { checkIssuerKeys } from './verify/checkIssuerKeys.js';
import { checkSchema } from './verify/checkSchema.js';
import { checkShape } from './verify/checkShape.js';
import { checkStatus } from './verify/checkStatus.js';
import { checkTimes } from './verify/checkTimes.js';
import { createRegistryReads, type RegistryReads } from './verify/createRegistryReads.js';
import { createQuorumReads } from './verify/quorumReads.js';
import { CHECK_IDS, skip, type TrustReport, toTrustReport } from './verify/trustReport.js';

export type VerifyCredentialParameters = (
  | {
      /** The node whose registries decide: its base URL (`http://localhost:8080`) or a client of it. */
      node: string | CoreClient;
      nodes?: undefined;
      trust?: undefined;
    }
  | {
      node: string | CoreClient;
      nodes?: undefined;
      /**
       * Reads checked beyond the node's word: `proofs(…)` of `core-registry/client/proofs`
       * checks them against proven state (docs/trust-model.md).
       */
      trust: { proofs: ReadsUpgrade };
    }
  | {
      node?: undefined;
      /** Independent operators' nodes of one network, which must agree (`trust.quorum`). */
      nodes: readonly (string | CoreClient)[];
      /** How many of `nodes` must answer each read alike (docs/trust-model.md). */
      trust: { quorum: number };
    }
) & {
  /**
   * When to check the credential (default: the present): its validity window, the issuer's key
   * "now", and the accreditation chain as the Issuers Registry stood then.
   */
  at?: Date;
  /** The `fetch` of the status list read, and of every read when `node` is a URL (default: the global one). */
  fetch?: typeof fetch;
};

export type VerifyCredentialReturnType = TrustReport;

/**
 * Decides whether to trust a credential (a JWT VC in the node's wire format) from a node's public
 * REST reads alone, and says why: one check per rule, each with its verdict, a detail and the
 * registry read that decided it, plus the accreditation chain up to the Root TAO. Nothing about
 * the credential throws: a malformed token, an unknown issuer or a node that cannot be reached
 * each fail a check, and the credential is `trusted` only when no check failed.
 *
 * Checks: `shape` (VCDM 1.1 JWT), `times` (`iat`, `nbf`, `exp` at `at`), `issuer` (its DID as at
 * `iat`, `valid-at`), `key-at-issuance` (`kid` an `assertionMethod` then), `signature` (ES256,
 * ES256K in both S forms), `key-now` (still an `assertionMethod`: a rotated or revoked key
 * fails), `accreditation` (Issuers Registry chain TI → TAO → Root TAO, each accreditation signed,
 * none revoked, `accreditedFor` covering the type and schema), `schema` (Schemas Registry, which
 * revision), `status` (StatusList2021 through the issuer's proxy). `schema` and `status` are
 * skipped when the credential names none.
 * - Spec: SPEC.md §2.10, §4.1, §4.2.5
 * - Design: DESIGN.md §6
 * @param jwt The compact JWT.
 * @throws {TypeError} when `jwt` is not a string, `node` not an http(s) URL or client, or `at`
 *   not a valid Date.
 * @example
 * const report = await verifyCredential(jwt, { node: 'http://localhost:8080' });
 * if (report.verdict === 'untrusted') console.log(report.checks.filter((c) => c.verdict === 'fail'));
 */
export async function verifyCredential(
  jwt: string,
  parameters: VerifyCredentialParameters,
): Promise<VerifyCredentialReturnType> {
  if (typeof jwt !== 'string') throw new TypeError('"jwt" must be a compact JWT string');
  const { at, fetch: http = fetch } = parameters;
  if (at !== undefined && !(at instanceof Date && Number.isFinite(at.getTime())))
    throw new TypeError('"at" must be a valid Date');
  const { reads, established } = await readsOf(parameters, http);
  const checkedAt = at === undefined ? undefined : Math.floor(at.getTime() / 1000);
  const now = checkedAt ?? Math.floor(Date.now() / 1000);
  const { check: shape, vc } = checkShape(jwt);
  if (!vc) {
    const because = 'Not checked: the credential is not a JWT VC';
    return toTrustReport(
      [shape, ...CHECK_IDS.slice(1).map((id) => skip(id, because))],
      [],
      established,
    );
  }
  const [keys, accreditation, schema, status] = await Promise.all([
    checkIssuerKeys(reads, vc, checkedAt),
    checkAccreditation(reads, vc, now, checkedAt),
    checkSchema(reads, vc),
    checkStatus(reads, vc),
  ]);
  return toTrustReport(
    [shape, checkTimes(vc, now), ...keys, accreditation.check, schema, status],
    accreditation.chain,
    established,
  );
}

/**
 * The reads of one node (checked otherwise with `trust.proofs`), or of several that must agree;
 * and how the report says they were made.
 */
async function readsOf(
  parameters: VerifyCredentialParameters,
  http: typeof fetch,
): Promise<{ reads: RegistryReads; established: string }> {
  if (parameters.nodes === undefined) {
    const client = clientOf(parameters.node, 'node', http);
    const reads = createRegistryReads(client, http);
    const { trust } = parameters;
    if (trust && 'proofs' in trust) return trust.proofs({ client, reads });
    return { reads, established: `one node, not proven (${client.baseUrl})` };
  }
  if (!Array.isArray(parameters.nodes) || parameters.nodes.length === 0)
    throw new TypeError('"nodes" must list at least one node');
  const clients = parameters.nodes.map((node) => clientOf(node, 'nodes', http));
  const quorum = parameters.trust?.quorum as number;
  return {
    reads: createQuorumReads(
      clients.map((client) => createRegistryReads(client, http)),
      quorum,
    ),
    established: `${quorum} of ${clients.length} nodes agreeing on each read (${clients.map((c) => c.baseUrl).join(', ')})`,
  };
}

/** A client of `node`: the one given, or one of its URL. */
function clientOf(node: string | CoreClient, name: string, http: typeof fetch): CoreClient {
  const client =
    typeof node === 'string' ? createCoreClient({ baseUrl: toBaseUrl(node), fetch: http }) : node;
  if (typeof client?.get !== 'function')
    throw new TypeError(`"${name}" must be a URL or a CoreClient`);
  return client;
}

/**
 * Replaces the reads of one node by reads checked otherwise (`proofs` of
 * `core-registry/client/proofs`), and says how they are established.
 */
export type ReadsUpgrade = (context: {
  client: CoreClient;
  reads: RegistryReads;
}) => Promise<{ reads: RegistryReads; established: string }>;

/** A node's base URL, checked to be http(s). */
function toBaseUrl(node: string): string {
  const protocol = URL.canParse(node) ? new URL(node).protocol : undefined;
  if (protocol !== 'http:' && protocol !== 'https:')
    throw new TypeError(`"node" must be an http(s) URL, not "${node}"`);
  return node.replace(/\/+$/, '');
}
