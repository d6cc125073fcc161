import { CoreError } from '../../errors/base.js';
import { type CompactJwt, parseCompactJwt } from '../../identity/parseCompactJwt.js';
import { JWS_ALGORITHMS, type JwsAlgorithm } from '../../identity/verifyJwsSignature.js';
import { findSignatureProblem } from './checkIssuerKeys.js';
import { isRecord, type JwtVc } from './checkShape.js';
import type { RegistryReads } from './createRegistryReads.js';
import { parseStatusEntry, readStatusBit, toStatusListCredential } from './statusListRules.js';
import { type Check, fail, pass, skip } from './trustReport.js';

/** What the status list read asks for: the media types the proxy read answers. */
const STATUS_LIST_ACCEPT = 'application/jwt, text/plain;q=0.9';

/**
 * Checks `credentialStatus`: the status list, fetched through the issuer's proxy (the Issuers
 * Registry's proxy entry, then its proxy read), signed by an `assertionMethod` key the issuer has now, and the
 * credential's bit clear. A set bit is `revoked` or `suspended` as the entry's purpose says.
 * - Spec: SPEC.md §4.1; reference/read-api.md §3.3 (proxy resolution)
 */
export async function checkStatus(
  reads: RegistryReads,
  vc: Pick<JwtVc, 'status' | 'issuer'>,
): Promise<Check> {
  if (vc.status === undefined) return skip('status', 'The credential names no "credentialStatus"');
  const entry = parseStatusEntry(vc.status, vc.issuer);
  if (typeof entry === 'string') return fail('status', entry);
  const proxy = await reads.get<{ prefix?: unknown }>(entry.proxy);
  if (!proxy.ok)
    return fail(
      'status',
      `The issuer's proxy of the status list could not be read: ${proxy.reason}`,
      proxy.source,
    );
  const read = await reads.getText(entry.path, STATUS_LIST_ACCEPT);
  const { source } = read;
  if (!read.ok)
    return fail(
      'status',
      `The status list could not be read through the node: ${read.reason}`,
      source,
    );
  let jwt: CompactJwt;
  try {
    jwt = parseCompactJwt(read.value.trim(), 'credential');
  } catch (error) {
    if (error instanceof CoreError)
      return fail('status', `The status list is not a JWT: ${error.message}`, source);
    throw error;
  }
  const { header, payload } = jwt;
  const list = toStatusListCredential(payload);
  const listIssuer = payload.iss ?? (isRecord(list.issuer) ? list.issuer.id : list.issuer);
  if (listIssuer !== vc.issuer)
    return fail('status', `The status list is not issued by ${vc.issuer}`, source);
  if (!JWS_ALGORITHMS.includes(header.alg as JwsAlgorithm) || typeof header.kid !== 'string')
    return fail('status', 'The status list header is not ES256/ES256K with a "kid"', source);
  const signed = {
    token: read.value.trim(),
    jwt,
    alg: header.alg as JwsAlgorithm,
    kid: header.kid,
  };
  const problem = await findSignatureProblem(reads, vc.issuer, signed);
  if (problem) return fail('status', `The status list: ${problem.reason}`, problem.source);
  const subject = isRecord(list.credentialSubject) ? list.credentialSubject : {};
  if (subject.statusPurpose !== undefined && subject.statusPurpose !== entry.purpose)
    return fail(
      'status',
      `The status list is for "${String(subject.statusPurpose)}", not "${entry.purpose}"`,
      source,
    );
  const bit = await readStatusBit(subject.encodedList, entry.index);
  if (typeof bit === 'string') return fail('status', bit, source);
  const state = entry.purpose === 'revocation' ? 'revoked' : 'suspended';
  return bit
    ? fail(
        'status',
        `The credential is ${state}: entry ${entry.index} of ${entry.list} is set`,
        source,
      )
    : pass(
        'status',
        `Not ${state}: entry ${entry.index} of ${entry.list} is clear; read through the proxy ${String(proxy.value.prefix)} that ${proxy.source} names`,
        source,
      );
}
