// What the pages find at run time that is neither the DOM's nor theirs to import: the globals
// that other scripts define, and what the pages themselves hang on `window`. Types only, for
// the check (./run); nothing here is loaded by a browser.

/** Swagger UI's bundle (wordsvc/api/static/swagger-ui/), loaded before docs.js on /docs. */
declare function SwaggerUIBundle(options: Record<string, unknown>): unknown;

interface Window {
  /** The /docs page's Swagger UI (docs.js). */
  ui?: unknown;
  /** The table's hook for tests and tools (play-table.js): the table's state, the stream's
   *  messages as received, the live EventSource, and a way to reconnect it. */
  wordsvcPlay?: {
    state: any;
    seen: string[];
    reconnect: () => void;
    source?: EventSource;
  };
}
