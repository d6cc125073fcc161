import { CoreError } from './base.js';

/** Bad configuration, detected at boot. The CLI prints it and exits 1. */
export class ConfigError extends CoreError {
  static readonly code = 'CORE_ERR_CONFIG_INVALID';
  readonly code = ConfigError.code;
  /** The setting at fault: an environment variable or a flag. */
  readonly setting: string;

  constructor(setting: string, message: string, options: { cause?: unknown } = {}) {
    super(message, options);
    this.setting = setting;
  }
}
