// Node's own `import()` for tests/built/chunks.test.ts: a CommonJS file loaded with `require` is Node's, not Vitest's
// module runner's (which rewrites a test's `import()` and would not ask the module hook, browser-paths.mjs).
exports.browserImport = (url) => import(url);
