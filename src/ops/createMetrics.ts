import { Counter, collectDefaultMetrics, Histogram, Registry } from 'prom-client';

/** The node's Prometheus metrics: one registry per server, so that tests can run several. */
export type Metrics = {
  readonly registry: Registry;
  observeHttp(method: string, route: string, status: number, seconds: number): void;
  observeLedger(method: string, seconds: number, ok: boolean): void;
};

const LATENCY_BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

/**
 * Creates the metrics: request counts and latency per route, ledger call latency per method,
 * and the process defaults.
 * - Design: DESIGN.md §7 (`/metrics`)
 */
export function createMetrics(): Metrics {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry, prefix: 'core_registry_' });
  const requests = new Counter({
    name: 'core_registry_http_requests_total',
    help: 'HTTP requests served, by method, route pattern and status',
    labelNames: ['method', 'route', 'status'] as const,
    registers: [registry],
  });
  const latency = new Histogram({
    name: 'core_registry_http_request_duration_seconds',
    help: 'HTTP request latency, by method and route pattern',
    labelNames: ['method', 'route'] as const,
    buckets: LATENCY_BUCKETS,
    registers: [registry],
  });
  const ledger = new Histogram({
    name: 'core_registry_ledger_request_duration_seconds',
    help: 'Latency of JSON-RPC round trips to the ledger, by method (batch for batches) and outcome',
    labelNames: ['method', 'outcome'] as const,
    buckets: LATENCY_BUCKETS,
    registers: [registry],
  });
  return {
    registry,
    observeHttp(method, route, status, seconds) {
      requests.inc({ method, route, status });
      latency.observe({ method, route }, seconds);
    },
    observeLedger(method, seconds, ok) {
      ledger.observe({ method, outcome: ok ? 'ok' : 'error' }, seconds);
    },
  };
}
