// `pnpm --filter @memos-kit/demo-features record`: runs the demo and writes what went over the wire into
// recordings/ (request.http and response.http per entry of recordings/manifest.json). The replay test
// runs the same scenario and compares with these files, so they cannot drift from what the server says.
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { createPaint, Printer } from '@memos-kit/terminal';
import { loadRecordingManifest, recordingPath } from './recordings.ts';
import { messageText } from './requests.ts';
import { runFeatures } from './run.ts';

const { recordings } = loadRecordingManifest();
const seen = new Set<string>();
const failures = await runFeatures(new Printer({ paint: createPaint(false) }), 'en', {
  record: (id, exchange) => {
    const entry = recordings.find((candidate) => candidate.id === id);
    if (!entry) throw new Error(`recordings/manifest.json has no entry "${id}"`);
    for (const file of ['request', 'response'] as const) {
      const path = recordingPath(entry, file);
      mkdirSync(dirname(path), { recursive: true });
      writeFileSync(path, messageText(exchange[file]));
    }
    // The body alone, so a page can say `curl --data-binary @…/request.json` instead of writing JSON by hand.
    writeFileSync(recordingPath(entry, 'requestBody'), exchange.request.body);
    seen.add(id);
  },
});
const missing = recordings.filter((entry) => !seen.has(entry.id)).map((entry) => entry.id);
if (failures > 0 || missing.length > 0) {
  process.stderr.write(
    `record: ${failures} failed check(s); not recorded: ${missing.join(', ') || 'none'}\n`,
  );
  process.exitCode = 1;
}
