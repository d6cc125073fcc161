// SPDX-License-Identifier: Apache-2.0
pragma solidity 0.8.37;

// Registry type identities returned by {ICoreRegistry-registryType}: `keccak256("core.<Name>")`.

bytes32 constant POLICIES_REGISTRY_TYPE = keccak256("core.PoliciesRegistry");
bytes32 constant DID_REGISTRY_TYPE = keccak256("core.DidRegistry");
bytes32 constant ISSUERS_REGISTRY_TYPE = keccak256("core.IssuersRegistry");
bytes32 constant SCHEMAS_REGISTRY_TYPE = keccak256("core.SchemasRegistry");
bytes32 constant TIMESTAMP_TYPE = keccak256("core.Timestamp");
bytes32 constant TRACK_AND_TRACE_TYPE = keccak256("core.TrackAndTrace");
bytes32 constant CONTRACTS_REGISTRY_TYPE = keccak256("core.ContractsRegistry");
