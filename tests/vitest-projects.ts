/**
 * Test files that need a module graph of their own (vite.config.ts, project "isolated"); every other scenario and
 * harness test shares one worker's graph (projects "scenarios" and "harness"). `tests/vitest-projects.test.ts`
 * checks these lists against the files.
 */

/** Scenario files that replace a module of the system (`vi.mock`): a mock needs a graph of its own. */
export const MOCKING_SCENARIOS = [
  "tests/scenarios/migration-items.test.ts",
  "tests/scenarios/migration-versions.test.ts",
];

/**
 * Tests that set Foundry's globals (`window`, `document`, `ui`, `CONFIG`, `canvas`, `game`) straight on the process:
 * once a table has installed its per-client getters (tests/foundry/context.ts) those writes are refused, so these
 * must not share a graph with a table.
 */
export const GLOBAL_SETTING_TESTS = [
  "tests/canvas.test.ts",
  "tests/foundry/apps.test.ts",
  "tests/foundry/common.test.ts",
];
