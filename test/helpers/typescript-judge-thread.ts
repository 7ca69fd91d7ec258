// The TypeScript judge on a worker thread: compiling blocks for seconds, and a test whose Rehook
// runs in the same process must keep serving meanwhile (an idle keep-alive socket would otherwise
// time out on the server while the client still counts it as open).
import { parentPort, workerData } from 'node:worker_threads';
import { typeScriptDiagnostics } from './schema-judges.js';

const { declarations, typeName, bodies } = workerData as { declarations: string; typeName: string; bodies: unknown[] };
parentPort?.postMessage(typeScriptDiagnostics(declarations, typeName, bodies));
