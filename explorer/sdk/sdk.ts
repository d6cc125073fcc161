// First: the SDK's shared code calls `Buffer`, which the browser does not have.
import './buffer.js';

export { createCoreClient } from '../../src/client/createCoreClient.js';
export { getDidHistory } from '../../src/client/getDidHistory.js';
export { verifyCredential } from '../../src/client/verifyCredential.js';
