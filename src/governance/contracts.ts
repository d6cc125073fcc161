import { safeL2Abi, safeL2Bytecode } from '../../artifacts/SafeL2.js';
import { safeProxyFactoryAbi, safeProxyFactoryBytecode } from '../../artifacts/SafeProxyFactory.js';
import {
  timelockControllerAbi,
  timelockControllerBytecode,
} from '../../artifacts/TimelockController.js';

/** The operators' multisig: Safe 1.5.0's L2 singleton (every executed transaction is an event). */
export const SAFE = { abi: safeL2Abi, bytecode: safeL2Bytecode } as const;
/** Safe's proxy factory: each network's Safe is a proxy of the singleton. */
export const SAFE_PROXY_FACTORY = {
  abi: safeProxyFactoryAbi,
  bytecode: safeProxyFactoryBytecode,
} as const;
/** OpenZeppelin's TimelockController: the notice period, and the holder of every admin policy. */
export const TIMELOCK = {
  abi: timelockControllerAbi,
  bytecode: timelockControllerBytecode,
} as const;
