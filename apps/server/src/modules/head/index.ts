/** The head of every page of the web app, as crawlers and link previews read it. */
export { escapeHtml, withHead } from './html.js';
export { headFor, tableFacts, visitorReader } from './pages.js';
export { observedSpan, type TableFacts } from './json-ld.js';
