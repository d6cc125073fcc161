/** - Spec: SPEC.md §4.2.3 */
export const CONTRACT_ADDRESS_PATTERN = '^0x[0-9a-fA-F]{40}$';

/**
 * Query-string schema property selecting a registry instance; a malformed value is a 400
 * validation error naming `contractAddress`. Whether a contract of the right type is deployed
 * there is checked against the ledger by the registry.
 * - Spec: SPEC.md §4.2.3
 */
export const CONTRACT_ADDRESS_QUERY_PROPERTIES = {
  contractAddress: {
    type: 'string',
    pattern: CONTRACT_ADDRESS_PATTERN,
    description: 'Registry instance to read; the environment default when absent',
  },
} as const;
