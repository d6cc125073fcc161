/**
 * Why a connection failed, read from an error's cause chain: a system or undici code
 * (`ECONNREFUSED`, `ENOTFOUND`, `UND_ERR_SOCKET`), `timed out`, or the innermost message.
 */
export function transportCauseOf(error: unknown): string {
  let innermost: unknown = error;
  for (let current: unknown = error; current; current = (current as { cause?: unknown }).cause) {
    const { code, name } = current as { code?: unknown; name?: unknown };
    if (typeof code === 'string' && /^(E[A-Z]+|UND_ERR_[A-Z_]+)$/.test(code)) return code;
    if (name === 'TimeoutError') return 'timed out';
    innermost = current;
  }
  return innermost instanceof Error ? innermost.message : String(innermost);
}
