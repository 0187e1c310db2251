/**
 * Keep package-lock.json valid for `npm ci` everywhere.
 *
 * The registry this project installs from serves only the Linux builds of some native packages (Biome's CLI,
 * Rollup's bindings), so `npm install` writes no lock entries for the other platforms' optional packages, and
 * `npm ci` then refuses the lock ("Missing: … from lock file"). This adds an entry for each such package with
 * its os/cpu/libc, marked optional: npm skips it on other platforms without fetching it, and fetches it by name
 * where it applies. Run it after changing dependencies: `node scripts/lock-platforms.mjs`.
 */
import { readFileSync, writeFileSync } from "node:fs";

const LOCK = new URL("../package-lock.json", import.meta.url);
const lock = JSON.parse(readFileSync(LOCK, "utf8"));
const packages = lock.packages;

const CPUS = new Set(["arm", "arm64", "x64", "ia32", "loong64", "ppc64", "riscv64", "s390x"]);
function platformOf(name) {
  const parts = name.split("/").pop().split("-");
  const os = parts.find((p) =>
    [
      "android",
      "darwin",
      "linux",
      "win32",
      "freebsd",
      "openbsd",
      "netbsd",
      "sunos",
      "aix",
      "openharmony",
    ].includes(p),
  );
  const cpu = parts.find((p) => CPUS.has(p));
  const libc =
    os === "linux" ? (parts.includes("musl") || parts.includes("musleabihf") ? "musl" : "glibc") : null;
  return { os, cpu, libc };
}

let added = 0;
for (const [path, pkg] of Object.entries(packages)) {
  for (const [dep, version] of Object.entries(pkg.optionalDependencies ?? {})) {
    const key = `${path ? `${path}/` : ""}node_modules/${dep}`.replace(
      /^node_modules\/(.+)\/node_modules\//,
      "node_modules/$1/node_modules/",
    );
    const hoisted = `node_modules/${dep}`;
    if (packages[key] || packages[hoisted]) continue;
    const { os, cpu, libc } = platformOf(dep);
    if (!os || !cpu) continue;
    packages[hoisted] = {
      version: version.replace(/^[\^~]/, ""),
      cpu: [cpu],
      dev: pkg.dev ?? false,
      ...(libc ? { libc: [libc] } : {}),
      optional: true,
      os: [os],
    };
    added++;
  }
}
lock.packages = Object.fromEntries(
  Object.entries(packages).sort(([a], [b]) => (a === "" ? -1 : b === "" ? 1 : a.localeCompare(b))),
);
writeFileSync(LOCK, `${JSON.stringify(lock, null, 2)}\n`);
console.log(`package-lock.json: ${added} platform entries added`);
