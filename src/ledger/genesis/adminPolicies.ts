/**
 * The admin policies of an environment, each a `<REGISTRY>:<function>` attribute that contracts
 * check on `msg.sender`. Genesis inserts them all and gives them to the operator.
 * - Design: DESIGN.md §4, §6; reference/ebsi-contracts.md §2.5
 */
export const ADMIN_POLICIES: Readonly<Record<string, string>> = {
  'TPR:insertPolicy': 'Insert policies',
  'TPR:updatePolicy': 'Update policy descriptions',
  'TPR:activatePolicy': 'Activate policies',
  'TPR:deactivatePolicy': 'Deactivate policies',
  'TPR:insertUserAttributes': 'Give policy attributes to subjects',
  'TPR:deleteUserAttributes': 'Take policy attributes from subjects',
  'DID:updateBaseDocument': 'Update any base DID document',
  'DID:addController': 'Add a controller to any DID',
  'DID:revokeController': 'Revoke a controller of any DID',
  'DID:addVerificationMethod': 'Add a verification method to any DID',
  'DID:addVerificationRelationship': 'Add a verification relationship to any DID',
  'DID:revokeVerificationMethod': 'Revoke a verification method of any DID',
  'DID:expireVerificationMethod': 'Expire a verification method of any DID',
  'DID:rollVerificationMethod': 'Roll a verification method of any DID',
  'TIR:setAttributeMetadata': 'Register Root Trusted Accreditation Organisations',
  'TIR:updateIssuer': 'Manage the proxies of any issuer',
  'TSR:insertSchema': 'Insert schemas',
  'TSR:updateSchema': 'Add schema revisions',
  'TSR:updateMetadata': 'Add schema revision metadata',
  'TS:insertHashAlgorithm': 'Insert hash algorithms',
  'TS:updateHashAlgorithm': 'Update hash algorithms',
  'TNT:authoriseDid': 'Authorise DIDs to create Track and Trace documents',
  'TNT:setLinks': 'Change the registry links of Track and Trace instances',
  'TCR:manageTemplates': 'Manage registry templates, upgrades and environment defaults',
  'TCR:deployProxy': 'Deploy registry instances',
  'TCR:manageInstances': 'Activate and deactivate registry instances',
};
