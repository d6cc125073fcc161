import type { CoreClient } from '../client/createCoreClient.js';
import type { AccreditOptions } from './accreditations.js';
import type { InstanceOption } from './instance.js';
import type { Output } from './output.js';

/** `wallet keys add` options: the new key's curve and verification relationship. */
export type KeysOptions = { curve: string | undefined; relationship: string | undefined };

/** `wallet timestamp` option: the name published with the timestamp (`--name`), none by default. */
export type TimestampOptions = { name: string | undefined };

/** What every `core-registry wallet` command works with. */
export type WalletContext = {
  client: CoreClient;
  output: Output;
  /** The wallet file (`--wallet`, `CORE_WALLET`, default `./wallet.json`). */
  walletPath: string;
  /** `--credential`: a JWT, or a file holding one. */
  credential: string | undefined;
  /** `wallet init --pkcs11`: the `pkcs11:` URI of a secp256k1 key in an HSM to control the DID. */
  pkcs11: string | undefined;
} & KeysOptions &
  TimestampOptions &
  AccreditOptions &
  InstanceOption;
