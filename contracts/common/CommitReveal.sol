// SPDX-License-Identifier: Apache-2.0
pragma solidity 0.8.37;

import {Initializable} from "@openzeppelin/contracts-upgradeable/proxy/utils/Initializable.sol";

/**
 * @dev Commit–reveal against front-running. A sender first commits `keccak256(abi.encode(sender,
 * selector, arguments…, salt))`; the reveal leg recomputes that hash from `msg.sender`, its own
 * selector, its arguments and the salt, and succeeds only once the commitment is at least
 * `maturity` blocks old. Commitments are kept per sender, so copying someone else's commitment
 * achieves nothing, and each is consumed by its reveal.
 */
abstract contract CommitReveal is Initializable {
    /// @custom:storage-location erc7201:core.storage.CommitReveal
    struct CommitRevealStorage {
        mapping(address sender => mapping(bytes32 commitment => uint256 blockNumber)) commitments;
    }

    // keccak256(abi.encode(uint256(keccak256("core.storage.CommitReveal")) - 1)) & ~bytes32(uint256(0xff))
    bytes32 private constant COMMIT_REVEAL_STORAGE_LOCATION =
        0xb501d1e80e69dd37b33bd731505b5f075eedc7de6010a5f43ee27f618ad3bc00;

    /// @dev No commitment of `msg.sender` matches the reveal (never made, made by another sender, or consumed).
    error CommitmentUnknown();
    /// @dev The commitment exists but can be revealed only from block `readyAt`.
    error CommitmentNotMatured(uint256 readyAt);
    /// @dev The commitment is zero.
    error CommitmentInvalid();

    /// @dev `sender` committed `commitment` in block `blockNumber`.
    event CommitmentRecorded(address indexed sender, bytes32 indexed commitment, uint256 blockNumber);
    /// @dev `sender` revealed (and so consumed) `commitment`.
    event CommitmentRevealed(address indexed sender, bytes32 indexed commitment);

    function _getCommitRevealStorage() private pure returns (CommitRevealStorage storage $) {
        assembly {
            $.slot := COMMIT_REVEAL_STORAGE_LOCATION
        }
    }

    /**
     * @dev Records `commitment` for `msg.sender` at the current block (a repeated commitment restarts
     * its maturity). Emits a {CommitmentRecorded} event.
     *
     * Requirements:
     * - `commitment` is not zero.
     */
    function _commit(bytes32 commitment) internal {
        if (commitment == bytes32(0)) revert CommitmentInvalid();
        _getCommitRevealStorage().commitments[msg.sender][commitment] = block.number;
        emit CommitmentRecorded(msg.sender, commitment, block.number);
    }

    /**
     * @dev Consumes `commitment` of `msg.sender`. Emits a {CommitmentRevealed} event.
     *
     * Requirements:
     * - `msg.sender` committed `commitment` and has not revealed it yet.
     * - at least `maturity` blocks have passed since the commitment.
     */
    function _reveal(bytes32 commitment, uint256 maturity) internal {
        mapping(bytes32 => uint256) storage own = _getCommitRevealStorage().commitments[msg.sender];
        uint256 committedAt = own[commitment];
        if (committedAt == 0) revert CommitmentUnknown();
        uint256 readyAt = committedAt + maturity;
        if (block.number < readyAt) revert CommitmentNotMatured(readyAt);
        delete own[commitment];
        emit CommitmentRevealed(msg.sender, commitment);
    }

    /// @dev The block in which `sender` committed `commitment`, or 0.
    function _commitmentBlock(address sender, bytes32 commitment) internal view returns (uint256) {
        return _getCommitRevealStorage().commitments[sender][commitment];
    }
}
