// The doctor's judgement of a run saved through the store: the profiles in their standard formats, the diagnosis,
// the source maps read while the target ran, and the summary into session.json.
import type { CapturedProfiles, RunDiagnosis } from '../diagnosis/index.js';
import type { SessionWriter } from '../store/session-writer.js';

export async function saveDiagnosis(writer: SessionWriter, profiles: CapturedProfiles, result: RunDiagnosis): Promise<void> {
  await Promise.all([
    profiles.cpu ? writer.writeCpuProfile(profiles.cpu) : undefined,
    profiles.heap ? writer.writeHeapProfile(profiles.heap) : undefined,
    writer.writeDiagnosis(result.diagnosis),
    profiles.sourceMaps && Object.keys(profiles.sourceMaps.recorded).length > 0 ? writer.writeSourceMaps(profiles.sourceMaps.recorded) : undefined,
  ]);
  writer.session.summary = result.summary;
  writer.session.timings.diagnosedAt = Date.now();
  await writer.saveSessionFile();
}
