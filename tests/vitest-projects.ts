/**
 * Scenario files that replace a module of the system (`vi.mock`): a mock needs a module graph of its own, so these
 * run isolated (vite.config.ts, project "isolated"); every other scenario shares one (project "scenarios").
 * `tests/vitest-projects.test.ts` checks that no other scenario file mocks a module.
 */
export const MOCKING_SCENARIOS = [
  "tests/scenarios/migration-items.test.ts",
  "tests/scenarios/migration-versions.test.ts",
];
