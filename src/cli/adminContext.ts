import type { CoreClient } from '../client/createCoreClient.js';
import type { OperatorKeySetting } from '../genesis/operator.js';
import type { AccreditOptions } from './accreditations.js';
import type { InstanceOption } from './instance.js';
import type { Output } from './output.js';

/** What every `core-registry admin` command works with. */
export type AdminContext = {
  client: CoreClient;
  output: Output;
  /**
   * The operator key (`--operator-key`, `CORE_OPERATOR_KEY`, default `<data-dir>/operator.json`):
   * a record file or a `pkcs11:` URI.
   */
  operatorKey: OperatorKeySetting;
  /** `--to`: the key `admin handover` hands the operator role to (a `pkcs11:` URI or a key file). */
  to: string | undefined;
  /** The data directory (`--data-dir`, `CORE_DATA_DIR`): where the environment and the embedded ledger's URL are. */
  dataDir: string;
  /** `--ledger-url` / `CORE_LEDGER_URL`: the ledger, for the one task that needs it (deploy-instance). */
  ledgerUrl: string | undefined;
  /** `--environment` / `CORE_ENVIRONMENT` (default `<data-dir>/environment.json`). */
  environmentPath: string | undefined;
} & InstanceOption &
  AccreditOptions;
