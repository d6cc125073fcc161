import type { Config } from '../config.js';
import type { Output } from './output.js';

/** What `keys` commands read: the node's settings (data dir, key, PKCS#11) and their flags. */
export type KeysContext = {
  config: Config;
  output: Output;
  /** `--to`: the new key, a file (made if absent) or a `pkcs11:` URI. */
  to: string | undefined;
  dropPrevious: boolean;
  /** `--curve` of `keys generate`. */
  curve: string | undefined;
};
