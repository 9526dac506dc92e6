// The native file and folder chooser behind the contract's `pickPath`: only the desktop has one, so main answers it
// itself instead of passing it to the engine.
import type { BrowserWindow, Dialog, OpenDialogOptions } from 'electron';
import type { MethodParams, MethodResults } from '../app/contract/api.js';
import { OPENABLE_EXTENSIONS } from './open-files.js';

/** What Checkup opens: .cpuprofile, .heapprofile, Chrome traces and speedscope files (.json), `node --prof` logs. */
const PROFILE_FILTERS = [
  { name: 'Profiles and session bundles', extensions: [...OPENABLE_EXTENSIONS] },
  { name: 'All files', extensions: ['*'] },
];

function openDialogOptions(params: MethodParams['pickPath']): OpenDialogOptions {
  const folder = params.kind === 'folder';
  return {
    title: params.title ?? (folder ? 'Choose a folder' : params.profilesOnly ? 'Open a profile' : 'Choose a file'),
    properties: [folder ? 'openDirectory' : 'openFile', 'dontAddToRecent'],
    ...(!folder && params.profilesOnly ? { filters: PROFILE_FILTERS } : {}),
  };
}

export async function pickPath(
  dialog: Pick<Dialog, 'showOpenDialog'>,
  window: BrowserWindow | undefined,
  params: MethodParams['pickPath'],
): Promise<MethodResults['pickPath']> {
  const options = openDialogOptions(params);
  const result = window ? await dialog.showOpenDialog(window, options) : await dialog.showOpenDialog(options);
  const path = result.canceled ? undefined : result.filePaths[0];
  return path ? { path } : {};
}
