import type { CoreClient } from '../createCoreClient.js';
import { ProblemResponseError } from '../errors.js';
import { paginate } from '../paginate.js';

/** A REST read's outcome, never thrown: its value, or why there is none; `source` is its URL. */
export type Read<T> =
  | { ok: true; value: T; source: string }
  | {
      ok: false;
      /** The HTTP status the node answered, `undefined` when it could not be reached. */
      status: number | undefined;
      reason: string;
      source: string;
    };

/** The reads of the credential verifier: each path read once, every failure a value. */
export type RegistryReads = {
  /** A JSON resource. */
  get<T>(path: string): Promise<Read<T>>;
  /** Every item of a collection, its pages followed. */
  collect<T>(path: string): Promise<Read<T[]>>;
  /** A resource as text (a status list JWT). */
  getText(path: string, accept: string): Promise<Read<string>>;
};

/**
 * Creates the read layer of {@link verifyCredential} over a node's public REST API. Reads are
 * memoised: a chain names the same DID documents and attributes more than once.
 * @param http The `fetch` of text reads (the client's own reads JSON only).
 */
export function createRegistryReads(client: CoreClient, http: typeof fetch): RegistryReads {
  const known = new Map<string, Promise<Read<unknown>>>();
  const once = <T>(key: string, read: () => Promise<T>): Promise<Read<T>> => {
    let result = known.get(key);
    if (!result) {
      const source = `${client.baseUrl}${key.slice(key.indexOf(' ') + 1)}`;
      result = read().then(
        (value): Read<unknown> => ({ ok: true, value, source }),
        (error: unknown): Read<unknown> => toFailure(error, source),
      );
      known.set(key, result);
    }
    return result as Promise<Read<T>>;
  };
  return {
    get: <T>(path: string) => once<T>(`get ${path}`, () => client.get<T>(path)),
    collect: <T>(path: string) =>
      once<T[]>(`collect ${path}`, async () => {
        const items: T[] = [];
        for await (const item of paginate<T>(client, path)) items.push(item);
        return items;
      }),
    getText: (path: string, accept: string) =>
      once<string>(`text ${path}`, async () => {
        const response = await http(`${client.baseUrl}${path}`, { headers: { accept } });
        const text = await response.text();
        if (response.ok) return text;
        throw new ProblemResponseError(response.status, parseProblem(text));
      }),
  };
}

/** A read that failed: the node's Problem Details, or why it could not be reached. */
function toFailure(error: unknown, source: string): Read<never> {
  if (error instanceof ProblemResponseError)
    return { ok: false, status: error.status, reason: error.message, source };
  const message = error instanceof Error ? error.message : String(error);
  const code = (error as { cause?: { code?: unknown } })?.cause?.code;
  const because = typeof code === 'string' ? `${message} (${code})` : message;
  return { ok: false, status: undefined, reason: `The node could not be read: ${because}`, source };
}

/** The Problem Details of an error body, or nothing when it is not JSON. */
function parseProblem(text: string): { title?: string; detail?: string } {
  try {
    const body: unknown = JSON.parse(text);
    return typeof body === 'object' && body !== null
      ? (body as { title?: string; detail?: string })
      : {};
  } catch {
    // Not Problem Details: the status alone says what failed.
    return {};
  }
}
