// Set up before every web unit test file (vitest.config.ts, 'unit-web'). The project shares one module
// graph between files (isolate: false), and with it the page's storage: each file starts with empty
// localStorage and sessionStorage, as it would in a browser tab of its own (a log level or a filter one file
// saved must not change what the next one sees).
if (typeof localStorage !== 'undefined') localStorage.clear();
if (typeof sessionStorage !== 'undefined') sessionStorage.clear();
