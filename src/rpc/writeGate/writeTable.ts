import { REGISTRY_DESCRIPTORS, type RegistryName } from '../../registries/catalog.js';
import type { WriteRule } from '../../registries/common/writeRules.js';

/**
 * The one table of SPEC.md §4.4, gathered from the registry descriptors: for each registry, each
 * writable function and the scopes that may call it. Functions absent from it (views, admin
 * links) are never forwarded for a registry scope. `docs/writes.md` is rendered from it.
 */
export const WRITE_TABLE: Readonly<
  Record<RegistryName, Readonly<Record<string, readonly string[]>>>
> = Object.fromEntries(
  REGISTRY_DESCRIPTORS.map((descriptor) => [
    descriptor.name,
    Object.fromEntries(
      Object.entries(descriptor.writes as Record<string, WriteRule>).map(([name, rule]) => [
        name,
        rule.scopes,
      ]),
    ),
  ]),
) as Record<RegistryName, Record<string, readonly string[]>>;
