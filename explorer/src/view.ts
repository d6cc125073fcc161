import type { Route } from './router.js';

/** What a view is given: its route, and a signal aborted when the visitor navigates away. */
export type ViewContext = { route: Route; signal: AbortSignal };

/** A view: reads what it shows, then returns it (the shell shows loading and errors). */
export type View = (context: ViewContext) => Promise<Node>;
