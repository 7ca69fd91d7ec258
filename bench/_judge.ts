import { emptyTypeShape, foldSample } from '../src/domain/json-shape.js';
import { typeJsonSchema } from '../src/domain/shape-json-schema.js';
import { typeScriptDeclarations, typeScriptName } from '../src/domain/shape-typescript.js';
import { zodSchemaSource } from '../src/domain/shape-zod.js';
import { eventStream, STREAM_KINDS } from '../test/helpers/webhook-streams.js';
import { ajvRejections, typeScriptDiagnostics, zodRejections } from '../test/helpers/schema-judges.js';
for (const kind of STREAM_KINDS) {
  const shape = emptyTypeShape();
  const bodies = eventStream(kind, 1000, 1).map((e) => e.body);
  for (const b of bodies) foldSample(shape, b);
  let t = performance.now();
  const a = ajvRejections(typeJsonSchema(kind.eventType, shape), bodies);
  const ta = performance.now() - t;
  t = performance.now();
  const d = typeScriptDiagnostics(
    typeScriptDeclarations(kind.eventType, shape),
    typeScriptName(kind.eventType),
    bodies,
  );
  const tt = performance.now() - t;
  t = performance.now();
  const z = await zodRejections(
    zodSchemaSource(kind.eventType, shape),
    `${typeScriptName(kind.eventType)}Schema`,
    bodies,
  );
  console.log(
    kind.eventType,
    a.length,
    d.length,
    z.length,
    ta.toFixed(0),
    tt.toFixed(0),
    (performance.now() - t).toFixed(0),
    a[0] ?? '',
    d[0] ?? '',
    z[0]?.slice(0, 300) ?? '',
  );
}
if (process.argv[2]) {
  const k = STREAM_KINDS.find((k) => k.eventType === process.argv[2])!;
  const shape = emptyTypeShape();
  for (const e of eventStream(k, 1000, 1)) foldSample(shape, e.body);
  console.log(typeScriptDeclarations(k.eventType, shape));
}
