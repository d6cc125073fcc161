import type { Output } from './output.js';

/** What `core-registry network` commands work with: the flags as given, parsed by each command. */
export type NetworkContext = {
  output: Output;
  /** `--out DIR`. */
  out: string | undefined;
  /** `--validators N`. */
  validators: string | undefined;
  /** `--chain-id N`. */
  chainId: string | undefined;
  /** `--block-period-seconds S`. */
  blockPeriodSeconds: string | undefined;
  /** `--operators A,…`, `--threshold M`, `--delay D`: the governance `deploy` sets up. */
  governance: {
    operators: string | undefined;
    threshold: string | undefined;
    delay: string | undefined;
  };
};
