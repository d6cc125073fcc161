// SPDX-License-Identifier: Apache-2.0
pragma solidity 0.8.37;

/**
 * @dev On-chain pagination shared by every registry view: `page` is 1-based, `pageSize` is 1..50,
 * items come in insertion order, and a page beyond the last one is empty (not an error).
 */
library Pagination {
    uint256 internal constant MAX_PAGE_SIZE = 50;

    /// @dev `page` is 0 (pages are 1-based).
    error PaginationInvalidPage(uint256 page);
    /// @dev `pageSize` is 0 or above {MAX_PAGE_SIZE}.
    error PaginationInvalidPageSize(uint256 pageSize);

    /**
     * @dev The half-open index range `[start, end)` of `page` in a list of `total` items.
     *
     * Requirements:
     * - `page` > 0.
     * - 0 < `pageSize` <= {MAX_PAGE_SIZE}.
     */
    function bounds(uint256 total, uint256 page, uint256 pageSize) internal pure returns (uint256 start, uint256 end) {
        if (page == 0) revert PaginationInvalidPage(page);
        if (pageSize == 0 || pageSize > MAX_PAGE_SIZE) revert PaginationInvalidPageSize(pageSize);
        // Compared before multiplying so that a huge page number cannot overflow.
        if (page - 1 >= (total + pageSize - 1) / pageSize) return (total, total);
        start = (page - 1) * pageSize;
        end = start + pageSize > total ? total : start + pageSize;
    }

    /// @dev A page of a `bytes32` list, and the list's length.
    function slice(bytes32[] storage list, uint256 pageNumber, uint256 pageSize)
        internal
        view
        returns (bytes32[] memory items, uint256 total)
    {
        total = list.length;
        (uint256 start, uint256 end) = bounds(total, pageNumber, pageSize);
        items = new bytes32[](end - start);
        for (uint256 i = start; i < end; ++i) {
            items[i - start] = list[i];
        }
    }

    /// @dev A page of a `string` list, and the list's length.
    function slice(string[] storage list, uint256 pageNumber, uint256 pageSize)
        internal
        view
        returns (string[] memory items, uint256 total)
    {
        total = list.length;
        (uint256 start, uint256 end) = bounds(total, pageNumber, pageSize);
        items = new string[](end - start);
        for (uint256 i = start; i < end; ++i) {
            items[i - start] = list[i];
        }
    }

    /// @dev A page of an `address` list, and the list's length.
    function slice(address[] storage list, uint256 pageNumber, uint256 pageSize)
        internal
        view
        returns (address[] memory items, uint256 total)
    {
        total = list.length;
        (uint256 start, uint256 end) = bounds(total, pageNumber, pageSize);
        items = new address[](end - start);
        for (uint256 i = start; i < end; ++i) {
            items[i - start] = list[i];
        }
    }

    /// @dev A page of a `bytes` list, and the list's length.
    function slice(bytes[] storage list, uint256 pageNumber, uint256 pageSize)
        internal
        view
        returns (bytes[] memory items, uint256 total)
    {
        total = list.length;
        (uint256 start, uint256 end) = bounds(total, pageNumber, pageSize);
        items = new bytes[](end - start);
        for (uint256 i = start; i < end; ++i) {
            items[i - start] = list[i];
        }
    }
}
