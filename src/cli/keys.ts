import type { CommandGroup } from './commandTree.js';
import type { KeysContext } from './keysContext.js';

/** `core-registry keys …`: the node's own keys. */
export const KEYS_COMMANDS: CommandGroup<KeysContext> = {
  summary: "The node's keys: the access-token signing key, keys made inside an HSM.",
  options: `Options: --data-dir DIR (CORE_DATA_DIR), --token-signing-key K (CORE_TOKEN_SIGNING_KEY),
  --pkcs11-module F (CORE_PKCS11_MODULE), --json.
  Exit codes: 0 done, 1 a step failed (the message names it), 2 bad usage.`,
  commands: {
    generate: {
      summary:
        'Make a key pair inside an HSM (PKCS#11), never extractable, or in a\nkey file; print its public key',
      details: `Generates an EC key pair in the token the URI names, under its "object" label (and
"id"): the private key sensitive and never extractable, its public key beside it. Prints the
public JWK, and for secp256k1 the Ethereum address. The PIN comes from the URI's
pin-source=file: or CORE_PKCS11_PIN; the library from module-path= or CORE_PKCS11_MODULE.

A file (not a pkcs11: URI) gets a private JWK, mode 0600, and is never overwritten: an
operator's key for the governance commands of "admin" (docs/governance.md).

  --to K             the pkcs11: URI of the key to make, or a file (required)
  --curve C          P-256 (access tokens, the default) or secp256k1 (Ethereum, ES256K)`,
      run: async (args, context) => (await import('./keysGenerate.js')).generateKey(args, context),
    },
    rotate: {
      summary:
        'Make a new access-token key current, without downtime: the\nprevious one verifies until its tokens expire (2 h)',
      details: `Writes <data-dir>/token-keys.json, which the running node reads within a second:
it signs new tokens with the new key and publishes both keys at /v1/auth/jwks, so tokens
signed before keep writing here and at peers until they expire; then the previous key is
dropped. Run it on the node's machine, with the node's settings.

  --to K             the new key: a pkcs11: URI of a P-256 key in an HSM, or a key file
                     (made if absent); default a new key file in the data dir
  --drop-previous    drop the previous key at once (it leaked): its tokens stop working here
                     now, and at peers when they next fetch the key set`,
      run: async (args, context) => (await import('./keysRotate.js')).rotateKeys(args, context),
    },
  },
};
