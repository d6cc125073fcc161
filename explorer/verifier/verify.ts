// First: the verifier's shared code calls `Buffer`, which the browser does not have.
import './buffer.js';

export { verifyCredential } from '../../src/client/verifyCredential.js';
