/** 'Extrair Excel' of a scorecard or of the ranking: the server's workbook, saved as a file. */
import { Button } from '@mui/material';
import { useDataProvider } from 'react-admin';
import type { AppDataProvider } from '../../dataProvider';
import { saveBlob } from '../../dataProvider/saveFile';
import { SCORECARD_TEXTS } from '../../domain/reports/scorecards';
import { notify } from '../../layout/notify';
import { useOneSubmission } from '../../layout/useOneSubmission';

export function ScorecardExcelButton({ provider, period }: { provider: string | null; period: { start: Date; end: Date } | null }) {
  const dataProvider = useDataProvider<AppDataProvider>();
  const extraction = useOneSubmission(async () => {
    if (!period) return;
    try {
      const file = await dataProvider.scorecardExcel(provider, period.start, period.end);
      saveBlob(file.blob, file.name);
    } catch {
      notify.error(SCORECARD_TEXTS.excelError);
    }
  });
  return (
    <Button variant="outlined" disabled={!period || extraction.pending} onClick={() => void extraction.run()}>
      {SCORECARD_TEXTS.excel}
    </Button>
  );
}
