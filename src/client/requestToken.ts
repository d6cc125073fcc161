import { randomUUID } from 'node:crypto';
import type { PublicEcJwk } from '../identity/jwk.js';
import { type AnySigner, signPresentation, signSelfAttestation } from './credentials.js';

export type RequestTokenParameters = {
  /** The node's base URL, e.g. `https://api.example.org` (no `/v1`). */
  baseUrl: string;
  /** The scope string, `openid` first, e.g. `openid timestamp:write`. */
  scope: string;
  /** The holder: its DID, the `authentication` key that signs, and that key (in hand or in an HSM). */
  holder: AnySigner;
  /**
   * The credential to present. Defaults to a fresh SelfAttestation, which is what the combinable
   * scopes and `track-and-trace:authorise` ask for.
   */
  credential?: string;
  /** The holder's public key, sent in the header when its DID is not registered yet (`did-registry:invite`). */
  jwk?: PublicEcJwk;
  fetch?: typeof fetch;
};

export type RequestTokenReturnType = {
  accessToken: string;
  scope: string;
  expiresIn: number;
};

/** The token endpoint refused the request: `error` and `description` are its OAuth error. */
export class TokenRequestError extends Error {
  readonly error: string;
  readonly description: string;
  constructor(error: string, description: string) {
    super(`${error}: ${description}`);
    this.name = 'TokenRequestError';
    this.error = error;
    this.description = description;
  }
}

/**
 * Obtains an access token the OpenID4VP 1.0 way: reads the DCQL query of the scope from the node,
 * presents the credential under the query's id, and posts the token request.
 * - Spec: SPEC.md §5.4
 * @throws {TokenRequestError} with the node's OAuth error.
 * @example
 * const { accessToken } = await requestToken({ baseUrl, scope: 'openid timestamp:write', holder });
 */
export async function requestToken(
  parameters: RequestTokenParameters,
): Promise<RequestTokenReturnType> {
  const { baseUrl, scope, holder, jwk } = parameters;
  const http = parameters.fetch ?? fetch;
  const auth = `${baseUrl.replace(/\/+$/, '')}/v1/auth`;
  const queries = await http(`${auth}/dcql-queries?scope=${encodeURIComponent(scope)}`);
  const document = (await queries.json()) as {
    dcql_query?: { credentials?: { id: string }[] };
    detail?: string;
    errors?: { detail: string }[];
  };
  const queryId = document.dcql_query?.credentials?.[0]?.id;
  if (!queries.ok || !queryId) {
    throw new TokenRequestError(
      'invalid_scope',
      document.errors?.[0]?.detail ?? document.detail ?? 'The scope was refused',
    );
  }
  const presentation = await signPresentation({
    holder,
    credentials: [parameters.credential ?? (await signSelfAttestation(holder))],
    audience: auth,
    nonce: randomUUID(),
    ...(jwk ? { jwk } : {}),
  });
  const response = await http(`${auth}/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      grant_type: 'vp_token',
      scope,
      vp_token: JSON.stringify({ [queryId]: [presentation] }),
    }),
  });
  const body = (await response.json()) as Record<string, unknown>;
  if (!response.ok) throw new TokenRequestError(String(body.error), String(body.error_description));
  return {
    accessToken: body.access_token as string,
    scope: body.scope as string,
    expiresIn: body.expires_in as number,
  };
}
