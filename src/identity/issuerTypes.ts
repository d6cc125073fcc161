/**
 * The issuer types of the Issuers Registry, indexed by their on-chain enum code (0 is unset): the
 * vocabulary of accreditation shared by the registry views, the token endpoint and the CLI.
 * - Spec: SPEC.md §4.2.7
 * - Design: DESIGN.md §6
 */
export const ISSUER_TYPES = ['Undefined', 'RootTAO', 'TAO', 'TI', 'Revoked'] as const;

/** An issuer type by name. */
export type IssuerType = (typeof ISSUER_TYPES)[number];
