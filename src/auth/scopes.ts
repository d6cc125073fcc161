import { type Address, getAddress, isAddress } from 'viem';
import { ScopeInvalidError } from '../errors/scope.js';
import {
  REGISTRY_DESCRIPTORS,
  type RegistryName,
  type RegistryScopeName,
} from '../registries/catalog.js';

/** How a scope is granted: the registry it writes to, and the rules of SPEC.md §5.3.3. */
export type ScopeDefinition = {
  /** The registry type the scope writes to; `undefined` for `ledger:invoke` (any contract). */
  registry: RegistryName | undefined;
  /** Whether it must be requested alone. */
  alone: boolean;
  /** Whether a did:key holder may request it. */
  didKey: boolean;
};

/**
 * The scopes of SPEC.md §5.2: those each registry defines, then `ledger:invoke`, with the
 * registry each one writes to and the holder DID methods it accepts (§5.3.3).
 */
export const SCOPES = Object.fromEntries([
  ...REGISTRY_DESCRIPTORS.flatMap((descriptor) =>
    Object.entries(descriptor.scopes).map(([name, rule]) => [
      name,
      { registry: descriptor.name, ...rule },
    ]),
  ),
  ['ledger:invoke', { registry: undefined, alone: true, didKey: true }],
]) as Readonly<Record<ScopeName, ScopeDefinition>>;

/** A scope name, without its instance suffix. */
export type ScopeName = RegistryScopeName | 'ledger:invoke';
export const SCOPE_NAMES = Object.keys(SCOPES) as ScopeName[];

/** One requested scope, with its optional instance suffix. */
export type RequestedScope = {
  name: ScopeName;
  /** The `:<0x-address>` suffix, checksummed; `undefined` targets the environment default. */
  instance: Address | undefined;
  /** The scope as requested (suffix included). */
  token: string;
};

/** A parsed `scope` parameter. */
export type ScopeRequest = {
  scopes: RequestedScope[];
  /** The normalised scope string: `openid` then the scopes in request order. */
  scope: string;
};

/** Underscore names of the predecessors (SPEC.md §5.2): refused with a pointer to the new name. */
const LEGACY = /^(didr|tir|tpr|tsr|tnt|timestamp|ledger)_[a-z]+$/;

/**
 * Parses a `scope` parameter by SPEC.md §5.2–5.3: `openid` first, then known scopes, each at most
 * once, optionally suffixed `:<0x-address>`; invite/authorise/invoke scopes alone; the DID method
 * rules are checked later, against the holder.
 * @throws {ScopeInvalidError} saying which rule the value breaks.
 */
export function parseScope(raw: unknown): ScopeRequest {
  if (typeof raw !== 'string' || raw.trim() === '') {
    throw new ScopeInvalidError('missing', '"scope" is required');
  }
  const tokens = raw.trim().split(/ +/);
  if (tokens[0] !== 'openid') {
    throw new ScopeInvalidError('malformed', '"scope" must start with "openid"');
  }
  const requested = tokens.slice(1);
  if (requested.length === 0) {
    throw new ScopeInvalidError(
      'malformed',
      '"scope" must name at least one scope besides "openid"',
    );
  }
  const scopes: RequestedScope[] = [];
  for (const token of requested) {
    const scope = parseScopeToken(token);
    if (scopes.some((other) => other.name === scope.name)) {
      throw new ScopeInvalidError(
        'combination',
        `The scope "${scope.name}" is requested more than once`,
      );
    }
    scopes.push(scope);
  }
  const alone = scopes.find((scope) => SCOPES[scope.name].alone);
  if (alone && scopes.length > 1) {
    throw new ScopeInvalidError('combination', `The scope "${alone.name}" must be requested alone`);
  }
  return { scopes, scope: ['openid', ...scopes.map((scope) => scope.token)].join(' ') };
}

function parseScopeToken(token: string): RequestedScope {
  if (LEGACY.test(token)) {
    throw new ScopeInvalidError(
      'unsupported',
      `The scope "${token}" is no longer supported: use the colon forms of SPEC §5.2`,
    );
  }
  const match = /^([a-z-]+:[a-z]+)(?::(0x[0-9a-fA-F]{40}))?$/.exec(token);
  const name = match?.[1] as ScopeName | undefined;
  if (!match || !name || !(name in SCOPES)) {
    throw new ScopeInvalidError('unsupported', `The scope "${token}" is not supported`);
  }
  const suffix = match[2];
  if (suffix !== undefined && !isAddress(suffix, { strict: false })) {
    throw new ScopeInvalidError('unsupported', `The scope "${token}" has an invalid address`);
  }
  if (name === 'ledger:invoke' && suffix === undefined) {
    throw new ScopeInvalidError(
      'instance-missing',
      'The scope "ledger:invoke" needs the contract address: "ledger:invoke:<0x-address>"',
    );
  }
  const instance = suffix === undefined ? undefined : getAddress(suffix);
  return { name, instance, token: instance ? `${name}:${instance}` : name };
}

/** Whether every requested scope accepts a did:key holder (SPEC.md §5.3.3). */
export function acceptsDidKey(request: ScopeRequest): boolean {
  return request.scopes.every((scope) => SCOPES[scope.name].didKey);
}
