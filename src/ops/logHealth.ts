import type { FastifyBaseLogger } from 'fastify';

/**
 * A dependency's health changes as one short log line each: stopped answering (error), answers
 * again (info). The cause is logged as its name and message only: serialised whole, a timeout's
 * `DOMException` brings along its ~25 legacy code constants.
 * @param dependency What stopped answering, as the line names it ("the replay store").
 */
export function logHealth(log: Pick<FastifyBaseLogger, 'error' | 'info'>, dependency: string) {
  return (state: 'down' | 'up', cause?: unknown): void => {
    if (state === 'down') log.error({ reason: toReason(cause) }, `${dependency} stopped answering`);
    else log.info(`${dependency} answers again`);
  };
}

/** `Name: message (code)` of an error, or the cause as text. */
function toReason(cause: unknown): string | undefined {
  if (cause === undefined) return undefined;
  if (!(cause instanceof Error)) return String(cause);
  const code = (cause as { code?: unknown }).code;
  return `${cause.name}: ${cause.message}${typeof code === 'string' ? ` (${code})` : ''}`;
}
