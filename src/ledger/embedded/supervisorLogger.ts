/** The few logger methods the embedded ledger's supervisor uses (pino-compatible). */
export type SupervisorLogger = {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
};
