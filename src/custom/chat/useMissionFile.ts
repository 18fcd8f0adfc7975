import { useDataProvider } from 'ra-core';
import type { AppDataProvider } from '../../dataProvider';
import { FILE_LOADING, FILE_VIEW_FAILED, FILE_VIEWING } from '../../domain/missionDetails';
import { notify } from '../../layout/notify';
import { useOneSubmission } from '../../layout/useOneSubmission';

/**
 * Opens a private mission file (attachment or chat file) in a new tab: the file is fetched with the
 * session token (storage checks it) and shown from a blob URL, with 'Carregando arquivo...' first.
 * The tab is opened before the fetch, inside the click, so pop-up blockers let it through; a second
 * click while a file loads opens nothing more.
 */
export function useOpenMissionFile() {
  const dataProvider = useDataProvider<AppDataProvider>();
  return useOneSubmission(async (kind: 'attachments' | 'chat', file: string) => {
    const tab = window.open('', '_blank');
    const toast = notify.loading(FILE_LOADING);
    try {
      const blob = await dataProvider.missionFile(kind, file);
      const url = URL.createObjectURL(blob);
      if (tab) tab.location.href = url;
      else window.open(url, '_blank', 'noopener');
      notify.success(FILE_VIEWING, { id: toast });
      // The new tab holds its own reference; the URL is released after it had time to load.
      setTimeout(() => URL.revokeObjectURL(url), 60_000);
    } catch {
      tab?.close();
      notify.error(FILE_VIEW_FAILED, { id: toast });
    }
  });
}
