// Child process of bench/lib.ts's startBenchServer: the first `npm start` on a fresh data folder,
// which seeds the demo organisation, then a graceful stop. It prints its own memory at the end
// (the last line, JSON), so bench:memory can report what that first start holds.
//
//   node --expose-gc --import tsx bench/seed-data-folder.ts <data folder>
import { startServer } from "../server/start";
import { benchConfig, measureMemory } from "./lib";

const dataDir = process.argv[2];
if (dataDir === undefined) throw new Error("usage: bench/seed-data-folder.ts <data folder>");
const server = await startServer(benchConfig(dataDir));
if (!server.seeded) throw new Error(`${dataDir} already held a database: give a fresh folder`);
const memory = measureMemory();
await server.close({ saveQueues: false });
console.log(JSON.stringify(memory));
process.exit(0);
