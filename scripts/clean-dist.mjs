// Removes the previous build so deleted sources never linger as stale compiled files.
import { rmSync } from 'node:fs';
rmSync(new URL('../dist', import.meta.url), { recursive: true, force: true });
